#!/usr/bin/env python3
"""Make each language's 4x4 and 5x5 dice from the letter frequencies of its word list.

Usage:
    python3 wordlists/make_dice.py           # rewrite dice-languages.json, print the faces
    python3 wordlists/make_dice.py --check   # CI: fail if the committed file differs

No documented make of German, French, Spanish, Italian or Dutch Boggle dice could be
found and checked, so each set is built the same way (README.md, "Dice"):

1. Leave out every face rarer than RAREST_SHARE (0.5%) of the faces the whole list's
   words are spelt with ("qu" counted as the one face it is played on): such a face is
   dead on most boards (Italian J, K, W, X, Y; German J, Q, X, Y, Ö), and the words
   that need it are too few to be worth the cells it takes from the common letters.
2. Count the faces each word of 3 to 8 letters (what a 4x4 board mostly holds) uses.
3. Raise each count to the language's SHARPNESS (tuned with
   benchmarks/language_boards.py so boards come as near English ones in words as the
   language's list allows) and share the set's faces (16 x 6 or 25 x 6) out in
   proportion, largest remainders first, every face kept at least once.
4. Deal the faces, most frequent first, onto the dice in turn (die 1, 2, ... 16, 1, ...),
   so a common letter is spread over many dice, as on the published sets, and no die
   carries a letter twice unless the letter has more faces than there are dice.

Written in the format boggle/rules.py's DiceSpec uses, ready for a ruleset to read.
Standard library only; reads the shipped lists, so run it after rebuild_languages.py.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
# wordlists/ is a folder of scripts, not a package: its modules import each other by name.
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from languages import LANGUAGES, Language  # noqa: E402

OUTPUT = "dice-languages.json"
FACES_PER_DIE = 6
# (name suffix, title, rows, cols): the sizes Boggle and Big Boggle are sold in.
SIZES = (("", "Boggle", 4, 4), ("-big", "Big Boggle", 5, 5))
# Words longer than this are rare on a 4x4 board, so their letters do not steer the dice.
LONGEST_COUNTED = 8
# A face whose share of the faces the list's words are spelt with is below this has
# no place on the dice: it would show on a board far more often than a word needs it.
RAREST_SHARE = 0.005

# How much more the common faces get than plain proportion (1.0), per language. Chosen
# with benchmarks/language_boards.py; README.md has the runs.
SHARPNESS = {"de": 1.8, "fr": 0.7, "es": 0.5, "it": 1.6, "nl": 1.0}


def faces_of(word: str, language: Language) -> list[str]:
    """The faces a word is spelt with, a multi-letter face taken wherever it fits."""
    faces, i = [], 0
    while i < len(word):
        multi = next((f for f in language.multi_letter_faces if word.startswith(f, i)), None)
        faces.append(multi or word[i])
        i += len(multi) if multi else 1
    return faces


def face_counts(words: Sequence[str], language: Language) -> Counter[str]:
    """How often each face is used by the words of 3 to LONGEST_COUNTED letters."""
    counts: Counter[str] = Counter()
    for word in words:
        if len(word) <= LONGEST_COUNTED:
            counts.update(faces_of(word, language))
    return counts


def face_shares(words: Sequence[str], language: Language) -> dict[str, float]:
    """Each face's share of the faces all the list's words are spelt with."""
    counts: Counter[str] = Counter()
    for word in words:
        counts.update(faces_of(word, language))
    total = sum(counts.values())
    return {face: counts[face] / total for face in all_faces(language)}


def kept_faces(words: Sequence[str], language: Language) -> list[str]:
    """The faces the dice carry: the language's, less those rarer than RAREST_SHARE."""
    shares = face_shares(words, language)
    return [face for face in all_faces(language) if shares[face] >= RAREST_SHARE]


def all_faces(language: Language) -> list[str]:
    """Every face the language's dice may carry: its letters (q only as Qu) and digraphs."""
    singles = [ch for ch in language.alphabet if ch != "q"]
    return singles + list(language.multi_letter_faces)


