"""Reading a word a person wrote: the one normalisation every route and page uses.

Players write words with whatever their keyboard or phone puts around them: quotes
of any language (``«cat»``, ``„cat“``, ``'cat'``), a full stop, a no-break space
pasted from a chat. Each of those is the word itself. ``/lookup``, ``/score``,
``/define`` and the scoring pages all read a written word through
:func:`normalize_word`, so that a word never counts in one and not in another (the
practice page's script strips the same edges: Unicode punctuation, symbols and white
space, in JavaScript's terms ``\\p{P}``, ``\\p{S}`` and ``\\s``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

# Unicode categories stripped from a word's edges: punctuation (P*: quotes, guillemets,
# dashes), symbols (S*) and separators (Z*: no-break and other spaces). Other format
# characters (a right-to-left override) stay, so the word is refused as written, as
# the script's \s keeps them too; only the byte-order mark counts as space there.
_EDGE_CATEGORIES = ("P", "S", "Z")


def _is_edge(ch: str) -> bool:
    """Whether a character around a word means nothing: punctuation, a symbol, a space."""
    return ch.isspace() or ch == "\ufeff" or unicodedata.category(ch).startswith(_EDGE_CATEGORIES)


def trim_word(written: str) -> str:
    """A word as the person wrote it, without surrounding spaces, punctuation or symbols
    of any script: what :func:`normalize_word` lowers, and what a message about one of
    its characters counts in (a lowered ``İ`` is two characters, ``i`` and a dot)."""
    if written[:1].isalnum() and written[-1:].isalnum():
        return written  # letters (or digits) at both ends, as nearly every word has
    start, end = 0, len(written)
    while start < end and _is_edge(written[start]):
        start += 1
    while end > start and _is_edge(written[end - 1]):
        end -= 1
    return written[start:end]


def normalize_word(written: str) -> str:
    """A word as it is matched: lower case, without surrounding spaces, punctuation or
    symbols of any script (``«Cat»`` is ``cat``); marks inside the word are kept."""
    return trim_word(written).lower()


def first_typed(written: str, fits: Callable[[str], bool]) -> tuple[int, str] | None:
    """The first character of the trimmed word, as typed, whose lower case does not
    fit, with its place counted from 1; None if every one fits. Messages name what the
    person typed: the ``İ`` of "İstanbul", character 1, not the dot its lower case adds."""
    for where, ch in enumerate(trim_word(written), 1):
        if not fits(ch.lower()):
            return where, ch
    return None


def has_invisible(text: str) -> bool:
    """Whether a text holds a control or format character: a NUL, a direction override,
    a zero-width mark. None belongs in a word, and none shows on screen."""
    return any(unicodedata.category(ch) in ("Cc", "Cf") for ch in text)
