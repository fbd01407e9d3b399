#!/usr/bin/env python3
"""Rebuild the shipped definitions file from WordNet 3.0 (Debian's wordnet-base).

Usage:
    python3 wordlists/rebuild_definitions.py            # rewrite definitions.txt, print coverage
    python3 wordlists/rebuild_definitions.py --check    # CI: fail if definitions.txt is stale
    python3 wordlists/rebuild_definitions.py --gaps 40  # ... and list words left undefined

WordNet comes from Debian's `wordnet-base` package (`apt-get install wordnet-base`),
which installs it under /usr/share/wordnet. The file's layout is described in
boggle/definitions.py, which reads it; README.md beside this file says what is kept
and why, and gives the coverage this script prints. Standard library only, plus the
project's own boggle package for the reading and the morphology.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the boggle package, when run as a script
sys.path.insert(0, str(HERE))  # rebuild.py beside it, which reads dpkg's list

from rebuild import DPKG_STATUS, installed_version  # noqa: E402 - after the path is set

from boggle.definitions import (  # noqa: E402 - after the path is set
    FORMAT,
    HEADER_WIDTH,
    POS_CODES,
    Definitions,
)

DEFAULT_WORDNET_DIR = Path("/usr/share/wordnet")
OUTPUT_NAME = "definitions.txt"

# The shipped file was built from this package; another version may give other bytes.
EXPECTED_WORDNET_VERSION = "1:3.0-37"

# WordNet's file names for each part of speech.
FILE_NAMES = {"noun": "noun", "verb": "verb", "adj": "adj", "adv": "adv"}

# Senses kept per lemma and part of speech, most frequent first (WordNet's index order).
# Three settle "is that a word?" and keep the file under the project's 8 MiB per file;
# "run" has 41 verb senses, most of them refinements of the first few.
MAX_SENSES = 3

# Only lemmas that Boggle can spell: lower-case letters, no spaces, hyphens or digits.
LETTERS = re.compile(r"[a-z]+")

# WordNet's pointer from a named thing to its class ("Paris" is an instance of a
# national capital): such synsets are proper nouns.
INSTANCE_OF = "@i"

# A gloss is a definition, then examples in double quotes: 'fast; "a fast car"'.
FIRST_EXAMPLE = re.compile(r';\s*"')
QUOTED = re.compile(r'"([^"]*)"')

COVERAGE_TARGETS = {"common": 0.93, "standard": 0.78}
WORD_LISTS = ("common", "standard", "large")


class RebuildError(Exception):
    """WordNet's files could not be read."""


@dataclass(frozen=True)
class Synset:
    """A WordNet synset as far as the file needs it: its gloss, and whether it names one thing."""

    gloss: str
    instance: bool


def read_lines(path: Path) -> Iterable[str]:
    """A WordNet file's lines, without the licence header (lines starting with spaces)."""
    if not path.is_file():
        raise RebuildError(
            f"no WordNet file {path}; install WordNet with `apt-get install wordnet-base` "
            "or pass --wordnet-dir"
        )
    with path.open(encoding="utf-8") as file:
        for line in file:
            if not line.startswith("  "):
                yield line.rstrip("\n")


def read_synsets(wordnet_dir: Path, pos: str) -> dict[str, Synset]:
    """The synsets of one part of speech's data file, by their byte offset."""
    synsets = {}
    for line in read_lines(wordnet_dir / f"data.{FILE_NAMES[pos]}"):
        head, _, gloss = line.partition(" | ")
        fields = head.split()
        pointers_at = 4 + 2 * int(fields[3], 16)
        # Each pointer is four fields (symbol, offset, part of speech, source/target).
        symbols = fields[pointers_at + 1 : pointers_at + 1 + 4 * int(fields[pointers_at]) : 4]
        synsets[fields[0]] = Synset(gloss.strip(), INSTANCE_OF in symbols)
    return synsets


