"""Tests for the app's Flask class (web/flask_app.py): what it leaves out, and what it keeps."""

from __future__ import annotations

import io

import pytest
from flask import Flask, Response, session
from flask.signals import appcontext_tearing_down, request_tearing_down
from werkzeug.test import EnvironBuilder
from werkzeug.wsgi import wrap_file

from web.flask_app import Answer, App


def test_the_app_is_built_with_the_lean_class_and_answers_with_its_response(app: Flask) -> None:
    assert isinstance(app, App)
    # (pytest-flask's test app answers with a subclass of it, for its .json)
    assert issubclass(app.response_class, Answer)
    with app.test_request_context("/healthz"):
        assert isinstance(app.make_response(({"status": "ok"}, 200)), Answer)


def test_every_request_shares_one_empty_session_that_refuses_writes(app: Flask) -> None:
    with app.test_request_context("/"):
        first = session._get_current_object()  # type: ignore[attr-defined]
        assert dict(first) == {}
        with pytest.raises(RuntimeError, match="session is unavailable"):
            session["user"] = "ann"
    with app.test_request_context("/"):
        assert session._get_current_object() is first  # type: ignore[attr-defined]
        assert dict(session) == {}


def test_an_answer_sets_no_session_cookie(client) -> None:
    answer = client.get("/solve?board=sers/pate/line/sors")
    assert answer.status_code == 200
    assert "Set-Cookie" not in answer.headers


def test_a_plain_function_is_called_as_it_is_and_an_async_one_is_not(app: Flask) -> None:
    def plain() -> str:
        return "plain"

    async def waited() -> str:
        return "waited"

    assert app.ensure_sync(plain) is plain
    # Flask's own handling: wrapped to be waited for, which needs asgiref (not installed
    # here, and Flask says so), never called as if it were plain.
    try:
        wrapped = app.ensure_sync(waited)
    except RuntimeError as error:
        assert "async" in str(error)
    else:
        assert wrapped is not waited
    bound = Flask.ensure_sync.__get__(app)
    assert app.ensure_sync(bound) is bound  # a method is asked as Flask asks it


def test_a_teardown_registered_on_the_app_or_a_blueprint_still_runs(app: Flask) -> None:
    ran = []
    app.teardown_request(lambda error: ran.append(("request", error)))
    app.teardown_appcontext(lambda error: ran.append(("app", error)))
    assert app.test_client().get("/healthz").status_code == 200
    assert ran == [("request", None)]
    # (the test's own app context stays pushed across its requests: popped here)
    with app.app_context():
        pass
    assert ran == [("request", None), ("app", None)]


def test_a_receiver_of_the_teardown_signals_still_hears_them(app: Flask) -> None:
    heard = []

    def request_torn_down(sender: Flask, **extra: object) -> None:
        heard.append("request")

    def context_torn_down(sender: Flask, **extra: object) -> None:
        heard.append("app")

    with (
        request_tearing_down.connected_to(request_torn_down, app),
        appcontext_tearing_down.connected_to(context_torn_down, app),
    ):
        assert app.test_client().get("/healthz").status_code == 200
        with app.app_context():
            pass
    assert heard == ["request", "app"]


def _wsgi_body(response: Answer, method: str = "GET") -> tuple[object, bytes]:
    environ = EnvironBuilder("/", method=method).get_environ()
    iterable = response.get_app_iter(environ)
    body = b"".join(iterable)
    if hasattr(iterable, "close"):
        iterable.close()
    return iterable, body


def test_a_body_made_whole_goes_to_the_server_as_it_is() -> None:
    response = Answer(b'{"a":1}\n', mimetype="application/json")
    iterable, body = _wsgi_body(response)
    assert iterable is response.response
    assert body == b'{"a":1}\n'


@pytest.mark.parametrize(("status", "method"), [(204, "GET"), (304, "GET"), (200, "HEAD")])
def test_an_answer_that_has_no_body_sends_none(status: int, method: str) -> None:
    response = Answer(b"something", status=status)
    assert _wsgi_body(response, method)[1] == b""


