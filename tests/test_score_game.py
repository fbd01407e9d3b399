"""Tests for boggle/scoring.py's score_game: multiplayer games judged by the rules.

Every expected answer here was worked by hand on the board below, never with the
code under test. The board, row-major, with each word's path traced on it:

    Qu I  T        quit   Qu(0,0) I(0,1) T(0,2)                4 letters, 1 point
    E  A  S        quits  Qu(0,0) I(0,1) T(0,2) S(1,2)         5 letters, 2 points
    R  N  D        stand  S(1,2) T(0,2) A(1,1) N(2,1) D(2,2)   2 points
                   snare  S(1,2) N(2,1) A(1,1) R(2,0) E(1,0)   2 points
                   earns  E(1,0) A(1,1) R(2,0) N(2,1) S(1,2)   2 points
                   earn, near, sand, ran, tan                  1 point each

``nerd`` is a word (N E R are there, but D is not next to R); ``zebra`` is not.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boggle import Dictionary, parse_board, scoring, solve
from boggle.languages import LANGUAGES
from boggle.scoring import (
    DUPLICATE,
    NOT_A_WORD,
    NOT_ON_BOARD,
    SCORED,
    TOO_SHORT,
    GameScore,
    PlayerScore,
    score_game,
)

BOARD = parse_board("qu i t / e a s / r n d")
WORDS = ["quit", "quits", "stand", "snare", "earns", "earn", "near", "sand", "ran", "tan", "nerd"]
DICTIONARY = Dictionary.from_words(WORDS)
SOLUTION = solve(BOARD, DICTIONARY)
# Each word on the board, its points and its path, as traced by hand above.
ON_BOARD = {
    "earns": (2, ((1, 0), (1, 1), (2, 0), (2, 1), (1, 2))),
    "snare": (2, ((1, 2), (2, 1), (1, 1), (2, 0), (1, 0))),
    "stand": (2, ((1, 2), (0, 2), (1, 1), (2, 1), (2, 2))),
    "quits": (2, ((0, 0), (0, 1), (0, 2), (1, 2))),
    "earn": (1, ((1, 0), (1, 1), (2, 0), (2, 1))),
    "near": (1, ((2, 1), (1, 0), (1, 1), (2, 0))),
    "quit": (1, ((0, 0), (0, 1), (0, 2))),
    "ran": (1, ((2, 0), (1, 1), (2, 1))),
    "sand": (1, ((1, 2), (1, 1), (2, 1), (2, 2))),
    "tan": (1, ((0, 2), (1, 1), (2, 1))),
}


def play(*players: tuple[str, list[str]], min_length: int = 3) -> GameScore:
    """Score a game on the board above."""
    solution = SOLUTION if min_length == 3 else solve(BOARD, DICTIONARY, min_length)
    return score_game(solution, DICTIONARY, list(players))


def player(game: GameScore, name: str) -> PlayerScore:
    """One player's score, by name."""
    (found,) = (p for p in game.players if p.name == name)
    return found


def verdicts(game: GameScore, name: str) -> list[tuple[str, str, str, int]]:
    """A player's judged words as (word, as written, verdict, points), in the order written."""
    return [(v.word, v.written, v.verdict, v.points) for v in player(game, name).words]


def test_the_hand_worked_board_holds_exactly_the_words_traced_by_hand() -> None:
    # The rest of this file leans on the table above; hold the table to the board.
    assert {w.word: (w.score, w.path) for w in SOLUTION.words} == ON_BOARD


