// Timed practice: a round on a random board (GET /random) or the solver's board, with a
// countdown. Words are traced on the cubes (Pointer Events) or typed, and each is judged
// at once against the round's solution (GET /solve, fetched when the round starts and
// not shown until it ends); GET /lookup tells a word that is not on the board from one
// that is not a word. When it ends, POST /score counts the words found against the
// board, so the summary is the server's. The round lives in localStorage, so a reload
// resumes it.
//
// The page's markup is templates/practice.html; the board and path drawing are the
// library's (lib/board-view.js), so the page contract holds: cells carry data-row and
// data-col, words are buttons with data-word, a chosen word's cells get data-step.

import { DefinitionPanel } from "./definitions.js";
import { getJSON, postJSON } from "./lib/api.js";
import {
  adoptPracticeAddress,
  lookUpAnywhere,
  prepare,
  rollAnywhere,
  scoreAnywhere,
  solveAnywhere,
} from "./lib/offline.js";
import { BoardView, PathPicker } from "./lib/board-view.js";
import { $, guardLeaving, h, showWhole } from "./lib/dom.js";
import { _, ngettext, number } from "./lib/i18n.js";
import { RovingList } from "./lib/roving.js";
import * as rounds from "./lib/round.js";
import { defaultMinLength, rules } from "./lib/rules.js";
import { Tracer } from "./lib/trace.js";
import {
  attemptItem,
  lengthRows,
  RECENT_WORDS,
  SORTS,
  WordListTools,
  wordList,
} from "./lib/word-list.js";

const page = $("practice");
const given = page.dataset; // what the address asked for, checked by the server
// Offline the page is the one kept, with no board: the address's is read into it.
await adoptPracticeAddress(page, $("source"), $("dictionary"));
const STORE = "boggle.practice";
const BESTS = "boggle.practice.bests"; // personal bests by board size, {"4x4": points}
const RUNNING = "practice_round"; // the cookie naming the round running (markRunning)
const LOW_TIME_MS = 10_000; // the timer turns red for the last seconds
const TICK_MS = 200;
const BEST_MISSED = 3; // the missed words the summary names

// How each verdict reads: the server's wording for those it shares with the scoring
// page (boggle/standings.py, in the reader's language: web/play.py), and the states
// only a round in play has.
const VERDICTS = {
  ...rules.verdicts,
  found: _("found"),
  again: _("already found"),
  checking: _("checking…"),
  unchecked: _("not checked (the server cannot be reached)"),
};
// The name the round's words are scored under (POST /score wants a player). Data, not
// shown: the page words the outcome itself.
const PLAYER = "You";

/**
 * A translated sentence laid out with elements in it: each %(name)s left in `text`
 * becomes `parts[name]` (a bold word, a link), wherever the translation put it.
 */
function sentence(text, parts) {
  return text
    .split(/%\((\w+)\)s/)
    .map((piece, i) => (i % 2 === 0 ? piece : (parts[piece] ?? `%(${piece})s`)))
    .filter((piece) => piece !== "");
}

// Passed as a counted text's values, it keeps %(num)s in the text for sentence() to
// put the count in, in bold.
const KEEP_NUM = { num: "%(num)s" };
const strong = (n) => h("strong", {}, number(n));

const view = new BoardView($("result-board"));
new RovingList($("found-list"));
new RovingList($("missed-list"));
// The round's words are looked up in its list's language (German Wiktionary for German).
const definition = new DefinitionPanel(
  $("definition"),
  (word, dictionary) => getJSON("define", { word, dictionary }),
  () => state.round?.dictionary ?? $("dictionary").value,
);
const picker = new PathPicker($("round"), view, $("selection"), (word) => definition.show(word));
definition.listen($("entered"), () => picker.selected && picker.select(null));
const missedTools = new WordListTools(
  {
    list: $("missed-list"),
    sort: $("missed-sort"),
    filter: $("missed-filter"),
    group: $("missed-group"),
    shown: $("missed-shown"),
  },
  () => renderMissed(),
);
const fine = matchMedia("(pointer: fine)").matches; // a mouse: focusing the input is safe

// Everything the page shows of a round comes from this one object; render() lays it out.
const state = {
  round: null, // the round as stored (lib/round.js): settings, times, the words entered
  solution: null, // the round's /solve document
  outcome: null, // once the round is over: its /score document, or {error: message}
  best: null, // once scored: how the round stands against the best on its size
  onBoard: new Map(), // word -> {word, score, path}, from the solution
  warned: new Set(), // the time warnings already given this round
  ticking: 0, // the timer's interval id
  confirming: false, // Stop was pressed once: "Stop now" or "Keep playing"?
};


