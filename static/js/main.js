// The page's script. Without it the page still works (a GET form, results drawn by the
// server); with it the board is typed into cubes, solved in place through /solve, and
// the address keeps the board, so a link shares it and a reload keeps it.

import { DefinitionPanel } from "./definitions.js";
import { BoardEntry } from "./entry.js";
import { displayFace, language, parseBoard } from "./lib/board-text.js";
import { address, getJSON } from "./lib/api.js";
import { prepare, rollAnywhere, solveAnywhere } from "./lib/offline.js";
import { $, FieldErrors, announce, bringIntoView, h } from "./lib/dom.js";
import { _, ngettext, number } from "./lib/i18n.js";
import { defaultMinLength, rules, stateShortestWord } from "./lib/rules.js";
import { Results } from "./results.js";
import { rollRich } from "./rich.js";

const form = $("solve-form");
const fields = { board: $("board"), min_length: $("min_length"), dictionary: $("dictionary") };
const size = $("size");
const customSize = $("custom-size");
const sides = [$("rows"), $("cols")];

// The server's default shortest word, for an address that names none: the rule of the
// dice made for the board's size (boggle/dice.py, min_length_for), 4 on a 6x6 board.


// Each error shows beside the field the API names; one about no field of the form
// (the random board's size, or the request as a whole) shows beside the board.
const errors = new FieldErrors(Object.keys(fields), "board");

// --- The board entry ----------------------------------------------------------------

let shape = [Number(sides[0].value), Number(sides[1].value)];

const entry = new BoardEntry($("entry-grid"), fields.board, (rows, cols) => {
  const named = [...size.options].some((option) => option.value === `${rows}x${cols}`);
  size.value = named ? `${rows}x${cols}` : "custom";
  customSize.hidden = named;
  [sides[0].value, sides[1].value] = [rows, cols];
  // A shortest word still at the old size's default follows the size, as on the server.
  if (fields.min_length.value === defaultMinLength(...shape)) {
    fields.min_length.value = defaultMinLength(rows, cols);
    showMinLength();
  }
  shape = [rows, cols];
}, $("cube-error"));

/** The chosen dictionary's language: its letters for the grid, its faces for the picker. */
function useDictionary() {
  const reading = rules.boards[fields.dictionary.value];
  if (!reading) return;
  entry.setLanguage(language(reading));
  const picker = $("face-picker");
  const blank = picker.querySelector(`[data-face="${rules.blank}"]`);
  const faces = reading.multi_letter_faces.map((face) =>
    h("button", { type: "button", "data-face": face }, displayFace(face)),
  );
  picker.replaceChildren(...faces, blank);
  // Kept for offline use from now on: this list's graph, and the page's search.
  prepare(fields.dictionary.value, form.action);
}

fields.dictionary.addEventListener("change", useDictionary);

/** Clear the errors shown, and the mark on a wrong cube. */
function clearErrors() {
  errors.clear();
  entry.clearWrong();
}

/** The rows and columns the size controls ask for. */
function chosenShape() {
  if (size.value !== "custom") return size.value.split("x").map(Number);
  return sides.map((input) => Math.min(Math.max(Math.round(input.value) || 1, 1), input.max));
}

function resizeToChoice() {
  customSize.hidden = size.value !== "custom";
  const [rows, cols] = chosenShape();
  // Any board the server takes can be typed here; a larger one is said at once.
  if (rows * cols > rules.max_cells) {
    const message = _("%(rows)s × %(cols)s is %(cubes)s cubes; a board has at most %(limit)s.", {
      rows,
      cols,
      cubes: number(rows * cols),
      limit: number(rules.max_cells),
    });
    errors.show("board", message);
    return;
  }
  clearErrors();
  entry.resize(rows, cols);
  if (entry.faces.some(Boolean)) entry.writeText();
}

size.addEventListener("change", resizeToChoice);
for (const input of sides) input.addEventListener("change", resizeToChoice);

/** The rules say how short a word may be: what the field says, once it is a rule. */
function showMinLength() {
  stateShortestWord(fields.min_length.value);
}

fields.min_length.addEventListener("input", showMinLength);

