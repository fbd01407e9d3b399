"""Definitions from WordNet 3.0, read offline from the file shipped in ``wordlists/``.

``Definitions().define("ran")`` gives the entries of the lemmas a word comes from
(``run``, a verb, with its first senses), resolved by WordNet's own morphology
(``boggle.morphology``). Nothing is fetched: the data is ``wordlists/definitions.txt``,
which ``wordlists/rebuild_definitions.py`` builds from Debian's ``wordnet-base``.

The file is memory-mapped, never read into Python objects, so that every process on
the machine (each server worker, each command) shares one copy of it in the page
cache, and opening it costs a header read. Its layout, all UTF-8 text:

- a header line of fixed width naming the format and the byte where the index starts;
- the senses, one a line: ``gloss`` or ``gloss<TAB>example``;
- the index, one line per word, sorted by code point, found by binary search:
  ``word<TAB>field<TAB>field...``, where a field is ``n=1f,2a0`` (the word is a
  lemma of that part of speech; its senses start at these byte offsets, in base 36,
  most frequent first) or ``v<run`` (the part of speech's exception list makes the
  word an inflection of these bases). Parts of speech: n noun, v verb, a adj, r adv.
"""

from __future__ import annotations

import mmap
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import BoggleError
from .i18n import _, number
from .morphology import lemmas
from .rules import RULES
from .words import first_typed, normalize_word

SHIPPED_FILE = Path(__file__).resolve().parent.parent / "wordlists" / "definitions.txt"
#: Glosses of the function words WordNet lacks ("the", "and", "of"), the project's own.
FUNCTION_WORDS_FILE = SHIPPED_FILE.with_name("function-words.txt")

#: Longest word looked up; WordNet's longest single-word lemma has 31 letters (DDT's name).
MAX_WORD_CHARS = 64

FORMAT = "boggle-definitions 1"
HEADER_WIDTH = 64  # bytes, newline included: senses start at this offset
_HEADER = re.compile(rb"^boggle-definitions 1 .*index at byte (\d{10}) *\n$")

#: Part-of-speech names and the letters the file writes them with.
POS_CODES = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}


class DefinitionError(BoggleError):
    """A word that cannot be looked up as given: the message says why."""


class NoDefinition(BoggleError):  # noqa: N818 - reads as the answer it reports
    """WordNet has no entry for the word or any lemma it comes from."""

    def __init__(self, word: str) -> None:
        super().__init__(
            _(
                "no definition of %(word)s: WordNet has no entry for it or its lemma",
                word=repr(word),
            )
        )
        self.word = word


class DefinitionsFileError(BoggleError):
    """The definitions file is missing or is not in the format this code reads."""


@dataclass(frozen=True)
class Sense:
    """One meaning: WordNet's gloss, and its first example sentence if it has one."""

    gloss: str
    example: str | None

    def as_dict(self) -> dict[str, Any]:
        """The sense as ``/define`` sends it."""
        return {"gloss": self.gloss, "example": self.example}


@dataclass(frozen=True)
class Entry:
    """A lemma in one part of speech (None where the source does not say which), with
    its first senses, most frequent first."""

    lemma: str
    pos: str | None
    senses: tuple[Sense, ...]

    def as_dict(self) -> dict[str, Any]:
        """The entry as ``/define`` sends it."""
        return {"lemma": self.lemma, "pos": self.pos, "senses": [s.as_dict() for s in self.senses]}


@dataclass(frozen=True)
class Source:
    """Where a definition comes from, as its licence asks it to be credited."""

    name: str
    licence: str
    licence_url: str
    #: Where the entry can be read at its source (Wiktionary's page names its authors).
    url: str

    def as_dict(self) -> dict[str, Any]:
        """The source as ``/define`` sends it."""
        return {
            "name": self.name,
            "licence": self.licence,
            "licence_url": self.licence_url,
            "url": self.url,
        }


WORDNET = Source(
    "WordNet 3.0, Princeton University",
    "WordNet 3.0 licence",
    "https://wordnet.princeton.edu/license-and-commercial-use",
    "https://wordnet.princeton.edu/",
)


@dataclass(frozen=True)
class Definition:
    """What a word means: the entries of every lemma it may be, the word itself first,
    in the language of the glosses, with their source."""

    word: str
    entries: tuple[Entry, ...]
    language: str = "en"
    source: Source = WORDNET

    def as_dict(self) -> dict[str, Any]:
        """The ``/define`` document."""
        return {
            "word": self.word,
            "entries": [e.as_dict() for e in self.entries],
            "language": self.language,
            "source": self.source.as_dict(),
        }


def check_word(written: str) -> str:
    """The word to look up, as written words are read (boggle/words.py): lower case,
    letters a-z only, at most MAX_WORD_CHARS."""
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
    if not RULES.is_letters(word):
        # Named as typed: the İ of "İstanbul", not the dot its lower case adds.
        where, typed = first_typed(written, RULES.is_letters) or next(
            (i, ch) for i, ch in enumerate(word, 1) if ch not in RULES.letters
        )
        raise DefinitionError(
            _(
                "%(letter)s (character %(where)s) is not a letter a-z; words are letters only",
                letter=repr(typed),
                where=where,
            )
        )
    return word


