#!/usr/bin/env python3
"""Rebuild the German, French, Spanish, Italian and Dutch word lists from Debian's.

Usage:
    python3 wordlists/rebuild_languages.py               # rewrite de.txt ... nl.txt and
                                                         # their -display.txt, print counts
    python3 wordlists/rebuild_languages.py --sample 100  # ... and a seeded sample of each
                                                         # (--seed N for another one)
    python3 wordlists/rebuild_languages.py --check       # CI: fail if a committed file is
                                                         # missing or differs from a rebuild

The sources are Debian's `wngerman`, `wfrench`, `wspanish`, `witalian` and `wdutch`
(/usr/share/dict/*), `hunspell-de-de`, whose flags tell German names from nouns, and
`hunspell-es`, expanded through its affix rules by `unmunch` (Debian's
`hunspell-tools`) for Spanish's plurals and verb forms.
Each language's rules are data in languages.py; README.md says why each is what it is.
Standard library only, like rebuild.py, whose helpers this reuses.
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
# wordlists/ is a folder of scripts, not a package: its modules import each other by name.
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from languages import LANGUAGES, Language  # noqa: E402
from rebuild import first_difference, installed_version  # noqa: E402

# The shipped files were built from these packages; another version may give other words.
EXPECTED_VERSIONS = {
    "wngerman": "20161207-11",
    "hunspell-de-de": "20161207-11",
    "wfrench": "1.2.7-2",
    "wspanish": "1.0.30",
    "hunspell-es": "1:7.5.0-1",
    "hunspell-tools": "1.7.1-1",
    "witalian": "1.10",
    "wdutch": "1:2.20.19-2",
}

# The sample printed by --sample is the same on every run and machine.
SAMPLE_SEED = 15

# A capitalised igerman98 entry whose only flag is S (genitive -s) or none takes no plural,
# no compound and no inflection: nearly always a name (Anna/S, Goethe/S, Hans, Google/S).
# Common nouns carry plural or compounding flags (Tisch/EPSTMmij, Straße/Nm). README.md
# gives the sample behind this, and the nouns it costs.
NAME_FLAGS = frozenset("S")
# Abstract nouns take no plural either (Gereiztheit, Autismus); these endings mark them
# as nouns, and no name in the sample ends so.
NOUN_ENDINGS = ("heit", "keit", "ung", "schaft", "tum", "ismus", "enz", "anz", "ität", "ion")

# What every affix of a Spanish class left out of the expansion ends in: the pronouns a
# verb form takes after it (dame, dámelo, cantándoselas). The rebuild checks it, so a
# new release that puts another kind of affix among them fails loudly.
CLITICS = ("me", "te", "se", "nos", "os", "lo", "la", "los", "las", "le", "les")


class RebuildError(Exception):
    """A source list could not be read."""


@dataclass(frozen=True)
class Built:
    """One language's rebuild: its words, display forms and what each filter kept."""

    language: Language
    words: list[str]
    #: The spellings shown for the play words folding changed (été for ete), sorted.
    display: list[str]
    #: (what the step keeps, entries left after it), in order.
    stages: list[tuple[str, int]]


def read_source(path: Path) -> list[str]:
    """The distinct non-empty entries of a Debian word list (UTF-8, one a line)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RebuildError(f"{path} is missing; install its Debian package") from None
    except (OSError, UnicodeDecodeError) as error:
        raise RebuildError(f"cannot read {path}: {error}") from None
    return sorted({line.strip() for line in text.split("\n") if line.strip()})


def read_dic(dic_path: Path) -> dict[str, set[str]]:
    """A Hunspell .dic file's stems, each with the union of its entries' flags."""
    try:
        lines = dic_path.read_text(encoding="utf-8").split("\n")
    except FileNotFoundError:
        raise RebuildError(f"{dic_path} is missing; install hunspell-de-de") from None
    flags: dict[str, set[str]] = {}
    # The first line is the entry count; the rest are "stem/FLAGS" or a bare stem.
    for line in lines[1:]:
        stem, _, stem_flags = line.strip().partition("/")
        if stem:
            flags.setdefault(stem, set()).update(stem_flags)
    return flags


def unmunch_path() -> str:
    """Where Hunspell's unmunch is; RebuildError naming its package if it is not installed."""
    path = shutil.which("unmunch")
    if path is None:
        raise RebuildError("unmunch is missing; install hunspell-tools")
    return path


