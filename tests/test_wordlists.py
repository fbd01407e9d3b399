"""Tests for the shipped word lists in wordlists/ and the script that rebuilds them."""

import importlib.util
import itertools
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

WORDLISTS = Path(__file__).resolve().parent.parent / "wordlists"
REBUILD = WORDLISTS / "rebuild.py"
SCOWL_DIR = Path("/usr/share/dict/scowl")
NAMES = ("common", "standard", "large")  # smallest first: each contains the one before

# Well under the 8 MiB the project allows for one shipped file.
MAX_BYTES = 8 * 1024 * 1024


def load_rebuild() -> ModuleType:
    """Import wordlists/rebuild.py, which is a script rather than a package module."""
    spec = importlib.util.spec_from_file_location("wordlists_rebuild", REBUILD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


rebuild = load_rebuild()


def read_bytes(name: str) -> bytes:
    """The committed content of one shipped list."""
    return (WORDLISTS / f"{name}.txt").read_bytes()


def read_words(name: str) -> list[str]:
    """The words of one shipped list, in file order."""
    return read_bytes(name).decode("ascii").splitlines()


def require_scowl() -> Path:
    """SCOWL's lists: the test is skipped where absent, but fails when CI demands them."""
    if not (SCOWL_DIR / "english-words.10").is_file():
        message = f"SCOWL word lists not found in {SCOWL_DIR}; install them: apt-get install scowl"
        if os.environ.get("BOGGLE_REQUIRE_SCOWL") == "1":
            pytest.fail(f"BOGGLE_REQUIRE_SCOWL=1 but {message}")
        pytest.skip(message)
    return SCOWL_DIR


@pytest.mark.parametrize("name", NAMES)
def test_list_is_well_formed(name: str) -> None:
    data = read_bytes(name)
    assert data, f"{name}.txt is empty"
    assert len(data) < MAX_BYTES, f"{name}.txt is {len(data):,} bytes"
    assert data.endswith(b"\n"), f"{name}.txt does not end with a newline"
    assert b"\r" not in data, f"{name}.txt has CR line endings"
    words = data.decode("ascii").split("\n")[:-1]
    bad = [word for word in words if not re.fullmatch(r"[a-z]{3,}", word)]
    assert not bad, f"{name}.txt has entries that are not 3+ letters a-z: {bad[:10]}"
    out_of_order = [(a, b) for a, b in itertools.pairwise(words) if a >= b]
    assert not out_of_order, f"{name}.txt is not sorted and unique: {out_of_order[:5]}"


@pytest.mark.parametrize(("smaller", "larger"), list(itertools.pairwise(NAMES)))
def test_each_list_contains_the_smaller_one(smaller: str, larger: str) -> None:
    missing = set(read_words(smaller)) - set(read_words(larger))
    assert not missing, f"in {smaller}.txt but not {larger}.txt: {sorted(missing)[:10]}"


@pytest.mark.parametrize("name", NAMES)
def test_known_words_are_present(name: str) -> None:
    words = set(read_words(name))
    for word in ("cat", "house", "quiet", "queen", "judgement", "judgment"):
        assert word in words, f"{word!r} missing from {name}.txt"


@pytest.mark.parametrize("name", NAMES)
def test_names_abbreviations_and_contractions_are_absent(name: str) -> None:
    # Each checked absent from SCOWL's "words" files up to size 80; most of them sit in its
    # upper, proper-names, abbreviations or contractions files, which are never read.
    words = set(read_words(name))
    for word in ("london", "france", "nasa", "usa", "etc", "mph", "dvd", "asap", "dont", "isnt"):
        assert word not in words, f"{word!r} should not be in {name}.txt"
    # SCOWL files these abbreviations among ordinary words; rebuild.py drops them.
    for word in ("tanh", "kcal", "aeq"):
        assert word not in words, f"{word!r} should not be in {name}.txt"


@pytest.mark.parametrize("name", ["common", "standard"])
def test_city_name_is_absent_below_large(name: str) -> None:
    # large.txt rightly has "paris", a plant (herb Paris) that ENABLE2K lists too.
    assert "paris" not in set(read_words(name))


@pytest.mark.parametrize("word", ["colour", "color", "theatre", "theater", "realise", "realize"])
def test_standard_has_british_and_american_spellings(word: str) -> None:
    assert word in set(read_words("standard"))


def test_is_playable_rejects_what_boggle_does() -> None:
    assert rebuild.is_playable("quiet")
    for entry in ("ox", "London", "cat's", "can't", "café", "well-known", "pH", "tanh", ""):
        assert not rebuild.is_playable(entry), entry


def test_list_bytes_has_lf_endings_and_final_newline() -> None:
    assert rebuild.list_bytes(["cat", "dog"]) == b"cat\ndog\n"


def test_first_difference_names_the_line() -> None:
    message = rebuild.first_difference(b"cat\ndog\n", b"cat\ndot\n")
    assert message.startswith("line 2:") and "dog" in message and "dot" in message
    assert rebuild.first_difference(b"cat\ndog\n", b"cat\n").startswith("line 2:")


def test_latin1_source_files_are_read(tmp_path: Path) -> None:
    # Older SCOWL releases were ISO-8859-1; an accented entry must not stop the build.
    path = tmp_path / "english-words.10"
    path.write_bytes("caf\xe9\nhouse\n".encode("iso-8859-1"))
    assert [e for e in rebuild.read_entries(path) if rebuild.is_playable(e)] == ["house"]


def run_rebuild(*args: str) -> subprocess.CompletedProcess[str]:
    """Run wordlists/rebuild.py as CI does."""
    return subprocess.run(
        [sys.executable, str(REBUILD), *args], capture_output=True, text=True, check=False
    )


def test_rebuild_gives_the_committed_files(tmp_path: Path) -> None:
    scowl_dir = require_scowl()
    result = run_rebuild("--scowl-dir", str(scowl_dir), "--out-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    for name in NAMES:
        rebuilt = (tmp_path / f"{name}.txt").read_bytes()
        committed = read_bytes(name)
        assert rebuilt == committed, (
            f"wordlists/{name}.txt differs from a rebuild at "
            f"{rebuild.first_difference(rebuilt, committed)} "
            f"(built from scowl {rebuild.EXPECTED_SCOWL_VERSION}; "
            f"installed: {rebuild.installed_scowl_version()})"
        )


def test_check_fails_on_a_stale_list(tmp_path: Path) -> None:
    scowl_dir = require_scowl()
    for name in NAMES:
        shutil.copy(WORDLISTS / f"{name}.txt", tmp_path)
    assert (
        run_rebuild("--check", "--scowl-dir", str(scowl_dir), "--out-dir", str(tmp_path)).returncode
        == 0
    )
    stale = tmp_path / "standard.txt"
    stale.write_bytes(stale.read_bytes().replace(b"\nhouse\n", b"\n"))
    result = run_rebuild("--check", "--scowl-dir", str(scowl_dir), "--out-dir", str(tmp_path))
    assert result.returncode == 1
    assert "standard.txt" in result.stderr and "line " in result.stderr


@pytest.mark.parametrize("name", NAMES)
def test_check_fails_on_a_missing_list(tmp_path: Path, name: str) -> None:
    scowl_dir = require_scowl()
    for other in NAMES:
        if other != name:
            shutil.copy(WORDLISTS / f"{other}.txt", tmp_path)
    result = run_rebuild("--check", "--scowl-dir", str(scowl_dir), "--out-dir", str(tmp_path))
    assert result.returncode == 1
    assert f"error: {tmp_path / f'{name}.txt'}: missing" in result.stderr.splitlines()
