// Moving inside a list with the arrow keys and by typing the start of a word
// (static/js/lib/roving.js: nextIndex, typedPrefix, prefixIndex).

import assert from "node:assert/strict";
import { test } from "node:test";

import { nextIndex, prefixIndex, TYPE_AHEAD_MS, typedPrefix } from "../../static/js/lib/roving.js";

test("down and right move to the next word, up and left to the one before", () => {
  assert.equal(nextIndex("ArrowDown", 3, 10), 4);
  assert.equal(nextIndex("ArrowRight", 3, 10), 4);
  assert.equal(nextIndex("ArrowUp", 3, 10), 2);
  assert.equal(nextIndex("ArrowLeft", 3, 10), 2);
});

test("the ends hold: no wrapping past the first or the last word", () => {
  assert.equal(nextIndex("ArrowUp", 0, 10), 0);
  assert.equal(nextIndex("ArrowDown", 9, 10), 9);
});

test("Home and End go to the first and the last word", () => {
  assert.equal(nextIndex("Home", 6, 867), 0);
  assert.equal(nextIndex("End", 6, 867), 866);
});

test("other keys, and an empty list, move nothing", () => {
  assert.equal(nextIndex("Enter", 3, 10), null);
  assert.equal(nextIndex("a", 3, 10), null);
  assert.equal(nextIndex("ArrowDown", 0, 0), null);
});

test("letters typed quickly make one prefix; after a pause they start another", () => {
  assert.equal(typedPrefix("ta", "P", 100), "tap");
  assert.equal(typedPrefix("ta", "p", TYPE_AHEAD_MS - 1), "tap");
  assert.equal(typedPrefix("ta", "p", TYPE_AHEAD_MS), "p");
  assert.equal(typedPrefix("", "s", Infinity), "s");
});

const WORDS = ["arteries", "tapers", "staple", "tapes", "sat", "tap"];

test("a prefix goes to the first word that begins with it, on from the current word", () => {
  assert.equal(prefixIndex(WORDS, "tap", 0), 1);
  assert.equal(prefixIndex(WORDS, "tape", 1), 1); // the current word still fits: stay
  assert.equal(prefixIndex(WORDS, "tapes", 1), 3);
  assert.equal(prefixIndex(WORDS, "tap", 4), 5);
  assert.equal(prefixIndex(WORDS, "tapers", 4), 1); // round past the end to the top
});

test("one letter again goes on to the next word with it, round to the top", () => {
  assert.equal(prefixIndex(WORDS, "t", 0), 1);
  assert.equal(prefixIndex(WORDS, "t", 1), 3);
  assert.equal(prefixIndex(WORDS, "t", 5), 1);
  assert.equal(prefixIndex(WORDS, "s", 2), 4);
});

test("a prefix no word begins with, and an empty list, go nowhere", () => {
  assert.equal(prefixIndex(WORDS, "tx", 1), null);
  assert.equal(prefixIndex([], "t", 0), null);
});
