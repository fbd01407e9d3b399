"""Ratings: the distribution of rolled boards' points, percentiles, the shipped file, the cache."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from array import array
from itertools import pairwise
from pathlib import Path

import pytest

from boggle import DiceError, Dictionary, i18n, parse_board, random_board, solve
from boggle.catalog import LANGUAGE_LISTS, SHIPPED_LISTS, Catalog
from boggle.dice import ALL_DICE_SETS, DICE_SETS
from boggle.ratings import (
    ROLLS,
    SHIPPED_FILE,
    Bin,
    Distribution,
    Rating,
    Ratings,
    distribution_key,
    percentile,
    read_ratings_file,
    roll_points,
    worded_bins,
)
from boggle.scoring import word_score
from boggle.solver import score_board
from tests.reference import reference_words

ROOT = Path(__file__).resolve().parent.parent
WORDS = ["cat", "cats", "act", "tact", "scat", "sea", "seat", "east", "eats", "tea", "ten", "net"]


@pytest.fixture(scope="module")
def small() -> Dictionary:
    return Dictionary.from_words(WORDS, name="small")


def reference_points(board_text: str | object, min_length: int = 3) -> int:
    board = parse_board(board_text) if isinstance(board_text, str) else board_text
    return sum(word_score(w) for w in reference_words(board, WORDS, min_length))


# --- score_board ---------------------------------------------------------------------


def test_score_board_counts_points_and_words_as_worked_by_hand(small: Dictionary) -> None:
    # On "ca/ts": cat, cats, act and scat trace; tact needs two t's.
    assert score_board(parse_board("ca ts"), small) == (4, 4)
    assert score_board(parse_board("ca ts"), small, min_length=4) == (2, 2)


@pytest.mark.parametrize("seed", range(8))
def test_score_board_agrees_with_the_reference_search(small: Dictionary, seed: int) -> None:
    board, _ = random_board("new", seed)
    found = reference_words(board, WORDS, 3)
    assert score_board(board, small) == (sum(map(word_score, found)), len(found))


def test_score_board_refuses_a_minimum_below_the_rules(small: Dictionary) -> None:
    with pytest.raises(ValueError, match="min_length"):
        score_board(parse_board("ca ts"), small, min_length=2)


# --- distributions -------------------------------------------------------------------


def test_percentile_is_the_share_of_boards_with_fewer_points() -> None:
    found = Distribution.from_points("new", "small", [1, 1, 2, 5])
    assert found.rolls == 4
    assert [found.percentile(p) for p in (0, 1, 2, 3, 5, 6)] == [0, 0, 50, 75, 75, 100]


def test_percentile_never_falls_as_points_rise(standard: Dictionary) -> None:
    found = Ratings().distribution(DICE_SETS["new"], standard, compute=False)
    assert found is not None and found.rolls == ROLLS
    top = found.counts[-1][0]
    shares = [found.percentile(p) for p in range(-1, top + 2)]
    assert shares == sorted(shares)
    assert shares[0] == 0 and shares[-1] == 100
    assert 0 < found.percentile(found.points_at(50)) <= 50


def test_percentile_by_dice_name_uses_the_shipped_figures(standard: Dictionary) -> None:
    assert percentile(2576, "New", standard) == 100  # sers patg line sers beats every roll
    assert percentile(0, DICE_SETS["big"], standard) == 0
    with pytest.raises(DiceError, match="no dice set called 'huge'"):
        percentile(10, "huge", standard)


def test_histogram_holds_every_board_once_and_ends_in_an_open_bar() -> None:
    points = list(range(100)) * 3 + [1000]
    bins = Distribution.from_points("new", "small", points).histogram(bins=5)
    assert sum(b.count for b in bins) == len(points)
    assert bins[0].low == 0 and bins[-1].high is None
    assert all(a.high is not None and a.high + 1 == b.low for a, b in pairwise(bins))
    assert bins[-1].count >= 1  # the 1,000-point board is in the tail bar


def test_rolls_are_reproducible_and_scored_as_the_reference_scores(small: Dictionary) -> None:
    dice = DICE_SETS["classic"]
    points = roll_points(dice, small, rolls=40)
    assert points == roll_points(dice, small, rolls=40)
    assert points == [reference_points(random_board(dice, seed)[0]) for seed in range(40)]


def test_rating_places_a_board_among_its_size_s_dice(standard: Dictionary) -> None:
    ratings = Ratings()
    solution = solve(parse_board("sers patg line sers"), standard)
    rating = ratings.rate(solution, standard)
    assert rating is not None
    assert (rating.dice, rating.dictionary, rating.points) == ("new", "standard", 2576)
    found = ratings.distribution(DICE_SETS["new"], standard, compute=False)
    assert rating.percentile == found.percentile(2576) > 99
    assert rating.bin == len(rating.bins) - 1  # far out in the tail
    poor = ratings.rate(solve(parse_board("xxxx xxxx xxxx xxxx"), standard), standard)
    assert poor is not None and poor.percentile == 0 and poor.bin == 0


def test_a_rating_says_its_share_floored_and_each_bar_in_words() -> None:
    bins = (Bin(0, 31, 1), Bin(32, 1_023, 1_204), Bin(1_024, None, 0))
    rating = Rating(900, 99.96, "big", "standard", 1_205, bins, 1)
    # 99.96% is not 100%: only a board that beats every rolled board is richer than all.
    assert rating.text == "Richer than 99% of boards rolled with the same dice"
    document = rating.as_dict()
    assert (document["text"], document["share_text"]) == (
        "Richer than 99% of boards rolled with the same dice",
        "99%",
    )
    assert [b["text"] for b in document["bins"]] == [
        "0 to 31 points: 1 board",
        "32 to 1,023 points: 1,204 boards",
        "1,024 or more points: 0 boards",
    ]
    assert (
        Rating(0, 0.0, "new", "common", 1, bins, 0).text
        == "Richer than 0% of boards rolled with the same dice"
    )


def test_the_bars_are_worded_once_per_histogram_and_language(standard: Dictionary) -> None:
    ratings = Ratings()
    rich = ratings.rate(solve(parse_board("sers patg line sers"), standard), standard)
    poor = ratings.rate(solve(parse_board("xxxx xxxx xxxx xxxx"), standard), standard)
    assert rich is not None and poor is not None
    # Every board rated among the same rolls shows the same bars: one list, not another.
    assert rich.as_dict()["bins"] is poor.as_dict()["bins"]
    assert rich.as_dict()["bins"] == [b.as_dict() for b in rich.bins]
    dotted = i18n.Language(
        "xx", i18n.ENGLISH.translations, lambda n: f"{n:,}".replace(",", "."), i18n.ENGLISH.percent
    )
    before = i18n._source
    i18n.set_source(lambda: dotted)
    try:
        worded = rich.as_dict()["bins"]
        assert worded is poor.as_dict()["bins"]
        assert worded == [b.as_dict() for b in rich.bins]
    finally:
        i18n.set_source(before)
    assert worded != rich.as_dict()["bins"]
    assert any("." in b["text"] for b in worded)  # a bar of over a thousand boards


def test_bars_are_kept_worded_by_their_histogram_not_by_their_value() -> None:
    bars = (Bin(0, 9, 5), Bin(10, None, 1))
    worded = worded_bins(bars, i18n.ENGLISH)
    assert worded_bins(bars, i18n.ENGLISH) is worded
    assert worded == [
        {"low": 0, "high": 9, "count": 5, "text": "0 to 9 points: 5 boards"},
        {"low": 10, "high": None, "count": 1, "text": "10 or more points: 1 board"},
    ]
    # Another histogram of the same bars (never made by the app, whose ratings share
    # one) is worded on its own, the same.
    twin = tuple(Bin(b.low, b.high, b.count) for b in bars)
    assert worded_bins(twin, i18n.ENGLISH) == worded
    assert worded_bins(twin, i18n.ENGLISH) is not worded


def test_a_dice_set_s_distribution_is_looked_up_once_per_list(
    standard: Dictionary, monkeypatch: pytest.MonkeyPatch
) -> None:
    ratings = Ratings()
    found = []
    look_up = ratings.distribution
    monkeypatch.setattr(
        ratings, "distribution", lambda *a, **k: found.append(a) or look_up(*a, **k)
    )
    for text in ("sers patg line sers", "xxxx xxxx xxxx xxxx", "abcde fghij klmno pqrst uvwxy"):
        assert ratings.rate(solve(parse_board(text), standard), standard) is not None
    assert [(dice.name, dictionary.name) for dice, dictionary, _ in found] == [
        ("new", "standard"),
        ("big", "standard"),
    ]


def test_rating_counts_words_by_the_dice_rule_whatever_the_request_s(
    standard: Dictionary,
) -> None:
    ratings = Ratings()
    board = parse_board("sers patg line sers")
    for min_length in (3, 5):
        rating = ratings.rate(solve(board, standard, min_length), standard)
        assert rating is not None and rating.points == 2576


def test_no_rating_for_a_size_no_dice_make(standard: Dictionary) -> None:
    assert Ratings().rate(solve(parse_board("abc def ghi"), standard), standard) is None


# --- where distributions come from --------------------------------------------------


def test_the_shipped_file_holds_every_dice_set_with_every_shipped_list(
    catalog: Catalog,
) -> None:
    shipped = read_ratings_file(SHIPPED_FILE)
    for entry in SHIPPED_LISTS:
        dictionary = catalog.get(entry.name)
        for dice in DICE_SETS.values():
            found = shipped.get(distribution_key(dice, dictionary))
            assert found is not None, f"{dice.name}/{entry.name}: run rebuild_ratings.py"
            assert (found.dice, found.dictionary, found.rolls) == (dice.name, entry.name, ROLLS)


def test_the_shipped_file_holds_each_language_s_list_with_its_own_dice(catalog: Catalog) -> None:
    shipped = read_ratings_file(SHIPPED_FILE)
    for entry in LANGUAGE_LISTS:
        dictionary = catalog.get(entry.name)
        names = [spec.name for spec in entry.rules.dice_sets]
        assert names == [entry.name, f"{entry.name}-big"]
        for name in names:
            found = shipped.get(distribution_key(ALL_DICE_SETS[name], dictionary))
            assert found is not None, f"{name}/{entry.name}: run rebuild_ratings.py"
            assert (found.dice, found.dictionary, found.rolls) == (name, entry.name, ROLLS)


@pytest.mark.parametrize(("code", "rows"), [("de", 4), ("nl", 5)])
def test_a_language_s_board_is_rated_among_that_language_s_dice(
    catalog: Catalog, code: str, rows: int
) -> None:
    dictionary = catalog.get(code)
    dice = ALL_DICE_SETS[code if rows == 4 else f"{code}-big"]
    board, _ = random_board(dice, 3)
    rating = Ratings().rate(solve(board, dictionary), dictionary)
    assert rating is not None  # shipped: never computed for a request
    assert (rating.dice, rating.dictionary, rating.rolls) == (dice.name, code, ROLLS)
    points = sum(
        word_score(found.word)
        for found in solve(board, dictionary).words
        if len(found.word) >= dice.min_length
    )
    assert rating.points == points
    shipped = read_ratings_file(SHIPPED_FILE)[distribution_key(dice, dictionary)]
    assert rating.percentile == shipped.percentile(points)


def test_warming_makes_each_distribution_s_tables_and_bars_before_any_rating(
    standard: Dictionary,
) -> None:
    # Made in gunicorn's master and held in arrays, a rating writes to none of them:
    # the workers keep sharing their pages (docs/deploy.md, "Memory").
    ratings = Ratings()
    ratings.warm([standard])
    warmed = [ratings.distribution(dice, standard, compute=False) for dice in DICE_SETS.values()]
    assert warmed and all(found is not None for found in warmed)
    for found in warmed:
        made = vars(found)
        assert {"_points", "_below", "bars"} <= made.keys()
        assert all(isinstance(made[name], array) for name in ("_points", "_below"))
        assert list(made["_points"]) == [points for points, _ in found.counts]
        assert made["_below"][-1] == found.rolls == ROLLS


def test_the_shipped_file_rebuilds_the_same() -> None:
    # One pair, the cheapest (seconds); the whole check takes minutes.
    checked = subprocess.run(
        [sys.executable, "wordlists/rebuild_ratings.py", "--check", "--only", "classic/common"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert checked.returncode == 0, checked.stderr
    assert "1 distributions current" in checked.stderr


def test_computed_once_then_read_from_the_cache(
    small: Dictionary, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dice = DICE_SETS["new"]
    assert Ratings(tmp_path, shipped=None, rolls=60).distribution(dice, small, False) is None
    first = Ratings(tmp_path, shipped=None, rolls=60).distribution(dice, small)
    assert first is not None and first.rolls == 60
    assert len(list(tmp_path.glob("*.ratings.json"))) == 1

    def no_rolling(*args: object) -> list[int]:
        raise AssertionError("rolled again instead of reading the cache")

    monkeypatch.setattr("boggle.ratings.roll_points", no_rolling)
    assert Ratings(tmp_path, shipped=None, rolls=60).distribution(dice, small) == first


def corrupt_counts(path: Path) -> None:
    document = json.loads(path.read_text())
    document["counts"][1] += 1  # one board more at the lowest score: the checksum fails
    path.write_text(json.dumps(document))


@pytest.mark.parametrize(
    "damage",
    [
        lambda p: p.write_text(p.read_text()[:40]),  # truncated
        lambda p: p.write_bytes(b"\xff\xfe not text"),
        lambda p: p.write_text("[]"),
        corrupt_counts,
    ],
    ids=["truncated", "not-utf8", "not-an-object", "checksum"],
)
def test_a_damaged_cache_is_ignored_and_rebuilt(
    small: Dictionary, tmp_path: Path, damage, caplog: pytest.LogCaptureFixture
) -> None:
    dice = DICE_SETS["classic"]
    first = Ratings(tmp_path, shipped=None, rolls=30).distribution(dice, small)
    (path,) = tmp_path.glob("*.ratings.json")
    damage(path)
    with caplog.at_level(logging.WARNING, logger="boggle.ratings"):
        assert Ratings(tmp_path, shipped=None, rolls=30).distribution(dice, small, False) is None
    assert "ignoring ratings cache" in caplog.text
    assert Ratings(tmp_path, shipped=None, rolls=30).distribution(dice, small) == first
    assert Ratings(tmp_path, shipped=None, rolls=30).distribution(dice, small, False) == first


def test_a_cache_for_another_number_of_rolls_is_not_used(small: Dictionary, tmp_path: Path) -> None:
    dice = DICE_SETS["classic"]
    Ratings(tmp_path, shipped=None, rolls=20).distribution(dice, small)
    assert Ratings(tmp_path, shipped=None, rolls=25).distribution(dice, small, False) is None
