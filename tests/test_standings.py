"""Tests for boggle/standings.py: who won, who tied, the tie-break, and how it all reads.

Every expected answer here was worked by hand on the board of test_score_game.py
(each word's points and length traced there):

    Qu I  T     quits stand snare earns    5 letters (long), 2 points each
    E  A  S     quit earn near sand        4 letters, 1 point each
    R  N  D     ran tan                    3 letters, 1 point each

10 words, 14 points in all. ``nerd`` is a word that is not on the board; ``zebra`` is not
a word.
"""

from __future__ import annotations

from boggle import Dictionary, parse_board, solve
from boggle.scoring import GameScore, score_game
from boggle.standings import game_document, headline, missed_text, standings

WORDS = ["quit", "quits", "stand", "snare", "earns", "earn", "near", "sand", "ran", "tan", "nerd"]
DICTIONARY = Dictionary.from_words(WORDS)
SOLUTION = solve(parse_board("qu i t / e a s / r n d"), DICTIONARY)


def play(*players: tuple[str, list[str]]) -> GameScore:
    """Score a game on the board above."""
    return score_game(SOLUTION, DICTIONARY, list(players))


def flags(game: GameScore) -> list[tuple[int, str, bool, bool, bool]]:
    """Each place as (rank, name, winner, tied, tie_break)."""
    return [(s.rank, s.player.name, s.winner, s.tied, s.tie_break) for s in standings(game)]


def test_a_clear_winner_is_named_with_the_points() -> None:
    # Ann: stand quits (4 points); Bob: earn snare (3); Cy: ran (1).
    game = play(("Ann", ["stand", "quits"]), ("Bob", ["earn", "snare"]), ("Cy", ["ran"]))
    assert headline(game) == "Ann wins with 4 points."
    assert flags(game) == [
        (1, "Ann", True, False, False),
        (2, "Bob", False, False, False),
        (3, "Cy", False, False, False),
    ]


def test_equal_points_are_decided_by_long_words_and_the_headline_says_so() -> None:
    # 2 points each: Ann's in one long word (stand), Bob's in two short ones (earn, ran).
    game = play(("Bob", ["earn", "ran"]), ("Ann", ["stand"]))
    assert headline(game) == (
        "Ann wins on the tie-break: 2 points each, and 1 long word to Bob's 0."
    )
    assert flags(game) == [(1, "Ann", True, False, True), (2, "Bob", False, False, True)]


def test_players_equal_on_points_and_long_words_share_first_place() -> None:
    game = play(("Ann", ["stand"]), ("Bob", ["snare"]))
    assert headline(game) == "Ann and Bob share first place with 2 points and 1 long word each."
    assert flags(game) == [(1, "Ann", True, True, False), (1, "Bob", True, True, False)]


def test_a_shared_first_place_above_a_tie_break_flags_both() -> None:
    # Ann and Bob: 2 points, 1 long word each; Cy: 2 points in earn and tan, no long word.
    game = play(("Ann", ["stand"]), ("Bob", ["snare"]), ("Cy", ["earn", "tan"]))
    assert headline(game) == "Ann and Bob share first place with 2 points and 1 long word each."
    assert flags(game) == [
        (1, "Ann", True, True, True),
        (1, "Bob", True, True, True),
        (3, "Cy", False, False, True),
    ]


def test_a_game_where_nobody_scores_is_shared_in_the_plural() -> None:
    game = play(("Ann", ["zebra"]), ("Bob", ["nerd"]))
    assert headline(game) == "Ann and Bob share first place with 0 points and 0 long words each."


def test_one_player_scores_rather_than_wins() -> None:
    assert headline(play(("Ann", ["quit"]))) == "Ann scores 1 point."


def test_three_winners_are_listed_with_commas_and_and() -> None:
    game = play(("Ann", ["stand"]), ("Bob", ["snare"]), ("Cy", ["earns"]))
    assert headline(game) == (
        "Ann, Bob and Cy share first place with 2 points and 1 long word each."
    )


def test_what_nobody_found_is_counted_in_a_sentence() -> None:
    # Unwritten: quits snare earns (2 each) and quit earn near sand ran tan (1 each).
    assert missed_text(play(("Ann", ["stand"]))) == "Nobody found 9 words worth 12 points."
    # Unwritten: tan alone.
    all_but_tan = [w for w in WORDS if w not in ("tan", "nerd")]
    assert missed_text(play(("Ann", all_but_tan))) == "Nobody found 1 word worth 1 point."
    assert missed_text(play(("Ann", WORDS))) == "Between you, you found every word on the board."


def test_the_score_document_words_each_verdict_and_counts_the_words_that_scored() -> None:
    game = play(
        ("Ann", ["stand", "sand", "nerd", "zebra", "an"]),
        ("Bob", ["sand", "earn"]),
    )
    document = game_document(game)
    ann, bob = document["players"]
    assert [(w["word"], w["verdict_text"]) for w in ann["words"]] == [
        ("stand", "scored"),
        ("sand", "duplicate"),
        ("nerd", "not on the board"),
        ("zebra", "not a word"),
        ("an", "too short"),
    ]
    assert (ann["scored_words"], bob["scored_words"]) == (1, 1)
    assert document["ranking"] == [
        {
            "rank": 1,
            "name": "Ann",
            "total_score": 2,
            "long_words": 1,
            "winner": True,
            "tied": False,
            "tie_break": False,
        },
        {
            "rank": 2,
            "name": "Bob",
            "total_score": 1,
            "long_words": 0,
            "winner": False,
            "tied": False,
            "tie_break": False,
        },
    ]
    assert document["headline"] == "Ann wins with 2 points."
    # Unwritten: quits snare earns (2 each), quit near ran tan (1 each): 7 words, 10 points.
    assert document["missed"]["text"] == "Nobody found 7 words worth 10 points."
    assert (document["missed"]["count"], document["missed"]["total_score"]) == (7, 10)
    # The judged game's own fields are all there, as GameScore.as_dict writes them.
    assert list(document) == ["players", "ranking", "winners", "missed", "headline"]
    assert document["winners"] == ["Ann"]
