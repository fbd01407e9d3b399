"""Definitions, offline from WordNet: the shipped file, the engine, /define and the CLI."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples

from boggle.__main__ import main
from boggle.definitions import (
    SHIPPED_FILE,
    DefinitionError,
    Definitions,
    DefinitionsFileError,
    NoDefinition,
    check_word,
)

WORDLISTS = Path(__file__).resolve().parent.parent / "wordlists"
REBUILD = WORDLISTS / "rebuild_definitions.py"
WORDNET_DIR = Path("/usr/share/wordnet")

# The same limit as the word lists' (tests/test_wordlists.py).
MAX_BYTES = 8 * 1024 * 1024

SAMPLE_SEED = 12
SAMPLE_SIZE = 500

# Words of the seeded sample of common.txt that WordNet 3.0 does not define, reviewed
# one by one. None is a proper noun or an abbreviation WordNet should have; each is
# one of the gaps wordlists/README.md names.
KNOWN_GAPS = {
    # Newer than WordNet (2006).
    "facepalms": "newer than WordNet",
    "geocache": "newer than WordNet",
    "outplacement": "not in WordNet",
    # A noun WordNet has only as a noun, used as a verb.
    "choppered": "chopper is only a noun in WordNet",
    "napalmed": "napalm is only a noun in WordNet",
    "oared": "oar is only a noun in WordNet",
    "showcased": "showcase is only a noun in WordNet",
    "pended": "pend is not in WordNet",
    "verbals": "verbal is only an adjective in WordNet",
    # Comparatives of -y adjectives: morphy's er rule gives "icki", and WordNet's
    # exception list does not have these.
    "ickier": "morphy has no y -> ier rule",
    "waterier": "morphy has no y -> ier rule",
    # British doubled consonant the verb exception list lacks.
    "dowelled": "dowel is only a noun in WordNet",
    # Spellings and compounds WordNet writes otherwise or not at all.
    "bluejays": "WordNet has blue jay, two words",
    "houmus": "WordNet has hummus and hoummos",
    "tallyho": "not in WordNet",
    "brotherliness": "WordNet has brotherly, not the noun",
    "chapt": "an abbreviation SCOWL lists among words",
}


def load_rebuild() -> ModuleType:
    """Import wordlists/rebuild_definitions.py, a script rather than a package module."""
    spec = importlib.util.spec_from_file_location("rebuild_definitions", REBUILD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def definitions() -> Definitions:
    """The shipped definitions."""
    return Definitions()


def require_wordnet() -> Path:
    """WordNet's files: the test is skipped where absent, but fails when CI demands them."""
    if not (WORDNET_DIR / "data.noun").is_file():
        message = f"WordNet not found in {WORDNET_DIR}; install it: apt-get install wordnet-base"
        if os.environ.get("BOGGLE_REQUIRE_WORDNET") == "1":
            pytest.fail(f"BOGGLE_REQUIRE_WORDNET=1 but {message}")
        pytest.skip(message)
    return WORDNET_DIR


# --- The shipped file ----------------------------------------------------------------


def test_shipped_file_is_small_enough_and_plain_text() -> None:
    data = SHIPPED_FILE.read_bytes()
    assert len(data) < MAX_BYTES, f"definitions.txt is {len(data):,} bytes"
    assert data.endswith(b"\n") and b"\r" not in data
    data.decode("utf-8")


def test_index_lines_are_sorted_and_unique() -> None:
    data = SHIPPED_FILE.read_bytes()
    index_start = int(data[:64].split(b"index at byte ")[1].split()[0])
    keys = [line.split(b"\t", 1)[0] for line in data[index_start:].splitlines()]
    assert keys == sorted(set(keys))


def test_the_licence_ships_beside_the_data() -> None:
    notice = (WORDLISTS / "LICENSE-WordNet").read_text()
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in notice


def test_rebuild_gives_the_committed_file(tmp_path: Path) -> None:
    wordnet_dir = require_wordnet()
    rebuild = load_rebuild()
    rebuilt = rebuild.build_bytes(wordnet_dir)
    committed = SHIPPED_FILE.read_bytes()
    assert rebuilt == committed, (
        f"wordlists/definitions.txt differs from a rebuild at "
        f"{rebuild.first_difference(rebuilt, committed)} (built from wordnet-base "
        f"{rebuild.EXPECTED_WORDNET_VERSION}; installed: {rebuild.installed_wordnet_version()})"
    )


