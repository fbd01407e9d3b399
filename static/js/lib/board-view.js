// The board view every page draws: the board as cubes, and word paths marked on it
// (data-step for the chosen word, data-preview for a hovered one, data-trace for one
// being traced), with word buttons that choose and preview their paths.

import { h, plural } from "./dom.js";

/** Path cells as the data-path attribute writes them: "3,0 2,0 1,1". */
export const pathText = (path) => path.map(([r, c]) => `${r},${c}`).join(" ");
/** Path cells back from a data-path attribute. */
export const readPath = (text) => text.split(" ").map((cell) => cell.split(",").map(Number));
/** Path cells as SVG points through the cube centres, in cube units. */
export const pathPoints = (path) => path.map(([r, c]) => `${c + 0.5},${r + 0.5}`).join(" ");

// The line each kind of mark draws: a chosen word, a hovered word, a word being traced.
const LINES = { step: ".path-line", preview: ".preview-line", trace: ".trace-line" };

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
  }

  /** Read back the cubes the server drew. */
  hydrate() {
    this.cells = [...this.board.querySelectorAll(".cube")];
    this.rows = this.board.querySelectorAll(".board-row").length;
    this.cols = this.board.querySelector(".board-row")?.children.length ?? 0;
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
              ? h("span", { class: "vh" }, "blank")
              : h("span", { class: "face" }, h("span", {}, face)),
          );
          cube.dataset.row = r;
          cube.dataset.col = c;
          this.cells.push(cube);
          return cube;
        }),
      ),
    );
    this.layer.setAttribute("viewBox", `0 0 ${result.cols} ${result.rows}`);
    this.board.setAttribute("aria-label", `The board, ${result.rows} by ${result.cols}`);
    this.board.replaceChildren(...rows, this.layer);
    for (const kind of Object.keys(LINES)) this.mark(kind, null);
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
    path?.forEach(([r, c], i) => this.cell(r, c)?.setAttribute(`data-${kind}`, i + 1));
    this.layer.querySelector(LINES[kind])?.setAttribute("points", path ? pathPoints(path) : "");
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
    root.addEventListener("pointerover", (event) => {
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
    this.view.mark("step", button ? readPath(button.dataset.path) : null);
    if (!this.selection) return;
    if (button) {
      const score = Number(button.dataset.score);
      this.selection.replaceChildren(h("strong", {}, this.selected), `: ${plural(score, "point")}`);
    } else {
      this.selection.textContent = "Pick a word to see its path.";
    }
  }

  preview(button) {
    const word = button?.dataset.word ?? null;
    if (word === this.previewed) return;
    this.previewed = word;
    this.view.mark("preview", button ? readPath(button.dataset.path) : null);
  }

  /** Forget the chosen word (the buttons are about to be redrawn). */
  reset() {
    this.selected = null;
    this.previewed = null;
    this.view.mark("step", null);
    this.view.mark("preview", null);
  }
}
