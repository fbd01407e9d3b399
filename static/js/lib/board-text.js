// Board text: rows of faces read from what people type, and written back as text.
//
// A copy of boggle/board.py's parse_board and Board.__str__, kept because the grid is
// filled as the user types; tests/test_board_text_parity.py holds the two equal on
// generated boards. Faces are lower case, "qu" for the Qu cube and "#" for a blank.
// The server stays the judge of what a board is and says what is wrong.

const LETTERS = [..."abcdefghijklmnopqrstuvwxyz"];
const MULTI_LETTER_FACES = ["qu", "th", "in", "er", "he", "an"];
const BLANK = "#";
const BLANK_INPUTS = new Set([BLANK, "."]);
const FACES = new Set([...LETTERS.filter((l) => l !== "q"), ...MULTI_LETTER_FACES]);
// Faces that read back as themselves when cells are run together.
const RUN_TOGETHER = new Set([...LETTERS.filter((l) => l !== "q"), "qu"]);

const ROW_SEPARATORS = /[\n\r/,;]+/;
const SPACES = /[ \t]+/;
// What may surround the rows and mean nothing (Python's string.whitespace, no-break
// space and the row separators).
const EDGES = /^[ \t\n\r\v\f\u00a0/,;]+|[ \t\n\r\v\f\u00a0/,;]+$/g;
// An optional shape before the cells: "5x1: a b th e r".
const SHAPE_PREFIX = /^\s*(\d{1,4})\s*[xX\u00d7]\s*(\d{1,4})\s*:/;

/** Whether a space-separated piece of text is a single cell rather than a row. */
export function isOneCell(piece) {
  piece = piece.toLowerCase();
  return FACES.has(piece) || BLANK_INPUTS.has(piece) || piece === "q";
}

/** The face one cell written on its own stands for, or null when it is not a face. */
export function readToken(token) {
  const face = token.trim().toLowerCase();
  if (BLANK_INPUTS.has(face)) return BLANK;
  if (face === "q") return "qu";
  return FACES.has(face) ? face : null;
}

/** Cells run together: one letter a cell, "q" or "qu" the Qu cube, "#" or "." a blank. */
function readRun(text) {
  const faces = [];
  for (let i = 0; i < text.length; i++) {
    const face = readToken(text[i]);
    faces.push(face);
    if (face === "qu" && (text[i + 1] === "u" || text[i + 1] === "U")) i++;
  }
  return faces;
}

function readRow(text) {
  return SPACES.test(text) ? text.split(SPACES).map(readToken) : readRun(text);
}

/** Rows read from text, and whether the text gave its rows (or only a run of cells). */
function splitRows(text) {
  text = text.replace(EDGES, "");
  if (ROW_SEPARATORS.test(text)) {
    const pieces = text.split(ROW_SEPARATORS).map((piece) => piece.trim());
    return [pieces.filter(Boolean).map(readRow), true];
  }
  const pieces = text ? text.split(SPACES) : [];
  if (pieces.length <= 1) return [[readRun(text)], false];
  if (pieces.every(isOneCell)) return [[pieces.map(readToken)], false];
  return [pieces.map(readRow), true];
}

/**
 * Rows of faces from typed text, or null when the server would refuse it: what
 * boggle/board.py's parse_board reads, shape prefix ("1x4: w o r d") included.
 */
export function parseBoard(text) {
  let shape = null;
  const match = SHAPE_PREFIX.exec(text);
  if (match) {
    shape = [Number(match[1]), Number(match[2])];
    text = text.slice(match[0].length);
    const face = text.trim().toLowerCase();
    if (shape[0] === 1 && shape[1] === 1 && FACES.has(face)) return [[face]];
  }
  const [read, rowsGiven] = splitRows(text);
  const grid = read.filter((row) => row.length);
  if (!grid.length || grid.some((row) => row.includes(null))) return null;
  if (rowsGiven) {
    const width = grid[0].length;
    if (grid.some((row) => row.length !== width)) return null;
    if (shape && (shape[0] !== grid.length || shape[1] !== width)) return null;
    return grid;
  }
  const faces = grid.flat();
  const side = Math.round(Math.sqrt(faces.length));
  const [rows, cols] = shape ?? [side, side];
  if (rows < 1 || cols < 1 || rows * cols !== faces.length) return null;
  return Array.from({ length: rows }, (_, r) => faces.slice(r * cols, (r + 1) * cols));
}

/**
 * Rows of faces as text that reads back to the same board: what boggle/board.py's
 * Board.__str__ writes ("sers patg", "an / he", "1x4: w o r d", "a b qu / # e r").
 */
export function boardText(rows) {
  const faces = rows.flat();
  if (rows.length === 1 || rows.every((row) => row.length === 1)) {
    // A single row or column cannot show its shape; say it.
    return `${rows.length}x${rows.length === 1 ? faces.length : 1}: ${faces.join(" ")}`;
  }
  if (faces.some((face) => !RUN_TOGETHER.has(face))) {
    return rows.map((row) => row.join(" ")).join(" / ");
  }
  const texts = rows.map((row) => row.join(""));
  // Rows like "an" or "he" would read as one cube each if only spaced apart.
  return texts.every(isOneCell) ? texts.join(" / ") : texts.join(" ");
}