def affix_classes(aff_path: Path) -> dict[str, list[str]]:
    """A Hunspell .aff file's suffix classes: each flag with what its affixes add."""
    classes: dict[str, list[str]] = {}
    for line in aff_path.read_text(encoding="utf-8").split("\n"):
        fields = line.split()
        # "SFX flag strip add condition": a rule; "SFX flag Y count": a class's header.
        if len(fields) >= 5 and fields[0] == "SFX":
            classes.setdefault(fields[1], []).append(fields[3].split("/")[0])
    return classes


def left_out_flags(language: Language, aff_path: Path) -> frozenset[str]:
    """The flags the expansion leaves out, each checked to attach only pronouns."""
    start = language.expand_leaves_out_from
    if not start:
        return frozenset()
    flags = {flag: adds for flag, adds in affix_classes(aff_path).items() if flag >= start}
    for flag, adds in flags.items():
        others = [add for add in adds if not add.endswith(CLITICS)]
        if others:
            raise RebuildError(
                f"{aff_path}: class {flag} is left out as pronouns after a verb, but it "
                f"also adds {others[:3]}; review expand_leaves_out_from in languages.py"
            )
    return frozenset(flags)


def expand(language: Language) -> list[str]:
    """Every form of the language's Hunspell dictionary, by unmunch, less the left-out flags."""
    dic_path = language.expand_dic
    assert dic_path is not None
    aff_path = dic_path.with_suffix(".aff")
    package = language.expand_package
    try:
        lines = dic_path.read_text(encoding="utf-8").split("\n")
        aff_path.stat()
    except FileNotFoundError as error:
        raise RebuildError(f"{error.filename} is missing; install {package}") from None
    leave_out = left_out_flags(language, aff_path)
    kept = [lines[0]]
    for line in lines[1:]:
        stem, slash, flags = line.partition("/")
        flags = "".join(flag for flag in flags if flag not in leave_out)
        kept.append(f"{stem}/{flags}" if slash and flags else stem)
    with tempfile.TemporaryDirectory(prefix="boggle-unmunch-") as tmp:
        dic = Path(tmp) / dic_path.name
        dic.write_text("\n".join(kept), encoding="utf-8")
        # unmunch prints every form, stems included, one a line; it chatters on stderr.
        result = subprocess.run(
            [unmunch_path(), str(dic), str(aff_path)],
            capture_output=True,
            check=False,
        )
    if result.returncode != 0:
        raise RebuildError(f"unmunch failed on {dic_path} (exit {result.returncode})")
    forms = (line.strip() for line in result.stdout.decode("utf-8").split("\n"))
    return sorted({form for form in forms if form})


def dotted(entries: Iterable[str]) -> frozenset[str]:
    """The entries listed with a final dot, without it: abbreviations (usw., evtl., jan.)."""
    return frozenset(entry[:-1] for entry in entries if entry.endswith("."))


def german_names(dic_path: Path) -> frozenset[str]:
    """The capitalised igerman98 stems that are names: flags at most S, no noun ending."""
    return frozenset(
        stem
        for stem, stem_flags in read_dic(dic_path).items()
        if stem[:1].isupper() and stem_flags <= NAME_FLAGS and not stem.endswith(NOUN_ENDINGS)
    )


def is_german_name(entry: str, names: frozenset[str]) -> bool:
    """Whether a wngerman entry is a name or a name's genitive (Anna, Annas; Berlin, Berlins)."""
    return entry in names or (entry.endswith("s") and entry[:-1] in names)


def fold(entry: str, language: Language) -> str:
    """An entry as it is played: lower case, replacements made, other diacritics dropped."""
    word = entry.lower()
    for old, new in language.replacements:
        word = word.replace(old, new)
    letters = []
    for ch in word:
        if ch in language.kept:
            letters.append(ch)
        else:
            # é -> e + U+0301; the combining mark is dropped, the base letter kept.
            base = unicodedata.normalize("NFD", ch)
            letters.append("".join(c for c in base if not unicodedata.combining(c)))
    return "".join(letters)


def has_qu_only(word: str) -> bool:
    """Whether every q is followed by u, as the Qu face needs (coq, cinq cannot be played)."""
    return all(word[i + 1 : i + 2] == "u" for i, ch in enumerate(word) if ch == "q")


