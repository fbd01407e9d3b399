// The scoring page's script. Without it the form posts to /scoring and the server draws
// the results (templates/scoring.html); with it players are added and removed on the
// page, the game is posted to /score as JSON, and the same results are drawn in place.
// The headline, the ranking's flags and each verdict's wording come in the /score
// document (boggle/standings.py): this script lays them out and decides nothing.

import { DefinitionPanel } from "./definitions.js";
import { getJSON, postJSON } from "./lib/api.js";
import { BoardView, PathPicker, pathText } from "./lib/board-view.js";
import { $, FieldErrors, announce, bringIntoView, h } from "./lib/dom.js";
import { _, ngettext, number } from "./lib/i18n.js";
import { RovingList } from "./lib/roving.js";
import { stateShortestWord } from "./lib/rules.js";
import { wordList } from "./lib/word-list.js";

const form = $("score-form");
const fields = { board: $("board"), min_length: $("min_length"), dictionary: $("dictionary") };
const playerList = $("player-list");
const results = $("score-results");

// The form starts with this many player slots; the server offers more for no script.
const MIN_SLOTS = 2;
const WORD_SEPARATORS = /[\s,;]+/;

// --- Players --------------------------------------------------------------------------

const slots = () => [...playerList.querySelectorAll("[data-player]")];
const nameOf = (slot) => slot.querySelector('[name="name"]');
const wordsOf = (slot) => slot.querySelector('[name="words"]');
const isEmpty = (slot) => !nameOf(slot).value.trim() && !wordsOf(slot).value.trim();
let nextId = slots().length + 1; // ids of added slots never repeat those of removed ones

/** Number the slots 1, 2, ... and allow removing one only when another is left. */
function renumber() {
  const all = slots();
  all.forEach((slot, i) => {
    for (const number of slot.querySelectorAll(".player-number")) number.textContent = i + 1;
    slot.querySelector(".remove-player").hidden = all.length < 2;
  });
}

/** "· 12 words" beside a player's list, as the server will split it. */
function countWords(slot) {
  const count = wordsOf(slot).value.split(WORD_SEPARATORS).filter(Boolean).length;
  slot.querySelector(".word-count").textContent = count
    ? `· ${ngettext("%(num)s word", "%(num)s words", count)}`
    : "";
}

function setUp(slot) {
  wordsOf(slot).addEventListener("input", () => countWords(slot));
  slot.querySelector(".remove-player").addEventListener("click", () => {
    const next = slot.nextElementSibling ?? slot.previousElementSibling;
    slot.remove();
    renumber();
    (next ? nameOf(next) : $("add-player")).focus();
  });
  countWords(slot);
}

function addPlayer() {
  const slot = $("player-template").content.firstElementChild.cloneNode(true);
  const id = nextId++;
  for (const name of ["name", "words"]) {
    // The template's fields are numbered 0; each slot's get a number of their own.
    slot.querySelector(`[name="${name}"]`).id = `${name}-${id}`;
    slot.querySelector(`label[for="${name}-0"]`).htmlFor = `${name}-${id}`;
  }
  playerList.append(slot);
  setUp(slot);
  renumber();
  return slot;
}

$("add-player").addEventListener("click", () => nameOf(addPlayer()).focus());

// --- Errors ---------------------------------------------------------------------------

// A body too large is the players' lists, so an error about no field shows there.
const errors = new FieldErrors(["board", "min_length", "dictionary", "players"], "players");

// --- Results --------------------------------------------------------------------------

const view = new BoardView($("result-board"));
view.pinWithin(results);
new RovingList($("missed-list"));
// The scored game's list: its words are looked up in its language (German Wiktionary's
// for German). The form's until a game is scored here: the server drew its results.
let scoredDictionary = fields.dictionary.value;
const definition = new DefinitionPanel(
  $("definition"),
  (word, dictionary) => getJSON("define", { word, dictionary }),
  () => scoredDictionary,
);
const picker = new PathPicker(results, view, $("selection"), (word) => definition.show(word));
definition.listen(results, () => picker.selected && picker.select(null));

const tag = (text, extra = "") => h("span", { class: `tag${extra}` }, text);

/**
 * The ranking's rows, as the server flagged them: winner, tied, decided by the tie-break.
 * Worded and numbered as templates/scoring.html words them.
 */
function rankingRows(ranking) {
  return ranking.map((entry) => {
    const row = h(
      "tr",
      {},
      h("td", {}, String(entry.rank), ...(entry.tied ? [" ", tag(_("tied"))] : [])),
      h(
        "th",
        { scope: "row" },
        entry.name,
        ...(entry.winner ? [" ", tag(_("winner"), " tag-win")] : []),
      ),
      h("td", { class: "num" }, number(entry.total_score)),
      h(
        "td",
        { class: "num" },
        ...(entry.tie_break ? [tag(_("tie-break")), " "] : []),
        number(entry.long_words),
      ),
    );
    if (entry.winner) row.className = "winner";
    return row;
  });
}

function wordCell(verdict) {
  const text = verdict.verdict === "duplicate" ? h("s", {}, verdict.word) : verdict.word;
  if (!verdict.path) return h("span", { class: "word-text" }, text);
  return h(
    "button",
    {
      type: "button",
      class: "word-button",
      "data-word": verdict.word,
      "data-score": verdict.score,
      "data-path": pathText(verdict.path),
      "aria-pressed": "false",
    },
    text,
  );
}

