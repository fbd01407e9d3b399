// A practice round as data (static/js/lib/round.js): its clock, verdicts and outcome.

import assert from "node:assert/strict";
import { test } from "node:test";

import * as rounds from "../../static/js/lib/round.js";

const SOLVED = {
  rows: 2,
  cols: 2,
  min_length: 3,
  dictionary: "standard",
  count: 2,
  total_score: 2,
  words: [
    { word: "tale", score: 1, path: [] },
    { word: "late", score: 1, path: [] },
  ],
};
const onBoard = new Map(SOLVED.words.map((w) => [w.word, w]));

const start = (seconds = 180) =>
  rounds.newRound(SOLVED, { board: "tl ae", seconds, now: 1_000_000 });

test("a new round ends its seconds after it starts and has no words yet", () => {
  const round = start(90);
  assert.equal(round.ends, 1_000_000 + 90_000);
  assert.deepEqual(round.entries, []);
  assert.equal(round.stopped, null);
  assert.equal(round.version, rounds.VERSION);
});

test("a round is over when its time is up or it is stopped", () => {
  const round = start(60);
  assert.equal(rounds.isOver(round, round.ends - 1), false);
  assert.equal(rounds.isOver(round, round.ends), true);
  round.stopped = round.started + 5_000;
  assert.equal(rounds.isOver(round, round.started + 6_000), true);
});

test("a stopped round's clock stays where it stopped", () => {
  const round = start(60);
  round.stopped = round.started + 15_000;
  assert.equal(rounds.timeLeft(round, round.ends + 99_000), 45_000);
});

test("the clock rounds the time left up to whole seconds", () => {
  assert.equal(rounds.clock(179_001), "3:00");
  assert.equal(rounds.clock(61_000), "1:01");
  assert.equal(rounds.clock(1), "0:01");
  assert.equal(rounds.clock(0), "0:00");
});

test("a word is judged too short, found, or left to the dictionary", () => {
  const round = start();
  assert.equal(rounds.judge(round, onBoard, "ta"), "too_short");
  assert.equal(rounds.judge(round, onBoard, "tale"), "found");
  assert.equal(rounds.judge(round, onBoard, "teal"), null);
  assert.equal(rounds.judge(round, onBoard, "tea", true), "not_a_word");
});

test("letters are counted as people count them, not as UTF-16 units", () => {
  assert.equal(rounds.judge(start(), onBoard, "😀😀"), "too_short");
  assert.equal(rounds.judge(start(), onBoard, "😀😀😀"), null);
});

test("a word is matched without case or the punctuation around it", () => {
  assert.equal(rounds.normalize("  «Tale»! "), "tale");
  assert.equal(rounds.normalize("don't"), "don't");
  // The Dutch ligature is its two letters, as the server folds it (ĳs is ijs).
  assert.equal(rounds.normalize("Ĳsvrij"), "ijsvrij");
  assert.equal(rounds.normalize("ĳs"), "ijs");
});

test("the tally counts the words found so far and their points", () => {
  const round = start();
  round.entries.push({ word: "late", verdict: "found", points: 1 });
  round.entries.push({ word: "teal", verdict: "not_on_board", points: 0 });
  assert.deepEqual(rounds.tally(round), { words: 1, points: 1 });
});

test("a personal best is kept by board size and beaten only by more points", () => {
  const first = rounds.updateBest({}, 4, 4, 12);
  assert.deepEqual(first, { bests: { "4x4": 12 }, previous: null, isNew: true });
  const same = rounds.updateBest(first.bests, 4, 4, 12);
  assert.deepEqual(same, { bests: { "4x4": 12 }, previous: 12, isNew: false });
  const other = rounds.updateBest(first.bests, 5, 5, 3);
  assert.deepEqual(other.bests, { "4x4": 12, "5x5": 3 });
  assert.equal(rounds.updateBest({}, 4, 4, 0).isNew, false); // no points, no best
});
