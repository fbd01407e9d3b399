"""The offline blueprint: what lets the app be installed and used with no network.

- ``GET /manifest.webmanifest``: the web app manifest (name, icons, colours), so that a
  browser offers to install the app.
- ``GET /sw.js``: the service worker (static/js/service-worker.js), served from the
  root so that it controls every page, with the release it caches written before it:
  the static files it keeps and a version that is a hash of their content. A new
  release is a new version, so the browser installs the new worker and the page says
  an update is ready (docs/offline.md).
- ``GET /graphs/NAME``: what the page's search needs for a list: the address of its
  word graph file and the layout its faces take (boggle/solver.py, browser_layout).
- ``GET /graphs/NAME/HASH.vN.bin``: the graph file itself (boggle/dictionary.py,
  browser_graph), named by a hash of its content and the cache format, so that it is
  cached for good: another graph has another name.
- ``GET /offline``: the page a worker shows for a page that needs the network (rooms,
  today's board, challenges, the table, anything it has not kept), in the reader's
  language.

Nothing here searches: the graph and the layout come from the engine, the page's
script (static/js/lib/offline.js) does the rest.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, render_template, request, url_for
from flask_babel import gettext as _

from boggle.dice import sets_of
from boggle.dictionary import FORMAT_VERSION, Dictionary, browser_graph
from boggle.solver import browser_layout

from . import service
from .errors import APIError
from .i18n import current_code
from .pages import board_reading

bp = Blueprint("offline", __name__)

#: Where the graphs are: every address under it answers in JSON (app.py, _wants_json).
GRAPHS_PREFIX = "/graphs"
#: A graph file is named by its content: it never changes, so it is cached for a year.
IMMUTABLE = "public, max-age=31536000, immutable"
#: The static files a worker keeps for pages with no network: the scripts, the styles,
#: the search and the icons (fonts and images beside them are none). Globs in static/.
OFFLINE_FILES = ("style.css", "wasm/walk.wasm", "favicon.svg", "icons/icon-192.png")
#: The scripts the kept pages load (base.html's, index.html's, practice.html's), kept
#: with every module they import: not the other pages' (rooms, today's board, the
#: table), which would only slow a first visit's getting ready on a slow link.
#: tests/test_offline.py holds this to the pages' own script tags.
OFFLINE_SCRIPTS = ("js/theme.js", "js/install.js", "js/main.js", "js/practice.js")
#: A module's static imports: ``from "./x.js"``, ``import "./x.js"``, ``import("./x.js")``.
IMPORTS = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}/[^"']+\.js)["']""")
#: The worker's script, in static/ (served as /sw.js, not kept as a file).
WORKER = "js/service-worker.js"
#: The pages a worker keeps from the start: those that work offline, and the one shown
#: for a page that needs a connection. Not the tabletop page (/table): the server rolls
#: its board, each die turned as it landed (web/table.py), so a kept copy would deal the
#: one board it was drawn with again and again; offline it says it needs a connection.
OFFLINE_PAGES = ("pages.index", "pages.practice", "offline.offline_page")
#: The theme's colours for the installed app's frame and splash (static/style.css: the
#: favicon's blue, and the page's paper).
THEME_COLOUR = "#1f3b61"
BACKGROUND_COLOUR = "#fbf8f0"
#: The icons, drawn from static/favicon.svg by scripts/make_icons.py.
ICONS = (
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/maskable-512.png", 512, "maskable"),
)


@bp.app_context_processor
def colours() -> dict[str, str]:
    """The theme's colour, for every page's ``theme-color`` (base.html)."""
    return {"theme_colour": THEME_COLOUR}


@lru_cache(maxsize=16)
def graph_file(dictionary: Dictionary) -> tuple[bytes, str] | None:
    """A list's graph file and its name (``HASH.vN.bin``), made once per list; None for
    a list with no compact form."""
    data = browser_graph(dictionary)
    if data is None:
        return None
    return data, f"{hashlib.sha256(data).hexdigest()[:20]}.v{FORMAT_VERSION}.bin"


def no_graph(name: str) -> APIError:
    """The 404 for a list whose graph the page's search cannot read."""
    return APIError(
        404,
        "no_graph",
        _("the %(name)s dictionary cannot be searched in the browser", name=repr(name)),
    )


