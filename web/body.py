"""Reading request bodies: the whole body or a 413, never a body cut short; broken framing is a 400.

Werkzeug limits a body sent without ``Content-Length`` (chunked) to
``MAX_CONTENT_LENGTH`` by reading up to the limit and stopping there: a longer body
was cut at 262,144 bytes and its first part answered as if it were the whole (a form
whose ``board`` straddled the limit got 200 with the answer for another board). Here,
a body that reaches the limit is checked for one byte more, and refused if it has one.

Bad chunked framing is found by the server while the app reads the body, and the
server's parser raises its own error types (gunicorn's ``InvalidChunkSize``...), which
reached the app as a 500. Any error reading the server's input other than a lost
connection is the client's framing: a 400 saying so.

A body the app answers without reading (a 413 on its ``Content-Length`` alone, a 404,
a 415) is read and thrown away before the answer leaves (``DiscardUnreadBody``): a
sync worker closes its connection after each answer, and a socket closed with unread
input resets the connection, so nginx, still sending the body, saw ``readv() failed
(104)`` and answered its own HTML 502 instead of the app's JSON 413 (21% of bodies of
256 KB to 1 MB sent six at once).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import IO, Any

from flask import Request
from flask_babel import gettext as _
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge
from werkzeug.utils import cached_property
from werkzeug.wsgi import LimitedStream

from boggle.i18n import number

#: The most of an unread body thrown away before an answer: nginx's own limit
#: (``client_max_body_size`` in deploy/nginx.conf, held equal by a test), so every body
#: nginx lets through is read whole. Past it (a server reached without nginx) the
#: connection is closed with the rest unread, as before.
DISCARD_LIMIT = 1024 * 1024
#: Bytes read at a time while throwing a body away.
DISCARD_CHUNK = 64 * 1024


class BodyTooLarge(RequestEntityTooLarge):
    """The body is longer than ``MAX_CONTENT_LENGTH``, however it is framed."""

    def __init__(self, limit: int) -> None:
        super().__init__(
            _("the request body is larger than the limit of %(limit)s bytes", limit=number(limit))
        )


class TooManyParts(RequestEntityTooLarge):
    """A multipart form has more parts than ``MAX_FORM_PARTS``."""

    error_code = "too_many_parts"

    def __init__(self, limit: int) -> None:
        super().__init__(
            _(
                "the form has more than %(limit)s parts (fields and files), the most allowed",
                limit=number(limit),
            )
        )


class BadFraming(BadRequest):
    """The server could not read the body as framed (bad chunk sizes, missing CRLF...)."""

    error_code = "bad_framing"

    def __init__(self, cause: Exception) -> None:
        what = str(cause)[:100] or type(cause).__name__
        super().__init__(_("the request body's chunked framing is broken (%(what)s)", what=what))


class _ServerInput:
    """The server's input stream, its parse errors turned into BadFraming."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream = stream

    def read(self, size: int = -1) -> bytes:
        try:
            return self._stream.read(size)
        except OSError:
            raise  # a lost connection: werkzeug's ClientDisconnected
        except Exception as error:  # each server raises its own parse errors
            raise BadFraming(error) from None


class _WholeOrNothing(LimitedStream):
    """A body of unknown length, read up to the limit; one byte past it is a 413."""

    def __init__(self, stream: Any, limit: int) -> None:
        super().__init__(stream, limit, is_max=True)

    def on_exhausted(self) -> None:
        # Asked for more at the limit, as a reader that reads until it gets nothing does
        # (the multipart parser): the end of a body of exactly the limit, unless a byte
        # follows. werkzeug's own answer here is a 413, even for a body that ended.
        self._look_past()

    def readinto(self, b: Any) -> int | None:  # type: ignore[override]
        count = super().readinto(b)
        if self.is_exhausted:
            # werkzeug stops reading here and calls it the end; look for more.
            self._look_past()
        return count

    def _look_past(self) -> None:
        """A 413 if the body goes on past the limit. A server's input that has ended
        answers every read with nothing, so looking again costs a call, not a byte."""
        if self._stream.read(1):
            raise BodyTooLarge(self.limit)


class BoundedRequest(Request):
    """Flask's request, reading its body whole or not at all (see the module's notes)."""

    @cached_property
    def stream(self) -> IO[bytes]:  # type: ignore[override]
        source = _ServerInput(self.environ["wsgi.input"])
        limit = self.max_content_length
        length = self.content_length
        if limit is not None and length is not None and length > limit:
            raise BodyTooLarge(limit)
        if length is not None:
            return LimitedStream(source, length)  # type: ignore[arg-type]
        if "wsgi.input_terminated" not in self.environ:
            # No length and no end marked by the server: WSGI allows no reading.
            return io.BytesIO()
        if limit is None:
            return source  # type: ignore[return-value]
        return _WholeOrNothing(source, limit)  # type: ignore[return-value]

    def _load_form_data(self) -> None:
        try:
            super()._load_form_data()
        except RequestEntityTooLarge as error:
            if isinstance(error, BodyTooLarge) or self.max_form_parts is None:
                raise
            # Not the body's size: the multipart decoder's count of parts (a field
            # over MAX_FORM_MEMORY_SIZE would need a body larger than the body limit).
            raise TooManyParts(self.max_form_parts) from None


def discard_body(environ: dict[str, Any], most: int = DISCARD_LIMIT) -> int:
    """Read and throw away what is left of the request's body, up to ``most`` bytes;
    the bytes read. Stops at the body's end, at a framing error or a lost connection.

    Only where the server ends the input at the body's end (``wsgi.input_terminated``,
    as gunicorn marks it): on a server that hands over the raw socket (Werkzeug's
    development server, for a body with a length), reading past the body would wait
    for the client's next request.
    """
    stream = environ.get("wsgi.input")
    if stream is None or not environ.get("wsgi.input_terminated") or not has_body(environ):
        return 0
    read = 0
    try:
        while read < most:
            chunk = stream.read(min(DISCARD_CHUNK, most - read))
            if not chunk:
                break
            read += len(chunk)
    except Exception:  # a broken or lost body: there is nothing more to read
        pass
    return read


def has_body(environ: dict[str, Any]) -> bool:
    """Whether the request says it has a body: a length other than 0, or a
    Transfer-Encoding (gunicorn passes it on with a chunked body; behind nginx, which
    reads a body whole first, every body has a length). With neither, HTTP gives a
    request none (RFC 9112, 6.3), and the server's input holds nothing to read: most
    requests, every GET among them, go without the server's reader being asked."""
    return environ.get("CONTENT_LENGTH", "") not in ("", "0") or (
        "HTTP_TRANSFER_ENCODING" in environ
    )


class DiscardUnreadBody:
    """WSGI middleware: after the app has made its answer and before the server sends
    it, read what the app left of the body (see the module's notes)."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        answer = self.app(environ, start_response)
        discard_body(environ)
        return answer
