"""The search for rich boards: simulated annealing over boards, by their total points.

Two kinds of board are searched:

- *free*: any letter on any cube. A board is its faces; fresh boards draw each cube's
  letter from the pooled faces of the published dice (Boggle-like letters, few ``x``
  and ``z``), and a cube may take any single letter of the dictionary's language
  (``qu`` for ``q``).
- *dice*: a board a physical set can show. A board is then an *assignment*: which die
  sits in each cell and which of its faces is up, so every board searched is rollable.

Two moves change a board:

- *a cube's face*, by heat bath: every face the cube may show (any letter, or the
  faces of its die) is scored at once by ``solver.score_faces``, one walk for some 25
  boards at the price of 1.5 to 5, and one is drawn with a weight of
  ``exp(points / temperature)``: the best nearly always when cold, any when hot. A
  Metropolis move (one face drawn at random, kept or not) wastes most of its walks on
  faces that lose hundreds of points; the heat bath weighs them all.
- *a swap of two cubes* (two dice with their faces up), kept by the Metropolis rule.

The search runs in *climbs*. A climb anneals a fresh random board for ``CLIMB_STEPS``
steps (on 4x4; by the square of its cubes), from a temperature just under the one at
which a rich board melts into a random one (``HOT_SHARE`` of the best points seen per
cube) down to almost none, takes the best board it saw up to its local peak (each cube's
best face, then every swap that gains, until neither gains), then refines it by iterated
local search: a few cubes around one cube are thrown into disorder, the whole board is
annealed again briefly from a lower temperature, and the result is kept when it is no
worse, until ``STALE_TRIES`` tries in a row find nothing better. Annealing finds the
rich boards' families (the boards around a frame of vowels and of endings such as -ers,
-ing); the refinement moves within one (ENABLE2K's 10,384-point 5x5 board and the
10,406-point best known one differ in four cubes). Then a new climb starts. A start
board given is taken to its peak and refined first, never melted: a search that goes on
from a board must not lose it.

Temperatures are shares of the best points seen per cube, so that they fit any size of
board and any word list (a short cold pass first sets that scale), and depend only on
the steps taken, never on the clock: a seed and a number of steps give the same board on
every machine, and the time bound only decides how many steps are taken. The answer is
the best board seen, the start included, so it is never worse than the start.

With several workers (``workers``), each runs climbs of its own in a process of its
own, on a random stream seeded from the seed and its index, and the best of their
boards wins, the first worker's on a tie: the same seed, workers and steps give the
same board whatever the processes' scheduling.

Boards are scored by ``solver.score_board`` and ``solver.score_faces`` (points and word
counts only), the only calls this module makes of the search.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any

from . import solver
from .board import BLANK, Board, grid_neighbors
from .dice import DiceSet, sets_of
from .dictionary import Dictionary
from .errors import BoggleError
from .rules import RULES, Ruleset
from .solver import DEFAULT_MIN_LENGTH, score_board, score_faces, word_steps

#: The name of the mode with no dice: any letter on any cube.
FREE = "free"
#: Steps (moves tried) of a climb's first annealing on a 4x4 board, from hot to cold;
#: other sizes by the square of their cubes (a board's swaps grow so): 24,414 on 5x5,
#: some 17 s of a core with ENABLE2K. Longer climbs end on richer peaks on 5x5: climbs
#: of 10,000 steps ended between 8,200 and 9,800 points, of 30,000 between 9,200 and
#: 10,000 (benchmarks/README.md), worth the fewer climbs.
CLIMB_STEPS = 10_000
#: The most a climb on a larger board anneals, in 4x4 climbs (from 6x6 on).
CLIMB_MOST = 4
#: A climb's first temperature, as a share of the best points seen per cube (points a
#: move may lose and still be taken about one time in e): just under where a rich board
#: melts into a random one (about 0.4 of its points per cube, on 4x4 and 5x5 boards
#: alike), and its last.
HOT_SHARE = 0.4
COLD_SHARE = 0.05
#: The share of moves that are swaps of two cubes; the others change a cube's face.
SWAP_SHARE = 0.3
#: Moves a cube of the cold pass that sets the temperatures' scale before the first climb.
PILOT_SWEEPS = 2
#: Points: a heat bath this cold puts the best face (ties aside).
POLISH_TEMPERATURE = 1e-6
#: The refinement: cubes thrown into disorder (one and some around it), at what
#: temperature, how many of their faces are drawn, and the short annealing after it.
RUIN_CUBES = 4
RUIN_SHARE = 0.3
RUIN_DRAWS = 3
TRY_STEPS = 1_500
TRY_HOT_SHARE = 0.15
TRY_COLD_SHARE = 0.04
#: Tries in a row without a better board before a climb gives way to a new one.
STALE_TRIES = 6
#: Only a climb whose annealing ended this close to the best points seen (a share of
#: them) is refined: the others are in poorer families, which refining seldom leaves.
REFINE_WITHIN = 0.03
#: How often, in seconds, a search reports its progress when asked to.
PROGRESS_EVERY = 0.5
#: The most workers a search runs (each a process).
MAX_WORKERS = 64


def free_faces(rules: Ruleset = RULES) -> tuple[str, ...]:
    """The letters a free search draws fresh boards from, for a language: its dice's
    single faces, pooled, so that each letter comes up as often as on its dice (``qu``
    included, blanks and the two-letter faces left out: they rarely pay). German's
    bring ä, ö, ü."""
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
    workers: int = 1
    #: Each time a worker found a better board: (worker, its steps, its CPU seconds,
    #: points), by worker, then step. The steps are the same on every machine; the CPU
    #: seconds are what a core of its own would have taken (benchmarks/rich_boards.py).
    history: tuple[tuple[int, int, float, int], ...] = ()

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
    """How a running search is doing: the best so far and the steps (moves) taken."""

    best: int
    steps: int
    seconds: float

    @property
    def per_second(self) -> float:
        """Steps taken a second."""
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
    workers: int = 1,
) -> RichBoard:
    """Search for a high-scoring board; stop after ``steps`` moves or ``seconds``.

    ``dice`` None is the free mode, on a ``rows`` x ``cols`` board (4x4 unless given);
    with a dice set the board is its size. ``start`` is the board to start from (a
    random one if None); with dice it must be one the set can show. ``min_length``
    is the shortest word counted: the dice set's rule unless given. ``workers`` is the
    number of processes searching at once; ``steps`` are shared among them, the first
    ones taking one more where they do not divide evenly.
    """
    if steps is None and seconds is None:
        raise RichSearchError("give a number of steps or of seconds, or both")
    if steps is not None and steps < 0:
        raise RichSearchError(f"steps must be 0 or more, not {steps}")
    if not 1 <= workers <= MAX_WORKERS:
        raise RichSearchError(f"workers must be from 1 to {MAX_WORKERS}, not {workers}")
    if min_length is None:
        min_length = dice.min_length if dice else DEFAULT_MIN_LENGTH
    plan = _Plan(dictionary, dice, rows, cols, min_length, start, seed)
    started = time.monotonic()
    deadline = None if seconds is None else started + seconds
    shares = [None] * workers if steps is None else _shares(steps, workers)
    if workers == 1:
        reporter = None if on_progress is None else _Reporter(on_progress, started, 1)
        found = [plan.climb(0, shares[0], deadline, reporter and reporter.worker(0))]
    else:
        found = _in_processes(plan, shares, deadline, on_progress, started)
    elapsed = time.monotonic() - started
    # The best board, the first worker's on a tie: max keeps the first of equals.
    best = max(found, key=lambda f: f.points)
    total = sum(f.steps for f in found)
    if on_progress is not None:
        on_progress(Progress(best.points, total, elapsed))
    name = dice.name if dice else FREE
    board = Board(plan.rows, plan.cols, best.faces)
    history = tuple(entry for f in found for entry in f.history)
    return RichBoard(
        board, best.points, best.words, total, elapsed, name, seed, min_length, workers, history
    )


def _shares(steps: int, workers: int) -> list[int]:
    """Each worker's steps: an even share, the first ones taking the remainder."""
    share, extra = divmod(steps, workers)
    return [share + (index < extra) for index in range(workers)]


