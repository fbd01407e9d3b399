"""Dice sets and random boards (seedable).

A random board is made as the game makes it: shuffle the dice into the cells, then
roll each (pick one of its six faces). The same dice set and seed give the same
board on every machine and Python version: the only randomness used is
``random.Random(seed).getrandbits``, whose output for an integer seed Python keeps
stable, and the shuffle and the rolls are built on it here rather than on
``shuffle``/``choice``, whose algorithms are the library's to change.

Boards of a size no set was made for draw each cell from the pooled faces of all the
dice of the nearest set, so the letter mix stays Boggle-like.

A board for the table (:func:`landed_board`) is rolled the same way, then each die
lands turned a quarter turn or more, as a real die lands: the same set and seed give
the same letters as :func:`random_board`, the turns drawn after them.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from types import MappingProxyType

from .board import BLANK, Board, shape_text
from .errors import DiceError
from .i18n import _
from .languages import LANGUAGES
from .rules import RULES, Ruleset
from .solver import DEFAULT_MIN_LENGTH

#: Seeds are whole numbers from 0 to one below this, on the web and the command line alike.
SEED_LIMIT = 2**63


@dataclass(frozen=True)
class DiceSet:
    """A published set of dice: its board size, its dice (six faces each) and its rules."""

    name: str
    title: str
    rows: int
    cols: int
    min_length: int
    dice: tuple[tuple[str, ...], ...]

    @property
    def faces(self) -> tuple[str, ...]:
        """Every face of every die, pooled."""
        return tuple(face for die in self.dice for face in die)


def _die(text: str) -> tuple[str, ...]:
    """Read one die as dice.md writes it: ``ABJMOQu``, ``EIO###`` or ``[An Er He In Qu Th]``."""
    if text.startswith("["):
        faces = tuple(face.lower() for face in text.strip("[]").split())
    else:
        faces = []
        for ch in text:
            if ch == "u" and faces and faces[-1] == "q":
                faces[-1] = "qu"
            else:
                faces.append(BLANK if ch == BLANK else ch.lower())
        faces = tuple(faces)
    if len(faces) != 6:
        raise ValueError(f"die {text!r} has {len(faces)} faces, not 6")
    return faces


def _dice(text: str) -> tuple[tuple[str, ...], ...]:
    """Read a set of dice separated by spaces; a bracketed die may contain spaces."""
    dice, pending = [], ""
    for word in text.split():
        pending = f"{pending} {word}".strip() if pending or word.startswith("[") else word
        if not pending.startswith("[") or pending.endswith("]"):
            dice.append(_die(pending))
            pending = ""
    return tuple(dice)


# Run only at import, to build the tables below: mutation testing (mutmut) forks each
# mutant's test run from a process that has imported this module already, so no test
# could see a change here. tests/test_dice.py holds the tables it builds instead.
def _sets(rules: Ruleset) -> dict[str, DiceSet]:  # pragma: no mutate block
    """A ruleset's dice sets, by name."""
    return {
        spec.name: DiceSet(
            spec.name, spec.title, spec.rows, spec.cols, spec.min_length, _dice(spec.dice)
        )
        for spec in rules.dice_sets
    }


#: The published dice sets of the rules in play (boggle/rules.py), by name.
DICE_SETS: dict[str, DiceSet] = _sets(RULES)
#: The other languages' dice (boggle/languages.py), by name: ``de``, ``de-big``, ...
LANGUAGE_DICE_SETS: dict[str, DiceSet] = {
    name: dice for rules in LANGUAGES.values() for name, dice in _sets(rules).items()
}
#: Every dice set a request can name.
ALL_DICE_SETS: dict[str, DiceSet] = {**DICE_SETS, **LANGUAGE_DICE_SETS}


def sets_of(rules: Ruleset) -> dict[str, DiceSet]:
    """The dice sets a ruleset's boards are rolled with, by name (English's, or a
    language's own)."""
    return {spec.name: ALL_DICE_SETS[spec.name] for spec in rules.dice_sets}


def rules_of(dice: DiceSet) -> Ruleset:
    """The ruleset (language) a dice set was made for: a language's own, else English's."""
    for rules in LANGUAGES.values():
        if dice.name in sets_of(rules):
            return rules
    return RULES


#: The set a board of each size is rolled with when none is named.
DEFAULT_SET_FOR_SIZE = dict(RULES.default_set_for_size)
DEFAULT_SET = RULES.default_set


def dice_set(name: str) -> DiceSet:
    """The dice set of that name; DiceError naming the sets there are if there is none."""
    try:
        return ALL_DICE_SETS[name.lower()]
    except (KeyError, AttributeError):
        raise DiceError(
            _(
                "no dice set called %(name)s; the sets are %(sets)s",
                name=repr(name),
                sets=", ".join(ALL_DICE_SETS),
            )
        ) from None


def min_length_for(rows: int, cols: int) -> int:
    """The shortest word counted by default on a board of this size: its dice set's rule.

    A 6x6 board is Super Big Boggle's, whose rules count words of 4 letters or more;
    every other size counts 3 or more.
    """
    name = DEFAULT_SET_FOR_SIZE.get((rows, cols))
    return DICE_SETS[name].min_length if name else DEFAULT_MIN_LENGTH


def nearest_set(rows: int, cols: int, rules: Ruleset = RULES) -> DiceSet:
    """The set for a board of this size: its own, or the one nearest in cell count, of
    the ruleset's dice (English's unless given)."""
    for_size = rules.default_set_for_size
    name = for_size.get((rows, cols))
    if name is None:
        name = min(
            for_size.items(),
            key=lambda item: (abs(item[0][0] * item[0][1] - rows * cols), item[0]),
        )[1]
    return ALL_DICE_SETS[name]


