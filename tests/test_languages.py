"""Tests for the five other languages in the engine: their rulesets (boggle/languages.py),
word graphs laid out by their alphabets, boards read with their letters, and every search
core held equal to tests/reference.py on their boards."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples
from reference import is_valid_path, reference_words

from boggle import BoardError, Catalog, Dictionary, parse_board, random_board
from boggle.board import Board
from boggle.dice import dice_set
from boggle.dictionary import cache_name, count_words, load_dictionary, read_words
from boggle.languages import LANGUAGES
from boggle.rules import ENGLISH
from boggle.solver import ENGINES, Solution, score_board
from boggle.solver import solve as solve_with

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "wordlists"))
import languages as data_layer  # noqa: E402 - wordlists/ is not a package

Solve = Callable[..., Solution]
CODES = ["de", "fr", "es", "it", "nl"]


@pytest.fixture(scope="module", params=sorted(ENGINES))
def solve(request: pytest.FixtureRequest) -> Solve:
    """``solve`` on each search core in turn; tests/reference.py is the judge of all."""
    return partial(solve_with, engine=ENGINES[request.param])


# --- The rulesets hold the data layer's choices --------------------------------------


@pytest.mark.parametrize("code", CODES)
def test_each_ruleset_has_the_data_layers_alphabet_faces_and_list(code: str) -> None:
    rules, data = LANGUAGES[code], data_layer.LANGUAGES[code]
    assert rules.code == code
    assert rules.alphabet == data.alphabet
    assert rules.multi_letter_faces == data.multi_letter_faces
    assert rules.replacements == data.replacements
    assert [spec.filename for spec in rules.word_lists] == [data.filename]
    assert rules.default_dictionary == code


@pytest.mark.parametrize("code", CODES)
def test_each_ruleset_rolls_the_shipped_dice(code: str) -> None:
    shipped = json.loads((ROOT / "wordlists" / "dice-languages.json").read_text("utf-8"))
    rules = LANGUAGES[code]
    assert [spec.name for spec in rules.dice_sets] == [code, f"{code}-big"]
    assert [spec.dice for spec in rules.dice_sets] == [
        shipped[code]["dice"],
        shipped[f"{code}-big"]["dice"],
    ]
    assert dict(rules.default_set_for_size) == {(4, 4): code, (5, 5): f"{code}-big"}
    for spec in rules.dice_sets:
        faces = {face for die in dice_set(spec.name).dice for face in die}
        assert faces <= rules.faces | {rules.blank}


def test_german_letters_after_z_are_columns_after_z() -> None:
    german = LANGUAGES["de"]
    assert [german.face_columns[ch] for ch in "azäöü"] == [0, 25, 26, 27, 28]
    assert german.face_columns["qu"] == 16 and "q" not in german.face_columns
    assert (german.mask_column, german.stride) == (29, 30)


def test_dutch_ij_is_two_letters_with_no_face_of_its_own() -> None:
    dutch = LANGUAGES["nl"]
    assert dutch.multi_letter_faces == ("qu",) and "ij" not in dutch.faces
    assert (dutch.mask_column, dutch.stride) == (26, 27)


def test_english_is_unchanged() -> None:
    assert (ENGLISH.code, ENGLISH.mask_column, ENGLISH.stride) == ("en", 31, 32)
    assert not ENGLISH.folds_accents


def test_graph_cache_key_differs_per_alphabet() -> None:
    keys = {cache_name("ab" * 32, rules) for rules in (ENGLISH, *LANGUAGES.values())}
    # French, Italian and Dutch share an alphabet and faces (a-z and Qu), so their tables
    # are laid out alike; their lists differ, and so do the cache names' content hashes.
    assert LANGUAGES["fr"].graph_key == LANGUAGES["it"].graph_key == LANGUAGES["nl"].graph_key
    assert len(keys) == 4
    assert LANGUAGES["de"].graph_key != ENGLISH.graph_key != LANGUAGES["nl"].graph_key


@pytest.mark.parametrize(
    ("code", "written", "folded"),
    [
        ("fr", "Élève", "eleve"),
        ("fr", "garçon", "garcon"),
        ("de", "Straße", "strasse"),
        ("de", "Mädchen", "mädchen"),
        ("de", "Café", "cafe"),
        ("es", "Año", "año"),
        ("es", "canción", "cancion"),
        ("it", "città", "citta"),
        ("nl", "ideeën", "ideeen"),
        ("nl", "ĳs", "ijs"),
        ("nl", "Ĳsvrij", "ijsvrij"),
        ("de", "ma\u0308dchen", "mädchen"),  # ä typed as a and a combining diaeresis
    ],
)
def test_words_fold_as_the_lists_do(code: str, written: str, folded: str) -> None:
    assert LANGUAGES[code].fold_word(written) == folded


# --- Word graphs of a language's alphabet ---------------------------------------------


def test_a_german_graph_holds_words_with_umlauts() -> None:
    words = ["mädchen", "mad", "öl", "über", "übel", "zug", "quer"]
    dictionary = Dictionary.from_words(words, rules=LANGUAGES["de"])
    assert list(dictionary) == sorted(w for w in words if len(w) > 0)
    assert "mädchen" in dictionary and "madchen" not in dictionary
    assert dictionary.has_prefix("üb") and not dictionary.has_prefix("ub")
    assert len(dictionary.table) % LANGUAGES["de"].stride == 0


def test_an_english_graph_skips_words_with_umlauts() -> None:
    dictionary = Dictionary.from_words(["mädchen", "mad"])
    assert list(dictionary) == ["mad"]
    assert dictionary.stats.skipped_not_letters == 1


def test_the_cache_keeps_each_alphabets_graph_apart(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("mädchen\nmad\nöl\n", encoding="utf-8")
    german = load_dictionary(path, cache_dir=tmp_path / "cache", rules=LANGUAGES["de"])
    english = load_dictionary(path, cache_dir=tmp_path / "cache")
    assert list(german) == ["mad", "mädchen", "öl"]
    assert list(english) == ["mad"]
    assert len(list((tmp_path / "cache").iterdir())) == 2
    again = load_dictionary(path, cache_dir=tmp_path / "cache", rules=LANGUAGES["de"])
    assert list(again) == ["mad", "mädchen", "öl"] and again.rules is LANGUAGES["de"]


# --- Boards read with a language's letters ---------------------------------------------


def test_a_german_board_reads_umlauts_in_any_form() -> None:
    german = LANGUAGES["de"]
    typed = parse_board("1x7: m ä d c h e n", rules=german)
    assert typed.faces == tuple("mädchen")
    assert parse_board("1x7: MÄDCHEN", rules=german) == typed
    assert parse_board("1x7: ma\u0308dchen", rules=german) == typed
    assert parse_board([["M", "Ä", "D", "C", "H", "E", "N"]], rules=german) == typed


def test_french_reads_accented_letters_as_their_base_letter() -> None:
    french = LANGUAGES["fr"]
    assert parse_board("1x5: élève", rules=french).faces == tuple("eleve")
    assert parse_board("1x2: ç Qu", rules=french).faces == ("c", "qu")


def test_dutch_reads_ij_and_its_ligature_as_two_cubes() -> None:
    dutch = LANGUAGES["nl"]
    two = ("i", "j", "s", "e")
    assert parse_board("ijse", rules=dutch).faces == two
    assert parse_board("ĳse", rules=dutch).faces == two
    assert parse_board("ĲSE", rules=dutch).faces == two
    assert parse_board("2x2: i j s e", rules=dutch).faces == two
    # A cube holds one letter: the ligature written as one cube is two letters, refused.
    with pytest.raises(BoardError, match=r"'ij' \(row 1, cell 1\) is not a cube face"):
        parse_board([["ĳ", "s"]], rules=dutch)
    # English reads no ligature: its boards are a-z as typed.
    with pytest.raises(BoardError, match=r"'ĳ' \(cell 1\) is not a letter a-z"):
        parse_board("ĳse")


@pytest.mark.parametrize(
    ("code", "text", "message"),
    [
        ("de", "1x3: a ñ o", "'ñ' (cell 2) is not a letter of the German alphabet"),
        ("de", "1x3: año", "'ñ' (cell 2) is not a letter of the German alphabet"),
        ("es", "1x3: añß", "'ß' (cell 3) is not a letter of the Spanish alphabet"),
        ("fr", "1x2: a 7", "'7' (cell 2) is not a letter of the French alphabet"),
        ("it", [["a", "th"]], "'th' (row 1, cell 2) is not a cube face; multi-letter faces are Qu"),
    ],
)
def test_a_letter_outside_the_alphabet_is_named(
    code: str, text: str | list[list[str]], message: str
) -> None:
    with pytest.raises(BoardError) as raised:
        parse_board(text, rules=LANGUAGES[code])
    assert message in str(raised.value)
    if "alphabet" in message:
        assert f"the {code!r} dictionary" in str(raised.value)


def test_english_still_refuses_letters_beyond_a_z() -> None:
    with pytest.raises(BoardError, match=r"'ä' \(cell 2\) is not a letter a-z"):
        parse_board("1x3: aäo")


def test_a_board_of_one_language_is_refused_by_another_languages_dictionary() -> None:
    board = Board(1, 3, ("a", "ä", "th"))
    german = Dictionary.from_words(["mädchen"], name="de", rules=LANGUAGES["de"])
    with pytest.raises(BoardError, match=r"'Th' \(cell 3\) is not a cube face of the German"):
        solve_with(board, german)
    with pytest.raises(BoardError, match=r"'Ä' \(cell 2\) is not a letter of the English"):
        solve_with(parse_board("1x2: a ä", rules=LANGUAGES["de"]), Dictionary.from_words(["a"]))


# --- Searching: hand-worked boards, and every core equal to the reference ------------------


@pytest.fixture(scope="module")
def language_dictionaries(catalog: Catalog) -> dict[str, Dictionary]:
    """Each language's shipped dictionary, built once for the session by the catalog."""
    return {code: catalog.get(code) for code in CODES}