// --- Storage and the API ----------------------------------------------------------------

function load() {
  try {
    const stored = JSON.parse(localStorage.getItem(STORE));
    return stored?.version === rounds.VERSION ? stored : null;
  } catch {
    return null;
  }
}

function save() {
  try {
    localStorage.setItem(STORE, JSON.stringify(state.round));
  } catch {
    // Storage can be full or refused (private windows); the round still plays.
  }
  markRunning(state.round);
}

function forget() {
  try {
    localStorage.removeItem(STORE);
  } catch {
    // Nothing was stored.
  }
  markRunning(null);
}

/**
 * Tell the server, in a cookie that lasts until the round's end, the shape of the round
 * running (none: the cookie goes), so that a reload is drawn as the round's screen from
 * the first paint, not as the setup this script would then replace (web/play.py).
 */
function markRunning(round) {
  const left = round && round.stopped === null ? Math.ceil((round.ends - Date.now()) / 1000) : 0;
  const shape = left > 0 ? `${round.rows}x${round.cols}` : "";
  document.cookie = `${RUNNING}=${shape}; path=${location.pathname}; max-age=${Math.max(left, 0)}; samesite=lax`;
}

// --- Setting up a round ---------------------------------------------------------------

const source = $("source");
const minutes = $("minutes");
let timeChosen = Boolean(given.seconds); // by the player or the address: keep it

/** The rows and columns of the board the setup asks for. */
function chosenShape() {
  if (source.value === "given") return [Number(given.rows), Number(given.cols)];
  return source.value.split("x").map(Number);
}

/** The rules' time for the chosen board, unless a time was chosen; its shortest word. */
function suitSetup() {
  const [rows, cols] = chosenShape();
  const big = rows * cols >= rules.big_board_cells;
  if (!timeChosen) minutes.value = String(big ? rules.big_round_seconds : rules.round_seconds);
  // Random boards take their dice set's rule: Super Big Boggle's words have 4 letters.
  const shortest =
    source.value === "given"
      ? given.minLength || String(rules.default_min_length)
      : defaultMinLength(rows, cols);
  $("setup-min").textContent = shortest;
}

source.addEventListener("change", suitSetup);
// The chosen list is kept for offline rounds from now on (lib/offline.js).
$("dictionary").addEventListener("change", () => prepare($("dictionary").value));
minutes.addEventListener("change", () => (timeChosen = true));

function showSetup() {
  state.round = null;
  render();
  suitSetup();
}

$("setup-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const start = $("start");
  const problem = $("setup-error");
  start.disabled = true;
  problem.hidden = true;
  try {
    let text = given.board;
    let minLength = given.minLength || "";
    let rolled = null;
    if (source.value !== "given") {
      const [rows, cols] = chosenShape();
      rolled = await rollAnywhere($("dictionary").value, rows, cols);
      [text, minLength] = [rolled.text, String(rolled.min_length)];
    }
    const dictionary = $("dictionary").value;
    // The server's solution, or the page's own search's with no network (lib/offline.js).
    const solved = await solveAnywhere({ board: text, min_length: minLength, dictionary });
    state.round = rounds.newRound(solved, {
      board: text,
      dice: rolled?.dice,
      seed: rolled?.seed,
      seconds: Number(minutes.value),
      now: Date.now(),
    });
    save();
    begin(solved);
  } catch (error) {
    problem.textContent = error.message;
    problem.hidden = false;
  } finally {
    start.disabled = false;
  }
});

// --- The round ------------------------------------------------------------------------

const over = () => rounds.isOver(state.round, Date.now());

// Leaving the page while the round runs asks first (the round goes on without the player).
const guard = guardLeaving(() => state.round !== null && !over());

// Once the round is over, the board pins over the lists of words found and missed.
view.pinWithin($("round").querySelector(".words-panel"), () => state.round !== null && over());

/** Show the round's board and words; run the timer, or show the results if it is over. */
function begin(solved) {
  state.solution = solved;
  state.confirming = false;
  state.onBoard = new Map(solved.words.map((found) => [found.word, found]));
  view.draw(solved);
  picker.reset();
  definition.show(null);
  clearInterval(state.ticking);
  if (over()) {
    finish();
    return;
  }
  $("message").textContent = "";
  $("selection").textContent = "";
  render();
  state.ticking = setInterval(tick, TICK_MS);
  if (fine) $("word-input").focus();
}

