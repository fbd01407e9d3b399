// The page scripts' words (static/js/lib/i18n.js): texts and counted texts from the
// catalogue the server puts in the page, English where it has none, placeholders, and
// numbers written each language's way.

import assert from "node:assert/strict";
import { test } from "node:test";

import * as page from "../../static/js/lib/i18n.js";

const { catalogue } = page;

const GERMAN = {
  lang: "de",
  messages: {
    "Find words": "Wörter finden",
    "%(name)s wins": "%(name)s gewinnt",
    "%(num)s word": { one: "%(num)s Wort", other: "%(num)s Wörter" },
  },
};

// French counts 0 and 1 as one (CLDR), and has a third form for millions.
const FRENCH = {
  lang: "fr",
  messages: {
    "%(num)s word": { one: "%(num)s mot", many: "%(num)s de mots", other: "%(num)s mots" },
  },
};

test("a page without a catalogue speaks English", () => {
  assert.equal(page.lang, "en");
  assert.equal(page._("Find words"), "Find words");
  assert.equal(page.ngettext("%(num)s word", "%(num)s words", 1), "1 word");
  assert.equal(page.ngettext("%(num)s word", "%(num)s words", 1204), "1,204 words");
  assert.equal(page.number(1204), "1,204");
});

test("texts come from the catalogue, placeholders filled", () => {
  const de = catalogue(GERMAN);
  assert.equal(de.gettext("Find words"), "Wörter finden");
  assert.equal(de.gettext("%(name)s wins", { name: "Ann" }), "Ann gewinnt");
  // A text the catalogue lacks stays English rather than vanishing.
  assert.equal(de.gettext("Share"), "Share");
  // An unknown placeholder is left as it is, to be seen and fixed.
  assert.equal(de.gettext("%(who)s wins", {}), "%(who)s wins");
});

test("counted texts agree with the count, by the language's plural rules", () => {
  const de = catalogue(GERMAN);
  assert.equal(de.ngettext("%(num)s word", "%(num)s words", 1), "1 Wort");
  assert.equal(de.ngettext("%(num)s word", "%(num)s words", 0), "0 Wörter");
  assert.equal(de.ngettext("%(num)s word", "%(num)s words", 1204), "1.204 Wörter");
  const fr = catalogue(FRENCH);
  assert.equal(fr.ngettext("%(num)s word", "%(num)s words", 0), "0 mot");
  assert.equal(fr.ngettext("%(num)s word", "%(num)s words", 1), "1 mot");
  assert.equal(fr.ngettext("%(num)s word", "%(num)s words", 2), "2 mots");
  assert.equal(fr.ngettext("%(num)s word", "%(num)s words", 1000000), "1\u202f000\u202f000 de mots");
  // English counted texts where the catalogue has none.
  assert.equal(fr.ngettext("%(num)s point", "%(num)s points", 1), "1 point");
  assert.equal(fr.ngettext("%(num)s point", "%(num)s points", 3), "3 points");
});

test("numbers are written the language's way", () => {
  assert.equal(catalogue(GERMAN).number(2576), "2.576");
  assert.equal(catalogue({ lang: "en", messages: {} }).number(2576), "2,576");
});

test("a catalogue makes its number format when it first writes a number, and only once", () => {
  const made = [];
  const NumberFormat = Intl.NumberFormat;
  Intl.NumberFormat = function (...args) {
    made.push(args[0]);
    return new NumberFormat(...args);
  };
  try {
    const de = catalogue(GERMAN);
    assert.equal(de.gettext("Find words"), "Wörter finden");
    assert.deepEqual(made, []); // texts alone cost no number data
    assert.equal(de.number(2576), "2.576");
    assert.equal(de.ngettext("%(num)s word", "%(num)s words", 3), "3 Wörter");
    assert.deepEqual(made, ["de"]);
  } finally {
    Intl.NumberFormat = NumberFormat;
  }
});

test("once makes its value on the first call and keeps it", () => {
  let calls = 0;
  const value = page.once(() => ({ made: ++calls }));
  assert.equal(calls, 0);
  assert.equal(value(), value());
  assert.equal(calls, 1);
});