@bp.get(f"{GRAPHS_PREFIX}/<name>")
def graph_document(name: str) -> Response:
    """What the page's search needs for a list: its graph file's address and size, and
    how a board of its language is handed to the walk."""
    dictionary = service.dictionary_named(name)
    made = graph_file(dictionary)
    if made is None:
        raise no_graph(dictionary.name)
    data, filename = made
    rules = dictionary.rules
    response = current_app.json.response(
        {
            "dictionary": dictionary.name,
            "language": rules.code,
            "word_count": len(dictionary),
            "graph": url_for("offline.graph", name=dictionary.name, filename=filename),
            "bytes": len(data),
            "layout": browser_layout(rules),
            # How a board is typed in the list's language (as the solver page has it),
            # and how a written word is spelled to look it up (/lookup's folding).
            "reading": board_reading(rules)
            | {"replacements": [list(pair) for pair in rules.replacements]},
            # The language's dice, which random boards are rolled from (/random's).
            "dice": {
                "sets": {
                    name: {
                        "rows": dice.rows,
                        "cols": dice.cols,
                        "min_length": dice.min_length,
                        "dice": [list(die) for die in dice.dice],
                    }
                    for name, dice in sets_of(rules).items()
                },
                "for_size": {
                    f"{r}x{c}": name for (r, c), name in rules.default_set_for_size.items()
                },
            },
            # The server's ceiling on a search, in seconds (None: none).
            "ceiling": current_app.config["SOLVE_CEILING"],
        }
    )
    # Asked again on each visit (a new release may bring a new graph); the worker keeps
    # the last one for offline use.
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get(f"{GRAPHS_PREFIX}/<name>/<filename>")
def graph(name: str, filename: str) -> Response:
    """A list's graph file, by the name its content gives it; 404 for any other name (a
    graph of an earlier release, which its document no longer points to)."""
    dictionary = service.dictionary_named(name)
    made = graph_file(dictionary)
    if made is None:
        raise no_graph(dictionary.name)
    data, current = made
    if filename != current or name != dictionary.name:
        raise APIError(
            404,
            "no_such_graph",
            _(
                "%(file)s is not the %(name)s dictionary's graph; ask /graphs/%(name)s for it",
                file=repr(filename),
                name=dictionary.name,
            ),
        )
    response = Response(data, mimetype="application/octet-stream")
    response.headers["Cache-Control"] = IMMUTABLE
    return response


def static_folder() -> Path:
    """The app's static folder."""
    return Path(current_app.static_folder or "static")


def imported(folder: Path, entries: tuple[str, ...]) -> set[str]:
    """The scripts ``entries`` (relative to ``folder``) and every module they import, as
    far as the imports go, relative to ``folder``."""
    seen: set[str] = set()
    waiting = list(entries)
    while waiting:
        name = waiting.pop()
        path = folder / name
        if name in seen or not path.is_file():
            continue
        seen.add(name)
        for target in IMPORTS.findall(path.read_text(encoding="utf-8")):
            resolved = (path.parent / target).resolve()
            if resolved.is_relative_to(folder.resolve()):
                waiting.append(resolved.relative_to(folder.resolve()).as_posix())
    return seen


def offline_files() -> list[str]:
    """The static files a worker keeps, relative to static/, in a stable order."""
    folder = static_folder()
    names = imported(folder, OFFLINE_SCRIPTS)
    names |= {name for name in OFFLINE_FILES if (folder / name).is_file()}
    return sorted(names - {WORKER})


def release() -> dict[str, Any]:
    """The release a worker caches: a version hashed from the content of every file it
    keeps and of the worker itself, the addresses of those files and of the pages, and
    of the default list's graph document."""
    folder = static_folder()
    digest = hashlib.sha256()
    files = offline_files()
    for name in [*files, WORKER]:
        digest.update(name.encode() + b"\0" + (folder / name).read_bytes() + b"\0")
    return {
        "version": digest.hexdigest()[:16],
        "files": [url_for("static", filename=name) for name in files],
        "pages": [url_for(endpoint) for endpoint in OFFLINE_PAGES],
        "offline": url_for("offline.offline_page"),
        "graphs": f"{request.script_root}{GRAPHS_PREFIX}/",
        # The default list's document and graph file: kept as the release installs,
        # both at once and before its files, rather than asked for by the page once the
        # worker runs (on a slow link, the graph is most of a first visit's bytes).
        "graph": default_graph(),
    }


def default_graph() -> dict[str, str] | None:
    """The addresses of the default list's document and graph file (None: it has none)."""
    dictionary = service.dictionary_named(service.catalog().default)
    made = graph_file(dictionary)
    if made is None:
        return None
    return {
        "document": url_for("offline.graph_document", name=dictionary.name),
        "file": url_for("offline.graph", name=dictionary.name, filename=made[1]),
    }


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, its release written before it as ``self.RELEASE``."""
    script = (static_folder() / WORKER).read_text(encoding="utf-8")
    body = f"self.RELEASE = {json.dumps(release())};\n{script}"
    response = Response(body, mimetype="text/javascript")
    # Always checked: a new release must reach the browser on the next visit.
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest, its names in the reader's language."""
    document = {
        "name": _("Boggle solver"),
        "short_name": _("Boggle"),
        "description": _("Every word on a Boggle board, with its path and score."),
        "lang": current_code(),
        "start_url": url_for("pages.index"),
        "scope": url_for("pages.index"),
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {
                "src": url_for("static", filename=path),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for path, size, purpose in ICONS
        ],
    }
    response = Response(json.dumps(document), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline_page() -> str:
    """The page a worker shows, with no network, for a page that needs it."""
    return render_template("offline.html")
