// The board view's pure functions (static/js/lib/board-view.js): path text and speech.

import assert from "node:assert/strict";
import { test } from "node:test";

import { pathPoints, pathSpeech, pathText, readPath } from "../../static/js/lib/board-view.js";

// The README's board:  S E R S / P A T G / L I N E / S E R S
const FACES = [
  ["S", "E", "R", "S"],
  ["P", "A", "T", "G"],
  ["L", "I", "N", "E"],
  ["S", "E", "R", "S"],
];
const faceAt = (r, c) => FACES[r][c];

test("a chosen path is spoken letter by letter with rows and columns counted from 1", () => {
  const slate = [
    [3, 0],
    [2, 0],
    [1, 1],
    [1, 2],
    [0, 1],
  ];
  assert.equal(
    pathSpeech("slate", 2, slate, faceAt),
    "slate, 2 points: S row 4 column 1, L row 3 column 1, A row 2 column 2, " +
      "T row 2 column 3, E row 1 column 2",
  );
});

test("one point is said in the singular", () => {
  const sea = [
    [0, 0],
    [0, 1],
    [1, 1],
  ];
  assert.equal(
    pathSpeech("sea", 1, sea, faceAt),
    "sea, 1 point: S row 1 column 1, E row 1 column 2, A row 2 column 2",
  );
});

test("a path reads back from its data-path text and runs through the cube centres", () => {
  const path = [
    [3, 0],
    [2, 1],
  ];
  assert.equal(pathText(path), "3,0 2,1");
  assert.deepEqual(readPath("3,0 2,1"), path);
  assert.equal(pathPoints(path), "0.5,3.5 1.5,2.5");
});
