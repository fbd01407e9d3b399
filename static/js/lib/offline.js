// What the pages do with no server: solve a board, roll one, look a word up and count a
// round, with the page's own search (lib/search.js, the server's walk in WebAssembly)
// on the word graph of the list in use. Each list's document (GET /graphs/NAME: the
// graph file's address, its layout, its board reading, its dice and its spellings
// rules) and graph file are fetched through lib/api.js, and the service worker keeps
// them (static/js/service-worker.js), so that every list opened once works offline.
//
// Every answer is the document the server's route would give (/solve, /random,
// /lookup, /score for one player), as far as the page reads it, with `engine:
// "browser"` where the server's has "server": the pages say which search answered.

import { ApiError, getBytes, getJSON, postJSON } from "./api.js";
import { displayFace, language, parseBoard, boardText } from "./board-text.js";
import { h } from "./dom.js";
import { _ } from "./i18n.js";
import { rollBoard } from "./dice.js";
import { rules } from "./rules.js";
import { foldWord, holds, loadSearch } from "./search.js";
import { summarize } from "./summary.js";

const WASM = new URL("../../wasm/walk.wasm", import.meta.url);
const documents = new Map(); // list name -> promise of {document, bytes}
let search = null; // promise of the Search, made once a page needs it

/** A list's document and graph file, fetched once a page (the worker keeps both). */
export function graphOf(name, base = location.href) {
  if (!documents.has(name)) {
    const fetched = (async () => {
      const document = await getJSON(`graphs/${encodeURIComponent(name)}`, {}, base);
      const bytes = await getBytes(new URL(document.graph, base));
      return { document, bytes };
    })();
    // A failure is not kept: the next try fetches again.
    fetched.catch(() => documents.delete(name));
    documents.set(name, fetched);
  }
  return documents.get(name);
}

/** Resolves once a service worker controls the page (never, where none can). */
async function underWorker() {
  const workers = navigator.serviceWorker;
  if (!workers) return new Promise(() => {});
  if (workers.controller) return;
  await workers.ready;
  if (!workers.controller) {
    await new Promise((taken) => workers.addEventListener("controllerchange", taken, { once: true }));
  }
}

const kept = new Set(); // the lists this page has had the worker keep

/**
 * Have the service worker keep a list's graph (and the search) for offline use: once
 * it controls the page (on a first visit, once it has taken over), the list's document
 * and graph file are fetched through it, while the page is idle. Offline, the search is
 * made ready instead, at once. Failures are said when the page needs the graph, not here.
 */
export async function prepare(name, base = location.href) {
  if (!online()) {
    // The page's own search will answer: made ready at once, as the page loads (the
    // search compiled, the graph read from the worker's cache), so that a press right
    // after a reload finds it ready. Online no such work runs as the page loads.
    searchWith(name, base).catch(() => {});
    return;
  }
  const idle = globalThis.requestIdleCallback ?? ((run) => setTimeout(run, 200));
  if (kept.has(name)) return;
  kept.add(name);
  await underWorker();
  idle(async () => {
    try {
      const document = await getJSON(`graphs/${encodeURIComponent(name)}`, {}, base);
      await getBytes(new URL(document.graph, base));
    } catch {
      kept.delete(name); // asked again the next time the list is opened
    }
  });
}

/** The page's search, compiled once (its file is small: compiled in a millisecond or two). */
function compiled() {
  if (!search) {
    search = getBytes(WASM).then(loadSearch);
    search.catch(() => (search = null)); // asked again the next time it is needed
  }
  return search;
}

/** The page's search with the list's graph in use. */
async function searchWith(name, base) {
  // Both at once: the search compiles while the graph is read.
  const [{ document, bytes }, ready] = await Promise.all([graphOf(name, base), compiled()]);
  if (ready.graph?.name !== document.dictionary) ready.useGraph(document.dictionary, bytes, document.layout);
  return { ready, document };
}

/** Why the page's own search cannot answer, as an ApiError the pages show. */
function unavailable(error) {
  if (error instanceof ApiError && error.offline) {
    return new ApiError(
      _("The server cannot be reached, and this word list has not been kept on this device: open it once online."),
      { offline: true, code: "not_kept" },
    );
  }
  return error;
}

