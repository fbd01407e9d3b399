"""The interface's language: which one a request gets, the switch, the headers, the
engine's words outside and inside a request, and the catalogues' checker.

The translations themselves are held by the area tests (``test_i18n_*.py``) and by
``test_i18n_leaks.py``; this file holds the machinery they rest on.
"""

from __future__ import annotations

import gettext
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from flask import Flask, Response
from flask.testing import FlaskClient

from boggle import i18n
from web.i18n import LANGUAGES, plural_categories, script_catalogue

ROOT = Path(__file__).resolve().parent.parent
HTML_LANG = re.compile(r'<html lang="([^"]+)">')


def _catalogues_module():
    spec = importlib.util.spec_from_file_location(
        "catalogues", ROOT / "translations" / "catalogues.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def page_lang(client: FlaskClient, path: str = "/", **headers: str) -> str:
    response = client.get(path, headers=headers)
    assert response.status_code == 200
    return HTML_LANG.search(response.get_data(as_text=True)).group(1)


# --- which language a request gets ---------------------------------------------------


def test_no_preference_is_english(client: FlaskClient) -> None:
    response = client.get("/")
    assert HTML_LANG.search(response.get_data(as_text=True)).group(1) == "en"
    assert response.headers["Content-Language"] == "en"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("fr-CA", "fr"),
        ("es-419,es;q=0.9", "es"),
        ("it", "it"),
        ("nl-BE,nl;q=0.9", "nl"),
        ("pt-BR,pt;q=0.9,nl;q=0.5", "nl"),  # the best the interface speaks
        ("en-GB,de;q=0.5", "en"),  # English preferred to German
        ("ja,zh;q=0.9", "en"),  # none spoken: English
        ("", "en"),
    ],
)
def test_the_browser_language_chooses(client: FlaskClient, header: str, expected: str) -> None:
    assert page_lang(client, **{"Accept-Language": header}) == expected


def test_a_malformed_accept_language_is_english_not_an_error(client: FlaskClient) -> None:
    assert page_lang(client, **{"Accept-Language": ";;q=x,\x7f,de;q=abc"}) in LANGUAGES


def test_the_switch_sets_the_cookie_and_goes_back(client: FlaskClient) -> None:
    response = client.get("/language/it?next=/practice%3Fsize%3D5x5")
    assert response.status_code == 303
    assert response.headers["Location"] == "/practice?size=5x5"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("lang=it;")
    assert "Max-Age=31536000" in cookie
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie


def test_the_choice_beats_the_browser_language(client: FlaskClient) -> None:
    client.get("/language/es")
    assert page_lang(client, **{"Accept-Language": "de"}) == "es"
    assert page_lang(client, "/practice") == "es"
    client.get("/language/en")
    assert page_lang(client, **{"Accept-Language": "de"}) == "en"


def test_a_cookie_naming_no_language_is_ignored(client: FlaskClient) -> None:
    client.set_cookie("lang", "xx")
    assert page_lang(client, **{"Accept-Language": "fr"}) == "fr"


@pytest.mark.parametrize(
    "target",
    ["//evil.example/", "https://evil.example/", "/\\evil.example", "evil", "javascript:alert(1)"],
)
def test_the_switch_never_sends_the_reader_to_another_site(
    client: FlaskClient, target: str
) -> None:
    response = client.get("/language/de", query_string={"next": target})
    assert response.status_code == 303
    assert response.headers["Location"] == "/"


def test_the_switch_without_next_goes_home(client: FlaskClient) -> None:
    assert client.get("/language/nl").headers["Location"] == "/"


def test_an_unknown_language_is_a_404_naming_those_there_are(client: FlaskClient) -> None:
    response = client.get("/language/xx", headers={"Accept": "application/json"})
    assert response.status_code == 404
    assert "Set-Cookie" not in response.headers


