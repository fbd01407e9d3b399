"""The app at the edge: behind one trusted proxy (PROXY_HOPS), over TLS (HSTS), with no
Host, with a body it does not read; answers carrying a token; forms from elsewhere;
names that look alike; and nginx's own error answers (web/edge.py), held equal to
deploy/nginx.conf. The recipe itself (nginx + gunicorn) is tests/test_production.py's.
"""

from __future__ import annotations

import io
import json
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from rooms_db import Clock
from werkzeug.test import EnvironBuilder

from app import API_PREFIXES, create_app, json_paths
from boggle import Catalog
from deploy.serve import NGINX_TEMPLATE, nginx_config, upstream_servers
from games.names import mixed_letters, name_key
from web import i18n
from web.body import DISCARD_LIMIT, discard_body
from web.edge import EDGE_ERRORS, HEADER_LINE_BYTES, write_edge_pages
from web.rooms import API_PREFIX
from web.security import STRICT_TRANSPORT_SECURITY

CONFIG = NGINX_TEMPLATE.read_text()


@pytest.fixture
def room_app(
    tmp_path: Path, sqlite_template: Path, cache_dir: Path, catalog: Catalog, clock: Clock
) -> Callable[..., Flask]:
    """Apps on a fresh, migrated SQLite database of the test's own (settings may be added)."""
    path = tmp_path / "rooms.sqlite3"
    shutil.copy(sqlite_template, path)
    made: list[Flask] = []

    def make(**config: Any) -> Flask:
        settings = {"TESTING": True, "CACHE_DIR": str(cache_dir)}
        app = create_app(
            {**settings, "DATABASE_URL": f"sqlite:///{path}", **config}, catalog=catalog
        )
        app.extensions["boggle.rooms"].clock = clock
        made.append(app)
        return app

    yield make
    for app in made:
        app.extensions["boggle.rooms"].database.dispose()


# --- A body the app does not read -----------------------------------------------------


def wsgi_call(app: Flask, environ: dict[str, Any]) -> tuple[str, bytes]:
    """Call the app as a WSGI server does; its status line and body."""
    started: list[str] = []
    body = b"".join(app.wsgi_app(environ, lambda status, headers: started.append(status)))
    return started[0], body


def post_environ(body: bytes, length: int, terminated: bool = True) -> dict[str, Any]:
    """A WSGI environ for a POST /solve of JSON whose body is ``body``."""
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/solve",
        "SERVER_NAME": "localhost",
        "SERVER_PORT": "80",
        "HTTP_HOST": "localhost",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(length),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": io.StringIO(),
    }
    if terminated:
        environ["wsgi.input_terminated"] = True
    return environ


def test_a_body_answered_413_on_its_length_is_read_whole_before_the_answer(app: Flask) -> None:
    body = b"x" * 600_000
    environ = post_environ(body, len(body))
    status, answer = wsgi_call(app, environ)
    assert status.startswith("413")
    assert json.loads(answer)["error"]["code"] == "request_entity_too_large"
    assert environ["wsgi.input"].tell() == len(body)  # nothing left to reset the connection


def test_a_body_an_error_leaves_unread_is_read_up_to_nginx_limit_and_no_further(
    app: Flask,
) -> None:
    body = b"x" * (DISCARD_LIMIT + 100_000)
    environ = post_environ(body, len(body))
    assert wsgi_call(app, environ)[0].startswith("413")
    assert environ["wsgi.input"].tell() == DISCARD_LIMIT


def test_a_raw_socket_is_never_read_past_the_body(app: Flask) -> None:
    # Werkzeug's development server hands over the socket itself for a body with a
    # length: reading on would wait for the client's next request.
    environ = post_environ(b"x" * 600_000, 600_000, terminated=False)
    assert wsgi_call(app, environ)[0].startswith("413")
    assert environ["wsgi.input"].tell() == 0
    assert discard_body(environ) == 0


# --- The Host, the proxy and TLS ------------------------------------------------------


def without_host(app: Flask, host: str | None, **request: Any) -> tuple[str, str, bytes]:
    """A request whose Host is ``host`` (None: no Host at all, as HTTP/1.0 allows), as a
    server hands it to the app: its status line, content type and body."""
    environ = EnvironBuilder(**request).get_environ()
    environ.pop("HTTP_HOST")
    environ["SERVER_NAME"] = ""  # gunicorn on a Unix socket
    if host is not None:
        environ["HTTP_HOST"] = host
    headers: list[list[tuple[str, str]]] = []
    started: list[str] = []

    def start_response(status: str, given: list[tuple[str, str]]) -> None:
        started.append(status)
        headers.append(given)

    body = b"".join(app.wsgi_app(environ, start_response))
    return started[0], dict(headers[0])["Content-Type"], body


