"""Requests from a hostile client: each is a 4xx in the error format, never a 500 or a hang.

Bodies framed by chunked transfer coding are read through gunicorn's own chunked
reader, as the production server hands them to the app.
"""

from __future__ import annotations

import hashlib
import html
import io
import json
import logging
import os
import threading
import traceback
import types
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from gunicorn.http.body import Body, ChunkedReader
from gunicorn.http.unreader import IterUnreader
from hard_boards import worst_board
from werkzeug.test import EnvironBuilder, run_wsgi_app

from app import create_app
from boggle.dictionary import cache_name, load_dictionary
from web.body import DISCARD_CHUNK, DISCARD_LIMIT
from web.logs import LOG_LIMIT, traceback_for_log

LIMIT = 256 * 1024  # the default MAX_CONTENT_LENGTH


def chunked(payload: bytes, size: int = 4096) -> bytes:
    """The payload in chunked transfer coding, ``size`` bytes a chunk."""
    out = bytearray()
    for start in range(0, len(payload), size):
        part = payload[start : start + size]
        out += b"%x\r\n%s\r\n" % (len(part), part)
    return bytes(out + b"0\r\n\r\n")


def send_chunked(app: Flask, path: str, raw: bytes, content_type: str) -> tuple[int, dict, str]:
    """POST a body with no Content-Length, framed as sent; return status, headers, text."""
    environ = EnvironBuilder(path=path, method="POST").get_environ()
    environ.pop("CONTENT_LENGTH", None)
    # As sent: EnvironBuilder would put a boundary of its own in a multipart type.
    environ["CONTENT_TYPE"] = content_type
    environ["wsgi.input"] = Body(ChunkedReader(types.SimpleNamespace(), IterUnreader([raw])))
    environ["wsgi.input_terminated"] = True  # gunicorn's mark: it ends the stream itself
    body, status, headers = run_wsgi_app(app, environ)
    return int(status.split()[0]), dict(headers), b"".join(body).decode()


def error_of(text: str) -> dict[str, Any]:
    """The error object of a JSON error answer."""
    return json.loads(text)["error"]


# --- Answers of 500 to client input -------------------------------------------------


