"""Tests for the command line, boggle/__main__.py: solve and random."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from boggle import DICE_SETS, Catalog, parse_board, random_board, solve
from boggle.__main__ import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def cache_env(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep the command's word graph cache in the test session's folder."""
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(cache_dir))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command in this process; return its status, stdout and stderr."""
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = exit_.code  # argparse's errors
    out, err = capsys.readouterr()
    return status, out, err


def run_process(cache_dir: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m boggle`` as a user does."""
    return subprocess.run(
        [sys.executable, "-m", "boggle", *argv],
        cwd=ROOT,
        env={**os.environ, "BOGGLE_CACHE_DIR": str(cache_dir)},
        capture_output=True,
        text=True,
        timeout=120,
    )


def without_elapsed(document: dict) -> dict:
    return {key: value for key, value in document.items() if key != "elapsed_ms"}


# --- solve ---------------------------------------------------------------------------


def test_solve_names_a_letter_whose_lower_case_is_longer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "solve", "abc\u0130")
    assert (status, out) == (2, "")
    assert err == "error: '\u0130' (cell 4) is not a letter a-z\n"


def test_solve_prints_a_table(capsys: pytest.CaptureFixture[str], catalog: Catalog) -> None:
    status, out, err = run(capsys, "solve", "serspatglinesers")
    assert (status, err) == (0, "")
    expected = solve(parse_board("serspatglinesers"), catalog.get("standard"))
    lines = out.splitlines()
    assert lines[0] == "4x4 board, dictionary standard, words of 3+ letters:"
    assert lines[2:6] == ["  S E R S", "  P A T G", "  L I N E", "  S E R S"]
    assert lines[-1] == f"{expected.count} words, {expected.total_score} points in all"
    rows = [line.split() for line in lines[8:-2]]
    assert len(rows) == expected.count
    for row, found in zip(rows, expected.words, strict=True):
        assert int(row[0]) == found.score
        assert row[1] == found.word
        assert row[2:] == [f"{r},{c}" for r, c in found.path]


def test_solve_with_no_words(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "xxxx")
    assert status == 0
    assert out.splitlines()[-1] == "0 words, 0 points in all"


def test_solve_board_in_several_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    one = run(capsys, "solve", "serspatglinesers", "--json")
    many = run(capsys, "solve", "sers", "patg", "line", "sers", "--json")
    assert without_elapsed(json.loads(one[1])) == without_elapsed(json.loads(many[1]))


@pytest.mark.parametrize(
    ("board", "extra"),
    [
        ("serspatglinesers", []),
        ("a b c qu / th e r s / in an he er / # s e t", ["--min-length", "4"]),
        ("qbcd efgh ijkl mnop", ["--dictionary", "common"]),
        ("abcdefghijklmnopqrstuvwxy", ["--dictionary", "large", "--min-length", "5"]),
    ],
)
def test_json_is_the_solve_document(
    capsys: pytest.CaptureFixture[str], client: FlaskClient, board: str, extra: list[str]
) -> None:
    status, out, err = run(capsys, "solve", board, "--json", *extra)
    assert (status, err) == (0, "")
    assert out.endswith("\n") and out.count("\n") == 1
    printed = json.loads(out)
    assert isinstance(printed["elapsed_ms"], int | float)
    query = {"board": board}
    options = dict(zip(extra[::2], extra[1::2], strict=True))
    if "--min-length" in options:
        query["min_length"] = options["--min-length"]
    if "--dictionary" in options:
        query["dictionary"] = options["--dictionary"]
    response = client.get("/solve", query_string=query)
    assert response.status_code == 200
    assert without_elapsed(printed) == without_elapsed(response.get_json())


def test_dictionary_option(capsys: pytest.CaptureFixture[str]) -> None:
    counts = {}
    for name in ("common", "standard", "large"):
        status, out, _ = run(capsys, "solve", "serspatglinesers", "--json", "--dictionary", name)
        assert status == 0
        document = json.loads(out)
        assert document["dictionary"] == name
        counts[name] = document["count"]
    assert counts["common"] < counts["standard"] < counts["large"]


