"""Tests for the German, French, Spanish, Italian and Dutch lists, their rules, dice and counter."""

import dataclasses
import functools
import importlib.util
import itertools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from reference import reference_words

from benchmarks.language_boards import count_words, neighbours
from boggle.dice import _dice, random_board

WORDLISTS = Path(__file__).resolve().parent.parent / "wordlists"
REBUILD = WORDLISTS / "rebuild_languages.py"
MAKE_DICE = WORDLISTS / "make_dice.py"
# The project's limit for one shipped file.
MAX_BYTES = 8 * 1024 * 1024


def load(path: Path) -> ModuleType:
    """Import a script of wordlists/, which is a folder of scripts, not a package."""
    spec = importlib.util.spec_from_file_location(f"wordlists_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered first: dataclasses look their module up while the class is made.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


rebuild = load(REBUILD)
make_dice = load(MAKE_DICE)
LANGUAGES = rebuild.LANGUAGES
CODES = sorted(LANGUAGES)


def read_lines(name: str) -> list[str]:
    """The lines of a shipped UTF-8 file, which must end with a newline."""
    data = (WORDLISTS / name).read_bytes()
    assert data.endswith(b"\n"), f"{name} does not end with a newline"
    assert b"\r" not in data, f"{name} has CR line endings"
    return data.decode("utf-8").split("\n")[:-1]


def require_sources() -> None:
    """The Debian lists: skipped where absent, a failure when CI demands them."""
    paths = [language.source for language in LANGUAGES.values()]
    paths += [language.hunspell_dic for language in LANGUAGES.values() if language.hunspell_dic]
    paths += [language.expand_dic for language in LANGUAGES.values() if language.expand_dic]
    missing = [str(path) for path in paths if not path.is_file()]
    missing += [] if shutil.which("unmunch") else ["unmunch"]
    if missing:
        message = (
            f"language word lists not found ({', '.join(missing)}); install them: apt-get "
            "install wngerman wfrench wspanish witalian wdutch hunspell-de-de hunspell-es "
            "hunspell-tools"
        )
        if os.environ.get("BOGGLE_REQUIRE_LANGUAGES") == "1":
            pytest.fail(f"BOGGLE_REQUIRE_LANGUAGES=1 but {message}")
        pytest.skip(message)


def run(script: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run a script of wordlists/ as CI does."""
    return subprocess.run(
        [sys.executable, str(script), *args], capture_output=True, text=True, check=False
    )


# The committed files.


@pytest.mark.parametrize("code", CODES)
def test_list_obeys_its_alphabet_and_is_sorted_and_unique(code: str) -> None:
    language = LANGUAGES[code]
    assert (WORDLISTS / language.filename).stat().st_size < MAX_BYTES
    words = read_lines(language.filename)
    assert len(words) > 50_000
    alphabet = set(language.alphabet)
    bad = [w for w in words if not set(w) <= alphabet or not 3 <= len(w) <= 64]
    assert not bad, f"{language.filename}: outside {language.alphabet} or 3..64: {bad[:10]}"
    unsorted = [(a, b) for a, b in itertools.pairwise(words) if a >= b]
    assert not unsorted, f"{language.filename} not sorted and unique: {unsorted[:5]}"
    assert not [w for w in words if not rebuild.has_qu_only(w)]
    assert not language.not_words & set(words)


@pytest.mark.parametrize(
    ("code", "present", "absent"),
    [
        # Nouns lower-cased, umlauts kept, ß as ss; names, places and abbreviations out;
        # every inflection in (igerman98's Hunspell expansion).
        (
            "de",
            [
                "mädchen",
                "strasse",
                "haus",
                "tisch",
                "ging",
                "gingen",
                "gegangen",
                "häuser",
                "kindern",
                "schönsten",
                "läufst",
                "essen",
                "polen",
                "berliner",
                "münster",
            ],
            [
                "anna",
                "goethe",
                "acpi",
                "straße",
                "usw",
                "inkl",
                "bzw",
                "berlin",
                "münchen",
                "köln",
                "deutschland",
                "frankreich",
                "europa",
                "london",
                "wien",
                "moskau",
                "japan",
                "rhein",
                "donau",
                "berlins",
                "europas",
            ],
        ),
        # Accents folded; coq cannot be played with the Qu face; aujourd'hui has an
        # apostrophe; every verb form in; places out.
        (
            "fr",
            [
                "ete",
                "eleve",
                "quatre",
                "cinquante",
                "sept",
                "chantions",
                "finissons",
                "mangeames",
                "allions",
                "irons",
                "fimes",
                "chevaux",
                "vinrent",
            ],
            [
                "été",
                "coq",
                "cinq",
                "aujourdhui",
                "dec",
                "allemagne",
                "bruxelles",
                "moscou",
                "france",
            ],
        ),
        # ñ kept, other accents folded; multi is a prefix, not a word; plurals and every
        # verb form in (hunspell-es expanded), names out, pronouns after a verb out.
        (
            "es",
            [
                "año",
                "niño",
                "cancion",
                "pinguino",
                "casas",
                "perros",
                "libros",
                "grandes",
                "verdes",
                "hablamos",
                "tengo",
                "fue",
                "dijo",
                "puede",
                "cantaban",
                "asociacion",
                "costilla",
                "monzon",
            ],
            [
                "multi",
                "pseudo",
                "canción",
                "españa",
                "francia",
                "europa",
                "carlos",
                "madrid",
                "alemania",
                "moscu",
                "cantandoselas",
                "abstraedsela",
            ],
        ),
        (
            "it",
            [
                "citta",
                "casa",
                "cantavamo",
                "parlarono",
                "case",
                "libri",
                "andiamo",
                "fecero",
                "dissero",
                "vado",
                "cantero",
                "cantassero",
            ],
            ["città", "roma", "faq", "soqquadro", "milano", "germania", "londra"],
        ),
        # één folds to een; names, abbreviations, plurals with apostrophes out.
        (
            "nl",
            [
                "huis",
                "ijs",
                "een",
                "ideeen",
                "cafe",
                "vrij",
                "liep",
                "liepen",
                "gelopen",
                "zwommen",
                "fietste",
                "fietsten",
                "huizen",
                "kinderen",
                "gaat",
            ],
            [
                "nelis",
                "dna",
                "km",
                "autos",
                "okt",
                "ont",
                "amsterdam",
                "duitsland",
                "londen",
                "parijs",
                "moskou",
            ],
        ),
    ],
)
def test_known_words_are_in_or_out(code: str, present: list[str], absent: list[str]) -> None:
    words = set(read_lines(LANGUAGES[code].filename))
    assert [w for w in present if w not in words] == []
    assert [w for w in absent if w in words] == []


@pytest.mark.parametrize("code", CODES)
def test_display_list_folds_to_the_list(code: str) -> None:
    language = LANGUAGES[code]
    words = set(read_lines(language.filename))
    shown = read_lines(language.display_filename)
    assert shown == sorted(set(shown))
    strays = [s for s in shown if rebuild.fold(s, language) not in words]
    assert not strays, f"{language.display_filename}: no play word for {strays[:10]}"
    # Every line belongs to a play word that folding changed (so one line at least differs).
    changed = {rebuild.fold(s, language) for s in shown if rebuild.fold(s, language) != s}
    assert {rebuild.fold(s, language) for s in shown} == changed


def test_display_list_keeps_every_spelling_of_a_folded_word() -> None:
    shown = set(read_lines("fr-display.txt"))
    # cote, côte, coté and côté are four French words, one play word.
    assert {"cote", "côte", "coté", "côté"} <= shown
    assert "été" in shown and "ete" not in shown  # "ete" alone is not French
    assert "straße" in set(read_lines("de-display.txt"))


# The rules, on values worked by hand.


@pytest.mark.parametrize(
    ("code", "entry", "played"),
    [
        ("de", "Straße", "strasse"),
        ("de", "Mädchen", "mädchen"),
        ("de", "Café", "cafe"),
        ("fr", "Élève", "eleve"),
        ("fr", "garçon", "garcon"),
        ("es", "Año", "año"),
        ("es", "pingüino", "pinguino"),
        ("it", "città", "citta"),
        ("nl", "ideeën", "ideeen"),
    ],
)
def test_fold_plays_each_entry_as_its_players_do(code: str, entry: str, played: str) -> None:
    assert rebuild.fold(entry, LANGUAGES[code]) == played


def test_qu_rule() -> None:
    assert rebuild.has_qu_only("quoi") and rebuild.has_qu_only("piqure")
    assert not rebuild.has_qu_only("coq") and not rebuild.has_qu_only("soqquadro")


def test_german_names_are_told_by_their_flags(tmp_path: Path) -> None:
    dic = tmp_path / "de.dic"
    dic.write_text(
        "6\nAnna/S\nHans\nTisch/EPSTMmij\nGereiztheit\nBerlin/Sm\nACPI\n", encoding="utf-8"
    )
    names = rebuild.german_names(dic)
    # Anna and Hans take no plural and no compound; Gereiztheit does not either but ends
    # as abstract nouns do; Berlin carries noun flags and is not caught by them (the list of
    # places catches it, README.md says so).
    assert names == {"Anna", "Hans", "ACPI"}
    assert rebuild.is_german_name("Annas", names)
    assert not rebuild.is_german_name("Tisches", names)


def test_listed_places_and_their_genitives_are_german_names(tmp_path: Path) -> None:
    dic = tmp_path / "de.dic"
    dic.write_text("3\nBerlin/Sm\nÄrger/Sm\nAnna/S\n", encoding="utf-8")
    places = tmp_path / "places.txt"
    places.write_text("# a comment\nBerlin  # the capital\n\n", encoding="utf-8")
    language = dataclasses.replace(LANGUAGES["de"], hunspell_dic=dic, names_file=places)
    is_name = rebuild.proper_name_test(language)
    assert [is_name(e) for e in ("Berlin", "Berlins", "Anna", "Ärger", "Ärgers")] == [
        True,
        True,
        True,
        False,
        False,
    ]


def test_listed_names_are_names_in_a_list_without_capitals(tmp_path: Path) -> None:
    names = tmp_path / "names.txt"
    names.write_text("españa\n", encoding="utf-8")
    language = dataclasses.replace(LANGUAGES["es"], names_file=names)
    is_name = rebuild.proper_name_test(language)
    assert [is_name(e) for e in ("españa", "España", "español")] == [True, True, False]


def test_every_listed_name_is_spelt_as_its_source_spells_it() -> None:
    # A name the source does not hold as written (a typo, a missing accent) removes nothing.
    # Whether the names are gone is the probes' test above: a name's folded spelling may
    # also be a word's (Spanish coran, they cure; Corán is the name).
    require_sources()
    for language in LANGUAGES.values():
        if language.names_file is None:
            continue
        listed = rebuild.read_names(language.names_file)
        source = set(rebuild.read_source(language.source))
        assert sorted(listed - source) == [], f"{language.names_file.name}: not in the source"


def test_expansion_leaves_out_only_classes_of_pronouns(tmp_path: Path) -> None:
    aff = tmp_path / "es.aff"
    aff.write_text(
        "SET UTF-8\nFLAG UTF-8\nSFX R Y 2\nSFX R ar o ar\nSFX R ar as ar\n"
        "SFX À Y 2\nSFX À 0 la r\nSFX À 0 los r\n",
        encoding="utf-8",
    )
    language = LANGUAGES["es"]
    assert rebuild.left_out_flags(language, aff) == {"À"}
    aff.write_text(aff.read_text(encoding="utf-8") + "SFX Á Y 1\nSFX Á ar ado ar\n")
    with pytest.raises(rebuild.RebuildError, match=r"class Á .* also adds \['ado'\]"):
        rebuild.left_out_flags(language, aff)


def test_expansion_gives_the_forms_of_a_stem(tmp_path: Path) -> None:
    if shutil.which("unmunch") is None:
        require_sources()
        pytest.skip("unmunch is not installed")
    aff = tmp_path / "es.aff"
    aff.write_text(
        "SET UTF-8\nFLAG UTF-8\nSFX S Y 1\nSFX S 0 s [aeiou]\n"
        "SFX À Y 1\nSFX À 0 lo r\nSFX R Y 1\nSFX R ar amos ar\n",
        encoding="utf-8",
    )
    dic = tmp_path / "es.dic"
    dic.write_text("2\ncasa/S\ncantar/RÀ\n", encoding="utf-8")
    language = dataclasses.replace(LANGUAGES["es"], expand_dic=dic)
    # The plural and the verb form; cantarlo (a pronoun after the verb) is left out.
    assert rebuild.expand(language) == ["cantamos", "cantar", "casa", "casas"]


def test_dotted_entries_name_abbreviations() -> None:
    assert rebuild.dotted(["usw.", "Haus", "inkl.", "."]) == {"usw", "inkl", ""}


def test_a_missing_source_is_an_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(rebuild.RebuildError, match="install its Debian package"):
        rebuild.read_source(tmp_path / "nowhere")


# The rebuild, as CI runs it.


def test_check_passes_on_the_committed_files() -> None:
    require_sources()
    result = run(REBUILD, "--check")
    assert result.returncode == 0, result.stderr


def test_check_fails_on_a_stale_or_missing_file(tmp_path: Path) -> None:
    require_sources()
    for name in ("es.txt", "es-display.txt"):
        shutil.copy(WORDLISTS / name, tmp_path)
    assert run(REBUILD, "--check", "--language", "es", "--out-dir", str(tmp_path)).returncode == 0
    stale = tmp_path / "es.txt"
    stale.write_bytes(stale.read_bytes().replace("\naño\n".encode(), b"\n"))
    result = run(REBUILD, "--check", "--language", "es", "--out-dir", str(tmp_path))
    assert result.returncode == 1 and "es.txt: differs at line " in result.stderr
    (tmp_path / "es-display.txt").unlink()
    result = run(REBUILD, "--check", "--language", "es", "--out-dir", str(tmp_path))
    assert f"error: {tmp_path / 'es-display.txt'}: missing" in result.stderr.splitlines()


# The dice.


DICE = json.loads((WORDLISTS / make_dice.OUTPUT).read_text(encoding="utf-8"))


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize(("suffix", "size"), [("", 4), ("-big", 5)])
def test_dice_are_well_formed(code: str, suffix: str, size: int) -> None:
    language = LANGUAGES[code]
    spec = DICE[code + suffix]
    assert (spec["name"], spec["rows"], spec["cols"]) == (code + suffix, size, size)
    # Read by the engine's own dice reader, as a ruleset will read them.
    dice = _dice(spec["dice"])
    assert len(dice) == size * size and all(len(die) == 6 for die in dice)
    faces = {face for die in dice for face in die}
    wanted = set(make_dice.kept_faces(list_words(code), language))
    assert faces == wanted, f"{code + suffix}: faces {sorted(faces ^ wanted)} differ"


@functools.cache
def list_words(code: str) -> list[str]:
    """A shipped list's words, read once for the tests that count its letters."""
    return read_lines(LANGUAGES[code].filename)


@functools.cache
def letter_shares(code: str) -> dict[str, float]:
    """Each face's share of the letters the words are spelt with, counted plainly here
    (not by make_dice.py): a letter a letter, and qu (the face) where q is."""
    counts: dict[str, int] = {}
    for word in list_words(code):
        for i, ch in enumerate(word):
            if ch == "u" and word[i - 1 : i] == "q":
                continue  # the u of qu is on the Qu face
            face = "qu" if ch == "q" else ch
            counts[face] = counts.get(face, 0) + 1
    total = sum(counts.values())
    return {face: count / total for face, count in counts.items()}


@pytest.mark.parametrize("name", sorted(DICE))
def test_no_face_is_rarer_than_half_a_percent_of_the_list_s_letters(name: str) -> None:
    # No published set is documented for these languages (README.md, "Dice"), so no
    # face is kept for its own sake: each one's letters are at least 0.5% of its list's.
    shares = letter_shares(name.removesuffix("-big"))
    faces = {face for die in _dice(DICE[name]["dice"]) for face in die}
    rare = {
        face: round(shares.get(face, 0) * 100, 3) for face in faces if shares.get(face, 0) < 0.005
    }
    assert rare == {}, f"{name}: faces rarer than 0.5% of the list's letters: {rare}"


@pytest.mark.parametrize(
    ("code", "dead"),
    [
        # The faces issue 30 found dead on most boards, by the list's letters.
        ("de", {"j", "x", "y", "qu"}),
        ("fr", {"k", "w"}),
        ("es", {"k", "w"}),
        ("it", {"j", "k", "w", "x", "y"}),
        ("nl", {"x", "qu"}),
    ],
)
def test_the_rare_letters_have_no_face(code: str, dead: set[str]) -> None:
    for name in (code, f"{code}-big"):
        faces = {face for die in _dice(DICE[name]["dice"]) for face in die}
        assert not faces & dead, f"{name}: {sorted(faces & dead)}"


def test_dice_file_is_reproducible() -> None:
    result = run(MAKE_DICE, "--check")
    assert result.returncode == 0, result.stderr


def test_apportion_shares_in_proportion_with_one_each() -> None:
    # 10 faces: one each, then 8 shared 3:1 -> 6 and 2.
    assert make_dice.apportion({"a": 3.0, "b": 1.0}, 10) == {"a": 7, "b": 3}
    # 7 faces: one each, then 5 shared 1:1 -> 2.5 each; the tie goes to the first face.
    assert make_dice.apportion({"b": 1.0, "a": 1.0}, 7) == {"a": 4, "b": 3}


def test_deal_spreads_a_face_over_different_dice() -> None:
    dice = make_dice.deal({"e": 3, "a": 2, "x": 1}, 3)
    assert dice == [["e", "a"], ["e", "a"], ["e", "x"]]


def test_faces_of_takes_multi_letter_faces() -> None:
    # Dutch IJ is two letters, two faces, as in every other language.
    assert make_dice.faces_of("quijs", LANGUAGES["nl"]) == ["qu", "i", "j", "s"]
    assert make_dice.faces_of("quijs", LANGUAGES["fr"]) == ["qu", "i", "j", "s"]


# The benchmark's plain counter, whose counts benchmarks/README.md reports.


def test_benchmark_counter_agrees_with_the_reference_search() -> None:
    words = sorted(read_lines("standard.txt"))
    for seed in range(10):
        board, _ = random_board("new", seed=seed)
        adjacent = neighbours(board.rows, board.cols)
        expected = len(reference_words(board, words, 3))
        assert count_words(board.faces, adjacent, words) == expected, f"seed {seed}"


def test_benchmark_counter_reads_letters_beyond_a_to_z() -> None:
    # 1x7: m ä d c h e n. mäd, chen and mädchen run along the row; den does not (d and e
    # are not neighbours); dä is too short.
    faces = ["m", "ä", "d", "c", "h", "e", "n"]
    words = sorted(["chen", "den", "dä", "mäd", "mädchen"])
    assert count_words(faces, neighbours(1, 7), words) == 3
