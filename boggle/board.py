"""Boards: cells, parsing what people type, neighbours.

A board is a grid of ``rows`` x ``cols`` cells, stored row-major. Each cell holds
one cube face, written in lower case: a single letter ``a``..``z``, a multi-letter
face (``qu``, and Super Big Boggle's ``th``, ``in``, ``er``, ``he``, ``an``), or
``#`` for a blank face, a block that no word may pass through.

People type boards in several ways; :func:`parse_board` accepts all of them (the
grammar is in docs/api.md, "Typing a board"):

- ``abcdefghijklmnop``: cells run together, square board inferred;
- ``abcd efgh ijkl mnop``: rows separated by spaces, commas, slashes or newlines;
- ``a b c qu / th e r s / ...``: cells separated one by one, so multi-letter faces
  and blanks can be written;
- a list of rows from JSON, each a list of cell strings (``["Qu", "A", "#"]``).

In run-together text a lone ``q`` is the ``Qu`` cube and ``qu`` typed in full is
one cell too; ``#`` and ``.`` are blanks.

A board is read with a language's rules (its dictionary's): its alphabet and faces,
``ä`` in German, ``ñ`` in Spanish; the text is put in Unicode's composed form (NFC)
first, so an ``ä`` typed as ``a`` and a combining diaeresis is the letter, and the
languages that fold accents read ``é`` as ``e``; a ligature of two letters (Dutch
``ĳ``) is those two letters, two cubes. English by default.
"""

from __future__ import annotations

import math
import re
import string
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .errors import BoardError
from .i18n import _, ngettext
from .languages import ALL_FACES
from .rules import RULES, Ruleset

#: Faces that hold more than one letter (boggle/rules.py).
MULTI_LETTER_FACES = RULES.multi_letter_faces
BLANK = RULES.blank
_BLANK_INPUTS = RULES.blank_inputs
_LETTERS = RULES.letters
# A letter typed alone that is a multi-letter face: q is the Qu cube.
_LETTER_FACES = RULES.letter_faces
# Faces that read back as themselves when cells are run together.
_RUN_TOGETHER = RULES.run_together_faces
# Every face but the blank.
_FACES = RULES.faces
# What a board's cell may hold: any language's face, or the blank.
_ANY_CELL = ALL_FACES | {BLANK}

# Row separators that are never ambiguous. Spaces separate rows only when none of
# these is present (see _split_rows).
_ROW_SEPARATORS = re.compile(r"[\n\r/,;]+")
_SPACES = re.compile(r"[ \t]+")
# What may surround the rows and mean nothing (str.strip: linear, unlike a regex
# anchored at the end, which rescans a long run of spaces from each of them).
_EDGE_SEPARATORS = string.whitespace + "\u00a0/,;"
# An optional shape before the cells: "5x1: a b th e r".
_SHAPE_PREFIX = re.compile(r"\s*(\d{1,4})\s*[xX\u00d7]\s*(\d{1,4})\s*:")

Cell = tuple[int, int]

#: Board shapes whose neighbour tables are kept (least recently used dropped first).
#: A 40x40 table and its cell list take 0.6 MB; kept for every one of the 3,072 shapes
#: a request may ask for, they grew a process by 643 MB. Sixteen keep the shapes in
#: play (4x4, 5x5, 6x6...) in at most 10 MB; a shape not kept costs a 4x4 solve
#: 0.07 ms and a 40x40 one 10 ms to rebuild (benchmarks/README.md).
SHAPES_CACHED = 16


