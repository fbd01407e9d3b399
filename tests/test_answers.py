"""JSON answers written by orjson (web/answers.py): the values Flask's own encoder writes."""

from __future__ import annotations

import dataclasses
import datetime
import json
import uuid
from decimal import Decimal
from typing import Any, NamedTuple

import pytest
from flask import Flask, jsonify
from flask.json.provider import DefaultJSONProvider

from web.answers import JSONProvider


class Cell(NamedTuple):
    row: int
    col: int


@dataclasses.dataclass
class Point:
    x: int
    y: float


def answered(value: Any, debug: bool = False, sort_keys: bool = False) -> tuple[bytes, bytes]:
    """The body of ``jsonify(value)`` with this provider, and with Flask's own."""
    bodies = []
    for provider in (JSONProvider, DefaultJSONProvider):
        app = Flask(__name__)
        app.debug = debug
        app.json = provider(app)
        app.json.sort_keys = sort_keys
        with app.app_context():
            response = jsonify(value)
            assert response.mimetype == "application/json"
            bodies.append(response.get_data())
    return bodies[0], bodies[1]


DOCUMENTS = [
    {"word": "élève", "path": ((0, 1), (1, 2)), "score": 11, "share": 0.6667, "none": None},
    {"cells": [Cell(0, 1), Cell(2, 3)], 3: "a key that is a number", "ok": True},
    [1, 2.5, "Straße", {"nested": {"deeper": ["ä", 1e-05, 1e16]}}],
    {"date": datetime.date(2026, 12, 3), "moment": datetime.datetime(2026, 12, 3, 7, 14)},
    {"point": Point(1, 2.5), "id": uuid.UUID(int=7), "price": Decimal("1.50")},
    {"text": "<b>&</b>\u2028", "empty": {}, "list": []},
    "a string alone",
    None,
]


@pytest.mark.parametrize("document", DOCUMENTS, ids=range(len(DOCUMENTS)))
def test_an_answer_holds_the_values_flask_s_encoder_writes(document: Any) -> None:
    ours, flask_s = answered(document)
    assert ours.endswith(b"\n") and ours.count(b"\n") == 1
    assert json.loads(ours) == json.loads(flask_s)


def test_keys_keep_their_order_unless_sorting_is_asked_for() -> None:
    document = {"zeta": 1, "alpha": {"b": 2, "a": 1}}
    assert answered(document)[0] == b'{"zeta":1,"alpha":{"b":2,"a":1}}\n'
    assert answered(document, sort_keys=True)[0] == b'{"alpha":{"a":1,"b":2},"zeta":1}\n'


def test_text_outside_ascii_is_sent_as_utf8() -> None:
    ours, flask_s = answered({"word": "élève"})
    assert ours == '{"word":"élève"}\n'.encode()
    assert flask_s == b'{"word":"\\u00e9l\\u00e8ve"}\n'


@pytest.mark.parametrize("value", [2**70, -(2**64), "lone \ud800 surrogate"])
def test_what_orjson_refuses_is_written_as_flask_writes_it(value: object) -> None:
    ours, flask_s = answered({"error": {"given": value}})
    assert ours == flask_s
    assert json.loads(ours) == {"error": {"given": value}}


def test_a_date_is_an_http_date_as_flask_writes_it() -> None:
    ours, _ = answered({"date": datetime.date(2026, 12, 3)})
    assert json.loads(ours) == {"date": "Thu, 03 Dec 2026 00:00:00 GMT"}


def test_in_debug_mode_an_answer_is_indented_as_flask_s() -> None:
    ours, flask_s = answered({"a": [1, 2]}, debug=True)
    assert ours == flask_s
    assert b"\n  " in ours


def test_a_value_nothing_can_write_is_a_type_error_as_before() -> None:
    with pytest.raises(TypeError):
        answered({"what": object()})


def test_jsonify_takes_arguments_or_keywords_as_flask_s_does() -> None:
    app = Flask(__name__)
    app.json = JSONProvider(app)
    with app.app_context():
        assert json.loads(jsonify(1, 2).get_data()) == [1, 2]
        assert json.loads(jsonify(a=1).get_data()) == {"a": 1}
        assert json.loads(jsonify().get_data()) is None
        with pytest.raises(TypeError):
            jsonify(1, a=2)
