// The server's clock as a page reckons it (static/js/lib/server-clock.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { KEPT, MAX_MARGIN_MS, ServerClock } from "../../static/js/lib/server-clock.js";

/** A page clock that reads `now.local` ms, which the test moves. */
function clockAt(local) {
  const now = { local };
  return { now, clock: new ServerClock(() => now.local) };
}

test("before any answer the server's clock is taken to be this one", () => {
  const { clock } = clockAt(5000);
  assert.equal(clock.offset, 0);
  assert.equal(clock.error, Infinity);
  assert.equal(clock.serverNow(), 5000);
});

test("an answer's time is put at the middle of its round trip", () => {
  const { clock } = clockAt(0);
  // Sent at 1,000 ms, back at 1,100 ms; the server read 1,000,000.550 s in between.
  clock.sample(1000, 1100, 1_000_000.55);
  assert.equal(clock.offset, 1_000_000_550 - 1050);
  assert.equal(clock.error, 50);
});

test("the quickest of the recent answers wins, whatever came after it", () => {
  const { now, clock } = clockAt(0);
  const skew = 2_500_000; // the server's clock is 2,500 s ahead of the page's
  // A slow answer delayed on its way back: its middle is 300 ms late.
  clock.sample(0, 800, (100 + skew) / 1000);
  clock.sample(2000, 2020, (2010 + skew) / 1000); // quick and true
  clock.sample(4000, 4600, (4100 + skew) / 1000); // slow again
  assert.equal(clock.offset, skew);
  now.local = 10_000;
  assert.equal(clock.serverNow(), 10_000 + skew);
  assert.equal(clock.until((12_000 + skew) / 1000), 2000);
});

test("only the last answers count, so a stale quick one is forgotten", () => {
  const { clock } = clockAt(0);
  clock.sample(0, 2, 1); // quick, but about to be forgotten
  for (let i = 1; i <= KEPT; i += 1) clock.sample(i * 1000, i * 1000 + 40, (i * 1000 + 20 + 7000) / 1000);
  assert.equal(clock.samples.length, KEPT);
  assert.equal(clock.offset, 7000);
});

test("answers without a time or with a clock set back are left out", () => {
  const { clock } = clockAt(0);
  clock.sample(1000, 1010, Number.NaN);
  clock.sample(1000, 990, 5);
  clock.sample(Number.NaN, 990, 5);
  assert.equal(clock.samples.length, 0);
});

test("surely past a time is the estimate plus the most it can be off", () => {
  const { clock } = clockAt(0);
  clock.sample(0, 60, 0.03); // the server read 30 ms at some instant in the trip
  assert.equal(clock.until(1), 1000);
  assert.equal(clock.untilSurely(1), 1030);
  const fresh = clockAt(0).clock; // no answer yet: waits at most MAX_MARGIN_MS longer
  assert.equal(fresh.untilSurely(1), 1000 + MAX_MARGIN_MS);
});
