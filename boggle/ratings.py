"""How good is a board: where its points fall among many boards rolled with the same dice.

For a dice set and a dictionary, the *distribution* is the total points of each of
``ROLLS`` boards rolled with seeds 0, 1, 2, ... (``dice.random_board``, stable on every
machine), scored by the dice set's rule for the shortest word. A board's percentile is
the share of those boards that score fewer points than it does.

Where distributions come from, first found first:

1. memory (each store keeps what it has read or computed);
2. ``wordlists/ratings.json``, shipped: every shipped list with every dice set of its
   language (a German board is rated among boards of the German dice). The
   pure-Python scorer needs some 160 s of CPU for English's fifteen (0.35 to 2.8 ms a
   board), too long for a start-up, so they ship; the file is 138 KB and
   ``wordlists/rebuild_ratings.py --check`` proves it current;
3. the on-disk cache beside the word graphs (``dictionary.default_cache_dir``), one
   file per distribution, checked like a word graph: format, key and checksum, and a
   stale or damaged file is ignored and rebuilt;
4. computed, then written to that cache (``compute=True`` only: a request never
   waits for this; the server computes at start-up instead, see ``app.py``).

Each distribution is found by a *key* that hashes all it depends on: the dice, their
rule for the shortest word, the score table, the word graph's rules, the word list's
content and the number of rolls. A changed list or rule finds no stale figures.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import threading
import zlib
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate, pairwise
from pathlib import Path
from typing import Any

from .cachefile import write_atomically
from .dice import ALL_DICE_SETS, DiceSet, dice_set, random_board, sets_of
from .dictionary import Dictionary, default_cache_dir
from .i18n import Language, _, current, ngettext, number, percent
from .solver import Solution, score_board

log = logging.getLogger(__name__)

#: Boards rolled for each distribution (the issue's figure): the percentile of a board
#: is then known to within about half a point.
ROLLS = 10_000
#: Bump whenever the way boards are rolled or scored, or the file layout, changes.
FORMAT_VERSION = 1
#: Bars of the histogram: enough to show the shape, few enough to fit beside a board.
BINS = 12
#: The histogram's last bar starts here, and holds the long tail above it.
TAIL_PERCENTILE = 99

SHIPPED_FILE = Path(__file__).resolve().parent.parent / "wordlists" / "ratings.json"


class RatingsFileError(ValueError):
    """A ratings file cannot be read as one: the message says what is wrong."""


def distribution_key(dice: DiceSet, dictionary: Dictionary, rolls: int = ROLLS) -> str:
    """What a distribution depends on, hashed: see the module docstring."""
    # A dictionary built in memory has no file to hash; its table says the same.
    source = dictionary.source_hash or hashlib.sha256(dictionary.table).hexdigest()
    spelled = "|".join(
        (
            f"v{FORMAT_VERSION}",
            str(rolls),
            " ".join("".join(die) for die in dice.dice),
            f"{dice.rows}x{dice.cols}",
            str(dice.min_length),
            ",".join(map(str, dictionary.rules.score_by_length)),
            dictionary.rules.graph_key,
            source,
        )
    )
    return hashlib.sha256(spelled.encode()).hexdigest()[:32]


def roll_points(dice: DiceSet, dictionary: Dictionary, rolls: int = ROLLS) -> list[int]:
    """The total points of the boards rolled with seeds 0 to ``rolls - 1``."""
    return [
        score_board(random_board(dice, seed)[0], dictionary, dice.min_length)[0]
        for seed in range(rolls)
    ]


@dataclass(frozen=True)
class Bin:
    """One bar of the histogram: boards of ``low`` to ``high`` points (None: no top)."""

    low: int
    high: int | None
    count: int

    @property
    def text(self) -> str:
        """The bar as a chart's tooltip reads it: ``0 to 31 points: 586 boards``."""
        if self.high is None:
            return ngettext(
                "%(low)s or more points: %(num)s board",
                "%(low)s or more points: %(num)s boards",
                self.count,
                low=number(self.low),
            )
        return ngettext(
            "%(low)s to %(high)s points: %(num)s board",
            "%(low)s to %(high)s points: %(num)s boards",
            self.count,
            low=number(self.low),
            high=number(self.high),
        )

    def as_dict(self) -> dict[str, Any]:
        """The bar as the ``rating`` object of ``/solve`` gives it."""
        return {"low": self.low, "high": self.high, "count": self.count, "text": self.text}