def test_a_three_player_game_is_judged_word_by_word_as_worked_by_hand() -> None:
    game = play(
        ("Ann", ["stand", "SAND", "near", "quits", "nerd", "zebra", "an"]),
        ("Bob", ["sand", "Near", "earn", "snare"]),
        ("Cy", ["near", "ran"]),
    )
    assert verdicts(game, "Ann") == [
        ("stand", "stand", SCORED, 2),
        ("sand", "SAND", DUPLICATE, 0),
        ("near", "near", DUPLICATE, 0),
        ("quits", "quits", SCORED, 2),
        ("nerd", "nerd", NOT_ON_BOARD, 0),
        ("zebra", "zebra", NOT_A_WORD, 0),
        ("an", "an", TOO_SHORT, 0),
    ]
    assert verdicts(game, "Bob") == [
        ("sand", "sand", DUPLICATE, 0),
        ("near", "Near", DUPLICATE, 0),
        ("earn", "earn", SCORED, 1),
        ("snare", "snare", SCORED, 2),
    ]
    assert verdicts(game, "Cy") == [("near", "near", DUPLICATE, 0), ("ran", "ran", SCORED, 1)]
    assert [(p.name, p.total, p.long_words) for p in game.players] == [
        ("Ann", 4, 2),
        ("Bob", 3, 1),
        ("Cy", 1, 0),
    ]
    assert [(rank, p.name) for rank, p in game.ranking] == [(1, "Ann"), (2, "Bob"), (3, "Cy")]
    assert game.winners == ("Ann",)
    # Nobody wrote earns, quit or tan: by score, then alphabetically.
    assert [(w.word, w.score, w.path) for w in game.missed] == [
        ("earns", 2, ON_BOARD["earns"][1]),
        ("quit", 1, ON_BOARD["quit"][1]),
        ("tan", 1, ON_BOARD["tan"][1]),
    ]


def test_a_duplicate_names_every_other_player_who_wrote_it_and_keeps_its_path() -> None:
    game = play(("Ann", ["near"]), ("Bob", ["near"]), ("Cy", ["NEAR"]), ("Di", ["earn"]))
    shared = {p.name: p.words[0].shared_with for p in game.players}
    assert shared == {"Ann": ("Bob", "Cy"), "Bob": ("Ann", "Cy"), "Cy": ("Ann", "Bob"), "Di": ()}
    assert player(game, "Cy").words[0].path == ON_BOARD["near"][1]


@pytest.mark.parametrize(
    ("first", "second"),
    [("SEA", "sea"), ("sand", "Sand"), ("Stand", "sTAND"), ("earn", "EARN")],
)
def test_the_same_word_in_different_case_is_crossed_off_for_both(first: str, second: str) -> None:
    game = play(("Ann", [first]), ("Bob", [second]))
    assert [(p.words[0].verdict, p.total) for p in game.players] == [(DUPLICATE, 0), (DUPLICATE, 0)]
    assert [v.written for p in game.players for v in p.words] == [first, second]


def test_punctuation_and_spaces_around_a_word_do_not_hide_a_duplicate() -> None:
    game = play(("Ann", [" stand, "]), ("Bob", ["\u201cstand\u201d"]))
    assert [v.verdict for p in game.players for v in p.words] == [DUPLICATE, DUPLICATE]


def test_a_word_written_twice_by_one_player_scores_once_for_them() -> None:
    game = play(("Ann", ["stand", "Stand", "stand!", "ran"]), ("Bob", ["earn"]))
    assert verdicts(game, "Ann") == [("stand", "stand", SCORED, 2), ("ran", "ran", SCORED, 1)]
    assert player(game, "Ann").total == 3


def test_a_player_alone_in_a_game_who_writes_a_word_twice_still_scores_it() -> None:
    game = play(("Ann", ["quits", "quits"]))
    assert verdicts(game, "Ann") == [("quits", "quits", SCORED, 2)]
    assert game.ranking[0][0] == 1 and game.winners == ("Ann",)


def test_a_word_written_twice_by_one_player_and_once_by_another_is_shared_with_the_other() -> None:
    game = play(("Ann", ["sand", "SAND"]), ("Bob", ["sand"]))
    assert [(v.verdict, v.shared_with) for v in player(game, "Ann").words] == [
        (DUPLICATE, ("Bob",))
    ]
    assert [(v.verdict, v.shared_with) for v in player(game, "Bob").words] == [
        (DUPLICATE, ("Ann",))
    ]


def test_blank_and_punctuation_only_entries_are_dropped() -> None:
    game = play(("Ann", ["", "  ", "!!", "ran"]))
    assert verdicts(game, "Ann") == [("ran", "ran", SCORED, 1)]


def test_qu_counts_as_two_letters_for_the_points() -> None:
    # quits is four cubes but five letters: 2 points, and a long word for the tie-break.
    game = play(("Ann", ["quits"]))
    assert (player(game, "Ann").total, player(game, "Ann").long_words) == (2, 1)


def test_qu_counts_as_two_letters_for_the_shortest_word() -> None:
    # quit is three cubes but four letters: long enough when words need four letters.
    game = play(("Ann", ["quit", "ran"]), min_length=4)
    assert verdicts(game, "Ann") == [("quit", "quit", SCORED, 1), ("ran", "ran", TOO_SHORT, 0)]