@dataclass(frozen=True)
class Board:
    """A rectangular grid of cube faces, stored row-major."""

    rows: int
    cols: int
    faces: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise BoardError(
                _(
                    "a board needs at least one row and one column, not %(shape)s",
                    shape=shape_text(self.rows, self.cols),
                )
            )
        if len(self.faces) != self.rows * self.cols:
            raise BoardError(
                _(
                    "%(shape)s board needs %(cells)s cells, got %(got)s",
                    shape=shape_text(self.rows, self.cols),
                    cells=self.rows * self.cols,
                    got=len(self.faces),
                )
            )
        if _ANY_CELL.issuperset(self.faces):
            return  # every face known, checked at C speed: a 4x4 board's loop was 2 µs
        for index, face in enumerate(self.faces):
            # Any language's face: which faces a dictionary can read is the solver's check.
            if face not in ALL_FACES and face != BLANK:
                raise BoardError(
                    _(
                        "%(face)s (cell %(cell)s) is not a Boggle face",
                        face=repr(face),
                        cell=index + 1,
                    ),
                    cell=divmod(index, self.cols),
                )

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    def face(self, row: int, col: int) -> str:
        """The face at ``(row, col)``."""
        return self.faces[row * self.cols + col]

    def cell(self, index: int) -> Cell:
        """The ``(row, col)`` of a row-major cell index."""
        return divmod(index, self.cols)

    def neighbors(self, index: int) -> tuple[int, ...]:
        """Indexes of the cells adjacent to cell ``index`` (8-way), blanks included."""
        return grid_neighbors(self.rows, self.cols)[index]

    def display_rows(self) -> list[list[str]]:
        """The faces as people write them: ``[["Qu", "A"], ["#", "Th"]]``."""
        # display_face mapped at C speed, a row at a time.
        faces, cols = self.faces, self.cols
        return [
            list(map(str.capitalize, faces[start : start + cols]))
            for start in range(0, self.rows * cols, cols)
        ]

    def __str__(self) -> str:
        """The board in the syntax :func:`parse_board` reads back to the same board."""
        if self.rows == 1 or self.cols == 1:
            # A single row or column cannot show its shape; say it.
            return f"{self.rows}x{self.cols}: " + " ".join(self.faces)
        rows = [self.faces[r * self.cols : (r + 1) * self.cols] for r in range(self.rows)]
        if not _RUN_TOGETHER.issuperset(self.faces):
            return " / ".join(" ".join(row) for row in rows)
        texts = ["".join(row) for row in rows]
        if all(_is_one_cell(text) for text in texts):
            # Rows like "an" or "he" would read as one cube each if only spaced apart.
            return " / ".join(texts)
        return " ".join(texts)


def shape_text(rows: object, cols: object) -> str:
    """A board's shape as messages write it: ``4x4``."""
    return f"{rows}x{cols}"


def display_face(face: str) -> str:
    """A face as printed on the cube: ``Qu``, ``A``, ``#``."""
    return face.capitalize()


