"""The engine's sentences in the reader's language, without tying the engine to the web.

The engine words a few things itself (a board's summary, a game's standings, its
errors), so that every page and API client says them alike. It words them through
``_`` and ``ngettext`` here, which ask a *source* for the language of the moment: the
web layer installs one that answers with the request's language (``web/i18n.py``);
without one (the command line, the tests of the engine) the words stay English.

The catalogues are gettext's: ``pybabel`` extracts these calls with the web layer's
(``translations/catalogues.py``), so there is one catalogue for the whole app.
Placeholders are Python's ``%(name)s``, the gettext convention (the page scripts use it
too, ``static/js/lib/i18n.js``).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, wraps

#: Sentences each ``remembered`` function keeps (a few hundred bytes each).
SENTENCES_KEPT = 4096


def _english_number(value: float) -> str:
    return f"{value:,}"


def _english_percent(share: float) -> str:
    return f"{share:.0%}"


@dataclass(frozen=True, eq=False)
class Language:
    """What wording a sentence needs of a language: its catalogue and its numbers.

    Equal only to itself: the web layer makes one per language and app, and what is
    worded in a language is kept by it (``remembered``).
    """

    code: str
    translations: gettext.NullTranslations
    number: Callable[[float], str]  # 1204 -> "1,204" in English, "1.204" in German
    percent: Callable[[float], str]  # 0.34 -> "34%" in English, "34 %" in German


#: The language of the source code, used when no other is in force.
ENGLISH = Language("en", gettext.NullTranslations(), _english_number, _english_percent)

_source: Callable[[], Language | None] = lambda: None  # noqa: E731


def set_source(source: Callable[[], Language | None]) -> None:
    """Install what says which language is in force now (``None``: English)."""
    global _source
    _source = source


def current() -> Language:
    """The language in force now."""
    return _source() or ENGLISH


def _(message: str, **variables: object) -> str:
    """``message`` in the language in force, its ``%(name)s`` filled from ``variables``."""
    text = current().translations.gettext(message)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, count: int, **variables: object) -> str:
    """The form of a counted sentence that agrees with ``count``.

    ``%(num)s`` is the count written the language's way ("1,204" or "1.204").
    """
    language = current()
    variables.setdefault("num", language.number(count))
    return language.translations.ngettext(singular, plural, count) % variables


def remembered(function: Callable[..., str]) -> Callable[..., str]:
    """``function``, a sentence worded from a few numbers, kept by language and numbers.

    The sentences a solved board sends (``Found 96 words worth 154 points``, ``12
    words, 12 points``) take numbers that recur from board to board, and wording one
    costs a catalogue look-up and the language's numbers; kept, it is one look-up.
    Bounded: the least recently used go first past ``SENTENCES_KEPT``.
    """
    kept = lru_cache(maxsize=SENTENCES_KEPT)(lambda _language, *args: function(*args))

    @wraps(function)
    def wording(*args: object) -> str:
        return kept(current(), *args)

    return wording


def N_(message: str) -> str:  # noqa: N802 - gettext's name for it, which pybabel looks for
    """Mark ``message`` for the catalogue where it is defined; ``_`` translates it when shown."""
    return message


def number(value: float) -> str:
    """``value`` written the way of the language in force."""
    return current().number(value)


def percent(share: float) -> str:
    """``share`` (0 to 1) as a whole percentage, the way of the language in force."""
    return current().percent(share)