def test_check_fails_on_a_stale_file(tmp_path: Path) -> None:
    wordnet_dir = require_wordnet()
    stale = tmp_path / "definitions.txt"
    stale.write_bytes(SHIPPED_FILE.read_bytes().replace(b"a merchant who sells", b"a seller", 1))
    result = subprocess.run(
        [sys.executable, str(REBUILD), "--check", "--wordnet-dir", str(wordnet_dir),
         "--out-dir", str(tmp_path)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 1
    assert "definitions.txt" in result.stderr and "line " in result.stderr


def test_split_gloss_prefers_an_example_using_the_lemma() -> None:
    rebuild = load_rebuild()
    gloss = 'expect and wish; "I trust you will behave"; "I hope she understands"'
    assert rebuild.split_gloss(gloss, "hope") == ("expect and wish", "I hope she understands")
    assert rebuild.split_gloss(gloss, "wish") == ("expect and wish", "I trust you will behave")
    assert rebuild.split_gloss("a small bird", "wren") == ("a small bird", "")


def test_the_engine_looks_words_up_without_the_web_framework() -> None:
    code = (
        "import sys; from boggle.definitions import Definitions; Definitions().define('ran'); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'werkzeug')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        cwd=WORDLISTS.parent,
    )  # fmt: skip
    assert result.stdout.strip() == "[]"


def test_a_file_in_another_format_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "definitions.txt"
    other.write_text("cat\tn=1\n")
    with pytest.raises(DefinitionsFileError, match="not a boggle-definitions 1 file"):
        Definitions(other)
    with pytest.raises(DefinitionsFileError, match="cannot read definitions"):
        Definitions(tmp_path / "missing.txt")


def reference_index() -> dict[str, dict[str, str]]:
    """The plain reference for the binary search: the whole index read into a dict."""
    data = SHIPPED_FILE.read_bytes()
    index_start = int(data[:64].split(b"index at byte ")[1].split()[0])
    index = {}
    for line in data[index_start:].decode().splitlines():
        word, *fields = line.split("\t")
        index[word] = {field[:2]: field[2:] for field in fields}
    return index


REFERENCE = reference_index()
INDEXED = sorted(REFERENCE)


@settings(max_examples=examples(300), deadline=None)
@given(
    st.one_of(
        st.sampled_from(INDEXED),  # words the index holds, first and last among them
        st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=12),
        st.sampled_from(["a", INDEXED[0], INDEXED[-1], INDEXED[-1] + "a", "zzzzzz"]),
    )
)
def test_the_binary_search_finds_what_a_plain_read_of_the_index_finds(
    definitions: Definitions, word: str
) -> None:
    assert definitions.fields(word) == REFERENCE.get(word, {})


# --- Looking words up ----------------------------------------------------------------


def test_an_inflected_word_shows_its_lemma(definitions: Definitions) -> None:
    definition = definitions.define("retailers")
    assert definition.word == "retailers"
    assert [(e.lemma, e.pos) for e in definition.entries] == [("retailer", "noun")]
    assert definition.entries[0].senses[0].gloss == "a merchant who sells goods at retail"
    assert definition.entries[0].senses[0].example is None


def test_an_irregular_verb_shows_its_lemma_with_examples(definitions: Definitions) -> None:
    entry = definitions.define("ran").entries[0]
    assert (entry.lemma, entry.pos) == ("run", "verb")
    assert entry.senses[0].gloss.startswith("move fast by using one's feet")
    assert entry.senses[0].example == "Don't run--you'll be out of breath"


def test_at_most_three_senses_most_frequent_first(definitions: Definitions) -> None:
    # "run" has 41 verb senses in WordNet.
    senses = definitions.define("run").entries[1].senses
    assert len(senses) == 3
    assert senses[1].gloss == "flee; take to one's heels; cut and run"


def test_names_of_places_and_people_are_not_senses(definitions: Definitions) -> None:
    china = definitions.define("china").entries
    assert [s.gloss for e in china for s in e.senses] == [
        "high quality porcelain originally made only in China",
        "dishware made of high quality porcelain",
    ]
    with pytest.raises(NoDefinition):
        definitions.define("london")


def test_case_and_surrounding_spaces_are_ignored(definitions: Definitions) -> None:
    assert definitions.define("  Geese ").as_dict() == definitions.define("geese").as_dict()


def test_a_word_wordnet_lacks_says_so(definitions: Definitions) -> None:
    with pytest.raises(NoDefinition, match="no definition of 'serac'"):
        definitions.define("serac")


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("", "give a word"),
        ("ab1", "'1' (character 3) is not a letter a-z"),
        ("well-known", "'-' (character 5) is not a letter a-z"),
        ("a" * 65, "the word is 65 characters; the limit is 64"),
    ],
)
def test_words_that_cannot_be_looked_up_say_why(written: str, message: str) -> None:
    with pytest.raises(DefinitionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        check_word(written)


def test_every_word_of_a_sample_of_common_has_entries_or_is_a_known_gap(
    definitions: Definitions,
) -> None:
    words = (WORDLISTS / "common.txt").read_text().split()
    sample = random.Random(SAMPLE_SEED).sample(words, SAMPLE_SIZE)
    undefined = {word for word in sample if not definitions.has_entry(word)}
    assert undefined == set(KNOWN_GAPS)


# --- GET /define ---------------------------------------------------------------------


def test_define_answers_the_documented_document(client: FlaskClient) -> None:
    response = client.get("/define?word=Ran")
    assert response.status_code == 200
    body = response.json
    assert list(body) == ["word", "entries", "language", "source"]
    assert (body["word"], body["language"]) == ("ran", "en")
    assert body["source"] == {
        "name": "WordNet 3.0, Princeton University",
        "licence": "WordNet 3.0 licence",
        "licence_url": "https://wordnet.princeton.edu/license-and-commercial-use",
        "url": "https://wordnet.princeton.edu/",
    }
    entry = body["entries"][0]
    assert list(entry) == ["lemma", "pos", "senses"]
    assert (entry["lemma"], entry["pos"]) == ("run", "verb")
    assert entry["senses"][0] == {
        "gloss": "move fast by using one's feet, with one foot off the ground at any given time",
        "example": "Don't run--you'll be out of breath",
    }


def test_define_lists_every_lemma_a_word_may_be(client: FlaskClient) -> None:
    entries = client.get("/define?word=left").json["entries"]
    assert [(e["lemma"], e["pos"]) for e in entries] == [
        ("left", "noun"),
        ("leave", "verb"),
        ("left", "adj"),
        ("left", "adv"),
    ]


def test_define_without_a_definition_is_a_404_naming_the_word(client: FlaskClient) -> None:
    response = client.get("/define?word=serac")
    assert response.status_code == 404
    assert response.json["error"]["code"] == "no_definition"
    assert "'serac'" in response.json["error"]["message"]
    assert response.json["error"]["field"] == "word"


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("", "missing_word"),
        ("?word=", "missing_word"),
        ("?word=c4t", "bad_word"),
        ("?word=" + "a" * 65, "bad_word"),
    ],
)
def test_define_bad_input_is_a_400_naming_the_field(
    client: FlaskClient, query: str, code: str
) -> None:
    response = client.get(f"/define{query}")
    assert response.status_code == 400
    assert response.json["error"]["code"] == code
    assert response.json["error"]["field"] == "word"


