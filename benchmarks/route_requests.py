"""The hot path's requests, built against a running app, with the answers it gave them.

Shared by ``route_overhead.py`` (wrk against gunicorn) and ``route_profile.py`` (cProfile
in process). Everything goes through a ``send`` function, an HTTP connection or
Flask's test client, so that this module imports nothing of the project's: it builds
the requests for whichever tree's app answers them (this one or a base revision's).

Each route has a pool of requests; ``send`` records each one's answer, which the
bare app (``bare_app.py``) gives back as it is.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlencode

#: The routes measured, in the order they are printed.
ROUTES = ("solve", "solve-post", "random", "lookup", "score", "poll-200", "poll-304")
PLAYERS = ("Ann", "Bob", "Cy", "Di")
#: Longest wait for a room's round to start, in seconds (its countdown is 5).
ROUND_START_WAIT = 30


@dataclass(frozen=True)
class Request:
    """One request as wrk sends it: method, path with query, headers and body."""

    method: str
    path: str
    headers: tuple[tuple[str, str], ...] = ()
    body: str = ""

    def key(self) -> str:
        """What the bare app finds its answer by: everything that varies between requests."""
        header = dict(self.headers).get("If-None-Match", "")
        return f"{self.method} {self.path} {header} {self.body}"

    def line(self) -> str:
        """The request as a line of the file the wrk script reads (route_load.lua)."""
        headers = "|".join(f"{name}: {value}" for name, value in self.headers)
        return f"{self.method}\t{self.path}\t{headers}\t{self.body}"


@dataclass(frozen=True)
class Answer:
    """What the app answered: status, ETag (or ""), the body as JSON (None for a 304)."""

    status: int
    etag: str
    document: object

    def as_dict(self) -> dict[str, object]:
        """The answer as the bare app reads it."""
        return {"status": self.status, "etag": self.etag, "document": self.document}


#: ``send(method, path, headers, body)`` -> (status, ETag or "", body bytes).
Send = Callable[[str, str, dict[str, str], str], tuple[int, str, bytes]]


@dataclass
class HotPath:
    """Each route's requests and every request's answer."""

    requests: dict[str, list[Request]] = field(default_factory=dict)
    answers: dict[str, Answer] = field(default_factory=dict)


class UnexpectedAnswerError(RuntimeError):
    """The app did not answer a request as the hot path expects."""


def json_request(method: str, path: str, document: dict, token: str = "") -> Request:
    """A request with a JSON body (and the player's token, if any)."""
    headers = [("Content-Type", "application/json")]
    if token:
        headers.append(("Authorization", f"Bearer {token}"))
    return Request(method, path, tuple(headers), json.dumps(document, separators=(",", ":")))


def build(send: Send, boards: int = 200, language: str = "") -> HotPath:
    """Every route's pool of requests, sent once to the app to record its answers.

    ``boards`` random 4x4 boards on the default list (rolled by the app's own /random
    with seeds 0, 1, ...); ``language`` an Accept-Language to send with each request.
    """
    extra = (("Accept-Language", language),) if language else ()
    hot = HotPath()

    def ask(route: str, request: Request, expect: int = 200) -> object:
        request = Request(request.method, request.path, request.headers + extra, request.body)
        status, etag, body = send(request.method, request.path, dict(request.headers), request.body)
        if status != expect:
            raise UnexpectedAnswerError(
                f"{request.method} {request.path} answered {status}, not {expect}: {body[:300]!r}"
            )
        document = json.loads(body) if body else None
        hot.requests.setdefault(route, []).append(request)
        hot.answers[request.key()] = Answer(status, etag, document)
        return document

    texts = []
    for seed in range(boards):
        rolled = send("GET", f"/random?{urlencode({'dice': 'new', 'seed': seed})}", {}, "")
        texts.append(json.loads(rolled[2])["text"])
    ask("random", Request("GET", "/random"))
    for number, text in enumerate(texts):
        solved = ask("solve", Request("GET", f"/solve?{urlencode({'board': text})}"))
        ask("solve-post", json_request("POST", "/solve", {"board": text}))
        words = [entry["word"] for entry in solved["words"]] or ["none"]
        # A word on the board and one that is no word (the first, backwards), in turn.
        word = words[number % len(words)]
        ask("lookup", Request("GET", f"/lookup?{urlencode({'word': word})}"))
        ask("lookup", Request("GET", f"/lookup?{urlencode({'word': word[::-1] + 'q'})}"))
        # Four players, each with some of the board's words (some found by two) and a miss.
        players = [
            {"name": name, "words": [*words[i::3][:8], words[0][::-1] + "x"]}
            for i, name in enumerate(PLAYERS)
        ]
        ask("score", json_request("POST", "/score", {"board": text, "players": players}))
    room_requests(hot, send, extra, ask)
    return hot


def room_requests(hot: HotPath, send: Send, extra: tuple, ask: Callable[..., object]) -> None:
    """A room of four players with a round playing (an hour long, its countdown over),
    polled by its host: with no copy (200) and with the current one (304)."""

    def post(path: str, document: dict, token: str = "") -> dict:
        request = json_request("POST", path, document, token)
        status, _, body = send(request.method, path, dict(request.headers + extra), request.body)
        if status not in (200, 201):
            raise UnexpectedAnswerError(f"POST {path} answered {status}: {body[:300]!r}")
        return json.loads(body)

    created = post("/rooms", {"name": PLAYERS[0], "seconds": 3600})
    code, token = created["room"], created["token"]
    for name in PLAYERS[1:]:
        post(f"/rooms/{code}/players", {"name": name})
    post(f"/rooms/{code}/rounds", {}, token)
    poll = Request("GET", f"/rooms/{code}", (("Authorization", f"Bearer {token}"),))
    # A round starts after a countdown, and its start changes the room's tag: recorded
    # before it, every "304" poll would be answered 200.
    deadline = time.monotonic() + ROUND_START_WAIT
    while True:
        status, _, body = send(poll.method, poll.path, dict(poll.headers + extra), poll.body)
        if status == 200 and json.loads(body)["round"]["state"] == "playing":
            break
        if time.monotonic() > deadline:
            raise UnexpectedAnswerError(f"the round did not start within {ROUND_START_WAIT} s")
        time.sleep(0.2)
    ask("poll-200", poll)
    etag = hot.answers[hot.requests["poll-200"][0].key()].etag
    ask("poll-304", Request(poll.method, poll.path, (*poll.headers, ("If-None-Match", etag))), 304)


def write_requests(hot: HotPath, route: str, path: str) -> None:
    """One route's requests as the wrk script reads them, one a line."""
    with open(path, "w", encoding="utf-8") as file:
        file.writelines(request.line() + "\n" for request in hot.requests[route])


def write_answers(hot: HotPath, path: str) -> None:
    """Every answer, by its request's key, as the bare app reads them."""
    with open(path, "w", encoding="utf-8") as file:
        json.dump({key: answer.as_dict() for key, answer in hot.answers.items()}, file)
