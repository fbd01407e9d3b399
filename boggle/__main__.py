"""The command line: ``boggle solve BOARD``, ``boggle random``, ``boggle best`` and
``boggle define WORD``.

Installed as the ``boggle`` command (``pip install -e .``, which ``make`` does), and
also run as ``python -m boggle``. Bad input prints one line on stderr and exits with
status 2; ``define`` exits with status 1 when WordNet has no entry for the word.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from importlib import metadata

from .board import parse_board
from .catalog import DEFAULT_DICTIONARY, Catalog
from .definitions import Definition, Definitions, NoDefinition
from .dice import (
    ALL_DICE_SETS,
    SEED_LIMIT,
    DiceSet,
    min_length_for,
    random_board,
    roll_plan,
    rules_of,
)
from .dictionary import MAX_WORD_LENGTH, load_dictionary
from .errors import BoggleError
from .ratings import Ratings
from .rich import FREE, MAX_WORKERS, Progress, find_rich_board
from .rules import RULES, Ruleset
from .scoring import SHORTEST_SCORED
from .solver import DEFAULT_MIN_LENGTH, ENGINE, Solution, engine_notice, solve
from .spellings import spellings_for
from .summary import solve_document

USAGE_ERROR = 2
NOT_FOUND = 1
#: The longest side a board can be typed with: its shape prefix has up to four digits.
MAX_SIDE = 9999
#: ``best``'s bounds: the app's largest board (MAX_CELLS, MAX_SIDE in app.py) and a day.
BEST_MAX_SIDE = 64
BEST_MAX_CELLS = 1600
BEST_MAX_SECONDS = 86_400.0


class _Parser(argparse.ArgumentParser):
    """argparse, but its errors are one line like the rest of the command's."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(USAGE_ERROR, f"{self.prog}: error: {message}\n")


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high`` (the API's rule too)."""

    def read(text: str) -> int:
        number = int(text) if text.strip().lstrip("-").isdecimal() else None
        if number is None or not low <= number <= high:
            # argparse puts the option's name before this: "--seed: must be ...".
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low} to {high}, not {text!r}"
            )
        return number

    return read