@dataclass(frozen=True)
class Distribution:
    """The points of ``rolls`` rolled boards, as (points, boards) pairs by points."""

    dice: str
    dictionary: str
    counts: tuple[tuple[int, int], ...]

    @classmethod
    def from_points(cls, dice: str, dictionary: str, points: Iterable[int]) -> Distribution:
        """The distribution of these boards' points."""
        return cls(dice, dictionary, tuple(sorted(Counter(points).items())))

    @property
    def rolls(self) -> int:
        """How many boards were rolled."""
        return self._below[-1]

    # Arrays, not lists of ints: a rating bisects them, and in a list each int it
    # compares has its reference count written, which copies a page of gunicorn's
    # master into the worker; an array's entries are plain numbers, read in place.
    @cached_property
    def _points(self) -> array:
        return array("q", (points for points, _ in self.counts))

    @cached_property
    def _below(self) -> array:
        """``_below[i]``: boards scoring fewer points than ``counts[i]``; the last, all."""
        return array("q", [0, *accumulate(count for _, count in self.counts)])

    def prepare(self) -> None:
        """Work out now what rating a board reads (the tables above, the histogram):
        done in gunicorn's master before it forks, they are made once and shared."""
        self._points, self._below, self.bars  # noqa: B018 - each is made as it is read

    def fewer(self, points: int) -> int:
        """How many of the rolled boards score fewer points than ``points``."""
        return self._below[bisect_left(self._points, points)]

    def percentile(self, points: int) -> float:
        """The share of rolled boards, in percent, that score fewer points."""
        return 100 * self.fewer(points) / self.rolls

    def points_at(self, percent: float) -> int:
        """The fewest points that at least ``percent`` of the rolled boards score at most:
        the percentile's inverse, for the histogram's range."""
        wanted = math.ceil(self.rolls * percent / 100)
        seen = 0
        for points, count in self.counts:
            seen += count
            if seen >= wanted:
                return points
        return self.counts[-1][0]

    @cached_property
    def bars(self) -> tuple[Bin, ...]:
        """The histogram of BINS bars, worked out once: every rating of a board shows it."""
        return self.histogram(BINS)

    def histogram(self, bins: int = BINS) -> tuple[Bin, ...]:
        """Equal bars from the fewest points to the TAIL_PERCENTILE-th, then one for the tail."""
        low = self.counts[0][0]
        # The tail is long and thin (a few boards score several times the median):
        # equal bars up to the very best would squeeze nearly every board into two.
        width = max(1, math.ceil((self.points_at(TAIL_PERCENTILE) - low) / (bins - 1)))
        edges = [low + i * width for i in range(bins)]
        tallies = [0] * bins
        for points, count in self.counts:
            tallies[self.bin_of(points, edges)] += count
        return tuple(
            Bin(edge, edges[i + 1] - 1 if i + 1 < bins else None, tallies[i])
            for i, edge in enumerate(edges)
        )

    @staticmethod
    def bin_of(points: int, edges: list[int]) -> int:
        """The bar that holds ``points``: below the first edge is the first bar."""
        return max(0, bisect_left(edges, points + 1) - 1)


@dataclass(frozen=True)
class Rating:
    """How a board compares with boards rolled from its size's dice set."""

    points: int
    percentile: float
    dice: str
    dictionary: str
    rolls: int
    bins: tuple[Bin, ...]
    bin: int

    @property
    def share(self) -> int:
        """The percentile as the sentence says it, floored: "richer than 100%" only when
        the board beats every rolled board, and 99.6 is not rounded up to it."""
        return math.floor(self.percentile)

    @property
    def text(self) -> str:
        """The rating in a sentence: ``Richer than 87% of boards rolled with the same
        dice``. The dice set is not named: its name is a code (``new``, ``de-big``), and the
        page shows which set it is beside the sentence (``dice`` in the JSON says it)."""
        return _("Richer than %(share)s of boards rolled with the same dice", share=self.share_text)

    @property
    def share_text(self) -> str:
        """The floored percentile as a percentage: ``87%`` (``87 %`` in German)."""
        return percent(self.share / 100)

    def as_dict(self) -> dict[str, Any]:
        """The ``rating`` object of ``/solve`` (see docs/api.md)."""
        return {
            "text": self.text,
            "share_text": self.share_text,
            "percentile": round(self.percentile, 1),
            "points": self.points,
            "dice": self.dice,
            "dictionary": self.dictionary,
            "rolls": self.rolls,
            "bins": worded_bins(self.bins, current()),
            "bin": self.bin,
        }


#: Histograms kept worded (a dice set and a list, in one language each).
BARS_KEPT = 512
_worded: dict[tuple[int, Language], tuple[tuple[Bin, ...], list[dict[str, Any]]]] = {}