def test_wordlist_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    wordlist = tmp_path / "mine.txt"
    wordlist.write_text("# my words\nSEA\nslate\npale\nzebra\n", encoding="utf-8")
    status, out, err = run(
        capsys, "solve", "serspatglinesers", "--json", "--wordlist", str(wordlist)
    )
    assert (status, err) == (0, "")
    document = json.loads(out)
    assert document["dictionary"] == "mine"
    assert [w["word"] for w in document["words"]] == ["slate", "pale", "sea"]
    assert document["words"][0]["path"] == [[3, 0], [2, 0], [1, 1], [1, 2], [0, 1]]


def test_cache_dir_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    wordlist = tmp_path / "mine.txt"
    wordlist.write_text("sea\n", encoding="utf-8")
    cache = tmp_path / "my-cache"
    status, _, _ = run(
        capsys, "solve", "sers", "--wordlist", str(wordlist), "--cache-dir", str(cache)
    )
    assert status == 0
    assert len(list(cache.glob("*.dawg"))) == 1


@pytest.mark.parametrize(
    ("options", "size"),
    [
        (["--rows", "3"], "3x4"),
        (["--cols", "3"], "4x3"),
        (["--rows", "2", "--cols", "6"], "2x6"),
        (["--rows", "1"], "1x12"),
    ],
)
def test_rows_and_cols(capsys: pytest.CaptureFixture[str], options: list[str], size: str) -> None:
    status, out, _ = run(capsys, "solve", "seraptlinese", *options)
    assert status == 0
    assert out.startswith(f"{size} board, ")


def test_min_length(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "serspatglinesers", "--json", "--min-length", "6")
    assert status == 0
    document = json.loads(out)
    assert document["min_length"] == 6
    assert document["words"]
    assert all(len(w["word"]) >= 6 for w in document["words"])
    status, table, _ = run(capsys, "solve", "serspatglinesers", "--min-length", "6")
    assert "words of 6+ letters" in table.splitlines()[0]


def test_min_length_counts_qu_as_two_letters(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "qu i / t s", "--json", "--min-length", "4")
    assert status == 0
    assert "quit" in [w["word"] for w in json.loads(out)["words"]]


# --- random --------------------------------------------------------------------------


@pytest.mark.parametrize("dice", ["classic", "new", "big", "deluxe", "superbig"])
def test_random_prints_a_board_that_solve_reads(
    capsys: pytest.CaptureFixture[str], dice: str
) -> None:
    status, out, err = run(capsys, "random", "--dice", dice, "--seed", "77")
    assert status == 0
    assert err == f"# dice: {dice}, seed: 77, minimum word length: {DICE_SETS[dice].min_length}\n"
    printed = out.strip()
    assert parse_board(printed) == random_board(dice, 77)[0]
    assert run(capsys, "random", "--dice", dice, "--seed", "77")[1] == out  # stable
    status, table, _ = run(capsys, "solve", printed)
    assert status == 0
    board = random_board(dice, 77)[0]
    assert table.startswith(f"{board.rows}x{board.cols} board")


def test_random_golden_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "random", "--dice", "new", "--seed", "2024")[1] == "sgom veue yxkw whpl\n"
    assert run(capsys, "random", "--seed", "2024")[1] == "sgom veue yxkw whpl\n"
    superbig = run(capsys, "random", "--dice", "superbig", "--seed", "2024")[1]
    assert superbig == (
        "e a n t a qu / n s t o l n / i r o a n e / e c z o c i / o e s n t o / e o th o f i\n"
    )


def test_random_without_seed_reports_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "random", "--dice", "big")
    assert status == 0
    seed = int(re.search(r"seed: (\d+)", err).group(1))
    assert run(capsys, "random", "--dice", "big", "--seed", str(seed))[1] == out


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (7, 7), (3, 8), (1, 5), (5, 1)])
def test_random_other_sizes_solve_at_the_same_size(
    capsys: pytest.CaptureFixture[str], rows: int, cols: int
) -> None:
    status, out, _ = run(capsys, "random", "--rows", str(rows), "--cols", str(cols), "--seed", "3")
    assert status == 0
    status, table, err = run(capsys, "solve", out.strip())
    assert (status, err) == (0, "")
    assert table.startswith(f"{rows}x{cols} board")


