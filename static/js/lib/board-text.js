// Board text: rows of faces read from what people type, and written back as text.
//
// A copy of boggle/board.py's parse_board and Board.__str__, kept because the grid is
// filled as the user types; tests/test_board_text_parity.py holds the two equal on
// generated boards, in every language. Faces are lower case, "qu" for the Qu cube and
// "#" for a blank. The server stays the judge of what a board is and says what is wrong.
//
// A board is read in its dictionary's language: its alphabet and faces come from the
// server as data (web/pages.py, board_reading: the same values /dictionaries gives),
// made into a reader by language(). English is the default, as on the server.

const BLANK = "#";
const BLANK_INPUTS = new Set([BLANK, "."]);

/**
 * A language's board reader from the server's data: `alphabet` (its letters),
 * `multi_letter_faces` (lower case), `letter_faces` ({q: "qu"}: a letter typed alone
 * that is a face of more letters), `folds_accents` (é read as e where the alphabet is
 * a-z alone), `composed` (text put in Unicode's composed form first: every language
 * but English, whose text is read as typed) and `ligatures` ([["ĳ", "ij"]]: a
 * character that is two letters, read as those letters, one cube each).
 */
export function language({
  alphabet,
  multi_letter_faces: multi,
  letter_faces: letterFaces,
  folds_accents: foldsAccents,
  composed,
  ligatures = [],
}) {
  const letters = new Set(alphabet);
  const faces = new Set([...letters].filter((l) => !(l in letterFaces)).concat(multi));
  // Accents fold only where the alphabet is a-z alone (Ruleset.fold_cell): a German
  // board takes only its own letters, so a Spanish ñ is named, not read as n.
  const folds = foldsAccents && [...letters].every((l) => l >= "a" && l <= "z");
  return {
    letters,
    faces,
    letterFaces: new Map(Object.entries(letterFaces)),
    folds,
    composed,
    ligatures,
  };
}

/** English, as boggle/rules.py has it (the parity test holds it to the server's). */
export const ENGLISH = language({
  alphabet: "abcdefghijklmnopqrstuvwxyz",
  multi_letter_faces: ["qu", "th", "in", "er", "he", "an"],
  letter_faces: { q: "qu" },
  folds_accents: false,
  composed: false,
});

// Faces that read back as themselves when cells are run together: Board.__str__ writes
// with English's, whatever the language (any other face is written cell by cell).
const RUN_TOGETHER = new Set([...ENGLISH.letters].filter((l) => l !== "q").concat("qu"));

const ROW_SEPARATORS = /[\n\r/,;]+/;
const SPACES = /[ \t]+/;
// What may surround the rows and mean nothing (Python's string.whitespace, no-break
// space and the row separators).
const EDGES = /^[ \t\n\r\v\f\u00a0/,;]+|[ \t\n\r\v\f\u00a0/,;]+$/g;
// An optional shape before the cells: "5x1: a b th e r".
const SHAPE_PREFIX = /^\s*(\d{1,4})\s*[xX\u00d7]\s*(\d{1,4})\s*:/;
const ASCII = /^[^\u{80}-\u{10ffff}]*$/u; // Python's str.isascii

/** Characters as Python counts them: code points, not UTF-16 units. */
const chars = (text) => Array.from(text);

/**
 * Text in composed form (NFC) where the language asks for it, each ligature its letters
 * (board.py's _composed).
 */
export function composed(text, lang) {
  if (!lang.composed || ASCII.test(text)) return text;
  let nfc = text.normalize("NFC");
  for (const [ligature, letters] of lang.ligatures) nfc = nfc.replaceAll(ligature, letters);
  return nfc;
}

/** A typed character as the language plays it: é as e where accents fold (fold_cell). */
function foldCell(ch, lang) {
  if (!lang.folds || lang.letters.has(ch)) return ch;
  const base = ch.normalize("NFD").replace(/\p{M}/gu, "");
  return chars(base).length === 1 && lang.letters.has(base) ? base : ch;
}

/**
 * Typed text as the rules read it (board.py's _lower): English's ASCII-only lower case;
 * another language's letters lowered only when that gives its letters or a face.
 */
function lower(text, lang) {
  if (ASCII.test(text)) return text.toLowerCase();
  // English reads anything but ASCII as typed, so no other letter folds into a-z.
  if (!lang.composed) return text;
  const lowered = chars(text.toLowerCase()).map((ch) => foldCell(ch, lang));
  const word = lowered.join("");
  const fits = lowered.every((ch) => lang.letters.has(ch)) || lang.faces.has(word);
  return lowered.length === chars(text).length && fits ? word : text;
}

/** Whether a space-separated piece of text is a single cell rather than a row. */
export function isOneCell(piece, lang = ENGLISH) {
  piece = piece.toLowerCase();
  // One character is one cell in a language other than English, in its alphabet or not.
  if (lang.composed && chars(piece).length === 1) return true;
  return lang.faces.has(piece) || BLANK_INPUTS.has(piece) || lang.letterFaces.has(piece);
}