@pytest.mark.parametrize(
    ("code", "text", "word"),
    [
        ("de", "1x7: m ä d c h e n", "mädchen"),
        ("es", "1x3: a ñ o", "año"),
        ("fr", "1x6: é l è v e s", "eleves"),
        ("it", "1x5: c i t t à", "citta"),
        ("nl", "1x3: i j s", "ijs"),
        ("nl", "1x3: ĳs", "ijs"),
    ],
)
def test_hand_worked_words_are_found(
    solve: Solve, language_dictionaries: dict[str, Dictionary], code: str, text: str, word: str
) -> None:
    board = parse_board(text, rules=LANGUAGES[code])
    solution = solve(board, language_dictionaries[code])
    assert word in {w.word for w in solution.words}
    found = next(w for w in solution.words if w.word == word)
    assert is_valid_path(board, word, found.path)


@st.composite
def language_boards(draw: st.DrawFn, code: str) -> Board:
    """A board of the language's dice faces (blanks now and then), of any shape up to 5x5."""
    faces = sorted({f for spec in LANGUAGES[code].dice_sets for f in dice_set(spec.name).faces})
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    cells = draw(
        st.lists(st.sampled_from([*faces, "#"]), min_size=rows * cols, max_size=rows * cols)
    )
    return Board(rows, cols, tuple(cells))


