// The board view every page draws: the board as cubes, and word paths marked on it
// (data-step for the chosen word, data-preview for a hovered one, data-trace for one
// being traced), with word buttons that choose and preview their paths.
//
// One path is drawn clearly at a time: the chosen word's line draws itself cube by
// cube, over a light casing so that it reads against the cubes and the dark tray alike;
// hovering another word previews it and fades the chosen one. On a narrow screen the
// board pins itself, compact, to the top of the screen once it scrolls away, so a word
// chosen far down a list shows its whole path.

import { announce, h } from "./dom.js";
import { _, ngettext } from "./i18n.js";

/** Path cells as the data-path attribute writes them: "3,0 2,0 1,1". */
export const pathText = (path) => path.map(([r, c]) => `${r},${c}`).join(" ");
/** Path cells back from a data-path attribute. */
export const readPath = (text) => text.split(" ").map((cell) => cell.split(",").map(Number));
/** Path cells as SVG points through the cube centres, in cube units. */
export const pathPoints = (path) => path.map(([r, c]) => `${c + 0.5},${r + 0.5}`).join(" ");

/**
 * A chosen word as a screen reader says it: "arteries, 11 points: A row 2 column 2, ...".
 * `faceAt(row, col)` is the cube's face; rows and columns count from 1, as people do.
 */
export function pathSpeech(word, score, path, faceAt) {
  const cells = path.map(([r, c]) =>
    _("%(face)s row %(row)s column %(col)s", { face: faceAt(r, c), row: r + 1, col: c + 1 }),
  );
  const points = ngettext("%(num)s point", "%(num)s points", score);
  return _("%(word)s, %(points)s: %(cells)s", { word, points, cells: cells.join(", ") });
}

// The lines each kind of mark draws: a chosen word, a hovered word, a word being traced.
const LINES = {
  step: ".path-line, .path-casing",
  preview: ".preview-line",
  trace: ".trace-line",
  flash: null, // a traced word's verdict, on its cubes only
};
// How long the chosen path takes to draw, per cube (none if the user asks for less motion).
const DRAW_MS_PER_CUBE = 90;
const NARROW = "(max-width: 52rem)";

/**
 * The board as cubes (templates/_board.html draws the same markup) and the marks on it:
 * data-step for the chosen word's path, data-preview for a hovered word's, data-trace
 * for a word being traced, each with its line in the SVG layer over the cubes.
 */
export class BoardView {
  constructor(board) {
    this.board = board;
    this.layer = board.querySelector(".path-layer");
    this.cells = [];
    this.rows = 0;
    this.cols = 0;
    this.hydrate();
    // The step numbers are sized by the cubes, which change size with the screen.
    new ResizeObserver(() => this.measure()).observe(board);
  }

  /** Tell the style sheet how wide a cube is drawn (--cube-px), for the step numbers. */
  measure() {
    const width = this.cells[0]?.offsetWidth;
    if (width) this.board.style.setProperty("--cube-px", `${width}px`);
  }

  /** Read back the cubes the server drew. */
  hydrate() {
    this.cells = [...this.board.querySelectorAll(".cube")];
    this.rows = this.board.querySelectorAll(".board-row").length;
    this.cols = this.board.querySelector(".board-row")?.children.length ?? 0;
    this.shape();
  }

  /** Tell the style sheet the board's shape, on its tray (a pinned board, and a board in
   * a round, are sized by it): as the server names it (data-rows, data-cols, read by the
   * browsers that read typed attributes), and as custom properties for the others. */
  shape() {
    const tray = this.board.closest(".tray") ?? this.board;
    const [rows, cols] = [Math.max(this.rows, 1), Math.max(this.cols, 1)];
    Object.assign(tray.dataset, { rows, cols });
    tray.style.setProperty("--rows", rows);
    tray.style.setProperty("--cols", cols);
  }

  /** Draw the board of a /solve (or /score, /random) document. */
  draw(result) {
    this.rows = result.rows;
    this.cols = result.cols;
    this.cells = [];
    const rows = result.board.map((faces, r) =>
      h(
        "div",
        { class: "board-row", role: "row" },
        ...faces.map((face, c) => {
          const blank = face === "#";
          const cube = h(
            "div",
            { class: `cube${blank ? " blank" : face.length > 1 ? " multi" : ""}`, role: "cell" },
            blank
              ? h("span", { class: "vh" }, _("blank"))
              : h("span", { class: "face", translate: "no" }, h("span", {}, face)),
          );
          cube.dataset.row = r;
          cube.dataset.col = c;
          this.cells.push(cube);
          return cube;
        }),
      ),
    );
    this.layer.setAttribute("viewBox", `0 0 ${result.cols} ${result.rows}`);
    const label = _("The board, %(rows)s by %(cols)s", { rows: result.rows, cols: result.cols });
    this.board.setAttribute("aria-label", label);
    this.board.replaceChildren(...rows, this.layer);
    this.shape();
    for (const kind of Object.keys(LINES)) this.mark(kind, null);
  }

  /** The face on the cube at (row, col), as drawn. */
  face(row, col) {
    return this.cell(row, col)?.textContent.trim() ?? "";
  }

  /** The cube at (row, col), or undefined off the board. */
  cell(row, col) {
    if (row < 0 || col < 0 || row >= this.rows || col >= this.cols) return undefined;
    return this.cells[row * this.cols + col];
  }

