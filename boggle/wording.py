"""How counts and lists read in English: "1 point", "12 points", "Ann, Bob and Cy".

The summary of a board and the standings of a game are sent as sentences, so every
page and API client says them the same way; these are the two rules of grammar they
need, kept in one place.
"""

from __future__ import annotations

from collections.abc import Sequence


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 point``, ``12 points``, ``1,204 words``: the count with its noun agreeing."""
    return f"{count:,} {one if count == 1 else many or one + 's'}"


def join_names(names: Sequence[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``; nothing for no names."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"
