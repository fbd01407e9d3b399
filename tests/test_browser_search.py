"""The page's search (static/js/lib/search.js over static/wasm/walk.wasm, the server's
walk built to WebAssembly) finds what the Python engine finds.

The tests run it under node, as tests/test_board_text_parity.py runs the board reader:
on 1,040 random boards from 4x4 to 10x10, 130 on each shipped list (every language),
with Qu, two-letter faces and blanks, each word, its path and its points must be the
pure-Python search's, in the same order. The graph it reads is the file the server
sends (boggle/dictionary.py, browser_graph), with the layout the server sends beside
it (boggle/solver.py, browser_layout).
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from boggle import Catalog
from boggle.board import Board
from boggle.dice import nearest_set, random_board, sets_of
from boggle.dictionary import BROWSER_HEADER, FORMAT_VERSION, browser_graph
from boggle.languages import LANGUAGES
from boggle.rules import RULES
from boggle.solver import ENGINES, browser_layout, solve
from boggle.words import normalize_word
from web.pages import board_reading

HARNESS = Path(__file__).parent / "js" / "search_harness.mjs"
BOARDS_PER_LIST = 130
SIDES = range(4, 11)

Call = Callable[[dict[str, Any]], Any]


@pytest.fixture(scope="module")
def page_search() -> Iterator[Call]:
    """Send one request to lib/search.js in one node process; its answer."""
    node = shutil.which("node")
    assert node, "node is needed to run the page's search (see .ci/run)"
    process = subprocess.Popen(
        [node, str(HARNESS)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert process.stdin and process.stdout

    def call(message: dict[str, Any]) -> Any:
        process.stdin.write(json.dumps(message) + "\n")
        process.stdin.flush()
        return json.loads(process.stdout.readline())

    yield call
    process.stdin.close()
    process.wait(timeout=10)


def use_list(call: Call, catalog: Catalog, name: str, folder: Path) -> dict[str, Any]:
    """Hand the page's search a list's graph file, as the server sends it."""
    dictionary = catalog.get(name)
    graph = folder / f"{name}.graph"
    graph.write_bytes(browser_graph(dictionary))
    return call({"graph": str(graph), "name": name, "layout": browser_layout(dictionary.rules)})


def random_boards(catalog: Catalog, name: str, count: int, seed: int) -> Iterator[Board]:
    """Boards of 4 to 10 cells a side, from the faces of the list's language's dice, now
    and then any face it has, and a blank in some boards."""
    rules = catalog.rules(name)
    dice_faces = [face for dice in sets_of(rules).values() for face in dice.faces]
    any_face = sorted(rules.faces)
    rng = random.Random(seed)
    for _ in range(count):
        rows, cols = rng.choice(SIDES), rng.choice(SIDES)
        blanks = rng.choice((0, 0, 0.05, 0.15))
        faces = []
        for _ in range(rows * cols):
            pick = rng.random()
            if pick < blanks:
                faces.append(rules.blank)
            elif pick < blanks + 0.1:
                faces.append(rng.choice(any_face))
            else:
                faces.append(rng.choice(dice_faces))
        yield Board(rows, cols, tuple(faces))


def rows_of(board: Board) -> list[list[str]]:
    return [list(board.faces[r * board.cols : (r + 1) * board.cols]) for r in range(board.rows)]


def python_words(board: Board, catalog: Catalog, name: str, min_length: int) -> list[dict]:
    """The pure-Python engine's words, as the page's search gives them."""
    solution = solve(board, catalog.get(name), min_length, engine=ENGINES["python"])
    return [
        {"word": w.word, "score": w.score, "path": [list(cell) for cell in w.path]}
        for w in solution.words
    ]


@pytest.mark.slow
@pytest.mark.parametrize("name", Catalog().names)
def test_the_page_search_finds_the_python_engines_words_paths_and_points(
    page_search: Call, catalog: Catalog, name: str, tmp_path: Path
) -> None:
    header = use_list(page_search, catalog, name, tmp_path)
    assert header["version"] == FORMAT_VERSION
    assert header["words"] == len(catalog.get(name))
    seen = {"qu": 0, "blank": 0, "two_letter": 0, "words": 0}
    rng = random.Random(name)
    for index, board in enumerate(random_boards(catalog, name, BOARDS_PER_LIST, seed=len(name))):
        min_length = rng.choice((3, 3, 3, 4, 5))
        got = page_search({"rows": rows_of(board), "min_length": min_length})
        want = python_words(board, catalog, name, min_length)
        assert got == want, f"{name} board {index} ({board.rows}x{board.cols}): {board}"
        seen["qu"] += "qu" in board.faces
        seen["blank"] += "#" in board.faces
        seen["two_letter"] += any(len(face) == 2 and face != "qu" for face in board.faces)
        seen["words"] += len(want)
    # The boards held what they are meant to: blanks, Qu where the language has it, and
    # two-letter faces where it has any besides Qu; and words to compare.
    rules = catalog.rules(name)
    assert seen["blank"] > 10
    assert seen["words"] > 20 * BOARDS_PER_LIST
    if "qu" in rules.faces:
        assert seen["qu"] > 10
    if any(len(face) == 2 and face != "qu" for face in rules.faces):
        assert seen["two_letter"] > 10


def test_the_page_search_spells_letters_after_z_back(
    page_search: Call, catalog: Catalog, tmp_path: Path
) -> None:
    use_list(page_search, catalog, "de", tmp_path)
    words = page_search({"rows": [["m", "ü"], ["d", "e"]], "min_length": 3})
    assert {"word": "müde", "score": 1, "path": [[0, 0], [0, 1], [1, 0], [1, 1]]} in words


def test_the_page_search_refuses_a_face_its_list_has_no_column_for(
    page_search: Call, catalog: Catalog, tmp_path: Path
) -> None:
    use_list(page_search, catalog, "standard", tmp_path)
    assert page_search({"rows": [["ä", "b"], ["c", "d"]], "min_length": 3}) == {"error": "board"}


def test_the_page_search_stops_past_its_ceiling(
    page_search: Call, catalog: Catalog, tmp_path: Path
) -> None:
    use_list(page_search, catalog, "standard", tmp_path)
    # A 40x40 board of the commonest letters walks for far longer than no time at all.
    rows = [list("etaoinsr" * 5) for _ in range(40)]
    assert page_search({"rows": rows, "min_length": 3, "ceiling": 0}) == {"error": "limit"}


def test_the_page_search_refuses_a_graph_of_another_format(
    page_search: Call, catalog: Catalog, tmp_path: Path
) -> None:
    graph = bytearray(browser_graph(catalog.get("standard")))
    fields = list(BROWSER_HEADER.unpack_from(graph))
    fields[1] = FORMAT_VERSION + 1
    BROWSER_HEADER.pack_into(graph, 0, *fields)
    (tmp_path / "old.graph").write_bytes(graph)
    layout = browser_layout(catalog.rules("standard"))
    answer = page_search({"graph": str(tmp_path / "old.graph"), "name": "x", "layout": layout})
    assert answer == {"error": "format"}


def test_the_page_search_refuses_a_graph_whose_records_do_not_hold_together(
    page_search: Call, catalog: Catalog, tmp_path: Path
) -> None:
    graph = bytearray(browser_graph(catalog.get("standard")))
    # The root's first child pointed past the last record.
    root = BROWSER_HEADER.unpack_from(graph)[5]
    at = BROWSER_HEADER.size + 4 * (root + 1)
    graph[at : at + 4] = (0xFFFFFF).to_bytes(4, "little")
    (tmp_path / "bad.graph").write_bytes(graph)
    layout = browser_layout(catalog.rules("standard"))
    answer = page_search({"graph": str(tmp_path / "bad.graph"), "name": "x", "layout": layout})
    assert answer == {"error": "graph"}


def dice_document(rules) -> dict[str, Any]:
    """A language's dice as /graphs/NAME sends them (web/offline.py)."""
    return {
        "sets": {
            name: {"rows": d.rows, "cols": d.cols, "min_length": d.min_length, "dice": d.dice}
            for name, d in sets_of(rules).items()
        },
        "for_size": {f"{r}x{c}": name for (r, c), name in rules.default_set_for_size.items()},
    }