@pytest.mark.parametrize("host", [None, "", "  "], ids=["no Host", "empty", "blank"])
def test_a_request_naming_no_host_is_400_untrusted_host(
    room_app: Callable[..., Flask], host: str | None
) -> None:
    app = room_app(TRUSTED_HOSTS="")  # any host: still one is needed
    status, kind, body = without_host(app, host, path="/rooms", method="POST", json={"name": "A"})
    assert (status, kind) == ("400 BAD REQUEST", "application/json")
    assert json.loads(body)["error"]["code"] == "untrusted_host"
    status, kind, _ = without_host(app, host, path="/")
    assert (status, kind) == ("400 BAD REQUEST", "text/html; charset=utf-8")


def forwarded(proto: str = "https", host: str = "boggle.example") -> dict[str, str]:
    """The headers nginx adds in front of the app."""
    return {
        "X-Forwarded-Proto": proto,
        "X-Forwarded-Host": host,
        "X-Forwarded-For": "203.0.113.7",
    }


def test_behind_one_trusted_proxy_over_tls_links_are_https_the_cookie_secure_with_hsts(
    room_app: Callable[..., Flask],
) -> None:
    app = room_app(PROXY_HOPS=1, TRUSTED_HOSTS="boggle.example")
    response = app.test_client().post("/rooms", json={"name": "Ann"}, headers=forwarded())
    assert response.status_code == 201
    assert response.json["url"] == f"https://boggle.example/room/{response.json['room']}"
    cookie = response.headers["Set-Cookie"]
    assert "; Secure" in cookie and "HttpOnly" in cookie
    assert response.headers["Strict-Transport-Security"] == "max-age=31536000"
    plain = app.test_client().get("/", headers=forwarded("http"))
    assert "Strict-Transport-Security" not in plain.headers


def test_without_a_trusted_proxy_forwarded_headers_are_the_clients_word_and_ignored(
    room_app: Callable[..., Flask],
) -> None:
    app = room_app()  # PROXY_HOPS 0: clients reach the app directly
    response = app.test_client().post(
        "/rooms", json={"name": "Ann"}, headers=forwarded(host="localhost")
    )
    assert response.json["url"].startswith("http://localhost/room/")
    assert "Secure" not in response.headers["Set-Cookie"]
    assert "Strict-Transport-Security" not in response.headers


def test_the_proxy_hop_count_is_checked_at_start_up(cache_dir: Path, catalog: Catalog) -> None:
    for bad in (-1, 6, "one", True):
        with pytest.raises(SystemExit, match="PROXY_HOPS"):
            create_app({"CACHE_DIR": str(cache_dir), "PROXY_HOPS": bad}, catalog=catalog)
    app = create_app({"CACHE_DIR": str(cache_dir), "PROXY_HOPS": "1"}, catalog=catalog)
    assert app.config["PROXY_HOPS"] == 1


# --- Tokens and forms -----------------------------------------------------------------


def test_every_answer_carrying_a_seat_token_is_no_store(room_app: Callable[..., Flask]) -> None:
    client = room_app().test_client()
    created = client.post("/rooms", json={"name": "Ann"})
    code = created.json["room"]
    joined = room_app().test_client().post(f"/rooms/{code}/players", json={"name": "Bob"})
    again = client.post(f"/rooms/{code}/players", json={})  # Ann's seat, from her cookie
    form = room_app().test_client().post(f"/room/{code}/join", data={"name": "Cy"})
    made = room_app().test_client().post("/room", data={"name": "Di"})
    for response in (created, joined, again, form, made):
        assert response.status_code in (200, 201, 303)
        assert "Set-Cookie" in response.headers
        assert response.headers["Cache-Control"] == "no-store"
    # The room's document carries no token: cached privately, asked for again each time.
    assert client.get(f"/rooms/{code}").headers["Cache-Control"] == "private, no-cache"


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "null"},
        {"Sec-Fetch-Site": "same-site"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://localhost"},
    ],
    ids=["Origin null", "same-site", "cross-site", "same-site with own Origin"],
)
def test_a_form_from_anywhere_but_this_sites_pages_is_refused(
    room_app: Callable[..., Flask], headers: dict[str, str]
) -> None:
    response = room_app().test_client().post("/room", data={"name": "Ann"}, headers=headers)
    assert response.status_code == 403
    assert "Set-Cookie" not in response.headers


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"},
        {"Sec-Fetch-Site": "none"},
    ],
    ids=["no headers", "same-origin", "typed by the person"],
)
def test_a_form_from_this_sites_pages_is_taken(
    room_app: Callable[..., Flask], headers: dict[str, str]
) -> None:
    response = room_app().test_client().post("/room", data={"name": "Ann"}, headers=headers)
    assert response.status_code == 303


