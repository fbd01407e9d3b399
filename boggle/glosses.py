"""Definitions in the other languages, from Wiktionary, read offline from ``wordlists/``.

``Glosses.for_language("de").define("häuser")`` gives the entry of the lemma the word
comes from (``Haus``, with its first senses). Each language that has a source has one
file, ``wordlists/definitions-<code>.txt``, which ``wordlists/rebuild_glosses.py``
builds from a pinned PyPI package of Wiktionary glosses: the words of the shipped list
were lemmatised there, once, so nothing here guesses a lemma, and no lemmatiser runs in
the server. Languages without a file have no definitions (``languages()`` says which).

A file is memory-mapped on the first lookup in its language, never before and never
read into Python objects: a server that is never asked for a German definition never
opens the German file, and every process that is shares one copy of its pages in the
page cache. Its layout, all UTF-8 text:

- a header line of fixed width naming the format, the language and the byte where the
  index starts;
- the lemmas, one a line: ``lemma<TAB>gloss<TAB>gloss...``, first senses first;
- the index, one line per word of the shipped list that has a gloss, sorted by code
  point, found by binary search: ``word<TAB>offset,offset``, the byte offsets (base 36)
  of its lemmas' lines, the likeliest first.
"""

from __future__ import annotations

import mmap
import re
import threading
from dataclasses import dataclass
from pathlib import Path

from .definitions import (
    MAX_WORD_CHARS,
    Definition,
    DefinitionError,
    DefinitionsFileError,
    Entry,
    Sense,
    Source,
)
from .errors import BoggleError
from .i18n import _, number
from .rules import Ruleset
from .words import first_typed, normalize_word

SHIPPED_DIR = Path(__file__).resolve().parent.parent / "wordlists"

FORMAT = "boggle-glosses 1"
HEADER_WIDTH = 64  # bytes, newline included: the lemmas start at this offset
_HEADER = re.compile(rb"^boggle-glosses 1 ([a-z]{2}) .*index at byte (\d{10}) *\n$")


@dataclass(frozen=True)
class GlossSource:
    """Where a language's glosses come from, as a definition credits them."""

    #: Who wrote them, as the licence asks them to be named.
    name: str
    licence: str
    licence_url: str
    #: The address of a lemma's page (its history names its authors), with {lemma}.
    page: str


WIKTIONARY_LICENCE = "CC BY-SA 4.0"
WIKTIONARY_LICENCE_URL = "https://creativecommons.org/licenses/by-sa/4.0/"

#: The languages with glosses, and their sources (wordlists/README.md, "Definitions").
SOURCES: dict[str, GlossSource] = {
    "de": GlossSource(
        "German Wiktionary contributors",
        WIKTIONARY_LICENCE,
        WIKTIONARY_LICENCE_URL,
        "https://de.wiktionary.org/wiki/{lemma}",
    ),
}


def shipped_file(code: str) -> Path:
    """The shipped glosses file of a language."""
    return SHIPPED_DIR / f"definitions-{code}.txt"


class NoGloss(BoggleError):  # noqa: N818 - reads as the answer it reports
    """The language's Wiktionary has no entry for the word or any lemma it comes from."""

    def __init__(self, word: str) -> None:
        super().__init__(
            _(
                "no definition of %(word)s: Wiktionary has no entry for it or its lemma",
                word=repr(word),
            )
        )
        self.word = word


def check_word(written: str, rules: Ruleset) -> str:
    """The word to look up, as the language's list spells it (German ß as ss): lower
    case, the language's letters only, at most MAX_WORD_CHARS."""
    word = normalize_word(written)
    if not word:
        raise DefinitionError(_("give a word to define"))
    if len(word) > MAX_WORD_CHARS:
        raise DefinitionError(
            _(
                "the word is %(length)s characters; the limit is %(limit)s",
                length=number(len(word)),
                limit=MAX_WORD_CHARS,
            )
        )
    if rules.folds_accents:
        word = rules.fold_word(word)
    if not rules.is_letters(word):
        where, typed = first_typed(written, lambda ch: rules.is_letters(rules.fold_word(ch))) or (
            next((i, ch) for i, ch in enumerate(word, 1) if ch not in rules.letters)
        )
        raise DefinitionError(
            _(
                "%(letter)s (character %(where)s) is not a letter of the %(language)s "
                "alphabet; words are letters only",
                letter=repr(typed),
                where=where,
                language=_(rules.language),
            )
        )
    return word


class Glosses:
    """One language's glosses, memory-mapped from its file on the first lookup."""

    def __init__(self, code: str, path: str | Path | None = None) -> None:
        self.code = code
        self.source = SOURCES[code]
        self.path = Path(path) if path is not None else shipped_file(code)
        self._data: mmap.mmap | None = None
        self._index_start = 0
        self._lock = threading.Lock()

    @property
    def is_open(self) -> bool:
        """Whether the file has been mapped (a lookup has been made)."""
        return self._data is not None

    def _open(self) -> mmap.mmap:
        """The mapped file, mapped now if this is the first lookup."""
        with self._lock:
            if self._data is None:
                try:
                    with open(self.path, "rb") as file:
                        data = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
                except (OSError, ValueError) as error:
                    message = f"cannot read definitions from {self.path}: {error}"
                    raise DefinitionsFileError(message) from None
                match = _HEADER.match(data[:HEADER_WIDTH])
                if not match or match.group(1).decode() != self.code:
                    data.close()
                    raise DefinitionsFileError(
                        f"{self.path} is not a {FORMAT} file of language {self.code!r}"
                    )
                self._index_start = int(match.group(2))
                self._data = data
            return self._data

    def define(self, written: str, rules: Ruleset) -> Definition:
        """The entries of the lemmas a word comes from; NoGloss if there are none."""
        word = check_word(written, rules)
        data = self._open()
        line = self._line(data, word)
        if line is None:
            raise NoGloss(word)
        entries = tuple(self._entry(data, int(ref, 36)) for ref in line.split("\t")[1].split(","))
        source = Source(
            self.source.name,
            self.source.licence,
            self.source.licence_url,
            self.source.page.format(lemma=entries[0].lemma),
        )
        return Definition(word, entries, language=self.code, source=source)

    @staticmethod
    def _entry(data: mmap.mmap, start: int) -> Entry:
        """The lemma whose line starts at this byte, with its senses."""
        lemma, *glosses = data[start : data.find(b"\n", start)].decode().split("\t")
        return Entry(lemma, None, tuple(Sense(gloss, None) for gloss in glosses))

    def _line(self, data: mmap.mmap, word: str) -> str | None:
        """The word's index line, by binary search over the sorted lines."""
        key = word.encode()
        low, high = self._index_start, len(data)
        # ``low`` is always the start of a line; each step halves the bytes left.
        while low < high:
            middle = (low + high) // 2
            start = data.rfind(b"\n", low, middle) + 1 or low
            end = data.find(b"\n", start)
            found = data[start : data.find(b"\t", start)]
            if found == key:
                return data[start:end].decode()
            if found < key:
                low = end + 1
            else:
                high = start
        return None

    def close(self) -> None:
        """Unmap the file, if it was mapped."""
        with self._lock:
            if self._data is not None:
                self._data.close()
                self._data = None


def languages() -> tuple[str, ...]:
    """The codes of the languages other than English that have definitions."""
    return tuple(SOURCES)


def all_glosses() -> dict[str, Glosses]:
    """Every language's glosses, none of them opened yet."""
    return {code: Glosses(code) for code in SOURCES}
