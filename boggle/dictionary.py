"""Word lists -> a compact, immutable word graph, cached on disk.

The representation, before it is used:

- Words are spelled in *symbols*, not letters. Symbols 0-25 are the letters a-z,
  except that symbol 16 (``q``) stands for ``qu``: Boggle has no plain Q face, so a
  word with a ``q`` not followed by ``u`` can never be played and is skipped, and
  every other ``q`` can be read together with its ``u``. That makes the ``Qu`` cube
  one step of the search like any other cube.
- The words form a DAWG: a trie whose identical subtrees are merged (a minimal
  acyclic automaton). ENABLE2K's 173k words make about 54k nodes instead of the
  trie's 390k.
- The DAWG is stored as one flat table with a row of ``STRIDE`` entries per node:
  ``table[node + symbol]`` is the child reached by that symbol, already multiplied
  by ``STRIDE`` (so it is the child's own row offset), or 0 when there is none.
  Row 0 is an empty row, so 0 can mean "no child". One index per step is the
  cheapest lookup Python has, which is what makes the search fast. The table is an
  ``array('i')``: 4 bytes an entry, read from the cache in one call, as quick to index
  as a list, and untouched by reference counting, so forked server workers keep
  sharing its pages.
- Rows of nodes that end a word come first: a node ends a word exactly when its
  offset is below ``terminal_limit``, one comparison instead of a second table.
- Columns 26-30 are the two-letter faces of Super Big Boggle (``th``, ``in``, ``er``,
  ``he``, ``an``), derived from the letter columns when the table is built, so those
  cubes are one step too.
- The last column, ``MASK``, holds a bit set of the columns that lead somewhere from
  the node. The search compares it with the faces around a cube to skip, without a
  call, the half of all steps that could not go any further.

Another language's ruleset (boggle/languages.py) gives its own alphabet and faces, so
its table has its own width: German's ä ö ü are columns 26-28 and its rows 30 wide;
the dictionary carries its ruleset, and everything that reads the table takes the
stride, the bit-set column and the face columns from there.

The same graph in a compact form (:class:`CompactGraph`) is what the native core
walks, and what a dictionary holds. The table is 128 bytes a row (6.9 MB for ENABLE2K,
59.6 MB for every shipped list), far more than a core's 1 MB second-level cache, so
nearly every step of a walk to a new node waited on memory, and each server worker
came to hold most of its pages. The compact form keeps per node only its bit set and
its children: a record of ``1 + popcount(mask)`` unsigned 32-bit entries, the bit set
first, then the offset of the child of each set bit in column order, so that the child
by column ``c`` is at ``node + 1 + popcount(mask & ((1 << c) - 1))``. ENABLE2K's is
0.77 MB (6.9 MB for every shipped list), the node and its children mostly in one cache
line. Records are in the rows' order, so those of nodes ending a word come first
(below its own terminal limit); offset 0 is an empty record (no child), and 32 zero
entries end the array so that a record may be read whole from any offset up to
``len - 33``. It exists only where the bit set fits 32 bits (every ruleset today);
a ruleset with more columns keeps the table instead.

The table is laid out from the compact form, row for row as :func:`build_table` laid
it out, only when something asks for it (:meth:`Dictionary.table_graph`): the
pure-Python search, which indexes it once a step (a popcount a step costs Python more
than the C core). With the native core it is never built.

The graph is cached on disk, keyed by the word list's content hash and the format
version; a stale, truncated or corrupt cache is detected and rebuilt.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import stat
import struct
import sys
import threading
import zlib
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, NamedTuple

from .cachefile import write_atomically
from .errors import WordListError
from .rules import RULES, Ruleset

log = logging.getLogger(__name__)

#: Longer "words" are skipped (boggle/rules.py): a bound keeps the solver's per-length
#: tables small.
MAX_WORD_LENGTH = RULES.longest_word

#: Bump whenever the graph's layout or the cache file format changes. 5: the cache
#: holds the compact form alone (the table only where there is none).
FORMAT_VERSION = 5

#: Faces that get a column of their own besides the 26 letters (``qu`` uses ``q``'s).
DIGRAPH_FACES = RULES.extra_columns
#: The column of each row that holds the bit set of the row's non-empty columns, and
#: the row width, of English's table (another ruleset's are its own: Ruleset.stride).
MASK = RULES.mask_column
STRIDE = RULES.stride

_MAGIC = b"BOGGLEDG"
# The cache file: this header, the graph's entries, then a CRC-32 of both. The entries
# are the compact form's (little-endian uint32, its padding included) where the rules'
# bit set fits 32 bits, else the table's (little-endian int32); root and terminal limit
# are offsets in them. magic, format version, stride, entries, root, terminal limit,
# words, skipped x3, sha256.
_HEADER = struct.Struct("<8sIIIIIIIII32s")
#: Zero entries that end a compact graph, so that any record may be read whole.
COMPACT_PADDING = 32
_CRC = struct.Struct("<I")


@dataclass(frozen=True)
class WordListStats:
    """What reading a word list kept and skipped."""

    words: int
    skipped_not_letters: int = 0
    skipped_q_without_u: int = 0
    skipped_too_long: int = 0

    @property
    def skipped(self) -> int:
        """Words skipped for any reason."""
        return self.skipped_not_letters + self.skipped_q_without_u + self.skipped_too_long


def cache_name(source_hash: str, rules: Ruleset = RULES) -> str:
    """The cache file of a word list's graph: its content, the rules' letters and faces
    (which decide the table's columns), and the format version."""
    return f"{source_hash[:32]}.{rules.graph_key}.v{FORMAT_VERSION}.dawg"


#: The English table column of a cube face (``a``, ``qu``, ``th``...), or None for a blank.
face_column = RULES.face_columns.get


def read_words(lines: Iterable[str], rules: Ruleset = RULES) -> tuple[list[str], WordListStats]:
    """Keep the playable words of a word list, spelled in symbols, sorted, without repeats.

    One word per line, any case; blank lines and ``#`` comments are ignored. Words
    with anything but a-z (apostrophes, hyphens, digits, accents) are skipped, as are
    words with a ``q`` not followed by ``u``, and words of more than MAX_WORD_LENGTH
    letters; each kind is counted. Another ruleset's alphabet replaces a-z, and its
    letters after z are spelled as the symbols after ``z`` (see ``Ruleset.symbols``).
    """
    letters = rules.alphabet
    kept: set[str] = set()
    not_letters = q_without_u = too_long = 0
    for line in lines:
        word = line.strip().lower()
        if not word or word.startswith("#"):
            continue
        if word.strip(letters):  # something outside the alphabet (strip is C-fast)
            not_letters += 1
            continue
        if word.count("q") != word.count("qu"):
            q_without_u += 1
            continue
        if len(word) > MAX_WORD_LENGTH:
            too_long += 1
            continue
        kept.add(word.replace("qu", "q"))
    symbols = rules.symbols
    words = sorted(word.translate(symbols) for word in kept) if symbols else sorted(kept)
    return words, WordListStats(len(words), not_letters, q_without_u, too_long)


def count_words(text: str, rules: Ruleset = RULES) -> int:
    """How many playable words :func:`read_words` would keep from a list's text.

    A list in the shipped lists' form (one lower-case word of the alphabet a line, no
    repeats, every q a qu, none too long) is counted with C-level passes over the text,
    in a fifth of the time (0.2 s for German's 4.7 MB, where /dictionaries and the
    pages ask the count of every list); any other list is read word by word.
    """
    if text.count("q") != text.count("qu") or not rules.letters.issuperset(set(text) - {"\n"}):
        return read_words(text.splitlines(), rules)[1].words  # the cheap tests first
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if (
        lines
        and "" not in lines
        and max(map(len, lines)) <= rules.longest_word
        and len(set(lines)) == len(lines)
    ):
        return len(lines)
    return read_words(text.splitlines(), rules)[1].words


class CompactGraph(NamedTuple):
    """The word graph in the compact form the native core walks (module docstring)."""

    nodes: array  # array('I')
    root: int
    terminal_limit: int


class TableGraph(NamedTuple):
    """The word graph as the table the pure-Python search walks (module docstring)."""

    table: array  # array('i')
    root: int
    terminal_limit: int


#: The most bits a bit set may have for the graph to have a compact form.
COMPACT_BITS = 32

# Held while a dictionary's table is laid out, so that threads asking at once lay it
# out once (a second copy of the largest list's would be tens of megabytes).
_TABLE_LOCK = threading.Lock()


class Dictionary:
    """An immutable word graph: membership, enumeration, and the graph the search walks.

    It holds the compact form (where the rules' bit set fits 32 bits) and the table only
    once asked for it (:meth:`table_graph`). Nothing mutates what it answers after
    construction, so one instance serves many threads.
    """

    __slots__ = ("_table", "compact", "name", "rules", "source_hash", "stats")

    def __init__(
        self,
        table: array,
        root: int,
        terminal_limit: int,
        stats: WordListStats,
        name: str = "",
        source_hash: str = "",
        rules: Ruleset = RULES,
        compact: CompactGraph | None = None,
    ) -> None:
        """A dictionary of a built table, which it keeps; ``compact`` is the table's
        compact form, built here where not given (and the bit set allows). A dictionary
        without its table is :meth:`from_compact`'s."""
        self.rules = rules
        self._table: TableGraph | None = TableGraph(table, root, terminal_limit)
        self.stats = stats
        self.name = name
        self.source_hash = source_hash
        if compact is None:
            compact = build_compact(table, root, terminal_limit, rules)
        self.compact = compact

    @classmethod
    def from_compact(
        cls,
        compact: CompactGraph,
        stats: WordListStats,
        name: str = "",
        source_hash: str = "",
        rules: Ruleset = RULES,
    ) -> Dictionary:
        """A dictionary of the compact form alone, as loaded from a word list: its table
        is laid out only if asked for, so that a server searching with the native core
        never holds it."""
        dictionary = cls.__new__(cls)
        dictionary.rules = rules
        dictionary._table = None
        dictionary.stats = stats
        dictionary.name = name
        dictionary.source_hash = source_hash
        dictionary.compact = compact
        return dictionary

    @classmethod
    def from_words(cls, words: Iterable[str], name: str = "", rules: Ruleset = RULES) -> Dictionary:
        """Build a dictionary from words in memory (no cache); for small lists and tests."""
        symbols, stats = read_words(words, rules)
        table, root, terminal_limit = build_table(symbols, rules)
        return cls(table, root, terminal_limit, stats, name, rules=rules)

    def __len__(self) -> int:
        return self.stats.words

    def __repr__(self) -> str:
        return f"<Dictionary {self.name or '(unnamed)'}: {self.stats.words} words>"

    def table_graph(self) -> TableGraph:
        """The table, its root and terminal limit: laid out from the compact form the
        first time they are asked for (the pure-Python search asks), then kept."""
        graph = self._table
        if graph is None:
            with _TABLE_LOCK:
                graph = self._table
                if graph is None:
                    graph = self._table = table_from_compact(self.compact, self.rules)
        return graph

    @property
    def has_table(self) -> bool:
        """Whether the table is laid out (by the pure-Python search, or given)."""
        return self._table is not None

    @property
    def table(self) -> array:
        """The table (module docstring), laid out on first use: :meth:`table_graph`."""
        return self.table_graph().table

    @property
    def root(self) -> int:
        """The table's root row offset (:meth:`table_graph`)."""
        return self.table_graph().root

    @property
    def terminal_limit(self) -> int:
        """The table's terminal limit (:meth:`table_graph`)."""
        return self.table_graph().terminal_limit

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        node = self._walk(word.lower())
        graph = self.compact if self.compact is not None else self.table_graph()
        return 0 < node < graph.terminal_limit

    def has_prefix(self, prefix: str) -> bool:
        """Whether some word starts with ``prefix``."""
        prefix = prefix.lower()
        if prefix.endswith("q"):
            prefix += "u"  # every q in a playable word is followed by u
        return self._walk(prefix) != 0

    def _walk(self, text: str) -> int:
        """The node reached by spelling ``text`` from the root, or 0: a record's offset
        in the compact form, or a row's in the table where there is none."""
        compact = self.compact
        if compact is not None:
            nodes, node = compact.nodes, compact.root
        else:
            table, node = self.table, self.root
        columns = self.rules.face_columns
        q = columns.get("qu")
        i = 0
        while i < len(text) and node:
            ch = text[i]
            if ch == "q":
                if not text.startswith("qu", i):
                    return 0
                i += 1
            column = columns.get(ch) if ch != "q" else q
            if column is None:
                return 0
            if compact is None:
                node = table[node + column]
            else:
                mask = nodes[node]
                if not mask >> column & 1:
                    return 0
                node = nodes[node + 1 + (mask & ((1 << column) - 1)).bit_count()]
            i += 1
        return node

    def __iter__(self) -> Iterator[str]:
        """Every word, in alphabetical order."""
        letters = self.rules.alphabet
        spelled = ["qu" if letter == "q" else letter for letter in letters]
        compact = self.compact
        if compact is None:
            yield from self._iter_table(spelled)
            return
        nodes, terminal_limit = compact.nodes, compact.terminal_limit
        # The letters' columns are the lowest: a record's first children are theirs, in
        # column order (the faces of two letters, above them, are not words' steps).
        letter_bits = (1 << len(letters)) - 1
        stack = [(compact.root, "")]
        while stack:
            node, prefix = stack.pop()
            if 0 < node < terminal_limit:
                yield prefix
            mask = nodes[node] & letter_bits
            children = []
            at = node + 1
            while mask:
                low = mask & -mask
                children.append((nodes[at], prefix + spelled[low.bit_length() - 1]))
                at += 1
                mask ^= low
            # Pushed in reverse so that they pop in alphabetical order.
            stack += reversed(children)

    def _iter_table(self, spelled: list[str]) -> Iterator[str]:
        """Every word, in alphabetical order, from the table (a graph without a compact
        form)."""
        table, terminal_limit = self.table, self.terminal_limit
        stack = [(self.root, "")]
        while stack:
            node, prefix = stack.pop()
            if 0 < node < terminal_limit:
                yield prefix
            # Push children in reverse so they pop in alphabetical order.
            for column in range(len(spelled) - 1, -1, -1):
                child = table[node + column]
                if child:
                    stack.append((child, prefix + spelled[column]))


def build_table(words: list[str], rules: Ruleset = RULES) -> tuple[array, int, int]:
    """Build the flat DAWG table of sorted symbol-spelled words, for ``rules``' columns.

    Returns ``(table, root, terminal_limit)`` as described in the module docstring.
    """
    finals, edges, root = _minimal_automaton(words)
    # Number the nodes: 0 is the empty row, then the nodes that end a word, then
    # the rest (see the module docstring for why).
    order = [0]
    order += [n for n in range(1, len(finals)) if finals[n]]
    terminal_rows = len(order)
    order += [n for n in range(1, len(finals)) if not finals[n]]
    row_of = [0] * len(finals)
    for row, node in enumerate(order):
        row_of[node] = row
    stride = rules.stride
    table = array("i", bytes(4 * stride * len(order)))
    for node in range(1, len(finals)):
        base = row_of[node] * stride
        for symbol, child in edges[node]:
            table[base + symbol] = row_of[child] * stride
    _add_digraph_columns(table, len(order), rules)
    _add_mask_column(table, len(order), rules)
    return table, row_of[root] * stride, terminal_rows * stride


def _minimal_automaton(words: list[str]) -> tuple[list[bool], list[tuple], int]:
    """Daciuk et al.'s incremental construction of the minimal DAWG of sorted words.

    Returns per node its final flag and its edges ``((symbol, child), ...)``, and the
    root. Node 0 is unused so that 0 can mean "no node".
    """
    register: dict[tuple, int] = {}
    finals: list[bool] = [False]
    edges: list[tuple] = [()]
    # The path of the previous word: each node's edges (symbol -> child, where the
    # last child is still being built and is None until it is frozen) and final flag.
    path_edges: list[dict[int, int | None]] = [{}]
    path_final: list[bool] = [False]

    def freeze(depth: int) -> None:
        """Replace the nodes of the previous word below ``depth`` by registered ones."""
        while len(path_edges) - 1 > depth:
            node_edges = tuple(path_edges.pop().items())
            key = (path_final.pop(), node_edges)
            node = register.get(key)
            if node is None:
                node = register[key] = len(finals)
                finals.append(key[0])
                edges.append(node_edges)
            parent = path_edges[-1]
            parent[next(reversed(parent))] = node  # the edge added last leads here

    previous = ""
    for word in words:
        common = 0
        limit = min(len(word), len(previous))
        while common < limit and word[common] == previous[common]:
            common += 1
        freeze(common)
        for ch in word[common:]:
            path_edges[-1][ord(ch) - 97] = None
            path_edges.append({})
            path_final.append(False)
        path_final[-1] = True
        previous = word
    freeze(0)
    root = len(finals)
    finals.append(path_final[0])
    edges.append(tuple(path_edges[0].items()))
    return finals, edges, root


def _add_digraph_columns(table: array, rows: int, rules: Ruleset = RULES) -> None:
    """Fill the two-letter-face columns: ``th`` leads where ``t`` then ``h`` lead."""
    stride = rules.stride
    for i, face in enumerate(rules.extra_columns):
        column = len(rules.alphabet) + i
        first, second = (rules.face_columns[ch] for ch in face)
        for base in range(stride, rows * stride, stride):
            child = table[base + first]
            if child:
                table[base + column] = table[child + second]


def _add_mask_column(table: array, rows: int, rules: Ruleset = RULES) -> None:
    """Fill each row's MASK entry: bit ``c`` is set when column ``c`` leads somewhere."""
    stride, mask_column = rules.stride, rules.mask_column
    for base in range(stride, rows * stride, stride):
        mask = 0
        for column in range(mask_column):
            if table[base + column]:
                mask |= 1 << column
        # With 32 columns below it, bit 31 is the int32's sign (readers mask or cast it).
        table[base + mask_column] = mask - (1 << 32) if mask >> 31 else mask


def build_compact(
    table: array, root: int, terminal_limit: int, rules: Ruleset = RULES
) -> CompactGraph | None:
    """The compact form of a table (module docstring), or None where the bit set does
    not fit 32 bits (the native core then walks the table, as before)."""
    stride, mask_column = rules.stride, rules.mask_column
    if mask_column > COMPACT_BITS:
        return None
    rows = len(table) // stride
    # Unsigned: with 32 columns below it, the bit set's top bit is the int32's sign.
    masks = [mask & 0xFFFFFFFF for mask in table[mask_column::stride]]
    # Each row's record offset: its bit set and a child a set bit.
    offsets = [0] * (rows + 1)
    at = 0
    for row in range(rows):
        offsets[row] = at
        at += 1 + masks[row].bit_count()
    offsets[rows] = at
    nodes = array("I", bytes(4 * (at + COMPACT_PADDING)))
    for row in range(1, rows):
        mask = masks[row]
        at = offsets[row]
        nodes[at] = mask
        base = row * stride
        while mask:
            low = mask & -mask
            at += 1
            nodes[at] = offsets[table[base + low.bit_length() - 1] // stride]
            mask ^= low
    return CompactGraph(nodes, offsets[root // stride], offsets[terminal_limit // stride])


def table_from_compact(compact: CompactGraph, rules: Ruleset = RULES) -> TableGraph:
    """The table :func:`build_table` laid out, laid out again from its compact form, row
    for row: the records are in the rows' order, and each holds its row's bit set and
    every child it has (the two-letter faces' included)."""
    nodes = compact.nodes
    stride, mask_column = rules.stride, rules.mask_column
    end = len(nodes) - COMPACT_PADDING
    starts = []
    at = 0
    while at < end:
        starts.append(at)
        at += 1 + nodes[at].bit_count()
    # Each record's row offset, and the end's: a terminal limit past the last record.
    row_of = dict(zip(starts, range(0, stride * len(starts), stride), strict=True))
    row_of[end] = stride * len(starts)
    table = array("i", bytes(4 * stride * len(starts)))
    for base, at in zip(range(0, len(table), stride), starts, strict=True):
        mask = nodes[at]
        if not mask:
            continue
        # With 32 columns below it, bit 31 is the int32's sign (as _add_mask_column).
        table[base + mask_column] = mask - (1 << 32) if mask >> 31 else mask
        for child in nodes[at + 1 : at + 1 + mask.bit_count()]:
            low = mask & -mask
            table[base + low.bit_length() - 1] = row_of[child]
            mask ^= low
    return TableGraph(table, row_of[compact.root], row_of[compact.terminal_limit])


#: The browser's word graph file (:func:`browser_graph`): this header, then the compact
#: graph's entries (little-endian uint32, padding included). magic, format version,
#: stride, bit-set column, entries, root, terminal limit, words.
BROWSER_HEADER = struct.Struct("<8sIIIIIII")
BROWSER_MAGIC = b"BOGGLECG"


def browser_graph(dictionary: Dictionary) -> bytes | None:
    """The word graph as the page's search reads it (boggle/walk_wasm.c, load_graph): the
    compact form, a tenth of the table's size to send and to keep, with the cache's
    FORMAT_VERSION in its header, so that a page never reads a graph of another layout.
    None where the list has no compact form (a bit set wider than 32 bits)."""
    compact = dictionary.compact
    if compact is None:
        return None
    nodes = compact.nodes
    if sys.byteorder != "little":
        nodes = array("I", nodes)
        nodes.byteswap()
    rules = dictionary.rules
    header = BROWSER_HEADER.pack(
        BROWSER_MAGIC,
        FORMAT_VERSION,
        rules.stride,
        rules.mask_column,
        len(nodes),
        compact.root,
        compact.terminal_limit,
        len(dictionary),
    )
    return header + nodes.tobytes()


# --- Loading a word list file, with the on-disk cache ------------------------------


def default_cache_dir() -> Path:
    """Where built word graphs are cached: $BOGGLE_CACHE_DIR, else the user's cache folder."""
    configured = os.environ.get("BOGGLE_CACHE_DIR")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "boggle"


def load_dictionary(
    path: str | os.PathLike[str],
    name: str | None = None,
    cache_dir: str | os.PathLike[str] | None = None,
    use_cache: bool = True,
    rules: Ruleset = RULES,
) -> Dictionary:
    """Load a word list file, from the cached word graph when it is there and sound,
    its words read and its table laid out by ``rules`` (English unless given)."""
    path = Path(path)
    try:
        with open_regular(path) as f:
            data = f.read()
    except OSError as error:
        raise WordListError(f"cannot read word list {path}: {error.strerror or error}") from error
    except ValueError as error:
        raise WordListError(f"cannot read word list: {error}") from None
    digest = hashlib.sha256(data).digest()
    name = name or path.stem
    cache_file = None
    if use_cache:
        folder = Path(cache_dir) if cache_dir is not None else default_cache_dir()
        cache_file = folder / cache_name(digest.hex(), rules)
        cached = _read_cache(cache_file, digest, rules)
        if cached is not None:
            graph, stats = cached
            return _dictionary_of(graph, stats, name, digest.hex(), rules)
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark is not part of the first word
    except UnicodeDecodeError:
        # Older word lists are often Latin-1; its accented words are skipped anyway.
        text = data.decode("latin-1")
    del data
    words, stats = read_words(text.splitlines(), rules)
    del text
    if not words:
        raise WordListError(f"word list {path} has no playable words")
    table, root, terminal_limit = build_table(words, rules)
    del words
    graph: CompactGraph | TableGraph | None = build_compact(table, root, terminal_limit, rules)
    if graph is None:
        graph = TableGraph(table, root, terminal_limit)
    del table  # where there is a compact form, laid out again only if asked for
    if cache_file is not None:
        _write_cache(cache_file, digest, graph, stats, rules)
    return _dictionary_of(graph, stats, name, digest.hex(), rules)


def _dictionary_of(
    graph: CompactGraph | TableGraph,
    stats: WordListStats,
    name: str,
    source_hash: str,
    rules: Ruleset,
) -> Dictionary:
    """The dictionary of a loaded graph: of its compact form alone where it has one."""
    if isinstance(graph, CompactGraph):
        return Dictionary.from_compact(graph, stats, name, source_hash, rules)
    return Dictionary(*graph, stats, name, source_hash, rules)


def open_regular(path: Path) -> BinaryIO:
    """Open a regular file for reading; ValueError for a FIFO, device or folder.

    A plain ``open()`` of a FIFO waits for a writer that may never come, and start-up
    with it; opening without blocking and looking at what was opened cannot hang.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError(f"{path} is not a regular file")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _read_cache(
    cache_file: Path, digest: bytes, rules: Ruleset = RULES
) -> tuple[CompactGraph | TableGraph, WordListStats] | None:
    """The cached graph (its compact form, or its table where it has none) and the
    list's counts, if the file is complete, current and intact; else None."""
    stride = rules.stride
    compact = rules.mask_column <= COMPACT_BITS
    try:
        with open_regular(cache_file) as f:
            header = f.read(_HEADER.size)
            if len(header) != _HEADER.size:
                return _reject(cache_file, "truncated header")
            fields = _HEADER.unpack(header)
            magic, version, width, entries, root, terminal_limit, *counts, source = fields
            if magic != _MAGIC or version != FORMAT_VERSION or width != stride:
                return _reject(cache_file, "another format")
            if source != digest:
                return _reject(cache_file, "built from another word list")
            size = _HEADER.size + 4 * entries + _CRC.size
            if os.fstat(f.fileno()).st_size != size:
                return _reject(cache_file, "wrong size (truncated or padded)")
            graph = array("I" if compact else "i")
            graph.fromfile(f, entries)
            (crc,) = _CRC.unpack(f.read(_CRC.size))
    except FileNotFoundError:
        return None  # not built yet
    except (OSError, EOFError, ValueError, struct.error) as error:
        return _reject(cache_file, f"unreadable ({error})")
    # The checksum covers the header too: a damaged root or count is caught as surely
    # as a damaged entry.
    if zlib.crc32(graph, zlib.crc32(header)) != crc:
        return _reject(cache_file, "checksum mismatch")
    if sys.byteorder != "little":
        graph.byteswap()
    stats = WordListStats(*counts)
    if compact:
        # A record is read whole from any offset up to the padding.
        if not 0 < root <= entries - COMPACT_PADDING - 1 or terminal_limit > entries:
            return _reject(cache_file, "header out of range")
        return CompactGraph(graph, root, terminal_limit), stats
    if entries % stride or not (0 < root < entries and terminal_limit <= entries):
        return _reject(cache_file, "header out of range")
    return TableGraph(graph, root, terminal_limit), stats


def _reject(cache_file: Path, why: str) -> None:
    """Log why a cache file is not used (it is rebuilt and replaced)."""
    log.warning("ignoring word graph cache %s: %s", cache_file, why)
    return None


def _write_cache(
    cache_file: Path,
    digest: bytes,
    graph: CompactGraph | TableGraph,
    stats: WordListStats,
    rules: Ruleset = RULES,
) -> None:
    """Write the cache atomically: a temporary file, then a rename over the real name.

    Two processes building at once each write their own temporary file; the rename
    is atomic, so a reader sees one complete file or none, never a mixture.
    """
    entries, root, terminal_limit = graph
    if sys.byteorder != "little":
        entries = array(entries.typecode, entries)
        entries.byteswap()
    header = _HEADER.pack(
        _MAGIC,
        FORMAT_VERSION,
        rules.stride,
        len(entries),
        root,
        terminal_limit,
        stats.words,
        stats.skipped_not_letters,
        stats.skipped_q_without_u,
        stats.skipped_too_long,
        digest,
    )
    crc = _CRC.pack(zlib.crc32(entries, zlib.crc32(header)))

    def write(f: BinaryIO) -> None:
        f.write(header)
        entries.tofile(f)
        f.write(crc)

    try:
        write_atomically(cache_file, write)
    except OSError as error:
        # A read-only or full disk costs only the next start-up's build time.
        log.warning("cannot write word graph cache %s: %s", cache_file, error)
        return
    _remove_older_formats(cache_file)


def _remove_older_formats(cache_file: Path) -> None:
    """Delete the same graph's caches in other format versions, which nothing reads
    again: each version's file is several megabytes, and an upgrade would leave them."""
    stem = cache_file.name.removesuffix(f".v{FORMAT_VERSION}.dawg")
    for other in cache_file.parent.glob(f"{stem}.v*.dawg"):
        if other != cache_file:
            # Gone already, or not ours to remove: then it only takes space.
            with contextlib.suppress(OSError):
                other.unlink()