$("clear").addEventListener("click", () => {
  clearErrors();
  entry.clear();
});

$("random").addEventListener("click", async () => {
  const [rows, cols] = chosenShape();
  try {
    const rolled = await rollAnywhere(fields.dictionary.value, rows, cols, form.action);
    clearErrors();
    entry.setBoard(rolled.board.map((row) => row.map((face) => face.toLowerCase())));
    fields.board.value = rolled.text;
    fields.min_length.value = rolled.min_length;
    showMinLength();
    // The dice set by its title as the Dice menu shows it, where the menu has it.
    const menu = [...$("rich-dice").options].find((option) => option.value === rolled.dice);
    const dice = menu?.textContent.trim() ?? rolled.dice;
    announce(_("Rolled a %(rows)s by %(cols)s board with the dice set %(dice)s.", { rows, cols, dice }));
  } catch (error) {
    errors.show("board", error.message);
  }
});

// --- Solving ------------------------------------------------------------------------

/** Say which search found the words shown. */
function showEngine(engine) {
  $("searched-by").textContent =
    engine === "browser"
      ? _("Found by this browser's own search, with no server.")
      : _("Found by the server's search.");
  $("searched-by").dataset.engine = engine;
}

// A word is looked up in the language of the list it was found in: the last board the
// script solved, else the one the server drew the page with (the form still names it).
let solvedDictionary = null;
const definition = new DefinitionPanel(
  $("definition"),
  (word, dictionary) => getJSON("define", { word, dictionary }, form.action),
  () => solvedDictionary ?? fields.dictionary.value,
);

const results = new Results($("results"), (word) => {
  definition.show(word);
  const url = new URL(location.href);
  if (word) url.searchParams.set("word", word);
  else url.searchParams.delete("word");
  history.replaceState(null, "", url);
});

let latest = 0; // the newest solve; an answer that arrives after a newer one is dropped
let solving = null; // the newest solve's AbortController: offline, a newer solve ends it

/** Solve the board in params and draw it; `how` is the history method that records it. */
async function solve(params, how, word = null) {
  const ticket = ++latest;
  solving?.abort();
  solving = new AbortController();
  clearErrors();
  let result;
  try {
    result = await solveAnywhere(params, form.action, solving.signal);
  } catch (error) {
    if (ticket !== latest) return;
    results.hide();
    $("skip-words").hidden = true;
    errors.show(error.field, error.message);
    // A board refused for one cube: the grid shows it as typed and points at that cube.
    if (error.cell) entry.showRefused(params.get("board"), error.cell, error.message);
    return;
  }
  if (ticket !== latest) return;
  solvedDictionary = result.dictionary;
  results.show(result);
  $("skip-words").hidden = false;
  showEngine(result.engine);
  if (word) results.select(word);
  definition.show(results.selected);
  if (how) history[how](null, "", address("", params, form.action));
  if (how === "pushState") bringIntoView($("results"));
  document.title = ngettext("%(num)s word · Boggle solver", "%(num)s words · Boggle solver", result.count);
  announce(result.summary.line);
}

// --- A rich board ---------------------------------------------------------------------

const richButton = $("rich");
const richProgress = $("rich-progress");

/** Search for a rich board of the chosen dice, showing progress; then solve it. */
async function roll() {
  richButton.disabled = true;
  richProgress.hidden = false;
  richProgress.textContent = _("Searching for a rich board…");
  try {
    const found = await rollRich({
      dice: $("rich-dice").value,
      dictionary: fields.dictionary.value,
      slices: Number(richButton.dataset.slices),
      base: form.action,
      onProgress: (best, tried) => {
        richProgress.textContent = ngettext(
          "Best so far: %(num)s point (%(tried)s boards tried).",
          "Best so far: %(num)s points (%(tried)s boards tried).",
          best.total_score,
          { tried: number(tried) },
        );
      },
    });
    clearErrors();
    entry.setBoard(found.board.map((row) => row.map((face) => face.toLowerCase())));
    fields.board.value = found.text;
    fields.min_length.value = found.min_length;
    showMinLength();
    richProgress.textContent = ngettext(
      "Found a board of %(num)s point.",
      "Found a board of %(num)s points.",
      found.total_score,
    );
    const params = { board: found.text, min_length: found.min_length, dictionary: found.dictionary };
    await solve(new URLSearchParams(params), "pushState");
  } catch (error) {
    richProgress.hidden = true;
    errors.show(error.field, error.message);
  } finally {
    richButton.disabled = false;
  }
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  if (event.submitter === richButton) {
    roll();
    return;
  }
  const missing = entry.missing();
  if (missing) {
    const message = ngettext(
      "Fill every cube first: %(num)s of %(total)s is empty.",
      "Fill every cube first: %(num)s of %(total)s are empty.",
      missing,
      { total: number(entry.faces.length) },
    );
    errors.show("board", message);
    entry.pointAt(entry.firstEmpty(), message);
    return;
  }
  const params = new URLSearchParams({
    board: fields.board.value.trim(),
    min_length: fields.min_length.value,
    dictionary: fields.dictionary.value,
  });
  solve(params, "pushState");
});

