"""JSON answers written by orjson: the documents Flask's encoder writes, in an eighth of the time.

A solved 4x4 board's document is some 6 KB, and Python's ``json`` took longer to write
it than the search took to find its words (a fifth of the whole request, in the
profile of benchmarks/route_profile.py). orjson writes the same values: the same keys
in the same order, the same numbers, compact. One difference in bytes, none in
values: text outside ASCII is sent as UTF-8 (``"élève"``), which JSON's own encoding
is, rather than escaped (``"\\u00e9l\\u00e8ve"``).

What orjson refuses, Python's encoder still writes as before: an integer past 64 bits
or a string holding a lone surrogate (both can come from a client and be named in an
error), so that no answer becomes a 500 for it. Dates, decimals and dataclasses go
through Flask's own conversions (``date`` as an HTTP date, not ISO 8601), as they did.
``tojson`` in templates and Flask's ``dumps`` are left to Flask.
"""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response
from flask.json.provider import DefaultJSONProvider

#: Keys that are not text are written as text (as Python's encoder does); dates and
#: dataclasses are handed to ``_default``, Flask's conversions.
OPTIONS = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
)


class Written:
    """A part of an answer written as JSON already (/solve's words, by the native core,
    boggle/solver.py ``words_json``): orjson puts it in as it is; Python's encoder, in
    debug mode or for what orjson refuses, writes the values it holds."""

    __slots__ = ("fragment", "text")

    def __init__(self, text: bytes) -> None:
        self.text = text
        self.fragment = orjson.Fragment(text)


class JSONProvider(DefaultJSONProvider):
    """Flask's JSON provider, whose answers (``jsonify``) orjson writes."""

    @staticmethod
    def default(value: Any) -> Any:
        """Python's encoder's conversions: Flask's, and a part written already read back."""
        if isinstance(value, Written):
            return orjson.loads(value.text)
        return DefaultJSONProvider.default(value)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        """``jsonify``: the value as a JSON answer, one line ending in a newline as Flask's."""
        if args and kwargs:
            raise TypeError("give jsonify() arguments or keyword arguments, not both")
        value = (args[0] if len(args) == 1 else list(args)) if args else (kwargs or None)
        if self._app.debug:
            return super().response(value)  # indented for people reading it, as Flask does
        options = OPTIONS | orjson.OPT_SORT_KEYS if self.sort_keys else OPTIONS
        try:
            body = orjson.dumps(value, default=_default, option=options)
        except TypeError:  # orjson.JSONEncodeError: past 64 bits, a lone surrogate
            body = self.dumps(value, separators=(",", ":")).encode()
        return self._app.response_class(body + b"\n", mimetype=self.mimetype)


def _default(value: Any) -> Any:
    """What orjson hands back: a part written already as it is, a named tuple as the
    list Python's encoder makes of it, anything else as Flask converts it (or its
    TypeError)."""
    if isinstance(value, Written):
        return value.fragment
    if isinstance(value, tuple):
        return list(value)
    return DefaultJSONProvider.default(value)
