// A game room (templates/room.html), live: the page polls the room (GET /rooms/CODE,
// conditional on its ETag, every 2 s) and draws what the server says, so every phone at
// the table shows the same thing: the join form, the lobby, the countdown, the round in
// play or its results. Every time is the server's, read on this page's clock corrected
// by its offset from the server's (lib/server-clock.js, from each answer's time and
// round trip): the countdown counts down to `started_at`, when the page asks for the
// board (the server shows none before), so every phone shows it at the same server
// instant; the clock counts down to `ends_at`, and the results are asked for at
// `closes_at`, the instant the server has them. Words are traced on the cubes or typed
// (lib/trace.js, as in practice) and each is judged by the server at once, privately
// (POST .../words); a reload restores them (GET .../words). The results, theirs to
// show only once time is up, are the server's (GET .../results): each player's words
// in columns, shared ones crossed off, a word's path on tap (lib/board-view.js, so the
// page contract's data-step marks hold), the best words nobody found, room totals.
//
// The server draws the same page without this script (web/rooms/pages.py). Its words
// are the template's, in the reader's language (lib/i18n.js); the verdicts and the
// results' sentences come worded by the server.

import { deleteJSON, getIfChanged, getJSON, postJSON } from "./lib/api.js";
import { BoardView, PathPicker, pathText } from "./lib/board-view.js";
import { $, announce, FieldErrors, guardLeaving, h, KEEP_NUM, strong } from "./lib/dom.js";
import { _, ngettext, number as writeNumber } from "./lib/i18n.js";
import { RovingList } from "./lib/roving.js";
import { clock, normalize } from "./lib/round.js";
import { rules } from "./lib/rules.js";
import { ServerClock } from "./lib/server-clock.js";
import { Tracer } from "./lib/trace.js";
import { attemptItem, RECENT_WORDS, wordList } from "./lib/word-list.js";

const page = $("room");
const code = page.dataset.code;
const root = new URL(page.dataset.root, location.href).href; // the API is at the app's root
const room = (path = "") => `rooms/${code}${path}`;

const POLL_MS = 2000; // the room is asked every 2 s
const EARLY_RETRY_MS = 40; // asked a shade early for the board or the results: again soon
const RETRY_RESULTS_MS = 700; // asking again, when the results could not be had
const TICK_MS = 200;
const LOW_TIME_MS = 10_000; // the timer turns red for the last seconds

// How each verdict reads: the server's wording (web/rooms/pages.py), and the states only
// this page knows.
const VERDICTS = {
  ...rules.verdicts,
  checking: _("checking…"),
  unchecked: _("not checked (the server cannot be reached)"),
  late: _("too late: time was up"),
};

const state = {
  room: null, // the last room document
  etag: null,
  view: page.dataset.state, // join | waiting | starting | playing | finished
  drawn: 0, // the round whose board is drawn for play
  words: [], // this player's words in the current round: {word, verdict, score, path}
  wordsRound: 0, // the round `words` belong to (restored from the server once per round)
  results: null, // the finished round's results document
  resultsRound: 0,
  asking: false, // a results request is on its way
  resultsDue: 0, // the round whose results are asked for at its close
  warned: 0, // the round whose "ten seconds left" was said
  counted: 0, // the round whose countdown was announced
  handoff: null, // the instant of the last hand-off of the host's seat this page said
  polling: 0, // the timeout of the next poll
  ticking: 0, // the clock's interval
  counting: 0, // the countdown's timeout
};
const serverClock = new ServerClock();

const playView = new BoardView($("play-board"));
const resultView = new BoardView($("result-board"));
resultView.pinWithin($("finished"));
const picker = new PathPicker($("finished"), resultView, $("selection"));
// One Tab stop for the players' words and one for the missed words; arrows move inside.
new RovingList($("columns"));
new RovingList($("missed-list"));
const joinErrors = new FieldErrors(["name"]);
// Leaving the page mid-round, or as it counts down, asks first: the round goes on
// without the player.
guardLeaving(() => state.view === "playing" || state.view === "starting");

const serverNow = () => serverClock.serverNow();
const round = () => state.room?.round;
const you = () => state.room?.players.find((p) => p.id === state.room.you) ?? null;