def build_parser() -> argparse.ArgumentParser:
    """The command line's grammar."""
    parser = _Parser(prog="boggle", description="Solve and make Boggle boards.")
    parser.add_argument("--version", action="version", version=version_line())
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    solve_cmd = commands.add_parser(
        "solve",
        help="every word on a board, with its path and score",
        description="Print every word on BOARD with its score and path.",
    )
    solve_cmd.add_argument(
        "board", nargs="+", help="the letters, e.g. 'abcd efgh ijkl mnop' (see README)"
    )
    side = whole_number(1, MAX_SIDE)
    solve_cmd.add_argument("--rows", type=side, help="number of rows (else inferred)")
    solve_cmd.add_argument("--cols", type=side, help="number of columns (else inferred)")
    solve_cmd.add_argument(
        "--min-length",
        type=whole_number(SHORTEST_SCORED, MAX_WORD_LENGTH),
        default=None,
        help=f"shortest word counted, in letters (default {DEFAULT_MIN_LENGTH}, "
        "or 4 on a 6x6 board as Super Big Boggle's rules say)",
    )
    source = solve_cmd.add_mutually_exclusive_group()
    source.add_argument(
        "--dictionary",
        default=None,
        help="a shipped word list: common, standard, large, or a language's: de, fr, es, "
        f"it, nl (default {DEFAULT_DICTIONARY})",
    )
    source.add_argument("--wordlist", metavar="FILE", help="your own word list, one word a line")
    solve_cmd.add_argument("--json", action="store_true", help="print the /solve JSON document")
    solve_cmd.add_argument(
        "--cache-dir", help="where built word graphs are cached (default: the user cache)"
    )

    random_cmd = commands.add_parser(
        "random",
        help="roll a random board from real dice",
        description="Roll a board from a dice set and print it in the syntax solve reads.",
    )
    random_cmd.add_argument(
        "--dice",
        type=str.lower,
        choices=sorted(ALL_DICE_SETS),
        help="dice set (default: the set made for the size in the dictionary's language, "
        "else the nearest; new for 4x4)",
    )
    random_cmd.add_argument(
        "--dictionary",
        default=None,
        help="a shipped word list, whose language chooses the dice: de rolls German's "
        f"(default {DEFAULT_DICTIONARY})",
    )
    random_cmd.add_argument(
        "--seed",
        type=whole_number(0, SEED_LIMIT - 1),
        help="seed, to roll the same board again",
    )
    random_cmd.add_argument("--rows", type=side, help="rows, for a size the set was not made for")
    random_cmd.add_argument("--cols", type=side, help="columns, likewise")

    best_cmd = commands.add_parser(
        "best",
        help="search for a high-scoring board",
        description="Search for a board with many points, by simulated annealing, and "
        "print it in the syntax solve reads. A progress line goes to stderr.",
    )
    best_cmd.add_argument(
        "--dice",
        type=str.lower,
        choices=[*sorted(ALL_DICE_SETS), FREE],
        default=FREE,
        help="a dice set, so the board can be rolled with it, or free: any of the "
        "dictionary's letters anywhere (default free)",
    )
    best_cmd.add_argument("--rows", type=whole_number(1, BEST_MAX_SIDE), help="rows (free only)")
    best_cmd.add_argument("--cols", type=whole_number(1, BEST_MAX_SIDE), help="columns, likewise")
    best_cmd.add_argument(
        "--seconds",
        type=seconds_number(0.0, BEST_MAX_SECONDS),
        help="how long to search (default 10, or no limit when --steps is given)",
    )
    best_cmd.add_argument(
        "--steps",
        type=whole_number(0, 10**12),
        help="stop after this many moves: a seed, a number of steps and of workers give "
        "the same board",
    )
    best_cmd.add_argument(
        "--seed", type=whole_number(0, SEED_LIMIT - 1), default=0, help="seed (default 0)"
    )
    best_cmd.add_argument(
        "--workers",
        type=whole_number(1, MAX_WORKERS),
        default=None,
        help="processes searching at once, each on a core of its own (default: one a core "
        "of this machine's); the board depends on the seed, the steps and the workers",
    )
    best_source = best_cmd.add_mutually_exclusive_group()
    best_source.add_argument(
        "--dictionary",
        default=None,
        help=f"a shipped word list (default: the dice's language's, else {DEFAULT_DICTIONARY})",
    )
    best_source.add_argument("--wordlist", metavar="FILE", help="your own word list")
    best_cmd.add_argument("--cache-dir", help="where built word graphs are cached")

    define_cmd = commands.add_parser(
        "define",
        help="what a word means, offline from WordNet",
        description="Print WORD's lemmas, parts of speech and first senses, from WordNet 3.0.",
    )
    define_cmd.add_argument("word", help="the word, inflected or not: ran, retailers, geese")
    define_cmd.add_argument("--json", action="store_true", help="print the /define JSON document")
    return parser


def version_line() -> str:
    """The program's version and the search core it runs: ``boggle 0.1.0 (native search)``."""
    try:
        version = metadata.version("boggle-solver")
    except metadata.PackageNotFoundError:
        version = "(not installed)"  # run from a checkout as python -m boggle
    return f"boggle {version} ({ENGINE} search)"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "solve":
            return _solve(args)
        if args.command == "define":
            return _define(args)
        if args.command == "best":
            return _best(args)
        return _random(args)
    except BoggleError as error:
        print(f"error: {error}", file=sys.stderr)
        return USAGE_ERROR
    except BrokenPipeError:
        # The reader went away (`... | head`): not an error worth a traceback.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stdout must stay open until exit
        return 1


