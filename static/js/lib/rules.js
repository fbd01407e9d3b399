// The rules the page must know, as the server sends them: a JSON blob in the page,
// <script type="application/json" id="rules">, built by web/pages.py's page_rules from
// the Python constants, so no script keeps a copy of the rules. Its fields:
//
//   multi_letter_faces, blank       the cube faces beyond single letters
//   score_table                     [[letters, points], ...], the last for "or more"
//   shortest_scored                 the fewest letters a word may have
//   default_min_length              the shortest word counted unless a size says more
//   min_length_by_size              {"6x6": 4, ...}: the rule of each size's dice
//   long_word, max_word_length      the tie-break's "long word", the longest word kept
//   round_seconds, big_round_seconds, big_board_cells     (practice) a round's time
//   verdicts                        (scoring) how each verdict reads
//   boards                          (solver) each dictionary's letters and faces, by
//                                   name, for lib/board-text.js's language()

export const rules = JSON.parse(document.getElementById("rules").textContent);

/** The rules stated on the page (#rule-min) follow the shortest word field, once it is a rule. */
export function stateShortestWord(value) {
  if (Number(value) >= rules.shortest_scored) {
    document.getElementById("rule-min").textContent = value;
  }
}

/** The shortest word counted by default on a board of this size, as the form writes it. */
export function defaultMinLength(rows, cols) {
  return String(rules.min_length_by_size[`${rows}x${cols}`] ?? rules.default_min_length);
}
