"""A typed Python client, generated from /openapi.json by openapi-python-client (pinned in
requirements-dev.txt), solves a board and plays a room against the running server.

What a developer writing a client does: fetch the document, generate a package from
it, import it, call the server. The generated models are typed from the document's
schemas (``Solution.words`` a list of ``Word``), so an answer that left its schema
would fail to parse here, as it fails the fuzzer's check.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pytest
from api_fuzz import fuzz_app, served
from flask import Flask

from boggle import Catalog

BOARD = "sers patg line sers"
#: The generated package's name: nothing in the project or its dependencies has it.
PACKAGE = "boggle_api_client"
#: The generator's settings that docs/api.md gives clients.
CONFIG = Path(__file__).resolve().parent.parent / "docs" / "openapi-python-client.yaml"


def generate(app: Flask, folder: Path) -> str:
    """Generate the client from the app's document into ``folder``: the generator's output."""
    spec = folder / "openapi.json"
    spec.write_text(json.dumps(app.test_client().get("/openapi.json").get_json()))
    generator = Path(sys.executable).parent / "openapi-python-client"
    arguments = ["generate", "--path", str(spec), "--meta", "none", "--output-path", PACKAGE]
    arguments += ["--config", str(CONFIG)]
    made = subprocess.run(
        [str(generator), *arguments],
        capture_output=True,
        text=True,
        cwd=folder,
        check=False,
    )
    assert made.returncode == 0, made.stdout + made.stderr
    return made.stdout + made.stderr


@contextmanager
def imported(folder: Path) -> Iterator[Callable[[str], ModuleType]]:
    """The generated package's modules by dotted name ("" for the package), importable
    while the block runs."""
    sys.path.insert(0, str(folder))
    try:
        yield lambda name: importlib.import_module(f"{PACKAGE}.{name}" if name else PACKAGE)
    finally:
        sys.path.remove(str(folder))
        for name in [name for name in sys.modules if name.partition(".")[0] == PACKAGE]:
            del sys.modules[name]


@pytest.fixture
def generated(app: Flask, tmp_path: Path) -> Iterator[Callable[[str], ModuleType]]:
    """The client generated from the app's document."""
    output = generate(app, tmp_path)
    # Its only warnings: the QR codes' SVG, which it cannot type, and the forms the
    # settings set aside (docs/openapi-python-client.yaml).
    warnings = {line for line in output.splitlines() if line.startswith("WARNING")}
    assert warnings == {
        "WARNING parsing GET /qr within api.",
        "WARNING parsing POST /solve within api.",
        "WARNING parsing POST /rich within api.",
        "WARNING parsing GET /rooms/{code}/qr within rooms.",
        "WARNING parsing GET /challenges/{code}/qr within daily.",
        "WARNING parsing GET /daily/transfers/{code}/qr within daily.",
    }, output
    with imported(tmp_path) as module:
        yield module


def test_a_generated_client_solves_a_board_against_the_server(
    app: Flask, generated: Callable[[str], ModuleType]
) -> None:
    package = generated("")
    models = generated("models")
    solve_get = generated("api.api.solve_get")
    solve_post = generated("api.api.solve_post")
    expected = app.test_client().get("/solve", query_string={"board": BOARD}).get_json()
    with served(app) as base:
        client = package.Client(base_url=base, raise_on_unexpected_status=True)
        solution = solve_get.sync(client=client, board=BOARD)
        assert isinstance(solution, models.Solution)
        assert isinstance(solution.words[0], models.Word)
        assert (solution.count, solution.total_score) == (expected["count"], 2576)
        assert [word.word for word in solution.words] == [w["word"] for w in expected["words"]]
        assert solution.words[0].path == expected["words"][0]["path"]
        assert solution.summary.line == expected["summary"]["line"]
        # The same by a JSON body, the board as rows, with an enumerated dictionary.
        rows = [list(row) for row in BOARD.upper().split()]
        body = models.SolvePostJsonBody(
            board=rows, dictionary=models.SolvePostJsonBodyDictionary("standard")
        )
        assert solve_post.sync(client=client, body=body).count == expected["count"]
        # An error parses as its typed model, the code one of the documented ones.
        refused = solve_get.sync(client=client, board="sers patg li7e sers")
        assert isinstance(refused, models.SolveGetResponse400)
        assert refused.error.code == models.SolveGetResponse400ErrorCode.BAD_BOARD
        assert refused.error.cell == [2, 2]


def test_a_generated_client_plays_a_room_with_its_bearer_token(
    make_rooms_app: Callable[..., Flask], tmp_path: Path
) -> None:
    app = make_rooms_app()
    generate(app, tmp_path)
    with imported(tmp_path) as module, served(app) as base:
        package, models = module(""), module("models")
        create = module("api.rooms.create_room_post")
        start = module("api.rooms.start_round_post")
        send = module("api.rooms.send_word_post")
        anyone = package.Client(base_url=base, raise_on_unexpected_status=True)
        seat = create.sync(client=anyone, body=models.CreateRoomPostBody(name="Ann"))
        assert isinstance(seat, models.Seat) and seat.player.host
        host = package.AuthenticatedClient(base_url=base, token=seat.token)
        room = start.sync(code=seat.room, client=host, body=models.StartRoundPostBody())
        assert isinstance(room, models.Room) and room.round_.number == 1
        word = models.SendWordPostBody(word="zzzq")
        sent = send.sync(code=seat.room, number=1, client=host, body=word)
        assert isinstance(sent, models.SentWord)
        assert sent.verdict in (
            models.SentWordVerdict.NOT_A_WORD,
            models.SentWordVerdict.NOT_ON_BOARD,
        )
        # Without the token (nor the cookie the room set in ``anyone``, as in a browser)
        # the same call is the documented 401.
        stranger = package.Client(base_url=base)
        refused = send.sync(code=seat.room, number=1, client=stranger, body=word)
        assert refused.error.code.value == "unauthorized"


def test_a_generated_client_reads_todays_boards_and_one_of_them(
    catalog: Catalog, cache_dir: Path, tmp_path: Path, generated: Callable[[str], ModuleType]
) -> None:
    # Playing apart is kept in the rooms' database: a server with one, made for the test.
    (tmp_path / "db").mkdir()
    app = fuzz_app(tmp_path / "db", catalog, CACHE_DIR=str(cache_dir), PRELOAD_DICTIONARIES="")
    package = generated("")
    models = generated("models")
    today_get = generated("api.daily.today_get")
    daily_board_get = generated("api.daily.daily_board_get")
    with served(app) as base:
        client = package.Client(base_url=base, raise_on_unexpected_status=True)
        today = today_get.sync(client=client)
        assert isinstance(today, models.DailyToday)
        first = today.boards[0]
        board = daily_board_get.sync(
            day=today.day, language=first.language, size=first.size, client=client
        )
        assert isinstance(board, models.DailyBoard)
        assert (board.key, board.state, board.board.rows) == (first.key, "ready", 4)