def _solve(args: argparse.Namespace) -> int:
    catalog = None if args.wordlist else Catalog(cache_dir=args.cache_dir)
    # The board is read in the dictionary's language (ä with de), before its graph loads.
    rules = RULES if catalog is None else catalog.rules(args.dictionary)
    board = parse_board(" ".join(args.board), rows=args.rows, cols=args.cols, rules=rules)
    if catalog is None:
        dictionary = load_dictionary(args.wordlist, cache_dir=args.cache_dir)
    else:
        dictionary = catalog.get(args.dictionary)
    min_length = args.min_length or min_length_for(board.rows, board.cols)
    notice = engine_notice()
    if notice:
        # Once, when a search is about to run (a mistake in the input stays one line).
        print(notice, file=sys.stderr)
    started = time.perf_counter()
    solution = solve(board, dictionary, min_length)
    elapsed_ms = (time.perf_counter() - started) * 1000
    if args.json:
        spellings = spellings_for(dictionary, args.cache_dir)
        document = solve_document(solution, dictionary.name, elapsed_ms, spellings)
        # As /solve: rated where the figures are shipped or cached, never computed here.
        rating = Ratings(cache_dir=args.cache_dir).rate(solution, dictionary)
        if rating is not None:
            document["rating"] = rating.as_dict()
        json.dump(document, sys.stdout)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_table(solution, dictionary.name))
    return 0


def seconds_number(low: float, high: float) -> Callable[[str], float]:
    """An argument type: a number of seconds above ``low`` and at most ``high``."""

    def read(text: str) -> float:
        try:
            number = float(text)
        except ValueError:
            number = math.nan
        if not low < number <= high:  # NaN fails too
            raise argparse.ArgumentTypeError(
                f"must be a number of seconds above {low:g} and at most {high:g}, not {text!r}"
            )
        return number

    return read


def _dice_language_mismatch(dice: DiceSet, rules: Ruleset, dictionary: str) -> str | None:
    """Why these dice cannot be played with that dictionary, or None when they can: as
    the API says it (web/service.py, check_dice_language)."""
    for face in dice.faces:
        if face not in rules.faces and face != rules.blank:
            return (
                f"the {dice.name} dice show {face.capitalize()!r}, which is not a face of "
                f"the {rules.language} dictionary {dictionary!r}; roll {rules.language} dice "
                f"({', '.join(spec.name for spec in rules.dice_sets)})"
            )
    return None


def _best(args: argparse.Namespace) -> int:
    dice = None if args.dice == FREE else ALL_DICE_SETS[args.dice]
    rows = args.rows or args.cols or (dice.rows if dice else 4)
    cols = args.cols or args.rows or (dice.cols if dice else 4)
    if dice is not None and (rows, cols) != (dice.rows, dice.cols):
        print(
            f"error: the {dice.name} dice make a {dice.rows}x{dice.cols} board, "
            f"not {rows}x{cols}; use --dice free for other sizes",
            file=sys.stderr,
        )
        return USAGE_ERROR
    if rows * cols > BEST_MAX_CELLS:
        print(
            f"error: {rows}x{cols} is {rows * cols} cells; the search takes at most "
            f"{BEST_MAX_CELLS}",
            file=sys.stderr,
        )
        return USAGE_ERROR
    if args.wordlist:
        dictionary = load_dictionary(args.wordlist, cache_dir=args.cache_dir)
    else:
        catalog = Catalog(cache_dir=args.cache_dir)
        name = args.dictionary
        if name is None and dice is not None and rules_of(dice) is not RULES:
            name = rules_of(dice).default_dictionary  # German dice search German words
        dictionary = catalog.get(name)
    if dice is not None:
        problem = _dice_language_mismatch(dice, dictionary.rules, dictionary.name)
        if problem:
            print(f"error: {problem}", file=sys.stderr)
            return USAGE_ERROR
    notice = engine_notice()
    if notice:
        print(notice, file=sys.stderr)  # the search is about to run, as solve says it
    live = sys.stderr.isatty()

    def report(progress: Progress) -> None:
        line = (
            f"best {progress.best:,} points, {progress.steps:,} steps, "
            f"{progress.per_second:,.0f} steps/s, {progress.seconds:.1f} s"
        )
        # On a terminal the line is rewritten in place; in a log, one line each time.
        sys.stderr.write(f"\r{line}\x1b[K" if live else f"{line}\n")
        sys.stderr.flush()

    found = find_rich_board(
        dictionary,
        dice,
        rows,
        cols,
        seed=args.seed,
        steps=args.steps,
        seconds=10.0 if args.seconds is None and args.steps is None else args.seconds,
        on_progress=report,
        workers=args.workers or default_workers(),
    )
    if live:
        sys.stderr.write("\n")
    print(found.board)
    print(
        f"# {found.points:,} points, {found.words:,} words; dice: {args.dice}, seed: "
        f"{args.seed}, steps: {found.steps:,}, dictionary: {dictionary.name}, "
        f"workers: {found.workers}",
        file=sys.stderr,
    )
    return 0