/** Milliseconds left in the round in play, by the server's clock. */
function timeLeft() {
  const r = round();
  if (!r || r.state !== "playing") return 0;
  return Math.max(0, r.ends_at * 1000 - serverNow());
}

/** What the page shows for the room as it stands. */
function viewOf() {
  const r = round();
  if (!state.room || state.room.you === null) return "join";
  // Until the answer with the board comes, the countdown stays (at 0 once it is time).
  if (r.state === "starting") return "starting";
  if (r.state === "playing" && timeLeft() > 0) return "playing";
  if (r.state === "waiting" || r.number === 0) return "waiting";
  return "finished";
}

// --- Talking to the server -------------------------------------------------------------

/** Take a room document, and draw the room. */
function take(doc) {
  state.room = doc;
  render();
}

/** Ask for the room (unless it has not changed), then again in a moment: at the
 * round's start if it is counting down, for its board. */
async function poll() {
  clearTimeout(state.polling);
  try {
    const answer = await getIfChanged(room(), state.etag, root);
    serverClock.sample(answer.sent, answer.received, answer.serverTime);
    $("room-error").hidden = true;
    if (answer.status !== 304) {
      state.etag = answer.etag;
      take(answer.body);
    } else {
      render(); // the clock may have run out
    }
  } catch (error) {
    showError(error.offline ? _("The server cannot be reached; trying again.") : error.message);
  }
  const r = round();
  let wait = POLL_MS;
  if (r?.state === "starting") {
    // At the start by the server's clock (surely: a poll a shade early is answered 304,
    // still starting, and costs another round trip).
    const until = serverClock.untilSurely(r.started_at);
    wait = until > 0 ? Math.min(POLL_MS, until) : EARLY_RETRY_MS;
  }
  state.polling = setTimeout(poll, wait);
}

/** Ask for the room at once, whatever the last ETag (the caller's seat changed). */
function pollNow() {
  state.etag = null;
  poll();
}

function showError(message) {
  $("room-error").textContent = message;
  $("room-error").hidden = false;
}

// --- Drawing the room ------------------------------------------------------------------

function render() {
  if (!state.room) return;
  const before = state.view;
  state.view = viewOf();
  page.dataset.state = state.view;
  for (const id of ["join", "lobby", "play", "finished"]) {
    $(id).hidden = id !== { join: "join", waiting: "lobby", playing: "play", finished: "finished" }[state.view];
  }
  $("starting").hidden = state.view !== "starting";
  const me = you();
  const who = me?.host
    ? _("You play as <strong>%(name)s</strong> and host the room.")
    : _("You play as <strong>%(name)s</strong>.");
  $("room-who").replaceChildren(...(me ? strong(who, { name: me.name }) : []));
  page.dataset.you = me?.id ?? "";
  page.dataset.round = round().number;
  renderLobby(me);
  renderJoin();
  renderHandoff(me);
  renderManage(me);
  if (state.view === "starting") renderCountdown();
  else {
    clearTimeout(state.counting);
    state.counting = 0;
  }
  if (state.view === "playing") renderPlay(before !== "playing");
  else {
    clearInterval(state.ticking);
    state.ticking = 0;
    tracer.cancel();
  }
  if (state.view === "finished") renderFinished(before !== "finished");
  if (before !== state.view) {
    if (state.view === "playing") {
      announce(_("Round %(number)s has started.", { number: round().number }));
      showWhole($("play").querySelector(".play-panel"));
    }
    if (state.view === "finished" && before === "playing") {
      announce(_("Time's up."));
      showWhole($("finished"));
    }
  }
}

/** Scroll an element's top to the top of the screen unless it is all on screen already
 * (a phone scrolled down the lobby would otherwise start the round off the board). */
function showWhole(element) {
  const box = element.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= innerHeight) return;
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
}

