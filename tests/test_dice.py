"""Tests for boggle/dice.py: the published dice sets and seedable random boards."""

from __future__ import annotations

import pytest

from boggle.board import BLANK, MULTI_LETTER_FACES, parse_board
from boggle.dice import (
    ALL_DICE_SETS,
    DEFAULT_SET_FOR_SIZE,
    DICE_SETS,
    QUARTER_TURNS,
    SEED_LIMIT,
    TURN_TWINS,
    UNDERLINED,
    _dice,
    _die,
    dice_set,
    landed_board,
    min_length_for,
    nearest_set,
    random_board,
    roll_plan,
)
from boggle.errors import DiceError
from boggle.languages import ALL_RULESETS

# The sets as /work/shared/dice.md lists them (copied here so that the tests need
# nothing outside the repository). Each die is six faces; "Qu" and the bracketed
# two-letter faces fill one cell; "#" is a blank.
PUBLISHED = {
    "classic": "AACIOT ABILTY ABJMOQu ACDEMP ACELRS ADENVZ AHMORS BIFORX "
    "DENOSW DKNOTU EEFHIY EGKLUY EGINTV EHINPS ELPSTU GILRUW",
    "new": "AAEEGN ABBJOO ACHOPS AFFKPS AOOTTW CIMOTU DEILRX DELRVY "
    "DISTTY EEGHNW EEINSU EHRTVW EIOSST ELRTTY HIMNUQu HLNNRZ",
    "big": "AAAFRS AAEEEE AAFIRS ADENNN AEEEEM AEEGMU AEGMNN AFIRSY BJKQuXZ "
    "CCENST CEIILT CEILPT CEIPST DDLNOT DHHLOR DHLNOR DHLNOR EIIITT "
    "EMOTTT ENSSSU FIPRSY GORRVW IPRRRY NOOTUW OOOTTU",
    "deluxe": "AAAFRS AAEEEE AAFIRS ADENNN AEEEEM AEEGMU AEGMNN AFIRSY BJKQuXZ "
    "CCNSTW CEIILT CEILPT CEIPST DDLNOR DHHLOR DHHNOT DHLNOR EIIITT "
    "EMOTTT ENSSSU FIPRSY GORRVW HIPRRY NOOTUW OOOTTU",
    "superbig": "AAAFRS AAEEEE AAEEOO AAFIRS ABDEIO ADENNN "
    "AEEEEM AEEGMU AEGMNN AEILMN AEINOU AFIRSY "
    "ANERHEINQUTH BBJKXZ CCENST CDDLNN CEIITT CEIPST "
    "CFGNUY DDHNOT DHHLOR DHHNOW DHLNOR EHILRS "
    "EIILST EILPST EIO### EMTTTO ENSSSU GORRVW "
    "HIRSTV HOPRST IPRSYY JKQuWXZ NOOTUW OOOTTU",
}
SIZES = {"classic": (4, 4, 3), "new": (4, 4, 3), "big": (5, 5, 3), "deluxe": (5, 5, 3)}
SIZES["superbig"] = (6, 6, 4)
TWO_LETTER_DIE = ("an", "er", "he", "in", "qu", "th")


def published_die(text: str) -> tuple[str, ...]:
    """A die as dice.md writes it, in sorted faces."""
    if text == "ANERHEINQUTH":
        return TWO_LETTER_DIE
    faces: list[str] = []
    for ch in text:
        if ch == "u" and faces and faces[-1] == "q":
            faces[-1] = "qu"
        else:
            faces.append(ch.lower())
    return tuple(sorted(faces))


@pytest.mark.parametrize("name", list(PUBLISHED))
def test_sets_hold_the_published_dice(name: str) -> None:
    dice = DICE_SETS[name].dice
    expected = sorted(published_die(die) for die in PUBLISHED[name].split())
    assert sorted(tuple(sorted(die)) for die in dice) == expected


