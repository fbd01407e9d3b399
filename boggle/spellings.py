"""How a language's list writes its play words: *eleve* is shown as *élève*.

French, Spanish, Italian and Dutch fold accents away for play, and German plays ß as
ss: the board has no É cube, so *élève* is played as *eleve*, and *côte*, *coté*,
*côté* and *cote* are one play word (wordlists/README.md, "Other languages"). The word
lists hold the play words; ``wordlists/<code>-display.txt`` holds, sorted, every
spelling that folding changed, with the plain one too where the source has it. A play
word with no line there is shown as it is.

The representation, read once per process the first time a language needs it from a
cache file beside the word graphs (grouped from the display file the first time on a
machine, about a second for French): the spellings grouped by their play word, as one
``bytes`` of lines ``play\\tspelling\\tspelling\\n`` sorted by play word, and an
``array('I')`` of where each line starts. A lookup is a binary search over those
offsets. For French's 151,269 spellings that is about 3.3 MB and 0.5 MB, against some
25 MB for a dict of tuples; and neither object is touched by reference counting per
entry, so server workers forked after it is read keep sharing its pages.

Read from the cache, the lines are not kept as ``bytes`` but mapped from the cache
file: a lookup reads a dozen of its pages, so a server holds the few pages its
lookups touched (shared through the page cache by every process on the machine)
instead of all six languages' lines, 11.7 MB, in the memory of gunicorn's master that
each worker's share of counts a fifth of (docs/deploy.md, "Memory").
"""

from __future__ import annotations

import hashlib
import logging
import mmap
import os
import re
import struct
import threading
import unicodedata
import zlib
from array import array
from pathlib import Path

from .cachefile import write_atomically
from .dictionary import Dictionary, default_cache_dir
from .rules import Ruleset

log = logging.getLogger(__name__)

#: Bump whenever the grouped lines' layout changes.
FORMAT_VERSION = 1
# The cache file is the grouped lines, then their CRC-32: a damaged file is rebuilt.
_CRC = struct.Struct("<I")

SHIPPED_DIR = Path(__file__).resolve().parent.parent / "wordlists"


#: The grouped lines as a lookup reads them: in memory, or mapped from the cache file.
Lines = bytes | mmap.mmap


class Spellings:
    """A language's display spellings, looked up by play word."""

    def __init__(self, blob: bytes, mapped: mmap.mmap | None = None) -> None:
        """From the grouped lines (:func:`group_spellings`); ``mapped``, the same lines
        mapped from a file, is what lookups then read (``blob`` is not kept)."""
        self._starts = array("I", [0])
        self._starts.extend(found.end() for found in re.finditer(b"\n", blob))
        self._starts.pop()  # where the line after the last would start
        self._blob: Lines = blob if mapped is None else mapped

    @property
    def mapped(self) -> bool:
        """Whether lookups read the lines from a mapped file rather than from memory."""
        return isinstance(self._blob, mmap.mmap)

    @classmethod
    def from_lines(cls, lines: list[str], rules: Ruleset) -> Spellings:
        """From a display file's lines, folded by the language's rules."""
        return cls(group_spellings(lines, rules))

    def __len__(self) -> int:
        return len(self._starts)

    def of(self, word: str) -> tuple[str, ...]:
        """The ways the list writes this play word, in its sorted order; ``()`` when it
        is written as it is played."""
        key = word.encode()
        blob, starts = self._blob, self._starts
        low, high = 0, len(starts)
        while low < high:
            middle = (low + high) // 2
            start = starts[middle]
            # find, not index: a mapping has no index (every line has its tab and newline).
            found = blob[start : blob.find(b"\t", start)]
            if found < key:
                low = middle + 1
            elif found > key:
                high = middle
            else:
                line = blob[start : blob.find(b"\n", start)].decode()
                return tuple(line.split("\t")[1:])
        return ()


