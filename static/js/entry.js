// The board entry: a grid of one-cube inputs kept in step with the `board` text field.
//
// Faces are kept as the server writes them: lower case, "qu" for the Qu cube, "#" for a
// blank, "" for a cube not typed yet. The text field is what the form submits; its
// text is read and written by lib/board-text.js, as the server reads and writes it, in
// the chosen dictionary's language (setLanguage): ä is a letter of a German cube.
//
// A cube found wrong (by the server, or an empty one when the grid is sent) is marked:
// aria-invalid, the message under the grid tied to it by aria-describedby, the focus on
// it, and a ring (style.css) until its face changes.

import {
  ENGLISH,
  boardText,
  composed,
  displayFace,
  parseBoard,
  readToken,
  typedBoard,
} from "./lib/board-text.js";
import { _ } from "./lib/i18n.js";

/** The last character typed, composed (a letter and its accent typed apart are one). */
const lastTyped = (text) => Array.from(text.normalize("NFC")).at(-1) ?? "";

const MOVES = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

export class BoardEntry {
  /**
   * The grid element (role="grid"), the text field it keeps in step, and `note`, the
   * message under the grid that says what is wrong with a cube marked wrong.
   */
  constructor(grid, text, onShape, note) {
    this.grid = grid;
    this.text = text;
    this.note = note;
    this.onShape = onShape; // told the new rows and cols whenever the grid is resized
    this.rows = 0;
    this.cols = 0;
    this.faces = [];
    this.inputs = [];
    this.active = 0; // the one cube in the tab order (roving tabindex)
    this.afterQ = null; // the cube a "q" was just typed into, so a "u" after it is skipped
    this.lang = ENGLISH; // the letters and faces of the chosen dictionary's language
    this.wrong = null; // the index of the cube marked wrong, if one is
    // Whether the text field holds what the grid shows, so a half-typed grid is
    // caught before it is sent (its text would read as a smaller board).
    this.fromGrid = false;
    text.addEventListener("input", () => this.readText(false));
    text.addEventListener("change", () => this.readText());
    grid.addEventListener("input", (event) => this.typed(event));
    grid.addEventListener("keydown", (event) => this.key(event));
    grid.addEventListener("paste", (event) => this.pasted(event));
    grid.addEventListener("focusin", (event) => this.focused(event.target));
  }

  /** Show rows x cols cubes, keeping the faces already typed where they still fit. */
  resize(rows, cols) {
    if (rows === this.rows && cols === this.cols) return;
    const old = { faces: this.faces, cols: this.cols, rows: this.rows };
    const refocus = this.grid.contains(document.activeElement);
    this.rows = rows;
    this.cols = cols;
    this.faces = Array.from({ length: rows * cols }, (_, i) => {
      const [r, c] = [Math.floor(i / cols), i % cols];
      return r < old.rows && c < old.cols ? old.faces[r * old.cols + c] : "";
    });
    this.build();
    if (refocus) this.focusCell(this.active);
    this.onShape(rows, cols);
  }

  /** Read boards and typed letters in a language (lib/board-text.js, language()). */
  setLanguage(lang) {
    this.lang = lang;
  }

  /** Make the inputs, one a cube, in rows. */
  build() {
    this.inputs = [];
    this.wrong = null;
    const rows = [];
    for (let r = 0; r < this.rows; r++) {
      const row = document.createElement("div");
      row.className = "entry-row";
      row.setAttribute("role", "row");
      for (let c = 0; c < this.cols; c++) {
        const slot = document.createElement("div");
        slot.className = "slot";
        slot.setAttribute("role", "gridcell");
        const input = document.createElement("input");
        input.type = "text";
        input.autocomplete = "off";
        input.spellcheck = false;
        input.setAttribute("autocapitalize", "characters");
        input.setAttribute("enterkeyhint", "go");
        input.setAttribute("aria-label", _("row %(row)s, column %(col)s", { row: r + 1, col: c + 1 }));
        input.dataset.index = String(this.inputs.length);
        slot.append(input);
        row.append(slot);
        this.inputs.push(input);
      }
      rows.push(row);
    }
    this.grid.replaceChildren(...rows);
    this.inputs.forEach((_, i) => this.show(i));
    this.setActive(Math.min(this.active, this.inputs.length - 1));
  }

