// Runs lib/board-text.js for tests/test_board_text_parity.py: one JSON request a line
// on stdin ({"fn": "parseBoard", "arg": "..."}), one JSON answer a line on stdout.

import { createInterface } from "node:readline";

import * as boardText from "../../static/js/lib/board-text.js";

for await (const line of createInterface({ input: process.stdin })) {
  const { fn, arg } = JSON.parse(line);
  process.stdout.write(`${JSON.stringify(boardText[fn](arg))}\n`);
}
