#!/usr/bin/env python3
"""Rebuild wordlists/ratings.json: how the boards of every dice set score on every shipped list.

Usage (from the repository's root, with the project installed, as ``make`` does):
    .venv/bin/python wordlists/rebuild_ratings.py            # rewrite ratings.json
    .venv/bin/python wordlists/rebuild_ratings.py --check    # fail if it is stale
    .venv/bin/python wordlists/rebuild_ratings.py --check --only classic/common

Each distribution is the points of 10,000 boards rolled with seeds 0 to 9,999
(boggle/ratings.py). ``--check`` rolls and scores them again and compares them with
the file; ``--only DICE/LIST`` (repeatable) limits it to some, for a quick check.
Some 160 s of CPU for English's fifteen with the pure-Python scorer; about 35 s for
all twenty-five with the native one.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from boggle.catalog import LANGUAGE_LISTS, SHIPPED_LISTS, Catalog
from boggle.dice import ALL_DICE_SETS, DICE_SETS, sets_of
from boggle.ratings import (
    ROLLS,
    SHIPPED_FILE,
    Distribution,
    RatingsFileError,
    distribution_key,
    ratings_file_text,
    read_ratings_file,
    roll_points,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("--only", action="append", metavar="DICE/LIST", help="e.g. new/standard")
    parser.add_argument("--file", type=Path, default=SHIPPED_FILE, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    # Every list with every dice set of its language: English's three with the
    # published sets, each other language's list with its own two.
    pairs = [(dice, entry.name) for entry in SHIPPED_LISTS for dice in DICE_SETS] + [
        (dice, entry.name) for entry in LANGUAGE_LISTS for dice in sets_of(entry.rules)
    ]
    if args.only:
        unknown = sorted(set(args.only) - {f"{d}/{n}" for d, n in pairs})
        if unknown:
            parser.error(f"no dice set and shipped list {', '.join(unknown)}")
        pairs = [(d, n) for d, n in pairs if f"{d}/{n}" in args.only]
    catalog = Catalog()
    entries = []
    for dice_name, list_name in pairs:
        dice, dictionary = ALL_DICE_SETS[dice_name], catalog.get(list_name)
        started = time.perf_counter()
        points = roll_points(dice, dictionary, ROLLS)
        found = Distribution.from_points(dice.name, dictionary.name, points)
        entries.append((distribution_key(dice, dictionary), found))
        print(
            f"{dice_name}/{list_name}: median {found.points_at(50)} points, "
            f"{time.perf_counter() - started:.1f} s",
            file=sys.stderr,
        )
    if not args.check:
        args.file.write_text(ratings_file_text(entries), encoding="utf-8")
        print(f"wrote {args.file}", file=sys.stderr)
        return 0
    try:
        shipped = read_ratings_file(args.file)
    except RatingsFileError as error:
        print(f"stale: {error}", file=sys.stderr)
        return 1
    stale = [f"{d.dice}/{d.dictionary}" for key, d in entries if shipped.get(key) != d]
    if stale:
        print(f"stale: {', '.join(stale)}; run wordlists/rebuild_ratings.py", file=sys.stderr)
        return 1
    print(f"{len(entries)} distributions current", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