# --- Names ----------------------------------------------------------------------------

CYRILLIC_A = "\u0410"
FULL_WIDTH_ANN = "\uff21\uff4e\uff4e"


def test_names_are_one_name_in_any_case_or_compatibility_form() -> None:
    assert name_key(FULL_WIDTH_ANN) == name_key("ANN") == name_key("ann") == "ann"
    assert name_key("Stra\u00dfe") == name_key("STRASSE") == "strasse"
    assert name_key("\u2167") == "viii"  # ROMAN NUMERAL EIGHT
    assert name_key(CYRILLIC_A + "nn") != name_key("Ann")
    # Written out, a name stays within the database's column.
    assert len(name_key("\ufdfa" * 100)) == 300


@pytest.mark.parametrize(
    ("name", "letters"),
    [
        (CYRILLIC_A + "nn", (CYRILLIC_A, "n")),
        ("\u0391lice", ("\u0391", "l")),  # Greek capital alpha
        ("Ivan \u0418\u0432\u0430\u043d", ("I", "\u0418")),
        ("Ann \u0393", ("A", "\u0393")),  # a Greek letter no Latin one resembles: still two
        ("\u3042\ud55c", ("\u3042", "\ud55c")),  # Hiragana beside Hangul
    ],
)
def test_a_name_mixing_scripts_not_written_together_names_two_of_its_letters(
    name: str, letters: tuple[str, str]
) -> None:
    assert mixed_letters(name) == letters


@pytest.mark.parametrize(
    "name",
    [
        "Ann",
        "Jos\u00e9 Mar\u00eda",
        "Zo\u00eb-\u00c5sa O'Brien 2",
        "\u0410\u043d\u043d\u0430",  # all Cyrillic
        "\u0393\u03b9\u03ac\u03bd\u03bd\u03b7\u03c2",  # all Greek
        "\u7530\u4e2d\u3055\u3093",  # Han and Hiragana
        "\u5c71\u7530\u30bf\u30ed\u30a6",  # Han and Katakana
        "\u30b3\u30fc\u30d2\u30fc Tom",  # Katakana with its long-vowel mark, and Latin
        "\uae40\ubbfc\uc900",  # Hangul
        FULL_WIDTH_ANN,
        "Mo\u0308rk",  # a combining mark goes with any letter
    ],
)
def test_a_name_in_one_script_or_a_combination_written_together_is_taken(name: str) -> None:
    assert mixed_letters(name) is None


def test_a_name_passing_for_another_is_refused_and_one_alike_is_taken_already(
    room_app: Callable[..., Flask],
) -> None:
    app = room_app()
    created = app.test_client().post("/rooms", json={"name": "Ann"}).json
    players = f"/rooms/{created['room']}/players"
    mixed = app.test_client().post(players, json={"name": CYRILLIC_A + "nn"})
    assert mixed.status_code == 400
    assert mixed.json["error"] == {
        "code": "bad_name",
        "message": (
            f"the name mixes letters of alphabets that can look alike ('{CYRILLIC_A}' and "
            "'n'); write it in one alphabet"
        ),
        "field": "name",
    }
    wide = app.test_client().post(players, json={"name": FULL_WIDTH_ANN})
    assert (wide.status_code, wide.json["error"]["code"]) == (409, "name_taken")
    japanese = app.test_client().post(players, json={"name": "\u7530\u4e2d\u3055\u3093"})
    assert japanese.status_code == 201


def test_a_name_written_out_past_its_column_is_still_seated(
    make_rooms_app: Callable[..., Flask],
) -> None:
    # U+FDFA is one character, 18 once NFKC writes it out: 24 of them are 432, past the
    # key's 300-character column, on PostgreSQL as on SQLite.
    app = make_rooms_app()
    created = app.test_client().post("/rooms", json={"name": "\ufdfa" * 24})
    assert created.status_code == 201
    players = f"/rooms/{created.json['room']}/players"
    again = app.test_client().post(players, json={"name": "\ufdfa" * 24})
    assert (again.status_code, again.json["error"]["code"]) == (409, "name_taken")


# --- nginx's own answers and its configuration ----------------------------------------


