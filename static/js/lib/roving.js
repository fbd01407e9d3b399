// One Tab stop for a list of word buttons, with the arrow keys moving inside it (a
// "roving tabindex"), so that leaving a list of 867 words takes one Tab, not 867.
//
// The list's container keeps the tab stop on one button (the chosen word's, else the
// first) however often the list is redrawn, and moves it to whichever button gets focus.

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

export class RovingList {
  constructor(container, selector = "button[data-word]") {
    this.container = container;
    this.selector = selector;
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
    this.reset();
  }

  buttons() {
    return [...this.container.querySelectorAll(this.selector)];
  }

  /** Put the tab stop on the chosen word's button, or else the first. */
  reset() {
    const buttons = this.buttons();
    const stop = buttons.find((b) => b.getAttribute("aria-pressed") === "true") ?? buttons[0];
    if (stop && stop.tabIndex === 0 && buttons.every((b) => b === stop || b.tabIndex === -1)) {
      return; // as it was: a redraw of the same list must not loop through the observer
    }
    for (const button of buttons) button.tabIndex = button === stop ? 0 : -1;
  }

  holdStop(button) {
    for (const other of this.buttons()) other.tabIndex = other === button ? 0 : -1;
  }

  move(event) {
    const buttons = this.buttons();
    const index = buttons.indexOf(event.target.closest(this.selector));
    if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = nextIndex(event.key, index, buttons.length);
    if (next === null) return;
    event.preventDefault(); // no scrolling the page
    this.holdStop(buttons[next]);
    buttons[next].focus();
  }
}