function playerScore(player, winners) {
  const total = ngettext(
    "Total · %(num)s long word",
    "Total · %(num)s long words",
    player.long_words,
  );
  const section = h(
    "section",
    { class: `player-score${winners.includes(player.name) ? " winner" : ""}` },
    h(
      "h3",
      {},
      h("span", { class: "player-name" }, player.name),
      " ",
      h(
        "span",
        { class: "player-total" },
        ngettext("%(num)s point", "%(num)s points", player.total_score),
      ),
    ),
  );
  if (!player.words.length) {
    section.append(h("p", { class: "empty" }, _("No words.")));
    return section;
  }
  const rows = player.words.map((verdict) =>
    h(
      "tr",
      { class: `verdict-${verdict.verdict}` },
      h("td", {}, wordCell(verdict)),
      h(
        "td",
        { class: "verdict" },
        verdict.verdict_text,
        ...(verdict.verdict === "duplicate"
          ? [
              " ",
              h("span", { class: "also" }, _("also: %(names)s", { names: verdict.with.join(", ") })),
            ]
          : []),
      ),
      h("td", { class: "num" }, number(verdict.points)),
    ),
  );
  section.append(
    h(
      "table",
      { class: "verdicts" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, _("Word")),
          h("th", { scope: "col" }, _("Verdict")),
          h("th", { scope: "col", class: "num" }, _("Points")),
        ),
      ),
      h("tbody", {}, ...rows),
      h(
        "tfoot",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "row", colspan: "2" }, total),
          h("td", { class: "num" }, number(player.total_score)),
        ),
      ),
    ),
  );
  return section;
}

/** Draw a POST /score document. */
function show(result) {
  scoredDictionary = result.dictionary;
  view.draw(result);
  picker.reset();
  definition.show(null);
  $("selection").textContent = _("Pick a word to see its path.");
  const line = result.headline;
  $("headline").textContent = line;
  $("ranking-rows").replaceChildren(...rankingRows(result.ranking));
  $("player-scores").replaceChildren(
    ...result.players.map((player) => playerScore(player, result.winners)),
  );
  definition.upgrade(results, ".word-text");
  $("missed-count").textContent = result.missed.text;
  $("missed-list").replaceChildren(...(result.missed.count ? [wordList(result.missed.words)] : []));
  results.hidden = false;
  document.title = `${line} · ${_("Score a game")} · ${_("Boggle solver")}`;
  announce(line);
}

// --- The game in the address: a reload keeps it, a link shares it ---------------------
//
// Once scored, the address holds the board in its query (as the server reads it) and
// the players in its fragment (#game=[{"name", "words"}, ...] as JSON), which never
// reaches the server; opening such an address fills the form and scores the game.

const GAME = "game=";

/** The players the address holds, or null. */
function gameInAddress() {
  const fragment = location.hash.slice(1);
  if (!fragment.startsWith(GAME)) return null;
  try {
    const players = JSON.parse(decodeURIComponent(fragment.slice(GAME.length)));
    const valid = (p) => typeof p?.name === "string" && typeof p?.words === "string";
    return Array.isArray(players) && players.length && players.every(valid) ? players : null;
  } catch {
    return null; // a fragment mangled on the way: the empty form
  }
}

function keepInAddress(game) {
  const url = new URL(location.href);
  const { board, min_length: minLength, dictionary } = game;
  url.search = new URLSearchParams({ board, min_length: minLength, dictionary });
  url.hash = GAME + encodeURIComponent(JSON.stringify(game.players));
  history.replaceState(null, "", url);
}

/** Fill the form with the players of a shared game. */
function fillPlayers(players) {
  while (slots().length < players.length) addPlayer();
  players.forEach((player, i) => {
    nameOf(slots()[i]).value = player.name;
    wordsOf(slots()[i]).value = player.words;
    countWords(slots()[i]);
  });
}

let latest = 0; // the newest request; an answer that arrives after a newer one is dropped

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const ticket = ++latest;
  errors.clear();
  const players = slots()
    .filter((slot) => !isEmpty(slot))
    .map((slot) => ({ name: nameOf(slot).value, words: wordsOf(slot).value }));
  const game = {
    board: fields.board.value,
    min_length: fields.min_length.value,
    dictionary: fields.dictionary.value,
    players,
  };
  let body;
  try {
    body = await postJSON("score", game, form.action);
  } catch (error) {
    if (ticket !== latest) return;
    if (error.offline) {
      errors.show("board", error.message);
      return;
    }
    results.hidden = true;
    errors.show(error.field, error.message);
    return;
  }
  if (ticket !== latest) return;
  show(body);
  keepInAddress(game);
  bringIntoView(results);
});

fields.min_length.addEventListener("input", () => stateShortestWord(fields.min_length.value));

// --- Start: take over the form and whatever results the server drew -----------------

for (const slot of slots()) setUp(slot);
// The server offers spare slots for a page without script; here "Add player" makes more
// (the spares and the button are drawn for the one or the other: style.css).
while (slots().length > MIN_SLOTS && isEmpty(slots().at(-1))) slots().at(-1).remove();
renumber();
picker.hydrate();
definition.upgrade(results, ".word-text");
if (picker.selected) definition.show(picker.selected);
const shared = results.hidden ? gameInAddress() : null;
if (shared && fields.board.value.trim()) {
  fillPlayers(shared);
  form.requestSubmit();
}
