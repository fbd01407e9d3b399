// What a board holds, counted and worded in the page: boggle/summary.py's summarize and
// solve_document, for an answer of the page's own search (lib/offline.js), which has no
// server to word it. The same counts and the same sentences, from the script catalogue
// (tests/browser/test_offline_in_browser.py holds them to the server's document).

import { lang, ngettext, once } from "./i18n.js";
import { rules } from "./rules.js";

// Made on first use: the first Intl format a page makes reads its locale's data, a
// long task on a phone if it ran as the page's scripts load (this module loads with
// every page that can search offline, and an offline search is rare).
const percentFormat = once(() => new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 }));

/** `part` of `whole` as a whole percentage, halves to even as the server rounds them. */
export function percent(part, whole) {
  if (!whole) return percentFormat().format(0);
  const hundredths = 100 * part;
  let whole_percent = Math.floor(hundredths / whole);
  const twice = 2 * (hundredths - whole_percent * whole);
  if (twice > whole || (twice === whole && whole_percent % 2 === 1)) whole_percent += 1;
  return percentFormat().format(whole_percent / 100);
}

const points = (count) => ngettext("%(num)s point", "%(num)s points", count);
const letters = (word) => [...word].length;

/** The sentence for the whole result (summary.py's summary_line). */
export function summaryLine(count, total, minLength) {
  if (!count) {
    return ngettext(
      "No words of %(num)s letter or more on this board.",
      "No words of %(num)s letters or more on this board.",
      minLength,
    );
  }
  return ngettext("Found %(num)s word worth %(points)s.", "Found %(num)s words worth %(points)s.", count, {
    points: points(total),
  });
}

/** The /solve document's `summary` for ranked words (summary.py's Summary.as_dict). */
export function summarize(words, minLength, longest = 5) {
  const counts = new Map();
  for (const found of words) {
    const row = counts.get(letters(found.word)) ?? { count: 0, points: 0 };
    row.count += 1;
    row.points += found.score;
    counts.set(letters(found.word), row);
  }
  const byLength = [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([length, row]) => ({
      length,
      count: row.count,
      points: row.points,
      text: ngettext("%(num)s word, %(points)s", "%(num)s words, %(points)s", row.count, {
        points: points(row.points),
      }),
    }));
  const total = words.reduce((sum, found) => sum + found.score, 0);
  const longPoints = byLength.filter((row) => row.length >= rules.long_word).reduce((sum, row) => sum + row.points, 0);
  // Longest first, then alphabetically in code point order, as Python sorts strings.
  const byLetters = [...words].sort(
    (a, b) => letters(b.word) - letters(a.word) || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
  );
  return {
    by_length: byLength,
    longest: byLetters.slice(0, longest).map((found) => found.word),
    long_share: total ? Math.round((longPoints / total) * 10000) / 10000 : 0,
    long_share_text: percent(longPoints, total),
    line: summaryLine(words.length, total, minLength),
  };
}