@lru_cache(maxsize=SHAPES_CACHED)
def grid_neighbors(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each cell of a rows x cols grid, the indexes of its 8-way neighbours."""
    result = []
    for r in range(rows):
        for c in range(cols):
            result.append(
                tuple(
                    rr * cols + cc
                    for rr in range(max(r - 1, 0), min(r + 2, rows))
                    for cc in range(max(c - 1, 0), min(c + 2, cols))
                    if (rr, cc) != (r, c)
                )
            )
    return tuple(result)


def parse_board(
    value: str | Sequence[Sequence[str] | str],
    rows: int | None = None,
    cols: int | None = None,
    rules: Ruleset = RULES,
) -> Board:
    """Read a board from typed text or a list of rows; raise BoardError saying what is wrong.

    ``rows`` and ``cols`` give the shape when the text does not (a run of cells);
    when the text gives its rows too, the two must agree. ``rules`` give the letters
    and faces (English unless given). An error about one cube says which, as data too
    (``BoardError.cell``, and ``typed``: the board as typed, to draw it).
    """
    try:
        return _parse(value, rows, cols, rules)
    except BoardError as error:
        if isinstance(value, str):
            _locate(error, value, rows, cols, rules)
        raise


def _parse(
    value: str | Sequence[Sequence[str] | str],
    rows: int | None,
    cols: int | None,
    rules: Ruleset,
) -> Board:
    """parse_board's reading, which raises at the first thing wrong."""
    if isinstance(value, str):
        value = _composed(value, rules)
        match = _SHAPE_PREFIX.match(value)
        if match:
            shape = int(match.group(1)), int(match.group(2))
            if (rows, cols) != (None, None) and (rows, cols) != shape:
                raise BoardError(
                    _(
                        "the board says it is %(shape)s, not %(given)s",
                        shape=shape_text(*shape),
                        given=shape_text(rows, cols),
                    )
                )
            rows, cols = shape
            value = value[match.end() :]
            face = _lower(value.strip(), rules)
            if shape == (1, 1) and face in rules.faces:
                return Board(1, 1, (face,))  # one cube, not letters run together: "1x1: th"
        grid, rows_given = _split_rows(value, rules)
    elif isinstance(value, Sequence):
        grid, rows_given = _rows_from_list(value, rules), True
    else:
        raise BoardError(
            _("a board is text or a list of rows, not %(type)s", type=_type_name(value))
        )
    grid = [row for row in grid if row]
    if not grid:
        raise BoardError(_("the board is empty"))
    return _shape(grid, rows_given, rows, cols, value if isinstance(value, str) else "", rules)


class _AsTyped(str):
    """A cell's text as typed where it is no face: the lenient reading keeps it in its
    place, so that the board can be drawn with the wrong cube marked."""

    __slots__ = ()


def _locate(
    error: BoardError, text: str, rows: int | None, cols: int | None, rules: Ruleset
) -> None:
    """Give a text's cell error its place: read the text again leniently, each wrong cell
    kept as typed, and find the first wrong one (the one the strict reading stopped at).

    A run of cells has no rows until its shape is known (a square, or the shape given),
    so its cube is found only then; ``typed`` is set when the cells make a rectangle.
    """
    try:
        text = _composed(text, rules)
        match = _SHAPE_PREFIX.match(text)
        if match:
            rows, cols = int(match.group(1)), int(match.group(2))
            text = text[match.end() :]
        grid, rows_given = _split_rows(text, rules, lenient=True)
    except BoardError:
        return  # wrong in a way no lenient reading gets past: no cube to point at
    grid = [row for row in grid if row]
    cells = [cell for row in grid for cell in row]
    shape_given = rows is not None and cols is not None
    if rows_given and shape_given and len(grid) != rows and len(cells) == rows * cols:
        # "1x4: w o 7 d" reads as four rows of one in English, where a '7' is no cell of
        # its own; the shape given says what the typist meant: one row of four.
        rows_given = False
    if not rows_given and cells:
        if rows is None and cols is None:
            rows = cols = math.isqrt(len(cells))
        rows = rows if rows is not None else (len(cells) // cols if cols else 0)
        cols = cols if cols is not None else (len(cells) // rows if rows else 0)
        if rows < 1 or cols < 1 or rows * cols != len(cells):
            return
        grid = [cells[r * cols : (r + 1) * cols] for r in range(rows)]
    places = ((r, c) for r, row in enumerate(grid) for c in range(len(row)))
    wrong = next(((r, c) for r, c in places if type(grid[r][c]) is _AsTyped), None)
    if wrong is None:
        return  # not a cell's error: a shape, an empty board
    error.cell = wrong
    widths = {len(row) for row in grid}
    shape_fits = (rows is None or rows == len(grid)) and (cols is None or widths == {cols})
    if len(widths) == 1 and shape_fits:
        error.typed = tuple(
            tuple(cell if type(cell) is _AsTyped else display_face(cell) for cell in row)
            for row in grid
        )


def _composed(text: str, rules: Ruleset) -> str:
    """Typed text in Unicode's composed form (NFC), for a language other than English:
    a letter typed with a combining mark is then one character, as the alphabet has it,
    and a ligature its letters (Dutch ĳ is i and j). English text is read as typed, as
    it always has been (its letters are ASCII)."""
    if rules is RULES or text.isascii():
        return text
    text = unicodedata.normalize("NFC", text)
    for ligature, letters in rules.ligatures:
        text = text.replace(ligature, letters)
    return text


def _split_rows(
    text: str, rules: Ruleset = RULES, lenient: bool = False
) -> tuple[list[list[str]], bool]:
    """Split typed text into rows of faces; also say whether the text gave its rows.
    ``lenient`` keeps a wrong cell as typed (_AsTyped) instead of raising."""
    # Separators before the first row or after the last end nothing: "sers patg line
    # sers/" and a pasted "serspatglinesers\n" read as they would without them.
    text = text.strip(_EDGE_SEPARATORS)
    if _ROW_SEPARATORS.search(text):
        rows = [
            _read_row(piece.strip(), row_number, rules, lenient)
            for row_number, piece in enumerate(_ROW_SEPARATORS.split(text), 1)
            if piece.strip()
        ]
        return rows, True
    pieces = _SPACES.split(text)  # [""] for no text: one run, of no cells
    if len(pieces) <= 1:
        return [_read_run(text, None, rules, lenient)], False
    if all(_is_one_cell(p, rules) for p in pieces):
        # "a b c qu e f ...": every piece is one cell, so the pieces are the cells
        # of one board, not its rows.
        return [[_read_token(p, None, i, rules, lenient) for i, p in enumerate(pieces, 1)]], False
    rows = [_read_row(piece, number, rules, lenient) for number, piece in enumerate(pieces, 1)]
    return rows, True


def _is_one_cell(piece: str, rules: Ruleset = RULES) -> bool:
    """Whether a space-separated piece of text is a single cell rather than a row."""
    piece = piece.lower()
    if rules is not RULES and len(piece) == 1:
        # One character is one cell, in the alphabet or not: "a ñ o" on a German board
        # is three cells, the second one wrong, not three rows.
        return True
    return piece in rules.faces or piece in rules.blank_inputs or piece in rules.letter_faces


def _where(row_number: int | None, cell_number: int) -> str:
    """Where a cell is, in the words a person would use (worded only for an error: a
    good cell costs no lookup in the catalogue)."""
    if row_number is None:
        return _("cell %(cell)s", cell=cell_number)
    return _("row %(row)s, cell %(cell)s", row=row_number, cell=cell_number)


def _read_row(
    text: str, row_number: int, rules: Ruleset = RULES, lenient: bool = False
) -> list[str]:
    """Read one row: cells separated by spaces, or run together."""
    if _SPACES.search(text):
        tokens = enumerate(_SPACES.split(text), 1)
        return [_read_token(t, row_number, i, rules, lenient) for i, t in tokens]
    return _read_run(text, row_number, rules, lenient)


def _read_run(text: str, row_number: int | None, rules: Ruleset, lenient: bool) -> list[str]:
    """Read cells run together: one letter a cell, ``q``/``qu`` is Qu, ``#``/``.`` blank."""
    # Not mutated: read letter by letter below, a run of plain letters gives the same
    # cells, so no test can tell the short way's condition from another.
    if text.isascii():  # pragma: no mutate
        # The common case, a run of plain letters (a board from /random, a link): read
        # at once. ASCII keeps its length when lowered, and is lowered as _lower does.
        lowered = text.lower()
        if rules.plain_letters.issuperset(lowered):
            return list(lowered)
    # Read character by character, not from text.lower(): lowering can change the
    # length (İ becomes two characters), and the positions must stay the text's own.
    faces: list[str] = []
    letters, letter_faces = rules.letters, rules.letter_faces
    i = 0
    while i < len(text):
        ch = _lower(text[i], rules)
        if ch in rules.blank_inputs:
            faces.append(BLANK)
        elif ch in letters:
            face = letter_faces.get(ch, ch)
            faces.append(face)
            # "q" and "qu" typed in full are both the Qu cube.
            rest = face[1:]
            if rest and text[i + 1 : i + 1 + len(rest)].lower() == rest:
                i += len(rest)
        elif lenient:
            faces.append(_AsTyped(text[i]))
        else:
            raise BoardError(
                rules.letter_problem(repr(text[i]), _where(row_number, len(faces) + 1))
            )
        i += 1
    return faces


def _lower_ascii(text: str) -> str:
    """ASCII text in lower case; other text as it is, so that no other letter folds into
    a-z (the Kelvin sign into k) and a message can show what was typed."""
    return text.lower() if text.isascii() else text


def _lower(text: str, rules: Ruleset) -> str:
    """Typed text as the rules read it: English's ASCII-only lower case; another
    language's letters lowered only when that gives one of its letters or faces (Ä
    is ä; the Kelvin sign stays itself), each folded as its boards fold (Ruleset.fold_cell)."""
    if rules is RULES or text.isascii():
        return _lower_ascii(text)
    lowered = "".join(map(rules.fold_cell, text.lower()))
    if len(lowered) == len(text) and (rules.letters.issuperset(lowered) or lowered in rules.faces):
        return lowered
    return text


def _read_token(
    token: str,
    row_number: int | None,
    cell_number: int,
    rules: Ruleset = RULES,
    lenient: bool = False,
) -> str:
    """Read one cell written on its own: a letter, a multi-letter face or a blank."""
    face = _lower(token.strip(), rules)
    # The cube as data, where the row is known (a text's cells are placed by _locate).
    cell = None if row_number is None else (row_number - 1, cell_number - 1)
    if face == "":
        raise BoardError(
            _(
                "%(where)s is empty; a blank cube is written '#'",
                where=_where(row_number, cell_number),
            ),
            cell=cell,
        )
    if face in rules.blank_inputs:
        return BLANK
    if face in rules.letter_faces:
        return rules.letter_faces[face]
    if face in rules.faces:
        return face
    if lenient:
        return _AsTyped(token.strip())
    if len(face) > 1 and all(ch in rules.letters for ch in face):
        raise BoardError(
            _(
                "%(token)s (%(where)s) is not a cube face; multi-letter faces are %(faces)s",
                token=repr(token),
                where=_where(row_number, cell_number),
                faces=", ".join(display_face(f) for f in rules.multi_letter_faces),
            ),
            cell=cell,
        )
    raise BoardError(rules.letter_problem(repr(token), _where(row_number, cell_number)), cell=cell)


def _rows_from_list(rows: Sequence[Sequence[str] | str], rules: Ruleset = RULES) -> list[list[str]]:
    """Read a list of rows from JSON: each a list of cell strings, or a row of text."""
    grid = []
    for row_number, row in enumerate(rows, 1):
        if isinstance(row, str):
            grid.append(_read_row(_composed(row, rules).strip(), row_number, rules))
        elif isinstance(row, Sequence):
            cells = []
            for cell_number, cell in enumerate(row, 1):
                if not isinstance(cell, str):
                    raise BoardError(
                        _(
                            "row %(row)s, cell %(cell)s is %(type)s, not a string",
                            row=row_number,
                            cell=cell_number,
                            type=_type_name(cell),
                        ),
                        cell=(row_number - 1, cell_number - 1),
                    )
                cells.append(_read_token(_composed(cell, rules), row_number, cell_number, rules))
            if not cells:
                raise BoardError(_("row %(row)s is empty", row=row_number), row=row_number - 1)
            grid.append(cells)
        else:
            raise BoardError(
                _(
                    "row %(row)s is %(type)s; a row is a list of cells or text",
                    row=row_number,
                    type=_type_name(row),
                ),
                row=row_number - 1,
            )
    return grid


def _type_name(value: object) -> str:
    """A value's type as a JSON client knows it (boards mostly arrive as JSON)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, dict):
        return _("an object")
    return type(value).__name__


def _shape(
    grid: list[list[str]],
    rows_given: bool,
    rows: int | None,
    cols: int | None,
    typed: str,
    rules: Ruleset,
) -> Board:
    """Fit the rows read to a rectangle, or infer a square from one run of cells.

    ``typed`` is the text the cells were read from, if any, for the error's hint.
    """
    faces = [face for row in grid for face in row]
    n = len(faces)
    if rows_given:
        board = Board(len(grid), _common_width(grid), tuple(faces))
        if (rows is not None and rows != board.rows) or (cols is not None and cols != board.cols):
            raise BoardError(
                _(
                    "the rows given make a %(shape)s board, not %(wanted)s",
                    shape=shape_text(board.rows, board.cols),
                    wanted=shape_text(rows or "?", cols or "?"),
                )
            )
        return board
    if rows is not None or cols is not None:
        rows = rows if rows is not None else (n // cols if cols else 0)
        cols = cols if cols is not None else (n // rows if rows else 0)
        if rows < 1 or cols < 1 or rows * cols != n:
            raise BoardError(
                ngettext(
                    "%(num)s cell cannot make a %(shape)s board",
                    "%(num)s cells cannot make a %(shape)s board",
                    n,
                    shape=shape_text(rows, cols),
                )
            )
        return Board(rows, cols, tuple(faces))
    side = math.isqrt(n)
    if side * side != n:
        raise BoardError(_not_square_message(faces, typed, rules))
    return Board(side, side, tuple(faces))


def _not_square_message(faces: list[str], typed: str, rules: Ruleset = RULES) -> str:
    """Why a run of cells makes no square board, and what to do: the shape to give."""
    n = len(faces)
    # The most nearly square shape these cells fill, e.g. 1x7 for "hearths".
    rows = max(r for r in range(1, math.isqrt(n) + 1) if n % r == 0)
    shape = f"{rows}x{n // rows}:"
    if n <= 64:
        cells = "".join(faces) if rules.run_together_faces.issuperset(faces) else " ".join(faces)
        example = f"'{shape} {cells}'"
    else:
        example = _("%(shape)s before the cells", shape=repr(shape))
    letters = len(_SPACES.sub("", typed))
    if "qu" in typed.lower() and letters != n and math.isqrt(letters) ** 2 == letters:
        # "aquabcdefghijklm" is 16 letters typed but 15 cubes: the typist counted 4x4.
        return ngettext(
            "%(num)s cell cannot make a square board ('qu' is one cube, so %(letters)s "
            "letters make %(num)s cell); give the rows, or the shape first: %(example)s",
            "%(num)s cells cannot make a square board ('qu' is one cube, so %(letters)s "
            "letters make %(num)s cells); give the rows, or the shape first: %(example)s",
            n,
            letters=letters,
            example=example,
        )
    return ngettext(
        "%(num)s cell cannot make a square board; give the rows, or the shape first: %(example)s",
        "%(num)s cells cannot make a square board; give the rows, or the shape first: %(example)s",
        n,
        example=example,
    )


def _common_width(grid: list[list[str]]) -> int:
    """The width every row has; BoardError pointing at the odd row out if they differ."""
    widths = [len(row) for row in grid]
    if widths.count(widths[0]) == len(widths):
        return widths[0]  # every board read right: no odd row to look for
    # The most common width is taken as the intended one, so the message points at
    # the odd row out rather than blaming the first row.
    width = max(widths, key=lambda w: (widths.count(w), -widths.index(w)))
    for row_number, row_width in enumerate(widths, 1):
        if row_width != width:
            others = {w for i, w in enumerate(widths, 1) if i != row_number}
            if others == {width}:
                message = ngettext(
                    "row %(row)s has %(num)s cell; the others have %(width)s",
                    "row %(row)s has %(num)s cells; the others have %(width)s",
                    row_width,
                    row=row_number,
                    width=width,
                )
            else:
                message = ngettext(
                    "row %(row)s has %(num)s cell; most have %(width)s",
                    "row %(row)s has %(num)s cells; most have %(width)s",
                    row_width,
                    row=row_number,
                    width=width,
                )
            raise BoardError(message, row=row_number - 1)
    return width