@pytest.mark.parametrize("name", [name for name in PUBLISHED if name != "superbig"])
def test_sets_hold_the_published_dice_face_for_face_in_order(name: str) -> None:
    expected = tuple(
        tuple(face.replace("q", "qu") for face in die.lower().replace("qu", "q"))
        for die in PUBLISHED[name].split()
    )
    assert DICE_SETS[name].dice == expected


def test_the_classic_set_has_its_published_letter_counts() -> None:
    # Counted from the published list above (dice.md), die by die: 96 faces.
    counts = {
        "a": 8, "b": 3, "c": 3, "d": 4, "e": 10, "f": 2, "g": 3, "h": 3, "i": 7,
        "j": 1, "k": 2, "l": 5, "m": 3, "n": 5, "o": 6, "p": 3, "qu": 1, "r": 4,
        "s": 5, "t": 5, "u": 4, "v": 2, "w": 2, "x": 1, "y": 3, "z": 1,
    }  # fmt: skip
    faces = DICE_SETS["classic"].faces
    assert {face: faces.count(face) for face in sorted(set(faces))} == counts
    assert len(faces) == sum(counts.values()) == 96


@pytest.mark.parametrize(("name", "count"), [("classic", 16), ("new", 16), ("big", 25)])
def test_number_of_dice(name: str, count: int) -> None:
    assert len(DICE_SETS[name].dice) == count


def test_number_of_dice_of_every_set() -> None:
    assert {name: len(s.dice) for name, s in DICE_SETS.items()} == {
        "classic": 16,
        "new": 16,
        "big": 25,
        "deluxe": 25,
        "superbig": 36,
    }


@pytest.mark.parametrize("name", list(DICE_SETS))
def test_every_die_has_six_valid_faces(name: str) -> None:
    chosen = DICE_SETS[name]
    rows, cols, min_length = SIZES[name]
    assert (chosen.rows, chosen.cols, chosen.min_length) == (rows, cols, min_length)
    assert len(chosen.dice) == rows * cols
    for die in chosen.dice:
        assert len(die) == 6
        for face in die:
            assert (
                face == BLANK or face in MULTI_LETTER_FACES or (len(face) == 1 and face.isalpha())
            )
            assert face == face.lower()
            assert face != "q"  # Boggle's only Q face is Qu
    assert len(chosen.faces) == 6 * rows * cols


def test_multi_letter_faces_and_blanks_are_parsed() -> None:
    assert ("a", "b", "j", "m", "o", "qu") in DICE_SETS["classic"].dice
    assert ("h", "i", "m", "n", "u", "qu") in DICE_SETS["new"].dice
    assert ("b", "j", "k", "qu", "x", "z") in DICE_SETS["big"].dice
    superbig = DICE_SETS["superbig"].dice
    assert TWO_LETTER_DIE in superbig
    assert ("e", "i", "o", "#", "#", "#") in superbig
    assert ("j", "k", "qu", "w", "x", "z") in superbig
    assert sum(die.count("#") for die in superbig) == 3


@pytest.mark.parametrize("name", list(DICE_SETS))
def test_board_has_the_set_size(name: str) -> None:
    chosen = DICE_SETS[name]
    for seed in range(5):
        board, returned = random_board(name, seed)
        assert (board.rows, board.cols) == (chosen.rows, chosen.cols)
        assert returned == seed


@pytest.mark.parametrize("name", list(DICE_SETS))
def test_each_die_is_used_once(name: str) -> None:
    chosen = DICE_SETS[name]
    for seed in range(20):
        board, _ = random_board(chosen, seed)
        # Every die shows one face: the faces can be matched to the dice one to one.
        assert _has_matching(board.faces, chosen.dice), board
    # The check itself can fail: no set has a Z on every die.
    assert not _has_matching(("z",) * len(chosen.dice), chosen.dice)


def _has_matching(faces: tuple[str, ...], dice: tuple[tuple[str, ...], ...]) -> bool:
    """Whether each face can come from its own die (a bipartite matching)."""
    match: dict[int, int] = {}

    def assign(cell: int, seen: set[int]) -> bool:
        for d, die in enumerate(dice):
            if faces[cell] in die and d not in seen:
                seen.add(d)
                if d not in match or assign(match[d], seen):
                    match[d] = cell
                    return True
        return False

    return all(assign(cell, set()) for cell in range(len(faces)))