@pytest.mark.parametrize(("rows", "cols"), [(5, 5), (6, 6), (7, 7)])
def test_random_size_without_dice_matches_the_api(
    capsys: pytest.CaptureFixture[str], client: FlaskClient, rows: int, cols: int
) -> None:
    # Without --dice, a 5x5 board should be rolled as /random rolls it: Big Boggle's
    # dice (the nearest set), not the pooled faces of the 4x4 set.
    status, out, _ = run(capsys, "random", "--rows", str(rows), "--cols", str(cols), "--seed", "8")
    assert status == 0
    api = client.get("/random", query_string={"rows": rows, "cols": cols, "seed": 8}).get_json()
    assert parse_board(out.strip()) == parse_board(api["board"])


# --- Errors: one line on stderr, status 2 ---------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "abcdefgh7"], "'7' (cell 9) is not a letter a-z"),
        (["solve", "abcd efgh ijklm nopq"], "row 3 has 5 cells; the others have 4"),
        (["solve", "abc"], "3 cells cannot make a square board"),
        (["solve", "abcd", "--dictionary", "huge"], "common, standard, large"),
        (["solve", "abcd", "--wordlist", "/no/such/list.txt"], "/no/such/list.txt"),
        (["solve", "abcd", "--min-length", "2"], "--min-length"),
        (["solve", "abcd", "--min-length", "65"], "64"),
        (["solve", "abcd", "--min-length", "four"], "--min-length"),
        (["solve", "abcdef", "--rows", "4"], "cannot make a 4x1 board"),
        (["solve", "abcd", "--dictionary", "common", "--wordlist", "x.txt"], "not allowed"),
        (["solve"], "board"),
        (["frobnicate"], "frobnicate"),
        ([], "command"),
        (["random", "--dice", "huge"], "huge"),
        (["random", "--seed", "abc"], "--seed"),
        (["random", "--rows", "0"], "argument --rows: must be a whole number from 1 to 9999"),
        (["solve", "abcd", "--cols", "-2"], "argument --cols: must be a whole number from 1"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "error" in err
    assert message in err
    assert "Traceback" not in err


def test_as_a_process(cache_dir: Path) -> None:
    solved = run_process(cache_dir, "solve", "serspatglinesers", "--json")
    assert solved.returncode == 0, solved.stderr
    assert json.loads(solved.stdout)["count"] > 100

    rolled = run_process(cache_dir, "random", "--dice", "big", "--seed", "5")
    assert rolled.returncode == 0
    assert rolled.stdout == run_process(cache_dir, "random", "--dice", "big", "--seed", "5").stdout
    again = run_process(cache_dir, "solve", rolled.stdout.strip())
    assert again.returncode == 0
    assert again.stdout.startswith("5x5 board")


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "abcdefgh7"],
        ["solve", "abcd", "--dictionary", "huge"],
        ["solve", "abcd", "--wordlist", "/no/such/list.txt"],
        ["solve", "abcd", "--min-length", "2"],
        ["bogus"],
    ],
)
def test_errors_as_a_process(cache_dir: Path, argv: list[str]) -> None:
    result = run_process(cache_dir, *argv)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert "Traceback" not in result.stderr


# --- One rule with the API -------------------------------------------------------------


@pytest.mark.parametrize("seed", ["-5", "-1", str(2**63)])
def test_random_refuses_a_seed_the_api_refuses(
    capsys: pytest.CaptureFixture[str], client: FlaskClient, seed: str
) -> None:
    status, out, err = run(capsys, "random", "--seed", seed)
    assert (status, out) == (2, "")
    assert err == (
        "boggle random: error: argument --seed: must be a whole number "
        f"from 0 to {2**63 - 1}, not {seed!r}\n"
    )
    assert client.get("/random", query_string={"seed": seed}).status_code == 400


def test_the_largest_seed_is_accepted_by_both(
    capsys: pytest.CaptureFixture[str], client: FlaskClient
) -> None:
    seed = str(2**63 - 1)
    status, out, _ = run(capsys, "random", "--seed", seed)
    assert status == 0
    api = client.get("/random", query_string={"seed": seed}).get_json()
    assert out.strip() == api["text"]


def test_a_bad_min_length_is_named_as_the_option_the_user_typed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, "solve", "abcd", "--min-length", "2")
    assert status == 2
    assert err == (
        "boggle solve: error: argument --min-length: must be a whole number from 3 to 64, not '2'\n"
    )


def test_dice_names_are_case_insensitive(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        run(capsys, "random", "--dice", "SuperBig", "--seed", "3")[:2]
        == run(capsys, "random", "--dice", "superbig", "--seed", "3")[:2]
    )


