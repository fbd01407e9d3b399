"""Reading a request's body at its edges (web/body.py): a body of exactly the limit
however it is read, a body with a length read to its length and not into what follows,
the server's complaint about broken framing quoted whole, cut, or named, and a body
thrown away exactly as far as asked.

Bodies framed by chunked transfer coding are read through gunicorn's own chunked
reader, as in tests/test_hostile_requests.py.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from flask import Flask
from test_hostile_requests import LIMIT, chunked, error_of, send_chunked
from werkzeug.test import EnvironBuilder, run_wsgi_app

from web.body import DISCARD_CHUNK, discard_body

BROKEN = "the request body's chunked framing is broken"


def multipart_form(size: int) -> bytes:
    """A multipart form (boundary ``b``) of ``size`` bytes: a board, then padding."""
    board = b'--b\r\nContent-Disposition: form-data; name="board"\r\n\r\nserspatglinesers\r\n'
    pad = b'--b\r\nContent-Disposition: form-data; name="pad"\r\n\r\n'
    end = b"\r\n--b--\r\n"
    form = board + pad + b"x" * (size - len(board) - len(pad) - len(end)) + end
    assert len(form) == size
    return form


# --- A body at the limit, read by a reader that asks once more -------------------------


@pytest.mark.parametrize(("size", "status"), [(LIMIT - 1, 200), (LIMIT, 200), (LIMIT + 1, 413)])
def test_a_chunked_multipart_form_of_the_limit_is_read_and_one_byte_more_is_413(
    app: Flask, size: int, status: int
) -> None:
    # The multipart parser reads until it is given nothing, so it asks for more once it
    # holds the limit's bytes: for a body of exactly the limit that is its end (it was
    # a 413), for one byte more a body too large.
    answer, _, text = send_chunked(
        app, "/solve", chunked(multipart_form(size)), "multipart/form-data; boundary=b"
    )
    assert answer == status
    if status == 200:
        assert json.loads(text)["text"] == "sers patg line sers"
    else:
        assert error_of(text) == {
            "code": "request_entity_too_large",
            "message": "the request body is larger than the limit of 262,144 bytes",
        }


def test_a_body_with_a_length_is_read_to_its_length_not_into_the_next_request(
    app: Flask,
) -> None:
    # A server that hands over the connection itself (Werkzeug's development server)
    # leaves the client's next request right behind the body.
    body = b'{"board": "serspatglinesers"}'
    following = b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"
    environ = EnvironBuilder(path="/solve", method="POST").get_environ()
    environ["CONTENT_TYPE"] = "application/json"
    environ["CONTENT_LENGTH"] = str(len(body))
    environ["wsgi.input"] = connection = io.BytesIO(body + following)
    answer, status, _ = run_wsgi_app(app, environ)
    assert status.startswith("200")
    assert json.loads(b"".join(answer))["text"] == "sers patg line sers"
    assert connection.read() == following


# --- Broken framing: the server's complaint, in the answer ---------------------------


def test_bad_chunked_framing_quotes_the_servers_complaint_whole(app: Flask) -> None:
    status, _, text = send_chunked(app, "/solve", b"zz\r\nabc\r\n0\r\n\r\n", "application/json")
    assert status == 400
    assert error_of(text) == {
        "code": "bad_framing",
        "message": f"{BROKEN} (Invalid chunk size: b'zz')",
    }


def test_a_long_complaint_about_the_framing_is_cut_to_its_first_hundred_characters(
    app: Flask,
) -> None:
    # gunicorn quotes the whole chunk-size line it could not read: 300 letters here.
    raw = b"z" * 300 + b"\r\nabc\r\n0\r\n\r\n"
    status, _, text = send_chunked(app, "/solve", raw, "application/json")
    complaint = "Invalid chunk size: b'" + "z" * 78
    assert len(complaint) == 100
    assert status == 400
    assert error_of(text)["message"] == f"{BROKEN} ({complaint})"


class WordlessParseError(Exception):
    """A server's parse error that says nothing of itself."""


class WordlessInput(io.RawIOBase):
    """A server's input whose parser fails on the first read, with no message."""

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> bytes:
        raise WordlessParseError()


def test_a_complaint_about_the_framing_with_no_words_is_named_by_its_type(app: Flask) -> None:
    environ = EnvironBuilder(path="/solve", method="POST").get_environ()
    environ.pop("CONTENT_LENGTH", None)
    environ["CONTENT_TYPE"] = "application/json"
    environ["wsgi.input"] = WordlessInput()
    environ["wsgi.input_terminated"] = True
    answer, status, _ = run_wsgi_app(app, environ)
    assert status.startswith("400")
    assert error_of(b"".join(answer).decode()) == {
        "code": "bad_framing",
        "message": f"{BROKEN} (WordlessParseError)",
    }


# --- A body thrown away --------------------------------------------------------------


def ended_input(body: bytes) -> dict[str, Any]:
    """The body's part of an environ from a server that ends the input at the body's end
    (a chunked body: its length is not said)."""
    return {
        "wsgi.input": io.BytesIO(body),
        "wsgi.input_terminated": True,
        "HTTP_TRANSFER_ENCODING": "chunked",
    }


def test_a_body_is_thrown_away_up_to_the_most_asked_even_inside_a_chunk() -> None:
    most = DISCARD_CHUNK + DISCARD_CHUNK // 2
    environ = ended_input(b"x" * (3 * DISCARD_CHUNK))
    assert discard_body(environ, most) == most
    assert environ["wsgi.input"].tell() == most


def test_a_body_shorter_than_the_most_is_thrown_away_to_its_end_and_counted() -> None:
    environ = ended_input(b"x" * 1000)
    assert discard_body(environ) == 1000
    assert environ["wsgi.input"].tell() == 1000


def test_a_body_with_a_length_is_thrown_away_to_its_end() -> None:
    environ = ended_input(b"x" * 1000)
    del environ["HTTP_TRANSFER_ENCODING"]
    environ["CONTENT_LENGTH"] = "1000"
    assert discard_body(environ) == 1000


def test_a_request_that_says_it_has_no_body_is_not_read() -> None:
    # No length and no Transfer-Encoding is no body (RFC 9112): the input is not asked.
    for length in ({}, {"CONTENT_LENGTH": ""}, {"CONTENT_LENGTH": "0"}):
        environ = ended_input(b"x" * 1000)
        del environ["HTTP_TRANSFER_ENCODING"]
        environ.update(length)
        assert discard_body(environ) == 0
        assert environ["wsgi.input"].tell() == 0
