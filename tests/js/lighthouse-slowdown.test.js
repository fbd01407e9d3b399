// The pages' audit's CPU slowdown, calibrated to the host (tests/js/lighthouse_slowdown.mjs).

import assert from "node:assert/strict";
import { test } from "node:test";

import { DEFAULT_SLOWDOWN, HOST_INDEX, slowdownFor } from "./lighthouse_slowdown.mjs";

test("a host of Lighthouse's class or faster keeps its default slowdown", () => {
  assert.equal(DEFAULT_SLOWDOWN, 4);
  for (const index of [HOST_INDEX, 2000, 2900, 10000]) assert.equal(slowdownFor(index), 4);
});

test("a slower host is slowed less, in proportion, so the phone stays the same", () => {
  assert.equal(slowdownFor(1125), 3);
  assert.equal(slowdownFor(750), 2);
  assert.equal(slowdownFor(1000), 2.67);
  // Host time multiplied by the slowdown is the same phone's time.
  for (const index of [600, 900, 1200, 1499]) {
    assert.ok(Math.abs(slowdownFor(index) / index - DEFAULT_SLOWDOWN / HOST_INDEX) < 0.0001);
  }
});

test("the slowdown never goes under 1: a very slow host is judged as it is", () => {
  assert.equal(slowdownFor(375), 1);
  assert.equal(slowdownFor(100), 1);
  assert.equal(slowdownFor(0), 1);
});