/** The face one cell written on its own stands for, or null when it is not a face. */
export function readToken(token, lang = ENGLISH) {
  const face = lower(token.trim(), lang);
  if (BLANK_INPUTS.has(face)) return BLANK;
  if (lang.letterFaces.has(face)) return lang.letterFaces.get(face);
  return lang.faces.has(face) ? face : null;
}

/** A wrong cell kept as typed by the lenient reading, so the board can still be drawn. */
class AsTyped {
  constructor(text) {
    this.text = text;
  }
}

/** Cells run together: one letter a cell, "q" or "qu" the Qu cube, "#" or "." a blank. */
function readRun(text, lang, lenient) {
  const faces = [];
  const all = chars(text);
  for (let i = 0; i < all.length; i++) {
    const ch = lower(all[i], lang);
    if (BLANK_INPUTS.has(ch)) {
      faces.push(BLANK);
    } else if (lang.letters.has(ch)) {
      const face = lang.letterFaces.get(ch) ?? ch;
      faces.push(face);
      // "q" and "qu" typed in full are both the Qu cube.
      const rest = face.slice(1);
      if (rest && all.slice(i + 1, i + 1 + rest.length).join("").toLowerCase() === rest) {
        i += rest.length;
      }
    } else {
      faces.push(lenient ? new AsTyped(all[i]) : null);
    }
  }
  return faces;
}

function readCell(token, lang, lenient) {
  const face = readToken(token, lang);
  return face === null && lenient ? new AsTyped(token.trim()) : face;
}

function readRow(text, lang, lenient) {
  if (!SPACES.test(text)) return readRun(text, lang, lenient);
  return text.split(SPACES).map((token) => readCell(token, lang, lenient));
}

/** Rows read from text, and whether the text gave its rows (or only a run of cells). */
function splitRows(text, lang, lenient = false) {
  text = text.replace(EDGES, "");
  if (ROW_SEPARATORS.test(text)) {
    const pieces = text.split(ROW_SEPARATORS).map((piece) => piece.trim());
    return [pieces.filter(Boolean).map((piece) => readRow(piece, lang, lenient)), true];
  }
  const pieces = text ? text.split(SPACES) : [];
  if (pieces.length <= 1) return [[readRun(text, lang, lenient)], false];
  if (pieces.every((piece) => isOneCell(piece, lang))) {
    return [[pieces.map((piece) => readCell(piece, lang, lenient))], false];
  }
  return [pieces.map((piece) => readRow(piece, lang, lenient)), true];
}

/**
 * Rows of faces from typed text, or null when the server would refuse it: what
 * boggle/board.py's parse_board reads, shape prefix ("1x4: w o r d") included.
 */
export function parseBoard(text, lang = ENGLISH) {
  text = composed(text, lang);
  let shape = null;
  const match = SHAPE_PREFIX.exec(text);
  if (match) {
    shape = [Number(match[1]), Number(match[2])];
    text = text.slice(match[0].length);
    const face = lower(text.trim(), lang);
    if (shape[0] === 1 && shape[1] === 1 && lang.faces.has(face)) return [[face]];
  }
  const [read, rowsGiven] = splitRows(text, lang);
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

/** A face as printed on the cube: "Qu", "A", "#". */
export function displayFace(face) {
  return face.charAt(0).toUpperCase() + face.slice(1);
}

/**
 * A board the server refused for one wrong cube, drawn as typed: { rows, cell }, the
 * rows of cells as printed (the wrong one as typed) and the [row, col] of the first
 * wrong cube, or null when the text is not a rectangle of cells. What board.py's
 * _locate finds (BoardError.typed and .cell), so the grid shows what the server judged.
 */
export function typedBoard(text, lang = ENGLISH) {
  text = composed(text, lang);
  let [rows, cols] = [null, null];
  const match = SHAPE_PREFIX.exec(text);
  if (match) {
    [rows, cols] = [Number(match[1]), Number(match[2])];
    text = text.slice(match[0].length);
  }
  let [grid, rowsGiven] = splitRows(text, lang, true);
  grid = grid.filter((row) => row.length);
  const cells = grid.flat();
  // "1x4: w o 7 d" reads as four rows of one; the shape given says it is one row.
  if (rowsGiven && rows !== null && grid.length !== rows && cells.length === rows * cols) {
    rowsGiven = false;
  }
  if (!rowsGiven && cells.length) {
    if (rows === null) [rows, cols] = Array(2).fill(Math.floor(Math.sqrt(cells.length)));
    if (rows < 1 || cols < 1 || rows * cols !== cells.length) return null;
    grid = Array.from({ length: rows }, (_, r) => cells.slice(r * cols, (r + 1) * cols));
  }
  const r = grid.findIndex((row) => row.some((cell) => cell instanceof AsTyped));
  if (r < 0) return null;
  const cell = [r, grid[r].findIndex((c) => c instanceof AsTyped)];
  const widths = new Set(grid.map((row) => row.length));
  const fits = (rows === null || rows === grid.length) && (cols === null || widths.has(cols));
  if (widths.size !== 1 || !fits) return { rows: null, cell };
  const shown = grid.map((row) => row.map((c) => (c instanceof AsTyped ? c.text : displayFace(c))));
  return { rows: shown, cell };
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
  return texts.every((text) => isOneCell(text)) ? texts.join(" / ") : texts.join(" ");
}
