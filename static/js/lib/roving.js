// One Tab stop for a list of word buttons, with the arrow keys moving inside it (a
// "roving tabindex"), so that leaving a list of 867 words takes one Tab, not 867.
//
// The list's container keeps the tab stop on one button (the chosen word's, else the
// first) however often the list is redrawn, and moves it to whichever button gets focus.
// Typing letters jumps to the next word that begins with them ("type-ahead", as in a
// list box), so any word is a few keys away, however deep in the list it sits.

/** Run `task` once the page is idle (within a second, however busy it stays). */
function whenIdle(task) {
  if (globalThis.requestIdleCallback) requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 0);
}

/** A pause longer than this (ms) between letters starts a new prefix. */
export const TYPE_AHEAD_MS = 800;

/** Where a key moves the focus in a list of `count` buttons from `index`; null: it does not. */
export function nextIndex(key, index, count) {
  if (!count) return null;
  switch (key) {
    case "ArrowDown":
    case "ArrowRight":
      return Math.min(index + 1, count - 1);
    case "ArrowUp":
    case "ArrowLeft":
      return Math.max(index - 1, 0);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/** The prefix after typing `key`, `gap` ms after the prefix's last letter. */
export function typedPrefix(prefix, key, gap) {
  return (gap < TYPE_AHEAD_MS ? prefix : "") + key.toLowerCase();
}

/**
 * Where a typed prefix takes the focus among `words` from `index`: the first word that
 * begins with it, searching on from the current word (from the next one for a single
 * letter, so that typing "t" again goes on to the next t-word) and round to the top;
 * null when no word begins with it.
 */
export function prefixIndex(words, prefix, index) {
  const start = prefix.length === 1 ? index + 1 : index;
  for (let k = 0; k < words.length; k++) {
    const i = (start + k) % words.length;
    if (words[i].startsWith(prefix)) return i;
  }
  return null;
}

/** Whether a key press is a letter to type ahead with (not Space, not a shortcut). */
const isLetter = (event) =>
  event.key.length === 1 &&
  /\p{L}/u.test(event.key) &&
  !(event.altKey || event.ctrlKey || event.metaKey);

/**
 * Put a list's one tab stop on the chosen word's button (aria-pressed), or else the
 * first, and take the others out of the Tab order. A list whose stop is placed already
 * is left as it is: a redraw must not loop through the observer, and a list drawn with
 * its stop placed before it is in the page (lib/word-list.js) is not changed again,
 * button by button, before its first frame.
 */
export function placeStop(buttons) {
  const stop = buttons.find((b) => b.getAttribute("aria-pressed") === "true") ?? buttons[0];
  if (stop && stop.tabIndex === 0 && buttons.every((b) => b === stop || b.tabIndex === -1)) {
    return;
  }
  for (const button of buttons) button.tabIndex = button === stop ? 0 : -1;
}

export class RovingList {
  constructor(container, selector = "button[data-word]") {
    this.container = container;
    this.selector = selector;
    this.prefix = "";
    this.typedAt = -Infinity;
    container.addEventListener("keydown", (event) => this.move(event));
    container.addEventListener("focusin", (event) => {
      const button = event.target.closest(selector);
      if (button && container.contains(button)) this.holdStop(button);
    });
    // Redrawn lists (sorting, filtering, a new board) get their one tab stop back.
    new MutationObserver(() => this.reset()).observe(container, {
      childList: true,
      subtree: true,
    });
    // A list drawn by the server (hundreds of buttons) gets its stop once the page is
    // idle, not in the middle of its start; a button focused before then holds it.
    this.held = false;
    whenIdle(() => this.held || this.reset());
  }

  buttons() {
    return [...this.container.querySelectorAll(this.selector)];
  }

  /** Put the tab stop on the chosen word's button, or else the first. */
  reset() {
    placeStop(this.buttons());
  }

  holdStop(button) {
    this.held = true;
    for (const other of this.buttons()) other.tabIndex = other === button ? 0 : -1;
  }

  move(event) {
    const buttons = this.buttons();
    const index = buttons.indexOf(event.target.closest(this.selector));
    if (index < 0) return;
    if (isLetter(event)) {
      this.typeAhead(event, buttons, index);
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const next = nextIndex(event.key, index, buttons.length);
    if (next === null) return;
    event.preventDefault(); // no scrolling the page
    this.holdStop(buttons[next]);
    buttons[next].focus();
  }

  /** Add a typed letter to the prefix and go to the word it leads to, if any. */
  typeAhead(event, buttons, index) {
    event.preventDefault();
    this.prefix = typedPrefix(this.prefix, event.key, event.timeStamp - this.typedAt);
    this.typedAt = event.timeStamp;
    const words = buttons.map((b) => b.dataset.word);
    const next = prefixIndex(words, this.prefix, index);
    if (next === null) return; // no word begins so: the focus stays
    this.holdStop(buttons[next]);
    buttons[next].focus();
  }
}
