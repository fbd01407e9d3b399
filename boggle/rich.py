"""The search for rich boards: simulated annealing over boards, by their total points.

Two kinds of board are searched:

- *free*: any letter on any cube. A move puts another letter on one cube (drawn from
  the pooled faces of the published dice, so proposals are Boggle-like letters and
  the search spends little time on boards full of ``x`` and ``z``), or swaps two cubes.
- *dice*: a board a physical set can show. A board is then an *assignment*: which die
  sits in each cell and which of its six faces is up. A move rerolls one die (another
  of its faces) or swaps two dice between cells, so every board searched is rollable.

The annealing runs in rounds of ``ROUND_STEPS`` steps, each cooling from a temperature
in proportion to the best score so far down to almost nothing, and each starting from
the best board of its chain; a chain that finds nothing better for ``STALE_ROUNDS``
rounds gives way to a new one from a fresh random board (restarts). The temperature
depends only on the step, never the clock, so a seed and a number of steps give the same
board on every machine; the time bound only decides how many steps are taken. The
answer is the best board seen, the start included, so it is never worse than the start.

Boards are scored by ``solver.score_board`` (points and word count only), the one
call this module makes of the search.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .board import BLANK, Board
from .dice import DiceSet, sets_of
from .dictionary import Dictionary
from .errors import BoggleError
from .rules import RULES, Ruleset
from .solver import DEFAULT_MIN_LENGTH, score_board

#: The name of the mode with no dice: any letter on any cube.
FREE = "free"
#: Steps of one annealing round, from hot to cold. Long enough for a board to wander
#: far from the round's start, short enough that a 1 s search runs a few rounds.
ROUND_STEPS = 2_000
#: A round's first temperature, as a share of the best score so far (points a move may
#: lose and still be taken about one time in e), and its last, in points.
HOT_SHARE = 0.02
COLD = 0.3
#: Rounds a chain may go without a better board before a new chain starts afresh.
STALE_ROUNDS = 4
#: How often, in seconds, a search reports its progress when asked to.
PROGRESS_EVERY = 0.5


def free_faces(rules: Ruleset = RULES) -> tuple[str, ...]:
    """The letters a free search proposes for a language: its dice's single faces,
    pooled, so that each letter comes up as often as on its dice (``qu`` included,
    blanks and the two-letter faces left out: they rarely pay). German's bring ä, ö, ü."""
    return tuple(
        face
        for dice in sets_of(rules).values()
        for die in dice.dice
        for face in die
        if face != BLANK and (len(face) == 1 or face in rules.letter_faces.values())
    )


#: English's, from the published dice.
FREE_FACES = free_faces(RULES)


class RichSearchError(BoggleError):
    """A search for rich boards that cannot be made as asked: the message says why."""


@dataclass(frozen=True)
class RichBoard:
    """The best board a search found, its points and words, and what the search did."""

    board: Board
    points: int
    words: int
    steps: int
    seconds: float
    dice: str = FREE
    seed: int = 0
    min_length: int = DEFAULT_MIN_LENGTH

    def as_dict(self, dictionary: str) -> dict[str, Any]:
        """The ``POST /rich`` document: the board as ``/random`` gives one, its points
        and words as ``/solve`` names them, and what the search did."""
        return {
            "board": self.board.display_rows(),
            "rows": self.board.rows,
            "cols": self.board.cols,
            "text": str(self.board),
            "dice": self.dice,
            "dictionary": dictionary,
            "min_length": self.min_length,
            "seed": self.seed,
            "total_score": self.points,
            "count": self.words,
            "steps": self.steps,
            "elapsed_ms": round(self.seconds * 1000, 3),
        }


@dataclass(frozen=True)
class Progress:
    """How a running search is doing: the best so far and the boards tried."""

    best: int
    steps: int
    seconds: float

    @property
    def per_second(self) -> float:
        """Boards tried a second."""
        return self.steps / self.seconds if self.seconds > 0 else 0.0