  /** Number a path's cells with data-{kind} and draw its line; no path clears them. */
  mark(kind, path) {
    for (const cell of this.board.querySelectorAll(`[data-${kind}]`)) {
      cell.removeAttribute(`data-${kind}`);
    }
    path?.forEach(([r, c], i) => {
      const cell = this.cell(r, c);
      cell?.setAttribute(`data-${kind}`, i + 1);
      cell?.style.setProperty("--i", i); // when its turn comes in the drawing
    });
    for (const line of LINES[kind] ? this.layer.querySelectorAll(LINES[kind]) : []) {
      line.setAttribute("points", path ? pathPoints(path) : "");
    }
    if (kind === "preview") this.board.classList.toggle("previewing", Boolean(path));
    if (kind === "step") this.animate(path);
  }

  /** Draw the chosen path cube by cube: restart the line's animation at this length. */
  animate(path) {
    this.board.classList.remove("drawing");
    if (!path) return;
    this.board.style.setProperty("--draw-ms", `${DRAW_MS_PER_CUBE * path.length}ms`);
    void this.board.offsetWidth; // a reflow between, so the animation starts over
    this.board.classList.add("drawing");
  }

  /** Bring the whole board on screen, unless it already is (or is pinned there). */
  reveal() {
    const tray = this.board.closest(".tray") ?? this.board;
    const box = tray.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= innerHeight) return;
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    tray.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "nearest" });
  }

  /**
   * On a narrow screen, pin the board, compact, to the top of the screen while its place
   * is scrolled away above and `region` (the word lists it shows paths for) is still
   * under it; `when()` may say it must not (a round in play). What pins is the board's
   * bar where the page has one (the board and the line under it), else its tray. A
   * spacer keeps its place, so nothing below moves when it pins or lets go; it lets go
   * once the region's foot has passed under it, so it never covers what follows.
   */
  pinWithin(region, when = () => true) {
    const bar = this.board.closest(".board-bar") ?? this.board.closest(".tray");
    if (!bar) return;
    const spacer = h("div", { class: "tray-spacer", "aria-hidden": "true" });
    bar.before(spacer);
    const narrow = matchMedia(NARROW);
    let height = innerHeight / 2; // the bar's height pinned, once it has been
    const update = () => {
      const pinned = bar.classList.contains("pinned");
      if (pinned) height = bar.offsetHeight;
      const top = spacer.getBoundingClientRect().top;
      const below = region.getBoundingClientRect().bottom;
      const shown = region.checkVisibility();
      const pin = narrow.matches && shown && when() && top < 0 && below > height;
      if (pin === pinned) return;
      spacer.style.height = pin ? `${bar.offsetHeight}px` : "";
      bar.classList.toggle("pinned", pin);
      if (pin) height = bar.offsetHeight;
      // Focus moved by keyboard scrolls words into view below the pinned board.
      document.documentElement.style.scrollPaddingTop = pin ? `${height}px` : "";
    };
    addEventListener("scroll", update, { passive: true });
    addEventListener("resize", update);
    narrow.addEventListener("change", update);
    this.pinUpdate = update;
    update();
  }
}

/**
 * Word buttons (data-word, data-score, data-path) anywhere inside `root` that show
 * their path on a BoardView when chosen, and preview it while hovered. Choosing the
 * chosen word again clears it. Several buttons may name the same word.
 */
export class PathPicker {
  constructor(root, view, selection, onSelect = () => {}) {
    this.root = root;
    this.view = view;
    this.selection = selection; // where the chosen word and its points are written
    this.onSelect = onSelect;
    this.selected = null;
    this.previewed = null;
    root.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-word]");
      if (!button || !button.dataset.path) return;
      event.preventDefault(); // server-drawn buttons submit the no-JavaScript form
      this.select(button.dataset.word === this.selected ? null : button);
      this.onSelect(this.selected);
    });
    // Only a mouse hovers: a finger's tap would leave its word previewed after it.
    root.addEventListener("pointerover", (event) => {
      if (event.pointerType !== "mouse") return;
      this.preview(event.target.closest("button[data-word][data-path]"));
    });
    root.addEventListener("pointerleave", () => this.preview(null));
  }

  /** The button of a word, if it is shown. */
  button(word) {
    return [...this.root.querySelectorAll("button[data-word][data-path]")].find(
      (button) => button.dataset.word === word,
    );
  }

  /** Read back which word the server drew as chosen. */
  hydrate() {
    this.selected = this.root.querySelector('button[aria-pressed="true"]')?.dataset.word ?? null;
  }

  /** Choose a word (its button, or its name) and show its path; null clears. */
  select(chosen) {
    const button = typeof chosen === "string" ? this.button(chosen) : chosen;
    this.selected = button?.dataset.word ?? null;
    for (const other of this.root.querySelectorAll("button[data-word]")) {
      if (other.hasAttribute("aria-pressed")) {
        other.setAttribute("aria-pressed", String(other.dataset.word === this.selected));
      }
    }
    const path = button ? readPath(button.dataset.path) : null;
    this.preview(null);
    this.view.mark("step", path);
    if (button) {
      const score = Number(button.dataset.score);
      this.view.reveal();
      const face = (r, c) => this.view.face(r, c);
      announce(pathSpeech(this.selected, score, path, face));
      this.selection?.replaceChildren(
        h("strong", {}, this.selected),
        `: ${ngettext("%(num)s point", "%(num)s points", score)}`,
      );
    } else if (this.selection) {
      this.selection.textContent = _("Pick a word to see its path.");
    }
  }

  /** Preview a hovered word's path; never the chosen word's, which is drawn already. */
  preview(button) {
    const word = button && button.dataset.word !== this.selected ? button.dataset.word : null;
    if (word === this.previewed) return;
    this.previewed = word;
    this.view.mark("preview", word ? readPath(button.dataset.path) : null);
  }

  /** Forget the chosen word (the buttons are about to be redrawn). */
  reset() {
    this.selected = null;
    this.previewed = null;
    this.view.mark("step", null);
    this.view.mark("preview", null);
  }
}