@pytest.mark.parametrize("name", list(DICE_SETS))
def test_same_set_and_seed_give_the_same_board(name: str) -> None:
    for seed in (0, 1, 42, 2**40, SEED_LIMIT - 1):
        assert random_board(name, seed) == random_board(name, seed)


# Boards asserted literally, so that a change to the shuffle, the rolls or the dice
# (or to Python's random) shows up as a different board for a seed people have saved.
GOLDEN = {
    "classic": "noyp reze sses ugoi",
    "new": "sgom veue yxkw whpl",
    "big": "shice splan werro ofiqun gsmgh",
    "deluxe": "shice splan wepro ofiqun gtmgh",
    "superbig": (
        "e a n t a qu / n s t o l n / i r o a n e / e c z o c i / o e s n t o / e o th o f i"
    ),
}


@pytest.mark.parametrize("name", list(GOLDEN))
def test_golden_board_for_seed_2024(name: str) -> None:
    board, seed = random_board(name, 2024)
    assert seed == 2024
    assert str(board) == GOLDEN[name]
    assert parse_board(GOLDEN[name]) == board


def test_golden_boards_of_other_sizes() -> None:
    assert str(random_board(None, 2024, 3, 3)[0]) == "esn oio ntl"
    assert str(random_board(None, 2024, 7, 7)[0]) == (
        "d m h s th m v / i p s r f o i / e u p h c s l / h i e b h h c / "
        "d a o j n r i / h t i o o e o / a p e y t # s"
    )


@pytest.mark.parametrize("name", list(DICE_SETS))
def test_different_seeds_give_different_boards(name: str) -> None:
    boards = {random_board(name, seed)[0] for seed in range(30)}
    assert len(boards) == 30


@pytest.mark.parametrize("seed", [-1, -5, SEED_LIMIT, SEED_LIMIT + 5])
def test_a_seed_outside_0_to_the_limit_is_refused_as_the_api_refuses_it(seed: int) -> None:
    with pytest.raises(DiceError, match=f"from 0 to {SEED_LIMIT - 1}, not {seed}"):
        random_board("new", seed)


@pytest.mark.parametrize("seed", [True, False, "5", 2.0, [1]])
def test_a_seed_that_is_not_a_whole_number_is_refused_naming_it(seed: object) -> None:
    # True is an int to Python, and 1 to a comparison: it must not roll board 1.
    with pytest.raises(DiceError) as raised:
        random_board("new", seed)  # type: ignore[arg-type]
    assert str(raised.value) == f"a seed is a whole number from 0 to {SEED_LIMIT - 1}, not {seed!r}"


def test_the_largest_seed_rolls_a_board_again() -> None:
    board, seed = random_board("new", SEED_LIMIT - 1)
    assert seed == SEED_LIMIT - 1
    assert random_board("new", seed)[0] == board


def test_no_seed_gives_a_seed_that_rolls_the_board_again() -> None:
    board, seed = random_board("big")
    assert 0 <= seed < SEED_LIMIT
    assert random_board("big", seed) == (board, seed)
    assert len({random_board("new")[1] for _ in range(10)}) == 10


def test_default_set_and_size() -> None:
    board, _ = random_board(seed=9)
    assert (board.rows, board.cols) == (4, 4)
    assert board == random_board("new", 9)[0]
    assert random_board(dice_set("NEW"), 9)[0] == board