@pytest.fixture(scope="module")
def edge_pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The error answers written by the app's command, once for the module."""
    folder = tmp_path_factory.mktemp("edge")
    app = create_app({"TESTING": True, "PRELOAD_DICTIONARIES": ""})
    write_edge_pages(app, folder)
    yield folder


def test_nginx_own_answers_are_written_in_the_apps_shape_in_every_language(
    edge_pages: Path,
) -> None:
    for code in i18n.LANGUAGES:
        for edge in EDGE_ERRORS:
            document = json.loads((edge_pages / "json" / code / f"{edge.status}.json").read_text())
            assert set(document) == {"error"}
            assert document["error"]["code"] == edge.code
            assert document["error"]["message"]
            page = (edge_pages / "html" / code / f"{edge.status}.html").read_text()
            assert f'<html lang="{code}">' in page
            assert document["error"]["message"] in page.replace("&#39;", "'")
    german = json.loads((edge_pages / "json" / "de" / "413.json").read_text())
    assert german["error"] == {
        "code": "request_entity_too_large",
        "message": "der Inhalt der Anfrage ist größer als die Grenze von 1.048.576 Bytes",
        "limit": 1048576,
    }


def nginx_setting(name: str) -> str:
    """A setting's value in deploy/nginx.conf."""
    found = re.search(rf"^\s*{name}\s+([^;]+);", CONFIG, re.MULTILINE)
    assert found, name
    return found.group(1).strip()


def test_the_limits_nginx_answers_with_are_the_ones_it_is_set_to() -> None:
    assert nginx_setting("client_max_body_size") == f"{DISCARD_LIMIT // (1024 * 1024)}m"
    _count, size = nginx_setting("large_client_header_buffers").split()
    assert size == f"{HEADER_LINE_BYTES // 1024}k"


def test_nginx_has_an_error_page_for_each_of_its_own_answers() -> None:
    pages = dict(re.findall(r"error_page (\d+)\s+(?:=\d+ )?\S+/(\d+)\.\$edge_kind;", CONFIG))
    expected = {str(edge.status): str(edge.status) for edge in EDGE_ERRORS if edge.status != 503}
    assert pages == {**expected, "504": "503"}
    assert re.search(r"error_page 494 =400 ", CONFIG)


def test_nginx_answers_json_on_the_apps_json_routes_and_html_on_its_pages() -> None:
    map_body = re.search(r"map \$uri \$edge_json_route \{(.*?)\}", CONFIG, re.DOTALL).group(1)
    patterns = [re.compile(p) for p in re.findall(r"~(\S+) 1;", map_body)]
    app = create_app({"TESTING": True, "PRELOAD_DICTIONARIES": ""})

    def json_route(path: str) -> bool:
        return any(pattern.search(path) for pattern in patterns)

    for path in json_paths(app):
        assert json_route(path) and json_route(path + "/"), path
    for path in (API_PREFIX, f"{API_PREFIX}/ABCD", f"{API_PREFIX}/ABCD/rounds/1/words"):
        assert json_route(path), path
    pages = [r.rule for r in app.url_map.iter_rules() if not r.endpoint.startswith("api.")]
    for path in pages:
        if any(path == prefix or path.startswith(prefix + "/") for prefix in API_PREFIXES):
            assert json_route(path), path  # the rooms' and playing apart's APIs
        else:
            assert not json_route(path.replace("<code>", "ABCD")), path


def test_nginx_sends_the_apps_hsts_over_tls_only() -> None:
    values = re.search(
        r'map "\$https:\$upstream_http_strict_transport_security" \$hsts_header \{\s*'
        r'"on:"\s+"([^"]+)";\s*default\s+"";',
        CONFIG,
    )
    assert values and values.group(1) == STRICT_TRANSPORT_SECURITY


def test_a_lone_app_server_is_listed_twice_and_never_marked_down() -> None:
    assert (
        upstream_servers(["unix:/run/g.sock"]).split("\n")
        == ["        server unix:/run/g.sock max_fails=0;"] * 2
    )
    several = upstream_servers(["10.0.0.1:8000", "10.0.0.2:8000"])
    assert several.count("server ") == 2 and "max_fails=2 fail_timeout=5s" in several
    config = nginx_config(Path("/tmp/run"), "127.0.0.1:8000", tls=(Path("/c.pem"), Path("/k.pem")))
    assert "listen 127.0.0.1:8000 ssl;" in config
    assert "ssl_certificate /c.pem;" in config and "ssl_certificate_key /k.pem;" in config
    assert "@" not in re.sub(r"#.*", "", config)  # every name filled in