def group_spellings(lines: list[str], rules: Ruleset) -> bytes:
    """The lines ``play\tspelling...\n``, sorted by play word, of the spellings that
    say more than their play word (a lone plain spelling is how it shows anyway)."""
    spellings = [line.strip() for line in lines if line.strip()]
    groups: dict[str, list[str]] = {}
    for spelling, play in zip(spellings, fold_all(spellings, rules), strict=True):
        groups.setdefault(play, []).append(spelling)
    kept = sorted((play, group) for play, group in groups.items() if group != [play])
    return "".join(f"{play}\t{chr(9).join(group)}\n" for play, group in kept).encode()


def fold_all(words: list[str], rules: Ruleset) -> list[str]:
    """``rules.fold_word`` of every word, at once: the same answers, some 20 times
    faster for French's 151,269 spellings (a second and more, one word at a time).

    ``fold_word`` normalizes and lower-cases the word, makes the replacements, then
    folds it letter by letter; folding letters is a mapping of characters, so one
    ``str.translate`` over all the words' text, with a table of every character in it,
    does the same as the letter-by-letter loop.
    """
    if not words:
        return []
    text = unicodedata.normalize("NFC", "\n".join(words)).lower()
    for old, new in rules.replacements:
        text = text.replace(old, new)
    table = {ord(ch): rules.fold_letter(ch) for ch in set(text) - {"\n"}}
    return text.translate(table).split("\n")


_loaded: dict[str, Spellings | None] = {}
_lock = threading.Lock()


def spellings_for(
    dictionary: Dictionary, cache_dir: str | os.PathLike[str] | None = None
) -> Spellings | None:
    """The display spellings of a shipped language's list; None for a list that has
    none (English's, or a list added by its path).

    Read from the cache beside the word graphs (``cache_dir``, else the default), or
    grouped from the display file (about a second for French) and cached there.
    """
    code = dictionary.rules.code
    if not dictionary.rules.folds_accents or dictionary.name != code:
        return None
    with _lock:  # two threads asking at once read the file once
        if code not in _loaded:
            _loaded[code] = load_spellings(code, dictionary.rules, cache_dir)
        return _loaded[code]


def load_spellings(
    code: str, rules: Ruleset, cache_dir: str | os.PathLike[str] | None = None
) -> Spellings | None:
    """A language's display spellings, from the cache or grouped from its file (and
    cached); None when the language ships no display file."""
    path = SHIPPED_DIR / f"{code}-display.txt"
    if not path.is_file():
        return None
    source = path.read_bytes()
    key = hashlib.sha256(f"v{FORMAT_VERSION}|{rules.graph_key}|".encode() + source)
    folder = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    cached = folder / f"{code}-{key.hexdigest()[:32]}.spellings"
    try:
        data = cached.read_bytes()
    except OSError:
        data = b""  # not built on this machine yet
    body, crc = data[: -_CRC.size], data[-_CRC.size :]
    if len(crc) == _CRC.size and _CRC.unpack(crc)[0] == zlib.crc32(body):
        return Spellings(body, map_lines(cached, len(body)))
    if data:
        log.warning("ignoring damaged spellings cache %s", cached)
    blob = group_spellings(source.decode("utf-8").splitlines(), rules)
    try:
        write_atomically(cached, lambda f: f.write(blob + _CRC.pack(zlib.crc32(blob))))
    except OSError as error:
        # A read-only or full disk costs only the next start's grouping.
        log.warning("cannot write spellings cache %s: %s", cached, error)
        return Spellings(blob)
    return Spellings(blob, map_lines(cached, len(blob)))


def map_lines(path: Path, size: int) -> mmap.mmap | None:
    """The first ``size`` bytes of a cache file (its lines, checked), mapped read-only;
    None if it cannot be mapped, and the lines are then kept in memory.

    The cache is only ever replaced by a rename (boggle/cachefile.py), never written
    in place, so the file mapped here keeps the bytes that were checked.
    """
    if size == 0:
        return None  # an empty file cannot be mapped; nothing to share either
    try:
        with open(path, "rb") as f:
            return mmap.mmap(f.fileno(), size, access=mmap.ACCESS_READ)
    except (OSError, ValueError) as error:
        log.warning("cannot map spellings cache %s: %s", path, error)
        return None