def worded_bins(bins: tuple[Bin, ...], language: Language) -> list[dict[str, Any]]:
    """The bars as the ``rating`` object gives them, worded in ``language``: once per
    histogram (a dice set and a list) and language, since every board rated among the
    same rolls shows the same bars. Worded anew, a /solve request spent half its time
    here (45 numbers written by Babel). Shared by every rating: never changed.

    Kept by the histogram's identity (every rating among the same rolls shows the same
    tuple, :attr:`Distribution.bars`), not its value: hashing twelve bars' numbers cost
    4 µs a request. The tuple is kept with its words, so its identity is not reused.
    """
    key = (id(bins), language)
    kept = _worded.get(key)
    if kept is not None and kept[0] is bins:
        return kept[1]
    if len(_worded) >= BARS_KEPT:
        _worded.clear()
    worded = [b.as_dict() for b in bins]
    _worded[key] = (bins, worded)
    return worded


class Ratings:
    """Distributions by dice set and dictionary: read, cached, or computed (see above)."""

    def __init__(
        self,
        cache_dir: str | os.PathLike[str] | None = None,
        shipped: Path | None = SHIPPED_FILE,
        rolls: int = ROLLS,
    ) -> None:
        self.cache_dir = Path(cache_dir) if cache_dir is not None else None
        self.shipped = shipped
        self.rolls = rolls
        self._known: dict[str, Distribution] = {}
        self._rated: dict[tuple[str, Dictionary], Distribution] = {}
        self._shipped: dict[str, Distribution] | None = None
        self._lock = threading.Lock()

    def distribution(
        self, dice: DiceSet, dictionary: Dictionary, compute: bool = True
    ) -> Distribution | None:
        """The distribution for this dice set and dictionary; None if it is not known
        yet and ``compute`` is false (computing takes seconds)."""
        key = distribution_key(dice, dictionary, self.rolls)
        found = self._known.get(key) or self._shipped_table().get(key)
        if found is None:
            found = self._read_cache(key)
        if found is None and compute:
            with self._lock:  # two threads asking at once compute it once
                found = self._known.get(key) or self._read_cache(key)
                if found is None:
                    points = roll_points(dice, dictionary, self.rolls)
                    found = Distribution.from_points(dice.name, dictionary.name, points)
                    self._write_cache(key, found)
        if found is not None:
            self._known[key] = found
        return found

    def warm(self, dictionaries: Iterable[Dictionary]) -> None:
        """Find or compute the distribution of every dice set of each dictionary's
        language, now, each ready to rate a board (:meth:`Distribution.prepare`)."""
        for dictionary in dictionaries:
            for dice in sets_of(dictionary.rules).values():
                found = self.distribution(dice, dictionary)
                if found is not None:
                    found.prepare()

    def rate(
        self, solution: Solution, dictionary: Dictionary, compute: bool = False
    ) -> Rating | None:
        """Where a solved board falls among boards rolled with its size's dice set of the
        dictionary's language; None when no such set makes a board of its size, or its
        figures are not known yet."""
        board = solution.board
        name = dictionary.rules.default_set_for_size.get((board.rows, board.cols))
        if name is None:
            return None
        dice = ALL_DICE_SETS[name]
        # Found once per dice set and list: the key hashes the whole rule and list.
        found = self._rated.get((name, dictionary))
        if found is None:
            found = self.distribution(dice, dictionary, compute)
            if found is None:
                return None
            self._rated[name, dictionary] = found
        points = board_points(solution, dictionary, dice.min_length)
        bins = found.bars
        return Rating(
            points,
            found.percentile(points),
            dice.name,
            dictionary.name,
            found.rolls,
            bins,
            Distribution.bin_of(points, [b.low for b in bins]),
        )

    # --- the shipped file and the cache -------------------------------------------------

    def _shipped_table(self) -> dict[str, Distribution]:
        if self._shipped is None:
            table: dict[str, Distribution] = {}
            if self.shipped is not None and self.shipped.is_file():
                try:
                    table = read_ratings_file(self.shipped)
                except RatingsFileError as error:
                    log.warning("ignoring %s: %s", self.shipped, error)
            self._shipped = table
        return self._shipped

    def _cache_file(self, key: str) -> Path:
        folder = self.cache_dir if self.cache_dir is not None else default_cache_dir()
        return folder / f"{key}.ratings.json"

    def _read_cache(self, key: str) -> Distribution | None:
        path = self._cache_file(key)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as error:
            log.warning("ignoring ratings cache %s: unreadable (%s)", path, error)
            return None
        try:
            found = read_entry(json.loads(text))
            if found[0] != key:
                raise RatingsFileError("made for another dice set, list or rule")
            if found[1].rolls != self.rolls:
                raise RatingsFileError(f"{found[1].rolls} rolls, not {self.rolls}")
        except (ValueError, RatingsFileError) as error:
            log.warning("ignoring ratings cache %s: %s", path, error)
            return None
        return found[1]

    def _write_cache(self, key: str, found: Distribution) -> None:
        """Write atomically (a temporary file renamed over the name), as word graphs are."""
        path = self._cache_file(key)
        text = json.dumps(entry_document(key, found), separators=(",", ":"))
        try:
            write_atomically(path, lambda f: f.write(text.encode("utf-8")))
        except OSError as error:
            # A read-only or full disk costs only the next start-up's computing.
            log.warning("cannot write ratings cache %s: %s", path, error)


