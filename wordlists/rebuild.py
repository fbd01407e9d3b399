#!/usr/bin/env python3
"""Rebuild the shipped Boggle word lists from Debian's SCOWL word lists.

Usage:
    python3 wordlists/rebuild.py                      # rewrite common/standard/large.txt
    python3 wordlists/rebuild.py --enable ENABLE.txt  # ... and report ENABLE2K coverage
    python3 wordlists/rebuild.py --check              # CI: fail if the committed lists are stale
    python3 wordlists/rebuild.py --enable ENABLE.txt --by-category  # evidence for the choices

The SCOWL lists come from Debian's `scowl` package (`apt-get install scowl`), which
installs them under /usr/share/dict/scowl. See README.md beside this file for which
files are used and why. Standard library only, so it runs wherever Python does.
"""

import argparse
import re
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

DEFAULT_SCOWL_DIR = Path("/usr/share/dict/scowl")
HERE = Path(__file__).resolve().parent

# The shipped files were built from this package; another version may give other words.
EXPECTED_SCOWL_VERSION = "2020.12.07-2"
DPKG_STATUS = Path("/var/lib/dpkg/status")

# SCOWL's size levels, smallest (most common words) first.
SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)

# Spelling categories read. "english" holds the words spelt the same everywhere, the others
# each region's own spellings (color in american; colour in british, british_z and canadian).
# Boggle is played on both sides of the Atlantic, so a word spelt right in any of these is
# accepted. british is the -ise spelling (realise), british_z the Oxford -ize one: together
# they hold both. Much of what british adds is missing from ENABLE2K only because that is an
# American list. "australian" is left out: beyond the spellings the others already give, it
# adds mostly regional slang (afto, onya, enzed). README.md has the figures.
SPELLINGS = ("english", "american", "british", "british_z", "canadian")

# Variant spellings. Levels 1 and 2 hold variants that SCOWL calls "generally considered
# acceptable": donut, despatch, analogs, numskulls, and British ones like gaol, waggon and
# kilogramme. Close to 90% of what variant_1 and variant_2 add is in ENABLE2K. Level 3 is
# "seldom used and may not even be considered correct" (millionnaire, unglamourous), so it
# is left out, and with it little of ENABLE2K (121 words at size 70).
VARIANTS = (
    "variant_1",
    "variant_2",
    "british_variant_1",
    "british_variant_2",
    "canadian_variant_1",
    "canadian_variant_2",
)

# Measured by --by-category for comparison, never shipped.
LEFT_OUT = ("australian", "australian_variant_1", "australian_variant_2", "variant_3")

# Only the "words" sub-category is ever read: "upper" and "proper-names" hold capitalised
# names, "abbreviations" and "contractions" what their names say, none of it playable. The
# special-hacker and special-roman-numerals lists are not read either.
SUBCATEGORY = "words"

# What Boggle accepts: plain lower-case letters, at least three of them. This one test also
# drops possessives ('s), hyphenated, accented and mixed-case entries (pH, eBook).
PLAYABLE = re.compile(r"[a-z]{3,}")

# Abbreviations that SCOWL files among ordinary "words" (trigonometric and hyperbolic function
# names, units). ENABLE2K has none of these; the ones it does accept (sinh, cosec) stay.
NOT_WORDS = frozenset(
    {"aeq", "cosech", "coth", "csc", "csch", "dkl", "hhd", "kcal", "psia", "psid", "sech", "tanh"}
)

# A q not followed by u cannot be spelt with Boggle's single "Qu" face.
Q_WITHOUT_U = re.compile(r"q(?!u)")


@dataclass(frozen=True)
class WordList:
    """One shipped list: its file name and the largest SCOWL size level it takes."""

    name: str
    max_size: int
    summary: str

    @property
    def filename(self) -> str:
        """The list's file name, e.g. standard.txt."""
        return f"{self.name}.txt"


WORD_LISTS = (
    WordList("common", 50, "words most people know"),
    WordList("standard", 70, "what a good desk dictionary holds (the default)"),
    WordList("large", 80, "close to Scrabble-style lists"),
)


class RebuildError(Exception):
    """The SCOWL lists could not be read."""


def category_files(scowl_dir: Path, category: str, max_size: int) -> list[Path]:
    """One spelling category's SCOWL files up to the given size level, smallest first."""
    if not (scowl_dir / f"english-{SUBCATEGORY}.10").is_file():
        raise RebuildError(
            f"no SCOWL word lists in {scowl_dir} (expected english-words.10 there); "
            "install them with `apt-get install scowl` or pass --scowl-dir"
        )
    # Not every category needs a file at every level, so missing ones are skipped.
    candidates = (
        scowl_dir / f"{category}-{SUBCATEGORY}.{size}" for size in SIZES if size <= max_size
    )
    return [path for path in candidates if path.is_file()]