def read_function_words(path: str | Path = FUNCTION_WORDS_FILE) -> dict[str, tuple[Entry, ...]]:
    """The function words' entries by word, from their small list: ``word<TAB>part of
    speech<TAB>gloss<TAB>example`` a line, senses in the order shown, ``#`` comments."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise DefinitionsFileError(f"cannot read function words from {path}: {error}") from None
    senses: dict[tuple[str, str], list[Sense]] = {}
    for line_number, line in enumerate(lines, 1):
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) not in (3, 4) or not all(fields):
            raise DefinitionsFileError(
                f"{path}, line {line_number}: expected word, part of speech, gloss and an "
                "example, tab-separated"
            )
        word, pos, gloss = fields[:3]
        senses.setdefault((word, pos), []).append(Sense(gloss, fields[3] if fields[3:] else None))
    entries: dict[str, tuple[Entry, ...]] = {}
    for (word, pos), listed in senses.items():
        entries[word] = (*entries.get(word, ()), Entry(word, pos, tuple(listed)))
    return entries


class Definitions:
    """WordNet's definitions, memory-mapped from the shipped file (or another), and the
    function words' glosses from their small list, which WordNet has none of."""

    def __init__(
        self, path: str | Path = SHIPPED_FILE, function_words: str | Path = FUNCTION_WORDS_FILE
    ) -> None:
        # A few kilobytes, read whole: 94 words.
        self._function_words = read_function_words(function_words)
        self.path = Path(path)
        try:
            with open(self.path, "rb") as file:
                self._data = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError) as error:
            message = f"cannot read definitions from {self.path}: {error}"
            raise DefinitionsFileError(message) from None
        match = _HEADER.match(self._data[:HEADER_WIDTH])
        if not match:
            raise DefinitionsFileError(f"{self.path} is not a {FORMAT} file")
        self._index_start = int(match.group(1))

    def warm(self) -> None:
        """Map every page of the file now (a server's master process, before forking).

        Each worker then shares the pages with the master instead of faulting in its
        own: memory the kernel counts as shared, and no first-request page faults.
        """
        for offset in range(0, len(self._data), mmap.PAGESIZE):
            self._data[offset]

    def define(self, word: str) -> Definition:
        """The entries of every lemma ``word`` may be; NoDefinition if there are none.

        A function word's own entry comes first: "can" is the verb of "she can swim"
        before WordNet's container and its verb "preserve in a can"."""
        word = check_word(word)
        lexicon = self.lexicon()
        entries = self._function_words.get(word, ()) + tuple(
            Entry(lemma, pos, self._senses(lexicon.fields(lemma)[POS_CODES[pos] + "="]))
            for lemma, pos in lemmas(word, lexicon)
        )
        if not entries:
            raise NoDefinition(word)
        return Definition(word, entries)

    def has_entry(self, word: str) -> bool:
        """Whether ``word`` (checked as ``define`` checks it) has any entry."""
        try:
            self.define(word)
        except NoDefinition:
            return False
        return True

    def lexicon(self) -> WordNetLexicon:
        """The file as boggle.morphology asks it (what is a lemma, the exception lists)."""
        return WordNetLexicon(self)

    def fields(self, word: str) -> dict[str, str]:
        """The index fields of a word by kind (``n=``, ``v<``...); empty if it is not there."""
        line = sorted_line(self._data, word, self._index_start)
        if line is None:
            return {}
        return {field[:2]: field[2:] for field in line.split("\t")[1:]}

    def _senses(self, field: str) -> tuple[Sense, ...]:
        """The senses at the byte offsets an index field lists."""
        senses = []
        for ref in field.split(","):
            start = int(ref, 36)
            line = self._data[start : self._data.find(b"\n", start)].decode()
            gloss, _tab, example = line.partition("\t")
            senses.append(Sense(gloss, example or None))
        return tuple(senses)

    def close(self) -> None:
        """Unmap the file."""
        self._data.close()


class WordNetLexicon:
    """The file as boggle.morphology asks it; each word's line is read once, then kept.

    Made for one lookup and dropped after it, so what it keeps never grows.
    """

    def __init__(self, definitions: Definitions) -> None:
        self._definitions = definitions
        self._fields: dict[str, dict[str, str]] = {}

    def fields(self, word: str) -> dict[str, str]:
        """The word's index fields by kind."""
        if word not in self._fields:
            self._fields[word] = self._definitions.fields(word)
        return self._fields[word]

    def is_lemma(self, word: str, pos: str) -> bool:
        """Whether ``word`` is a lemma of that part of speech with senses kept."""
        return POS_CODES[pos] + "=" in self.fields(word)

    def exceptions(self, word: str, pos: str) -> Sequence[str] | None:
        """The bases ``pos``'s exception list gives ``word``, or None if it is not listed."""
        field = self.fields(word).get(POS_CODES[pos] + "<")
        return None if field is None else field.split(",")


def sorted_line(data: mmap.mmap, word: str, low: int) -> str | None:
    """The line of ``data`` (lines sorted by their first tab-separated field, from byte
    ``low`` on) whose first field is ``word``, by binary search; None if none is."""
    key = word.encode()
    high = len(data)
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