# --- The command line ----------------------------------------------------------------


def test_cli_define_prints_lemmas_and_numbered_senses(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["define", "retailers"]) == 0
    assert capsys.readouterr().out == "retailer (noun)\n  1. a merchant who sells goods at retail\n"


def test_cli_define_json_is_what_the_api_answers(
    capsys: pytest.CaptureFixture[str], client: FlaskClient
) -> None:
    assert main(["define", "geese", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == client.get("/define?word=geese").json


def test_cli_define_says_when_there_is_no_definition(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["define", "serac"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "no definition of 'serac'" in captured.err


def test_cli_define_bad_word_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["define", "c4t"]) == 2
    assert capsys.readouterr().err == (
        "error: '4' (character 2) is not a letter a-z; words are letters only\n"
    )


# --- The solver page, drawn by the server ---------------------------------------------


def test_the_page_shows_a_chosen_words_definition_beside_its_path(client: FlaskClient) -> None:
    page = client.get("/?board=sers+patg+line+sers&word=tapers").get_data(as_text=True)
    assert 'data-word="tapers" data-state="defined"' in page
    # WordNet's words are English whatever the page's language, and say so to readers.
    assert '<strong lang="en">taper</strong> <em lang="en">noun</em> (for “tapers”)</p>' in page
    assert "<li>a convex shape that narrows toward a point</li>" in page


def test_the_page_says_when_wordnet_lacks_the_chosen_word(client: FlaskClient) -> None:
    page = client.get("/?board=sers+patg+line+sers&word=elaterin").get_data(as_text=True)
    assert 'data-word="elaterin" data-state="none"' in page
    assert "WordNet has no entry for “elaterin”." in page


def test_the_page_without_a_chosen_word_has_an_empty_hidden_panel(client: FlaskClient) -> None:
    page = client.get("/?board=sers+patg+line+sers").get_data(as_text=True)
    assert '<div id="definition" class="definition" aria-live="polite" hidden></div>' in page