@pytest.mark.parametrize("rules", [RULES, *LANGUAGES.values()], ids=lambda r: r.code)
def test_a_board_rolled_in_the_page_is_the_servers_for_the_same_dice_and_seed(
    page_search: Call, rules
) -> None:
    rng = random.Random(rules.code)
    shapes = [(r, c) for r, c in rules.default_set_for_size] + [(3, 3), (7, 5), (10, 10), (1, 4)]
    seeds = [0, 1, 2**32, 2**63 - 1] + [rng.randrange(2**63) for _ in range(12)]
    for rows, cols in shapes:
        dice = nearest_set(rows, cols, rules)
        for seed in seeds:
            rolled = page_search(
                {"roll": dice_document(rules), "rows": rows, "cols": cols, "seed": str(seed)}
            )
            board, _ = random_board(dice, seed, rows, cols)
            assert rolled["dice"] == dice.name and rolled["min_length"] == dice.min_length
            assert rolled["rows"] == rows_of(board), (rules.code, rows, cols, seed)


@pytest.mark.parametrize("name", ["standard", "de", "fr", "nl"])
def test_a_word_looked_up_in_the_page_is_in_the_list_as_lookup_says(
    page_search: Call, catalog: Catalog, name: str, tmp_path: Path
) -> None:
    use_list(page_search, catalog, name, tmp_path)
    dictionary = catalog.get(name)
    rules = dictionary.rules
    rng = random.Random(name)
    words = rng.sample(list(dictionary), 300)
    # Prefixes and near misses, capitals and accents, q without u, letters of others.
    written = (
        words
        + [word[:-1] for word in words[:100]]
        + [word + "e" for word in words[:100]]
        + [word.upper() for word in words[:50]]
        + ["Élève", "élève", "Straße", "STRASSE", "qat", "quiet", "ñandú", "ijs", "", "xyzzy"]
    )
    reading = board_reading(rules) | {"replacements": [list(p) for p in rules.replacements]}
    # The practice page trims and lowers a word as normalize_word does, then looks it up.
    normalized = [normalize_word(word) for word in written]
    answers = page_search({"lookup": normalized, "reading": reading})
    for word, (folded, held) in zip(normalized, answers, strict=True):
        # As /lookup reads it (web/service.py, run_lookup).
        expected = rules.fold_word(word) if rules.folds_accents else word
        assert (folded, held) == (expected, expected in dictionary), word
