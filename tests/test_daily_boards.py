"""Each day's boards: one per UTC date, language and size, the same for every player
and server that shares the secret, rolled with the language's own dice (English's
classic set on 4x4, the big dice on 5x5) from an HMAC of the date under the secret,
which a production server must be given."""

from __future__ import annotations

import hashlib
import hmac
import runpy
from pathlib import Path

import pytest

from app import create_app
from boggle import Catalog
from boggle.dice import ALL_DICE_SETS, SEED_LIMIT, random_board
from games.apart_errors import UnknownBoard
from games.daily import (
    DEVELOPMENT_SECRET,
    SIZES,
    daily_board,
    daily_dice,
    daily_seed,
    languages,
    read_key,
    streaks,
)

ROOT = Path(__file__).resolve().parent.parent
SECRET = "a test secret of the days' boards"
DAY = "2027-01-15"


def test_a_days_board_is_the_same_for_the_same_secret_date_language_and_size() -> None:
    assert daily_board(SECRET, DAY, "en", "4x4") == daily_board(SECRET, DAY, "en", "4x4")


def test_each_day_language_size_and_secret_rolls_a_board_of_its_own() -> None:
    boards = {
        daily_board(secret, day, language, size).faces
        for secret in (SECRET, "another secret of sixteen+")
        for day in ("2027-01-15", "2027-01-16", "2028-02-29")
        for language in languages()
        for size in SIZES
    }
    assert len(boards) == 2 * 3 * len(languages()) * len(SIZES)


def test_the_seed_is_an_hmac_of_the_board_under_the_secret() -> None:
    digest = hmac.new(
        SECRET.encode(), f"boggle daily board|{DAY}|de|5x5".encode(), hashlib.sha256
    ).digest()
    expected = int.from_bytes(digest[:8], "big") % SEED_LIMIT
    assert daily_seed(SECRET, DAY, "de", "5x5") == expected
    dice = ALL_DICE_SETS["de-big"]
    assert daily_board(SECRET, DAY, "de", "5x5") == random_board(dice, expected)[0]


@pytest.mark.parametrize(
    ("language", "size", "dice"),
    [
        ("en", "4x4", "classic"),
        ("en", "5x5", "big"),
        ("de", "4x4", "de"),
        ("de", "5x5", "de-big"),
        ("nl", "4x4", "nl"),
        ("fr", "5x5", "fr-big"),
    ],
)
def test_each_language_rolls_its_own_dice_of_the_size(language: str, size: str, dice: str) -> None:
    chosen = daily_dice(languages()[language], SIZES[size])
    assert chosen.name == dice
    seed = daily_seed(SECRET, DAY, language, size)
    assert daily_board(SECRET, DAY, language, size) == random_board(chosen, seed)[0]


def test_tomorrows_board_is_not_out_today(apart_app) -> None:
    client = apart_app.test_client()
    # The tests' clock starts on 2027-01-15.
    answer = client.get("/daily/2027-01-16/en/4x4")
    assert (answer.status_code, answer.json["error"]["code"]) == (404, "unknown_board")
    assert "are not out yet; today is 2027-01-15" in answer.json["error"]["message"]


def test_today_lists_every_language_at_both_sizes(apart_app) -> None:
    today = apart_app.test_client().get("/daily").json
    assert today["day"] == DAY
    assert [(b["language"], b["size"]) for b in today["boards"]] == [
        (language, size) for language in ("en", "de", "fr", "es", "it", "nl") for size in SIZES
    ]
    assert today["next_day_at"] == 1_800_057_600.0  # 2027-01-16 00:00 UTC


def test_two_servers_with_one_secret_serve_the_same_board(make_apart_app) -> None:
    first, second = make_apart_app(DAILY_SECRET=SECRET), make_apart_app(DAILY_SECRET=SECRET)
    boards = []
    for app in (first, second):
        client = app.test_client()
        boards.append(client.post(f"/daily/{DAY}/en/4x4/play", json={}).json["play"]["board"])
    assert boards[0] == boards[1] == daily_board(SECRET, DAY, "en", "4x4").display_rows()