function renderLobby(me) {
  $("room-url").value = state.room.url;
  $("players").replaceChildren(
    ...state.room.players.map((player) =>
      h(
        "li",
        { "data-player": player.id },
        player.name,
        ...(player.host ? [" ", h("span", { class: "tag" }, _("host"))] : []),
        ...(player.id === me?.id ? [" ", h("span", { class: "tag" }, _("you"))] : []),
      ),
    ),
  );
  const host = Boolean(me?.host);
  for (const form of document.querySelectorAll(".room-start, .room-next")) {
    form.hidden = !host;
  }
  $("waiting-host").hidden = host;
  $("waiting-next").hidden = host;
}

/** The join form, or why there is none: the room is locked; and the note for a player
 * the host removed. */
function renderJoin() {
  const { locked, removed } = state.room;
  $("removed-note").hidden = !removed;
  $("locked-note").hidden = !locked;
  $("join-lede").hidden = locked;
  $("join-form").hidden = locked;
}

/** Who hosts the room now, when its host was away: every phone says so, once aloud. */
function renderHandoff(me) {
  const { handoff } = state.room;
  const note = $("room-note");
  note.hidden = !handoff;
  if (!handoff) {
    note.replaceChildren();
    return;
  }
  const name = (id) => state.room.players.find((p) => p.id === id)?.name;
  const [old, heir] = [name(handoff.from), name(handoff.to)];
  const seconds = Number(page.dataset.hostAway);
  let text;
  if (handoff.to === me?.id) {
    text = old
      ? _("<strong>%(old)s</strong> has been away for %(seconds)s s: you host the room now.")
      : _("The host has been away for %(seconds)s s: you host the room now.");
  } else {
    text = old
      ? _("<strong>%(old)s</strong> has been away for %(seconds)s s: <strong>%(new)s</strong> hosts the room now.")
      : _("The host has been away for %(seconds)s s: <strong>%(new)s</strong> hosts the room now.");
  }
  note.replaceChildren(...strong(text, { old, new: heir, seconds }));
  if (state.handoff !== handoff.at) {
    state.handoff = handoff.at;
    announce(note.textContent);
  }
}

/** The host's controls: the lock, and a Remove button for each other player. */
function renderManage(me) {
  const host = Boolean(me?.host);
  $("manage").hidden = !(host && (state.view === "waiting" || state.view === "finished"));
  if (!host) return;
  const { locked, players } = state.room;
  $("lock-room").setAttribute("aria-pressed", String(locked));
  $("lock-value").value = locked ? "0" : "1";
  $("lock-state").textContent = locked ? _("Nobody new can join.") : _("Anyone with the code can join.");
  const others = players.filter((p) => p.id !== me.id);
  $("no-seats").hidden = others.length > 0;
  $("seats").replaceChildren(
    ...others.map((player) =>
      h(
        "li",
        { "data-player": player.id },
        h("span", { class: "seat-name" }, player.name),
        h(
          "button",
          { type: "button", class: "seat-remove", "data-player": player.id },
          _("Remove"),
          h("span", { class: "vh" }, ` ${player.name}`),
        ),
      ),
    ),
  );
}

// --- The countdown ---------------------------------------------------------------------

/** 3, 2, 1 to the round's start by the server's clock, each number at its whole second
 * (the poll at the start brings the board, see `poll`). */
function renderCountdown() {
  const r = round();
  $("starting-title").textContent = _("Round %(number)s is about to start", { number: r.number });
  const left = serverClock.until(r.started_at);
  // "1" stays until the board comes (a round trip after the start), never "0".
  const seconds = Math.max(1, Math.ceil(left / 1000));
  $("countdown").textContent = String(seconds);
  if (state.counted !== r.number) {
    state.counted = r.number;
    announce(ngettext("The round starts in %(num)s second.", "The round starts in %(num)s seconds.", seconds));
    showWhole($("starting"));
  }
  clearTimeout(state.counting);
  if (left > 0) state.counting = setTimeout(renderCountdown, left % 1000 || 1000);
}

// --- The round in play -----------------------------------------------------------------

