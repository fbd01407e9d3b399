"""Tests for the shape of the web layer: blueprints by area, addresses read from the URL map."""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from app import create_app, json_paths, not_found_message
from boggle import Catalog

API = {
    "/solve",
    "/words.csv",
    "/qr",
    "/rich",
    "/score",
    "/random",
    "/lookup",
    "/define",
    "/dictionaries",
    "/healthz",
    "/openapi.json",
}


def test_every_route_but_static_files_belongs_to_an_area_s_blueprint(
    app: Flask,
) -> None:
    # The API, the pages, the rooms, playing apart (today's boards, challenges: web/daily/),
    # the interface's language switch (web/i18n.py), and what the app needs to be
    # installed and used offline (web/offline.py).
    areas = {rule.endpoint.partition(".")[0] for rule in app.url_map.iter_rules()}
    assert areas == {"api", "pages", "rooms", "daily", "language", "offline", "static"}
    assert set(app.blueprints) == {"api", "pages", "rooms", "daily", "language", "offline"}


def test_the_rooms_api_is_under_rooms_and_answers_in_json(app: Flask) -> None:
    # Its pages live under /room; every address under /rooms is the JSON API.
    paths = [rule.rule for rule in app.url_map.iter_rules() if rule.endpoint.startswith("rooms.")]
    assert all(path.split("/")[1] in ("rooms", "room") for path in paths)
    assert "/rooms/<code>" in paths
    response = app.test_client().put("/rooms/ABCDEFGHJK")
    assert (response.status_code, response.mimetype) == (405, "application/json")


def test_the_play_apart_api_is_under_daily_and_challenges_and_answers_in_json(
    app: Flask,
) -> None:
    # Its pages are /today, /day/..., /challenge/CODE, /me, /transfer/CODE and /privacy.
    paths = [rule.rule for rule in app.url_map.iter_rules() if rule.endpoint.startswith("daily.")]
    calls = [path for path in paths if path.split("/")[1] in ("daily", "challenges")]
    assert {path.split("/")[1] for path in paths} - {"daily", "challenges"} == {
        "today",
        "day",
        "challenge",
        "me",
        "transfer",
        "privacy",
    }
    for path in ("/daily/2027-01-15/en/4x4", "/challenges/ABCDEFGHJK", "/daily/me/name"):
        response = app.test_client().put(path)
        assert (response.status_code, response.mimetype) == (405, "application/json"), path
    assert "/daily/<day>/<language>/<size>/words" in calls
    response = app.test_client().get("/daily/nowhere")
    assert (response.status_code, response.mimetype) == (404, "application/json")


def test_the_json_addresses_are_the_api_blueprints_routes(app: Flask) -> None:
    assert json_paths(app) == API


def test_the_404_message_lists_the_pages_then_the_api_from_the_url_map(app: Flask) -> None:
    # Every page a person can open, rooms' included, and every API address, /healthz and
    # the rooms' too; form targets that only take a POST (/room/CODE/join) are not pages.
    assert not_found_message(app) == (
        "there is nothing at this address; the pages are /, /practice, /scoring, /table, "
        "/api, /room, /room/join, /room/CODE, /today, /day/DAY/LANGUAGE/SIZE, /challenge/CODE, "
        "/me, /transfer/CODE and /privacy, the API /solve, /rich, /words.csv, /qr, /score, "
        "/random, /lookup, /define, /dictionaries, /healthz, /openapi.json, /rooms, "
        "/rooms/CODE/players, "
        "/rooms/CODE, /rooms/CODE/rounds, /rooms/CODE/lock, /rooms/CODE/players/SEAT, "
        "/rooms/CODE/rounds/N/words, /rooms/CODE/rounds/N/results, /rooms/CODE/qr, /daily, "
        "/daily/DAY/LANGUAGE/SIZE, /daily/DAY/LANGUAGE/SIZE/play, "
        "/daily/DAY/LANGUAGE/SIZE/words, /daily/DAY/LANGUAGE/SIZE/finish, "
        "/daily/DAY/LANGUAGE/SIZE/results, /daily/DAY/LANGUAGE/SIZE/challenge, /daily/me, "
        "/daily/me/name, /daily/me/transfer, /daily/transfers/CODE, /daily/transfers/CODE/qr, "
        "/challenges, /challenges/CODE, /challenges/CODE/play, /challenges/CODE/words, "
        "/challenges/CODE/finish and /challenges/CODE/qr"
    )


def test_a_wrong_method_on_any_api_address_answers_in_json(client: FlaskClient) -> None:
    for path in sorted(API):
        response = client.put(path)
        assert response.status_code == 405
        assert response.json["error"]["code"] == "method_not_allowed"


def test_a_wrong_method_on_a_page_answers_in_html(client: FlaskClient) -> None:
    response = client.put("/practice")
    assert (response.status_code, response.mimetype) == (405, "text/html")


def test_apps_built_on_one_catalog_share_its_word_graphs(catalog: Catalog, cache_dir: Path) -> None:
    first, second = (
        create_app({"TESTING": True, "CACHE_DIR": str(cache_dir)}, catalog=catalog)
        for _ in range(2)
    )
    assert first is not second
    assert first.extensions["boggle.catalog"] is second.extensions["boggle.catalog"] is catalog
    answer = second.test_client().get("/dictionaries").get_json()
    assert answer["default"] == "standard"