@dataclass(frozen=True)
class _Found:
    """A worker's best board (its faces), its points and words, and the steps it took."""

    faces: tuple[str, ...]
    points: int
    words: int
    steps: int
    history: tuple[tuple[int, int, float, int], ...] = ()


class _OutOfStepsError(Exception):
    """A worker has taken its steps, or its time is up: it stops where it is (not an
    error: the end of every search)."""


class _Plan:
    """What every worker searches: the word list, the kind and size of board, the
    rule, the start; and the search itself (``climb``)."""

    def __init__(
        self,
        dictionary: Dictionary,
        dice: DiceSet | None,
        rows: int | None,
        cols: int | None,
        min_length: int,
        start: Board | None,
        seed: int,
    ) -> None:
        self.dictionary = dictionary
        self.dice = dice
        if dice is not None:
            rows, cols = dice.rows, dice.cols
        elif start is not None:
            rows, cols = start.rows, start.cols
        self.rows = rows or cols or 4
        self.cols = cols or self.rows
        self.min_length = min_length
        if dice is not None and start is not None and dice_assignment(start, dice) is None:
            raise RichSearchError(
                f"this board cannot be rolled with the {dice.name} dice: "
                "no way to give each cube a die of its own that shows its face"
            )
        self.start = start
        self.seed = seed
        self.around = grid_neighbors(self.rows, self.cols)
        if solver.ENGINE == "native":
            # The words' numbers the native walk of every face reads (a third of a
            # second for ENABLE2K), worked out before the workers are forked: shared.
            word_steps(dictionary)
        # Fresh boards draw from the language's dice; a cube may take any of its single
        # letters (and qu), whether its dice have it or not.
        rules = dictionary.rules
        self.pool = free_faces(rules) or tuple(sorted(rules.faces))
        letters = set(self.pool) | {
            face for face in rules.faces if len(face) == 1 or face in rules.letter_faces.values()
        }
        self.letters = tuple(sorted(letters & rules.faces))

    def state(self, rng: random.Random) -> _FreeState | _DiceState:
        """A board to search from: a fresh random one."""
        if self.dice is not None:
            return _DiceState(self.dice, rng)
        return _FreeState(self.rows, self.cols, self.pool, self.letters, rng)

    def climb(
        self,
        index: int,
        steps: int | None,
        deadline: float | None,
        report: Callable[[int, int], None] | None,
    ) -> _Found:
        """Worker ``index``'s search: climbs until its steps are taken or its time is up."""
        return _Climber(self, index, steps, deadline, report).run()


