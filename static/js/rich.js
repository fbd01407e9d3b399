// "Roll a rich board": the search for a high-scoring board of a dice set, asked of
// POST /rich in short slices. Each slice answers the best board so far; the next goes
// on from it with another seed, so the progress shows between slices and no request
// holds the server for long. Without the script the same button posts the form and the
// server searches in one go (web/page_routes.py, rich_board).

import { postJSON } from "./lib/api.js";

/** Search `slices` slices for a rich board; `onProgress(best, tried)` after each. */
export async function rollRich({ dice, dictionary, slices, onProgress, base }) {
  let best = null;
  let tried = 0;
  const seed = Math.floor(Math.random() * 2 ** 31);
  for (let slice = 0; slice < slices; slice += 1) {
    const request = { dice, dictionary, seed: seed + slice };
    if (best) request.board = best.text;
    const answer = await postJSON("rich", request, base);
    // A slice starts from the best so far, so it never answers a poorer board.
    if (!best || answer.total_score >= best.total_score) best = answer;
    tried += answer.steps;
    onProgress(best, tried);
  }
  return best;
}