def read_names(path: Path) -> frozenset[str]:
    """A list of names kept beside the rebuild: one a line; '#' starts a comment."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RebuildError(f"{path} is missing; it is part of the repository") from None
    return frozenset(
        line.split("#", 1)[0].strip() for line in text.split("\n") if line.split("#", 1)[0].strip()
    )


def proper_name_test(language: Language) -> Callable[[str], bool]:
    """The test that says an entry is a proper name, in this language's way."""
    listed = read_names(language.names_file) if language.names_file else frozenset()
    if not language.capitalised_nouns:
        # Nouns are written in lower case: a capital marks a name (Paris, Nelis); a
        # source in lower case alone (wspanish) has its names listed (españa, carlos).
        return lambda entry: entry[:1].isupper() or entry in listed
    assert language.hunspell_dic is not None
    names = german_names(language.hunspell_dic) | listed
    return lambda entry: is_german_name(entry, names)


def build(language: Language) -> Built:
    """Read one language's source and apply its rules, counting what each step keeps."""
    entries = read_source(language.source)
    stages = [(f"entries in {language.source}", len(entries))]
    if language.expand_dic is not None:
        entries = sorted(set(entries) | set(expand(language)))
        expanded = f"with the forms of {language.expand_dic} (unmunch; no pronouns after verbs)"
        stages.append((expanded, len(entries)))

    def keep(description: str, test: Callable[[str], bool]) -> None:
        entries[:] = [entry for entry in entries if test(entry)]
        stages.append((description, len(entries)))

    # wngerman drops the final dot of igerman98's abbreviations (usw., evtl.), which its
    # Hunspell form keeps, so the dotted stems there name them. Other sources list some
    # words both ways (Dutch vrij and vrij., French sept and sept.): not a test there.
    abbreviations = (
        dotted(read_dic(language.hunspell_dic)) if language.hunspell_dic else frozenset()
    )
    keep(
        "not an abbreviation (German: dotted in Hunspell's form: usw., evtl., inkl.)",
        lambda entry: entry not in abbreviations,
    )
    keep("letters only (no digits, hyphens, apostrophes, dots, spaces)", str.isalpha)
    keep(
        "no capital after the first letter (abbreviations, brands: ACPI, SuSE, CPUs)",
        lambda entry: entry[1:] == entry[1:].lower(),
    )
    is_name = proper_name_test(language)
    keep("not a proper name", lambda entry: not is_name(entry))
    folded = {entry: fold(entry, language) for entry in entries}
    alphabet = set(language.alphabet)
    keep(
        f"only letters of the alphabet once folded ({language.alphabet})",
        lambda entry: set(folded[entry]) <= alphabet,
    )
    vowels = set(language.vowels)
    keep("has a vowel (drops km, mg, hm)", lambda entry: bool(vowels & set(folded[entry])))
    keep("every q followed by u (the Qu face)", lambda entry: has_qu_only(folded[entry]))
    keep(
        f"{language.shortest_word} to {language.longest_word} letters",
        lambda entry: language.shortest_word <= len(folded[entry]) <= language.longest_word,
    )
    keep("not a known non-word", lambda entry: folded[entry] not in language.not_words)
    # Plain code-point order: the same everywhere, and a-z before the kept letters.
    words = sorted({folded[entry] for entry in entries})
    stages.append(("distinct words once folded (entries that fold alike merge)", len(words)))
    # The spellings of each play word that folding changes, with the plain spelling too
    # where the source has it as well (cote beside côte, coté, côté). The reader folds
    # each line again to find its play word, so the file need not repeat it (half the
    # size for French); a play word with no line is shown as it is.
    changed = {folded[entry] for entry in entries if folded[entry] != entry.lower()}
    display = sorted({entry.lower() for entry in entries if folded[entry] in changed})
    return Built(language, words, display, stages)


def list_bytes(words: Iterable[str]) -> bytes:
    """A word list's file content: one word a line, UTF-8, LF endings, a final newline."""
    return "".join(f"{word}\n" for word in words).encode("utf-8")


def outputs(built: Built) -> dict[str, bytes]:
    """The files one language's rebuild writes, by name."""
    return {
        built.language.filename: list_bytes(built.words),
        built.language.display_filename: list_bytes(built.display),
    }


def build_all(out_dir: Path, languages: Sequence[Language]) -> list[Built]:
    """Write every language's files into out_dir and return what was built."""
    # Build everything before writing anything, so a failed read leaves no half-written set.
    built = [build(language) for language in languages]
    out_dir.mkdir(parents=True, exist_ok=True)
    for one in built:
        for name, data in outputs(one).items():
            (out_dir / name).write_bytes(data)
    return built