def test_every_page_offers_every_language_named_in_itself(client: FlaskClient) -> None:
    page = client.get("/?board=abcd", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    for code, name in LANGUAGES.items():
        link = re.search(rf'<a href="(/language/{code}\?next=[^"]*)"[^>]*lang="{code}"', page)
        assert link, code
        assert f">{name}</a>" in page
    # The link comes back to this very page, its board included.
    assert "/language/de?next=/?board%3Dabcd" in page
    assert re.search(r'lang="fr" hreflang="fr" aria-current="true"', page)


# --- the headers -----------------------------------------------------------------------


def test_answers_say_their_language_and_vary_on_the_reader(client: FlaskClient) -> None:
    for path in ("/", "/solve?board=abcd", "/dictionaries"):
        response = client.get(path, headers={"Accept-Language": "de"})
        assert response.headers["Content-Language"] == "de", path
        vary = {part.strip() for part in response.headers["Vary"].split(",")}
        assert {"Accept-Language", "Cookie"} <= vary, path


def test_a_cookie_of_another_name_holding_the_word_lang_chooses_nothing(
    client: FlaskClient,
) -> None:
    client.set_cookie("boggle_room_ABCDEFGHJK", "language")
    assert page_lang(client, **{"Accept-Language": "it"}) == "it"


def test_a_vary_of_the_answer_s_own_keeps_its_names_before_the_reader_s(app: Flask) -> None:
    @app.get("/varies")
    def varies() -> Response:
        response = Response("x")
        response.vary.add("Authorization")
        return response

    vary = app.test_client().get("/varies").headers["Vary"]
    assert vary == "Authorization, Accept-Language, Cookie"


def test_a_kept_app_context_gives_each_request_its_own_language(app: Flask) -> None:
    # A test's or a command's app context outlives its requests: each still chooses.
    client = app.test_client()
    messages = []
    with app.app_context():
        for code in ("de", "fr", "de", "en"):
            response = client.get("/lookup", headers={"Accept-Language": code})
            assert response.headers["Content-Language"] == code
            messages.append(response.get_json()["error"]["message"])
    assert messages[0] == messages[2]
    assert len({messages[0], messages[1], messages[3]}) == 3
    assert messages[3] == "give the word to look up in 'word'"


def test_an_answer_that_says_its_own_language_keeps_it(app: Flask) -> None:
    @app.get("/in-french")
    def in_french() -> Response:
        return Response("bonjour", headers={"Content-Language": "fr"})

    response = app.test_client().get("/in-french", headers={"Accept-Language": "de"})
    assert response.headers.getlist("Content-Language") == ["fr"]
    assert response.headers["Vary"] == "Accept-Language, Cookie"


def test_static_files_do_not_vary(client: FlaskClient) -> None:
    response = client.get("/static/style.css", headers={"Accept-Language": "de"})
    assert "Content-Language" not in response.headers
    assert "Accept-Language" not in response.headers.get("Vary", "")
    response.close()


# --- the engine's words ----------------------------------------------------------------


class _Shouting(gettext.NullTranslations):
    """A made-up language: every text upper case, so a translation is easy to see."""

    def gettext(self, message: str) -> str:
        return re.sub(
            r"%\(\w+\)s|[a-z]+", lambda m: m[0] if m[0][0] == "%" else m[0].upper(), message
        )

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


def test_the_engine_speaks_english_outside_a_request() -> None:
    assert i18n.current() is i18n.ENGLISH
    assert i18n._("%(name)s wins", name="Ann") == "Ann wins"
    assert i18n.ngettext("%(num)s word", "%(num)s words", 1204) == "1,204 words"
    assert i18n.ngettext("%(num)s word", "%(num)s words", 1) == "1 word"
    assert i18n.percent(0.345) == "34%"


def test_the_engine_speaks_the_language_its_source_gives() -> None:
    shouting = i18n.Language("xx", _Shouting(), lambda n: f"{n:_}", lambda s: f"{s * 100:.0f} pc")
    previous = i18n._source
    i18n.set_source(lambda: shouting)
    try:
        assert i18n._("%(name)s wins", name="Ann") == "Ann WINS"
        assert i18n.ngettext("%(num)s word", "%(num)s words", 1204) == "1_204 WORDS"
        assert i18n.number(1204) == "1_204"
        assert i18n.percent(0.5) == "50 pc"
    finally:
        i18n.set_source(previous)
    assert i18n._("wins") == "wins"


def test_the_app_gives_the_engine_the_request_language(app: Flask) -> None:
    # Each in an app context of its own, as each request of a server is.
    with app.app_context(), app.test_request_context("/", headers={"Accept-Language": "de"}):
        assert i18n.current().code == "de"
        assert i18n.number(1204) == "1.204"
        assert i18n.percent(0.34) == "34\xa0%"
    with app.app_context(), app.test_request_context("/", headers={"Accept-Language": "fr"}):
        assert i18n.current().code == "fr"
        assert i18n.number(1204) == "1\u202f204"
    with app.app_context(), app.test_request_context("/"):
        assert i18n.number(1204) == "1,204"
    # Once those requests are over, the reader's language goes with them.
    assert i18n.current().code == "en"
    assert i18n.number(1204) == "1,204"


# --- the scripts' catalogue ------------------------------------------------------------


def test_every_request_in_a_language_shares_its_words_and_numbers(app: Flask) -> None:
    # Made once per app and language: what the engine keeps by language holds across
    # requests, and a number Babel wrote once is not written again.
    seen = []
    for code in ("de", "de", "fr"):
        with app.app_context(), app.test_request_context("/", headers={"Accept-Language": code}):
            seen.append(i18n.current())
    assert seen[0] is seen[1] is not seen[2]
    assert (seen[0].code, seen[2].code) == ("de", "fr")
    assert seen[0].number(1204) == "1.204" and seen[2].number(1204) == "1\u202f204"
    assert seen[0].number(0.5) == "0,5"
    assert seen[0].number(1) == "1" and seen[0].percent(0.34) == "34\xa0%"


def test_a_remembered_sentence_is_worded_once_per_language_and_numbers() -> None:
    worded = []

    @i18n.remembered
    def found(count: int) -> str:
        worded.append(count)
        return i18n.ngettext("%(num)s word", "%(num)s words", count)

    assert found(1204) == found(1204) == "1,204 words"
    assert found(1) == "1 word"
    assert worded == [1204, 1]
    shouting = i18n.Language("xx", _Shouting(), lambda n: f"{n:_}", lambda s: f"{s:.0%}")
    previous = i18n._source
    i18n.set_source(lambda: shouting)
    try:
        assert found(1204) == found(1204) == "1_204 WORDS"
    finally:
        i18n.set_source(previous)
    assert found(1204) == "1,204 words"
    assert worded == [1204, 1, 1204]


def test_plural_categories_follow_cldr_and_the_catalogues() -> None:
    assert plural_categories("de") == ["one", "other"]
    assert plural_categories("nl") == ["one", "other"]
    assert plural_categories("fr") == ["one", "many", "other"]
    for code in ("de", "fr", "es", "it", "nl"):
        assert len(plural_categories(code)) == Catalog(locale=code).num_plurals


def test_english_needs_no_script_catalogue() -> None:
    assert script_catalogue("en") == {"lang": "en", "messages": {}}


def test_each_page_carries_its_language_s_script_catalogue(client: FlaskClient) -> None:
    page = client.get("/", headers={"Accept-Language": "nl"}).get_data(as_text=True)
    data = re.search(r'<script type="application/json" id="messages">(.*?)</script>', page)
    assert data
    import json

    catalogue = json.loads(data.group(1))
    assert catalogue == script_catalogue("nl")
    assert catalogue["lang"] == "nl"
    for text, translation in catalogue["messages"].items():
        assert translation, text
        if isinstance(translation, dict):
            assert set(translation) == {"one", "other"}, text


# --- the catalogues' checker -------------------------------------------------------------


def test_the_shipped_catalogues_are_complete() -> None:
    """Every text in the code translated in every language, none stale, .mo compiled."""
    result = subprocess.run(
        [sys.executable, "translations/catalogues.py", "check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-4000:]


def _message(catalog: Catalog, msgid, string, **flags):  # type: ignore[no-untyped-def]
    catalog.add(msgid, string, flags=[name for name, on in flags.items() if on])
    return catalog[msgid if isinstance(msgid, str) else msgid[0]]


@pytest.mark.parametrize(
    ("msgid", "string", "fuzzy", "problem"),
    [
        ("Find words", "", False, "untranslated"),
        ("Find words", "Wörter finden", True, "fuzzy"),
        ("Row %(row)s", "Zeile", False, "placeholder ['row'] missing"),
        ("Row %(row)s", "Zeile %(rij)s", False, "placeholder ['rij'] not in the English"),
        ("Press <kbd>q</kbd>", "Drücke q", False, "HTML tags"),
        (("%(num)s word", "%(num)s words"), ("ein Wort", ""), False, "untranslated"),
    ],
)
def test_the_checker_names_each_kind_of_problem(msgid, string, fuzzy, problem) -> None:  # type: ignore[no-untyped-def]
    catalogues = _catalogues_module()
    catalog = Catalog(locale="de")
    message = _message(catalog, msgid, string, fuzzy=fuzzy)
    found = list(catalogues._text_problems(message))
    assert any(problem in line for line in found), found


def test_the_checker_passes_a_good_translation() -> None:
    catalogues = _catalogues_module()
    catalog = Catalog(locale="de")
    good = [
        _message(catalog, "Row %(row)s", "Zeile %(row)s"),
        _message(catalog, "Press <kbd>q</kbd>", "Drücke <kbd>q</kbd>"),
        # A singular may leave the count out: "ein Wort".
        _message(catalog, ("%(num)s word", "%(num)s words"), ("ein Wort", "%(num)s Wörter")),
    ]
    for message in good:
        assert list(catalogues._text_problems(message)) == []
