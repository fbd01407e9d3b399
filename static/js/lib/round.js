// A timed round as data: its settings, its clock and the words entered, judged against
// the board's /solve document. No DOM here, so game rooms can reuse it and node tests
// it (tests/js/round.test.js); the practice page lays it out.
//
// A round is the plain object kept in localStorage: {version, board, rows, cols,
// min_length, dictionary, dice, seed, seconds, started, ends, stopped, entries}, each
// entry {word, verdict, points}.

export const VERSION = 1;

const EDGE_JUNK = /^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu;

/**
 * A word as it is matched: lower case, without surrounding spaces and punctuation, the
 * Dutch ligature ĳ as its letters (the server's Ruleset.fold_word does the same).
 */
export const normalize = (written) =>
  written.toLowerCase().replaceAll("ĳ", "ij").replace(EDGE_JUNK, "");

/** A new round on a solved board, `seconds` long from `now` (milliseconds). */
export function newRound(solved, { board, dice = null, seed = null, seconds, now }) {
  return {
    version: VERSION,
    board,
    rows: solved.rows,
    cols: solved.cols,
    min_length: solved.min_length,
    dictionary: solved.dictionary,
    dice,
    seed,
    seconds,
    started: now,
    ends: now + seconds * 1000,
    stopped: null,
    entries: [],
  };
}

/** Whether the round is over at `now`: stopped, or out of time. */
export const isOver = (round, now) => round.stopped !== null || now >= round.ends;

/** Milliseconds left at `now` (none once stopped or out of time). */
export function timeLeft(round, now) {
  return Math.max(0, round.ends - (round.stopped ?? now));
}

/** m:ss, rounded up to the whole second, so 0:00 shows only when time is up. */
export function clock(ms) {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * The verdict on a word as entered, from the round alone: "too_short", "found",
 * "not_a_word" (traced, so on the board, yet not in the solution), or null when only
 * the dictionary can tell ("not_on_board" or "not_a_word").
 */
export function judge(round, onBoard, word, traced = false) {
  if ([...word].length < round.min_length) return "too_short";
  if (onBoard.has(word)) return "found";
  return traced ? "not_a_word" : null;
}

/** The words found so far and their points. */
export function tally(round) {
  const found = round.entries.filter((e) => e.verdict === "found");
  return { words: found.length, points: found.reduce((sum, e) => sum + e.points, 0) };
}

/**
 * Personal bests by board size ({"4x4": points, ...}) after a round that scored
 * `points` on a rows x cols board: the bests kept, the best before, whether it is new.
 */
export function updateBest(bests, rows, cols, points) {
  const size = `${rows}x${cols}`;
  const previous = bests[size] ?? null;
  const isNew = points > 0 && (previous === null || points > previous);
  return { bests: isNew ? { ...bests, [size]: points } : bests, previous, isNew };
}