@pytest.mark.parametrize("path", ["/solve", "/score"])
def test_deeply_nested_json_is_a_400_saying_so(client: FlaskClient, path: str) -> None:
    depth = 100_000
    body = '{"board":' + "[" * depth + "]" * depth + "}"
    response = client.post(path, data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json["error"]["code"] == "bad_json"
    assert "nested too deeply" in response.json["error"]["message"]


def test_a_letter_whose_lower_case_is_longer_is_a_400_naming_it(client: FlaskClient) -> None:
    response = client.get("/solve", query_string={"board": "abc\u0130"})
    assert response.status_code == 400
    assert response.json["error"]["message"] == "'\u0130' (cell 4) is not a letter a-z"


@pytest.mark.parametrize("path", ["/", "/practice"])
def test_a_page_names_a_letter_whose_lower_case_is_longer(client: FlaskClient, path: str) -> None:
    response = client.get(path, query_string={"board": "abc\u0130"})
    assert response.status_code == 400
    page = html.unescape(response.get_data(as_text=True))
    assert "'\u0130' (cell 4) is not a letter a-z" in page


def test_a_letter_whose_lower_case_is_longer_is_blamed_not_its_neighbour(
    client: FlaskClient,
) -> None:
    response = client.get("/solve", query_string={"board": "\u0130bcd"})
    assert response.json["error"]["message"] == "'\u0130' (cell 1) is not a letter a-z"


def test_score_names_a_letter_whose_lower_case_is_longer(client: FlaskClient) -> None:
    game = {"board": "abc\u0130", "players": [{"name": "Ann", "words": ["cab"]}]}
    response = client.post("/score", json=game)
    assert response.status_code == 400
    assert response.json["error"]["message"] == "'\u0130' (cell 4) is not a letter a-z"


@pytest.mark.parametrize(
    "body",
    [{"min_length": 5}, {"board": "\ud800"}, {"board": "serspatglinesers", "word": ["a"]}],
)
def test_the_scoring_page_refuses_a_json_body_with_415(
    client: FlaskClient, body: dict[str, Any]
) -> None:
    response = client.post("/scoring", json=body)
    assert response.status_code == 415
    assert response.mimetype == "text/html"
    assert "send JSON to POST /score" in response.get_data(as_text=True)


def test_bad_chunked_framing_is_a_400_saying_so(app: Flask) -> None:
    status, _, text = send_chunked(app, "/solve", b"zz\r\nabc\r\n0\r\n\r\n", "application/json")
    assert status == 400
    error = error_of(text)
    assert error["code"] == "bad_framing"
    assert "chunked framing is broken" in error["message"]


# --- Bodies cut short --------------------------------------------------------------


def straddling_form() -> bytes:
    """A form whose ``board`` begins before the size limit and ends after it."""
    padding = b"pad=" + b"x" * (LIMIT - 4 - 10) + b"&"
    return padding + b"board=serspatglinesers&dictionary=standard"


@pytest.mark.parametrize(
    ("content_type", "payload"),
    [
        ("application/x-www-form-urlencoded", straddling_form()),
        ("application/json", json.dumps({"board": "sers", "pad": "x" * LIMIT}).encode()),
        ("application/x-www-form-urlencoded", b"board=" + b"a" * LIMIT),
    ],
)
def test_a_chunked_body_over_the_limit_is_413_not_cut_short(
    app: Flask, content_type: str, payload: bytes
) -> None:
    status, _, text = send_chunked(app, "/solve", chunked(payload), content_type)
    assert status == 413
    assert error_of(text)["message"] == "the request body is larger than the limit of 262,144 bytes"


def test_a_chunked_multipart_body_over_the_limit_is_413(app: Flask) -> None:
    part = b'--b\r\nContent-Disposition: form-data; name="board"\r\n\r\n%s\r\n--b--\r\n'
    status, _, _ = send_chunked(
        app, "/solve", chunked(part % (b"a" * LIMIT)), "multipart/form-data; boundary=b"
    )
    assert status == 413


def test_a_chunked_body_of_exactly_the_limit_is_read_whole(app: Flask) -> None:
    board = b"&board=serspatglinesers"
    payload = b"pad=" + b"x" * (LIMIT - 4 - len(board)) + board
    assert len(payload) == LIMIT
    status, _, text = send_chunked(
        app, "/solve", chunked(payload), "application/x-www-form-urlencoded"
    )
    assert status == 200
    assert json.loads(text)["text"] == "sers patg line sers"


def test_a_small_chunked_body_is_read_whole(app: Flask) -> None:
    status, _, text = send_chunked(
        app, "/solve", chunked(b'{"board": "serspatglinesers"}', size=5), "application/json"
    )
    assert status == 200
    assert json.loads(text)["count"] > 0


# --- Smaller findings -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [("PUT", "/solve", {"GET", "POST"}), ("DELETE", "/", {"GET"}), ("GET", "/score", {"POST"})],
)
def test_a_405_says_which_methods_the_address_takes_in_allow(
    client: FlaskClient, method: str, path: str, allowed: set[str]
) -> None:
    response = client.open(path, method=method)
    assert response.status_code == 405
    named = {m.strip() for m in response.headers["Allow"].split(",")}
    assert named - {"HEAD", "OPTIONS"} == allowed


def test_a_multipart_form_over_the_part_limit_says_the_part_limit(client: FlaskClient) -> None:
    parts = b"".join(
        b'--b\r\nContent-Disposition: form-data; name="f"\r\n\r\nx\r\n' for _ in range(3001)
    )
    body = parts + b"--b--\r\n"
    assert len(body) < LIMIT  # small enough: the number of parts is the cause
    response = client.post("/solve", data=body, content_type="multipart/form-data; boundary=b")
    assert response.status_code == 413
    assert response.json["error"]["code"] == "too_many_parts"
    assert "more than 1,000 parts" in response.json["error"]["message"]


class CountedInput(io.BytesIO):
    """A server's input that counts the bytes the app takes from it."""

    taken = 0
    largest = 0  # the most bytes taken by one read

    def read(self, size: int | None = -1) -> bytes:
        data = super().read(size)
        self.taken += len(data)
        self.largest = max(self.largest, len(data))
        return data

    def readinto(self, buffer: Any) -> int:
        count = super().readinto(buffer)
        self.taken += count
        self.largest = max(self.largest, count)
        return count


