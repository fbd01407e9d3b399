"""Display spellings: play words shown as their list writes them (boggle/spellings.py)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from boggle import Catalog
from boggle import spellings as spellings_module
from boggle.languages import LANGUAGES
from boggle.spellings import SHIPPED_DIR, Spellings, fold_all, load_spellings

FRENCH = LANGUAGES["fr"]
LINES = ["cote", "coté", "côte", "côté", "élève", "été", "maison", "Noël"]


def test_a_play_word_finds_every_spelling_its_list_has() -> None:
    spellings = Spellings.from_lines(LINES, FRENCH)
    assert spellings.of("cote") == ("cote", "coté", "côte", "côté")
    assert spellings.of("eleve") == ("élève",)
    assert spellings.of("ete") == ("été",)
    assert spellings.of("noel") == ("Noël",)


def test_a_word_written_as_it_is_played_has_no_spellings() -> None:
    spellings = Spellings.from_lines(LINES, FRENCH)
    # "maison" is its own only spelling: nothing to show beyond the play word.
    assert spellings.of("maison") == ()
    assert spellings.of("absent") == ()
    assert spellings.of("") == ()
    assert spellings.of("zzzz") == ()
    assert len(spellings) == 4


def test_an_empty_list_finds_nothing() -> None:
    assert Spellings.from_lines([], FRENCH).of("cote") == ()


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_folding_all_at_once_folds_every_shipped_spelling_as_one_by_one(code: str) -> None:
    rules = LANGUAGES[code]
    lines = (SHIPPED_DIR / f"{code}-display.txt").read_text(encoding="utf-8").splitlines()
    assert lines
    assert fold_all(lines, rules) == [rules.fold_word(line) for line in lines]


def test_the_shipped_lists_spell_french_german_and_spanish_words(tmp_path: Path) -> None:
    french = load_spellings("fr", FRENCH, tmp_path)
    assert french is not None
    assert "élève" in french.of("eleve")
    assert load_spellings("de", LANGUAGES["de"], tmp_path).of("strasse") == ("straße",)
    assert load_spellings("es", LANGUAGES["es"], tmp_path).of("arbol") == ("árbol",)


def test_spellings_are_cached_and_read_back_without_grouping(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = load_spellings("it", LANGUAGES["it"], tmp_path)
    assert [p.suffix for p in tmp_path.iterdir()] == [".spellings"]

    def refuse(*args: object) -> bytes:
        raise AssertionError("grouped again despite the cache")

    monkeypatch.setattr(spellings_module, "group_spellings", refuse)
    again = load_spellings("it", LANGUAGES["it"], tmp_path)
    assert again is not None and first is not None
    assert len(again) == len(first) > 1000
    assert again.of("citta") == first.of("citta") == ("città",)


def test_spellings_are_read_from_a_mapping_of_the_cache_not_a_copy_in_memory(
    tmp_path: Path,
) -> None:
    # Mapped, a server holds only the pages its lookups touch, shared by every process.
    built = load_spellings("fr", FRENCH, tmp_path)
    again = load_spellings("fr", FRENCH, tmp_path)
    in_memory = Spellings.from_lines(
        (SHIPPED_DIR / "fr-display.txt").read_text(encoding="utf-8").splitlines(), FRENCH
    )
    assert built is not None and again is not None
    assert built.mapped and again.mapped and not in_memory.mapped
    for word in ("cote", "eleve", "ete", "maison", "zzzz", "", "a"):
        assert again.of(word) == in_memory.of(word)
    assert len(again) == len(in_memory)


def test_spellings_stay_in_memory_when_the_cache_cannot_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object) -> None:
        raise OSError("read-only file system")

    monkeypatch.setattr(spellings_module, "write_atomically", refuse)
    spellings = load_spellings("it", LANGUAGES["it"], tmp_path)
    assert spellings is not None and not spellings.mapped
    assert spellings.of("citta") == ("città",)


def test_a_damaged_cache_is_ignored_and_rebuilt(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    load_spellings("nl", LANGUAGES["nl"], tmp_path)
    (cached,) = tmp_path.iterdir()
    cached.write_bytes(cached.read_bytes()[:-10])
    with caplog.at_level(logging.WARNING):
        rebuilt = load_spellings("nl", LANGUAGES["nl"], tmp_path)
    assert "damaged" in caplog.text
    assert rebuilt is not None and len(rebuilt) > 1000
    assert load_spellings("nl", LANGUAGES["nl"], tmp_path) is not None


def test_english_has_no_spellings(catalog: Catalog) -> None:
    assert spellings_module.spellings_for(catalog.get("standard")) is None


def test_solve_gives_a_french_word_its_accents(client: FlaskClient) -> None:
    answer = client.get("/solve", query_string={"board": "1x5: eleve", "dictionary": "fr"})
    words = {w["word"]: w for w in answer.get_json()["words"]}
    assert "élève" in words["eleve"]["spellings"]
    assert all("spellings" not in w for w in words.values() if w["word"] == "lev")


def test_solve_gives_english_words_no_spellings(client: FlaskClient) -> None:
    answer = client.get("/solve", query_string={"board": "sers patg line sers"})
    assert all("spellings" not in w for w in answer.get_json()["words"])


def test_the_page_shows_a_french_word_with_its_accents(client: FlaskClient) -> None:
    page = client.get(
        "/", query_string={"board": "1x5: eleve", "dictionary": "fr", "word": "eleve"}
    ).get_data(as_text=True)
    assert 'data-word="eleve"' in page
    assert 'data-spellings="élevé/élève"' in page
    assert ">élevé / élève</button>" in page
    assert "<strong>élevé / élève</strong>" in page  # the chosen word, written out