def test_a_word_shorter_than_the_minimum_is_too_short_even_when_shared() -> None:
    # Crossing off comes first: a word both wrote is a duplicate whatever else is wrong.
    game = play(("Ann", ["ran", "tan"]), ("Bob", ["ran"]), min_length=4)
    assert verdicts(game, "Ann") == [("ran", "ran", DUPLICATE, 0), ("tan", "tan", TOO_SHORT, 0)]


def test_a_word_on_the_board_keeps_its_path_and_one_off_it_has_none() -> None:
    # "an" is too short to count, but it is on the board: its path is traced and shown.
    game = play(("Ann", ["snare", "nerd", "zebra", "an"]))
    paths = {v.word: v.path for v in player(game, "Ann").words}
    assert paths == {
        "snare": ON_BOARD["snare"][1],
        "nerd": None,
        "zebra": None,
        "an": ((1, 1), (2, 1)),
    }


def test_a_word_of_the_shortest_length_the_solution_lacks_is_judged_without_a_trace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The solution holds every dictionary word on the board from the shortest length up,
    # "nerd" (4 letters, the minimum here) included: one it lacks is not on the board,
    # and a game's time for tracing (its budget) is spent only on the others.
    traced: list[str] = []

    class Recorded(scoring.Tracer):
        def trace(
            self, word: str, deadline: float | None = None
        ) -> tuple[tuple[int, int], ...] | None:
            traced.append(word)
            return super().trace(word, deadline)

    monkeypatch.setattr(scoring, "Tracer", Recorded)
    game = play(("Ann", ["nerd", "zebra", "tan"]), min_length=4)
    assert verdicts(game, "Ann") == [
        ("nerd", "nerd", NOT_ON_BOARD, 0),
        ("zebra", "zebra", NOT_A_WORD, 0),
        ("tan", "tan", TOO_SHORT, 0),
    ]
    assert sorted(traced) == ["tan", "zebra"]


def test_a_french_word_is_judged_as_its_language_folds_it_whatever_its_accents() -> None:
    french = LANGUAGES["fr"]
    dictionary = Dictionary.from_words(["eleve", "leve"], rules=french)
    solution = solve(parse_board("1x5: eleve", rules=french), dictionary)
    game = score_game(solution, dictionary, [("Ann", ["élève", "Élève", "lève"])])
    assert verdicts(game, "Ann") == [
        ("eleve", "élève", SCORED, 2),
        ("leve", "lève", SCORED, 1),
    ]


def test_a_tie_on_points_goes_to_the_player_with_more_long_words() -> None:
    # Both have 2 points; stand is five letters, earn and ran are not.
    for players in (
        [("Ann", ["stand"]), ("Bob", ["earn", "ran"])],
        [
            ("Bob", ["earn", "ran"]),
            ("Ann", ["stand"]),
        ],
    ):
        game = play(*players)
        assert [(rank, p.name, p.total, p.long_words) for rank, p in game.ranking] == [
            (1, "Ann", 2, 1),
            (2, "Bob", 2, 0),
        ]
        assert game.winners == ("Ann",)


def test_more_points_win_over_more_long_words() -> None:
    # Bob has two long words for 4 points; Ann one long word and three short for 5.
    game = play(("Bob", ["stand", "snare"]), ("Ann", ["earns", "quit", "ran", "tan"]))
    assert [(rank, p.name, p.total, p.long_words) for rank, p in game.ranking] == [
        (1, "Ann", 5, 1),
        (2, "Bob", 4, 2),
    ]


def test_players_equal_on_points_and_long_words_share_a_rank_and_the_next_rank_is_skipped() -> None:
    game = play(("Ann", ["stand"]), ("Bob", ["snare"]), ("Cy", ["earn"]), ("Di", ["tan"]))
    assert [(rank, p.name) for rank, p in game.ranking] == [
        (1, "Ann"),
        (1, "Bob"),
        (3, "Cy"),
        (3, "Di"),
    ]
    assert game.winners == ("Ann", "Bob")