def test_a_6x6_board_counts_words_of_4_letters_unless_told(
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = "abcdef ghijkl mnoprs tuvwxy zabcde fghijk"
    _, out, _ = run(capsys, "solve", board, "--json")
    assert json.loads(out)["min_length"] == 4
    _, out, _ = run(capsys, "solve", board, "--json", "--min-length", "3")
    assert json.loads(out)["min_length"] == 3


def test_the_installed_boggle_command_solves_from_any_folder(
    cache_dir: Path, tmp_path: Path
) -> None:
    # `make` installs the project into the virtual environment (pip install -e .).
    command = Path(sys.executable).parent / "boggle"
    env = {**os.environ, "BOGGLE_CACHE_DIR": str(cache_dir)}
    solved = subprocess.run(
        [str(command), "solve", "serspatglinesers", "--json"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert solved.returncode == 0, solved.stderr
    assert json.loads(solved.stdout) == json.loads(
        run_process(cache_dir, "solve", "serspatglinesers", "--json").stdout
    ) | {"elapsed_ms": json.loads(solved.stdout)["elapsed_ms"]}


def test_dictionary_names_are_case_insensitive_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "solve", "serspatglinesers", "--json", "--dictionary", "Common")
    assert status == 0
    assert json.loads(out)["dictionary"] == "common"


# --- best ----------------------------------------------------------------------------


def test_best_prints_a_board_solve_reads_with_its_points(
    capsys: pytest.CaptureFixture[str], standard: object
) -> None:
    status, out, err = run(capsys, "best", "--dice", "classic", "--steps", "30", "--seed", "3")
    assert status == 0
    board = parse_board(out.strip())
    assert (board.rows, board.cols) == (4, 4)
    points = int(re.search(r"# ([\d,]+) points", err).group(1).replace(",", ""))
    assert points == solve(board, Catalog().get("standard")).total_score
    assert "steps/s" in err and "steps: 30" in err
    # The same seed and steps, the same board.
    assert run(capsys, "best", "--dice", "classic", "--steps", "30", "--seed", "3")[1] == out


def test_best_runs_the_workers_asked_for_and_the_same_board_each_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("best", "--rows", "4", "--steps", "40", "--seed", "5")
    status, out, err = run(capsys, *argv, "--workers", "2")
    assert status == 0 and "steps: 40, dictionary: standard, workers: 2\n" in err
    assert run(capsys, *argv, "--workers", "2")[1] == out
    status, alone, err = run(capsys, *argv, "--workers", "1")
    assert status == 0 and "workers: 1\n" in err
    parse_board(alone.strip())


def test_best_without_the_native_core_finds_the_same_board(cache_dir: Path) -> None:
    argv = ("best", "--dice", "classic", "--steps", "30", "--seed", "2", "--workers", "2")
    native = run_process(cache_dir, *argv)
    assert native.returncode == 0, native.stderr
    env = {**os.environ, "BOGGLE_CACHE_DIR": str(cache_dir), "BOGGLE_PURE_PYTHON": "1"}
    python = subprocess.run(
        [sys.executable, "-m", "boggle", *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert python.returncode == 0, python.stderr
    assert "pure-Python" in python.stderr
    assert python.stdout == native.stdout


def test_best_free_takes_any_shape(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "best", "--rows", "2", "--cols", "7", "--steps", "5")
    assert status == 0
    board = parse_board(out.strip())
    assert (board.rows, board.cols) == (2, 7)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--dice", "classic", "--rows", "5"], "the classic dice make a 4x4 board, not 5x5"),
        (["--dice", "tiny"], "invalid choice: 'tiny'"),
        (["--seconds", "0"], "--seconds: must be a number of seconds above 0"),
        (["--seconds", "nan"], "--seconds: must be a number of seconds"),
        (["--rows", "0"], "--rows: must be a whole number from 1 to 64"),
        (["--rows", "41", "--cols", "41"], "41x41 is 1681 cells; the search takes at most 1600"),
        (["--seed", "-1"], "--seed: must be a whole number"),
        (["--steps", "many"], "--steps: must be a whole number"),
        (["--workers", "0"], "--workers: must be a whole number from 1 to 64, not '0'"),
        (["--wordlist", "/nonexistent/words.txt"], "cannot read word list"),
    ],
)
def test_best_refuses_bad_arguments(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "best", *argv)
    assert status == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1