function renderPlay(starting) {
  const r = round();
  if (state.drawn !== r.number) {
    playView.draw({ rows: r.board.length, cols: r.board[0].length, board: r.board });
    state.drawn = r.number;
    $("message").textContent = "";
    $("message").className = "message";
    $("play-title").textContent = _("Round %(number)s", { number: r.number });
  }
  if (state.wordsRound !== r.number) {
    state.words = [];
    state.wordsRound = r.number;
    renderWords();
    restoreWords(r.number);
  }
  if (!state.ticking) state.ticking = setInterval(tick, TICK_MS);
  tick();
  if (starting && matchMedia("(pointer: fine)").matches) $("word-input").focus();
}

/** The words this player entered in the round, as the server kept them (after a reload). */
async function restoreWords(number) {
  try {
    const { words: kept } = await getJSON(room(`/rounds/${number}/words`), {}, root);
    if (state.wordsRound !== number) return;
    const entered = new Set(state.words.map((w) => w.word));
    state.words = [...kept.filter((w) => !entered.has(w.word)), ...state.words];
    renderWords();
  } catch {
    // Not fatal: new words are still judged; the old ones show after the round.
  }
}

function tick() {
  const r = round();
  const left = timeLeft();
  // A screen reader hears the last ten seconds begin, once a round.
  if (left <= LOW_TIME_MS && left > 0 && state.warned !== r.number && r.ends_at - r.started_at > 10) {
    state.warned = r.number;
    announce(_("Ten seconds left."));
  }
  $("timer").textContent = clock(left);
  $("timer").classList.toggle("low", left <= LOW_TIME_MS);
  $("time-bar").value = left / ((r.ends_at - r.started_at) * 1000);
  if (left === 0) render(); // time's up: the results, at the round's close
}

/** Send a word to the server; show its verdict (only this player sees it). */
async function enter(written, cells = null) {
  const word = normalize(written);
  const r = round();
  if (!word || state.view !== "playing") return;
  const number = r.number;
  const known = state.words.find((w) => w.word === word && w.verdict === "accepted");
  if (known) {
    say(word, "repeat");
    tracer.flash(cells, "miss");
    return;
  }
  const entry = { word, verdict: "checking", score: 0, path: null };
  state.words.push(entry);
  renderWords();
  try {
    const answer = await postJSON(room(`/rounds/${number}/words`), { word }, root);
    Object.assign(entry, { verdict: answer.verdict, score: answer.score ?? 0, path: answer.path });
  } catch (error) {
    if (error.code === "round_over" || error.code === "round_not_current") {
      entry.verdict = "late";
    } else if (error.offline) {
      entry.verdict = "unchecked";
    } else {
      // Refused as a request (too many words at once, too long): not entered at all.
      state.words.splice(state.words.indexOf(entry), 1);
      renderWords();
      say(word, null, error.message);
      tracer.flash(cells, "miss");
      return;
    }
  }
  if (state.wordsRound !== number) return;
  renderWords();
  say(word, entry.verdict, entry.score);
  tracer.flash(cells, entry.verdict === "accepted" ? "found" : "miss");
}

/** The short message under the board. */
function say(word, verdict, detail = 0) {
  const message = $("message");
  message.className = `message verdict-${verdict ?? "not_a_word"}`;
  const text =
    verdict === null
      ? detail
      : verdict === "accepted"
        ? ngettext("accepted, +%(num)s point", "accepted, +%(num)s points", detail)
        : VERDICTS[verdict];
  message.replaceChildren(...strong(_("<strong>%(word)s</strong>: %(verdict)s"), { word, verdict: text }));
}

function renderWords() {
  const shown = [...state.words].reverse();
  $("no-words").hidden = shown.length > 0;
  const item = (entry) =>
    attemptItem(
      entry.word,
      entry.verdict,
      entry.verdict === "accepted" ? `+${entry.score}` : VERDICTS[entry.verdict],
    );
  $("entered").replaceChildren(...shown.map(item));
  $("recent").replaceChildren(...shown.slice(0, RECENT_WORDS).map(item));
  const accepted = state.words.filter((w) => w.verdict === "accepted");
  const points = accepted.reduce((sum, w) => sum + w.score, 0);
  // Two counts, each its own counted text, as the template says them.
  $("tally").replaceChildren(
    ...strong(ngettext("<strong>%(num)s</strong> point", "<strong>%(num)s</strong> points", points, KEEP_NUM), {
      num: writeNumber(points),
    }),
    " · ",
    ...strong(
      ngettext("<strong>%(num)s</strong> word", "<strong>%(num)s</strong> words", accepted.length, KEEP_NUM),
      { num: writeNumber(accepted.length) },
    ),
  );
}