def split_gloss(gloss: str, lemma: str) -> tuple[str, str]:
    """A gloss's definition and an example ("" if it has none) for one of its lemmas.

    A synset's examples are shared by its synonyms: "hope" and "trust" have the same
    first example ("I trust you will behave better"). The first example that uses the
    lemma is chosen ("I hope she understands..."), else the first one.
    """
    match = FIRST_EXAMPLE.search(gloss)
    if match is None:
        return gloss.strip().rstrip(";").strip(), ""
    examples = [example.strip() for example in QUOTED.findall(gloss[match.start() :])]
    using = [example for example in examples if lemma in example.lower()]
    return gloss[: match.start()].strip(), next(iter(using or examples), "")


def read_senses(wordnet_dir: Path, pos: str) -> dict[str, list[tuple[str, str]]]:
    """Each letters-only lemma's first senses in one part of speech: (definition, example).

    Senses that name one thing (WordNet's instances) are left out: "china" keeps the
    porcelain and drops the country, "paris" keeps the herb Paris and drops the city.
    Boggle takes no proper nouns, so their senses would answer a question nobody asked.
    Capitalised words that are not names stay ("mullah", "noel": Christmas).
    """
    synsets = read_synsets(wordnet_dir, pos)
    senses = {}
    for line in read_lines(wordnet_dir / f"index.{FILE_NAMES[pos]}"):
        fields = line.split()
        lemma = fields[0]
        if not LETTERS.fullmatch(lemma):
            continue
        offsets = fields[-int(fields[2]) :]
        kept = [split_gloss(synsets[o].gloss, lemma) for o in offsets if not synsets[o].instance]
        if kept:
            senses[lemma] = kept[:MAX_SENSES]
    return senses


def read_exceptions(wordnet_dir: Path, pos: str) -> dict[str, list[str]]:
    """One part of speech's exception list: inflected form -> bases, letters-only forms."""
    exceptions = {}
    for line in read_lines(wordnet_dir / f"{FILE_NAMES[pos]}.exc"):
        form, *bases = line.split()
        if LETTERS.fullmatch(form):
            # Bases with spaces or hyphens can never be a Boggle lemma; the form stays
            # listed even if none is left, since a listed form is never detached by rule.
            exceptions[form] = [base for base in bases if LETTERS.fullmatch(base)]
    return exceptions


def build_bytes(wordnet_dir: Path) -> bytes:
    """The definitions file's content, the same bytes for the same WordNet files."""
    senses = {pos: read_senses(wordnet_dir, pos) for pos in POS_CODES}
    exceptions = {pos: read_exceptions(wordnet_dir, pos) for pos in POS_CODES}

    words = sorted(
        {word for by_word in senses.values() for word in by_word}
        | {word for by_word in exceptions.values() for word in by_word}
    )
    # The senses section, each distinct line once (synonyms share their synset's line),
    # in the order the index first needs them.
    offsets: dict[str, int] = {}
    sense_lines: list[bytes] = []
    position = HEADER_WIDTH
    index_lines = []
    for word in words:
        fields = []
        for pos, code in POS_CODES.items():
            if word in senses[pos]:
                refs = []
                for definition, example in senses[pos][word]:
                    text = f"{definition}\t{example}" if example else definition
                    if text not in offsets:
                        offsets[text] = position
                        line = f"{text}\n".encode()
                        sense_lines.append(line)
                        position += len(line)
                    refs.append(to_base36(offsets[text]))
                fields.append(f"{code}={','.join(refs)}")
            if word in exceptions[pos]:
                fields.append(f"{code}<{','.join(exceptions[pos][word])}")
        index_lines.append(("\t".join([word, *fields]) + "\n").encode())
    return header(position) + b"".join(sense_lines) + b"".join(index_lines)


def header(index_start: int) -> bytes:
    """The fixed-width first line: the format and where the index starts."""
    text = f"{FORMAT} WordNet 3.0 index at byte {index_start:010d}"
    return text.ljust(HEADER_WIDTH - 1).encode() + b"\n"