/** Lay out the state: setup or round, its controls and clock, words, and the results. */
function render() {
  const { round } = state;
  $("setup").hidden = round !== null;
  $("round").hidden = round === null;
  if (!round) return;
  const playing = !over();
  $("round").classList.toggle("over", !playing);
  $("word-form").hidden = !playing;
  $("stop").hidden = !playing || state.confirming;
  $("stop-confirm").hidden = !playing || !state.confirming;
  $("new-round").hidden = playing;
  $("challenge").hidden = playing || !state.outcome || Boolean(state.outcome.error);
  $("summary").hidden = playing;
  $("found-section").hidden = playing;
  $("missed-section").hidden = playing;
  $("trace").hidden = !playing;
  renderClock(playing);
  renderEntries(playing);
  if (!playing) renderOutcome();
}

function renderClock(playing) {
  const left = rounds.timeLeft(state.round, Date.now());
  $("timer").textContent = rounds.clock(left);
  $("timer").classList.toggle("low", playing && left <= LOW_TIME_MS);
  $("time-bar").value = left / (state.round.seconds * 1000);
}

function tick() {
  const left = rounds.timeLeft(state.round, Date.now());
  renderClock(true);
  for (const [at, words] of [
    [60_000, _("One minute left.")],
    [LOW_TIME_MS, _("Ten seconds left.")],
  ]) {
    const longer = state.round.seconds * 1000 > at; // a round shorter than this gets no warning
    if (left <= at && left > at - 2000 && longer && !state.warned.has(at)) {
      state.warned.add(at);
      $("announce").textContent = words;
    }
  }
  if (left === 0) finish();
}

/** Ask before stopping (a round cannot be taken up again), or stop having asked. */
function confirmStop(asking) {
  state.confirming = asking;
  render();
  $(asking ? "stop-no" : "stop").focus();
}

$("stop").addEventListener("click", () => confirmStop(true));
$("stop-no").addEventListener("click", () => confirmStop(false));
$("stop-yes").addEventListener("click", () => {
  state.confirming = false;
  state.round.stopped = Math.min(Date.now(), state.round.ends);
  save();
  finish();
});

$("new-round").addEventListener("click", () => {
  forget();
  $("challenge-status").hidden = true;
  Object.assign(state, { solution: null, outcome: null, warned: new Set() });
  clearInterval(state.ticking);
  $("entered").replaceChildren();
  showSetup();
  $("source").focus();
});

// "Challenge a friend": the round's board, clock, shortest word and found words, kept on
// the server as a challenge (POST /challenges); its page has the link to send.
$("challenge").addEventListener("click", async () => {
  const { round } = state;
  const button = $("challenge");
  button.disabled = true;
  $("challenge-status").hidden = true;
  try {
    const made = await postJSON("challenges", {
      board: round.board,
      min_length: round.min_length,
      dictionary: round.dictionary,
      seconds: round.seconds,
      words: round.entries.filter((e) => e.verdict === "found").map((e) => e.word),
    });
    location.assign(made.url);
  } catch (error) {
    $("challenge-status").textContent = error.offline
      ? _("Challenges need a connection: this device cannot reach the server now.")
      : error.message;
    $("challenge-status").hidden = false;
    button.disabled = false;
  }
});

/** The round is over: stop the clock, have the server score the words, show how it went. */
async function finish() {
  clearInterval(state.ticking);
  tracer.cancel();
  state.outcome = null;
  state.best = null;
  render();
  $("selection").textContent = _("Pick a word to see its path.");
  $("message").textContent = "";
  const { round } = state;
  const found = round.entries.filter((e) => e.verdict === "found").map((e) => e.word);
  let outcome;
  try {
    outcome = await scoreAnywhere(round, state.solution, PLAYER, found);
  } catch (error) {
    outcome = { error: error.message };
  }
  if (state.round !== round) return; // a new round began while this one was scored
  state.outcome = outcome;
  if (!outcome.error) state.best = recordBest(round, outcome.players[0].total_score);
  render();
  showWhole($("summary"));
  $("announce").textContent = _("%(title)s: %(summary)s.", {
    title: $("summary-title").textContent,
    summary: $("summary-text").textContent,
  });
}

