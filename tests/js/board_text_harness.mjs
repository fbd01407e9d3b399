// Runs lib/board-text.js for tests/test_board_text_parity.py: one JSON request a line
// on stdin ({"fn": "parseBoard", "arg": "...", "language": {...}}), one JSON answer a
// line on stdout. "language" is the server's data for a dictionary (web/pages.py,
// board_reading); without it the function reads English, its default.

import { createInterface } from "node:readline";

import * as boardText from "../../static/js/lib/board-text.js";

for await (const line of createInterface({ input: process.stdin })) {
  const { fn, arg, language } = JSON.parse(line);
  const answer = language ? boardText[fn](arg, boardText.language(language)) : boardText[fn](arg);
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