def test_players_who_score_nothing_share_the_first_rank_when_nobody_scores() -> None:
    game = play(("Ann", ["sand"]), ("Bob", ["sand"]), ("Cy", []))
    assert [(rank, p.name, p.total) for rank, p in game.ranking] == [
        (1, "Ann", 0),
        (1, "Bob", 0),
        (1, "Cy", 0),
    ]
    assert game.winners == ("Ann", "Bob", "Cy")


def test_a_game_with_every_word_written_misses_nothing() -> None:
    game = play(("Ann", list(ON_BOARD)))
    assert game.missed == ()
    assert player(game, "Ann").total == sum(points for points, _ in ON_BOARD.values()) == 14
    assert player(game, "Ann").long_words == 4


def test_a_word_not_all_letters_is_worth_nothing_whatever_its_length() -> None:
    # "the bath" is eight characters and two words: the table's 11 points are not its.
    for written in ("the bath", "snare!s", "sand1"):
        assert scoring.letters_score(written) == 0
    assert scoring.letters_score("snare") == 2
    game = play(("Ann", ["the bath", "snare"]))
    worth = {row["word"]: row["score"] for row in game.as_dict()["players"][0]["words"]}
    assert worth == {"the bath": 0, "snare": 2}


def test_the_json_of_a_game_gives_each_verdict_its_worth_and_the_missed_points() -> None:
    document = play(("Ann", ["stand", "sand", "zebra"]), ("Bob", ["sand"])).as_dict()
    # As JSON: a path is an array of [row, col] (a tuple of tuples in Python, as /solve's).
    ann = json.loads(json.dumps(document["players"][0]))
    assert ann["words"] == [
        {
            "word": "stand",
            "written": "stand",
            "verdict": SCORED,
            "points": 2,
            "score": 2,
            "path": [list(cell) for cell in ON_BOARD["stand"][1]],
        },
        {
            "word": "sand",
            "written": "sand",
            "verdict": DUPLICATE,
            "points": 0,
            "score": 1,
            "with": ["Bob"],
            "path": [list(cell) for cell in ON_BOARD["sand"][1]],
        },
        {
            "word": "zebra",
            "written": "zebra",
            "verdict": NOT_A_WORD,
            "points": 0,
            "score": 2,
            "path": None,
        },
    ]
    # On the board and unwritten: earns snare quits (2 each), quit earn near ran tan (1 each).
    assert [w["word"] for w in document["missed"]["words"]] == [
        "earns",
        "quits",
        "snare",
        "earn",
        "near",
        "quit",
        "ran",
        "tan",
    ]
    # As JSON: a path is an array of [row, col] (a tuple of tuples in Python, as /solve's).
    assert json.loads(json.dumps(document["missed"]["words"][0])) == {
        "word": "earns",
        "score": 2,
        "path": [list(cell) for cell in ON_BOARD["earns"][1]],
    }
    assert sum(w["score"] for w in document["missed"]["words"]) == 11
    assert document["winners"] == ["Ann"]
    assert document["ranking"] == [
        {"rank": 1, "name": "Ann", "total_score": 2, "long_words": 1},
        {"rank": 2, "name": "Bob", "total_score": 0, "long_words": 0},
    ]
    assert {key: value for key, value in ann.items() if key != "words"} == {
        "name": "Ann",
        "total_score": 2,
        "long_words": 1,
    }
    assert json.loads(json.dumps(document["players"][1]["words"])) == [
        {
            "word": "sand",
            "written": "sand",
            "verdict": DUPLICATE,
            "points": 0,
            "score": 1,
            "with": ["Ann"],
            "path": [list(cell) for cell in ON_BOARD["sand"][1]],
        }
    ]
    assert (document["missed"]["count"], document["missed"]["total_score"]) == (8, 11)
    assert list(document) == ["players", "ranking", "winners", "missed"]


# --- Properties ----------------------------------------------------------------------------

# Words the players draw from: on the board, off it, not words, too short, with case and
# punctuation that must not change how they are matched.
POOL = [*ON_BOARD, "nerd", "zebra", "an", "at", "Stand", "SAND", "near.", " quits"]
NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABC", min_size=1, max_size=6)
WORD_LISTS = st.lists(st.sampled_from(POOL), max_size=8)


@st.composite
def games(draw: st.DrawFn, min_players: int = 1) -> list[tuple[str, list[str]]]:
    """Players with distinct names, each with a list of words from the pool."""
    names = draw(st.lists(NAMES, min_size=min_players, max_size=5, unique_by=str.casefold))
    return [(name, draw(WORD_LISTS)) for name in names]


