// A day's board and a challenge (templates/daily_board.html, challenge.html), and the
// player's page (me.html). The server draws each page whole as it stands, and its forms
// work without this script; the script adds what needs one:
//
// - the round in play (_apart.html's round screen, the practice page's and the rooms'):
//   a clock counting down to the server's `ends_at` (corrected by this clock's offset
//   from the server's `now`, as the page was drawn), words traced on the cubes or typed
//   and each judged by the server at once (POST .../words, privately), Stop asked
//   twice; when time is up and its grace over, the page is drawn again: the results;
// - the results: a word's path on tap (lib/board-view.js, so the page contract's
//   data-step marks hold);
// - a link to share: the phone's share sheet, or a copy.

import { getJSON, postJSON } from "./lib/api.js";
import { BoardView, PathPicker } from "./lib/board-view.js";
import { $, announce, KEEP_NUM, strong } from "./lib/dom.js";
import { _, ngettext, number as writeNumber } from "./lib/i18n.js";
import { RovingList } from "./lib/roving.js";
import { clock, normalize } from "./lib/round.js";
import { rules } from "./lib/rules.js";
import { Tracer } from "./lib/trace.js";
import { attemptItem } from "./lib/word-list.js";

const TICK_MS = 200;
const LOW_TIME_MS = 10_000; // the timer turns red for the last seconds
const AFTER_CLOSE_MS = 300; // the results are asked for just after the grace

// How each verdict reads: the server's wording (web/rooms/pages.py), and the states only
// this page knows.
const VERDICTS = {
  ...(rules.verdicts ?? {}),
  checking: _("checking…"),
  unchecked: _("not checked (the server cannot be reached)"),
  late: _("too late: time was up"),
};

// --- The round in play -------------------------------------------------------------------

const play = $("play");

