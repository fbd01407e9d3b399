"""Challenges: made after a practice round (its board, clock, shortest word and words,
judged and kept on the server) or after a day's board (the play already there); taken
on the same board and clock by whoever opens the link; then both lists side by side,
judged as POST /score judges a game, for the taker and, coming back, the challenger;
many takers ranked; the link as a QR code. On SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from apart_db import board_words, game_of
from babel.support import Translations
from flask import Flask
from flask.testing import FlaskClient
from html_tree import parse
from rooms_db import START, Clock

from boggle import Catalog
from boggle.board import parse_board
from boggle.solver import solve

DAY = "2027-01-15"
BOARD = "sers/patg/line/sers"
CATALOGUES = Path(__file__).resolve().parent.parent / "translations"


def words_of(catalog: Catalog, board: str = BOARD, min_length: int = 3) -> list[str]:
    return [found.word for found in solve(parse_board(board), catalog.get(), min_length).words]


def make(client: FlaskClient, **fields: object) -> dict:
    answer = client.post("/challenges", json={"board": BOARD, **fields})
    assert answer.status_code == 201, answer.json
    return answer.json


def take(client: FlaskClient, code: str, words: list[str], clock: Clock) -> dict:
    answer = client.post(f"/challenges/{code}/play", json={})
    assert answer.status_code == 201, answer.json
    for word in words:
        assert client.post(f"/challenges/{code}/words", json={"word": word}).status_code == 200
        clock.advance(0.3)
    finished = client.post(f"/challenges/{code}/finish", json={})
    assert finished.status_code == 200, finished.json
    return finished.json


def test_a_practice_round_becomes_a_link_to_its_board_clock_and_shortest_word(
    apart_app: Flask, catalog: Catalog, clock: Clock
) -> None:
    words = words_of(catalog, min_length=4)
    ann = apart_app.test_client()
    made = make(ann, min_length=4, seconds=60, words=[words[0], words[1], "zzzz", words[0]])
    code = made["challenge"]
    assert made["url"] == f"http://localhost/challenge/{code}"
    assert made["qr"] == f"/challenges/{code}/qr"
    bob = apart_app.test_client()
    invite = bob.get(f"/challenges/{code}").json
    assert invite["board"] | {"key": None} == {
        "key": None,
        "kind": "challenge",
        "day": None,
        "language": "en",
        "dice": None,
        "rows": 4,
        "cols": 4,
        "min_length": 4,
        "dictionary": "standard",
        "seconds": 60,
    }
    points = {
        found.word: found.score for found in solve(parse_board(BOARD), catalog.get(), 4).words
    }
    assert invite["challenger"] == {
        "number": 1,
        "name": None,
        "score": points[words[0]] + points[words[1]],
    }
    assert (invite["play"], invite["ranking"], invite["versus"]) == (None, None, None)
    started = bob.post(f"/challenges/{code}/play", json={}).json["play"]
    assert started["board"] == parse_board(BOARD).display_rows()
    assert (started["started_at"], started["ends_at"]) == (START, START + 60)


def test_the_taker_and_the_challenger_see_both_lists_judged_as_a_game(
    apart_app: Flask, catalog: Catalog, clock: Clock
) -> None:
    words = words_of(catalog)
    ann, bob = apart_app.test_client(), apart_app.test_client()
    code = make(ann, words=words[:3])["challenge"]
    # Before finishing, Bob is shown nothing of Ann's words.
    bob.post(f"/challenges/{code}/play", json={})
    during = bob.get(f"/challenges/{code}").json
    assert (during["ranking"], during["versus"]) == (None, None)
    for word in (words[2], words[5]):
        bob.post(f"/challenges/{code}/words", json={"word": word})
    seen = bob.post(f"/challenges/{code}/finish", json={}).json
    judged = {
        p["number"]: [(w["word"], w["verdict"]) for w in p["words"]]
        for p in seen["versus"]["players"]
    }
    assert judged == {
        1: [(words[0], "scored"), (words[1], "scored"), (words[2], "duplicate")],
        2: [(words[2], "duplicate"), (words[5], "scored")],
    }
    shared = [w["shared"] for p in seen["versus"]["players"] for w in p["words"]]
    assert shared == [False, False, True, True, False]
    # Judged as POST /score judges the same two lists.
    scored = (
        apart_app.test_client()
        .post(
            "/score",
            json={
                "board": BOARD,
                "players": [
                    {"name": "Player 1", "words": words[:3]},
                    {"name": "Player 2", "words": [words[2], words[5]]},
                ],
            },
        )
        .json
    )
    assert [(p["name"], p["total_score"]) for p in seen["versus"]["players"]] == [
        (p["name"], p["total_score"]) for p in scored["players"]
    ]
    assert seen["versus"]["headline"] == scored["headline"]
    assert seen["versus"]["missed"]["count"] == scored["missed"]["count"]
    # Ann, coming back, sees Bob beside her.
    back = ann.get(f"/challenges/{code}").json
    assert back["versus"]["players"] == seen["versus"]["players"]
    assert {(r["number"], r["you"]) for r in back["ranking"]} == {(1, True), (2, False)}


def test_the_results_page_says_why_side_by_side_scores_less_than_the_ranking(
    apart_app: Flask, catalog: Catalog, clock: Clock
) -> None:
    words = words_of(catalog)
    points = {found.word: found.score for found in solve(parse_board(BOARD), catalog.get()).words}
    ann, bob = apart_app.test_client(), apart_app.test_client()
    code = make(ann, words=words[:2])["challenge"]
    take(bob, code, words[1:3], clock)  # words[1] found by both
    notes = {
        "ranking-note": "Each player's own words, scored alone.",
        "columns-note": "The two lists judged against each other: words found by both are "
        "crossed off and score nothing here, so these points can be fewer than the ranking's.",
    }
    for language in ("en", "de", "fr", "es", "it", "nl"):
        bob.set_cookie("lang", language)
        page = parse(bob.get(f"/challenge/{code}").get_data(as_text=True))
        # The ranking counts each list alone; side by side, the shared word scores nothing.
        ranking = {
            int(row.attrs["data-number"]): row.find_all("td")[-1].text
            for row in page.by_id("ranking").find_all("tr")
        }
        assert ranking == {
            1: str(points[words[0]] + points[words[1]]),
            2: str(points[words[1]] + points[words[2]]),
        }
        columns = {
            int(column.attrs["data-number"]): column.find("span", **{"class": "player-total"}).text
            for column in page.by_id("columns").find_all("section")
        }
        assert [total.split()[0] for _, total in sorted(columns.items())] == [
            str(points[words[0]]),
            str(points[words[2]]),
        ]
        translations = Translations.load(CATALOGUES, [language], domain="messages")
        for note, english in notes.items():
            said = page.by_id(note).text
            assert said == translations.gettext(english), (language, note)
            assert (said == english) == (language == "en"), (language, note)


def test_the_results_page_leads_with_the_rankings_standing_and_puts_side_by_side_apart(
    apart_app: Flask, catalog: Catalog, clock: Clock
) -> None:
    words = words_of(catalog)
    points = {found.word: found.score for found in solve(parse_board(BOARD), catalog.get()).words}
    ann, bob = apart_app.test_client(), apart_app.test_client()
    code = make(ann, words=words[:2])["challenge"]
    take(bob, code, words[:3], clock)  # words[0] and words[1] found by both
    own = points[words[0]] + points[words[1]] + points[words[2]]
    standing = {
        "en": f"Your own words score {own} points: rank 1 of 2.",
        "de": f"Deine eigenen Wörter zählen {own} Punkte: Platz 1 von 2.",
    }
    for language, expected in standing.items():
        bob.set_cookie("lang", language)
        page = parse(bob.get(f"/challenge/{code}").get_data(as_text=True))
        versus = bob.get(f"/challenges/{code}").json["versus"]
        # The top of the page says the ranking's own points (each list scored alone)...
        assert page.by_id("headline").text == expected
        ranking = page.by_id("ranking").find("tr", **{"class": "winner"}).find_all("td")
        assert ranking[-1].text == str(own)
        # ...and the two lists judged against each other say theirs in their own panel,
        # where only the word neither shared scores.
        assert page.by_id("versus-headline").text == versus["headline"]
        assert page.by_id("versus-headline").parent.by_id("columns-title")
        assert str(points[words[2]]) in versus["headline"]
        assert versus["headline"] != expected
    # Equal points and long words share a place, and the sentence says so.
    cy = apart_app.test_client()
    take(cy, code, words[:2], clock)
    cy.set_cookie("lang", "de")
    page = parse(cy.get(f"/challenge/{code}").get_data(as_text=True))
    both = points[words[0]] + points[words[1]]
    assert (
        page.by_id("headline").text
        == f"Deine eigenen Wörter zählen {both} Punkte: du teilst Platz 2 von 3."
    )


def test_many_takers_are_ranked_and_the_challenger_picks_whom_to_compare_with(
    apart_app: Flask, catalog: Catalog, clock: Clock
) -> None:
    words = words_of(catalog)
    ann = apart_app.test_client()
    code = make(ann, words=words[3:5])["challenge"]
    takers = [apart_app.test_client() for _ in range(3)]
    for client, found in zip(takers, (words[:1], words[:4], words[3:4]), strict=True):
        take(client, code, found, clock)
    # One is still playing: listed after, unranked.
    late = apart_app.test_client()
    late.post(f"/challenges/{code}/play", json={})
    document = ann.get(f"/challenges/{code}").json
    assert document["takers"] == 4
    points = {found.word: found.score for found in solve(parse_board(BOARD), catalog.get()).words}
    scores = {
        1: points[words[3]] + points[words[4]],
        2: points[words[0]],
        3: sum(points[w] for w in words[:4]),
        4: points[words[3]],
    }
    ranked = [(r["number"], r["score"]) for r in document["ranking"] if r["finished"]]
    assert ranked == sorted(scores.items(), key=lambda item: (-item[1], item[0]))[: len(ranked)]
    assert [r["number"] for r in document["ranking"] if not r["finished"]] == [5]
    # The best taker by default, any other on asking.
    assert {p["number"] for p in document["versus"]["players"]} == {1, 3}
    chosen = ann.get(f"/challenges/{code}?versus=4").json["versus"]
    assert {p["number"] for p in chosen["players"]} == {1, 4}
    # Once the last taker's time is over, they are ranked too.
    clock.advance(200)
    assert all(r["finished"] for r in ann.get(f"/challenges/{code}").json["ranking"])


def test_a_days_board_challenge_keeps_the_play_and_takers_play_that_board(
    apart_app: Flask, clock: Clock
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    ann = apart_app.test_client()
    ann.post(f"/daily/{DAY}/en/4x4/play", json={})
    early = ann.post(f"/daily/{DAY}/en/4x4/challenge", json={})
    assert (early.status_code, early.json["error"]["code"]) == (409, "not_finished")
    ann.post(f"/daily/{DAY}/en/4x4/words", json={"word": words[0]})
    ann.post(f"/daily/{DAY}/en/4x4/finish", json={})
    made = ann.post(f"/daily/{DAY}/en/4x4/challenge", json={})
    again = ann.post(f"/daily/{DAY}/en/4x4/challenge", json={})
    assert (made.status_code, again.status_code) == (201, 200)
    assert again.json == made.json
    code = made.json["challenge"]
    bob = apart_app.test_client()
    seen = take(bob, code, [words[1]], clock)
    assert seen["board"]["key"] == f"{DAY}/en/4x4"
    # Bob's play is his play of the day's board too: once, counted among the day's.
    assert bob.get(f"/daily/{DAY}/en/4x4").json["state"] == "finished"
    assert bob.get(f"/daily/{DAY}/en/4x4/results").json["players"] == 2
    refused = bob.post(f"/daily/{DAY}/en/4x4/play", json={})
    assert (refused.status_code, refused.json["error"]["code"]) == (409, "already_played")
    # Cat played the day's board first: taking the challenge answers with that play.
    cat = apart_app.test_client()
    cat.post(f"/daily/{DAY}/en/4x4/play", json={})
    cat.post(f"/daily/{DAY}/en/4x4/words", json={"word": words[0]})
    cat.post(f"/daily/{DAY}/en/4x4/finish", json={})
    answered = cat.post(f"/challenges/{code}/play", json={})
    assert answered.status_code == 200
    assert answered.json["play"]["state"] == "finished"
    assert [w["verdict"] for p in answered.json["versus"]["players"] for w in p["words"]] == [
        "duplicate",
        "duplicate",
    ]


def test_the_challenger_cannot_take_their_own_challenge(apart_app: Flask, catalog: Catalog) -> None:
    ann = apart_app.test_client()
    code = make(ann, words=words_of(catalog)[:2])["challenge"]
    answer = ann.post(f"/challenges/{code}/play", json={})
    assert (answer.status_code, answer.json["error"]["code"]) == (409, "already_played")


def test_a_taker_plays_once_and_a_word_after_the_clock_is_refused(
    apart_app: Flask, catalog: Catalog, clock: Clock
) -> None:
    words = words_of(catalog)
    code = make(apart_app.test_client(), words=words[:1], seconds=30)["challenge"]
    bob = apart_app.test_client()
    first = bob.post(f"/challenges/{code}/play", json={})
    clock.advance(10)
    assert bob.post(f"/challenges/{code}/play", json={}).json["play"] == first.json["play"]
    clock.advance(22.5)
    late = bob.post(f"/challenges/{code}/words", json={"word": words[1]})
    assert (late.status_code, late.json["error"]["code"]) == (409, "round_over")


def test_the_link_shows_as_a_qr_code(apart_app: Flask, catalog: Catalog) -> None:
    code = make(apart_app.test_client(), words=[])["challenge"]
    answer = apart_app.test_client().get(f"/challenges/{code.lower()}/qr")
    assert (answer.status_code, answer.mimetype) == (200, "image/svg+xml")
    assert f"http://localhost/challenge/{code}" in answer.get_data(as_text=True)


def test_challenges_made_from_one_address_are_limited_per_hour(
    make_apart_app, catalog: Catalog, clock: Clock
) -> None:
    app = make_apart_app(CHALLENGES_PER_HOUR=2)
    client = app.test_client()
    for _ in range(2):
        make(client, words=[])
    refused = client.post("/challenges", json={"board": BOARD, "words": []})
    assert (refused.status_code, refused.json["error"]["code"]) == (429, "too_many_challenges")
    assert refused.headers["Retry-After"] == "3600"
    clock.advance(3601)
    make(client, words=[])


def test_a_bad_challenge_is_a_4xx_naming_what_is_wrong(apart_app: Flask) -> None:
    client = apart_app.test_client()
    cases = [
        ({"words": []}, 400, "missing_board"),
        ({"board": "abc/def/gh"}, 400, "bad_board"),
        ({"board": "a" * 81}, 413, "board_too_large"),
        ({"board": BOARD, "words": "tea sea"}, 400, "bad_words"),
        ({"board": BOARD, "words": [1]}, 400, "bad_words"),
        ({"board": BOARD, "words": ["x" * 500]}, 400, "bad_words"),
        ({"board": BOARD, "words": ["tea"] * 1001}, 400, "too_many_words"),
        ({"board": BOARD, "seconds": 5}, 400, "bad_seconds"),
        ({"board": BOARD, "min_length": 2}, 400, "bad_min_length"),
        ({"board": BOARD, "dictionary": "klingon"}, 400, "unknown_dictionary"),
        ({"board": BOARD, "colour": "red"}, 400, "unknown_field"),
    ]
    for body, status, code in cases:
        answer = client.post("/challenges", json=body)
        assert (answer.status_code, answer.json["error"]["code"]) == (status, code), body
        assert answer.json["error"]["message"]
    missing = client.get("/challenges/ABCDEFGHJK")
    assert (missing.status_code, missing.json["error"]["code"]) == (404, "unknown_challenge")
    assert game_of(apart_app).challenges.per_hour == 30
