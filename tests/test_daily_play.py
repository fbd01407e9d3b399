"""Playing a day's board: a round on the server's clock (3 minutes on 4x4, 4 on 5x5,
the rooms' grace), words outside it refused, one play per player and board (a reload
resumes it), nothing of the solution or of others' words before finishing; then the
results: score, rank and percentile among all so far, each word's finders with the
rarest first, the words nobody found, the board's most, and standings that move as
others finish. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import random

from apart_db import board_words, game_of
from flask import Flask
from flask.testing import FlaskClient
from rooms_db import START, Clock

from games.daily import daily_board, languages
from games.plays import BoardSpec, judge
from games.rooms import GRACE_SECONDS

DAY = "2027-01-15"
BOARD = f"/daily/{DAY}/en/4x4"
BIG = f"/daily/{DAY}/en/5x5"


def start(client: FlaskClient, board: str = BOARD) -> dict:
    answer = client.post(f"{board}/play", json={})
    assert answer.status_code in (200, 201), answer.json
    return answer.json


def send(client: FlaskClient, word: str, board: str = BOARD) -> dict:
    answer = client.post(f"{board}/words", json={"word": word})
    assert answer.status_code == 200, answer.json
    return answer.json


def strings(document: object, values: set[str], keys: set[str]) -> None:
    """Every text in a JSON document, and every key of its objects, at any depth."""
    if isinstance(document, str):
        values.add(document)
    elif isinstance(document, list):
        for item in document:
            strings(item, values, keys)
    elif isinstance(document, dict):
        keys.update(document)
        for item in document.values():
            strings(item, values, keys)


def test_a_play_runs_three_minutes_on_4x4_and_four_on_5x5_from_the_start(
    apart_app: Flask, clock: Clock
) -> None:
    client = apart_app.test_client()
    small, big = start(client)["play"], start(client, BIG)["play"]
    assert (small["started_at"], small["ends_at"], small["closes_at"]) == (
        START,
        START + 180,
        START + 180 + GRACE_SECONDS,
    )
    assert big["ends_at"] - big["started_at"] == 240
    assert (len(small["board"]), len(big["board"])) == (4, 5)


def test_a_word_within_the_grace_counts_and_one_after_it_is_refused(
    apart_app: Flask, clock: Clock
) -> None:
    client = apart_app.test_client()
    start(client)
    first, second = board_words(apart_app, f"{DAY}/en/4x4")[:2]
    clock.advance(180 + GRACE_SECONDS - 0.1)
    assert send(client, first)["verdict"] == "accepted"
    clock.advance(0.1)
    late = client.post(f"{BOARD}/words", json={"word": second})
    assert (late.status_code, late.json["error"]["code"]) == (409, "round_over")
    results = client.get(f"{BOARD}/results").json
    assert [w["word"] for w in results["you"]["words"]] == [first]


def test_a_word_before_starting_is_refused(apart_app: Flask) -> None:
    answer = apart_app.test_client().post(f"{BOARD}/words", json={"word": "tea"})
    assert (answer.status_code, answer.json["error"]["code"]) == (409, "not_playing")


def test_a_reload_resumes_the_play_and_never_restarts_its_clock(
    apart_app: Flask, clock: Clock
) -> None:
    client = apart_app.test_client()
    first = client.post(f"{BOARD}/play", json={})
    clock.advance(60)
    again = client.post(f"{BOARD}/play", json={})
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json["play"] == first.json["play"]
    assert client.get(BOARD).json["play"]["ends_at"] == START + 180


def test_a_second_play_of_a_finished_board_is_refused(apart_app: Flask, clock: Clock) -> None:
    client = apart_app.test_client()
    start(client)
    assert client.post(f"{BOARD}/finish", json={}).json["state"] == "finished"
    again = client.post(f"{BOARD}/play", json={})
    assert (again.status_code, again.json["error"]["code"]) == (409, "already_played")
    # So is a play whose time simply ran out, read for the first time after it.
    start(client, BIG)
    clock.advance(300)
    late = client.post(f"{BIG}/play", json={})
    assert (late.status_code, late.json["error"]["code"]) == (409, "already_played")


def test_stopping_ends_the_play_now_and_no_word_counts_after(
    apart_app: Flask, clock: Clock
) -> None:
    client = apart_app.test_client()
    start(client)
    clock.advance(42)
    stopped = client.post(f"{BOARD}/finish", json={}).json["play"]
    assert (stopped["ends_at"], stopped["finished_at"]) == (START + 42, START + 42)
    word = board_words(apart_app, f"{DAY}/en/4x4")[0]
    refused = client.post(f"{BOARD}/words", json={"word": word})
    assert (refused.status_code, refused.json["error"]["code"]) == (409, "round_over")


def test_only_a_new_day_can_be_started(apart_app: Flask, clock: Clock) -> None:
    client = apart_app.test_client()
    client.get(BOARD)  # the board is stored on its day
    clock.advance(24 * 3600)
    answer = client.post(f"{BOARD}/play", json={})
    assert (answer.status_code, answer.json["error"]["code"]) == (409, "not_today")
    assert client.get(BOARD).json["state"] == "closed"


def test_a_play_started_before_midnight_runs_its_full_time(apart_app: Flask, clock: Clock) -> None:
    clock.now = 1_800_057_600.0 - 60  # 2027-01-15 23:59 UTC
    client = apart_app.test_client()
    start(client)
    clock.advance(100)  # 2027-01-16 00:00:40
    word = board_words(apart_app, f"{DAY}/en/4x4")[0]
    assert send(client, word)["verdict"] == "accepted"


# --- Nothing before finishing -----------------------------------------------------------


def test_nothing_of_the_solution_or_others_words_reaches_a_player_before_they_finish(
    apart_app: Flask, clock: Clock
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    # Ann plays and finishes with the four best words; Bob is playing, with one.
    ann, bob = apart_app.test_client(), apart_app.test_client()
    start(ann)
    for word in words[:4]:
        send(ann, word)
        clock.advance(0.5)
    ann.post(f"{BOARD}/finish", json={})
    seen = [bob.get("/daily").get_data(as_text=True), bob.get(BOARD).get_data(as_text=True)]
    assert "board" not in json.loads(seen[-1])["board"]  # its rules, not its faces
    seen.append(bob.post(f"{BOARD}/play", json={}).get_data(as_text=True))
    mine = words[-1]
    seen.append(bob.post(f"{BOARD}/words", json={"word": mine}).get_data(as_text=True))
    seen.append(bob.get(f"{BOARD}/words").get_data(as_text=True))
    seen.append(bob.get(BOARD).get_data(as_text=True))
    refused = bob.get(f"{BOARD}/results")
    assert (refused.status_code, refused.json["error"]["code"]) == (409, "not_finished")
    seen.append(refused.get_data(as_text=True))
    seen.append(bob.get("/daily/me").get_data(as_text=True))
    values, keys = set(), set()
    for answer in seen:
        strings(json.loads(answer), values, keys)
    assert {word for word in words if word != mine} & values == set()
    assert {"total_score", "missed", "finders", "count", "histogram"} & keys == set()
    # Once finished, Bob has it all.
    bob.post(f"{BOARD}/finish", json={})
    assert bob.get(f"{BOARD}/results").json["count"] == len(words)


# --- Results ------------------------------------------------------------------------------


def test_the_results_rank_the_player_among_all_who_finished_with_the_rarest_words_first(
    apart_app: Flask, clock: Clock
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    lists = {
        "ann": words[:6],
        "bob": words[:3],
        "cat": [*words[:3], words[7]],
    }
    clients = {name: apart_app.test_client() for name in lists}
    for name, found in lists.items():
        start(clients[name])
        for word in [*found, "zzzz"]:
            send(clients[name], word)
            clock.advance(0.3)
        clients[name].post(f"{BOARD}/finish", json={})
    game = game_of(apart_app)
    solution, _dictionary = game.plays.solved(game.daily.board(game.daily.boards_of()[0]))
    points = {found.word: found.score for found in solution.words}
    results = clients["cat"].get(f"{BOARD}/results").json
    you = results["you"]
    assert you["score"] == sum(points[w] for w in lists["cat"])
    scores = sorted((sum(points[w] for w in found) for found in lists.values()), reverse=True)
    assert (results["players"], you["rank"]) == (3, scores.index(you["score"]) + 1)
    accepted = [w for w in you["words"] if w["verdict"] == "accepted"]
    assert [(w["word"], w["finders"]) for w in accepted] == [
        (words[7], 1),
        *sorted(((w, 3) for w in words[:3]), key=lambda p: (-points[p[0]], p[0])),
    ]
    assert you["words"][-1] | {"path": None} == {
        "word": "zzzz",
        "written": "zzzz",
        "verdict": "not_a_word",
        "score": 0,
        "finders": None,
        "path": None,
    }
    found_by_anyone = set(words[:6]) | {words[7]}
    missed = results["missed"]
    assert missed["count"] == len(words) - len(found_by_anyone)
    assert missed["total_score"] == sum(p for w, p in points.items() if w not in found_by_anyone)
    assert {w["word"] for w in missed["words"]} <= set(words) - found_by_anyone
    assert (results["count"], results["total_score"]) == (len(words), sum(points.values()))
    assert sum(bar["players"] for bar in results["histogram"]) == 3


def test_the_percentile_is_the_share_of_the_others_beaten_a_tie_counting_half(
    apart_app: Flask, clock: Clock
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    counts = [0, 1, 1, 3]  # words each of four players finds, the best first
    clients = []
    for count in counts:
        client = apart_app.test_client()
        start(client)
        for word in words[:count]:
            send(client, word)
            clock.advance(0.3)
        client.post(f"{BOARD}/finish", json={})
        clients.append(client)
    you = [client.get(f"{BOARD}/results").json["you"] for client in clients]
    assert [(y["rank"], y["percentile"]) for y in you] == [(4, 0), (2, 50), (2, 50), (1, 100)]


def test_coming_back_later_shows_the_standings_as_they_are_now(
    apart_app: Flask, clock: Clock
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    first, later = apart_app.test_client(), apart_app.test_client()
    start(first)
    send(first, words[-1])
    first.post(f"{BOARD}/finish", json={})
    alone = first.get(f"{BOARD}/results").json
    assert (alone["players"], alone["you"]["rank"], alone["you"]["percentile"]) == (1, 1, 100)
    start(later)
    send(later, words[0])
    send(later, words[-1])
    later.post(f"{BOARD}/finish", json={})
    now = first.get(f"{BOARD}/results").json
    assert (now["players"], now["you"]["rank"], now["you"]["percentile"]) == (2, 2, 0)
    assert now["you"]["words"][0]["finders"] == 2


def test_a_play_left_running_is_counted_once_its_time_is_over(
    apart_app: Flask, clock: Clock
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    gone, back = apart_app.test_client(), apart_app.test_client()
    start(gone)
    send(gone, words[0])
    clock.advance(180 + GRACE_SECONDS / 2)
    assert gone.get(BOARD).json["state"] == "playing"  # within the grace
    clock.advance(GRACE_SECONDS / 2)
    assert gone.get(BOARD).json["state"] == "finished"
    start(back)
    back.post(f"{BOARD}/finish", json={})
    assert back.get(f"{BOARD}/results").json["players"] == 2


def test_the_day_lists_the_players_plays_and_their_days_in_a_row(
    apart_app: Flask, clock: Clock
) -> None:
    client = apart_app.test_client()
    start(client)
    start(client, BIG)
    client.post(f"{BIG}/finish", json={})
    today = {b["key"]: b["you"] for b in client.get("/daily").json["boards"]}
    assert today[f"{DAY}/en/4x4"] == {"state": "playing", "score": None}
    assert today[f"{DAY}/en/5x5"] == {"state": "finished", "score": 0}
    assert client.get("/daily").json["streak"] == 1


# --- The quick verdict and its reference --------------------------------------------------


def test_a_words_quick_verdict_is_the_rules_verdict_on_it_alone(app: Flask) -> None:
    """Plays looks a word up in the board's solution before it asks score_game: held
    equal to score_game's verdict (games.plays.judge) for words of an English board and
    a French one (whose accents fold), written as players write them, and for words that
    are not there."""
    plays = game_of(app).plays
    rng = random.Random(31)
    for language, size in (("en", "5x5"), ("fr", "4x4")):
        board = daily_board("parity", DAY, language, size)
        rules = languages()[language]
        spec = BoardSpec(
            0, "daily", None, DAY, language, None, board.rows, board.cols, 3,
            rules.default_dictionary, 180, board.faces, 0, 0,
        )  # fmt: skip
        solution, dictionary = plays.solved(spec)
        letters = sorted(rules.alphabet)
        written = []
        for found in solution.words[:100]:
            accented = found.word.replace("e", "é", 1) if language == "fr" else found.word
            written += [found.word, found.word.upper(), f"«{accented}»", f" {found.word}. "]
        written += [
            "".join(rng.choice(letters) for _ in range(rng.randint(2, 8))) for _ in range(300)
        ]
        written += ["ab", "a b c", "tea4", "qu", "ijs"]
        for word in written:
            assert plays._judge(spec, word) == judge(solution, dictionary, word), (language, word)
