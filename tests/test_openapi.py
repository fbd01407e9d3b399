"""The OpenAPI document at /openapi.json: valid, complete, built once, true to the readers.

The fuzzer (tests/test_api_fuzz.py) holds the answers to the document; these tests
hold the document to the routes: every JSON route is in it, each route's fields are
the ones it reads, and each whole-number field's range is the one its reader
enforces, so a change to a reader or a new route cannot leave the document behind.
"""

from __future__ import annotations

import http.client
import re
from collections.abc import Callable
from typing import Any

import pytest
from api_fuzz import served
from flask import Flask
from flask.testing import FlaskClient
from openapi_spec_validator import validate

import app as app_module
from web import daily, edge, openapi, rooms


@pytest.fixture
def spec(app: Flask) -> dict[str, Any]:
    return app.test_client().get("/openapi.json").get_json()


def operations(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """Every (method, path, operation) of the document."""
    return [
        (method.upper(), path, operation)
        for path, methods in spec["paths"].items()
        for method, operation in methods.items()
    ]


def error_codes(spec: dict[str, Any], method: str, path: str, status: str) -> list[str]:
    """The error codes the document lists for one operation's status."""
    answer = spec["paths"][path][method.lower()]["responses"][status]
    return answer["content"]["application/json"]["schema"]["properties"]["error"]["properties"][
        "code"
    ]["enum"]


def test_the_document_is_valid_openapi_3_1(spec: dict[str, Any]) -> None:
    assert spec["openapi"] == "3.1.0"
    validate(spec)  # raises, naming the place, on any fault


def test_every_json_route_and_method_is_in_the_document(app: Flask, spec: dict) -> None:
    expected = set()
    for rule in app.url_map.iter_rules():
        area = rule.endpoint.partition(".")[0]
        is_room_api = rule.rule.startswith(rooms.API_PREFIX)
        # Playing apart's: every address under /daily and /challenges, its QR codes too.
        is_apart_api = "/" + rule.rule.split("/")[1] in daily.API_PREFIXES
        if area == "api" or (area == "rooms" and is_room_api) or is_apart_api:
            for method in rule.methods - {"HEAD", "OPTIONS"}:
                expected.add((method, openapi.openapi_path(rule.rule)))
    documented = {(method, path) for method, path, _ in operations(spec)}
    assert expected - documented == set()
    assert documented == expected
    # The ones the issue names, so that a broken URL map cannot pass as empty.
    for path in ("/solve", "/random", "/score", "/rich", "/lookup", "/define"):
        assert path in spec["paths"]
    assert {"/dictionaries", "/healthz", "/rooms", "/rooms/{code}"} <= set(spec["paths"])
    assert {"/daily", "/daily/{day}/{language}/{size}/play", "/challenges"} <= set(spec["paths"])
    apart = [path for _, path, _ in operations(spec) if path.startswith(daily.API_PREFIXES)]
    assert len(apart) == 21


def test_operation_ids_are_unique_and_name_a_python_function(spec: dict) -> None:
    ids = [operation["operationId"] for _, _, operation in operations(spec)]
    assert len(ids) == len(set(ids))
    assert all(identifier.isidentifier() for identifier in ids)


def test_the_rooms_need_the_bearer_scheme_and_the_rest_do_not(spec: dict) -> None:
    assert spec["components"]["securitySchemes"]["seat"] == {
        "type": "http",
        "scheme": "bearer",
        "description": spec["components"]["securitySchemes"]["seat"]["description"],
    }
    security = {
        (method, path): operation["security"] for method, path, operation in operations(spec)
    }
    assert security[("POST", "/rooms/{code}/rounds")] == [{"seat": []}]
    assert security[("GET", "/rooms/{code}")] == [{"seat": []}, {}]
    assert security[("POST", "/rooms")] == []
    assert security[("GET", "/solve")] == []


def test_playing_apart_takes_the_players_cookie_and_the_transfer_link_needs_it(
    app: Flask, spec: dict
) -> None:
    scheme = spec["components"]["securitySchemes"]["player"]
    assert (scheme["type"], scheme["in"], scheme["name"]) == ("apiKey", "cookie", daily.api.COOKIE)
    security = {
        (method, path): operation["security"] for method, path, operation in operations(spec)
    }
    transfer = ("POST", "/daily/me/transfer")
    assert security[transfer] == [{"player": []}]
    assert security[("POST", "/daily/{day}/{language}/{size}/play")] == [{"player": []}, {}]
    assert security[("GET", "/challenges/{code}/qr")] == []
    # As the document says: without the cookie, the transfer link is a 401 naming it.
    answer = app.test_client().post("/daily/me/transfer", json={})
    assert answer.status_code == 401
    assert answer.json["error"]["code"] in error_codes(spec, *transfer, "401")
    assert f'name="{daily.api.COOKIE}"' in answer.headers["WWW-Authenticate"]


def body_schema(operation: dict[str, Any]) -> dict[str, Any] | None:
    content = operation.get("requestBody", {}).get("content", {})
    return content.get("application/json", {}).get("schema")


def test_a_json_body_takes_the_fields_documented_and_no_other(
    client: FlaskClient, spec: dict
) -> None:
    # The unknown field's message lists the fields the route hands read_fields.
    checked = set()
    today = client.application.extensions["boggle.apart"].daily.today()
    for method, path, operation in operations(spec):
        schema = body_schema(operation)
        if schema is None:
            continue
        # A room's code and round are read before the body, the room itself after it; a
        # day's board is found first (today's is there to be found).
        address = path.replace("{code}", "K7QX4MZP2T").replace("{number}", "1")
        address = address.replace("{day}", today).replace("{language}", "en")
        address = address.replace("{size}", "4x4")
        answer = client.open(address, method=method, json={"zzzz": 1})
        error = answer.get_json()["error"]
        assert (answer.status_code, error["code"]) == (400, "unknown_field"), path
        if "takes no fields" in error["message"]:  # a body of no fields ({}) lists none
            listed = []
        else:
            fields = error["message"].split("fields are ")[1]
            listed = [name.strip(" '") for name in fields.split(",")]
        assert listed == list(schema["properties"]), path
        checked.add(path)
    assert {"/solve", "/rich", "/score", "/rooms", "/rooms/{code}/players"} <= checked
    assert {"/rooms/{code}/rounds", "/rooms/{code}/rounds/{number}/words"} <= checked
    assert {"/daily/{day}/{language}/{size}/words", "/daily/me/name", "/challenges"} <= checked


def example_request(operation: dict[str, Any]) -> dict[str, Any]:
    """The operation's fields, each at its documented example."""
    if "parameters" in operation:
        return {p["name"]: p["example"] for p in operation["parameters"] if "example" in p}
    schema = body_schema(operation) or {"properties": {}}
    return {
        name: prop["examples"][0]
        for name, prop in schema["properties"].items()
        if "examples" in prop
    }


def whole_number_fields(spec: dict) -> list[tuple[str, str, str, dict, dict]]:
    """(method, path, field, its schema, its operation) for every bounded whole number
    of an operation with no path fields (those need a room first)."""
    found = []
    for method, path, operation in operations(spec):
        if "{" in path:
            continue
        if "parameters" in operation:
            fields = {p["name"]: p["schema"] for p in operation["parameters"]}
        else:
            fields = (body_schema(operation) or {"properties": {}})["properties"]
        for name, schema in fields.items():
            if schema.get("type") == "integer" and "maximum" in schema:
                found.append((method, path, name, schema, operation))
    return found


def test_each_whole_number_field_takes_exactly_its_documented_range(
    make_rooms_app: Callable[..., Flask], spec: dict
) -> None:
    client = make_rooms_app(RICH_SLICE_SECONDS=0.05).test_client()
    checked = set()
    for method, path, name, schema, operation in whole_number_fields(spec):
        fields = example_request(operation)
        for value, inside in (
            (schema["minimum"], True),
            (schema["maximum"], True),
            (schema["maximum"] + 1, False),
        ):
            fields[name] = value
            if method == "GET":
                answer = client.get(path, query_string=fields)
            else:
                answer = client.open(path, method=method, json=fields)
            # A CSV or SVG route answers its document, or a JSON error.
            code = ((answer.get_json(silent=True) or {}).get("error") or {}).get("code")
            if inside:
                assert code != f"bad_{name}", (path, name, value, answer.get_json())
            else:
                assert code == f"bad_{name}", (path, name, value, answer.get_json())
        # ... and below the range, where there is one to fall under.
        if schema["minimum"] > 0:
            fields[name] = schema["minimum"] - 1
            answer = (
                client.get(path, query_string=fields)
                if method == "GET"
                else client.open(path, method=method, json=fields)
            )
            assert answer.get_json()["error"]["code"] == f"bad_{name}", (path, name)
        checked.add(name)
    assert {"min_length", "seed", "rows", "cols", "seconds"} <= checked


def test_the_ranges_follow_the_settings(catalog, cache_dir) -> None:
    app = app_module.create_app(
        {"TESTING": True, "CACHE_DIR": str(cache_dir), "MAX_SIDE": 12, "MAX_BOARD_CHARS": 500},
        catalog=catalog,
    )
    spec = app.test_client().get("/openapi.json").get_json()
    rows = next(p for p in spec["paths"]["/random"]["get"]["parameters"] if p["name"] == "rows")
    board = next(p for p in spec["paths"]["/solve"]["get"]["parameters"] if p["name"] == "board")
    assert rows["schema"]["maximum"] == 12
    assert board["schema"]["maxLength"] == 500
    answer = app.test_client().get("/random", query_string={"rows": 13})
    assert answer.get_json()["error"]["code"] == "bad_rows"


def test_the_dictionaries_documented_are_the_ones_served(client: FlaskClient, spec: dict) -> None:
    served = [d["name"] for d in client.get("/dictionaries").get_json()["dictionaries"]]
    solve = {p["name"]: p for p in spec["paths"]["/solve"]["get"]["parameters"]}
    assert solve["dictionary"]["schema"]["enum"] == served


def test_each_error_status_lists_its_codes(spec: dict) -> None:
    responses = spec["paths"]["/solve"]["get"]["responses"]
    codes = {
        status: response["content"]["application/json"]["schema"]["properties"]["error"][
            "properties"
        ]["code"]["enum"]
        for status, response in responses.items()
        if int(status) >= 400 and "application/json" in response["content"]
    }
    assert set(codes) == {"400", "413", "414", "422", "503"}
    # ... and the HTTP server's own answer to a request line too long: nginx's in the
    # app's shape, or a plain server's HTML.
    assert list(responses["414"]["content"]) == ["application/json", "text/html"]
    assert {"missing_board", "bad_board", "bad_min_length", "unknown_dictionary"} <= set(
        codes["400"]
    )
    assert codes["413"] == ["board_too_long", "board_too_large"]
    assert codes["422"] == ["search_budget_exceeded"]
    assert codes["414"] == ["uri_too_long"]
    rooms_words = spec["paths"]["/rooms/{code}/rounds/{number}/words"]["post"]["responses"]
    # The rooms' own statuses: their too_many_words is a 429, /score's a 400.
    assert (
        "too_many_words"
        in rooms_words["429"]["content"]["application/json"]["schema"]["properties"]["error"][
            "properties"
        ]["code"]["enum"]
    )
    score = spec["paths"]["/score"]["post"]["responses"]["400"]
    assert "too_many_words" in str(score)


def test_the_document_is_built_once_per_app_never_per_request(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = app.test_client()
    first = client.get("/openapi.json").get_json()
    monkeypatch.setattr(openapi, "build", lambda app: pytest.fail("built again"))
    assert client.get("/openapi.json").get_json() == first
    assert client.get("/api").status_code == 200
    assert client.get("/solve", query_string={"board": "abcd"}).status_code == 200


def test_the_rooms_links_run_from_create_to_results(spec: dict) -> None:
    def links(path: str, method: str, status: str) -> dict[str, Any]:
        return spec["paths"][path][method]["responses"][status]["links"]

    ids = {op["operationId"] for _, _, op in operations(spec)}
    create = links("/rooms", "post", "201")
    assert create["join"]["operationId"] == "join_room_post"
    assert create["start"]["parameters"]["header.Authorization"] == (
        "Bearer {$response.body#/token}"
    )
    start = links("/rooms/{code}/rounds", "post", "201")
    assert start["send_word"]["parameters"]["path.number"] == "$response.body#/round/number"
    sent = links("/rooms/{code}/rounds/{number}/words", "post", "200")
    assert sent["results"]["operationId"] == "results_get"
    every_link = [
        link
        for methods in spec["paths"].values()
        for operation in methods.values()
        for response in operation["responses"].values()
        for link in response.get("links", {}).values()
    ]
    assert {link["operationId"] for link in every_link} <= ids


def test_the_api_page_lays_out_every_operation_from_this_server_alone(
    client: FlaskClient, spec: dict
) -> None:
    answer = client.get("/api")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200
    for method, path, operation in operations(spec):
        assert f'id="{operation["operationId"]}"' in page
        assert f"<code>{method} {path}</code>" in page
    assert 'id="schema-Solution"' in page
    assert "bad_min_length" in page
    # Nothing loaded from another site, and no script of its own (the theme's and the
    # service worker's, as on every page, are the two).
    assert 'src="http' not in page
    assert 'href="http' not in page.split("</head>")[0]
    scripts = re.findall(r"<script\b[^>]*\bsrc=\"([^\"]+)\"", page)
    assert scripts == ["/static/js/theme.js", "/static/js/install.js"]
    assert 'href="/openapi.json"' in page


def test_a_query_too_long_for_the_server_gets_the_answer_documented(app: Flask, spec: dict) -> None:
    # The fuzzer's long run found it: a board within MAX_BOARD_CHARS, in letters that
    # take 12 bytes each written in a query, is past the HTTP server's request line
    # (werkzeug's 64 KiB here), which answers 414 in its own HTML before the app is
    # reached. The document lists that answer on every GET that takes fields.
    with served(app) as base:
        host, port = base.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        connection.request("GET", "/solve?board=" + "%F0%9F%8F%BB" * 6000)
        answer = connection.getresponse()
        media = answer.getheader("Content-Type").split(";")[0]
        answer.read()
        connection.close()
    assert answer.status == 414
    for method, path, operation in operations(spec):
        if method == "GET" and operation.get("parameters") and "{" not in path:
            assert media in operation["responses"]["414"]["content"], path


def test_nginxs_answer_to_a_request_line_too_long_is_the_one_documented(
    app: Flask, spec: dict
) -> None:
    # deploy/nginx.conf answers a 414 with web/edge.py's document, never the app.
    (too_long,) = [each for each in edge.EDGE_ERRORS if each.status == 414]
    with app.test_request_context("/"):
        error = too_long.document()["error"]
    schema = spec["paths"]["/solve"]["get"]["responses"]["414"]["content"]["application/json"]
    documented = schema["schema"]["properties"]["error"]
    assert error["code"] in documented["properties"]["code"]["enum"]
    assert set(error) <= set(documented["properties"])
    assert set(documented["required"]) <= set(error)
    assert isinstance(error["limit"], int) and isinstance(error["message"], str)


def test_every_answer_with_the_room_carries_the_headers_documented(
    rooms_app: Flask, spec: dict
) -> None:
    client = rooms_app.test_client()
    host = client.post("/rooms", json={"name": "Ann"}).get_json()
    code, token = host["room"], host["token"]
    # From a browser of its own: the host's cookie would seat the host again.
    guest = rooms_app.test_client().post(f"/rooms/{code}/players", json={"name": "Bob"})
    guest = guest.get_json()
    seat = {"Authorization": f"Bearer {token}"}
    room = client.get(f"/rooms/{code}")
    answers = {
        ("GET", "/rooms/{code}", "200"): room,
        ("GET", "/rooms/{code}", "304"): client.get(
            f"/rooms/{code}", headers={"If-None-Match": room.headers["ETag"]}
        ),
        ("POST", "/rooms/{code}/lock", "200"): client.post(
            f"/rooms/{code}/lock", json={"locked": True}, headers=seat
        ),
        ("DELETE", "/rooms/{code}/players/{seat}", "200"): client.delete(
            f"/rooms/{code}/players/{guest['player']['id']}", headers=seat
        ),
        ("POST", "/rooms/{code}/rounds", "201"): client.post(
            f"/rooms/{code}/rounds", json={}, headers=seat
        ),
    }
    with_headers = {
        (method, path, status)
        for method, path, operation in operations(spec)
        for status, response in operation["responses"].items()
        if "headers" in response and int(status) < 400
    }
    assert with_headers == set(answers)
    for (method, path, status), answer in answers.items():
        assert answer.status_code == int(status), (path, answer.get_json())
        headers = spec["paths"][path][method.lower()]["responses"][status]["headers"]
        assert set(headers) == {"X-Server-Time", "ETag"}
        assert re.fullmatch(
            headers["X-Server-Time"]["schema"]["pattern"], answer.headers["X-Server-Time"]
        )
        assert answer.headers["ETag"]