if (play) {
  const times = play.dataset;
  // The server's clock minus this one, reckoned from when the page was drawn.
  const offset = Number(times.now) * 1000 - Date.now();
  const serverNow = () => Date.now() + offset;
  const startedAt = Number(times.startedAt) * 1000;
  const endsAt = Number(times.endsAt) * 1000;
  const closesAt = Number(times.closesAt) * 1000;
  const api = times.api;
  const state = {
    words: [], // {word, verdict, score}: this player's, as the server judged them
    over: false,
    warned: false,
    confirming: false,
  };
  const view = new BoardView($("play-board"));
  const timeLeft = () => Math.max(0, endsAt - serverNow());

  /** The words sent, newest first, and the points and words that count so far. */
  const renderWords = () => {
    const shown = [...state.words].reverse();
    $("no-words").hidden = shown.length > 0;
    $("entered").replaceChildren(
      ...shown.map((entry) =>
        attemptItem(
          entry.word,
          entry.verdict,
          entry.verdict === "accepted" ? `+${entry.score}` : VERDICTS[entry.verdict],
        ),
      ),
    );
    const accepted = state.words.filter((w) => w.verdict === "accepted");
    const points = accepted.reduce((sum, w) => sum + w.score, 0);
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
  };

  /** The short message under the board. */
  const say = (word, verdict, detail = 0) => {
    const message = $("message");
    message.className = `message verdict-${verdict ?? "not_a_word"}`;
    const text =
      verdict === null
        ? detail
        : verdict === "accepted"
          ? ngettext("accepted, +%(num)s point", "accepted, +%(num)s points", detail)
          : VERDICTS[verdict];
    message.replaceChildren(...strong(_("<strong>%(word)s</strong>: %(verdict)s"), { word, verdict: text }));
  };

  /** Draw the page again: the server shows the results once the play is counted. */
  const results = () => location.assign($("apart").dataset.page);

  /** Send a word to the server; show its verdict (only this player sees it). */
  const enter = async (written, cells = null) => {
    const word = normalize(written);
    if (!word || state.over) return;
    const known = state.words.find((w) => w.word === word && w.verdict === "accepted");
    if (known) {
      say(word, "repeat");
      tracer.flash(cells, "miss");
      return;
    }
    const entry = { word, verdict: "checking", score: 0 };
    state.words.push(entry);
    renderWords();
    try {
      const answer = await postJSON(`${api}/words`, { word });
      Object.assign(entry, { word: answer.word, verdict: answer.verdict, score: answer.score ?? 0 });
      if (answer.verdict === "repeat") state.words.splice(state.words.indexOf(entry), 1);
    } catch (error) {
      if (error.code === "round_over") {
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
    renderWords();
    say(word, entry.verdict, entry.score);
    tracer.flash(cells, entry.verdict === "accepted" ? "found" : "miss");
  };

  const tick = () => {
    const left = timeLeft();
    $("timer").textContent = clock(left);
    $("timer").classList.toggle("low", left <= LOW_TIME_MS);
    $("time-bar").value = left / Math.max(endsAt - startedAt, 1);
    if (left <= LOW_TIME_MS && left > 0 && !state.warned && endsAt - startedAt > LOW_TIME_MS) {
      state.warned = true;
      announce(_("Ten seconds left."));
    }
    if (left === 0 && !state.over) {
      state.over = true;
      tracer.cancel();
      $("word-input").disabled = true;
      announce(_("Time's up."));
    }
    if (serverNow() >= closesAt + AFTER_CLOSE_MS) {
      clearInterval(ticking);
      results();
    }
  };

  /** Ask before stopping (the play cannot be taken up again), or stop having asked. */
  const confirmStop = (asking) => {
    state.confirming = asking;
    $("stop").hidden = asking;
    $("stop-confirm").hidden = !asking;
    $(asking ? "stop-no" : "stop").focus();
  };

  $("stop").addEventListener("click", (event) => {
    event.preventDefault();
    confirmStop(true);
  });
  $("stop-no").addEventListener("click", () => confirmStop(false));
  $("stop-yes").addEventListener("click", async () => {
    state.over = true;
    clearInterval(ticking);
    try {
      await postJSON(`${api}/finish`, {});
    } finally {
      results();
    }
  });

  $("word-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("word-input");
    enter(input.value);
    input.value = "";
  });

  const board = [...$("play-board").querySelectorAll(".board-row")].map((row) =>
    [...row.querySelectorAll(".cube")].map((cube) => cube.textContent.trim()),
  );
  const tracer = new Tracer(view, {
    canStart: () => !state.over,
    faceAt: ([r, c]) => board[r][c],
    onWord: (word, cells) => enter(word, cells),
    text: $("trace"),
  });

  /** The words this player sent already (a reload), as the server kept them. */
  const restore = async () => {
    try {
      const { words } = await getJSON(`${api}/words`);
      const entered = new Set(state.words.map((w) => w.word));
      state.words = [...words.filter((w) => !entered.has(w.word)), ...state.words];
      renderWords();
    } catch {
      // Not fatal: new words are still judged; the old ones show in the results.
    }
  };

  $("drag-how").hidden = false; // tracing is the script's
  const ticking = setInterval(tick, TICK_MS);
  tick();
  restore();
  if (matchMedia("(pointer: fine)").matches) $("word-input").focus();
}

// --- The results -------------------------------------------------------------------------

const finished = $("finished");
if (finished && $("result-board")) {
  const resultView = new BoardView($("result-board"));
  resultView.pinWithin(finished);
  new PathPicker(finished, resultView, $("selection"));
  for (const list of finished.querySelectorAll(".words, .room-columns")) new RovingList(list);
}

// --- A link to share ---------------------------------------------------------------------

const share = $("share-link");
if (share) {
  share.addEventListener("click", async () => {
    const link = $("share-url").value;
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
      $("share-status").textContent = _("Link copied: paste it in a message.");
    } catch {
      $("share-status").textContent = _("The browser did not allow copying; copy the link above.");
    }
  });
  share.hidden = false;
}
