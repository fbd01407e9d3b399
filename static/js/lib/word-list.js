// A list of found words as buttons, and the tools over it (sort, find, group by length).
// The solver's word list and the practice summary's missed words are drawn by this one
// code, so the two lists read, sort and filter alike.

import { pathText } from "./board-view.js";
import { h } from "./dom.js";
import { _, ngettext, number } from "./i18n.js";
import { placeStop } from "./roving.js";

const alphabetical = (a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);
const byLength = (a, b) => b.word.length - a.word.length || alphabetical(a, b);
// Equal scores go longest first: 10 letters before 8, though both score 11.
const byScore = (a, b) => b.score - a.score || byLength(a, b);
/** The orders of the Sort menu, by its values. */
export const SORTS = { score: byScore, length: byLength, alpha: alphabetical };

/** How many of the words entered show by the word box while a round runs, newest first. */
export const RECENT_WORDS = 3;

/**
 * One word a player entered, with its verdict (`verdict` names its class, `text` says
 * it), as the practice page and the game rooms list them.
 */
export const attemptItem = (word, verdict, text) =>
  h(
    "li",
    { class: `attempt verdict-${verdict}` },
    h("span", { class: "attempt-word" }, word),
    " ",
    h("span", { class: "attempt-verdict" }, text),
  );

/**
 * How a word is shown: as its list writes it where that differs from how it is played
 * (French `eleve` is shown "élève"; /solve's `spellings`), else as it is played.
 */
export const shown = (w) => (w.spellings?.length ? w.spellings.join(" / ") : w.word);

/**
 * Words as a list of buttons that show their paths (index.html draws the same). In a
 * group of one length (`grouped`) the points are said once, in the group's heading, and
 * the buttons stand in the group's box alone: an item around each button would double
 * the boxes laid out in the group's columns (benchmarks/README.md). Its heading gives a
 * screen reader the group's count, as a list would.
 */
export function wordList(words, selected = null, grouped = false) {
  const button = (w) =>
    h(
      "button",
      {
        type: "button",
        "data-word": w.word,
        ...(w.spellings?.length ? { "data-spellings": w.spellings.join("/") } : {}),
        "data-score": w.score,
        "data-path": pathText(w.path),
        "aria-pressed": String(w.word === selected),
      },
      ...(grouped
        ? [shown(w)]
        : [
            `${shown(w)} `,
            h(
              "span",
              { class: "score" },
              String(w.score),
              h("span", { class: "vh" }, ` ${ngettext("point", "points", w.score)}`),
            ),
          ]),
    );
  // The words are the board's, in its language: no page translator may touch them.
  if (grouped) return h("div", { class: "words grouped", translate: "no" }, ...words.map(button));
  return h("ul", { class: "words", translate: "no" }, ...words.map((w) => h("li", {}, button(w))));
}

/**
 * A list's words and points per length, shortest first, worded as the solver's groups
 * are ("5 words, 7 points"). The solver has these from the server (its summary); a list
 * that is part of a board's words, as the missed words are, counts its own.
 */
export function lengthRows(words) {
  const rows = new Map();
  for (const w of words) {
    const row = rows.get(w.word.length) ?? { length: w.word.length, count: 0, points: 0 };
    row.count += 1;
    row.points += w.score;
    rows.set(row.length, row);
  }
  return [...rows.values()]
    .sort((a, b) => a.length - b.length)
    .map((row) => ({
      ...row,
      text: _("%(words)s, %(points)s", {
        words: ngettext("%(num)s word", "%(num)s words", row.count),
        points: ngettext("%(num)s point", "%(num)s points", row.points),
      }),
    }));
}

/**
 * The tools over a list: a Sort menu, a Find field and a Group-by-length box, with a
 * line saying how many words a search leaves. `onChange` is called when one is used.
 */
export class WordListTools {
  constructor({ list, sort, filter, group, shown }, onChange) {
    this.list = list;
    this.tools = { sort, filter, group };
    this.shown = shown;
    for (const tool of Object.values(this.tools)) tool.addEventListener("input", onChange);
  }

  /**
   * Draw `words` as the tools ask: `rows` are the groups' headings (lengthRows' shape),
   * `selected` the chosen word, `empty` what an empty list says.
   */
  render(words, { rows, selected = null, empty }) {
    const needle = this.tools.filter.value.trim().toLowerCase();
    const shown = words.filter((w) => w.word.includes(needle)).sort(SORTS[this.tools.sort.value]);
    this.shown.hidden = !needle;
    this.shown.textContent = ngettext(
      "%(shown)s of %(num)s word contain “%(needle)s”.",
      "%(shown)s of %(num)s words contain “%(needle)s”.",
      words.length,
      { shown: number(shown.length), needle },
    );

    if (!words.length) {
      this.list.replaceChildren(h("p", { class: "empty" }, empty));
      return;
    }
    // Every list these tools draw is one Tab stop (lib/roving.js): the stop is placed
    // while the list is still out of the page, so no button changes once it is in.
    const drawn = document.createDocumentFragment();
    if (!this.tools.group.checked) {
      drawn.append(wordList(shown, selected));
    } else {
      // Longest first; each group headed by its count and points.
      for (const row of [...rows].reverse()) {
        const group = shown.filter((w) => w.word.length === row.length);
        if (!group.length) continue;
        drawn.append(
          h(
            "h3",
            { class: "group-title" },
            `${_("%(length)s letters", { length: row.length })} `,
            h("span", {}, row.text),
          ),
          wordList(group, selected, true),
        );
      }
    }
    placeStop([...drawn.querySelectorAll("button[data-word]")]);
    this.list.replaceChildren(drawn);
  }
}
