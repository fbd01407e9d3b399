// DOM helpers every page script uses: finding and making elements, telling screen
// readers, showing an error beside its field, scrolling results into view.

const SVG = "http://www.w3.org/2000/svg";

/** The element with this id. */
export const $ = (id) => document.getElementById(id);

/** Create an element with attributes and children (text children are set as text). */
export function h(tag, attributes = {}, ...children) {
  const element = tag.startsWith("svg:")
    ? document.createElementNS(SVG, tag.slice(4))
    : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** Say a message to screen readers (the page's #announce live region). */
export function announce(message) {
  $("announce").textContent = message;
}

/**
 * The error notes of a form: `#NAME-error` beside the field `#NAME`. An error about a
 * field the form has no note for is shown beside `fallback`.
 */
export class FieldErrors {
  constructor(names, fallback = names[0]) {
    this.names = names;
    this.fallback = fallback;
  }

  show(field, message) {
    const name = this.names.includes(field) ? field : this.fallback;
    const note = $(`${name}-error`);
    note.textContent = message;
    note.hidden = false;
    $(name)?.setAttribute("aria-invalid", "true");
    announce(message);
  }

  clear() {
    for (const name of this.names) {
      $(`${name}-error`).hidden = true;
      $(name)?.removeAttribute("aria-invalid");
    }
  }
}

/** Scroll to an element that starts low on the screen (below the form on a phone). */
export function bringIntoView(element) {
  if (element.getBoundingClientRect().top < innerHeight * 0.6) return;
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
}

/** Scroll an element's top to the top of the screen unless it is wholly on screen already. */
export function showWhole(element) {
  const box = element.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= innerHeight) return;
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
}

/**
 * Ask before the page is left (closed, reloaded, or another page opened in it) while
 * `busy()` says so, as a round in play does: the browser shows its own question. The
 * returned `off()` lets a page that reloads itself go without asking.
 */
export function guardLeaving(busy) {
  let on = true;
  addEventListener("beforeunload", (event) => {
    if (!on || !busy()) return;
    event.preventDefault();
    event.returnValue = ""; // browsers before 2023 ask only when this is set
  });
  return { off: () => (on = false) };
}

// A counted text's values that leave its %(num)s in place, for `strong` to fill.
export const KEEP_NUM = { num: "%(num)s" };

/**
 * A translated text whose values are in bold (`<strong>%(name)s</strong>`, as the
 * template writes them) as nodes: each such value a <strong> holding it as text (a
 * player's name is never markup), the rest text, its other %(name)s filled.
 */
export function strong(text, values) {
  const fill = (part) => part.replace(/%\((\w+)\)s/g, (all, name) => (name in values ? String(values[name]) : all));
  return text
    .split(/<strong>%\((\w+)\)s<\/strong>/)
    .map((part, i) => (i % 2 ? h("strong", {}, String(values[part])) : fill(part)))
    .filter((part) => part !== "");
}
