// The page's own search: the server's walk (boggle/walk.c), compiled to WebAssembly
// (static/wasm/walk.wasm, built by `make wasm` from boggle/walk_wasm.c), so that a
// board is solved with no server, offline too, with the same words, paths and points
// as /solve. tests/test_browser_search.py holds the two equal on random boards of
// every language under node.
//
// It knows nothing of the rules: each list's layout comes from the server as data
// (GET /graphs/NAME, boggle/solver.py's browser_layout): each face's graph column, the
// symbols the walk spells letters after z in (ä is "{"), the points by length. The
// word graph is the compact file /graphs/NAME sends the address of (boggle/
// dictionary.py, browser_graph). Neither fetches anything: lib/offline.js does.

const MAGIC = "BOGGLECG";
export const HEADER_BYTES = 36; // boggle/dictionary.py, BROWSER_HEADER
const MAX_FACE = 8; // letters a face may hold (boggle/walk.c)
const ROW = 5; // 32-bit entries per word of the walk's answer (boggle/walk_wasm.c)

/** Why the walk refused, by its code (boggle/walk_wasm.c's FAILED_ values). */
const FAILURES = { [-1]: "memory", [-2]: "graph", [-3]: "board", [-4]: "limit", [-5]: "no_graph" };

export class SearchError extends Error {
  constructor(code, message) {
    super(message ?? `the page's search failed: ${code}`);
    this.name = "SearchError";
    this.code = code; // "memory", "graph", "board", "limit", "no_graph" or "format"
  }
}

/** The graph file's header: what boggle/dictionary.py's browser_graph packs. */
export function readGraphHeader(bytes, formatVersion) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(...bytes.subarray(0, 8));
  const [version, stride, maskColumn, entries, root, terminalLimit, words] = Array.from(
    { length: 7 },
    (_, i) => view.getUint32(8 + 4 * i, true),
  );
  if (magic !== MAGIC || bytes.byteLength !== HEADER_BYTES + 4 * entries) {
    throw new SearchError("format", "this is not a word graph file");
  }
  if (formatVersion !== undefined && version !== formatVersion) {
    throw new SearchError("format", `the word graph is of format ${version}, not ${formatVersion}`);
  }
  return { version, stride, maskColumn, entries, root, terminalLimit, words };
}

/** The walk, instantiated from the .wasm's bytes (an ArrayBuffer or a typed array). */
export async function loadSearch(wasmBytes) {
  let memory = null;
  // WASI's clock, the one import: the walk reads it for its ceiling.
  const clock_time_get = (id, precision, at) => {
    const nanoseconds = BigInt(Math.round(performance.now() * 1e6));
    new DataView(memory.buffer).setBigUint64(at, nanoseconds, true);
    return 0;
  };
  const { instance } = await WebAssembly.instantiate(wasmBytes, {
    wasi_snapshot_preview1: { clock_time_get },
  });
  memory = instance.exports.memory;
  return new Search(instance.exports);
}

export class Search {
  constructor(exports) {
    this.walk = exports;
    this.graph = null; // {name, header, layout} of the graph in use
  }

  /** Copy `bytes` into the walk's memory; its address (free it with release). */
  place(bytes) {
    const at = this.walk.allocate(bytes.byteLength);
    if (!at) throw new SearchError("memory", "the browser has no memory left for the search");
    new Uint8Array(this.walk.memory.buffer, at, bytes.byteLength).set(bytes);
    return at;
  }

  /**
   * Use a word graph: its file's bytes (a Uint8Array), and `layout`, the list's layout
   * (browser_layout); `name` is the list's, for the caller to tell which is in use.
   */
  useGraph(name, bytes, layout) {
    const header = readGraphHeader(bytes, layout.format_version);
    if (header.stride !== layout.stride || header.maskColumn !== layout.mask_column) {
      throw new SearchError("format", "the word graph is not laid out for this list's letters");
    }
    this.graph = null;
    const at = this.place(bytes.subarray(HEADER_BYTES));
    try {
      const done = this.walk.load_graph(
        at,
        header.entries,
        header.root,
        header.terminalLimit,
        header.stride,
        header.maskColumn,
      );
      if (done !== 0) throw new SearchError(FAILURES[done] ?? "graph");
    } finally {
      this.walk.release(at);
    }
    const letters = new Map(Object.entries(layout.letters));
    this.graph = { name, header, layout, letters };
    return header;
  }