@pytest.mark.parametrize(
    ("rows", "cols", "expected"),
    [
        (4, 4, "new"),
        (5, 5, "big"),
        (6, 6, "superbig"),
        (3, 3, "new"),
        (1, 1, "new"),
        (4, 5, "new"),
        (5, 6, "big"),
        (6, 5, "big"),
        (7, 7, "superbig"),
        (30, 30, "superbig"),
    ],
)
def test_nearest_set(rows: int, cols: int, expected: str) -> None:
    assert nearest_set(rows, cols).name == expected


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (4, 5), (5, 6), (7, 7), (2, 9), (1, 1)])
def test_other_sizes_draw_from_the_nearest_pool(rows: int, cols: int) -> None:
    pool = set(nearest_set(rows, cols).faces)
    seen: set[str] = set()
    for seed in range(40):
        board, _ = random_board(seed=seed, rows=rows, cols=cols)
        assert (board.rows, board.cols) == (rows, cols)
        assert set(board.faces) <= pool
        seen |= set(board.faces)
    if rows * cols >= 25:
        assert len(seen) > 15  # many faces of the pool turn up, not a few


def test_size_of_a_set_rolls_its_dice() -> None:
    assert random_board(None, 3, 5, 5) == random_board("big", 3)
    assert random_board(None, 3, 6, 6) == random_board("superbig", 3)
    assert random_board(None, 3, 6) == random_board("superbig", 3)
    assert random_board("classic", 3, 4, 4) == random_board("classic", 3)


@pytest.mark.parametrize(("rows", "cols"), [(2, 8), (8, 2), (1, 16), (16, 1)])
def test_another_shape_with_the_set_s_number_of_cells_draws_from_its_pool(
    rows: int, cols: int
) -> None:
    # 16 cells, as the 4x4 set has dice: still not the set's shape, so each cell is drawn
    # from the pooled faces, not one die each. A pooled draw shows it sooner or later: a
    # board no one-die-a-cell roll can give (two Qu, say, with one die carrying it).
    chosen = DICE_SETS["new"]
    boards = [random_board("new", seed, rows, cols)[0] for seed in range(40)]
    assert all((b.rows, b.cols) == (rows, cols) for b in boards)
    assert not all(_has_matching(b.faces, chosen.dice) for b in boards)
    # The same seed at the set's own shape rolls the dice, one each.
    assert all(_has_matching(random_board("new", seed)[0].faces, chosen.dice) for seed in range(40))


def test_named_set_at_another_size_draws_from_its_pool() -> None:
    pool = set(DICE_SETS["classic"].faces)
    board, _ = random_board("classic", 5, rows=7, cols=3)
    assert (board.rows, board.cols) == (7, 3)
    assert set(board.faces) <= pool


def test_superbig_pool_gives_two_letter_faces_and_blanks() -> None:
    faces: set[str] = set()
    for seed in range(30):
        faces |= set(random_board("superbig", seed, rows=10, cols=10)[0].faces)
    assert {"th", "qu", "in", "#"} <= faces


def test_default_sets_for_sizes() -> None:
    assert DEFAULT_SET_FOR_SIZE == {(4, 4): "new", (5, 5): "big", (6, 6): "superbig"}


@pytest.mark.parametrize("name", ["nope", "", "Bigg"])
def test_unknown_set_lists_the_sets(name: str) -> None:
    with pytest.raises(DiceError) as raised:
        random_board(name, 1)
    message = str(raised.value)
    assert repr(name) in message
    for known in DICE_SETS:
        assert known in message


def test_set_names_are_case_insensitive() -> None:
    assert dice_set("SuperBig") is DICE_SETS["superbig"]


@pytest.mark.parametrize(("rows", "cols"), [(0, 4), (4, 0), (-1, 3)])
def test_size_below_one_is_an_error(rows: int, cols: int) -> None:
    with pytest.raises(DiceError, match="at least one row"):
        random_board(None, 1, rows, cols)


# --- Reading dice as dice.md writes them ---------------------------------------------
# DICE_SETS is read once, at import; these call the reader itself, so that a change to
# it fails here even where the sets were read before the change.