/** Keep a round's points as the best on its board size if they are; say how it stands. */
function recordBest(round, points) {
  let bests = {};
  try {
    bests = JSON.parse(localStorage.getItem(BESTS)) ?? {};
  } catch {
    // Unreadable or refused: start again.
  }
  const result = rounds.updateBest(bests, round.rows, round.cols, points);
  try {
    if (result.isNew) localStorage.setItem(BESTS, JSON.stringify(result.bests));
  } catch {
    // Storage refused (a private window): said, not kept.
  }
  return result;
}

/**
 * The score against the most the board holds, and the words found and missed, as the
 * server counted them (POST /score with the round's words as one player's list).
 */
function renderOutcome() {
  const { round, solution, outcome } = state;
  $("summary-title").textContent = round.stopped !== null ? _("Round stopped") : _("Time's up");
  const solver = new URL("./", location.href);
  solver.search = new URLSearchParams({
    board: round.board,
    min_length: round.min_length,
    dictionary: round.dictionary,
  });
  const size = `${round.rows} × ${round.cols}`;
  const best = state.best;
  const standing = !best
    ? ""
    : best.isNew
      ? _("A new best on %(size)s!", { size })
      : best.previous !== null
        ? ngettext(
            "Your best on %(size)s: %(num)s point.",
            "Your best on %(size)s: %(num)s points.",
            best.previous,
            { size },
          )
        : "";
  const board = _("%(size)s board, words of %(shortest)s letters or more.", {
    size,
    shortest: number(round.min_length),
  });
  $("summary-detail").replaceChildren(
    [board, standing].filter(Boolean).join(" ") + " ",
    h("a", { href: solver.href }, _("This board in the solver")),
  );
  const lists = [$("found-title"), $("found-list"), $("missed-title"), $("missed-list")];
  $("missed-tools").hidden = !outcome?.missed?.count;
  $("best-missed").hidden = !outcome?.missed?.count;
  if (!outcome || outcome.error) {
    $("summary-text").textContent = outcome
      ? _("The round could not be scored: %(error)s", { error: outcome.error })
      : _("Counting…");
    for (const element of lists) element.replaceChildren();
    return;
  }
  const [you] = outcome.players;
  const { missed } = outcome;
  // Each agrees in number with the board's total, the count it ends on: "4 of 12 points".
  const points = ngettext(
    "%(found)s of %(num)s point",
    "%(found)s of %(num)s points",
    outcome.total_score,
    { found: number(you.total_score) },
  );
  const words = ngettext(
    "%(found)s of %(num)s word",
    "%(found)s of %(num)s words",
    outcome.count,
    { found: number(you.scored_words) },
  );
  $("summary-text").replaceChildren(h("strong", {}, points), ", ", h("strong", {}, words));
  // The words that scored, in the solution's order: by score, then A to Z.
  const scored = new Set(you.words.filter((w) => w.verdict === "scored").map((w) => w.word));
  const found = solution.words.filter((w) => scored.has(w.word));
  $("found-title").textContent = _("Found · %(words)s, %(points)s", {
    words: ngettext("%(num)s word", "%(num)s words", you.scored_words),
    points: ngettext("%(num)s point", "%(num)s points", you.total_score),
  });
  $("found-list").replaceChildren(
    found.length ? wordList(found) : h("p", { class: "empty" }, _("No words this time.")),
  );
  $("missed-title").textContent = _("Missed · %(words)s, %(points)s", {
    words: ngettext("%(num)s word", "%(num)s words", missed.count),
    points: ngettext("%(num)s point", "%(num)s points", missed.total_score),
  });
  // The best of them under the score, on the first screen: by points, then length.
  const top = [...missed.words].sort(SORTS.score).slice(0, BEST_MISSED);
  $("best-missed-list").replaceChildren(wordList(top, picker.selected));
  renderMissed();
}

/** The words the round missed, best first (by points, then length) unless the tools say otherwise. */
function renderMissed() {
  const missed = state.outcome?.missed;
  if (!missed) return;
  missedTools.render(missed.words, {
    rows: lengthRows(missed.words),
    selected: picker.selected,
    empty: _("Every word. Well played!"),
  });
}

// --- Judging words --------------------------------------------------------------------

/** Judge a word (typed, or traced: then it is on the board) and add it to the list. */
async function enter(written, traced = false) {
  const word = rounds.normalize(written);
  const { round } = state;
  if (!word || !round || over()) return null;
  const known = round.entries.find((e) => e.word === word);
  if (known) {
    const again = known.verdict === "found" ? "again" : known.verdict;
    say(word, again);
    return again;
  }
  const entry = { word, verdict: "checking", points: 0 };
  round.entries.push(entry);
  const verdict = rounds.judge(round, state.onBoard, word, traced);
  if (verdict) {
    entry.verdict = verdict;
    if (verdict === "found") entry.points = state.onBoard.get(word).score;
  } else {
    render();
    entry.verdict = await lookUp(word, round.dictionary);
    if (state.round !== round) return null; // a new round began while it was looked up
  }
  save();
  render();
  say(word, entry.verdict, entry.points);
  return entry.verdict;
}

