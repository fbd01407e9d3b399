"""nginx's own answers, in the app's shape and the reader's language.

nginx answers some requests itself, before or instead of the app: a request it cannot
read (400), a header or request line over its buffers (494, 414), TRACE (405), a body
over ``client_max_body_size`` (413), a Transfer-Encoding it does not know (501), no
app server to answer (502), or none in time (504, answered as 503 ``server_busy``).
Its stock answers are HTML, also on the JSON routes, where every answer must be
``{"error": {"code", "message"}}``.

``flask --app app edge-pages FOLDER`` writes, for each of these and each language, a
JSON document and an HTML page (the app's own error page, drawn by its templates);
deploy/serve.py runs it into the recipe's run folder, and deploy/nginx.conf's
``error_page`` lines pick the file by the address (a JSON route or a page, as the
app's ``_wants_json`` chooses), the ``lang`` cookie and ``Accept-Language``::

    FOLDER/json/de/413.json    FOLDER/html/de/413.html    ...

The limits named here are nginx's, which deploy/nginx.conf sets; tests hold the two
equal.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import click
from flask import Flask, render_template
from flask_babel import format_decimal, refresh
from flask_babel import gettext as _

from boggle.i18n import N_

from . import i18n
from .body import DISCARD_LIMIT

#: nginx's longest request line and header line (``large_client_header_buffers 4 4k``).
HEADER_LINE_BYTES = 4096
#: nginx's largest body (``client_max_body_size``): the most the app throws away unread.
BODY_BYTES = DISCARD_LIMIT


@dataclass(frozen=True)
class EdgeError:
    """One answer of nginx's own: the status it stands for, its code and message."""

    status: int
    code: str
    message: str  # English, marked for the catalogue; worded per language when written
    limit: int | None = None
    #: The status the client sees, when nginx's own is not one (494 is sent as 400).
    sent_as: int | None = None

    def document(self) -> dict[str, dict[str, object]]:
        """The JSON body, in the language in force."""
        variables = {"limit": format_decimal(self.limit)} if self.limit is not None else {}
        error: dict[str, object] = {"code": self.code, "message": _(self.message, **variables)}
        if self.limit is not None:
            error["limit"] = self.limit
        return {"error": error}


EDGE_ERRORS = (
    EdgeError(
        400,
        "bad_request",
        N_(
            "the request could not be read: its request line, a header, its Host or the "
            "framing of its body is malformed"
        ),
    ),
    EdgeError(
        494,
        "header_too_large",
        N_(
            "a header is longer than the limit of %(limit)s bytes, or the headers together "
            "are too large"
        ),
        HEADER_LINE_BYTES,
        sent_as=400,
    ),
    EdgeError(405, "method_not_allowed", N_("this address does not take that method")),
    EdgeError(
        413,
        "request_entity_too_large",
        N_("the request body is larger than the limit of %(limit)s bytes"),
        BODY_BYTES,
    ),
    EdgeError(
        414,
        "uri_too_long",
        N_(
            "the request line is longer than the limit of %(limit)s bytes; send a long board "
            "in the body of a POST"
        ),
        HEADER_LINE_BYTES,
    ),
    EdgeError(500, "internal_error", N_("something went wrong on our side")),
    EdgeError(
        501,
        "not_implemented",
        N_("this server does not implement what the request asks for (its Transfer-Encoding)"),
    ),
    EdgeError(
        502,
        "server_unavailable",
        N_("the app server did not answer; try again in a few seconds"),
    ),
    EdgeError(
        503,
        "server_busy",
        N_("the server could not answer in time; try again in a few seconds"),
    ),
)


def write_edge_pages(app: Flask, folder: Path) -> list[Path]:
    """Write every edge error's JSON document and HTML page, in every language; the files."""
    written = []
    for code in i18n.LANGUAGES:
        for kind in ("json", "html"):
            (folder / kind / code).mkdir(parents=True, exist_ok=True)
        # A request in that language, at the site's root, for the page's links.
        with app.test_request_context("/", headers={"Accept-Language": code}):
            refresh()  # the command's app context may have chosen a language already
            for edge in EDGE_ERRORS:
                document = edge.document()
                path = folder / "json" / code / f"{edge.status}.json"
                path.write_text(json.dumps(document, ensure_ascii=False) + "\n")
                written.append(path)
                page = render_template("error.html", error=document["error"])
                path = folder / "html" / code / f"{edge.status}.html"
                path.write_text(page)
                written.append(path)
    return written


def register(app: Flask) -> None:
    """Add ``flask edge-pages FOLDER`` to the app's command line."""

    @app.cli.command("edge-pages")
    @click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
    def edge_pages(folder: Path) -> None:
        """Write nginx's error answers (JSON and HTML, every language) into FOLDER."""
        written = write_edge_pages(app, folder)
        click.echo(f"wrote {len(written)} error answers into {folder}")