@pytest.mark.parametrize(
    ("text", "faces"),
    [
        ("AACIOT", ("a", "a", "c", "i", "o", "t")),
        ("ABJMOQu", ("a", "b", "j", "m", "o", "qu")),
        ("HIMNUQu", ("h", "i", "m", "n", "u", "qu")),
        ("QuABCDE", ("qu", "a", "b", "c", "d", "e")),
        ("ABCDEQu", ("a", "b", "c", "d", "e", "qu")),  # Qu is one face: six in all
        ("EIO###", ("e", "i", "o", "#", "#", "#")),
        ("[An Er He In Qu Th]", ("an", "er", "he", "in", "qu", "th")),
        ("[AN ER  HE IN QU TH]", ("an", "er", "he", "in", "qu", "th")),
        ("[X An Er He In Qu]", ("x", "an", "er", "he", "in", "qu")),
        # Lower case reads too; a u is part of Qu only after a q.
        ("abjmoqu", ("a", "b", "j", "m", "o", "qu")),
        ("aeegmu", ("a", "e", "e", "g", "m", "u")),
        ("uaeegm", ("u", "a", "e", "e", "g", "m")),
    ],
)
def test_a_die_is_read_face_by_face(text: str, faces: tuple[str, ...]) -> None:
    assert _die(text) == faces


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ABCDE", "die 'ABCDE' has 5 faces, not 6"),
        ("ABCDEFG", "die 'ABCDEFG' has 7 faces, not 6"),
        ("[An Er He]", "die '[An Er He]' has 3 faces, not 6"),
    ],
)
def test_a_die_without_six_faces_is_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        _die(text)
    assert str(raised.value) == message


def test_a_set_is_read_die_by_die_with_bracketed_dice_across_spaces() -> None:
    assert _dice("AACIOT [An Er He In Qu Th] EIO### ABJMOQu") == (
        ("a", "a", "c", "i", "o", "t"),
        ("an", "er", "he", "in", "qu", "th"),
        ("e", "i", "o", "#", "#", "#"),
        ("a", "b", "j", "m", "o", "qu"),
    )
    assert _dice("[An Er He In Qu Th]") == (("an", "er", "he", "in", "qu", "th"),)
    assert _dice("") == ()


def test_a_set_pools_the_faces_of_its_dice_in_order() -> None:
    assert DICE_SETS["new"].faces[:12] == tuple("aaeegnabbjoo")
    assert len(DICE_SETS["superbig"].faces) == 216


@pytest.mark.parametrize(("rows", "cols"), [(0, 4), (4, 0), (-1, 3)])
def test_size_below_one_is_refused_with_the_size_asked_for(rows: int, cols: int) -> None:
    with pytest.raises(DiceError) as raised:
        roll_plan(None, rows, cols)
    assert str(raised.value) == (
        f"a board needs at least one row and one column, not {rows}x{cols}"
    )


def test_a_set_name_that_is_not_text_is_refused_naming_the_sets() -> None:
    with pytest.raises(DiceError) as raised:
        dice_set(5)  # type: ignore[arg-type]
    assert str(raised.value) == (
        "no dice set called 5; the sets are classic, new, big, deluxe, superbig, "
        "de, de-big, fr, fr-big, es, es-big, it, it-big, nl, nl-big"
    )


@pytest.mark.parametrize(
    ("dice", "rows", "cols", "plan"),
    [
        (None, None, None, ("new", 4, 4)),
        ("big", None, None, ("big", 5, 5)),
        (None, 5, None, ("big", 5, 5)),
        (None, None, 6, ("superbig", 6, 6)),
        (None, 2, 9, ("new", 2, 9)),
        ("classic", 7, 3, ("classic", 7, 3)),
        ("superbig", 4, None, ("superbig", 4, 4)),
    ],
)
def test_the_roll_plan_gives_the_set_and_size(
    dice: str | None, rows: int | None, cols: int | None, plan: tuple[str, int, int]
) -> None:
    chosen, got_rows, got_cols = roll_plan(dice, rows, cols)
    assert (chosen.name, got_rows, got_cols) == plan


# --- Dice landed on a table -------------------------------------------------------------