class _Climber:
    """One worker's search: its random stream, its budget, its best board."""

    def __init__(
        self,
        plan: _Plan,
        index: int,
        steps: int | None,
        deadline: float | None,
        report: Callable[[int, int], None] | None,
    ) -> None:
        self.plan = plan
        # Each worker's stream from the seed and its index (str seeds are hashed the
        # same way by every Python since 3.2).
        self.rng = random.Random(f"rich/{plan.seed}/{index}")
        self.steps = steps
        self.deadline = deadline
        self.report = report
        self.step = 0
        self.state = plan.state(self.rng)
        self.first = index == 0 and plan.start is not None
        if self.first:
            self.state.restore(plan.start)
        self.index = index
        self.cpu_started = time.process_time()
        self.history: list[tuple[int, int, float, int]] = []
        self.points, self.words = self.score()
        self.best = _Found(self.state.faces(), self.points, self.words, 0)
        self.climb_best = (self.state.snapshot(), self.points, self.words)
        self.note()

    # --- scoring -----------------------------------------------------------------

    def board(self) -> Board:
        return Board(self.plan.rows, self.plan.cols, self.state.faces())

    def score(self) -> tuple[int, int]:
        return score_board(self.board(), self.plan.dictionary, self.plan.min_length)

    def tick(self) -> None:
        """Count a step; stop the worker when its steps are taken or its time is up."""
        if self.steps is not None and self.step >= self.steps:
            raise _OutOfStepsError
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise _OutOfStepsError
        self.step += 1

    def seen(self) -> None:
        """Keep the board if it is the best so far, of the climb and of all."""
        if self.points > self.climb_best[1]:
            self.climb_best = (self.state.snapshot(), self.points, self.words)
        if self.points > self.best.points:
            self.best = _Found(self.state.faces(), self.points, self.words, self.step)
            self.note()
        if self.report is not None:
            self.report(self.best.points, self.step)

    def note(self) -> None:
        """Write the best board's points down in the history, with the steps and time."""
        cpu = round(time.process_time() - self.cpu_started, 3)
        self.history.append((self.index, self.step, cpu, self.best.points))

    # --- moves -------------------------------------------------------------------

    def heat(self, cell: int, temperature: float) -> None:
        """Draw cube ``cell``'s face by heat bath: every face it may show scored at once,
        each drawn with a weight of exp(points / temperature), times how often the dice
        show it (a tie goes to the commoner letter, which more words share)."""
        self.tick()
        faces, prior = self.state.choices(cell)
        if not faces:
            return
        scored = score_faces(self.board(), self.plan.dictionary, cell, faces, self.plan.min_length)
        top = max(points for points, _ in scored)
        weights = [
            share * math.exp((points - top) / temperature)
            for share, (points, _) in zip(prior, scored, strict=True)
        ]
        pick = self.rng.random() * sum(weights)
        chosen = 0
        while chosen < len(faces) - 1 and pick >= weights[chosen]:
            pick -= weights[chosen]
            chosen += 1
        self.state.put(cell, faces[chosen])
        self.points, self.words = scored[chosen]
        self.seen()

    def swap(self, temperature: float) -> None:
        """Swap two cubes; keep the swap by the Metropolis rule."""
        self.tick()
        size = self.state.size
        i, j = _pick(self.rng, size), _pick(self.rng, size)
        if not self.state.swap(i, j):
            return  # the same cube, or two showing the same face: nothing to score
        points, words = self.score()
        gain = points - self.points
        if gain >= 0 or self.rng.random() < math.exp(gain / temperature):
            self.points, self.words = points, words
            self.seen()
        else:
            self.state.swap(i, j)

    def move(self, temperature: float, cells: tuple[int, ...] | None = None) -> None:
        """One move: a swap, or a cube's face (among ``cells`` if given) by heat bath."""
        if self.state.size > 1 and self.rng.random() < SWAP_SHARE:
            self.swap(temperature)
        else:
            pool = cells or range(self.state.size)
            self.heat(pool[_pick(self.rng, len(pool))], temperature)

    # --- the search --------------------------------------------------------------

    def scale(self) -> float:
        """The temperatures' unit: the best points seen, per cube (a rich board melts
        into a random one at about 0.35 of it, on 4x4 and 5x5 boards alike)."""
        return max(self.best.points, 1) / self.state.size

    def squared(self, steps: int) -> int:
        """``steps`` of a 4x4 board on this one, by the square of its cubes: at least 1,
        at most CLIMB_MOST times as many (a climb on a large board must still end)."""
        return min(max(round(steps * self.state.size**2 / 256), 1), CLIMB_MOST * steps)

    def anneal(self, steps: int, hot: float, cold: float) -> None:
        """``steps`` moves, the temperature falling from ``hot`` to ``cold`` shares of
        the best points seen by the same ratio each step."""
        for step in range(steps):
            self.move(self.scale() * hot * (cold / hot) ** (step / steps))

    def polish(self) -> None:
        """Steepest climb to a local peak: each cube's best face, then every swap that
        gains, until neither gains."""
        while True:
            before = self.points
            for cell in range(self.state.size):
                self.heat(cell, POLISH_TEMPERATURE)
            for i in range(self.state.size):
                for j in range(i + 1, self.state.size):
                    self.tick()
                    if not self.state.swap(i, j):
                        continue
                    points, words = self.score()
                    if points > self.points:
                        self.points, self.words = points, words
                        self.seen()
                    else:
                        self.state.swap(i, j)
            if self.points <= before:
                return

    def refine(self) -> None:
        """Iterated local search from the climb's best: throw a few cubes around one
        into disorder, anneal briefly, keep the result when it is no worse; until
        STALE_TRIES tries in a row find nothing better."""
        kept = (self.state.snapshot(), self.points, self.words)
        stale = 0
        while stale < STALE_TRIES:
            centre = _pick(self.rng, self.state.size)
            around = self.plan.around[centre]
            ruined = (centre, *_sample(self.rng, around, RUIN_CUBES - 1))
            for _ in range(RUIN_DRAWS * len(ruined)):
                self.heat(ruined[_pick(self.rng, len(ruined))], self.scale() * RUIN_SHARE)
            self.anneal(TRY_STEPS, TRY_HOT_SHARE, TRY_COLD_SHARE)
            if self.points > kept[1]:
                stale = 0
            else:
                stale += 1
            if self.points >= kept[1]:
                kept = (self.state.snapshot(), self.points, self.words)
            else:
                self.state.restore_snapshot(kept[0])
                self.points, self.words = kept[1], kept[2]

    def run(self) -> _Found:
        """Climb after climb until the steps are taken or the time is up."""
        try:
            # A cold pass first, for a scale of the points a rich board of this size
            # and word list holds: from a random board's, the first climb would start
            # far too cold. A start board given is refined before anything else: a
            # search that goes on from a board (POST /rich, a slice at a time) must not
            # melt it first.
            self.anneal(PILOT_SWEEPS * self.state.size, COLD_SHARE, COLD_SHARE)
            if self.first:
                self.climb()
            while True:
                self.state.shuffle()
                self.points, self.words = self.score()
                self.climb_best = (self.state.snapshot(), self.points, self.words)
                self.seen()
                self.anneal(self.squared(CLIMB_STEPS), HOT_SHARE, COLD_SHARE)
                self.climb()
        except _OutOfStepsError:
            pass
        best = self.best
        return _Found(best.faces, best.points, best.words, self.step, tuple(self.history))

    def climb(self) -> None:
        """From the climb's best board: up to its local peak, then refined when it is
        among the richest seen."""
        snapshot, self.points, self.words = self.climb_best
        self.state.restore_snapshot(snapshot)
        self.polish()
        if self.points >= (1 - REFINE_WITHIN) * self.best.points:
            self.refine()


