"""Tests for the start-up check of settings (web/settings.py, app.py's SETTING_RULES)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from app import DEFAULTS, SETTING_RULES, create_app

ROOT = Path(__file__).resolve().parent.parent


def refusal(cache_dir: Path, **config: Any) -> str:
    """The one line create_app refuses to start with, given these settings."""
    with pytest.raises(SystemExit) as raised:
        create_app({"TESTING": True, "CACHE_DIR": str(cache_dir), **config})
    return str(raised.value.code)


def test_every_default_setting_has_a_rule() -> None:
    assert set(SETTING_RULES) == set(DEFAULTS)


@pytest.mark.parametrize(
    ("setting", "value", "allowed"),
    [
        ("SOLVE_BUDGET", "abc", "a number of seconds more than 0 and at most 3600"),
        ("SOLVE_BUDGET", 0, "a number of seconds more than 0 and at most 3600"),
        ("SOLVE_BUDGET", float("nan"), "a number of seconds more than 0 and at most 3600"),
        ("MAX_CELLS", -3, "a whole number of cells from 1 to 1,000,000"),
        ("MAX_CELLS", "lots", "a whole number of cells from 1 to 1,000,000"),
        ("MAX_SIDE", 2.5, "a whole number of cells from 1 to 9,999"),
        ("MAX_BOARD_CHARS", True, "a whole number of characters from 1 to 1,000,000"),
        ("MAX_CONTENT_LENGTH", 10, "a whole number of bytes from 1,024 to 1,073,741,824"),
        ("SCORE_MAX_PLAYERS", 0, "a whole number from 1 to 1,000"),
        ("DEFAULT_DICTIONARY", "", "a non-empty name"),
        ("PRELOAD_DICTIONARIES", 7, "names separated by commas, or a list of names"),
        ("CACHE_DIR", 7, "a folder path"),
    ],
)
def test_a_bad_setting_stops_the_app_naming_it_its_value_and_what_is_allowed(
    cache_dir: Path, setting: str, value: Any, allowed: str
) -> None:
    config = {"CACHE_DIR": str(cache_dir), setting: value}
    message = refusal(cache_dir, **config)
    assert message == (
        f"boggle: cannot start: setting {setting} (BOGGLE_{setting}) is {value!r}; "
        f"it must be {allowed}"
    )


def test_settings_typed_as_digits_are_read_as_numbers(cache_dir: Path) -> None:
    app = create_app(
        {"TESTING": True, "CACHE_DIR": str(cache_dir), "MAX_CELLS": "900", "SOLVE_BUDGET": "1.5"}
    )
    assert (app.config["MAX_CELLS"], app.config["SOLVE_BUDGET"]) == (900, 1.5)


def test_a_missing_word_list_file_stops_the_app_in_one_line(
    cache_dir: Path, tmp_path: Path
) -> None:
    missing = tmp_path / "enable2k.txt"
    message = refusal(cache_dir, WORDLISTS=f"enable={missing}")
    assert message == f"boggle: cannot start: word list 'enable': no such file {missing}"


def test_an_unknown_default_dictionary_stops_the_app_in_one_line(cache_dir: Path) -> None:
    message = refusal(cache_dir, DEFAULT_DICTIONARY="huge")
    assert message == (
        "boggle: cannot start: there is no dictionary called 'huge'; "
        "choose one of common, standard, large, de, fr, es, it, nl"
    )


def run_flask(cache_dir: Path, **environment: str) -> subprocess.CompletedProcess[str]:
    """Start ``flask run`` as ``make run`` does, with these BOGGLE_ settings."""
    env = {**os.environ, "BOGGLE_CACHE_DIR": str(cache_dir), **environment}
    return subprocess.run(
        [sys.executable, "-m", "flask", "--app", "app", "run", "--port", "1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_flask_run_with_a_malformed_number_prints_one_line_and_exits(cache_dir: Path) -> None:
    # Before the check, the app started and every /solve answered 500 (float + str).
    finished = run_flask(cache_dir, BOGGLE_SOLVE_BUDGET="abc")
    assert finished.returncode == 1
    assert finished.stderr == (
        "boggle: cannot start: setting SOLVE_BUDGET (BOGGLE_SOLVE_BUDGET) is 'abc'; "
        "it must be a number of seconds more than 0 and at most 3600\n"
    )


def test_flask_run_with_a_missing_word_list_prints_one_line_and_exits(
    cache_dir: Path, tmp_path: Path
) -> None:
    missing = tmp_path / "nope.txt"
    finished = run_flask(cache_dir, BOGGLE_WORDLISTS=f"mine={missing}")
    assert finished.returncode == 1
    assert finished.stderr == f"boggle: cannot start: word list 'mine': no such file {missing}\n"


def test_gunicorn_with_a_bad_setting_prints_one_line_and_exits(cache_dir: Path) -> None:
    env = {**os.environ, "BOGGLE_CACHE_DIR": str(cache_dir), "BOGGLE_MAX_SIDE": "0"}
    command = [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py"]
    finished = subprocess.run(
        [*command, "--bind", "127.0.0.1:0", "app:create_app()"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert finished.returncode == 1
    assert finished.stderr == (
        "boggle: cannot start: setting MAX_SIDE (BOGGLE_MAX_SIDE) is 0; "
        "it must be a whole number of cells from 1 to 9,999\n"
    )