  /** Fill the grid from rows of faces, resizing it to their shape. */
  setBoard(rows) {
    this.resize(rows.length, rows[0].length);
    this.faces = rows.flat();
    this.inputs.forEach((_, i) => this.show(i));
  }

  clear() {
    this.clearWrong();
    this.faces.fill("");
    this.inputs.forEach((_, i) => this.show(i));
    this.writeText();
    this.focusCell(0);
  }

  /** How many cubes are still empty in a grid that is partly typed and sent as it is. */
  missing() {
    const empty = this.faces.filter((f) => !f).length;
    return this.fromGrid && empty < this.faces.length ? empty : 0;
  }

  /** The [row, col] of the first empty cube. */
  firstEmpty() {
    const i = Math.max(this.faces.indexOf(""), 0);
    return [Math.floor(i / this.cols), i % this.cols];
  }

  /**
   * Mark the cube at [row, col] wrong, say why under the grid (the message tied to the
   * cube) and move the focus to it. False when the grid has no such cube.
   */
  pointAt([row, col], message) {
    if (row >= this.rows || col >= this.cols) return false;
    this.clearWrong();
    this.wrong = row * this.cols + col;
    this.note.textContent = message;
    this.note.hidden = false;
    const input = this.inputs[this.wrong];
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", this.note.id);
    // The grid and the message under it on screen, not just the cube at an edge (the
    // focus alone scrolls no further than the cube); then the focus, on the cube.
    this.note.scrollIntoView({ block: "nearest" });
    this.grid.scrollIntoView({ block: "nearest" });
    this.focusCell(this.wrong);
    return true;
  }

  clearWrong() {
    const input = this.inputs[this.wrong];
    input?.removeAttribute("aria-invalid");
    input?.removeAttribute("aria-describedby");
    this.note.hidden = true;
    this.wrong = null;
  }

  /**
   * The server refused `text` for the cube at `cell`: show the board as typed, the wrong
   * cube as typed too (a text the grid could not show is drawn as the server read it),
   * and point at that cube.
   */
  showRefused(text, cell, message) {
    const typed = typedBoard(text, this.lang);
    const same = typed?.rows && typed.cell.join() === cell.join();
    if (same && (!this.fromGrid || this.wrongShape(typed.rows))) {
      this.setBoard(typed.rows.map((row) => row.map((face) => face.toLowerCase())));
    }
    return this.pointAt(cell, message);
  }

  /** Whether rows differ in shape from the grid. */
  wrongShape(rows) {
    return rows.length !== this.rows || rows[0].length !== this.cols;
  }

  /**
   * Take over the grid the server drew for a board refused for one cube (index.html):
   * its cells as typed, and the mark on the wrong one. False when it drew none (it
   * draws every other grid as the board's text reads, as the script does).
   */
  adopt() {
    const drawn = [...this.grid.querySelectorAll(".entry-row")].map((row) =>
      [...row.querySelectorAll("input")].map((input) => input.value.toLowerCase()),
    );
    const inputs = [...this.grid.querySelectorAll("input")];
    const wrong = inputs.findIndex((input) => input.getAttribute("aria-invalid") === "true");
    if (!drawn.length || wrong < 0) return false;
    const message = this.note.textContent;
    this.setBoard(drawn);
    this.pointAt([Math.floor(wrong / this.cols), wrong % this.cols], message);
    return true;
  }

  show(i) {
    this.inputs[i].value = displayFace(this.faces[i]);
    this.inputs[i].classList.toggle("blank", this.faces[i] === "#");
  }

  setActive(i) {
    this.active = i;
    this.inputs.forEach((input, j) => (input.tabIndex = j === i ? 0 : -1));
  }

  focusCell(i) {
    const input = this.inputs[Math.max(0, Math.min(i, this.inputs.length - 1))];
    input?.focus();
  }

  focused(input) {
    if (!input.dataset.index) return;
    this.setActive(Number(input.dataset.index));
    input.select(); // so a letter typed replaces the cube's face
  }

  setFace(i, face) {
    if (i === this.wrong) this.clearWrong();
    this.faces[i] = face;
    this.show(i);
    this.writeText();
  }

