// Tracing words on the cubes with a finger or the mouse (Pointer Events), shared by the
// practice page and game rooms: press on a cube, drag from cube to touching cube (each
// cube once; dragging back onto the cube before undoes a step), let go to enter the word.
// The cubes being traced carry data-trace and a line (lib/board-view.js marks them);
// once the word is judged its cubes flash green (it counts) or red (it does not).

// How far from a cube's centre, in cube widths, a dragging finger takes it: less than
// half, so that a diagonal move does not catch the corners of the cubes beside it.
const REACH = 0.4;
const FLASH_MS = 900; // how long a traced word's path shows its verdict

const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

/**
 * Words traced on a BoardView's cubes. `canStart()` says whether a trace may begin (a
 * round is in play); `faceAt([row, col])` is the face on a cube; `onWord(word, cells)`
 * gets each traced word of two cubes or more, in lower case; `text`, if given, shows
 * the letters traced so far.
 */
export class Tracer {
  constructor(view, { canStart, faceAt, onWord, text = null }) {
    this.view = view;
    this.board = view.board;
    this.canStart = canStart;
    this.faceAt = faceAt;
    this.onWord = onWord;
    this.text = text;
    this.trace = null; // the word being traced: {pointer, cells: [[row, col], ...]}
    this.flashing = 0; // the timeout that ends a traced word's flash
    const board = this.board;
    board.addEventListener("pointerdown", (event) => this.down(event));
    board.addEventListener("pointermove", (event) => {
      if (this.trace?.pointer !== event.pointerId) return;
      const moves = event.getCoalescedEvents?.() ?? [];
      for (const move of moves.length ? moves : [event]) this.extend(move.clientX, move.clientY);
    });
    board.addEventListener("pointerup", (event) => {
      if (this.trace?.pointer !== event.pointerId) return;
      const cells = [...this.trace.cells];
      const word = cells.length > 1 ? cells.map(this.faceAt).join("").toLowerCase() : "";
      this.cancel();
      if (word) this.onWord(word, cells);
    });
    board.addEventListener("pointercancel", (event) => {
      if (this.trace?.pointer === event.pointerId) this.cancel();
    });
  }

  /** Whether a word is being traced. */
  get active() {
    return this.trace !== null;
  }

  down(event) {
    if (!this.canStart() || this.trace || (event.pointerType === "mouse" && event.button !== 0)) {
      return;
    }
    const cell = this.cellAt(event.clientX, event.clientY, Infinity);
    if (!cell) return;
    event.preventDefault(); // no text selection, no focus change, no scrolling
    clearTimeout(this.flashing); // the last word's flash gives way to the new trace
    this.view.mark("flash", null);
    delete this.board.dataset.flash;
    this.board.setPointerCapture(event.pointerId);
    this.trace = { pointer: event.pointerId, cells: [cell] };
    this.show();
  }

  /** The cube under a point, as [row, col], if the point is within `reach` of its centre. */
  cellAt(x, y, reach) {
    const cube = document.elementFromPoint(x, y)?.closest(".cube");
    if (!cube || !this.board.contains(cube) || cube.classList.contains("blank")) return null;
    const box = cube.getBoundingClientRect();
    const dx = (x - box.left) / box.width - 0.5;
    const dy = (y - box.top) / box.height - 0.5;
    if (Math.hypot(dx, dy) > reach) return null;
    return [Number(cube.dataset.row), Number(cube.dataset.col)];
  }

  show() {
    this.view.mark("trace", this.trace?.cells ?? null);
    if (this.text) {
      this.text.textContent = this.trace
        ? this.trace.cells.map(this.faceAt).join("").toUpperCase()
        : "";
    }
  }

  /** Extend the trace to the cube under a point: adjacent and unused; the last one undoes. */
  extend(x, y) {
    const cell = this.cellAt(x, y, REACH);
    const cells = this.trace.cells;
    if (!cell || same(cell, cells.at(-1))) return;
    if (same(cell, cells.at(-2))) {
      cells.pop();
    } else {
      const [r, c] = cells.at(-1);
      const adjacent = Math.max(Math.abs(cell[0] - r), Math.abs(cell[1] - c)) === 1;
      if (!adjacent || cells.some((used) => same(used, cell))) return;
      cells.push(cell);
    }
    this.show();
  }

  /** Drop the word being traced, if any. */
  cancel() {
    this.trace = null;
    this.show();
  }

  /**
   * Flash a traced word's cubes with its verdict: "found" (green) or "miss" (red); null
   * (nothing to show) or a new trace already begun leaves the board alone.
   */
  flash(cells, outcome) {
    if (!outcome || this.trace) return;
    this.board.dataset.flash = outcome;
    this.view.mark("flash", cells);
    clearTimeout(this.flashing);
    this.flashing = setTimeout(() => {
      this.view.mark("flash", null);
      delete this.board.dataset.flash;
    }, FLASH_MS);
  }
}
