"""How rich random boards are in each language: words per board, next to English's.

For each language, roll the same number of boards from its dice (wordlists/
dice-languages.json, or dice made on the spot with --sharpness, to tune them) and count
the words of its list on each; English rolls the `new` (4x4) or `big` (5x5) dice on
`standard.txt`. Prints the median, the 10th and 90th percentiles, the mean and how many
boards hold no word at all.

The engine cannot read lists with letters beyond a-z yet (ä, ñ), so the words are
counted here for every language, English too, by one small plain search: a depth-first
walk from each cell that stops as soon as no word of the sorted list starts with the
letters so far (found by bisection), the approach of tests/reference.py without its
word-by-word tracing. Slow next to the engine, and the same for every language.

    .venv/bin/python benchmarks/language_boards.py                  # 1,000 4x4 boards each
    .venv/bin/python benchmarks/language_boards.py --boards 100 --size 5
    .venv/bin/python benchmarks/language_boards.py --sharpness 1.3 --language de
    .venv/bin/python benchmarks/language_boards.py --english-made 1.0 --english-made 1.4
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from bisect import bisect_left
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDLISTS = ROOT / "wordlists"
sys.path.insert(0, str(WORDLISTS))
sys.path.insert(0, str(ROOT))

import make_dice  # noqa: E402
from languages import LANGUAGES, Language  # noqa: E402

from boggle.dice import DICE_SETS, _dice  # noqa: E402


def neighbours(rows: int, cols: int) -> list[list[int]]:
    """For each cell, the cells next to it in the eight directions."""
    return [
        [
            nr * cols + nc
            for nr in range(r - 1, r + 2)
            for nc in range(c - 1, c + 2)
            if (nr, nc) != (r, c) and 0 <= nr < rows and 0 <= nc < cols
        ]
        for r in range(rows)
        for c in range(cols)
    ]


def count_words(faces: Sequence[str], adjacent: list[list[int]], words: list[str]) -> int:
    """How many words of the sorted list (3+ letters) can be traced on the board."""
    found: set[str] = set()
    used = [False] * len(faces)

    def walk(cell: int, prefix: str) -> None:
        i = bisect_left(words, prefix)
        if i == len(words) or not words[i].startswith(prefix):
            return
        if words[i] == prefix and len(prefix) >= 3:
            found.add(prefix)
        used[cell] = True
        for nxt in adjacent[cell]:
            if not used[nxt]:
                walk(nxt, prefix + faces[nxt])
        used[cell] = False

    for cell, face in enumerate(faces):
        walk(cell, face)
    return len(found)


def roll(dice: Sequence[Sequence[str]], rng: random.Random) -> list[str]:
    """Shuffle the dice into the cells and roll each."""
    order = list(dice)
    rng.shuffle(order)
    return [rng.choice(die) for die in order]


def measure(
    dice: Sequence[Sequence[str]], words: list[str], size: int, boards: int, seed: int
) -> list[int]:
    """Words on each of ``boards`` boards rolled from the dice with the seed."""
    rng = random.Random(seed)
    adjacent = neighbours(size, size)
    return [count_words(roll(dice, rng), adjacent, words) for _ in range(boards)]


def read_list(path: Path) -> list[str]:
    """A shipped list's words, sorted as the bisection needs (the files are)."""
    return sorted(path.read_text(encoding="utf-8").split())


def language_dice(
    code: str, size: int, words: list[str], sharpness: float | None
) -> tuple[tuple[str, ...], ...]:
    """The language's dice for the size: the committed ones, or made with the sharpness."""
    name = code if size == 4 else f"{code}-big"
    if sharpness is None:
        spec = json.loads((WORDLISTS / make_dice.OUTPUT).read_text(encoding="utf-8"))[name]
    else:
        make_dice.SHARPNESS[code] = sharpness
        spec = make_dice.make_sets(LANGUAGES[code], words)[name]
    return _dice(spec["dice"])


# English as make_dice.py would make its dice, to hold the method to the published sets.
ENGLISH = Language(
    code="en",
    name="English",
    package="scowl",
    source=WORDLISTS / "standard.txt",
    alphabet="abcdefghijklmnopqrstuvwxyz",
    kept="",
)


def english_made_dice(size: int, words: list[str], sharpness: float) -> tuple:
    """English dice made by make_dice.py's method from standard.txt."""
    make_dice.SHARPNESS[ENGLISH.code] = sharpness
    name = "en" if size == 4 else "en-big"
    return _dice(make_dice.make_sets(ENGLISH, words)[name]["dice"])


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print one line per language."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=1000, help="boards per language")
    parser.add_argument("--size", type=int, choices=(4, 5), default=4, help="4 (4x4) or 5")
    parser.add_argument("--seed", type=int, default=2026, help="the boards' seed")
    parser.add_argument("--language", action="append", choices=sorted(LANGUAGES))
    parser.add_argument(
        "--sharpness", type=float, help="make the dice with this sharpness (tuning)"
    )
    parser.add_argument(
        "--english-made",
        type=float,
        action="append",
        metavar="SHARPNESS",
        help="also English dice made by make_dice.py's method (may be repeated)",
    )
    args = parser.parse_args(argv)
    english = DICE_SETS["new" if args.size == 4 else "big"]
    rows = [(f"en (standard, {english.name} dice)", english.dice, "standard.txt")]
    for sharpness in args.english_made or ():
        rows.append((f"en (made, sharpness {sharpness})", ("made", sharpness), "standard.txt"))
    for code in args.language or LANGUAGES:
        rows.append((code, None, LANGUAGES[code].filename))
    print(f"{args.boards} random {args.size}x{args.size} boards a language, seed {args.seed}")
    header = f"{'language':<26}{'median':>8}{'p10':>6}{'p90':>6}{'mean':>8}{'none':>6}"
    print(f"{header}{'seconds':>9}")
    for label, dice, filename in rows:
        words = read_list(WORDLISTS / filename)
        if dice is None:
            dice = language_dice(label, args.size, words, args.sharpness)
        elif dice[0] == "made":
            dice = english_made_dice(args.size, words, dice[1])
        start = time.perf_counter()
        counts = sorted(measure(dice, words, args.size, args.boards, args.seed))
        seconds = time.perf_counter() - start
        deciles = statistics.quantiles(counts, n=10)
        print(
            f"{label:<26}{statistics.median(counts):>8.0f}{deciles[0]:>6.0f}"
            f"{deciles[-1]:>6.0f}{statistics.fmean(counts):>8.1f}{counts.count(0):>6}"
            f"{seconds:>9.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
