"""The production recipe, started as docs/deploy.md says: nginx in front of gunicorn.

deploy/serve.py starts both on a free loopback port with a run folder in a temporary
directory. Without nginx these tests are skipped, unless ``BOGGLE_REQUIRE_NGINX=1``
(as in CI), when they fail instead, so that a missing nginx cannot pass for green.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import runpy
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from gunicorn.ctl.client import ControlClient
from hard_boards import worst_board

from boggle.board import parse_board
from boggle.catalog import Catalog
from boggle.solver import solve
from deploy.serve import NGINX_TEMPLATE, Recipe, find_nginx
from web.security import HEADERS

ROOT = Path(__file__).resolve().parent.parent
WORKERS = 2
BOARD = "sers/patg/line/sers"

pytestmark = pytest.mark.slow


def free_port() -> int:
    """A loopback port nobody is listening on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, timeout: float = 10) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body of a GET, errors included."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def raw_request(port: int, data: bytes) -> tuple[int, list[tuple[str, str]]]:
    """Send bytes as they are; the status and every header line of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(data)
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = s.recv(65536)
            if not chunk:
                break
            answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = [tuple(part.strip() for part in line.split(":", 1)) for line in head[1:]]
    return int(head[0].split()[1]), headers


@pytest.fixture(scope="module")
def production() -> Iterator[Recipe]:
    """The recipe on a free port, two workers, healthy; stopped after the module."""
    if find_nginx() is None:
        reason = "nginx is not installed (Debian: apt-get install nginx)"
        if os.environ.get("BOGGLE_REQUIRE_NGINX") == "1":
            pytest.fail(f"BOGGLE_REQUIRE_NGINX=1 but {reason}")
        pytest.skip(reason)
    # A temporary run folder of the recipe's own (under /tmp, which nginx's workers can
    # reach when the tests run as root, as in CI), removed when it stops.
    recipe = Recipe("127.0.0.1", free_port(), env={"BOGGLE_WORKERS": str(WORKERS)})
    try:
        with open(recipe.run_dir / "gunicorn.log", "wb") as log:
            recipe.start(gunicorn_log=log)
        deadline = time.monotonic() + 60
        while get(f"http://{recipe.listen}/healthz")[0] != 200:
            assert time.monotonic() < deadline, "the recipe did not become healthy in 60 s"
            time.sleep(0.2)
        yield recipe
    finally:
        recipe.stop()


def test_solve_answers_through_nginx_as_the_engine_does(production: Recipe) -> None:
    status, headers, body = get(f"http://{production.listen}/solve?board={BOARD}")
    expected = solve(parse_board(BOARD), Catalog().get())
    document = json.loads(body)
    assert (status, headers["Server"]) == (200, "nginx")
    assert (document["count"], document["total_score"]) == (expected.count, expected.total_score)


def test_answers_are_compressed_for_clients_that_ask_and_only_for_them(
    production: Recipe,
) -> None:
    # A phone on a slow network gets /solve's 867 words in a fraction of the bytes.
    url = f"http://{production.listen}/solve?board={BOARD}"
    plain_status, plain_headers, plain = get(url)
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=10) as response:
        status, headers, packed = response.status, dict(response.headers), response.read()
    assert (plain_status, status) == (200, 200)
    assert "Content-Encoding" not in plain_headers
    assert headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in headers["Vary"]
    assert len(packed) * 5 < len(plain)
    unpacked, expected = json.loads(gzip.decompress(packed)), json.loads(plain)
    del unpacked["elapsed_ms"], expected["elapsed_ms"]  # each search's own time
    assert unpacked == expected
    # The page's script and style sheet too.
    for path in ("/static/style.css", "/static/js/results.js"):
        request = urllib.request.Request(
            f"http://{production.listen}{path}", headers={"Accept-Encoding": "gzip"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.headers["Content-Encoding"] == "gzip", path


def test_the_running_workers_are_sync_workers_one_thread_each(production: Recipe) -> None:
    with ControlClient(str(production.control_socket), timeout=10) as control:
        config = control.send_command("show config")
        workers = control.send_command("show workers")
    assert (config["worker_class"], config["threads"]) == (
        "<class 'gunicorn.workers.sync.SyncWorker'>",
        1,
    )
    assert workers["count"] == WORKERS
    assert "Using worker: sync" in (production.run_dir / "gunicorn.log").read_text()


def test_every_word_list_is_loaded_before_the_workers_fork(production: Recipe) -> None:
    _, _, body = get(f"http://{production.listen}/dictionaries")
    listed = json.loads(body)["dictionaries"]
    # English's three lists and the five other languages' ("all", the recipe's default).
    assert [entry["loaded"] for entry in listed] == [True] * 8


def test_slow_clients_do_not_hold_up_a_normal_request(production: Recipe) -> None:
    host, port = production.listen.rsplit(":", 1)
    # More slow clients than workers, half stuck in their headers, half in their
    # bodies: with sync workers alone, each would hold a worker until it timed out.
    slow = []
    for i in range(2 * WORKERS + 2):
        s = socket.create_connection((host, int(port)), timeout=10)
        if i % 2:
            s.sendall(b"GET /solve?board=abcd HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        else:
            s.sendall(
                b"POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b'Content-Length: 1000\r\n\r\n{"board": "'
            )
        slow.append(s)
    try:
        time.sleep(0.5)
        started = time.monotonic()
        status, _, body = get(f"http://{production.listen}/solve?board={BOARD}", timeout=5)
        waited = time.monotonic() - started
    finally:
        for s in slow:
            s.close()
    assert (status, json.loads(body)["count"]) == (
        200,
        solve(parse_board(BOARD), Catalog().get()).count,
    )
    assert waited < 2, f"a normal request waited {waited:.1f} s behind slow clients"


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        (b"NOT HTTP AT ALL\r\n\r\n", 400),
        (
            b"POST /solve HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            b"zz\r\nabc\r\n0\r\n\r\n",
            400,
        ),
        # Past gunicorn's 100 header fields but within nginx's buffers: gunicorn answers.
        (
            b"GET / HTTP/1.1\r\nHost: x\r\n"
            + b"".join(b"X-%d: y\r\n" % i for i in range(120))
            + b"\r\n",
            431,
        ),
    ],
    ids=["overlong request line", "not HTTP", "bad chunked framing", "too many headers"],
)
def test_errors_raised_before_the_app_carry_the_security_headers(
    production: Recipe, request_bytes: bytes, status: int
) -> None:
    port = int(production.listen.rsplit(":", 1)[1])
    answer_status, headers = raw_request(port, request_bytes)
    security = sorted((name, value) for name, value in headers if name in HEADERS)
    assert (answer_status, security) == (status, sorted(HEADERS.items()))


def test_the_apps_own_answers_carry_each_security_header_once(production: Recipe) -> None:
    port = int(production.listen.rsplit(":", 1)[1])
    status, headers = raw_request(
        port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    security = sorted((name, value) for name, value in headers if name in HEADERS)
    assert (status, security) == (200, sorted(HEADERS.items()))


def test_nginx_adds_the_same_security_headers_as_the_app() -> None:
    config = NGINX_TEMPLATE.read_text()
    values = dict(re.findall(r'map \$upstream_http_\w+ \$(\w+) \{\s*""\s+"([^"]*)";', config))
    added = dict(re.findall(r"add_header ([\w-]+) \$(\w+) always;", config))
    assert {name: values[variable] for name, variable in added.items()} == HEADERS


def test_gunicorn_runs_sync_workers_and_no_shared_control_socket(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("BOGGLE_CONTROL_SOCKET", raising=False)
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert (settings["worker_class"], settings["threads"], settings["control_socket_disable"]) == (
        "sync",
        1,
        True,
    )


@pytest.fixture(scope="module")
def impatient() -> Iterator[Recipe]:
    """A second recipe, one worker, whose nginx waits 1 s for an answer.

    It searches with the pure-Python core: the native one solves the worst board in
    0.2 to 1 s, too close to the deadline for the answer to be surely late.
    """
    if find_nginx() is None:
        pytest.skip("nginx is not installed")  # the production fixture says why, or fails
    recipe = Recipe(
        "127.0.0.1",
        free_port(),
        env={"BOGGLE_WORKERS": "1", "BOGGLE_PURE_PYTHON": "1"},
        deadline=1.0,
    )
    try:
        recipe.start(gunicorn_log=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while get(f"http://{recipe.listen}/healthz")[0] != 200:
            assert time.monotonic() < deadline, "the recipe did not become healthy in 60 s"
            time.sleep(0.2)
        yield recipe
    finally:
        recipe.stop(quick=True)  # not waiting for the search the test leaves running


def test_an_answer_later_than_the_deadline_is_503_server_busy_from_nginx(
    impatient: Recipe,
) -> None:
    # The worst board with the large list takes 5 s alone (benchmarks/README.md): the app stops it
    # after 2 s of CPU or 2.5 s of wall-clock time, both past the 1 s deadline.
    body = json.dumps({"board": worst_board(40), "dictionary": "large"})
    request = urllib.request.Request(
        f"http://{impatient.listen}/solve",
        data=body.encode(),
        headers={"Content-Type": "application/json"},
    )
    started = time.monotonic()
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=20)
    waited = time.monotonic() - started
    answer = refused.value
    security = {name: answer.headers[name] for name in HEADERS}
    assert (answer.code, json.load(answer)["error"]["code"]) == (503, "server_busy")
    assert (answer.headers["Retry-After"], security) == ("2", HEADERS)
    assert waited < 5, f"the answer took {waited:.1f} s with a deadline of 1 s"