def default_workers() -> int:
    """The cores this process may run on (at most MAX_WORKERS): one worker each."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux: every core of the machine
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_WORKERS))


def _random(args: argparse.Namespace) -> int:
    # As /random: the dictionary's language chooses the dice when none are named.
    catalog = Catalog()
    name = catalog.canonical(args.dictionary) if args.dictionary else None
    rules = RULES if name is None else catalog.rules(name)
    dice, rows, cols = roll_plan(args.dice, args.rows, args.cols, rules)
    if name is not None:
        problem = _dice_language_mismatch(dice, rules, name)
        if problem:
            print(f"error: {problem}", file=sys.stderr)
            return USAGE_ERROR
    board, seed = random_board(dice, args.seed, rows, cols)
    print(board)
    print(f"# dice: {dice.name}, seed: {seed}, minimum word length: {dice.min_length}",
          file=sys.stderr)  # fmt: skip
    return 0


def _define(args: argparse.Namespace) -> int:
    try:
        definition = Definitions().define(args.word)
    except NoDefinition as error:
        print(f"{error}", file=sys.stderr)
        return NOT_FOUND
    if args.json:
        json.dump(definition.as_dict(), sys.stdout)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_definition(definition))
    return 0


def format_definition(definition: Definition) -> str:
    """A definition as readable text: each lemma and part of speech, its senses numbered."""
    lines = []
    for entry in definition.entries:
        lines.append(f"{entry.lemma} ({entry.pos})")
        for number, sense in enumerate(entry.senses, 1):
            lines.append(f"  {number}. {sense.gloss}")
            if sense.example:
                lines.append(f'     "{sense.example}"')
    return "\n".join(lines) + "\n"


def format_table(solution: Solution, dictionary: str) -> str:
    """The solution as a readable table: the board, then score, word and path per word."""
    board = solution.board
    width = max(len(face) for row in board.display_rows() for face in row)
    lines = [
        f"{board.rows}x{board.cols} board, dictionary {dictionary}, "
        f"words of {solution.min_length}+ letters:",
        "",
    ]
    lines += ["  " + " ".join(face.ljust(width) for face in row) for row in board.display_rows()]
    lines.append("")
    if solution.words:
        longest = max(len(w.word) for w in solution.words)
        lines.append(f"score  {'word'.ljust(longest)}  path (row,col from 0,0 at top left)")
        for found in solution.words:
            path = " ".join(f"{r},{c}" for r, c in found.path)
            lines.append(f"{found.score:>5}  {found.word.ljust(longest)}  {path}")
        lines.append("")
    words = "word" if solution.count == 1 else "words"
    lines.append(f"{solution.count} {words}, {solution.total_score} points in all")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