def new_seed() -> int:
    """A fresh random seed, for a board that should be repeatable once made."""
    return secrets.randbelow(SEED_LIMIT)


def roll_plan(
    dice: str | DiceSet | None = None,
    rows: int | None = None,
    cols: int | None = None,
    rules: Ruleset = RULES,
) -> tuple[DiceSet, int, int]:
    """The dice set and the size a random board will have.

    With a dice set (by name or value) and no size, the board has the set's size.
    With a size (one side is enough for a square), the board is rolled from the set
    if it fits exactly, else drawn from the pooled faces of the given set or of the
    one nearest in size. Without a dice set, the ruleset's (English's unless given).
    """
    chosen = dice_set(dice) if isinstance(dice, str) else dice
    if rows is None and cols is None:
        chosen = chosen or ALL_DICE_SETS[rules.default_set]
        return chosen, chosen.rows, chosen.cols
    rows = rows if rows is not None else cols
    cols = cols if cols is not None else rows
    if rows < 1 or cols < 1:
        raise DiceError(
            _(
                "a board needs at least one row and one column, not %(shape)s",
                shape=shape_text(rows, cols),
            )
        )
    return chosen or nearest_set(rows, cols, rules), rows, cols


def random_board(
    dice: str | DiceSet | None = None,
    seed: int | None = None,
    rows: int | None = None,
    cols: int | None = None,
) -> tuple[Board, int]:
    """Roll a board (see :func:`roll_plan`); return it with the seed that rolls it again."""
    chosen, rows, cols = roll_plan(dice, rows, cols)
    seed = _checked_seed(seed)
    return Board(rows, cols, _roll(chosen, random.Random(seed), rows, cols)), seed


def _checked_seed(seed: int | None) -> int:
    """The seed given, or a fresh one; DiceError for anything but a whole number in range."""
    if seed is None:
        return new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise DiceError(
            _(
                "a seed is a whole number from 0 to %(most)s, not %(seed)s",
                most=SEED_LIMIT - 1,
                seed=repr(seed),
            )
        )
    return seed


def _roll(chosen: DiceSet, rng: random.Random, rows: int, cols: int) -> tuple[str, ...]:
    """The faces of a rows x cols board: the set's dice shuffled and rolled if it is
    their size, else each cell drawn from their pooled faces."""
    if (rows, cols) == (chosen.rows, chosen.cols):
        dice_order = list(chosen.dice)
        _shuffle(rng, dice_order)
        return tuple(die[_below(rng, len(die))] for die in dice_order)
    pool = chosen.faces
    return tuple(pool[_below(rng, len(pool))] for _ in range(rows * cols))


# --- Dice on a table ---------------------------------------------------------------------

#: The ways a die lands on the table, in degrees clockwise: a face reads upright only
#: from one side, so on a board in the middle of the table no side is favoured.
QUARTER_TURNS = (0, 90, 180, 270)

#: Capitals that a turn makes into another letter, stroke for stroke: M upside down is
#: W, and N a quarter turn round is Z (and each the other way). Real dice underline
#: such letters so that a player can tell which way up a face is; since a die lands at
#: any quarter turn, both pairs need it. Other near misses keep an outline of their own
#: (a turned U has straight sides and a flat end; a C has neither), and a face of two
#: letters is read in their order whichever way it lies; neither is underlined.
TURN_TWINS = MappingProxyType({"m": "w", "w": "m", "n": "z", "z": "n"})
UNDERLINED = frozenset(TURN_TWINS)


@dataclass(frozen=True)
class LandedBoard:
    """A board as its dice landed on the table: the faces, each face's turn (degrees
    clockwise, one of QUARTER_TURNS, in the board's cell order), and what rolls it again."""

    board: Board
    turns: tuple[int, ...]
    dice: str
    seed: int

    @property
    def underlined(self) -> tuple[bool, ...]:
        """Whether each face is underlined, as the dice mark it (UNDERLINED)."""
        return tuple(face in UNDERLINED for face in self.board.faces)

    def as_dict(self) -> dict[str, object]:
        """The board as rows of faces and its text, each face's turn and underline by
        row, the dice set and the seed."""
        cols = self.board.cols
        by_row = range(0, self.board.size, cols)
        return {
            "board": self.board.display_rows(),
            "rows": self.board.rows,
            "cols": cols,
            "text": str(self.board),
            "turns": [list(self.turns[i : i + cols]) for i in by_row],
            "underlined": [list(self.underlined[i : i + cols]) for i in by_row],
            "dice": self.dice,
            "seed": self.seed,
        }


def landed_board(dice: str | DiceSet, seed: int | None = None) -> LandedBoard:
    """Roll a dice set's own board and let each die land at a random quarter turn.

    The faces are :func:`random_board`'s for the same set and seed; the turns are drawn
    from the same stream after them, one per die in cell order.
    """
    chosen = dice_set(dice) if isinstance(dice, str) else dice
    seed = _checked_seed(seed)
    rng = random.Random(seed)
    faces = _roll(chosen, rng, chosen.rows, chosen.cols)
    turns = tuple(QUARTER_TURNS[_below(rng, len(QUARTER_TURNS))] for _ in faces)
    return LandedBoard(Board(chosen.rows, chosen.cols, faces), turns, chosen.name, seed)


def _below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``[0, n)``, by rejection from ``getrandbits`` (stable forever)."""
    bits = n.bit_length()
    while True:
        value = rng.getrandbits(bits)
        if value < n:
            return value


def _shuffle(rng: random.Random, items: list) -> None:
    """Fisher-Yates shuffle in place, on :func:`_below`."""
    for i in range(len(items) - 1, 0, -1):
        j = _below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