def test_a_body_of_unknown_length_past_the_limit_is_refused_one_byte_past_it(
    app: Flask,
) -> None:
    # Framed by the server (chunked), a body is read to the limit and one byte more, and
    # refused there. What follows is thrown away in chunks, never held, up to
    # DISCARD_LIMIT (so that nginx, still sending, gets the JSON 413 rather than a
    # reset); the megabytes past that are never read at all.
    environ = EnvironBuilder(path="/solve", method="POST", content_type="application/json")
    wsgi = environ.get_environ()
    wsgi.pop("CONTENT_LENGTH", None)
    # As gunicorn passes a chunked body: its Transfer-Encoding, and the input ended.
    wsgi["HTTP_TRANSFER_ENCODING"] = "chunked"
    wsgi["wsgi.input_terminated"] = True
    body = b"{" + b" " * (LIMIT + DISCARD_LIMIT + 4 * LIMIT)
    wsgi["wsgi.input"] = stream = CountedInput(body)
    answer, status, _ = run_wsgi_app(app, wsgi)
    assert int(status.split()[0]) == 413
    assert json.loads(b"".join(answer))["error"]["code"] == "request_entity_too_large"
    assert stream.taken == LIMIT + 1 + DISCARD_LIMIT
    assert stream.largest <= max(LIMIT, DISCARD_CHUNK) + 1


def send_declared(app: Flask, body: bytes, declared: int) -> tuple[int, dict[str, Any]]:
    """POST a JSON body to /solve with the Content-Length given; its status and JSON."""
    environ = EnvironBuilder(path="/solve", method="POST", content_type="application/json")
    wsgi = environ.get_environ()
    wsgi["CONTENT_LENGTH"] = str(declared)
    wsgi["wsgi.input"] = io.BytesIO(body)
    answer, status, _ = run_wsgi_app(app, wsgi)
    return int(status.split()[0]), json.loads(b"".join(answer))


@pytest.mark.parametrize(("extra", "status", "code"), [(0, 400, "bad_json"), (1, 413, None)])
def test_a_body_of_the_limit_is_read_and_one_byte_more_is_413(
    app: Flask, extra: int, status: int, code: str | None
) -> None:
    # Not JSON, so that a body read whole is a 400 for its content, not for its size.
    body = b"{" + b" " * (LIMIT + extra - 1)
    answer, document = send_declared(app, body, len(body))
    assert (answer, document["error"]["code"]) == (
        status,
        code or "request_entity_too_large",
    )


def test_a_declared_length_one_past_the_limit_is_413_before_reading(app: Flask) -> None:
    # Refused by what it says, before a byte is read: the two bytes sent are never looked at.
    answer, document = send_declared(app, b"{}", LIMIT + 1)
    assert (answer, document["error"]["code"]) == (413, "request_entity_too_large")
    assert f"{LIMIT:,} bytes" in document["error"]["message"]


@pytest.mark.parametrize(("parts", "status"), [(1000, 400), (1001, 413)])
def test_a_form_of_the_part_limit_is_read_and_one_part_more_is_413(
    client: FlaskClient, parts: int, status: int
) -> None:
    fields = b"".join(
        b'--b\r\nContent-Disposition: form-data; name="f"\r\n\r\nx\r\n' for _ in range(parts)
    )
    response = client.post(
        "/solve", data=fields + b"--b--\r\n", content_type="multipart/form-data; boundary=b"
    )
    # A thousand parts are read (and the board is missing: 400); one more is too many.
    assert response.status_code == status
    assert (response.json["error"]["code"] == "too_many_parts") is (status == 413)


