"""The search: every word on a board, each with one ordered path and its score.

A depth-first walk from every cube, stepping to adjacent unused cubes while the
letters so far begin some word in the dictionary's graph (see ``dictionary.py`` for
its table). The walk is the hot loop of the whole project, so it is written for
CPython's speed: one list index per step into the graph, moves precomputed per
cube, and the walk's state bound as default arguments (fast locals).

The search core sits behind one interface, :data:`Search`: a board, a dictionary, the
shortest word and a :class:`Limit` in, every word with its path out, the limit
enforced by the core itself. :data:`ENGINES` lists the cores: the Python one,
:func:`search_python`, and the native one, :func:`search_native` (``boggle/_native.c``,
built when the package is installed), and ``tests/test_solver.py`` holds every core
equal to the plain, obviously correct search of ``tests/reference.py`` on many random
boards. :data:`ENGINE` names the core :func:`solve` uses: the native one when it was
built, unless ``BOGGLE_PURE_PYTHON=1`` asks for the Python one; :data:`ENGINE_NOTICE`
is the line the app and the command line print at start-up when it is not native.
"""

from __future__ import annotations

import importlib
import os
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache, partial, reduce
from itertools import pairwise
from operator import itemgetter, neg, or_
from typing import Any, NamedTuple

from .board import SHAPES_CACHED, Board, Cell, display_face, grid_neighbors
from .dictionary import FORMAT_VERSION, MAX_WORD_LENGTH, Dictionary
from .errors import BoardError, SearchBudgetExceeded
from .i18n import N_, _
from .rules import RULES, Ruleset
from .scoring import LONGEST_SCORED, SCORE_BY_LENGTH, SHORTEST_SCORED
from .watchdog import WATCHDOG, thread_cpu_clock

DEFAULT_MIN_LENGTH = RULES.default_min_length


class FoundWord(NamedTuple):
    """A word found on the board, its points, and the cells that spell it, in order."""

    word: str
    score: int
    path: tuple[Cell, ...]


@dataclass(frozen=True)
class Solution:
    """Every word found on a board, sorted by score (highest first), then alphabetically."""

    board: Board
    min_length: int
    words: tuple[FoundWord, ...]

    @property
    def count(self) -> int:
        """Number of distinct words found."""
        return len(self.words)

    @cached_property
    def total_score(self) -> int:
        """Points for finding every word (summed once: the document and the rating both
        ask for it)."""
        return sum(map(itemgetter(1), self.words))  # w.score, read at C speed

    def as_dict(
        self, dictionary: str, elapsed_ms: float | None = None, words: Any = None
    ) -> dict[str, Any]:
        """The JSON document of ``/solve`` and ``python -m boggle solve --json``.

        ``words``, if given, stands in the document for the list of words, which the
        caller has written already (the web layer's JSON of them: :func:`words_json`).
        """
        document: dict[str, Any] = {
            "board": self.board.display_rows(),
            "rows": self.board.rows,
            "cols": self.board.cols,
            "text": str(self.board),  # the board as text that reads back to it, for links
            "dictionary": dictionary,
            "min_length": self.min_length,
            "count": self.count,
            "total_score": self.total_score,
            # Paths stay tuples: JSON writes them as arrays, without a list per cell. Each
            # word unpacked, not read by name (a property call a field): in half the time.
            "words": [
                {"word": word, "score": score, "path": path} for word, score, path in self.words
            ]
            if words is None
            else words,
        }
        if elapsed_ms is not None:
            document["elapsed_ms"] = round(elapsed_ms, 3)
        return document


class Limit(NamedTuple):
    """How long a search may run, checked by the search itself.

    ``budget`` is in seconds of the calling thread's CPU time (time spent waiting for
    the interpreter lock while other requests search does not count); ``ceiling``, if
    given, in seconds of wall-clock time, for a machine so busy that the budget alone
    would take too long. Past either, the search raises SearchBudgetExceeded rather than
    return part of the answer as if it were whole.
    """

    budget: float
    ceiling: float | None = None


#: A search core: each word of at least ``min_length`` letters that can be traced on
#: the board, mapped to the first path found (cells as ``(row, col)``), within the limit
#: (None: no limit). Every core finds the same words; paths may differ where a word has
#: several.
Search = Callable[[Board, Dictionary, int, Limit | None], dict[str, tuple[Cell, ...]]]