/** Whether a word not on the board is a word at all. */
async function lookUp(word, dictionary) {
  try {
    const answer = await lookUpAnywhere(word, dictionary);
    return answer.in_dictionary ? "not_on_board" : "not_a_word";
  } catch (error) {
    return error.offline ? "unchecked" : "not_a_word"; // a 400 here is a word too long
  }
}

/** The short message under the board. */
function say(word, verdict, points = 0) {
  const message = $("message");
  message.className = `message verdict-${verdict}`;
  const said =
    verdict === "found"
      ? ngettext("found, +%(num)s point", "found, +%(num)s points", points)
      : VERDICTS[verdict];
  message.replaceChildren(
    ...sentence(_("%(word)s: %(verdict)s", { verdict: said }), { word: h("strong", {}, word) }),
  );
}

/** The words entered: all of them while playing, newest first; after, those not counted. */
function renderEntries(playing) {
  const { entries } = state.round;
  const shown = playing ? [...entries].reverse() : entries.filter((e) => e.verdict !== "found");
  $("words-title").textContent = playing ? _("Your words") : _("Not counted");
  $("no-words").textContent = playing ? _("None yet.") : _("None: every word you entered counted.");
  $("no-words").hidden = shown.length > 0;
  $("how-to").hidden = !playing;
  const item = (entry) =>
    attemptItem(
      entry.word,
      entry.verdict,
      entry.verdict === "found" ? `+${number(entry.points)}` : VERDICTS[entry.verdict],
    );
  $("entered").replaceChildren(...shown.map(item));
  $("recent").replaceChildren(...(playing ? shown.slice(0, RECENT_WORDS).map(item) : []));
  definition.upgrade($("entered"), ".attempt-word");
  const { words, points } = rounds.tally(state.round);
  $("tally").replaceChildren(
    ...sentence(ngettext("%(num)s point", "%(num)s points", points, KEEP_NUM), {
      num: strong(points),
    }),
    " · ",
    ...sentence(ngettext("%(num)s word", "%(num)s words", words, KEEP_NUM), {
      num: strong(words),
    }),
  );
}

$("word-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $("word-input");
  enter(input.value);
  input.value = "";
});

// --- Tracing words on the cubes -------------------------------------------------------

/** The traced path flashes green for a word found, red for one that does not count. */
const outcome = (verdict) => (verdict ? (verdict === "found" ? "found" : "miss") : null);

const tracer = new Tracer(view, {
  canStart: () => Boolean(state.round) && !over(),
  faceAt: ([r, c]) => state.solution.board[r][c],
  onWord: (word, cells) => enter(word, true).then((verdict) => tracer.flash(cells, outcome(verdict))),
  text: $("trace"),
});

// --- Start ----------------------------------------------------------------------------

/** Open the stored round: resume it, or show how it went. */
async function resume(stored) {
  state.round = stored;
  const round = stored;
  try {
    begin(
      await solveAnywhere({
        board: round.board,
        min_length: round.min_length,
        dictionary: round.dictionary,
      }),
    );
    if (given.board && given.board !== round.board && !over()) {
      $("message").textContent = _(
        "Your last round is still running. Stop it to start one on the solver's board.",
      );
    }
  } catch (error) {
    showSetup();
    $("setup-error").textContent = _("The last round could not be opened: %(error)s", {
      error: error.message,
    });
    $("setup-error").hidden = false;
  }
}

// Another tab started, ended or cleared the round: show what it did.
window.addEventListener("storage", (event) => {
  if (event.key !== STORE) return;
  guard.off(); // the other tab has the round: this one follows without asking
  location.reload();
});

// The page is drawn for the script already (style.css, .with-script): as the setup, or
// as the round's screen while the cookie says a round runs.
prepare($("dictionary").value);
const stored = load();
const running = stored && stored.stopped === null && Date.now() < stored.ends;
markRunning(running ? stored : null); // a cookie left by a round forgotten here goes
// A finished round stays on show, unless the address brings a different board to play.
if (stored && (running || !given.board || given.board === stored.board)) {
  resume(stored);
} else {
  showSetup();
}