def apportion(weights: dict[str, float], total: int) -> dict[str, int]:
    """Share ``total`` faces in proportion to ``weights``, each at least one (largest remainder)."""
    # Every face once first, then the rest in proportion to the weights.
    shares = dict.fromkeys(weights, 1)
    rest = total - len(weights)
    whole = sum(weights.values())
    exact = {face: rest * weight / whole for face, weight in weights.items()}
    for face, value in exact.items():
        shares[face] += int(value)
    left = total - sum(shares.values())
    # Ties broken by the face itself, so the result never depends on dict order.
    by_remainder = sorted(exact, key=lambda face: (-(exact[face] - int(exact[face])), face))
    for face in by_remainder[:left]:
        shares[face] += 1
    return shares


def deal(shares: dict[str, int], dice: int) -> list[list[str]]:
    """Deal the faces, most numerous first, onto the dice in turn."""
    order = sorted(shares, key=lambda face: (-shares[face], face))
    faces = [face for face in order for _ in range(shares[face])]
    out: list[list[str]] = [[] for _ in range(dice)]
    for position, face in enumerate(faces):
        # Round robin: a face's copies land on consecutive dice, never twice on one
        # die unless it has more copies than there are dice.
        out[position % dice].append(face)
    return out


def die_text(die: Sequence[str], language: Language) -> str:
    """One die as DiceSpec writes it: ``AEINRS``, ``ABJMOQu``, or ``[A E Ij N R S]``."""
    alphabet_order = {face: i for i, face in enumerate(all_faces(language))}
    faces = sorted(die, key=lambda face: alphabet_order[face])
    if any(len(face) > 1 and face != "qu" for face in faces):
        return "[" + " ".join(face.capitalize() for face in faces) + "]"
    return "".join(face.capitalize() for face in faces)


def make_sets(language: Language, words: Sequence[str]) -> dict[str, dict[str, object]]:
    """The language's dice sets, by name, as DiceSpec's fields."""
    counts = face_counts(words, language)
    sharpness = SHARPNESS[language.code]
    weights = {face: float(counts[face]) ** sharpness for face in kept_faces(words, language)}
    sets: dict[str, dict[str, object]] = {}
    for suffix, title, rows, cols in SIZES:
        dice = deal(apportion(weights, rows * cols * FACES_PER_DIE), rows * cols)
        sets[language.code + suffix] = {
            "name": language.code + suffix,
            "title": f"{title} {rows}x{cols}, {language.name} (from letter frequencies)",
            "rows": rows,
            "cols": cols,
            "min_length": language.shortest_word,
            "dice": " ".join(die_text(die, language) for die in dice),
        }
    return sets


def read_words(language: Language, folder: Path) -> list[str]:
    """The words of a shipped language list."""
    return (folder / language.filename).read_text(encoding="utf-8").split()


def build(folder: Path) -> bytes:
    """The content of dice-languages.json: every language's sets, keyed by set name."""
    sets: dict[str, dict[str, object]] = {}
    for language in LANGUAGES.values():
        sets.update(make_sets(language, read_words(language, folder)))
    return (json.dumps(sets, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or check) the dice file; return the process exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--dir",
        type=Path,
        default=HERE,
        help="folder of the language lists and of the dice file (default: this folder)",
    )
    parser.add_argument(
        "--check", action="store_true", help="fail if the committed dice file differs"
    )
    args = parser.parse_args(argv)
    try:
        data = build(args.dir)
    except OSError as error:
        print(f"error: cannot read a language list: {error}", file=sys.stderr)
        return 2
    target = args.dir / OUTPUT
    if args.check:
        if not target.is_file():
            print(f"error: {target}: missing", file=sys.stderr)
            return 1
        if target.read_bytes() != data:
            print(
                f"error: {target} differs from the dice made from the lists; run "
                "`python3 wordlists/make_dice.py` and commit the result",
                file=sys.stderr,
            )
            return 1
        print(f"ok: {target} matches the dice made from the lists")
        return 0
    target.write_bytes(data)
    for name, spec in json.loads(data).items():
        print(f"{name:7} {spec['dice']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