/** The shortest word asked for, read as /solve reads it (the size's rule if none). */
function minLengthOf(value, rows, cols) {
  const given = String(value ?? "").trim();
  if (!given) return rules.min_length_by_size?.[`${rows}x${cols}`] ?? rules.default_min_length;
  const shortest = Number(given);
  if (!/^\d+$/.test(given) || shortest < rules.shortest_scored || shortest > rules.max_word_length) {
    const message = _("min_length must be a whole number from %(low)s to %(high)s, not %(value)s", {
      low: rules.shortest_scored,
      high: rules.max_word_length,
      value: given,
    });
    throw new ApiError(message, { code: "bad_min_length", field: "min_length" });
  }
  return shortest;
}

/**
 * Solve a board here: `fields` as /solve takes them ({board, min_length, dictionary}).
 * Resolves to the /solve document for it, without the rating and the spellings only
 * the server has; throws an ApiError as /solve would answer. A solve whose `signal`
 * is aborted while the search gets ready (a newer one asked for) ends with its
 * reason, before the walk: the newer one's walk does not wait behind it.
 */
export async function solveHere(fields, base = location.href, signal = null) {
  const name = fields.dictionary;
  let found;
  try {
    found = await searchWith(name, base);
  } catch (error) {
    throw unavailable(error);
  }
  signal?.throwIfAborted();
  const { ready, document } = found;
  const faces = parseBoard(String(fields.board ?? ""), language(document.reading));
  if (!faces) {
    throw new ApiError(_("This board cannot be read: give rows of the same length, one cube for each letter."), {
      code: "bad_board",
      field: "board",
    });
  }
  const [rows, cols] = [faces.length, faces[0].length];
  const minLength = minLengthOf(fields.min_length, rows, cols);
  const started = performance.now();
  let words;
  try {
    words = ready.solve(faces, minLength, document.ceiling);
  } catch (error) {
    const message =
      error.code === "limit"
        ? _("This board has too many words to find in time on this device.")
        : _("This board has a cube the %(dictionary)s list has no letter for.", { dictionary: document.dictionary });
    throw new ApiError(message, { code: error.code === "limit" ? "search_budget_exceeded" : "bad_board", field: "board" });
  }
  const elapsed = performance.now() - started;
  return {
    board: faces.map((row) => row.map(displayFace)),
    rows,
    cols,
    text: boardText(faces),
    dictionary: document.dictionary,
    min_length: minLength,
    count: words.length,
    total_score: words.reduce((sum, w) => sum + w.score, 0),
    words,
    elapsed_ms: Math.round(elapsed * 1000) / 1000,
    summary: summarize(words, minLength),
    engine: "browser",
  };
}

/** Roll a board here from the list's language's dice: the /random document. */
export async function rollHere(name, rows, cols, base = location.href) {
  let found;
  try {
    found = await graphOf(name, base);
  } catch (error) {
    throw unavailable(error);
  }
  const rolled = rollBoard(found.document.dice, rows, cols);
  return {
    board: rolled.rows.map((row) => row.map(displayFace)),
    rows,
    cols,
    text: boardText(rolled.rows),
    dice: rolled.dice,
    seed: rolled.seed,
    min_length: rolled.min_length,
    dictionary: found.document.dictionary,
    engine: "browser",
  };
}

/** Whether a word is in a list, looked up here: the /lookup document. */
export async function lookUpHere(word, name, base = location.href) {
  let found;
  try {
    found = await graphOf(name, base);
  } catch (error) {
    throw unavailable(error);
  }
  const folded = foldWord(word, found.document.reading);
  const inDictionary = holds(folded, found.bytes, found.document.layout);
  return { word: folded, dictionary: found.document.dictionary, in_dictionary: inDictionary };
}

/**
 * A practice round counted here, as POST /score counts one player's words: what the
 * practice page reads of its document. `solution` is the round's /solve document,
 * `found` the words the player found on it.
 */