  /**
   * Every word of at least `minLength` letters on the board `rows` (rows of faces as
   * lib/board-text.js reads them: "qu", "#"), ranked as /solve ranks them:
   * [{word, score, path: [[row, col], ...]}]. Past `ceiling` seconds (none if null)
   * it stops with a SearchError "limit", as the server's search stops past its own.
   */
  solve(rows, minLength, ceiling = null) {
    if (!this.graph) throw new SearchError("no_graph", "no word graph is loaded");
    const { layout, letters } = this.graph;
    const cols = rows[0].length;
    const faces = rows.flat();
    const columns = new Uint8Array(faces.length);
    const spelled = new Uint8Array(faces.length * MAX_FACE);
    faces.forEach((face, i) => {
      const column = layout.columns[face];
      if (column === undefined) throw new SearchError("board", `${face} is not a face of this list`);
      columns[i] = column;
      const text = layout.spelled[face] ?? face;
      for (let k = 0; k < text.length; k++) spelled[i * MAX_FACE + k] = text.charCodeAt(k);
    });
    const scores = new Uint8Array(new Int32Array(layout.scores).buffer);
    const blocks = [columns, spelled, scores].map((bytes) => this.place(bytes));
    let count;
    try {
      count = this.walk.solve(
        rows.length,
        cols,
        minLength,
        blocks[0],
        blocks[1],
        blocks[2],
        layout.scores.length,
        ceiling ?? -1,
      );
    } finally {
      for (const at of blocks) this.walk.release(at);
    }
    if (count < 0) throw new SearchError(FAILURES[count] ?? "graph");
    return this.read(count, cols, letters);
  }

  /** The last solve's words, out of the walk's memory (boggle/walk_wasm.c, answer). */
  read(count, cols, letters) {
    const buffer = this.walk.memory.buffer;
    const table = new Uint32Array(buffer, this.walk.answer(), count * ROW);
    const bytes = new Uint8Array(buffer);
    const words = new Array(count);
    for (let i = 0; i < count; i++) {
      const [text, length, pathAt, cubes, score] = table.subarray(i * ROW, i * ROW + ROW);
      let word = String.fromCharCode(...bytes.subarray(text, text + length));
      if (letters.size && /[^a-z]/.test(word)) word = [...word].map((ch) => letters.get(ch) ?? ch).join("");
      const cells = new Uint16Array(buffer, pathAt, cubes);
      const path = Array.from(cells, (cell) => [Math.floor(cell / cols), cell % cols]);
      words[i] = { word, score, path };
    }
    return words;
  }
}

// --- Looking a word up (GET /lookup with no network) -------------------------------

/**
 * A written word (already trimmed and lowered) as /lookup looks it up: in a language
 * that folds accents, as its list spells it (boggle/rules.py's fold_word: élève is
 * eleve); in any other, as written.
 */
export function foldWord(word, reading) {
  if (!reading.folds_accents) return word;
  let folded = word.normalize("NFC").toLowerCase();
  for (const [old, replacement] of reading.replacements) folded = folded.replaceAll(old, replacement);
  const letters = new Set(reading.alphabet);
  return [...folded]
    .map((ch) => {
      if (letters.has(ch)) return ch;
      const base = ch.normalize("NFD").replace(/\p{M}/gu, "");
      return [...base].length === 1 && letters.has(base) ? base : ch;
    })
    .join("");
}

/**
 * Whether a graph file holds a word (spelled as its list spells it: foldWord), walked
 * letter by letter as boggle/dictionary.py's Dictionary does, on the compact records:
 * the child by a column follows the record's bit set, one for each column before it.
 */
export function holds(word, bytes, layout) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entry = (at) => view.getUint32(HEADER_BYTES + 4 * at, true);
  const { columns } = layout;
  const { root, terminalLimit } = readGraphHeader(bytes);
  let node = root;
  const letters = [...word];
  for (let i = 0; i < letters.length; i++) {
    let face = letters[i];
    if (face === "q") {
      if (letters[i + 1] !== "u") return false;
      face = "qu";
      i++;
    }
    const column = columns[face];
    if (column === undefined || column >= layout.mask_column) return false;
    const mask = entry(node);
    if (!((mask >>> column) & 1)) return false;
    // The child by a column follows the bit set, one for each column before it.
    node = entry(node + 1 + popcount(mask & ((1 << column) - 1)));
  }
  return node > 0 && node < terminalLimit;
}

function popcount(bits) {
  let count = 0;
  for (let rest = bits >>> 0; rest; rest &= rest - 1) count++;
  return count;
}