def solve(
    board: Board,
    dictionary: Dictionary,
    min_length: int = DEFAULT_MIN_LENGTH,
    budget: float | None = None,
    ceiling: float | None = None,
    engine: Search | None = None,
) -> Solution:
    """Find every word of at least ``min_length`` letters that can be traced on the board.

    ``budget`` and ``ceiling`` are the search's :class:`Limit` (no limit without a
    budget). ``engine`` is the search core, the one :data:`ENGINE` names unless given.
    """
    _check_min_length(min_length)
    limit = None if budget is None else Limit(budget, ceiling)
    search = engine or ENGINES[ENGINE]
    ranked = _RANKED.get(search)
    if ranked is not None:  # the native core, which checks the faces itself
        return Solution(board, min_length, ranked(board, dictionary, min_length, limit))
    check_faces(board, dictionary)
    return Solution(board, min_length, _ranked(search(board, dictionary, min_length, limit)))


def score_board(
    board: Board,
    dictionary: Dictionary,
    min_length: int = DEFAULT_MIN_LENGTH,
    engine: str | None = None,
) -> tuple[int, int]:
    """The board's total points and number of words: what :func:`solve` sums, without
    the words and paths, for rating boards by the thousand. ``engine`` names the core
    (:data:`ENGINE` unless given)."""
    _check_min_length(min_length)
    if (engine or ENGINE) == "native":
        if _native is None:
            raise ValueError(f"the native search core is not in use: {ENGINE_NOTICE}")
        return _native_search(_native.MODE_SCORE, board, dictionary, min_length, None)
    check_faces(board, dictionary)
    found = search_python(board, dictionary, min_length, None)
    return sum(map(_SCORE_OF_LENGTH.__getitem__, map(len, found))), len(found)


def score_faces(
    board: Board,
    dictionary: Dictionary,
    cell: int,
    faces: tuple[str, ...],
    min_length: int = DEFAULT_MIN_LENGTH,
    engine: str | None = None,
) -> tuple[tuple[int, int], ...]:
    """What :func:`score_board` gives for each board made by putting each of ``faces``
    on cube ``cell`` (an index in reading order), in their order, for about the price
    of a few boards: one walk covers them all (:func:`score_faces_python`), as the
    search for rich boards needs to weigh every letter a cube could show. ``engine``
    names the core (:data:`ENGINE` unless given)."""
    _check_min_length(min_length)
    _check_offered(board, dictionary, cell, faces)
    if (engine or ENGINE) != "native":
        check_faces(board, dictionary)
        return score_faces_python(board, dictionary, cell, faces, min_length)
    if _native is None:
        raise ValueError(f"the native search core is not in use: {ENGINE_NOTICE}")
    layout = _native_layout(dictionary.rules)
    compact = dictionary.compact
    if compact is None or layout.mask < 0 or board.size > _FACES_MAX_CELLS:
        # The one walk reads the compact graph with used cubes as one 64-bit word:
        # without them, each board is walked on its own, the same answers more slowly.
        return tuple(
            _native_search(_native.MODE_SCORE, _with_face(board, cell, face), dictionary,
                           min_length, None)
            for face in faces
        )  # fmt: skip
    board_faces, offered = board.faces, faces
    if layout.symbols:
        check_faces(board, dictionary)
        board_faces = tuple(face.translate(layout.symbols) for face in board_faces)
        offered = tuple(face.translate(layout.symbols) for face in faces)
    numbered = word_steps(dictionary)
    try:
        if numbered is not None:
            return _native.score_faces_numbered(
                numbered.steps, numbered.words, compact.nodes, compact.root,
                compact.terminal_limit, layout.codes, board.rows, board.cols, board_faces,
                min_length, _SCORE_OF_LENGTH, cell, offered,
            )  # fmt: skip
        return _native.score_faces(
            compact.nodes, compact.root, compact.terminal_limit, layout.codes, board.rows,
            board.cols, board_faces, min_length, _SCORE_OF_LENGTH, cell, offered,
        )  # fmt: skip
    except ValueError:
        check_faces(board, dictionary)  # to name the face the rules have no cube for
        raise


class WordSteps(NamedTuple):
    """A compact graph's words numbered 0 to ``words - 1`` along their paths: ``steps``
    has an entry for each entry of the graph's nodes, what stepping to that child adds
    to the number of the word spelt (0 for a record's bit set)."""

    steps: array  # array('I')
    words: int