def to_base36(number: int) -> str:
    """A byte offset, written short."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = digits[digit] + text
        if not number:
            return text


def installed_wordnet_version(status_file: Path = DPKG_STATUS) -> str | None:
    """The version of Debian's wordnet-base package that dpkg lists as installed, if any."""
    return installed_version("wordnet-base", status_file)


def first_difference(rebuilt: bytes, committed: bytes) -> str:
    """Where the committed file first differs from its rebuild, naming the line."""
    rebuilt_lines = rebuilt.decode("utf-8", errors="replace").split("\n")
    committed_lines = committed.decode("utf-8", errors="replace").split("\n")
    for number, (want, got) in enumerate(zip(rebuilt_lines, committed_lines, strict=False), 1):
        if want != got:
            return f"line {number}: rebuilt {want[:80]!r}, committed {got[:80]!r}"
    number = min(len(rebuilt_lines), len(committed_lines)) + 1
    shorter = "committed" if len(rebuilt_lines) > len(committed_lines) else "rebuilt"
    return f"line {number}: the {shorter} file ends first"


def coverage_report(path: Path, gaps: int) -> tuple[str, bool]:
    """The share of each shipped list's words with a definition, and whether targets are met."""
    definitions = Definitions(path)
    lines, met = [], True
    for name in WORD_LISTS:
        words = (HERE / f"{name}.txt").read_text(encoding="ascii").split()
        missing = [word for word in words if not definitions.has_entry(word)]
        share = 1 - len(missing) / len(words)
        target = COVERAGE_TARGETS.get(name)
        note = f" (target {target:.0%})" if target is not None else ""
        if target is not None and share < target:
            met = False
            note += " NOT MET"
        lines.append(
            f"{name}.txt: {len(words) - len(missing):,} of {len(words):,} words defined "
            f"({share:.1%}){note}"
        )
        if gaps:
            sample = sorted(random.Random(name).sample(missing, min(gaps, len(missing))))
            lines.append(f"  e.g. undefined: {' '.join(sample)}")
    definitions.close()
    return "\n".join(lines), met


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line's options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--wordnet-dir",
        type=Path,
        default=DEFAULT_WORDNET_DIR,
        help=f"folder of WordNet's dict files (default: {DEFAULT_WORDNET_DIR})",
    )
    parser.add_argument(
        "--out-dir",
        type=Path,
        default=HERE,
        help="where definitions.txt is written, or compared with --check (default: here)",
    )
    parser.add_argument(
        "--check", action="store_true", help="rebuild and compare; exit 1 if the file is stale"
    )
    parser.add_argument(
        "--gaps", type=int, default=0, metavar="N", help="list N undefined words of each list"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Rebuild (or check) the definitions file; return the exit status."""
    args = parse_args(argv)
    installed = installed_wordnet_version()
    if installed is not None and installed != EXPECTED_WORDNET_VERSION:
        print(
            f"warning: wordnet-base {installed} is installed; the shipped file was built "
            f"from {EXPECTED_WORDNET_VERSION}",
            file=sys.stderr,
        )
    try:
        data = build_bytes(args.wordnet_dir)
    except RebuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    target = args.out_dir / OUTPUT_NAME
    if args.check:
        if not target.is_file():
            print(f"{target}: missing", file=sys.stderr)
            return 1
        committed = target.read_bytes()
        if committed != data:
            print(f"{target}: differs at {first_difference(data, committed)}", file=sys.stderr)
            return 1
        print(f"{target}: up to date ({len(data):,} bytes)")
        return 0
    args.out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=args.out_dir, delete=False) as file:
        file.write(data)
    Path(file.name).replace(target)  # atomically: a running server never sees half a file
    print(f"WordNet: {args.wordnet_dir} (Debian wordnet-base {installed}); wrote {target}")
    lines = data.count(b"\n") - 1
    print(f"  {len(data):,} bytes, {lines:,} lines after the header")
    report, met = coverage_report(target, args.gaps)
    print(report)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
