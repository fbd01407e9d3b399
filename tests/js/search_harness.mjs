// Runs lib/search.js, the page's search, for tests/test_browser_search.py: one JSON
// request a line on stdin, one JSON answer a line on stdout.
//   {"graph": "path/to/file", "name": "de", "layout": {...}}  ->  the graph's header
//   {"rows": [["a", "qu"], ...], "min_length": 3}             ->  the ranked words
// An error answers {"error": code}.

import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";

import { loadSearch } from "../../static/js/lib/search.js";

const wasm = await readFile(new URL("../../static/wasm/walk.wasm", import.meta.url));
const search = await loadSearch(wasm);

for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  let answer;
  try {
    if (request.graph) {
      const bytes = new Uint8Array(await readFile(request.graph));
      answer = search.useGraph(request.name, bytes, request.layout);
    } else {
      answer = search.solve(request.rows, request.min_length, request.ceiling ?? null);
    }
  } catch (error) {
    answer = { error: error.code ?? String(error) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