$("word-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $("word-input");
  enter(input.value);
  input.value = "";
});

const tracer = new Tracer(playView, {
  canStart: () => state.view === "playing",
  faceAt: ([r, c]) => round().board[r][c],
  onWord: (word, cells) => enter(word, cells),
  text: $("trace"),
});

// --- The results -----------------------------------------------------------------------

function renderFinished(arriving) {
  const { number } = round();
  $("result-title").textContent = _("Round %(number)s: time's up", { number });
  $("totals-title").textContent = ngettext("The room after %(num)s round", "The room after %(num)s rounds", number);
  if (state.resultsRound !== number) {
    // The results come at the round's close (its end and the short grace for words on
    // their way), by the server's clock: asked for then, not polled for.
    if (state.resultsDue !== number) {
      state.resultsDue = number;
      setTimeout(() => askResults(number), Math.max(0, serverClock.untilSurely(round().closes_at)));
    }
    if (arriving) {
      // The board just played stays in view while the server counts.
      const { board } = round();
      picker.reset();
      resultView.draw({ rows: board.length, cols: board[0].length, board });
      $("headline").textContent = _("Counting…");
      for (const id of ["columns", "missed-list", "missed-count", "selection"]) {
        $(id).replaceChildren();
      }
    }
  }
  renderTotals();
}

/** Ask for the round's results until the server has them (just after the end). */
async function askResults(number) {
  if (state.asking) return;
  state.asking = true;
  try {
    const results = await getJSON(room(`/rounds/${number}/results`), {}, root);
    state.results = results;
    state.resultsRound = number;
    drawResults();
    announce(results.headline);
    pollNow(); // the totals now count this round
  } catch (error) {
    if (error.code === "round_not_over" || error.offline) {
      // Asked a shade early (this clock's estimate is off by a little), or not answered.
      const wait = error.offline ? RETRY_RESULTS_MS : EARLY_RETRY_MS;
      setTimeout(() => round().number === number && askResults(number), wait);
    } else {
      $("headline").textContent = _("The results could not be had: %(message)s", { message: error.message });
    }
  } finally {
    state.asking = false;
  }
}

/** One word of a player's column: a button showing its path, crossed off when shared. */
function resultWord(verdict) {
  const shared = Boolean(verdict.shared) || verdict.verdict === "duplicate";
  const inner = [h("span", { class: "room-word-text" }, verdict.word)];
  if (shared) {
    inner.push(h("span", { class: "vh" }, ` ${_("(crossed off: found by more than one player)")}`));
  } else if (verdict.verdict !== "scored") {
    inner.push(" ", h("span", { class: "room-verdict" }, verdict.verdict_text));
  } else {
    inner.push(
      " ",
      h(
        "span",
        { class: "score" },
        String(verdict.points),
        h("span", { class: "vh" }, ` ${ngettext("point", "points", verdict.points)}`),
      ),
    );
  }
  const body = verdict.path
    ? [
        h(
          "button",
          {
            type: "button",
            "data-word": verdict.word,
            "data-score": verdict.score,
            "data-path": pathText(verdict.path),
            "aria-pressed": "false",
          },
          ...inner,
        ),
      ]
    : inner;
  return h(
    "li",
    { class: `room-word verdict-${verdict.verdict}${shared ? " shared" : ""}` },
    ...body,
  );
}