def find_rich_board(
    dictionary: Dictionary,
    dice: DiceSet | None = None,
    rows: int | None = None,
    cols: int | None = None,
    seed: int = 0,
    steps: int | None = None,
    seconds: float | None = None,
    start: Board | None = None,
    min_length: int | None = None,
    on_progress: Callable[[Progress], None] | None = None,
) -> RichBoard:
    """Search for a high-scoring board; stop after ``steps`` boards or ``seconds``.

    ``dice`` None is the free mode, on a ``rows`` x ``cols`` board (4x4 unless given);
    with a dice set the board is its size. ``start`` is the board to start from (a
    random one if None); with dice it must be one the set can show. ``min_length``
    is the shortest word counted: the dice set's rule unless given.
    """
    if steps is None and seconds is None:
        raise RichSearchError("give a number of steps or of seconds, or both")
    if steps is not None and steps < 0:
        raise RichSearchError(f"steps must be 0 or more, not {steps}")
    rng = random.Random(seed)
    if dice:
        state: _DiceState | _FreeState = _DiceState(dice, rng, start)
    else:
        # Free letters are the dictionary's language's: a German search places ä, ö, ü.
        state = _FreeState(rows, cols, rng, start, free_faces(dictionary.rules))
    if min_length is None:
        min_length = dice.min_length if dice else DEFAULT_MIN_LENGTH
    started = time.monotonic()
    deadline = None if seconds is None else started + seconds
    current = best = chain = score_board(state.board(), dictionary, min_length)
    best_board = chain_board = state.board()
    reported = started
    step = stale = 0
    while steps is None or step < steps:
        now = time.monotonic()
        if deadline is not None and now >= deadline:
            break
        if on_progress is not None and now - reported >= PROGRESS_EVERY:
            on_progress(Progress(best[0], step, now - started))
            reported = now
        phase = step % ROUND_STEPS
        if phase == 0 and step:
            # Each round starts from the best board of its chain. A chain that has not
            # improved for STALE_ROUNDS rounds is stuck on a local peak (two seeds in
            # three settled on the same 3,378-point 4x4 board that way): a new chain
            # starts from a fresh random board, and the best board of all is kept.
            stale += 1
            if stale >= STALE_ROUNDS:
                state.shuffle()
                chain_board, stale = state.board(), 0
                chain = score_board(chain_board, dictionary, min_length)
            else:
                state.restore(chain_board)
            current = chain
        hot = max(HOT_SHARE * chain[0], COLD)
        temperature = hot * (COLD / hot) ** (phase / ROUND_STEPS)
        undo = state.move()
        scored = score_board(state.board(), dictionary, min_length)
        step += 1
        gain = scored[0] - current[0]
        if gain >= 0 or rng.random() < math.exp(gain / temperature):
            current = scored
            if scored[0] > chain[0]:
                chain, chain_board, stale = scored, state.board(), 0
                if scored[0] > best[0]:
                    best, best_board = scored, chain_board
        else:
            undo()
    elapsed = time.monotonic() - started
    if on_progress is not None:
        on_progress(Progress(best[0], step, elapsed))
    name = dice.name if dice else FREE
    return RichBoard(best_board, best[0], best[1], step, elapsed, name, seed, min_length)


def _pick(rng: random.Random, n: int) -> int:
    """A uniform index below ``n`` from ``random()``, whose sequence Python keeps stable."""
    return min(int(rng.random() * n), n - 1)