def source_files(scowl_dir: Path, max_size: int) -> list[Path]:
    """The SCOWL files that make up the list of the given size level, in a fixed order."""
    return [
        path
        for category in SPELLINGS + VARIANTS
        for path in category_files(scowl_dir, category, max_size)
    ]


def read_entries(path: Path) -> list[str]:
    """Every entry of one SCOWL file, decoded from UTF-8 or, failing that, ISO-8859-1."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        # Upstream SCOWL (and Debian's package before 2019.10.06) is ISO-8859-1; any
        # entry with a non-ASCII letter is rejected anyway, so this only has to not fail.
        text = data.decode("iso-8859-1")
    return [line.strip() for line in text.split("\n") if line.strip()]


def is_playable(entry: str) -> bool:
    """Whether a dictionary entry can be a Boggle word: 3+ letters a-z, not an abbreviation."""
    return PLAYABLE.fullmatch(entry) is not None and entry not in NOT_WORDS


def playable_words(paths: Iterable[Path]) -> set[str]:
    """The playable words found in the given SCOWL files."""
    return {entry for path in paths for entry in read_entries(path) if is_playable(entry)}


def build_words(scowl_dir: Path, max_size: int) -> list[str]:
    """The sorted, unique playable words of SCOWL up to the given size level."""
    # Plain code-point order on ASCII strings: the same everywhere, whatever the locale.
    return sorted(playable_words(source_files(scowl_dir, max_size)))


def list_bytes(words: Iterable[str]) -> bytes:
    """A word list's file content: one word a line, LF endings, a final newline."""
    return "".join(f"{word}\n" for word in words).encode("ascii")


def build_all(scowl_dir: Path, out_dir: Path) -> dict[WordList, list[str]]:
    """Write every shipped list into out_dir and return the words of each."""
    # Build everything before writing anything, so a failed read leaves no half-written set.
    built = {word_list: build_words(scowl_dir, word_list.max_size) for word_list in WORD_LISTS}
    out_dir.mkdir(parents=True, exist_ok=True)
    for word_list, words in built.items():
        # write_bytes, not write_text: no newline translation on any platform.
        (out_dir / word_list.filename).write_bytes(list_bytes(words))
    return built


def installed_version(package: str, status_file: Path = DPKG_STATUS) -> str | None:
    """The version of a Debian package that dpkg lists as installed, if any."""
    try:
        text = status_file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    for stanza in text.split("\n\n"):
        fields = dict(
            line.split(": ", 1) for line in stanza.splitlines() if ": " in line and line[0] != " "
        )
        if fields.get("Package") == package and fields.get("Status", "").endswith(" installed"):
            return fields.get("Version")
    return None


def installed_scowl_version(status_file: Path = DPKG_STATUS) -> str | None:
    """The version of Debian's scowl package that dpkg lists as installed, if any."""
    return installed_version("scowl", status_file)


def read_enable(path: Path) -> set[str]:
    """The words of an ENABLE2K-style list (one a line, any line ending)."""
    return {line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}


def longest_word(words: Sequence[str]) -> str:
    """The longest word, the alphabetically first one if several tie."""
    return min(words, key=lambda word: (-len(word), word))


def describe(word_list: WordList, words: Sequence[str], enable: set[str] | None) -> str:
    """A short report on one built list: size, longest word and ENABLE2K coverage."""
    longest = longest_word(words)
    no_qu = sum(1 for word in words if Q_WITHOUT_U.search(word))
    lines = [
        f"{word_list.filename}: SCOWL sizes <= {word_list.max_size}, {word_list.summary}",
        f"  words:       {len(words):,}",
        f"  longest:     {longest} ({len(longest)} letters)",
        f"  q without u: {no_qu:,} (cannot be played with the Qu cube)",
    ]
    if enable is not None:
        present = enable.intersection(words)
        enable3 = {word for word in enable if len(word) >= 3}
        present3 = enable3.intersection(words)
        lines += [
            f"  ENABLE2K:    covers {len(present):,} of its {len(enable):,} words "
            f"({len(present) / len(enable):.1%}); 3+ letters: {len(present3):,} of "
            f"{len(enable3):,} ({len(present3) / len(enable3):.1%})",
            f"  also in ENABLE2K: {len(present) / len(words):.1%} of this list",
        ]
    return "\n".join(lines)