def board_points(solution: Solution, dictionary: Dictionary, min_length: int) -> int:
    """A solved board's points by the dice set's rule for the shortest word."""
    if solution.min_length == min_length:  # the common case, summed once a solution
        return solution.total_score
    if solution.min_length < min_length:
        return sum(w.score for w in solution.words if len(w.word) >= min_length)
    # The solution left out words the dice set's rule counts: score the board again.
    return score_board(solution.board, dictionary, min_length)[0]


# --- The file format, shared by the shipped file and the cache -----------------------


def _checksum(key: str, counts: tuple[tuple[int, int], ...]) -> int:
    return zlib.crc32(json.dumps([key, counts], separators=(",", ":")).encode())


def entry_document(key: str, found: Distribution) -> dict[str, Any]:
    """One distribution as JSON: its key, names, flat (points, boards) pairs, checksum."""
    return {
        "key": key,
        "dice": found.dice,
        "dictionary": found.dictionary,
        "counts": [n for pair in found.counts for n in pair],
        "crc32": _checksum(key, found.counts),
    }


def read_entry(document: object) -> tuple[str, Distribution]:
    """One distribution from its JSON; RatingsFileError if it is not whole and sound."""
    if not isinstance(document, dict):
        raise RatingsFileError("not a JSON object")
    key, dice, name, flat = (document.get(f) for f in ("key", "dice", "dictionary", "counts"))
    if not (isinstance(key, str) and isinstance(dice, str) and isinstance(name, str)):
        raise RatingsFileError("key, dice or dictionary missing")
    if (
        not isinstance(flat, list)
        or not flat
        or len(flat) % 2
        or not all(type(n) is int and n >= 0 for n in flat)
    ):
        raise RatingsFileError("counts are not pairs of whole numbers")
    counts = tuple(zip(flat[::2], flat[1::2], strict=True))
    if any(a >= b for (a, _), (b, _) in pairwise(counts)) or any(c == 0 for _, c in counts):
        raise RatingsFileError("counts are not in order of points")
    if document.get("crc32") != _checksum(key, counts):
        raise RatingsFileError("checksum mismatch")
    return key, Distribution(dice, name, counts)


def read_ratings_file(path: Path) -> dict[str, Distribution]:
    """Every distribution of a file of them (the shipped one), by key."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise RatingsFileError(f"cannot read {path.name}: {error}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT_VERSION:
        raise RatingsFileError(f"{path.name} is not format {FORMAT_VERSION}")
    entries = document.get("distributions")
    if not isinstance(entries, list):
        raise RatingsFileError(f"{path.name} holds no distributions")
    return dict(read_entry(entry) for entry in entries)


def ratings_file_text(entries: Iterable[tuple[str, Distribution]], rolls: int = ROLLS) -> str:
    """The shipped file's text: one distribution a line, so that a diff shows which."""
    lines = [json.dumps(entry_document(k, d), separators=(",", ":")) for k, d in entries]
    return (
        f'{{"format":{FORMAT_VERSION},"rolls":{rolls},"distributions":[\n'
        + ",\n".join(lines)
        + "\n]}\n"
    )


#: The store the module-level helpers use: the shipped file and the user's cache.
DEFAULT_RATINGS = Ratings()


def percentile(board_points: int, dice: DiceSet | str, dictionary: Dictionary) -> float:
    """The share, in percent, of boards rolled with ``dice`` that score fewer points."""
    chosen = dice_set(dice) if isinstance(dice, str) else dice
    found = DEFAULT_RATINGS.distribution(chosen, dictionary)
    if found is None:  # cannot happen: with compute=True it is computed when not found
        raise RuntimeError(f"no distribution for {chosen.name} dice and {dictionary.name}")
    return found.percentile(board_points)