export function scoreHere(solution, found) {
  const kept = new Set(found);
  const scored = solution.words.filter((w) => kept.has(w.word));
  const missed = solution.words.filter((w) => !kept.has(w.word));
  const points = (words) => words.reduce((sum, w) => sum + w.score, 0);
  return {
    count: solution.count,
    total_score: solution.total_score,
    players: [
      {
        total_score: points(scored),
        scored_words: scored.length,
        words: scored.map((w) => ({ ...w, verdict: "scored" })),
      },
    ],
    missed: {
      count: missed.length,
      total_score: points(missed),
      words: missed,
    },
    engine: "browser",
  };
}

/**
 * The practice page kept for offline use is the bare page: the board and list its
 * address asks for (the solver's "Practise on this board") are read into its data and
 * its setup here, as the server draws them (web/play.py, practice_context). Nothing
 * when the page holds a board already, says why it refused one, or the address has
 * none, or the list was never kept (the setup then offers random boards).
 */
export async function adoptPracticeAddress(page, source, dictionary, search = location.search) {
  const asked = new URLSearchParams(search);
  const board = asked.get("board");
  if (page.dataset.board || !board || document.getElementById("link-error")) return;
  const name = asked.get("dictionary");
  if ([...dictionary.options].some((option) => option.value === name)) dictionary.value = name;
  let faces;
  try {
    const { document: list } = await graphOf(dictionary.value);
    faces = parseBoard(board, language(list.reading));
  } catch {
    return;
  }
  if (!faces) return;
  const [rows, cols] = [faces.length, faces[0].length];
  const minLength = asked.get("min_length") ?? "";
  Object.assign(page.dataset, { board: boardText(faces), rows, cols, minLength });
  const label = _("The solver's board (%(rows)s × %(cols)s)", { rows, cols });
  source.prepend(h("option", { value: "given" }, label));
  source.value = "given";
}

// --- The server first, the page's own search when it cannot answer ------------------

/** Whether to ask the server at all: not when the browser knows it has no network. */
const online = () => navigator.onLine !== false;

/** Whether an error means the server did not answer (rather than refusing). */
const unanswered = (error) => error.offline || error.code === "server_busy";

/**
 * The /solve document for `fields` ({board, min_length, dictionary}, or the same as
 * URLSearchParams): the server's, or the page's own search's when the server cannot be
 * reached or is busy. Its `engine` says which answered ("server" or "browser");
 * `signal`, aborted, stops the page's search before its walk (solveHere).
 */
export async function solveAnywhere(fields, base = location.href, signal = null) {
  if (online()) {
    try {
      return { ...(await getJSON("solve", fields, base)), engine: "server" };
    } catch (error) {
      if (!unanswered(error)) throw error;
    }
  }
  return solveHere(fields instanceof URLSearchParams ? Object.fromEntries(fields) : fields, base, signal);
}

/** A random board: the server's /random, or rolled here from the list's dice. */
export async function rollAnywhere(name, rows, cols, base = location.href) {
  if (online()) {
    try {
      return await getJSON("random", { rows, cols }, base);
    } catch (error) {
      if (!unanswered(error)) throw error;
    }
  }
  return rollHere(name, rows, cols, base);
}

/** Whether a word is in a list: the server's /lookup, or the graph kept here. */
export async function lookUpAnywhere(word, name, base = location.href) {
  if (online()) {
    try {
      return await getJSON("lookup", { word, dictionary: name }, base);
    } catch (error) {
      if (!unanswered(error)) throw error;
    }
  }
  return lookUpHere(word, name, base);
}

/**
 * A practice round's words counted: the server's POST /score for one player, or
 * counted here against the round's solution with no network.
 */
export async function scoreAnywhere(round, solution, player, found, base = location.href) {
  if (online()) {
    try {
      const players = [{ name: player, words: found }];
      const fields = { board: round.board, min_length: round.min_length, dictionary: round.dictionary };
      return await postJSON("score", { ...fields, players }, base);
    } catch (error) {
      if (!unanswered(error)) throw error;
    }
  }
  return scoreHere(solution, found);
}
