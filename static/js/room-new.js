// Making a game room (templates/room_new.html): the settings go to POST /rooms as JSON,
// which answers with the room's address and sets the cookie that keeps this browser's
// seat; the browser then goes to the room. The form's defaults name the chosen dice
// set's own rule and time, so changing the dice rewords them. Errors show beside their
// field. Without this script the form posts to /room and the server does the same.
// The options are worded as the template words them, in the reader's language.

import { postJSON } from "./lib/api.js";
import { $, FieldErrors } from "./lib/dom.js";
import { _, ngettext } from "./lib/i18n.js";

const FIELDS = ["name", "dice", "min_length", "dictionary", "seconds"];
const errors = new FieldErrors(FIELDS);
const form = $("room-form");
const root = new URL(".", form.action).href; // the app's root: /room is at its top

/** "3 minutes", "90 seconds": a round's length as the form's options word it. */
function duration(seconds) {
  if (seconds % 60) return ngettext("%(num)s second", "%(num)s seconds", seconds);
  return ngettext("%(num)s minute", "%(num)s minutes", seconds / 60);
}

/** Reword the "the dice's rule" and "the dice's time" options for the chosen dice set,
 * and say its whole title under the menu. */
function suitDefaults() {
  const chosen = $("dice").selectedOptions[0].dataset;
  $("dice-title").textContent = chosen.title;
  const letters = Number(chosen.minLength);
  $("min_length").querySelector("[data-default]").textContent = ngettext(
    "The dice's rule (%(num)s letter)",
    "The dice's rule (%(num)s letters)",
    letters,
  );
  $("seconds").querySelector("[data-default]").textContent = _("The dice's time (%(duration)s)", {
    duration: duration(Number(chosen.seconds)),
  });
}

/**
 * Keep the dice and the dictionary in one language: a German list rolls German dice (of
 * the same size where the language has them), German dice play a German list. The
 * server would refuse dice whose faces the list's language lacks (Th on a German board).
 */
function matchLanguage(changed) {
  const dice = $("dice").selectedOptions[0];
  const dictionary = $("dictionary").selectedOptions[0];
  const language = (changed === "dice" ? dice : dictionary).dataset.language;
  if (changed === "dictionary" && dice.dataset.language !== language) {
    const options = [...$("dice").options].filter((o) => o.dataset.language === language);
    const same = options.find((o) => o.dataset.size === dice.dataset.size) ?? options[0];
    if (same) $("dice").value = same.value;
  } else if (changed === "dice" && dictionary.dataset.language !== language) {
    // The language's lists, the app's default first (English's is "standard").
    const lists = [...$("dictionary").options].filter((o) => o.dataset.language === language);
    const list = lists.find((o) => "default" in o.dataset) ?? lists[0];
    if (list) $("dictionary").value = list.value;
  }
  suitDefaults();
}

$("dice").addEventListener("change", () => matchLanguage("dice"));
$("dictionary").addEventListener("change", () => matchLanguage("dictionary"));

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  errors.clear();
  const button = $("create");
  button.disabled = true;
  const settings = { name: $("name").value, dice: $("dice").value, dictionary: $("dictionary").value };
  // An empty choice is the dice set's own: the server decides it.
  for (const name of ["min_length", "seconds"]) {
    if ($(name).value) settings[name] = Number($(name).value);
  }
  try {
    const made = await postJSON("rooms", settings, root);
    location.assign(made.url);
  } catch (error) {
    errors.show(error.field, error.message);
    button.disabled = false;
  }
});

suitDefaults();