def test_an_answer_with_something_to_close_is_closed_after_it_is_sent() -> None:
    closed = []
    response = Answer(b"body")
    response.call_on_close(lambda: closed.append(True))
    iterable, body = _wsgi_body(response)
    assert body == b"body"
    assert iterable is not response.response
    assert closed == [True]


def test_a_streamed_answer_is_sent_as_werkzeug_sends_it() -> None:
    response = Answer(iter([b"a", "b"]))
    assert _wsgi_body(response)[1] == b"ab"


def _werkzeug_answer(response: Answer, method: str = "GET") -> tuple[bytes, str, list]:
    """What Werkzeug's own Response would hand the server for the same answer."""
    environ = EnvironBuilder(path="/room/x", method=method).get_environ()
    plain = Response(response.response, status=response.status, headers=list(response.headers))
    plain.direct_passthrough = response.direct_passthrough
    iterable, status, headers = Response.get_wsgi_response(plain, environ)
    return b"".join(iterable), status, list(headers)


def _answer(response: Answer, method: str = "GET") -> tuple[bytes, str, list]:
    environ = EnvironBuilder(path="/room/x", method=method).get_environ()
    iterable, status, headers = response.get_wsgi_response(environ)
    return b"".join(iterable), status, list(headers)


ANSWERS = {
    "a JSON 200": lambda: Answer(b'{"a":1}', mimetype="application/json"),
    "a 304 with its headers": lambda: Answer(
        status=304,
        headers=(("ETag", '"t"'), ("Cache-Control", "private, no-cache"), ("Vary", "Cookie")),
    ),
    "a 304 with entity headers": lambda: Answer(
        b"x",
        status=304,
        headers=(("Expires", "0"), ("Content-Language", "de"), ("Allow", "GET"), ("ETag", '"t"')),
    ),
    "a 304 with a Content-Location": lambda: Answer(
        status=304, headers=(("Content-Location", "/räume/x"),)
    ),
    "a redirect": lambda: Answer(status=302, headers=(("Location", "/room/ÄB"),)),
    "a 204": lambda: Answer(status=204, headers=(("X-A", "1"),)),
    "a body with no length": lambda: Answer(iter([b"a", b"b"])),
    "a 201 with two Vary": lambda: Answer(
        b"{}", status=201, headers=(("Vary", "Cookie"), ("vary", "Accept-Language"))
    ),
    "an empty 200": lambda: Answer(b""),
}


@pytest.mark.parametrize("method", ["GET", "HEAD"])
@pytest.mark.parametrize("made", ANSWERS.values(), ids=ANSWERS.keys())
def test_the_answer_gives_the_server_what_werkzeug_would(made, method: str) -> None:
    assert _answer(made(), method) == _werkzeug_answer(made(), method)


def test_a_304_leaves_out_its_entity_headers_but_what_it_must_keep() -> None:
    body, status, headers = _answer(ANSWERS["a 304 with entity headers"]())
    assert (body, status) == (b"", "304 NOT MODIFIED")
    assert [name for name, _value in headers] == ["Expires", "ETag"]


def test_a_body_whose_length_is_unknown_gets_it_from_werkzeug() -> None:
    response = Answer(b"abc")
    del response.headers["Content-Length"]
    body, _status, headers = _answer(response)
    assert (body, dict(headers)["Content-Length"]) == (b"abc", "3")


def test_a_304_with_something_to_close_is_closed_as_werkzeug_closes_it() -> None:
    closed = []
    response = Answer(status=304, headers=(("ETag", '"t"'),))
    response.call_on_close(lambda: closed.append(True))
    iterable, status, headers = response.get_wsgi_response(
        EnvironBuilder(path="/room/x").get_environ()
    )
    assert (b"".join(iterable), status, headers) == (b"", "304 NOT MODIFIED", [("ETag", '"t"')])
    iterable.close()  # as the server does once the answer is sent
    assert closed == [True]


def test_a_304_of_a_file_closes_the_file() -> None:
    file = io.BytesIO(b"body { color: red }")
    response = Answer(wrap_file(EnvironBuilder().get_environ(), file), status=304)
    response.direct_passthrough = True
    iterable, _status, _headers = response.get_wsgi_response(
        EnvironBuilder(path="/static/app.css").get_environ()
    )
    assert b"".join(iterable) == b""
    iterable.close()
    assert file.closed