@pytest.mark.parametrize(
    ("day", "language", "size", "told"),
    [
        ("2027-1-15", "en", "4x4", "a day is written 2027-01-15 (a UTC date), not '2027-1-15'"),
        ("2027-02-30", "en", "4x4", "a day is written 2027-01-15 (a UTC date), not '2027-02-30'"),
        (DAY, "xx", "4x4", "there are no boards in 'xx'; the languages are en, de, fr, es, it, nl"),
        (DAY, "en", "6x6", "a day's boards are 4x4 and 5x5, not '6x6'"),
    ],
)
def test_an_address_that_names_no_days_board_says_what_it_may_be(
    app, day: str, language: str, size: str, told: str
) -> None:
    answer = app.test_client().get(f"/daily/{day}/{language}/{size}")
    assert (answer.status_code, answer.json["error"]) == (
        404,
        {"code": "unknown_board", "message": told},
    )
    with pytest.raises(UnknownBoard):
        read_key(day, language, size)


def test_a_readers_language_tells_what_a_days_board_may_be_whole(app) -> None:
    told = app.test_client().get(f"/daily/{DAY}/en/6x6", headers={"Accept-Language": "fr"})
    assert told.json["error"]["message"] == "les grilles du jour font 4x4 et 5x5, pas '6x6'"


def test_days_in_a_row_count_back_from_today_or_yesterday() -> None:
    played = ["2027-01-15", "2027-01-14", "2027-01-13", "2027-01-10", "2027-01-09"]
    assert streaks(played, "2027-01-15") == (3, 3)
    assert streaks(played, "2027-01-16") == (3, 3)  # today is still to play
    assert streaks(played, "2027-01-17") == (0, 3)
    assert streaks([], "2027-01-17") == (0, 0)
    assert streaks(["2027-01-09", "2027-01-10", "2027-01-10"], "2027-01-10") == (2, 2)


# --- The secret ---------------------------------------------------------------------------


def test_a_development_server_rolls_with_the_known_secret(app) -> None:
    assert app.config["ENV"] == "development"
    assert app.extensions["boggle.apart"].daily.secret == DEVELOPMENT_SECRET


def test_a_production_server_refuses_to_start_without_a_secret(cache_dir: Path) -> None:
    with pytest.raises(SystemExit) as refused:
        create_app({"TESTING": True, "CACHE_DIR": str(cache_dir), "ENV": "production"})
    message = str(refused.value.code)
    assert message.startswith(
        "boggle: cannot start: setting DAILY_SECRET (BOGGLE_DAILY_SECRET) is not set; "
        "a production server (ENV=production, as gunicorn.conf.py sets) rolls the days' "
        "boards from a secret of its own, 16 characters or more"
    )
    assert "\n" not in message


def test_a_production_server_with_a_secret_rolls_with_it(cache_dir: Path, catalog: Catalog) -> None:
    app = create_app(
        {"TESTING": True, "CACHE_DIR": str(cache_dir), "ENV": "production", "DAILY_SECRET": SECRET},
        catalog=catalog,
    )
    assert app.extensions["boggle.apart"].daily.secret == SECRET


def test_a_short_secret_stops_the_app_without_showing_it(cache_dir: Path) -> None:
    with pytest.raises(SystemExit) as refused:
        create_app({"TESTING": True, "CACHE_DIR": str(cache_dir), "DAILY_SECRET": "hunter2"})
    assert str(refused.value.code) == (
        "boggle: cannot start: setting DAILY_SECRET (BOGGLE_DAILY_SECRET) is (a secret, not "
        "shown); it must be text of 16 characters or more, or none"
    )


def test_an_unknown_environment_stops_the_app_naming_it(cache_dir: Path) -> None:
    with pytest.raises(SystemExit) as refused:
        create_app({"TESTING": True, "CACHE_DIR": str(cache_dir), "ENV": "staging"})
    assert str(refused.value.code) == (
        "boggle: cannot start: setting ENV (BOGGLE_ENV) is 'staging'; it must be one of "
        "'development', 'production'"
    )


def test_gunicorn_runs_the_app_as_production_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("BOGGLE_ENV", raising=False)
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert "BOGGLE_ENV=production" in settings["raw_env"]
    monkeypatch.setenv("BOGGLE_ENV", "development")
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert "BOGGLE_ENV=development" in settings["raw_env"]