def test_the_scoring_page_refuses_past_the_player_limit_before_drawing_them(
    client: FlaskClient,
) -> None:
    players = "&".join(f"name=p{i}&words=cat" for i in range(12_000))
    body = f"board=serspatglinesers&{players}"
    response = client.post("/scoring", data=body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "12,000 players; the limit is 20" in page
    assert page.count('name="name"') <= 20 + 2  # the players shown, a spare, a template
    assert len(page) < 100_000


def test_a_cache_file_that_is_a_fifo_is_passed_over_not_waited_on(tmp_path: Path) -> None:
    wordlist = tmp_path / "words.txt"
    wordlist.write_text("cat\ndog\nbird\n")
    digest = hashlib.sha256(wordlist.read_bytes()).hexdigest()
    cache = tmp_path / "cache"
    cache.mkdir()
    fifo = cache / cache_name(digest)
    os.mkfifo(fifo)
    loaded: list[Any] = []
    # In a thread of its own, so that a hang fails this test instead of the whole run.
    loader = threading.Thread(
        target=lambda: loaded.append(load_dictionary(wordlist, cache_dir=cache)), daemon=True
    )
    loader.start()
    loader.join(30)
    assert not loader.is_alive(), "load_dictionary hung on the FIFO"
    assert sorted(loaded[0]) == ["bird", "cat", "dog"]
    assert fifo.is_file()  # rebuilt in its place, as a regular file


def test_a_request_for_an_untrusted_host_is_a_400_and_builds_no_redirect(
    client: FlaskClient,
) -> None:
    response = client.get("/static//x", headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert "Location" not in response.headers
    assert "this server does not answer for that Host" in response.get_data(as_text=True)
    assert "evil.example" not in response.get_data(as_text=True)
    api = client.get("/solve?board=abcd", headers={"Host": "evil.example"})
    assert api.json["error"]["code"] == "untrusted_host"


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:5000", "localhost"])
def test_the_default_trusted_hosts_are_those_of_the_readme(client: FlaskClient, host: str) -> None:
    response = client.get("/static//favicon.svg", headers={"Host": host})
    assert response.status_code == 308
    assert response.headers["Location"] == f"http://{host}/static/favicon.svg"


def test_trusted_hosts_are_configurable(cache_dir: Path) -> None:
    app = create_app(
        {"TESTING": True, "CACHE_DIR": str(cache_dir), "TRUSTED_HOSTS": "boggle.example"}
    )
    client = app.test_client()
    assert client.get("/healthz", headers={"Host": "boggle.example"}).status_code == 200
    assert client.get("/healthz", headers={"Host": "localhost"}).status_code == 400


def test_a_422_logs_a_short_summary_of_the_board(
    cache_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app({"TESTING": True, "CACHE_DIR": str(cache_dir), "SOLVE_BUDGET": 0.001})
    with caplog.at_level(logging.WARNING, logger="web.service"):
        response = app.test_client().post("/solve", json={"board": worst_board()})
    assert response.status_code == 422
    (record,) = [r for r in caplog.records if r.name == "web.service"]
    assert record.getMessage().startswith("search budget exceeded: 40x40 board, ")
    assert len(record.getMessage()) < 200


def test_a_500_logs_its_traceback_once_and_bounded(
    app: Flask, client: FlaskClient, caplog: pytest.LogCaptureFixture, monkeypatch
) -> None:
    def broken_solve(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("x" * 100_000)  # a fault whose message is huge

    monkeypatch.setattr("web.service.solve", broken_solve)
    with caplog.at_level(logging.ERROR):
        response = client.post("/solve", json={"board": "serspatglinesers"})
    assert response.status_code == 500
    assert response.json["error"]["code"] == "internal_error"
    (record,) = [r for r in caplog.records if r.levelno >= logging.ERROR]
    message = record.getMessage()
    assert message.startswith("unexpected error on POST /solve\nTraceback")
    # The error's own line survives, whatever the install's paths make of the frames.
    assert "\nRuntimeError: xxxx" in message
    assert "in broken_solve" in message  # the frame that raised: the end of the frames
    assert len(message) < LOG_LIMIT + 300
    assert record.exc_info is None  # the traceback is in the message, not printed again


def _raise_chained(links: int, message: str) -> None:
    """A KeyError at the end of ``links`` errors each raised while handling the one before:
    a long traceback (Python folds a plain recursion's repeated frames into one line)."""
    if links:
        try:
            _raise_chained(links - 1, f"link {links}")
        except KeyError:
            raise KeyError(message)  # noqa: B904 - the chain is the point
    raise KeyError(message)


@pytest.mark.parametrize("links", [0, 60])
@pytest.mark.parametrize("size", [10, 5_000, 100_000])
def test_a_logged_traceback_keeps_the_error_line_whatever_its_frames_and_message(
    links: int, size: int
) -> None:
    try:
        _raise_chained(links, "k" * size)
    except KeyError as error:
        whole = "".join(traceback.format_exception(error))
        text = traceback_for_log(error)
    assert len(text) < LOG_LIMIT + 200
    assert text.startswith("Traceback (most recent call last):\n")
    assert text.endswith("\n") and "\nKeyError: 'kkkk" in text
    assert "in _raise_chained\n" in text
    assert (text == whole) == (len(whole) <= LOG_LIMIT and size < 1000)
    assert ("characters left out" in text) == (text != whole)


def test_a_logged_traceback_keeps_a_chained_errors_line_and_the_last_one() -> None:
    try:
        try:
            raise ValueError("v" * 50_000)
        except ValueError as inner:
            raise RuntimeError("outer") from inner
    except RuntimeError as error:
        text = traceback_for_log(error)
    assert len(text) < LOG_LIMIT + 200
    assert text.endswith("RuntimeError: outer\n")
    assert "direct cause of the following exception" in text