  writeText() {
    const empty = this.faces.every((f) => !f);
    const rows = Array.from({ length: this.rows }, (_, r) =>
      this.faces.slice(r * this.cols, (r + 1) * this.cols).filter(Boolean),
    );
    this.text.value = empty ? "" : boardText(rows.filter((row) => row.length));
    this.fromGrid = !empty;
  }

  /**
   * The text field changed: fill the grid when the text is a whole board. While the
   * field is being typed in, only a board as large as the grid fills it, so the grid
   * does not jump through the shape of every prefix ("ab", "abcd", "abcd ef"...).
   */
  readText(done = true) {
    this.fromGrid = false;
    const rows = parseBoard(this.text.value, this.lang);
    if (rows && (done || rows.flat().length >= this.faces.length)) this.setBoard(rows);
  }

  typed(event) {
    const input = event.target;
    const i = Number(input.dataset.index);
    if (event.inputType?.startsWith("delete")) {
      // Keyboards that send no Backspace key (some phones) delete through input.
      this.setFace(i, "");
      return;
    }
    // The last character typed is the new face; anything else leaves the cube as it was.
    // A character on its own reads as a cell written on its own: "q" is Qu, "." a blank.
    const typed = lastTyped(event.data ?? input.value);
    // A ligature a phone's keyboard offers (Dutch ĳ) is its letters, one cube each.
    const letters = Array.from(composed(typed, this.lang));
    if (letters.length > 1 && i + letters.length <= this.inputs.length) {
      const faces = letters.map((letter) => readToken(letter, this.lang));
      if (faces.every((f) => f !== null)) {
        faces.forEach((f, k) => this.setFace(i + k, f));
        this.afterQ = null;
        const next = i + faces.length;
        this.focusCell(next < this.inputs.length ? next : next - 1);
        return;
      }
    }
    const face = readToken(typed, this.lang);
    // "qu" typed in full is one cube, as it is in the text field.
    const afterQ = this.afterQ !== null && (i === this.afterQ || i === this.afterQ + 1);
    this.afterQ = null;
    if (face === null || (face === "u" && afterQ)) {
      this.show(i);
      return;
    }
    this.setFace(i, face);
    if (i + 1 < this.inputs.length) this.focusCell(i + 1);
    if (face === "qu") this.afterQ = i;
  }

  key(event) {
    const i = Number(event.target.dataset.index);
    if (event.key === "Backspace" || event.key === "Delete" || event.key in MOVES) {
      this.afterQ = null;
    }
    if (event.key === "Backspace") {
      // An empty cube steps back and clears the one before, as deleting text does.
      event.preventDefault();
      const target = this.faces[i] || i === 0 ? i : i - 1;
      this.setFace(target, "");
      this.focusCell(target);
    } else if (event.key === "Delete") {
      event.preventDefault();
      this.setFace(i, "");
    } else if (event.key in MOVES && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const [dr, dc] = MOVES[event.key];
      const r = Math.min(Math.max(Math.floor(i / this.cols) + dr, 0), this.rows - 1);
      const c = Math.min(Math.max((i % this.cols) + dc, 0), this.cols - 1);
      this.focusCell(r * this.cols + c);
    }
  }

  /**
   * Buttons (data-face) that put a face into the chosen cube and move on: the cubes
   * of more than one letter, which a key cannot type. The cube keeps the focus under a
   * finger or a mouse, so a phone's keyboard stays up.
   */
  usePicker(picker) {
    picker.addEventListener("pointerdown", (event) => {
      if (event.target.closest("button[data-face]")) event.preventDefault();
    });
    picker.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-face]");
      if (!button || !this.inputs.length) return;
      const i = this.active;
      this.setFace(i, button.dataset.face);
      this.focusCell(Math.min(i + 1, this.inputs.length - 1));
    });
  }

  /** A whole board pasted into any cube fills the grid; a single letter is typed. */
  pasted(event) {
    event.preventDefault();
    const pasted = event.clipboardData.getData("text");
    const rows = parseBoard(pasted, this.lang);
    const i = Number(event.target.dataset.index);
    if (rows && rows.flat().length > 1) {
      this.setBoard(rows);
      this.writeText();
      this.focusCell(this.inputs.length - 1);
    } else if (rows) {
      this.setFace(i, rows[0][0]);
    } else {
      // Not a board this grid can show: hand it to the text field, where the server's
      // message will say what is wrong with it.
      this.text.value = pasted.trim();
      this.readText();
    }
  }
}