# Each compact graph's WordSteps (None: its words cannot be told by number), by the id
# of its nodes, with the nodes kept so that the id stays theirs. Worked out once a graph.
_WORD_STEPS: dict[int, tuple[array, WordSteps | None]] = {}


def word_steps(dictionary: Dictionary) -> WordSteps | None:
    """The dictionary's words numbered along the compact graph's paths, for the native
    :func:`score_faces` to know a word by its number instead of hashing its letters, or
    None where the graph has no compact form or two paths of different numbers could
    spell the same letters.

    A word's number is the count of words before it in the graph's order, summed along
    its path as in a minimal perfect hash of a DAWG: a step from node ``n`` by column
    ``c`` adds 1 if ``n`` ends a word, plus the words below ``n``'s children by the
    letter columns before ``c``. A column of a two-letter face (``th``) steps as its two
    letters do, and adds what they add: the same word has the same number whichever
    faces spell it. Numbers then stand for letters where each face's letters are its
    column's alone and no letter face's letters start another's (a prefix code: ``qu``
    and ``u``, but no ``q``), which holds for every shipped ruleset."""
    compact = dictionary.compact
    if compact is None:
        return None
    kept = _WORD_STEPS.get(id(compact.nodes))
    if kept is not None and kept[0] is compact.nodes:
        return kept[1]
    numbered = _number_words(compact, dictionary.rules)
    _WORD_STEPS[id(compact.nodes)] = (compact.nodes, numbered)
    return numbered


def _spelt_once(rules: Ruleset) -> bool:
    """Whether a word's columns are the only ones that spell its letters (word_steps)."""
    layout = _native_layout(rules)
    letters: dict[int, str] = {}
    for face, column in layout.codes.items():
        if column != _NATIVE_BLANK and letters.setdefault(column, face) != face:
            return False  # two faces of one column, spelt differently
    alphabet = len(rules.alphabet)
    spelt = sorted(text for column, text in letters.items() if column < alphabet)
    if any(later.startswith(text) for text, later in pairwise(spelt)):
        return False
    for i, face in enumerate(rules.extra_columns):
        first, second = (rules.face_columns[ch] for ch in face)
        if letters.get(alphabet + i) != letters.get(first, "\0") + letters.get(second, "\0"):
            return False
    return True


def _number_words(compact: Any, rules: Ruleset) -> WordSteps | None:
    """The steps of :func:`word_steps`, worked out from the graph and its rules."""
    if not _spelt_once(rules):
        return None
    nodes, limit, alphabet = compact.nodes, compact.terminal_limit, len(rules.alphabet)
    pairs = {
        alphabet + i: tuple(rules.face_columns[ch] for ch in face)
        for i, face in enumerate(rules.extra_columns)
    }

    def children(node: int) -> list[tuple[int, int, int]]:
        """(column, entry, child) for each child of the record at ``node``."""
        mask, out, entry = nodes[node], [], node + 1
        while mask:
            column = (mask & -mask).bit_length() - 1
            out.append((column, entry, nodes[entry]))
            mask &= mask - 1
            entry += 1
        return out

    below: dict[int, int] = {0: 0}  # the words from a node on (itself if it ends one)
    stack = [compact.root]
    while stack:
        node = stack[-1]
        if node in below:
            stack.pop()
            continue
        kids = [(column, child) for column, _, child in children(node) if column < alphabet]
        waiting = [child for _, child in kids if child not in below]
        if waiting:
            stack.extend(waiting)
            continue
        below[node] = (0 < node < limit) + sum(below[child] for _, child in kids)
        stack.pop()
    steps = array("I", bytes(4 * len(nodes)))
    for node in below:
        kids = children(node)
        added, by_column = int(0 < node < limit), {}
        for column, entry, child in kids:
            if column < alphabet:
                steps[entry] = added
                by_column[column] = (entry, child)
                added += below[child]
        for column, entry, _child in kids:
            if column >= alphabet:
                first, second = pairs[column]
                into, middle = by_column[first]
                then = next(e for c, e, _ in children(middle) if c == second)
                steps[entry] = steps[into] + steps[then]
    return WordSteps(steps, below[compact.root])