@pytest.mark.parametrize("name", list(ALL_DICE_SETS))
def test_a_landed_board_has_the_letters_of_the_random_board_of_its_set_and_seed(
    name: str,
) -> None:
    for seed in (0, 7, 2024, SEED_LIMIT - 1):
        landed = landed_board(name, seed)
        assert landed.board == random_board(name, seed)[0]
        assert (landed.dice, landed.seed) == (name, seed)


@pytest.mark.parametrize("name", list(ALL_DICE_SETS))
def test_each_die_lands_at_a_quarter_turn_and_the_same_seed_lands_them_alike(name: str) -> None:
    landed = landed_board(name, 99)
    assert len(landed.turns) == landed.board.size
    assert set(landed.turns) <= set(QUARTER_TURNS)
    assert landed_board(name, 99) == landed


@pytest.mark.parametrize("name", list(ALL_DICE_SETS))
def test_a_dice_set_given_itself_lands_as_it_does_by_name(name: str) -> None:
    assert landed_board(dice_set(name), 99) == landed_board(name, 99)


def test_the_shortest_word_counted_by_default_is_four_letters_on_six_by_six_alone() -> None:
    # Super Big Boggle's rule; every other size, its own set's or none, counts 3 letters.
    assert min_length_for(6, 6) == DICE_SETS["superbig"].min_length == 4
    for rows, cols in ((4, 4), (5, 5), (3, 3), (3, 7), (6, 5), (1, 1)):
        assert min_length_for(rows, cols) == 3


def test_the_turns_vary_across_the_cubes_and_across_the_rolls() -> None:
    rolls = [landed_board("new", seed).turns for seed in range(20)]
    assert all(len(set(turns)) > 1 for turns in rolls)
    assert len(set(rolls)) == 20
    # Every turn comes up, about as often as the others (320 dice, 80 each expected).
    counts = [sum(turns.count(turn) for turns in rolls) for turn in QUARTER_TURNS]
    assert min(counts) > 50, counts


def test_golden_turns_for_seed_2024() -> None:
    # Drawn after the letters, from the same stream: a change to either shows here.
    assert landed_board("new", 2024).turns == (
        270, 0, 180, 270, 270, 0, 90, 180, 270, 180, 180, 90, 180, 270, 270, 180,
    )  # fmt: skip


def test_the_dice_underline_m_w_n_and_z_the_letters_a_turn_makes_into_each_other() -> None:
    assert sorted(UNDERLINED) == ["m", "n", "w", "z"]
    assert all(TURN_TWINS[TURN_TWINS[letter]] == letter for letter in TURN_TWINS)
    for seed in range(10):
        landed = landed_board("big", seed)
        assert landed.underlined == tuple(
            face in ("m", "w", "n", "z") for face in landed.board.faces
        )


def test_a_landed_boards_document_gives_faces_turns_and_underlines_by_row() -> None:
    landed = landed_board("superbig", 2024)
    document = landed.as_dict()
    assert document["text"] == GOLDEN["superbig"]
    assert (document["rows"], document["cols"], document["dice"], document["seed"]) == (
        6, 6, "superbig", 2024,
    )  # fmt: skip
    assert document["board"] == landed.board.display_rows()
    assert [turn for row in document["turns"] for turn in row] == list(landed.turns)
    assert document["underlined"][0] == [False, False, True, False, False, False]  # e a N t a qu


@pytest.mark.parametrize("rules", ALL_RULESETS, ids=lambda rules: rules.code)
def test_a_landed_boards_text_reads_back_as_the_same_board_in_its_language(rules) -> None:
    # Qu, the two-letter faces and the blanks all come back as they were.
    for spec in rules.dice_sets:
        for seed in range(30):
            board = landed_board(spec.name, seed).board
            assert parse_board(str(board), rules=rules) == board


def test_a_landed_board_refuses_a_seed_as_a_random_board_does() -> None:
    with pytest.raises(DiceError, match=f"from 0 to {SEED_LIMIT - 1}, not -1"):
        landed_board("new", -1)
    with pytest.raises(DiceError, match="no dice set called 'huge'"):
        landed_board("huge", 1)