def check(out_dir: Path, languages: Sequence[Language]) -> list[str]:
    """Rebuild into a temporary folder; return one message per committed file that differs."""
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="boggle-languages-") as tmp:
        for one in build_all(Path(tmp), languages):
            for name in outputs(one):
                committed = out_dir / name
                rebuilt = (Path(tmp) / name).read_bytes()
                if not committed.is_file():
                    problems.append(f"{committed}: missing")
                elif (current := committed.read_bytes()) != rebuilt:
                    where = first_difference(rebuilt, current)
                    problems.append(f"{committed}: differs at {where}")
    return problems


def name_samples(language: Language, sample: int, seed: int = SAMPLE_SEED) -> str:
    """Seeded samples of the capitalised entries the name test keeps and drops (German)."""
    test = proper_name_test(language)
    capitalised = [
        entry
        for entry in read_source(language.source)
        if entry.isalpha() and entry[:1].isupper() and entry[1:] == entry[1:].lower()
    ]
    lines = []
    for verdict, is_name in (("kept as nouns", False), ("dropped as names", True)):
        group = [entry for entry in capitalised if test(entry) is is_name]
        picked = sorted(random.Random(seed).sample(group, min(sample, len(group))))
        lines.append(f"  capitalised entries {verdict}: {len(group):,}; {' '.join(picked)}")
    return "\n".join(lines)


def describe(built: Built, sample: int, seed: int = SAMPLE_SEED) -> str:
    """A report on one built list: each filter's count, size, longest word, a sample."""
    language = built.language
    version = installed_version(language.package) or "not installed"
    lines = [f"{language.filename} ({language.name}): Debian {language.package} {version}"]
    if language.expand_package:
        expanded = installed_version(language.expand_package) or "not installed"
        tools = installed_version("hunspell-tools") or "not installed"
        lines[0] += f", {language.expand_package} {expanded}, hunspell-tools {tools}"
    before = None
    for description, count in built.stages:
        change = "" if before is None else f"  ({count - before:+,})"
        lines.append(f"  {count:>9,}  {description}{change}")
        before = count
    longest = min(built.words, key=lambda word: (-len(word), word))
    size = len(list_bytes(built.words))
    lines += [
        f"  longest: {longest} ({len(longest)} letters); {size:,} bytes; "
        f"{len(built.display):,} spellings in the display list "
        f"({len(list_bytes(built.display)):,} bytes)",
    ]
    if sample:
        picked = sorted(random.Random(seed).sample(built.words, sample))
        lines.append(f"  sample of {sample} (seed {seed}): {' '.join(picked)}")
        if language.capitalised_nouns:
            lines.append(name_samples(language, sample, seed))
    return "\n".join(lines)


def version_warnings() -> list[str]:
    """One line per source package whose installed version is not the one shipped."""
    warnings = []
    for package, expected in EXPECTED_VERSIONS.items():
        version = installed_version(package)
        if version not in (None, expected):
            warnings.append(
                f"warning: {package} {version} is installed; the shipped lists were built "
                f"from {expected}, so they may differ"
            )
    return warnings


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line's options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out-dir",
        type=Path,
        default=HERE,
        help="where the lists are written, or compared with --check (default: this folder)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="rebuild into a temporary folder and fail if a file in --out-dir differs",
    )
    parser.add_argument(
        "--sample",
        type=int,
        default=0,
        metavar="N",
        help=f"also print N words of each list, picked with seed {SAMPLE_SEED}",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=SAMPLE_SEED,
        help=f"the samples' seed (default: {SAMPLE_SEED}, the one README.md shows)",
    )
    parser.add_argument(
        "--language",
        choices=sorted(LANGUAGES),
        action="append",
        help="only this language (may be repeated; default: all)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Rebuild (or check) the lists; return the process exit status."""
    args = parse_args(argv)
    languages = [LANGUAGES[code] for code in args.language or LANGUAGES]
    for warning in version_warnings():
        print(warning, file=sys.stderr)
    try:
        if args.check:
            problems = check(args.out_dir, languages)
            for problem in problems:
                print(f"error: {problem}", file=sys.stderr)
            if problems:
                print(
                    "the committed language lists do not match a rebuild; run "
                    "`python3 wordlists/rebuild_languages.py` and commit the result",
                    file=sys.stderr,
                )
                return 1
            names = ", ".join(one.filename for one in languages)
            print(f"ok: {names} and their display lists match a rebuild")
            return 0
        built = build_all(args.out_dir, languages)
    except RebuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for one in built:
        print(describe(one, args.sample, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
