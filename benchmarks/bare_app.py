"""A bare Flask app: one route that gives back, for each request, the answer the real app
gave it (recorded by ``route_requests.py``), and does nothing else.

What the project's routes are measured against (``route_overhead.py``): the same JSON
documents, serialised by Flask per request (with Flask's own encoder, or with
``BOGGLE_BARE_JSON=app`` the project's, web/answers.py), through the same gunicorn
settings; no reading of fields, no search, no sentences, no headers of the app's own.
The answers come from the file ``$BOGGLE_BARE_ANSWERS`` names, read at start-up:

    BOGGLE_BARE_ANSWERS=answers.json gunicorn -c gunicorn.conf.py \\
        'benchmarks.bare_app:create_app()'
"""

from __future__ import annotations

import json
import os

from flask import Flask, Response, jsonify, request


def create_app() -> Flask:
    """The bare app, with the recorded answers loaded."""
    with open(os.environ["BOGGLE_BARE_ANSWERS"], encoding="utf-8") as file:
        answers = json.load(file)
    answers["GET /healthz  "] = {"status": 200, "etag": "", "document": {"status": "ok"}}
    app = Flask(__name__)
    if os.environ.get("BOGGLE_BARE_JSON") == "app":
        # The project's own encoder (orjson), for the stricter comparison: the same
        # documents written the same way, so that what differs is all the app's doing.
        from web.answers import JSONProvider

        app.json = JSONProvider(app)
    app.json.sort_keys = False  # as the project's app: the documents' own order

    @app.route("/<path:path>", methods=["GET", "POST"])
    def answer(path: str) -> Response:
        """The recorded answer to this request: the same key as ``Request.key``."""
        query = request.query_string.decode()
        target = f"/{path}?{query}" if query else f"/{path}"
        found = answers[
            f"{request.method} {target} {request.headers.get('If-None-Match', '')} "
            f"{request.get_data(as_text=True)}"
        ]
        response = Response(status=304) if found["status"] == 304 else jsonify(found["document"])
        if found["etag"]:
            response.set_etag(found["etag"].strip('"'))
        return response

    return app
