// The board text the page writes and reads: the same text boggle/board.py writes.
// (tests/test_board_text_parity.py compares the two on generated boards.)

import assert from "node:assert/strict";
import { test } from "node:test";

import { boardText, parseBoard, readToken } from "../../static/js/lib/board-text.js";

test("a single row says its shape, so the server does not read it as a square", () => {
  assert.equal(boardText([["w", "o", "r", "d"]]), "1x4: w o r d");
});

test("a single column says its shape", () => {
  assert.equal(boardText([["w"], ["o"], ["r"], ["d"]]), "4x1: w o r d");
});

test("rows that each read as one cube are kept apart by slashes", () => {
  assert.equal(
    boardText([
      ["a", "n"],
      ["h", "e"],
    ]),
    "an / he",
  );
});

test("letters only are written as rows run together", () => {
  assert.equal(
    boardText([
      ["s", "e"],
      ["qu", "t"],
    ]),
    "se qut",
  );
});

test("multi-letter faces and blanks are written cell by cell", () => {
  assert.equal(
    boardText([
      ["th", "e"],
      ["#", "a"],
    ]),
    "th e / # a",
  );
});

test("a shape before the cells is read as the board's shape", () => {
  assert.deepEqual(parseBoard("1x4: w o r d"), [["w", "o", "r", "d"]]);
  assert.deepEqual(parseBoard("4x1: word"), [["w"], ["o"], ["r"], ["d"]]);
  assert.deepEqual(parseBoard("1x1: th"), [["th"]]);
});

test("a shape the cells cannot fill is not a board", () => {
  assert.equal(parseBoard("2x3: abcd"), null);
  assert.equal(parseBoard("3x2: ab cd"), null);
});

test("what is written reads back to the same rows", () => {
  const boards = [
    [["w", "o", "r", "d"]],
    [
      ["a", "n"],
      ["h", "e"],
    ],
    [
      ["qu", "a", "t"],
      ["e", "#", "s"],
      ["r", "t", "n"],
    ],
  ];
  for (const rows of boards) assert.deepEqual(parseBoard(boardText(rows)), rows);
});

test("separators around the rows mean nothing", () => {
  assert.deepEqual(parseBoard("ab cd /"), [
    ["a", "b"],
    ["c", "d"],
  ]);
});

test("text that is no board reads as null", () => {
  for (const text of ["", "abc", "abcd efg", "ab1d", "a zz b c"]) {
    assert.equal(parseBoard(text), null, text);
  }
});

test("one character typed into a cube is its face, q the Qu cube, and . a blank", () => {
  assert.equal(readToken("Q"), "qu");
  assert.equal(readToken("e"), "e");
  assert.equal(readToken("."), "#");
  assert.equal(readToken(" "), null);
  assert.equal(readToken("1"), null);
});
