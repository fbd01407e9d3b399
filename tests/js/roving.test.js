// Moving inside a list with the arrow keys (static/js/lib/roving.js, nextIndex).

import assert from "node:assert/strict";
import { test } from "node:test";

import { nextIndex } from "../../static/js/lib/roving.js";

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
