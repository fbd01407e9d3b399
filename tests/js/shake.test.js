// Telling a shake from a knock (static/js/lib/shake.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { APART_MS, GRAVITY, JOLT, JOLTS, ShakeDetector, WITHIN_MS, joltOf } from "../../static/js/lib/shake.js";

const detector = () => {
  const shakes = [];
  return { shakes, shaker: new ShakeDetector(() => shakes.push(true)) };
};

test("a reading's jolt is its acceleration without gravity where the device gives it", () => {
  assert.equal(joltOf({ acceleration: { x: 3, y: 4, z: 0 }, accelerationIncludingGravity: { x: 3, y: 4, z: 9.81 } }), 5);
});

test("without the bare acceleration the jolt is the reading with gravity less gravity", () => {
  const still = { acceleration: { x: null, y: null, z: null }, accelerationIncludingGravity: { x: 0, y: 0, z: GRAVITY } };
  assert.equal(joltOf(still), 0);
  assert.equal(joltOf({ acceleration: null, accelerationIncludingGravity: { x: 0, y: 0, z: GRAVITY + 20 } }), 20);
});

test("a device that reports no motion gives no jolt", () => {
  assert.equal(joltOf({ acceleration: null, accelerationIncludingGravity: null }), null);
  assert.equal(joltOf({ acceleration: { x: null }, accelerationIncludingGravity: { x: null } }), null);
});

test("enough hard jolts close together make one shake", () => {
  const { shakes, shaker } = detector();
  const results = Array.from({ length: JOLTS }, (_, i) => shaker.reading(JOLT + 5, i * (APART_MS + 10)));
  assert.deepEqual(results, [...Array(JOLTS - 1).fill(false), true]);
  assert.equal(shakes.length, 1);
});

test("a knock, however long its readings last, is one jolt and no shake", () => {
  const { shakes, shaker } = detector();
  for (let t = 0; t < APART_MS; t += 16) shaker.reading(JOLT * 2, t);
  assert.equal(shakes.length, 0);
  assert.deepEqual(shaker.jolts, [0]);
});

test("jolts too far apart, or too weak, make no shake", () => {
  const { shakes, shaker } = detector();
  for (let i = 0; i < JOLTS * 2; i += 1) shaker.reading(JOLT + 5, i * WITHIN_MS);
  for (let i = 0; i < JOLTS * 2; i += 1) shaker.reading(JOLT - 0.5, 100_000 + i * (APART_MS + 10));
  shaker.reading(null, 200_000);
  assert.equal(shakes.length, 0);
});

test("after a shake the count starts again", () => {
  const { shakes, shaker } = detector();
  for (let i = 0; i < JOLTS * 2; i += 1) shaker.reading(JOLT + 1, i * (APART_MS + 1));
  assert.equal(shakes.length, 2);
});
