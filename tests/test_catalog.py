"""Tests for boggle/catalog.py: named word lists, each loaded once."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from boggle import Catalog, Dictionary, UnknownDictionary, WordListError
from boggle import catalog as catalog_module
from boggle.catalog import (
    DEFAULT_DICTIONARY,
    LANGUAGE_LISTS,
    SHIPPED_LISTS,
    parse_wordlist_setting,
)


def write_list(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def mini(tmp_path: Path) -> Catalog:
    """A catalog of one small list (no shipped lists), with its own empty cache."""
    path = write_list(tmp_path, "mini.txt", "cat\ndog\nqueen\nqat\n")
    return Catalog(extra={"mini": path}, default="mini", cache_dir=tmp_path / "cache", shipped=())


def test_names_and_default(catalog: Catalog) -> None:
    assert catalog.names == ["common", "standard", "large", "de", "fr", "es", "it", "nl"]
    assert catalog.default == DEFAULT_DICTIONARY == "standard"
    assert "large" in catalog
    assert "nope" not in catalog
    assert [entry.name for entry in (*SHIPPED_LISTS, *LANGUAGE_LISTS)] == catalog.names


def test_get_loads_once(catalog: Catalog) -> None:
    common = catalog.get("common")
    assert isinstance(common, Dictionary)
    assert common.name == "common"
    assert catalog.get("common") is common
    assert catalog.get() is catalog.get("standard")
    assert catalog.get(None).name == "standard"


def test_get_from_many_threads_loads_once(mini: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = catalog_module.load_dictionary

    def slow_load(*args: object, **kwargs: object) -> Dictionary:
        calls.append(threading.get_ident())
        time.sleep(0.05)  # widen the window in which other threads ask too
        return real(*args, **kwargs)

    monkeypatch.setattr(catalog_module, "load_dictionary", slow_load)
    start = threading.Barrier(16)

    def ask(_: int) -> Dictionary:
        start.wait()
        return mini.get("mini")

    with ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(ask, range(16)))
    assert len(calls) == 1
    assert all(result is results[0] for result in results)
    assert list(results[0]) == ["cat", "dog", "queen"]


@pytest.mark.parametrize("name", ["nope", "", "standard "])
def test_unknown_name_lists_the_names(catalog: Catalog, name: str) -> None:
    with pytest.raises(UnknownDictionary) as raised:
        catalog.get(name)
    assert raised.value.names == ["common", "standard", "large", "de", "fr", "es", "it", "nl"]
    message = str(raised.value)
    assert repr(name) in message
    assert "common, standard, large, de, fr, es, it, nl" in message
    assert isinstance(raised.value, WordListError)


def test_unknown_default_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(UnknownDictionary, match="'huge'"):
        Catalog(default="huge", cache_dir=tmp_path)


def test_missing_extra_file_fails_at_construction(tmp_path: Path) -> None:
    missing = tmp_path / "gone.txt"
    with pytest.raises(WordListError) as raised:
        Catalog(extra={"mine": missing}, cache_dir=tmp_path)
    assert str(missing) in str(raised.value)
    assert "'mine'" in str(raised.value)


def test_extra_folder_instead_of_file_fails_at_construction(tmp_path: Path) -> None:
    with pytest.raises(WordListError) as raised:
        Catalog(extra={"mine": tmp_path}, cache_dir=tmp_path)
    assert str(tmp_path) in str(raised.value)


def test_extra_lists_join_the_shipped_ones(tmp_path: Path, cache_dir: Path) -> None:
    path = write_list(tmp_path, "pets.txt", "cat\ndog\nemu\n")
    catalog = Catalog(extra={"pets": str(path)}, default="pets", cache_dir=cache_dir)
    assert catalog.names == ["common", "standard", "large", "de", "fr", "es", "it", "nl", "pets"]
    assert catalog.default == "pets"
    pets = catalog.get()
    assert pets.name == "pets"
    assert list(pets) == ["cat", "dog", "emu"]


def test_preload(mini: Catalog) -> None:
    assert [d["loaded"] for d in mini.describe()] == [False]
    mini.preload()
    assert [d["loaded"] for d in mini.describe()] == [True]


@pytest.mark.parametrize(
    ("setting", "expected"),
    [
        ("", {}),
        ("  ", {}),
        ("pets=/data/pets.txt", {"pets": Path("/data/pets.txt")}),
        (" a = /x/a.txt , b=/y/b.txt,", {"a": Path("/x/a.txt"), "b": Path("/y/b.txt")}),
        ("eq=/x/a=b.txt", {"eq": Path("/x/a=b.txt")}),
        ("home=~/words.txt", {"home": Path("~/words.txt").expanduser()}),
    ],
)
def test_parse_wordlist_setting(setting: str, expected: dict[str, Path]) -> None:
    assert parse_wordlist_setting(setting) == expected


@pytest.mark.parametrize("setting", ["pets", "=/x.txt", "pets=", "a=/x.txt,b"])
def test_parse_wordlist_setting_errors(setting: str) -> None:
    with pytest.raises(WordListError, match="name=path"):
        parse_wordlist_setting(setting)


@pytest.mark.parametrize("name", ["common", "standard", "large"])
def test_word_count_equals_the_loaded_length(cache_dir: Path, catalog: Catalog, name: str) -> None:
    fresh = Catalog(cache_dir=cache_dir)
    counted = fresh.word_count(name)  # read from the file, the graph not built
    assert name not in [d["name"] for d in fresh.describe() if d["loaded"]]
    assert counted == len(catalog.get(name)) > 0
    assert fresh.word_count(name) == counted


def test_word_count_of_an_awkward_list(tmp_path: Path) -> None:
    data = "# pets\r\n\r\nCat\r\ndog\r\ncat\r\ncafé\r\nqat\r\ndon't\r\nquail\r\n".encode("latin-1")
    path = tmp_path / "awkward.txt"
    path.write_bytes(data)
    catalog = Catalog(extra={"awkward": path}, default="awkward", cache_dir=tmp_path, shipped=())
    counted = catalog.word_count("awkward")
    assert counted == len(catalog.get("awkward")) == 3


def test_describe(catalog: Catalog) -> None:
    # English's lists; the other languages' are tested in tests/test_languages.py.
    described = catalog.describe()[:3]
    assert [d["name"] for d in described] == ["common", "standard", "large"]
    assert [d["default"] for d in described] == [False, True, False]
    for entry in described:
        assert set(entry) == {"name", "description", "word_count", "default", "loaded"} | {
            "language",
            "alphabet",
            "multi_letter_faces",
        }
        assert entry["language"] == {"code": "en", "name": "English", "native_name": "English"}
        assert entry["alphabet"] == "abcdefghijklmnopqrstuvwxyz"
        assert entry["description"]
        assert entry["word_count"] == len(catalog.get(entry["name"]))
    counts = [d["word_count"] for d in described]
    assert counts == sorted(counts)  # each list contains the one before