#: The most cubes :func:`score_faces` walks once for all faces (its used cubes are the
#: bits of one 64-bit word, as in the score walk).
_FACES_MAX_CELLS = 64


def _check_offered(board: Board, dictionary: Dictionary, cell: int, faces: tuple[str, ...]) -> None:
    """Refuse a cube off the board, or faces that are not the rules' faces, each once."""
    if not 0 <= cell < board.size:
        raise ValueError(f"cell {cell} is not on a board of {board.size} cubes")
    if not faces or len(set(faces)) != len(faces):
        raise ValueError(f"faces must be one or more faces, each once, not {faces!r}")
    unknown = [face for face in faces if face not in dictionary.rules.faces]
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not a face of the dictionary's rules")


def _with_face(board: Board, cell: int, face: str) -> Board:
    """The board with ``face`` on cube ``cell``."""
    faces = board.faces
    return Board(board.rows, board.cols, (*faces[:cell], face, *faces[cell + 1 :]))


def check_faces(board: Board, dictionary: Dictionary) -> None:
    """Refuse a board with a face the dictionary's language has no cube for (an ``ä``
    with an English list, a ``Th`` with a German one), naming the face and the cell."""
    rules = dictionary.rules
    if rules.faces.issuperset(board.faces):
        return
    for index, face in enumerate(board.faces, 1):
        if face not in rules.faces and face != rules.blank:
            # Two whole sentences, not one with "letter" put in: a translation may need
            # the noun's gender or case to change the words around it.
            sentence = (
                N_(
                    "%(face)s (cell %(cell)s) is not a letter of the %(language)s dice "
                    "of the %(dictionary)s dictionary"
                )
                if len(face) == 1
                else N_(
                    "%(face)s (cell %(cell)s) is not a cube face of the %(language)s dice "
                    "of the %(dictionary)s dictionary"
                )
            )
            message = _(
                sentence,
                face=repr(display_face(face)),
                cell=index,
                language=_(rules.language),
                dictionary=repr(dictionary.name or "given"),
            )
            raise BoardError(message, cell=board.cell(index - 1))


def _check_min_length(min_length: int) -> None:
    """Refuse a shortest word the rules do not allow, naming the range."""
    if not isinstance(min_length, int) or not SHORTEST_SCORED <= min_length <= MAX_WORD_LENGTH:
        raise ValueError(
            f"min_length must be a whole number from {SHORTEST_SCORED} to {MAX_WORD_LENGTH}, "
            f"not {min_length!r}"
        )


def _ranked(found: dict[str, tuple[Cell, ...]]) -> tuple[FoundWord, ...]:
    """The words as FoundWords, by score (highest first), then alphabetically."""
    # Built from C-level sorts and maps only: a Python call per word would cost a
    # 10x10 board (1,300 words) half a millisecond.
    words = sorted(found)
    words.sort(key=len, reverse=True)  # stable: alphabetical within each length
    # Lengths that share a score (3-4 letters, 8 and more) must form one alphabetical
    # run, not one run per length.
    descending = list(map(neg, map(len, words)))
    for shortest, longest in _SHARED_SCORE_LENGTHS:
        start = bisect_left(descending, -longest)
        end = bisect_right(descending, -shortest)
        if end - start > 1:
            words[start:end] = sorted(words[start:end])
    scores = map(_SCORE_OF_LENGTH.__getitem__, map(len, words))
    paths = map(found.__getitem__, words)
    return tuple(map(_new_found_word, zip(words, scores, paths, strict=True)))


# Score of every possible word length (the dictionary keeps no word longer than
# MAX_WORD_LENGTH), so that _ranked can look scores up without a Python call.
_SCORE_OF_LENGTH = tuple(
    SCORE_BY_LENGTH[min(length, LONGEST_SCORED)] for length in range(MAX_WORD_LENGTH + 1)
)
# (shortest, longest) of each run of two or more lengths that score the same.
_SHARED_SCORE_LENGTHS = tuple(
    (lengths[0], lengths[-1])
    for score in set(_SCORE_OF_LENGTH)
    if len(lengths := [n for n, s in enumerate(_SCORE_OF_LENGTH) if s == score]) > 1 and score > 0
)
# FoundWord(...) runs a Python-level __new__; tuple.__new__ builds the same object in C.
_new_found_word = partial(tuple.__new__, FoundWord)