def category_report(scowl_dir: Path, max_size: int, enable: set[str] | None) -> str:
    """What each spelling category adds to the ones before it, and how much is in ENABLE2K.

    The evidence behind SPELLINGS and VARIANTS: the categories left out are measured
    against everything that is shipped.
    """
    lines = [f"SCOWL sizes <= {max_size}: words each category adds to the ones above it"]
    shipped: set[str] = set()
    for category in SPELLINGS + VARIANTS + LEFT_OUT:
        words = playable_words(category_files(scowl_dir, category, max_size))
        added = words - shipped
        note = "  (left out)" if category in LEFT_OUT else ""
        line = f"  {category:<22} adds {len(added):>7,}"
        if enable is not None and added:
            in_enable = len(added & enable)
            line += f", {in_enable:>7,} of them in ENABLE2K ({in_enable / len(added):4.0%})"
        lines.append(line + note)
        if category not in LEFT_OUT:
            shipped |= added
    return "\n".join(lines)


def first_difference(rebuilt: bytes, committed: bytes) -> str:
    """Where a committed list first differs from its rebuild, as a message naming the line."""
    rebuilt_lines = rebuilt.decode("ascii", errors="replace").split("\n")
    committed_lines = committed.decode("ascii", errors="replace").split("\n")
    for number, (want, got) in enumerate(zip(rebuilt_lines, committed_lines, strict=False), 1):
        if want != got:
            return f"line {number}: rebuilt {want!r}, committed {got!r}"
    # One is a prefix of the other: the shorter one ends first.
    number = min(len(rebuilt_lines), len(committed_lines)) + 1
    if len(rebuilt_lines) > len(committed_lines):
        return f"line {number}: committed file ends, rebuilt has {rebuilt_lines[number - 1]!r}"
    return f"line {number}: rebuilt file ends, committed has {committed_lines[number - 1]!r}"


def check(scowl_dir: Path, committed_dir: Path) -> list[str]:
    """Rebuild into a temporary folder; return one message per committed list that differs."""
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="boggle-wordlists-") as tmp:
        build_all(scowl_dir, Path(tmp))
        for word_list in WORD_LISTS:
            committed = committed_dir / word_list.filename
            rebuilt = (Path(tmp) / word_list.filename).read_bytes()
            if not committed.is_file():
                problems.append(f"{committed}: missing")
            elif (current := committed.read_bytes()) != rebuilt:
                problems.append(f"{committed}: differs at {first_difference(rebuilt, current)}")
    return problems


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line's options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--scowl-dir",
        type=Path,
        default=DEFAULT_SCOWL_DIR,
        help=f"folder of SCOWL's final lists (default: {DEFAULT_SCOWL_DIR})",
    )
    parser.add_argument(
        "--out-dir",
        type=Path,
        default=HERE,
        help="where the lists are written, or compared with --check (default: this folder)",
    )
    parser.add_argument(
        "--enable",
        type=Path,
        metavar="PATH",
        help="ENABLE2K word list to measure coverage against (read only, never copied)",
    )
    parser.add_argument(
        "--by-category",
        action="store_true",
        help="also report what each spelling category adds (the evidence for the choice)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="rebuild into a temporary folder and fail if the lists in --out-dir differ",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Rebuild (or check) the lists; return the process exit status."""
    args = parse_args(argv)
    # dpkg's record only describes the lists in the package's own folder.
    version = installed_scowl_version() if args.scowl_dir == DEFAULT_SCOWL_DIR else None
    if version not in (None, EXPECTED_SCOWL_VERSION):
        print(
            f"warning: scowl {version} is installed; the shipped lists were built from "
            f"{EXPECTED_SCOWL_VERSION}, so they may differ",
            file=sys.stderr,
        )
    try:
        # Read before anything is written, so a wrong path fails without touching the lists.
        enable = read_enable(args.enable) if args.enable else None
    except (OSError, UnicodeDecodeError) as error:
        print(f"error: cannot read the ENABLE2K list {args.enable}: {error}", file=sys.stderr)
        return 2
    try:
        if args.check:
            problems = check(args.scowl_dir, args.out_dir)
            for problem in problems:
                print(f"error: {problem}", file=sys.stderr)
            if problems:
                print(
                    "the committed word lists do not match a rebuild from "
                    f"{args.scowl_dir}; run `python3 wordlists/rebuild.py` and commit the result",
                    file=sys.stderr,
                )
                return 1
            names = ", ".join(word_list.filename for word_list in WORD_LISTS)
            print(f"ok: {names} match a rebuild from {args.scowl_dir}")
            return 0
        built = build_all(args.scowl_dir, args.out_dir)
    except RebuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    source = f"Debian scowl {version}" if version else "version unknown"
    print(f"SCOWL lists: {args.scowl_dir} ({source}); written to {args.out_dir}")
    for word_list, words in built.items():
        print(describe(word_list, words, enable))
    if args.by_category:
        for word_list in WORD_LISTS:
            print(category_report(args.scowl_dir, word_list.max_size, enable))
    return 0


if __name__ == "__main__":
    sys.exit(main())
