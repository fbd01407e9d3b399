"""Definitions in the other languages, from Wiktionary, read offline from ``wordlists/``.

``Glosses("de").define("häuser", rules)`` gives the entry of the lemma the word comes
from (``Haus``, with its first senses). Each language that has a source has two files,
``wordlists/definitions-<code>.txt`` (the lemmas) and ``definitions-<code>-index.txt``
(the words), which ``wordlists/rebuild_glosses.py`` builds from a pinned PyPI package of
Wiktionary glosses: the words of the shipped list were lemmatised there, once, so
nothing here guesses a lemma, and no lemmatiser runs in the server. Two files, because
one would pass the project's 8 MiB a file. Languages without files have no definitions
(``languages()`` says which).

The files are memory-mapped on the first lookup in their language, never before and
never read into Python objects: a server that is never asked for a German definition
never opens the German files, and every process that is shares one copy of their pages
in the page cache. Their layout, all UTF-8 text, each after a header line of fixed width
naming the format, the language and the part:

- the lemmas, one a line: ``lemma<TAB>gloss<TAB>gloss...``, first senses first;
- the index, one line per word of the shipped list that has a gloss, sorted by code
  point, found by binary search: ``word<TAB>offset,offset``, the byte offsets (base 36)
  in the lemmas' file of its lemmas' lines, the likeliest first.
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
    sorted_line,
)
from .errors import BoggleError
from .i18n import _, number
from .rules import Ruleset
from .words import first_typed, normalize_word

SHIPPED_DIR = Path(__file__).resolve().parent.parent / "wordlists"

FORMAT = "boggle-glosses 2"
HEADER_WIDTH = 64  # bytes, newline included: the lines start at this offset
#: The two files' parts, as their headers name them.
PARTS = ("lemmas", "index")
_HEADER = re.compile(rb"^boggle-glosses 2 ([a-z]{2}) (lemmas|index) *\n$")


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
    "fr": GlossSource(
        "French Wiktionary contributors",
        WIKTIONARY_LICENCE,
        WIKTIONARY_LICENCE_URL,
        "https://fr.wiktionary.org/wiki/{lemma}",
    ),
}


def shipped_files(code: str, folder: Path = SHIPPED_DIR) -> dict[str, Path]:
    """The shipped files of a language by part: its lemmas' and its index's."""
    return {
        "lemmas": folder / f"definitions-{code}.txt",
        "index": folder / f"definitions-{code}-index.txt",
    }


def header(code: str, part: str) -> bytes:
    """A file's fixed-width first line: the format, the language and the part."""
    return f"{FORMAT} {code} {part}".ljust(HEADER_WIDTH - 1).encode() + b"\n"


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
    """One language's glosses, memory-mapped from its files on the first lookup."""

    def __init__(self, code: str, folder: str | Path = SHIPPED_DIR) -> None:
        self.code = code
        self.source = SOURCES[code]
        self.paths = shipped_files(code, Path(folder))
        self._maps: dict[str, mmap.mmap] = {}
        self._lock = threading.Lock()

    @property
    def is_open(self) -> bool:
        """Whether the files have been mapped (a lookup has been made)."""
        return bool(self._maps)

    def _open(self) -> dict[str, mmap.mmap]:
        """The mapped files by part, mapped now if this is the first lookup."""
        with self._lock:
            if not self._maps:
                self._maps = {part: self._map(part) for part in PARTS}
            return self._maps

    def _map(self, part: str) -> mmap.mmap:
        """One part's file mapped, its header checked."""
        path = self.paths[part]
        try:
            with open(path, "rb") as file:
                data = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError) as error:
            raise DefinitionsFileError(f"cannot read definitions from {path}: {error}") from None
        match = _HEADER.match(data[:HEADER_WIDTH])
        if not match or match.groups() != (self.code.encode(), part.encode()):
            data.close()
            raise DefinitionsFileError(
                f"{path} is not the {part} of a {FORMAT} file of language {self.code!r}"
            )
        return data

    def define(self, written: str, rules: Ruleset) -> Definition:
        """The entries of the lemmas a word comes from; NoGloss if there are none."""
        word = check_word(written, rules)
        maps = self._open()
        line = sorted_line(maps["index"], word, HEADER_WIDTH)
        if line is None:
            raise NoGloss(word)
        refs = line.split("\t")[1].split(",")
        entries = tuple(self._entry(maps["lemmas"], int(ref, 36)) for ref in refs)
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

    def close(self) -> None:
        """Unmap the files, if they were mapped."""
        with self._lock:
            for data in self._maps.values():
                data.close()
            self._maps = {}


def languages() -> tuple[str, ...]:
    """The codes of the languages other than English that have definitions."""
    return tuple(SOURCES)


def all_glosses() -> dict[str, Glosses]:
    """Every language's glosses, none of them opened yet."""
    return {code: Glosses(code) for code in SOURCES}