@lru_cache(maxsize=SHAPES_CACHED)
def _grid_cells(rows: int, cols: int) -> tuple[Cell, ...]:
    """The ``(row, col)`` of every cell, shared so that paths reuse the same tuples."""
    return tuple(divmod(i, cols) for i in range(rows * cols))


def search_python(
    board: Board, dictionary: Dictionary, min_length: int, limit: Limit | None
) -> dict[str, tuple[Cell, ...]]:
    """The pure-Python core (see :data:`Search`): a depth-first walk of the word graph,
    stopped past the limit by a watchdog alarm rather than a clock read on each step."""
    faces = board.faces
    columns = list(map(dictionary.rules.face_columns.get, faces))
    neighbours = grid_neighbors(board.rows, board.cols)
    if None in columns:
        # Blanks are left out of every list of moves: no word passes through them.
        neighbours = tuple(
            tuple(n for n in around if columns[n] is not None) for around in neighbours
        )
    # Built with C-level maps: on a 4x4 board this set-up is a tenth of the whole solve.
    # moves[cell]: for each usable neighbour, (its index, its graph column, its letters).
    column_of, face_of = columns.__getitem__, faces.__getitem__
    moves = [
        tuple(zip(around, map(column_of, around), map(face_of, around), strict=True))
        for around in neighbours
    ]
    # reach[cell]: the columns of the faces around the cell, to compare with a node's MASK.
    bits = [0 if column is None else 1 << column for column in columns]
    reach = [reduce(or_, map(bits.__getitem__, around), 0) for around in neighbours]
    found: dict[str, tuple[Cell, ...]] = {}
    cells = _grid_cells(board.rows, board.cols)
    visit = _walker(dictionary, moves, reach, cells, found, min_length)

    alarm = None
    if limit is not None:

        def stop() -> None:
            # Leave the walk no moves: it unwinds in a few steps. See watchdog.py.
            for cell in range(len(moves)):
                moves[cell] = ()

        # The budget counts this thread's own work, not time spent waiting for the
        # interpreter lock while other requests search (see watchdog.py).
        alarm = WATCHDOG.schedule(limit.budget, stop, thread_cpu_clock(), limit.ceiling)

    table, root = dictionary.table, dictionary.root
    try:
        for cell, column in enumerate(columns):
            if column is not None:
                node = table[root + column]
                if node:
                    visit(cell, node, faces[cell])
    finally:
        stopped = alarm is not None and not WATCHDOG.cancel(alarm)
    if stopped and limit is not None:
        raise SearchBudgetExceeded(limit.budget, limit.ceiling)
    return found


# --- The native core (boggle/_native.c) ----------------------------------------------


# Run once, at import: mutation testing (mutmut) forks each mutant's test run from a
# process that has imported this module already, so no test in that process could see
# a change here. tests/test_native.py holds it instead, in fresh processes (a process
# without the core, with BOGGLE_PURE_PYTHON, and the line each prints).
def _load_native() -> tuple[Any, str | None]:  # pragma: no mutate block
    """The native module, or None and the start-up line saying why Python searches."""
    if os.environ.get("BOGGLE_PURE_PYTHON", "") not in ("", "0"):
        return None, "boggle: BOGGLE_PURE_PYTHON is set: searching with the pure-Python core"
    try:
        native = importlib.import_module("boggle._native")
    except ImportError as error:
        why = (
            "no C compiler or Python headers when the package was installed"
            if isinstance(error, ModuleNotFoundError) and error.name == "boggle._native"
            else str(error)  # built, but it cannot be loaded: say what the loader said
        )
        return None, (
            f"boggle: the native search core is not built ({why}); searching with the "
            "pure-Python core (the same answers, about ten times slower)"
        )
    return native, None


_native, ENGINE_NOTICE = _load_native()
#: The search core :func:`solve` and :func:`score_board` use: "native" or "python".
ENGINE = "python" if _native is None else "native"

_notice_given = False


def engine_notice() -> str | None:
    """The start-up line saying the pure-Python core searches, the first time it is
    asked for in this process (the app and the command line print it); else None."""
    global _notice_given
    if _notice_given:
        return None
    _notice_given = True
    return ENGINE_NOTICE


# The native core's column code of each face: its table column, 255 for a blank.
_NATIVE_BLANK = 255


