// Runs lib/search.js, the page's search, for tests/test_browser_search.py: one JSON
// request a line on stdin, one JSON answer a line on stdout.
//   {"graph": "path/to/file", "name": "de", "layout": {...}}  ->  the graph's header
//   {"rows": [["a", "qu"], ...], "min_length": 3}             ->  the ranked words
//   {"roll": {dice document}, "rows": 5, "cols": 5, "seed": "12"} -> lib/dice.js's board
//   {"lookup": ["Élève", ...], "reading": {...}}   ->  each folded, and in the graph?
// An error answers {"error": code}.

import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";

import { rollBoard } from "../../static/js/lib/dice.js";
import { foldWord, holds, loadSearch } from "../../static/js/lib/search.js";

const wasm = await readFile(new URL("../../static/wasm/walk.wasm", import.meta.url));
const search = await loadSearch(wasm);
let graph = null; // the bytes of the graph in use, for look-ups

for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  let answer;
  try {
    if (request.graph) {
      const bytes = new Uint8Array(await readFile(request.graph));
      answer = search.useGraph(request.name, bytes, request.layout);
      graph = bytes;
    } else if (request.roll) {
      answer = rollBoard(request.roll, request.rows, request.cols, request.seed);
    } else if (request.lookup) {
      answer = request.lookup.map((word) => {
        const folded = foldWord(word, request.reading);
        return [folded, holds(folded, graph, search.graph.layout)];
      });
    } else {
      answer = search.solve(request.rows, request.min_length, request.ceiling ?? null);
    }
  } catch (error) {
    answer = { error: error.code ?? String(error) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
