"""The interface's language: which one a request gets, the switch, and the scripts' words.

The interface speaks English, German, French, Spanish, Italian and Dutch, from gettext
catalogues in ``translations/`` (``translations/catalogues.py`` extracts, updates and
compiles them). A request gets, in this order:

1. the language the reader chose with the switch (``/language/<code>``), kept in the
   ``lang`` cookie for a year;
2. the best of the browser's ``Accept-Language`` that the interface speaks;
3. English.

The interface language is not the board's: a German reader may solve an English
board. Pages and API answers alike come in it (the API's ``message`` and ``text``
fields; its codes and field names never change), marked with ``Content-Language`` and
``Vary: Accept-Language, Cookie`` so that no cache hands one reader's language to
another.

The page scripts get their words (the catalogue's ``js`` domain) in the page itself,
as data (``script_catalogue``, read by ``static/js/lib/i18n.js``): nothing to fetch.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from babel import Locale, numbers
from babel.messages.pofile import read_po
from flask import Blueprint, Flask, Response, g, redirect, request
from flask.globals import _cv_app, _cv_request
from flask_babel import (
    Babel,
    format_decimal,
    format_percent,
    get_locale,
    get_translations,
    refresh,
)
from flask_babel import gettext as _
from werkzeug.datastructures import LanguageAccept
from werkzeug.exceptions import NotFound
from werkzeug.http import parse_accept_header, parse_cookie

from boggle import i18n

#: The interface's languages, each named in itself (as the switch shows them).
LANGUAGES = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "nl": "Nederlands",
}
DEFAULT = "en"
#: Each language's Babel locale, parsed once (Flask-Babel takes a locale as it is).
LOCALES = {code: Locale.parse(code) for code in LANGUAGES}
#: Accept-Language headers whose language is kept: browsers send few different ones.
ACCEPT_LANGUAGES_KEPT = 1024
#: The cookie that keeps the reader's choice, and for how long.
COOKIE = "lang"
COOKIE_SECONDS = 365 * 24 * 3600
#: Numbers each language keeps written (a few hundred bytes each): more than a day's
#: boards show, so that nearly every one is written once per worker.
NUMBERS_KEPT = 4096

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
#: Where Flask-Babel keeps the locale it has chosen, on ``g`` (flask_babel's
#: ``_get_current_context``): tests/test_i18n.py holds a kept context to its choice.
FLASK_BABEL_STORE = "_flask_babel"
#: Where the app's static files are served (Flask's default): the same in every language.
STATIC_PATH = "/static/"
#: The Vary of an answer that has none: it depends on the reader's language.
VARY = ("Vary", "Accept-Language, Cookie")
#: The catalogue domain of the page scripts' words.
SCRIPT_DOMAIN = "js"

bp = Blueprint("language", __name__)


def select_locale() -> Locale:
    """The interface language of this request (the order is in the module's opening)."""
    return LOCALES[language_of(request.environ)]


def language_of(environ: Mapping[str, Any]) -> str:
    """The interface language of a request, by its WSGI environ: the pages' and sentences'
    (through Flask-Babel) and the one its answer says it is in (web/headers.py).

    Every answer says its language, so this runs for every request: it reads the cookies
    only when there is one that can be the choice, and each Accept-Language once.
    """
    if COOKIE in environ.get("HTTP_COOKIE", ""):
        chosen = parse_cookie(environ).get(COOKIE, "")
        if chosen in LANGUAGES:
            return chosen
    return accepted_language(environ.get("HTTP_ACCEPT_LANGUAGE", ""))


@lru_cache(maxsize=ACCEPT_LANGUAGES_KEPT)
def accepted_language(header: str) -> str:
    """The interface language an Accept-Language header asks for (English by default).

    By the primary subtag, in the browser's order of preference: "en-GB, de;q=0.5" is
    English (Werkzeug's best_match would take the exact "de" over the regional "en").
    """
    for value, _quality in parse_accept_header(header, LanguageAccept):
        code = value.split("-", 1)[0].split("_", 1)[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


def current_code() -> str:
    """The language code in force for this request: ``en``, ``de``, ... (what Flask-Babel
    chooses, ``select_locale``, without asking it: a room's poll needs only the code)."""
    return language_of(request.environ) if request else DEFAULT


def _request_language() -> i18n.Language | None:
    """The engine's view of the request's language (``boggle.i18n``); outside a request, none.

    Found once a request and kept on its context; every sentence after the first reads
    it from there through the context variable itself, not Flask's proxy (a /solve
    words about ten sentences, and the proxy's look-up cost each one a microsecond).
    """
    context = _cv_request.get(None)
    if context is None:  # no request
        return None
    cached = getattr(context, "boggle_language", None)
    if cached is None:
        # By the code, as select_locale chooses it, without asking Flask-Babel: its
        # locale is made, kept on ``g`` and written out (``str(locale)``) only for a
        # language not made yet, and a request that words nothing through Flask-Babel
        # never has it chosen.
        code = language_of(context.request.environ)
        cached = context.app.extensions.get("boggle.languages", {}).get(code)
        if cached is None:
            cached = _language(context.app, get_locale() or LOCALES[DEFAULT])
        context.boggle_language = cached
    return cached


def _language(app: Flask, locale: Locale) -> i18n.Language:
    """The engine's view of one language, made once per app: its catalogue, and its
    ways with numbers remembered. Babel takes some 10 µs to write a number, and a
    solved board's sentences write dozens, most of them the same from board to board
    (counts of words, points, percentages); kept, each is a dictionary look-up. Being
    the same object for every request in the language, it also lets the engine keep
    what it has worded in it (boggle/ratings.py, the histogram's bars)."""
    known = app.extensions.setdefault("boggle.languages", {})
    code = str(locale)
    found = known.get(code)
    if found is None:
        found = i18n.Language(
            code,
            get_translations(),
            lru_cache(maxsize=NUMBERS_KEPT, typed=True)(
                partial(numbers.format_decimal, locale=locale)
            ),
            lru_cache(maxsize=NUMBERS_KEPT, typed=True)(
                partial(numbers.format_percent, locale=locale)
            ),
        )
        known[code] = found
    return found


def _forget_language() -> None:
    """Forget the language Flask-Babel chose for an earlier request in this app context
    (a ``before_request`` hook). A server's request has an app context of its own, where
    Flask-Babel has chosen nothing yet: only a kept one needs ``refresh``, which costs a
    small answer a tenth of its time in the app."""
    # The app context's ``g`` through its context variable, not Flask's proxy: every
    # request passes here.
    context = _cv_app.get(None)
    if FLASK_BABEL_STORE in (g if context is None else context.g):
        refresh()


def init_app(app: Flask) -> None:
    """Give ``app`` its languages: Flask-Babel, the engine's source, the switch, the headers."""
    Babel(app, locale_selector=select_locale, default_translation_directories=str(TRANSLATIONS))
    i18n.set_source(_request_language)
    # Flask-Babel keeps the locale on `g`, which lives as long as the app context: a
    # context kept across requests (a test's, a command's) would keep the first reader's
    # language for every later one. Each request chooses afresh.
    app.before_request(_forget_language)
    app.register_blueprint(bp)
    # Each language made now, in gunicorn's master before it forks: its catalogue and
    # Babel's data for its numbers (a file read and unpickled per language, a tenth of
    # a second or more) are then the workers' from the start, not read by each
    # worker's first request in that language.
    for code in LANGUAGES:
        with app.test_request_context("/", headers={"Accept-Language": code}):
            language = i18n.current()
            language.number(1204), language.percent(0.5)

    @app.context_processor
    def _language_context() -> dict[str, Any]:
        code = current_code()
        return {
            "lang": code,
            "languages": LANGUAGES,
            "script_catalogue": script_catalogue(code),
        }

    # `{% trans %}` blocks are extracted with their white space trimmed
    # (translations/catalogues.py), so they must be looked up trimmed too.
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    app.jinja_env.filters["number"] = lambda value: format_decimal(value)
    app.jinja_env.filters["percent"] = lambda share: format_percent(share)


def language_headers(
    environ: Mapping[str, Any], present: Mapping[str, str]
) -> list[tuple[str, str]]:
    """The headers that say an answer's language, and that it depends on the reader's,
    for an answer whose headers (names in lower case) are ``present``: Content-Language
    unless it says its own, and ``Vary: Accept-Language, Cookie`` joined to its own Vary
    (returned whole, to replace it). None for a static file, the same in every language.
    """
    if environ.get("PATH_INFO", "").startswith(STATIC_PATH):
        return []
    added = []
    if "content-language" not in present:
        added.append(("Content-Language", language_of(environ)))
    vary = present.get("vary")
    added.append(VARY if vary is None else ("Vary", vary_by_language(vary)))
    return added


@lru_cache(maxsize=64)
def vary_by_language(vary: str) -> str:
    """An answer's own Vary value, with Accept-Language and Cookie joined to it unless
    it names them (kept: a route sends the same few values again and again)."""
    names = [name.strip() for name in vary.split(",") if name.strip()]
    known = {name.lower() for name in names}
    names += [name for name in ("Accept-Language", "Cookie") if name.lower() not in known]
    return ", ".join(names)


def _safe_next(target: str | None) -> str:
    """Where to go after switching: a path on this site, never another site."""
    if not target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or "\\" in target:
        return "/"
    return target


@bp.get("/language/<code>")
def choose(code: str) -> Response:
    """Switch the interface to ``code`` and go back to the page the reader was on.

    A plain link (works without the script); the choice is kept in the ``lang`` cookie.
    An unknown code is a 404, like any other address that does not exist.
    """
    if code not in LANGUAGES:
        raise NotFound(
            _(
                "the interface has no language %(code)s; it has %(codes)s",
                code=repr(code),
                codes=", ".join(LANGUAGES),
            )
        )
    response = redirect(_safe_next(request.args.get("next")), code=303)
    response.set_cookie(
        COOKIE,
        code,
        max_age=COOKIE_SECONDS,
        path="/",
        samesite="Lax",
        httponly=True,
        secure=request.is_secure,
    )
    return response


#: CLDR's plural categories in the order gettext numbers a text's forms (Babel's order).
PLURAL_ORDER = ("zero", "one", "two", "few", "many", "other")


def plural_categories(code: str) -> list[str]:
    """The CLDR category of each of a counted text's forms in ``code``, in order.

    The page script picks a form with the browser's ``Intl.PluralRules``, which answers
    with these categories, so it needs no copy of gettext's plural formula.
    """
    tags = Locale.parse(code).plural_form.tags | {"other"}
    return [tag for tag in PLURAL_ORDER if tag in tags]


@cache
def script_catalogue(code: str) -> dict[str, Any]:
    """The page scripts' words in ``code``: ``{lang, messages}``, from ``js.po``.

    ``messages`` maps each English text to its translation, or for a counted text to
    its forms by CLDR plural category (``{"one": ..., "other": ...}``); English itself
    needs none. Read from the ``.po`` (not the compiled ``.mo``) because it keeps which
    texts are counted.
    """
    path = TRANSLATIONS / code / "LC_MESSAGES" / f"{SCRIPT_DOMAIN}.po"
    if code == DEFAULT or not path.exists():
        return {"lang": code, "messages": {}}
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=code)
    categories = plural_categories(code)
    if len(categories) != catalog.num_plurals:
        raise ValueError(
            f"{path}: {catalog.num_plurals} plural forms, but CLDR gives {code} "
            f"{len(categories)} ({', '.join(categories)})"
        )
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple):
            if all(message.string):
                messages[message.id[0]] = dict(zip(categories, message.string, strict=True))
        elif message.string:
            messages[message.id] = message.string
    return {"lang": code, "messages": messages}