class _NativeLayout(NamedTuple):
    """A ruleset's table as the native core takes it, and its letters as it spells them.

    The core builds words as ASCII bytes and ranks them in byte order, so a letter
    after z (ä, ñ) is handed to it as the symbol of its column (``Ruleset.symbols``:
    ``{``, ``|``, ``}``, which sort after z as ä ö ü do) and its words are spelled back.
    """

    stride: int
    mask: int
    codes: dict[str, int]
    symbols: dict[int, str]
    letters: dict[int, str]
    #: The faces spelled with a symbol: a board without one needs no spelling back.
    symbol_faces: frozenset[str]


# Each ruleset's layout for the native core, by the graph key that decides it.
_LAYOUTS: dict[str, _NativeLayout] = {}
# The last ruleset laid out and its layout, one tuple replaced whole (threads read a
# consistent pair): looking it up by graph key for each board was a third of the cost
# of building the walk's arguments.
_last_layout: tuple[Ruleset | None, _NativeLayout | None] = (None, None)


def _native_layout(rules: Ruleset) -> _NativeLayout:
    """A ruleset's :class:`_NativeLayout` (rulesets are few and frozen: each is worked
    out once)."""
    global _last_layout
    # Not mutated: without the cache the same layout is worked out again, the same
    # answers more slowly (docs/development.md, equivalent mutants).
    layout = _LAYOUTS.get(rules.graph_key)  # pragma: no mutate
    if layout is not None:
        _last_layout = (rules, layout)
        return layout
    symbols = dict(rules.symbols)
    codes = {face.translate(symbols): rules.face_columns[face] for face in rules.faces}
    codes[rules.blank] = _NATIVE_BLANK
    # The bit-set column, where its bits fit a 32-bit entry; the core walks without it
    # otherwise (a wider alphabet), finding the same words a little more slowly. Not
    # mutated: every shipped ruleset's column is 26 to 31, and the walk without it
    # finds the same words, so no test can tell its changes (docs/development.md).
    mask = rules.mask_column if rules.mask_column <= 32 else -1  # pragma: no mutate
    letters = {ord(symbol): chr(letter) for letter, symbol in symbols.items()}
    symbol_faces = frozenset(face for face in rules.faces if face.translate(symbols) != face)
    layout = _LAYOUTS[rules.graph_key] = _NativeLayout(
        rules.stride, mask, codes, symbols, letters, symbol_faces
    )
    _last_layout = (rules, layout)
    return layout


def browser_layout(rules: Ruleset) -> dict[str, Any]:
    """How the page's search (static/js/lib/search.js, the walk of boggle/walk.c built
    to WebAssembly) takes a board of these rules, as the native core takes one here
    (:func:`_native_board`): each face's graph column (255 for the blank), the faces
    spelled in symbols (``ä`` as ``{``) and each symbol's letter back, the points by
    word length, and the graph's row width, bit-set column and format."""
    layout = _native_layout(rules)
    columns = {face: rules.face_columns[face] for face in sorted(rules.faces)}
    return {
        "columns": columns | {rules.blank: _NATIVE_BLANK},
        "spelled": {face: face.translate(layout.symbols) for face in sorted(layout.symbol_faces)},
        "letters": {chr(symbol): letter for symbol, letter in sorted(layout.letters.items())},
        "scores": list(_SCORE_OF_LENGTH),
        "stride": layout.stride,
        "mask_column": layout.mask,
        "format_version": FORMAT_VERSION,
    }


def _native_board(board: Board, dictionary: Dictionary, min_length: int) -> tuple[Any, ...]:
    """The native walk's arguments after its mode, for a search without a limit."""
    rules, layout = _last_layout
    if rules is not dictionary.rules or layout is None:
        layout = _native_layout(dictionary.rules)
    faces = board.faces
    if layout.symbols:
        # Spelt in symbols, a face the rules do not have might read as one they have
        # ("{" as "ä"): such boards are refused here, before the spelling.
        check_faces(board, dictionary)
        faces = tuple(face.translate(layout.symbols) for face in faces)
    compact = dictionary.compact
    # The walk reads the compact form where there is one, and then not the table: it is
    # not asked for, and so never laid out (a dictionary loaded from a list holds none).
    table = (None, 0, 0) if compact is not None else dictionary.table_graph()
    return (
        table[0],
        layout.stride,
        table[1],
        table[2],
        layout.mask,
        board.rows,
        board.cols,
        layout.codes,
        faces,
        min_length,
        None,
        None,
        _grid_cells(board.rows, board.cols),
        _SCORE_OF_LENGTH,
        FoundWord,
        compact,
    )