def _pick(rng: random.Random, n: int) -> int:
    """A uniform index below ``n`` from ``random()``, whose sequence Python keeps stable."""
    return min(int(rng.random() * n), n - 1)


def _sample(rng: random.Random, items: tuple[int, ...], k: int) -> tuple[int, ...]:
    """``k`` distinct items drawn uniformly (all of them if fewer), by _pick."""
    pool = list(items)
    for i in range(min(k, len(pool))):
        j = i + _pick(rng, len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return tuple(pool[: min(k, len(pool))])


class _FreeState:
    """A free board: a face per cell."""

    def __init__(
        self,
        rows: int,
        cols: int,
        pool: tuple[str, ...],
        letters: tuple[str, ...],
        rng: random.Random,
    ) -> None:
        self.rows, self.cols, self.size = rows, cols, rows * cols
        self.pool, self.letters = pool, letters
        # A letter the dice never show is still weighed, as if one face showed it.
        self.prior = tuple(float(max(pool.count(letter), 1)) for letter in letters)
        self.rng = rng
        self.shuffle()

    def shuffle(self) -> None:
        """A fresh random board, from the pooled dice."""
        pool = self.pool
        self.cells = [pool[_pick(self.rng, len(pool))] for _ in range(self.size)]

    def faces(self) -> tuple[str, ...]:
        return tuple(self.cells)

    def choices(self, cell: int) -> tuple[tuple[str, ...], tuple[float, ...]]:
        """The faces cube ``cell`` may show (any letter), each with its weight before
        the points: how often the pooled dice show it."""
        return self.letters, self.prior

    def put(self, cell: int, face: str) -> None:
        self.cells[cell] = face

    def swap(self, i: int, j: int) -> bool:
        """Swap two cubes; False (nothing done) when they show the same face."""
        if self.cells[i] == self.cells[j]:
            return False
        self.cells[i], self.cells[j] = self.cells[j], self.cells[i]
        return True

    def restore(self, board: Board) -> None:
        """Start from ``board`` (its size is the plan's)."""
        self.cells = list(board.faces)

    def snapshot(self) -> tuple[str, ...]:
        return tuple(self.cells)

    def restore_snapshot(self, snapshot: tuple[str, ...]) -> None:
        self.cells = list(snapshot)


class _DiceState:
    """A board of a dice set: the die in each cell and its face up."""

    def __init__(self, dice: DiceSet, rng: random.Random) -> None:
        self.dice = dice
        self.size = dice.rows * dice.cols
        self.rng = rng
        # Each die's faces, each once, blanks left out: a blank never scores more than
        # a letter in its place (every path that misses the cube is still there).
        self.shown = []
        for die in dice.dice:
            faces = tuple(dict.fromkeys(face for face in die if face != BLANK))
            prior = tuple(float(die.count(face)) for face in faces)
            self.shown.append((faces, prior))
        self.shuffle()

    def shuffle(self) -> None:
        """A fresh roll: the dice in a random order, each showing a random face."""
        rng, dice = self.rng, self.dice.dice
        self.order = list(range(len(dice)))
        for i in range(len(self.order) - 1, 0, -1):  # Fisher-Yates on _pick
            j = _pick(rng, i + 1)
            self.order[i], self.order[j] = self.order[j], self.order[i]
        self.up = [dice[d][_pick(rng, len(dice[d]))] for d in self.order]

    def faces(self) -> tuple[str, ...]:
        return tuple(self.up)

    def choices(self, cell: int) -> tuple[tuple[str, ...], tuple[float, ...]]:
        """The faces cube ``cell`` may show (its die's), each with its weight before the
        points: how many of the die's faces show it."""
        return self.shown[self.order[cell]]

    def put(self, cell: int, face: str) -> None:
        self.up[cell] = face

    def swap(self, i: int, j: int) -> bool:
        """Swap two dice with their faces up; False (nothing done) when they show the
        same face."""
        if self.up[i] == self.up[j]:
            return False
        self.order[i], self.order[j] = self.order[j], self.order[i]
        self.up[i], self.up[j] = self.up[j], self.up[i]
        return True

    def restore(self, board: Board) -> None:
        """Start from ``board``, one the dice can show (the plan checked it)."""
        self.order = dice_assignment(board, self.dice) or []
        self.up = list(board.faces)

    def snapshot(self) -> tuple[tuple[int, ...], tuple[str, ...]]:
        return tuple(self.order), tuple(self.up)

    def restore_snapshot(self, snapshot: tuple[tuple[int, ...], tuple[str, ...]]) -> None:
        self.order, self.up = list(snapshot[0]), list(snapshot[1])


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


# --- Workers in processes -------------------------------------------------------------


class _Reporter:
    """Gathers the workers' progress (best points, steps) and reports the whole at most
    every PROGRESS_EVERY seconds."""

    def __init__(self, on_progress: Callable[[Progress], None], started: float, workers: int):
        self.on_progress = on_progress
        self.started = started
        self.bests = [0] * workers
        self.steps = [0] * workers
        self.reported = started

    def update(self, index: int, best: int, steps: int) -> None:
        self.bests[index], self.steps[index] = best, steps
        now = time.monotonic()
        if now - self.reported >= PROGRESS_EVERY:
            self.reported = now
            self.on_progress(Progress(max(self.bests), sum(self.steps), now - self.started))

    def worker(self, index: int) -> Callable[[int, int], None]:
        """What worker ``index`` calls with its best points and steps so far."""
        return lambda best, steps: self.update(index, best, steps)


def _in_processes(
    plan: _Plan,
    shares: list[int | None],
    deadline: float | None,
    on_progress: Callable[[Progress], None] | None,
    started: float,
) -> list[_Found]:
    """Each worker's best, from a process each (forked: they share the word graph's
    memory), in worker order. Where processes cannot be forked, the workers run one
    after another here, each with an even share of the time left."""
    workers = len(shares)
    reporter = None if on_progress is None else _Reporter(on_progress, started, workers)
    if "fork" not in multiprocessing.get_all_start_methods():
        found = []
        for index, steps in enumerate(shares):
            share = None
            if deadline is not None:
                share = time.monotonic() + (deadline - time.monotonic()) / (workers - index)
            report = reporter and reporter.worker(index)
            found.append(plan.climb(index, steps, share, report))
        return found
    context = multiprocessing.get_context("fork")
    pipes, processes = [], []
    try:
        for index, steps in enumerate(shares):
            ours, theirs = context.Pipe(duplex=False)
            process = context.Process(
                target=_worker, args=(theirs, plan, index, steps, deadline), daemon=True
            )
            process.start()
            theirs.close()
            pipes.append(ours)
            processes.append(process)
        results: list[_Found | None] = [None] * workers
        waiting = dict(zip(pipes, range(workers), strict=True))
        while waiting:
            for pipe in wait(list(waiting)):
                index = waiting[pipe]  # type: ignore[index]
                try:
                    kind, payload = pipe.recv()  # type: ignore[union-attr]
                except EOFError:
                    message = f"search worker {index} ended without an answer"
                    raise RichSearchError(message) from None
                if kind == "progress" and reporter is not None:
                    reporter.update(index, *payload)
                elif kind == "error":
                    raise payload
                elif kind == "done":
                    results[index] = payload
                    del waiting[pipe]
        return [found for found in results if found is not None]
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()
            process.join()
        for pipe in pipes:
            pipe.close()


def _worker(
    pipe: Connection, plan: _Plan, index: int, steps: int | None, deadline: float | None
) -> None:
    """A worker process: climb, sending progress at most every PROGRESS_EVERY seconds,
    then the best board found (or the error that stopped it)."""
    last = [0.0]

    def report(best: int, taken: int) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY:
            last[0] = now
            pipe.send(("progress", (best, taken)))

    try:
        pipe.send(("done", plan.climb(index, steps, deadline, report)))
    except BaseException as error:  # every failure goes to the parent
        pipe.send(("error", error))
    finally:
        pipe.close()
        os._exit(0)  # no atexit handlers or buffers of the parent's, twice