function drawResults() {
  const { results } = state;
  picker.reset();
  resultView.draw({ rows: results.board.length, cols: results.board[0].length, board: results.board });
  $("headline").textContent = results.headline;
  $("selection").textContent = _("Pick a word to see its path.");
  // In the order of the round's ranking, each with its place as the server flags it.
  const players = new Map(results.players.map((player) => [player.id, player]));
  $("columns").replaceChildren(
    ...results.ranking.map((place) => {
      const player = players.get(place.id);
      const tags = [
        [place.winner, _("winner"), "tag tag-win"],
        [place.tied, _("tied"), "tag"],
        [place.tie_break, ngettext("tie-break: %(num)s long word", "tie-break: %(num)s long words", place.long_words), "tag"],
      ].filter(([shown]) => shown);
      return h(
        "section",
        { class: `room-column${place.winner ? " winner" : ""}`, "data-player": player.name },
        h(
          "h3",
          {},
          h("span", { class: "player-name" }, player.name),
          " ",
          h("span", { class: "player-total" }, ngettext("%(num)s point", "%(num)s points", player.total_score)),
        ),
        h(
          "p",
          { class: "room-rank" },
          _("Rank %(rank)s", { rank: place.rank }),
          ...tags.flatMap(([, text, kind]) => [" ", h("span", { class: kind }, text)]),
        ),
        player.words.length
          ? h("ul", { class: "room-words", translate: "no" }, ...player.words.map(resultWord))
          : h("p", { class: "empty" }, _("No words.")),
      );
    }),
  );
  const best = results.missed.words.slice(0, Number(page.dataset.bestMissed));
  $("missed-count").textContent = results.missed.text;
  $("missed-list").replaceChildren(...(best.length ? [wordList(best)] : []));
  renderTotals();
}

/** The room's totals over its finished rounds, beside this round's points. */
function renderTotals() {
  const players = state.room.players;
  const finished = state.resultsRound === round().number ? state.results.players : [];
  const thisRound = new Map(finished.map((p) => [p.id, p.total_score]));
  const top = Math.max(...players.map((p) => p.total_score));
  const rows = [...players].sort((a, b) => b.total_score - a.total_score || a.id - b.id);
  $("totals").replaceChildren(
    ...rows.map((p) =>
      h(
        "tr",
        p.total_score === top && top > 0 ? { class: "winner" } : {},
        h("th", { scope: "row" }, p.name),
        h("td", { class: "num" }, String(thisRound.get(p.id) ?? "–")),
        h("td", { class: "num" }, String(p.total_score)),
      ),
    ),
  );
}

// --- Joining, starting, sharing --------------------------------------------------------

$("join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  joinErrors.clear();
  $("join-button").disabled = true;
  try {
    await postJSON(room("/players"), { name: $("name").value }, root);
    pollNow();
  } catch (error) {
    joinErrors.show("name", error.message);
  } finally {
    $("join-button").disabled = false;
  }
});

// The host's controls: the lock, and removing a player (the answer is the room).
$("lock-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const button = $("lock-room");
  button.disabled = true;
  try {
    state.etag = null;
    take(await postJSON(room("/lock"), { locked: !state.room.locked }, root));
  } catch (error) {
    showError(error.message);
  } finally {
    button.disabled = false;
  }
});

$("seats").addEventListener("click", async (event) => {
  const button = event.target.closest(".seat-remove");
  if (!button) return;
  button.disabled = true;
  try {
    state.etag = null;
    take(await deleteJSON(room(`/players/${button.dataset.player}`), root));
  } catch (error) {
    showError(error.message);
    button.disabled = false;
  }
});

for (const form of document.querySelectorAll(".room-start, .room-next")) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    try {
      state.etag = null;
      take(await postJSON(room("/rounds"), {}, root));
    } catch (error) {
      showError(error.message);
      pollNow();
    } finally {
      button.disabled = false;
    }
  });
}

$("share-room").addEventListener("click", async () => {
  const link = state.room?.url ?? $("room-url").value;
  if (navigator.share) {
    try {
      await navigator.share({ title: document.title, url: link });
      return;
    } catch (error) {
      if (error.name === "AbortError") return; // the sheet was closed: nothing to do
    }
  }
  try {
    await navigator.clipboard.writeText(link);
    $("share-status").textContent = _("Link copied: paste it to the other players.");
  } catch {
    $("share-status").textContent = _("The browser did not allow copying; copy the link above.");
  }
});

// --- Start -----------------------------------------------------------------------------

// Sharing and tracing are the script's, and the page keeps itself up to date: the
// server drew them for a browser that runs scripts already (style.css, .with-script).
poll();
