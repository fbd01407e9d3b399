"""How counts and lists read in the reader's language: "1 point", "12 points", "Ann, Bob and Cy".

The summary of a board and the standings of a game are sent as sentences, so every
page and API client says them the same way. The counts they share ("12 points") and
the way a list of names ends ("Bob and Cy") are worded here, through ``boggle.i18n``:
English outside a request, the request's language inside one.

A sentence that holds a count is one counted text (``ngettext``) whose other counts
come in as these phrases, never a sentence glued from pieces: translators then see the
whole sentence and can reorder it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .i18n import _, ngettext


def words(count: int) -> str:
    """``1 word``, ``1,204 words``, in the language in force."""
    return ngettext("%(num)s word", "%(num)s words", count)


def points(count: int) -> str:
    """``1 point``, ``2,576 points``, in the language in force."""
    return ngettext("%(num)s point", "%(num)s points", count)


def long_words(count: int) -> str:
    """``1 long word``, ``3 long words``, in the language in force."""
    return ngettext("%(num)s long word", "%(num)s long words", count)


def join_names(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``; nothing for no names."""
    if len(names) < 2:
        return "".join(names)
    return _("%(names)s and %(last)s", names=", ".join(names[:-1]), last=names[-1])