class _FreeState:
    """A free board: a face per cell; moves change a cube's letter or swap two cubes."""

    def __init__(
        self,
        rows: int | None,
        cols: int | None,
        rng: random.Random,
        start: Board | None,
        letters: tuple[str, ...] = FREE_FACES,
    ) -> None:
        self.letters = letters
        if start is not None:
            rows, cols = start.rows, start.cols
        self.rows = rows or cols or 4
        self.cols = cols or self.rows
        self.rng = rng
        if start is not None:
            self.faces = list(start.faces)
        else:
            self.shuffle()

    def shuffle(self) -> None:
        """A fresh random board."""
        letters = self.letters
        self.faces = [letters[_pick(self.rng, len(letters))] for _ in range(self.size)]

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def board(self) -> Board:
        return Board(self.rows, self.cols, tuple(self.faces))

    def restore(self, board: Board) -> None:
        self.faces = list(board.faces)

    def move(self) -> Callable[[], None]:
        """Make a random move; return what undoes it."""
        faces, rng = self.faces, self.rng
        cell = _pick(rng, self.size)
        if self.size > 1 and rng.random() < 0.3:
            other = _pick(rng, self.size)
            faces[cell], faces[other] = faces[other], faces[cell]
            return lambda: _swap(faces, cell, other)
        old = faces[cell]
        faces[cell] = self.letters[_pick(rng, len(self.letters))]
        return lambda: faces.__setitem__(cell, old)


class _DiceState:
    """A board of a dice set: the die in each cell and its face up; moves reroll or swap."""

    def __init__(self, dice: DiceSet, rng: random.Random, start: Board | None) -> None:
        self.dice = dice
        self.rng = rng
        if start is not None:
            self.restore(start)
        else:
            self.shuffle()

    def shuffle(self) -> None:
        """A fresh roll: the dice in a random order, each showing a random face."""
        rng, dice = self.rng, self.dice.dice
        self.order = list(range(len(dice)))
        for i in range(len(self.order) - 1, 0, -1):  # Fisher-Yates on _pick
            j = _pick(rng, i + 1)
            self.order[i], self.order[j] = self.order[j], self.order[i]
        self.up = [_pick(rng, len(dice[d])) for d in self.order]

    def board(self) -> Board:
        dice = self.dice.dice
        faces = tuple(dice[d][u] for d, u in zip(self.order, self.up, strict=True))
        return Board(self.dice.rows, self.dice.cols, faces)

    def restore(self, board: Board) -> None:
        assignment = dice_assignment(board, self.dice)
        if assignment is None:
            raise RichSearchError(
                f"this board cannot be rolled with the {self.dice.name} dice: "
                "no way to give each cube a die of its own that shows its face"
            )
        self.order = assignment
        self.up = [
            self.dice.dice[d].index(face) for d, face in zip(assignment, board.faces, strict=True)
        ]

    def move(self) -> Callable[[], None]:
        order, up, rng = self.order, self.up, self.rng
        cell = _pick(rng, len(order))
        if rng.random() < 0.5:
            other = _pick(rng, len(order))
            _swap(order, cell, other)
            _swap(up, cell, other)
            return lambda: (_swap(order, cell, other), _swap(up, cell, other))
        old = up[cell]
        up[cell] = (old + 1 + _pick(rng, 5)) % 6  # one of the die's five other faces
        return lambda: up.__setitem__(cell, old)


def _swap(items: list, i: int, j: int) -> None:
    items[i], items[j] = items[j], items[i]


def dice_assignment(board: Board, dice: DiceSet) -> list[int] | None:
    """For each cell, a die of the set showing that cell's face, no die used twice; None
    if there is no such assignment (or the board is not the set's size).

    A bipartite matching of cells to dice, by augmenting paths (Kuhn's algorithm): a
    few hundred steps for 36 cells.
    """
    if (board.rows, board.cols) != (dice.rows, dice.cols):
        return None
    holders = [[d for d, die in enumerate(dice.dice) if face in die] for face in board.faces]
    die_cell: dict[int, int] = {}

    def place(cell: int, seen: set[int]) -> bool:
        for die in holders[cell]:
            if die not in seen:
                seen.add(die)
                if die not in die_cell or place(die_cell[die], seen):
                    die_cell[die] = cell
                    return True
        return False

    for cell in range(board.size):
        if not place(cell, set()):
            return None
    order = [0] * board.size
    for die, cell in die_cell.items():
        order[cell] = die
    return order