def _native_search(
    mode: int, board: Board, dictionary: Dictionary, min_length: int, limit: Limit | None
) -> Any:
    """Run the native walk in ``mode``; BoardError for a face the dictionary's rules
    have no cube for, SearchBudgetExceeded past the limit."""
    arguments = _native_board(board, dictionary, min_length)
    if limit is not None:
        arguments = (*arguments[:10], limit.budget, limit.ceiling, *arguments[12:])
    try:
        result = _native.walk(mode, *arguments)
    except ValueError:
        # The walk refuses a face without a column (its table of columns holds exactly
        # the rules' faces and the blank), so check_faces, which costs a 4x4 search
        # a few percent, runs only then, to say which face and where.
        check_faces(board, dictionary)
        raise
    if result is None and limit is not None:
        raise SearchBudgetExceeded(limit.budget, limit.ceiling)
    return result


def search_native(
    board: Board, dictionary: Dictionary, min_length: int, limit: Limit | None
) -> dict[str, tuple[Cell, ...]]:
    """The native core (see :data:`Search`): the walk of :func:`search_python` in C,
    the same words with the same first paths, the limit checked by the walk itself."""
    found = _native_search(_native.MODE_PATHS, board, dictionary, min_length, limit)
    layout = _native_layout(dictionary.rules)
    if not layout.symbol_faces or layout.symbol_faces.isdisjoint(board.faces):
        return found
    return {word.translate(layout.letters): path for word, path in found.items()}


def _ranked_native(
    board: Board, dictionary: Dictionary, min_length: int, limit: Limit | None
) -> tuple[FoundWord, ...]:
    """:func:`search_native`'s words as :func:`_ranked` gives them, ranked in C: on a
    4x4 board, building and sorting them in Python would take longer than the walk."""
    ranked = _native_search(_native.MODE_RANKED, board, dictionary, min_length, limit)
    layout = _native_layout(dictionary.rules)
    if not layout.symbol_faces or layout.symbol_faces.isdisjoint(board.faces):
        return ranked
    # The symbols sort as the letters do, so the ranking holds: only spell the words
    # that hold one (not letters: "{" is not alpha), leaving the others as they are.
    letters = layout.letters
    return tuple(
        w if w.word.isalpha() else _new_found_word((w.word.translate(letters), w.score, w.path))
        for w in ranked
    )


def words_json(words: tuple[FoundWord, ...]) -> bytes | None:
    """The ``words`` of :meth:`Solution.as_dict` as the JSON array a JSON encoder writes
    for them (compact), written by the native core without a dict made per word; None
    without the core, or for words it leaves to an encoder (any but plain ASCII)."""
    writer = getattr(_native, "words_json", None)  # none in a module built before it
    return None if writer is None else writer(words)


def word_lengths(words: tuple[FoundWord, ...]) -> tuple[int, ...]:
    """How many of the words have each length: entry n counts the words of n letters,
    as far as the longest (``()`` for none). Counted by the native core where there is
    one (a Python step per word was most of a 4x4 board's summary), else here."""
    counter = getattr(_native, "word_lengths", None)  # none in a module built before it
    if counter is not None:
        return counter(words)
    counts = Counter(map(len, map(itemgetter(0), words)))
    return tuple(counts[n] for n in range(max(counts, default=-1) + 1))


#: The search cores by name, each held equal to the reference search by the tests.
ENGINES: dict[str, Search] = {"python": search_python}
# Cores that can also give their words ranked, as solve() returns them.
_RANKED: dict[Search, Callable[..., tuple[FoundWord, ...]]] = {}
if _native is not None:
    ENGINES["native"] = search_native
    _RANKED[search_native] = _ranked_native