def summary(game: GameScore) -> list[tuple]:
    """Each player's totals and verdicts, without the names of the others."""
    return [
        (p.total, p.long_words, [(v.word, v.verdict, v.points, v.path) for v in p.words])
        for p in game.players
    ]


@given(games())
def test_a_player_who_writes_nothing_changes_no_ones_score(
    players: list[tuple[str, list[str]]],
) -> None:
    before = play(*players)
    after = play(*players, ("zz-nobody", []))
    assert after.players[:-1] == before.players
    assert [(rank, p.name) for rank, p in after.ranking if p.name != "zz-nobody"] == [
        (rank, p.name) for rank, p in before.ranking
    ]
    assert after.missed == before.missed
    assert (after.players[-1].total, after.players[-1].words) == (0, ())


@given(games(), st.data())
def test_renaming_the_players_changes_nothing_but_the_names(
    players: list[tuple[str, list[str]]], data: st.DataObject
) -> None:
    new_names = data.draw(st.permutations([f"player {i}" for i in range(len(players))]))
    renamed = dict(zip((name for name, _ in players), new_names, strict=True))
    before = play(*players)
    after = play(*((renamed[name], words) for name, words in players))
    assert summary(after) == summary(before)
    assert [
        [tuple(renamed[n] for n in v.shared_with) for v in p.words] for p in before.players
    ] == [[v.shared_with for v in p.words] for p in after.players]
    assert [(rank, renamed[p.name]) for rank, p in before.ranking] == [
        (rank, p.name) for rank, p in after.ranking
    ]
    assert after.missed == before.missed


@given(games(min_players=2), st.sampled_from(list(ON_BOARD)))
def test_a_word_found_by_everyone_scores_for_no_one(
    players: list[tuple[str, list[str]]], word: str
) -> None:
    game = play(
        *(
            (name, [*words, word.upper() if i % 2 else word])
            for i, (name, words) in enumerate(players)
        )
    )
    for p in game.players:
        (judged,) = (v for v in p.words if v.word == word)
        assert (judged.verdict, judged.points) == (DUPLICATE, 0)
        assert len(judged.shared_with) == len(players) - 1
    assert word not in {w.word for w in game.missed}


def test_a_word_several_players_wrote_is_looked_up_and_traced_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "an" (too short, on the board) and "nerd" (a word, off it) by three players each:
    # each is judged once for the game, and only the crossing-off is each player's.
    from boggle import tracing

    traced: list[str] = []
    looked_up: list[object] = []
    trace, contains = tracing.Tracer.trace, Dictionary.__contains__
    monkeypatch.setattr(
        tracing.Tracer, "trace", lambda self, word, *a: traced.append(word) or trace(self, word, *a)
    )
    monkeypatch.setattr(
        Dictionary,
        "__contains__",
        lambda self, word: looked_up.append(word) or contains(self, word),
    )
    game = play(*((name, ["an", "nerd", "zebra"]) for name in ("Ann", "Bob", "Cy")))
    assert sorted(traced) == ["an", "zebra"]
    assert sorted(looked_up) == ["nerd", "zebra"]
    assert [(v.word, v.verdict, v.shared_with, v.path) for v in player(game, "Bob").words] == [
        ("an", DUPLICATE, ("Ann", "Cy"), ((1, 1), (2, 1))),
        ("nerd", DUPLICATE, ("Ann", "Cy"), None),
        ("zebra", DUPLICATE, ("Ann", "Cy"), None),
    ]


def test_a_word_one_player_wrote_is_judged_as_before_beside_shared_ones() -> None:
    # The judging once a word changes no verdict: Ann's own words beside the shared one.
    game = play(("Ann", ["ran", "nerd", "an", "zebra", "stand"]), ("Bob", ["stand"]))
    assert verdicts(game, "Ann") == [
        ("ran", "ran", SCORED, 1),
        ("nerd", "nerd", NOT_ON_BOARD, 0),
        ("an", "an", TOO_SHORT, 0),
        ("zebra", "zebra", NOT_A_WORD, 0),
        ("stand", "stand", DUPLICATE, 0),
    ]
    assert (player(game, "Ann").total, player(game, "Bob").total) == (1, 0)