// Back and forward: show the board the address holds.
window.addEventListener("popstate", () => {
  const params = new URLSearchParams(location.search);
  fields.board.value = params.get("board") ?? "";
  fields.min_length.value = params.get("min_length") || defaultMinLength(...shape);
  showMinLength();
  if (params.get("dictionary")) fields.dictionary.value = params.get("dictionary");
  useDictionary();
  entry.readText();
  if (!fields.board.value.trim()) {
    clearErrors();
    results.hide();
    $("skip-words").hidden = true;
    return;
  }
  const word = params.get("word");
  params.delete("word");
  solve(params, null, word);
});

// --- Sharing: the board's link, and its words as text ---------------------------------

/** Put text on the clipboard and say so; a refusal (no permission) is said too. */
async function copy(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    $("share-status").textContent = done;
  } catch {
    $("share-status").textContent = _("The browser did not allow copying; copy the address instead.");
  }
}

$("share-link").addEventListener("click", async () => {
  const link = location.href;
  if (navigator.share) {
    try {
      await navigator.share({ title: document.title, url: link });
      return;
    } catch (error) {
      if (error.name === "AbortError") return; // the sheet was closed: nothing to do
    }
  }
  copy(link, _("Link copied: paste it to share this board."));
});

$("copy-words").addEventListener("click", () => {
  const lines = results.words.map((w) => `${w.word}\t${w.score}`);
  const done = ngettext(
    "Copied %(num)s word, one a line with its points.",
    "Copied %(num)s words, one a line with its points.",
    lines.length,
  );
  copy(lines.join("\n"), done);
});

// --- Start: take over what the server drew -------------------------------------------
// What needs the script is drawn already (style.css, .with-script): the grid as it
// stands, read only until the script makes it the board's entry here.

const grid = $("entry-grid");
// A page kept for offline use is the bare page: the board its address holds is read
// from the address, and solved here below.
const asked = new URLSearchParams(location.search);
const unsolved = !fields.board.value.trim() && asked.get("board") && $("results").hidden;
if (unsolved) {
  fields.board.value = asked.get("board");
  fields.min_length.value = asked.get("min_length") || fields.min_length.value;
  if (asked.get("dictionary")) fields.dictionary.value = asked.get("dictionary");
}
useDictionary();
const typed = parseBoard(fields.board.value, entry.lang);
// The server drew the grid for a board refused for one cube: keep it, and its mark.
const adopted = entry.adopt();
if (!adopted && typed) entry.setBoard(typed);
else if (!adopted) entry.resize(Number(grid.dataset.rows), Number(grid.dataset.cols));
entry.usePicker($("face-picker"));
results.hydrate();
// A shared link opens on its results, not on the form that made them (unless the
// browser brings the reader back to where they were, or the address names a place).
if (!$("results").hidden && scrollY === 0 && !location.hash) {
  $("results").scrollIntoView({ block: "start" });
}
if (unsolved) {
  const word = asked.get("word");
  asked.delete("word");
  solve(asked, null, word);
}
// The server draws the chosen word's definition; the script draws it only if it did not.
if (results.selected && $("definition").dataset.word !== results.selected) {
  definition.show(results.selected);
}
