"""Named word lists: the ones that ship in ``wordlists/`` and any a user adds.

A catalog maps names to word list files. Each list is turned into a Dictionary once,
on first use (safely when many threads ask at once) or up front with ``preload``;
after that every caller shares the same immutable Dictionary.

Beside English's lists, the catalog holds one list per other language, named by its
code (``de``, ``fr``, ``es``, ``it``, ``nl``) and read with its ruleset
(boggle/languages.py). They are loaded lazily like the others, so an app that never
serves German never builds or maps German's graph.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from .board import display_face
from .dictionary import Dictionary, count_words, load_dictionary
from .errors import WordListError
from .i18n import _
from .languages import LANGUAGES
from .rules import RULES, Ruleset

SHIPPED_DIR = Path(__file__).resolve().parent.parent / "wordlists"


@dataclass(frozen=True)
class WordListFile:
    """A word list by name: its file, a line saying what it is to a player, and the
    rules its words and boards are read by (English unless said)."""

    name: str
    path: Path
    description: str = ""
    rules: Ruleset = RULES


#: The rules' word lists (boggle/rules.py), as files in ``wordlists/``.
SHIPPED_LISTS = tuple(
    WordListFile(spec.name, SHIPPED_DIR / spec.filename, spec.description)
    for spec in RULES.word_lists
)
#: The other languages' lists (boggle/languages.py), one each, named by language code.
LANGUAGE_LISTS = tuple(
    WordListFile(spec.name, SHIPPED_DIR / spec.filename, spec.description, rules)
    for rules in LANGUAGES.values()
    for spec in rules.word_lists
)
DEFAULT_DICTIONARY = RULES.default_dictionary


class UnknownDictionary(WordListError):  # noqa: N818 - reads as the situation it reports
    """A dictionary name that the catalog does not hold."""

    def __init__(self, name: str, names: Iterable[str]) -> None:
        self.names = list(names)
        super().__init__(
            _(
                "there is no dictionary called %(name)s; choose one of %(names)s",
                name=repr(name),
                names=", ".join(self.names),
            )
        )


def parse_wordlist_setting(setting: str) -> dict[str, Path]:
    """Read ``name=path,name=path`` (the BOGGLE_WORDLISTS setting) into a mapping."""
    lists = {}
    for item in setting.split(","):
        if not item.strip():
            continue
        name, sep, path = item.partition("=")
        if not sep or not name.strip() or not path.strip():
            raise WordListError(f"cannot read word list setting {item.strip()!r}; write name=path")
        lists[name.strip()] = Path(path.strip()).expanduser()
    return lists


class Catalog:
    """Named word lists, each loaded into a Dictionary once."""

    def __init__(
        self,
        extra: Mapping[str, str | os.PathLike[str]] | None = None,
        default: str = DEFAULT_DICTIONARY,
        cache_dir: str | os.PathLike[str] | None = None,
        shipped: Iterable[WordListFile] = (*SHIPPED_LISTS, *LANGUAGE_LISTS),
    ) -> None:
        self._files = {f.name: f for f in shipped}
        for name, path in (extra or {}).items():
            self._files[name] = WordListFile(name, Path(path), f"{name}: {Path(path).name}")
        for entry in self._files.values():
            # Fail at start-up, naming the file, rather than on some later request.
            if not entry.path.is_file():
                raise WordListError(f"word list {entry.name!r}: no such file {entry.path}")
            if not os.access(entry.path, os.R_OK):
                raise WordListError(f"word list {entry.name!r}: cannot read {entry.path}")
        folded = [name.casefold() for name in self._files]
        if len(set(folded)) < len(folded):
            raise WordListError(
                "two word lists have the same name but for case: "
                + ", ".join(sorted(self._files, key=str.casefold))
            )
        default = self.canonical(default)
        if default not in self._files:
            raise UnknownDictionary(default, self._files)
        self.default = default
        self.cache_dir = cache_dir
        self._loaded: dict[str, Dictionary] = {}
        self._counts: dict[str, int] = {}
        self._locks = {name: threading.Lock() for name in self._files}

    @property
    def names(self) -> list[str]:
        """The names of the lists, shipped ones first."""
        return list(self._files)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.canonical(name) in self._files

    def canonical(self, name: str) -> str:
        """The name as the catalog spells it: names are matched without regard to case."""
        if name in self._files:
            return name
        folded = name.casefold()
        return next((known for known in self._files if known.casefold() == folded), name)

    def rules(self, name: str | None = None) -> Ruleset:
        """The rules a list's words and boards are read by (the default list's if None),
        known without loading it; UnknownDictionary if there is no such list."""
        name = self.default if name is None else self.canonical(name)
        if name not in self._files:
            raise UnknownDictionary(name, self._files)
        return self._files[name].rules

    def get(self, name: str | None = None) -> Dictionary:
        """The dictionary of that name (any case; the default if None), loaded the first time."""
        name = self.default if name is None else self.canonical(name)
        dictionary = self._loaded.get(name)
        if dictionary is not None:
            return dictionary
        if name not in self._files:
            raise UnknownDictionary(name, self._files)
        # One lock per list: concurrent first requests build it once, and a slow build
        # of one list does not hold up requests for another.
        with self._locks[name]:
            dictionary = self._loaded.get(name)
            if dictionary is None:
                entry = self._files[name]
                dictionary = load_dictionary(
                    entry.path, name=name, cache_dir=self.cache_dir, rules=entry.rules
                )
                self._loaded[name] = dictionary
        return dictionary

    def preload(self, names: Iterable[str] | None = None) -> None:
        """Load these lists now (all of them if None) rather than on first use."""
        for name in self.names if names is None else names:
            self.get(name)

    def word_count(self, name: str) -> int:
        """How many playable words the list holds, without building its graph."""
        if name in self._loaded:
            return len(self._loaded[name])
        if name not in self._counts:
            entry = self._files[name]
            with open(entry.path, encoding="utf-8-sig", errors="replace") as f:
                self._counts[name] = count_words(f.read(), entry.rules)
        return self._counts[name]

    def describe(self) -> list[dict[str, object]]:
        """Each list's name, description, word count, language and alphabet, and whether
        it is the default; the description and the language's name (in English, not in
        itself) in the language in force."""
        return [
            {
                "name": entry.name,
                "description": _(entry.description) if entry.description else "",
                "word_count": self.word_count(entry.name),
                "default": entry.name == self.default,
                "loaded": entry.name in self._loaded,
                "language": {
                    "code": entry.rules.code,
                    "name": _(entry.rules.language),
                    "native_name": entry.rules.native_name,
                },
                "alphabet": entry.rules.alphabet,
                "multi_letter_faces": [display_face(f) for f in entry.rules.multi_letter_faces],
            }
            for entry in self._files.values()
        ]