@pytest.mark.parametrize("code", CODES)
def test_every_core_equals_the_reference_on_language_boards(
    code: str, language_dictionaries: dict[str, Dictionary]
) -> None:
    dictionary = language_dictionaries[code]
    # The reference reads a plain list; a seeded tenth of the real one keeps it quick
    # while holding the language's own letters (ä ö ü, ñ) and faces (ij).
    words = list(dictionary)[::10]
    small = Dictionary.from_words(words, name=code, rules=LANGUAGES[code])
    own = set(LANGUAGES[code].alphabet) - set("abcdefghijklmnopqrstuvwxyz")
    assert own <= {ch for w in words for ch in w}
    if code == "nl":
        assert any("ij" in w for w in words)

    @settings(max_examples=examples(25), deadline=None)
    @given(language_boards(code), st.sampled_from([3, 4]))
    def check(board: Board, min_length: int) -> None:
        expected = reference_words(board, words, min_length)
        results = {
            name: solve_with(board, small, min_length, engine=engine)
            for name, engine in ENGINES.items()
        }
        for name, solution in results.items():
            assert {w.word for w in solution.words} == expected, name
            for found in solution.words:
                assert is_valid_path(board, found.word, found.path), (name, found)
        first = next(iter(results.values()))
        for solution in results.values():
            assert [w.word for w in solution.words] == [w.word for w in first.words]
        assert score_board(board, small, min_length) == (first.total_score, first.count)

    check()


@pytest.mark.parametrize("code", CODES)
def test_a_random_board_of_the_languages_dice_has_words(
    solve: Solve, language_dictionaries: dict[str, Dictionary], code: str
) -> None:
    board, _ = random_board(code, seed=7)
    assert (board.rows, board.cols) == (4, 4)
    solution = solve(board, language_dictionaries[code])
    assert solution.count > 10
    for found in solution.words:
        assert found.word in language_dictionaries[code]
        assert is_valid_path(board, found.word, found.path)


@pytest.mark.parametrize(
    "text",
    [
        "mad\nmädchen\nöl\n",  # the shipped form: the quick count
        "mad\nmädchen\nöl",  # no final newline
        "mad\nmad\nöl\n",  # a repeat
        "mad\n\nöl\n",  # a blank line
        "Mad\nmädchen\n",  # a capital
        "qat\nquer\n",  # a q without u
        "mañana\nmad\n",  # a letter of another alphabet
        "a" * 65 + "\nmad\n",  # too long
        "# comment\nmad\n",
    ],
)
def test_the_quick_word_count_is_what_reading_the_list_keeps(text: str) -> None:
    german = LANGUAGES["de"]
    assert count_words(text, german) == read_words(text.splitlines(), german)[1].words