def _walker(
    dictionary: Dictionary,
    moves: list[tuple[tuple[int, int, str], ...]],
    reach: list[int],
    cells: tuple[Cell, ...],
    found: dict[str, tuple[Cell, ...]],
    min_length: int,
) -> Callable[[int, int, str], None]:
    """The recursive step of the walk, bound to one board's state."""
    used = [False] * len(moves)
    path: list[Cell] = []

    def visit(
        cell: int,
        node: int,
        word: str,
        table: array = dictionary.table,
        terminal_limit: int = dictionary.terminal_limit,
        moves: list[tuple[tuple[int, int, str], ...]] = moves,
        reach: list[int] = reach,
        used: list[bool] = used,
        path: list[Cell] = path,
        cells: tuple[Cell, ...] = cells,
        found: dict[str, tuple[Cell, ...]] = found,
        min_length: int = min_length,
        mask: int = dictionary.rules.mask_column,
    ) -> None:
        """Walk on from ``cell``, where ``word`` has led to ``node`` of the graph."""
        used[cell] = True
        path.append(cells[cell])
        if node < terminal_limit and word not in found and len(word) >= min_length:
            found[word] = tuple(path)
        for neighbour, column, letters in moves[cell]:
            child = table[node + column]
            if child and not used[neighbour]:
                if table[child + mask] & reach[neighbour]:
                    visit(neighbour, child, word + letters)
                elif child < terminal_limit:
                    # A word that no face around its last cube can extend: record it
                    # here rather than pay for a call that would find nothing more.
                    longer = word + letters
                    if longer not in found and len(longer) >= min_length:
                        found[longer] = (*path, cells[neighbour])
        path.pop()
        used[cell] = False

    return visit


def score_faces_python(
    board: Board, dictionary: Dictionary, cell: int, faces: tuple[str, ...], min_length: int
) -> tuple[tuple[int, int], ...]:
    """The pure-Python :func:`score_faces`, and the reference of the native one: one walk
    in which cube ``cell`` shows each of ``faces`` in turn wherever a path steps on it.

    Each word found is kept with the index of the face its path put on that cube, or
    None where the path does not pass through it; the words of the board showing face
    ``k`` are then those kept with None and those kept with ``k``. Paths that miss the
    cube are walked once for every face: on the richest 5x5 boards the walk costs 1.5 to
    5 plain walks, for some 25 boards.
    """
    table, terminal_limit = dictionary.table, dictionary.terminal_limit
    mask, columns_of = dictionary.rules.mask_column, dictionary.rules.face_columns
    # moves[c]: for each usable neighbour, the (tag, column, letters) it may show, the
    # tag None (the path's own kept) for any cube but the wild one.
    offered = tuple((k, columns_of[face], face) for k, face in enumerate(faces))
    shown = [
        offered if c == cell else ((None, columns_of[face], face),) if face in columns_of else ()
        for c, face in enumerate(board.faces)
    ]
    moves = [
        tuple((n, *option) for n in around for option in shown[n])
        for around in grid_neighbors(board.rows, board.cols)
    ]
    reach = [reduce(or_, (1 << column for _, _, column, _ in options), 0) for options in moves]
    found: set[tuple[str, int | None]] = set()
    used = [False] * board.size

    def visit(at: int, node: int, word: str, tag: int | None) -> None:
        used[at] = True
        if node < terminal_limit and len(word) >= min_length:
            found.add((word, tag))
        for n, option_tag, column, letters in moves[at]:
            child = table[node + column]
            if child and not used[n]:
                on = tag if n != cell else option_tag
                if table[child + mask] & reach[n]:
                    visit(n, child, word + letters, on)
                elif child < terminal_limit and len(word) + len(letters) >= min_length:
                    found.add((word + letters, on))
        used[at] = False

    root = dictionary.root
    for c, options in enumerate(shown):
        for tag, column, letters in options:
            node = table[root + column]
            if node:
                visit(c, node, letters, tag)
    untagged = {word for word, tag in found if tag is None}
    points = sum(_SCORE_OF_LENGTH[len(word)] for word in untagged)
    own: list[list[int]] = [[points, len(untagged)] for _ in faces]
    for word, tag in found:
        if tag is not None and word not in untagged:
            own[tag][0] += _SCORE_OF_LENGTH[len(word)]
            own[tag][1] += 1
    return tuple((p, n) for p, n in own)


def describe_path(board: Board, path: tuple[Cell, ...]) -> str:
    """A path as people read it: ``S(3,0) L(2,0) A(1,1)``, one-based."""
    return " ".join(f"{display_face(board.face(r, c))}({r + 1},{c + 1})" for r, c in path)
