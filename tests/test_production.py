"""The production recipe, started as docs/deploy.md says: nginx in front of gunicorn.

deploy/serve.py starts both on a free loopback port with a run folder in a temporary
directory. Without nginx these tests are skipped, unless ``BOGGLE_REQUIRE_NGINX=1``
(as in CI), when they fail instead, so that a missing nginx cannot pass for green.
"""

from __future__ import annotations

import gzip
import http.client
import json
import os
import re
import runpy
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

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
#: The recipe is production: it starts only with a secret of its own for the days' boards.
DAILY_SECRET = "the production tests' secret"

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
    recipe = Recipe(
        "127.0.0.1",
        free_port(),
        env={"BOGGLE_WORKERS": str(WORKERS), "BOGGLE_DAILY_SECRET": DAILY_SECRET},
    )
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
    # The page's script and style sheet too, and its own search and the word graph it
    # reads with no network (web/offline.py).
    graph = json.loads(get(f"http://{production.listen}/graphs/standard")[2])["graph"]
    for path in ("/static/style.css", "/static/js/results.js", "/static/wasm/walk.wasm", graph):
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
        (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n", 400),
        (b"TRACE / HTTP/1.1\r\nHost: x\r\n\r\n", 405),
    ],
    ids=["overlong request line", "not HTTP", "bad chunked framing", "9 KB header", "TRACE"],
)
def test_errors_raised_before_the_app_carry_the_security_headers(
    production: Recipe, request_bytes: bytes, status: int
) -> None:
    port = int(production.listen.rsplit(":", 1)[1])
    answer_status, headers = raw_request(port, request_bytes)
    security = sorted((name, value) for name, value in headers if name in HEADERS)
    assert (answer_status, security) == (status, sorted(HEADERS.items()))


def raw_answer(port: int, data: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send bytes as they are; the status, headers and body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(data)
        answer = b""
        while b"\r\n\r\n" not in answer and (chunk := s.recv(65536)):
            answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = dict(tuple(part.strip() for part in line.split(":", 1)) for line in lines[1:])
        # To the body's end, not the connection's: nginx keeps it open a while after
        # refusing a body it did not read.
        length = int(headers.get("Content-Length", -1))
        while (length < 0 or len(body) < length) and (chunk := s.recv(65536)):
            body += chunk
    return int(lines[0].split()[1]), headers, body


LONG_LINE = b"GET /solve?board=" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"
BIG_HEADER = b"X-Big: " + b"a" * 9000 + b"\r\n"


@pytest.mark.parametrize(
    ("request_bytes", "status", "code"),
    [
        (LONG_LINE, 414, "uri_too_long"),
        (b"GET /solve?board=abcd HTTP/1.1\r\nConnection: close\r\n\r\n", 400, "bad_request"),
        (
            b"POST /solve HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            b"zz\r\nabc\r\n0\r\n\r\n",
            400,
            "bad_request",
        ),
        (b"GET /solve HTTP/1.1\r\nHost: x\r\n" + BIG_HEADER + b"\r\n", 400, "header_too_large"),
        (b"TRACE /rooms/ABCD HTTP/1.1\r\nHost: x\r\n\r\n", 405, "method_not_allowed"),
        (
            b"POST /score HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n",
            501,
            "not_implemented",
        ),
        (
            b"POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 2000000\r\n\r\n",
            413,
            "request_entity_too_large",
        ),
        # A page's address, by a client that asks for JSON.
        (
            b"GET / HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n" + BIG_HEADER + b"\r\n",
            400,
            "header_too_large",
        ),
    ],
    ids=[
        "request line over 4 KB",
        "no Host",
        "bad chunked framing",
        "9 KB header",
        "TRACE",
        "unknown Transfer-Encoding",
        "body over 1 MB",
        "a page asked for as JSON",
    ],
)
def test_nginx_own_answers_on_json_routes_are_json_errors(
    production: Recipe, request_bytes: bytes, status: int, code: str
) -> None:
    port = int(production.listen.rsplit(":", 1)[1])
    answer_status, headers, body = raw_answer(port, request_bytes)
    assert (answer_status, headers["Server"]) == (status, "nginx")
    assert headers["Content-Type"] == "application/json; charset=utf-8"
    error = json.loads(body)["error"]
    assert error["code"] == code and error["message"]
    assert {name: headers[name] for name in HEADERS} == HEADERS


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GET / HTTP/1.1\r\nHost: x\r\n" + BIG_HEADER + b"\r\n",
        b"TRACE /room HTTP/1.1\r\nHost: x\r\n\r\n",
        b"POST /room HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n",
    ],
    ids=["9 KB header", "TRACE", "bad chunked framing"],
)
def test_nginx_own_answers_on_pages_are_the_apps_error_page(
    production: Recipe, request_bytes: bytes
) -> None:
    port = int(production.listen.rsplit(":", 1)[1])
    status, headers, body = raw_answer(port, request_bytes)
    assert status in (400, 405)
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert b'<section class="panel error-page"' in body


def test_nginx_own_answers_are_in_the_readers_language(production: Recipe) -> None:
    port = int(production.listen.rsplit(":", 1)[1])
    german = b"GET /solve HTTP/1.1\r\nHost: x\r\nAccept-Language: de-DE, en\r\n"
    _, _headers, body = raw_answer(port, german + BIG_HEADER + b"\r\n")
    assert json.loads(body)["error"]["message"] == (
        "ein Header ist länger als die Grenze von 4.096 Bytes, oder die Header sind "
        "zusammen zu groß"
    )
    # The reader's choice in the cookie comes first, as in the app.
    chosen = b"GET / HTTP/1.1\r\nHost: x\r\nAccept-Language: de\r\nCookie: lang=fr\r\n"
    _, _, page = raw_answer(port, chosen + BIG_HEADER + b"\r\n")
    assert b'<html lang="fr">' in page


def test_an_http_1_0_request_naming_no_host_is_400_untrusted_host(production: Recipe) -> None:
    # HTTP/1.0 allows leaving the Host out; the room's link was "http:///room/..." then.
    port = int(production.listen.rsplit(":", 1)[1])
    body = b'{"name": "Ann"}'
    status, _headers, answer = raw_answer(
        port,
        b"POST /rooms HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"
        b"\r\n%s" % (len(body), body),
    )
    assert (status, json.loads(answer)["error"]["code"]) == (400, "untrusted_host")


def send_body(listen: str, size: int, chunked: bool) -> tuple[int, str, bytes]:
    """POST /solve with a JSON-typed body of ``size`` bytes; status, type and answer."""
    host, port = listen.rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        body = b"x" * size
        headers = {"Content-Type": "application/json"}
        if chunked:
            pieces = (body[i : i + 65536] for i in range(0, size, 65536))
            connection.request("POST", "/solve", pieces, headers, encode_chunked=True)
        else:
            connection.request("POST", "/solve", body, headers)
        response = connection.getresponse()
        return response.status, response.getheader("Content-Type", ""), response.read()
    except (ConnectionError, http.client.HTTPException) as error:
        return 0, type(error).__name__, b""
    finally:
        connection.close()


def test_bodies_over_the_limit_sent_at_once_are_all_json_413(production: Recipe) -> None:
    # Six clients at once, each sending bodies of 256 KB to 1.5 MB, some chunked: past
    # the app's 256 KiB limit its own 413, past nginx's 1 MB nginx's; never a 502 (21%
    # of such bodies were, when the app left them unread).
    sizes = [256 * 1024 + 1 + n * 14_000 for n in range(90)]
    with ThreadPoolExecutor(max_workers=6) as pool:
        answers = list(
            pool.map(lambda n: send_body(production.listen, sizes[n], n % 3 == 0), range(90))
        )
    statuses = Counter(status for status, _, _ in answers)
    assert statuses == Counter({413: 90})
    for _status, kind, body in answers:
        assert kind.startswith("application/json")
        assert json.loads(body)["error"]["code"] == "request_entity_too_large"


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
    # Over TLS only, and on nginx's own 502 and 503 (tests/test_edge.py holds them).
    assert (added.pop("Strict-Transport-Security"), added.pop("Retry-After")) == (
        "hsts_header",
        "edge_retry_after",
    )
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
        env={"BOGGLE_WORKERS": "1", "BOGGLE_PURE_PYTHON": "1", "BOGGLE_DAILY_SECRET": DAILY_SECRET},
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


def test_plain_http_answers_carry_no_hsts(production: Recipe) -> None:
    status, headers, _ = get(f"http://{production.listen}/")
    assert status == 200 and "Strict-Transport-Security" not in headers


# --- Workers killed mid-request -------------------------------------------------------


@pytest.fixture(scope="module")
def mortal() -> Iterator[Recipe]:
    """A recipe of two workers whose searches on the large list take most of a second
    (the pure-Python core), for tests that kill them. None of its searches is gated or
    stopped early, and its deadline is long, however busy the machine: every answer is
    the whole search's."""
    if find_nginx() is None:
        pytest.skip("nginx is not installed")  # the production fixture says why, or fails
    env = {
        "BOGGLE_WORKERS": "2",
        "BOGGLE_PURE_PYTHON": "1",
        "BOGGLE_PRELOAD_DICTIONARIES": "standard,large",
        "BOGGLE_PRELOAD_RATINGS": "",
        "BOGGLE_EXPENSIVE_SEARCH_COST": "100000",
        "BOGGLE_SOLVE_BUDGET": "20",
        "BOGGLE_SOLVE_CEILING": "20",
        "BOGGLE_DAILY_SECRET": DAILY_SECRET,
    }
    recipe = Recipe("127.0.0.1", free_port(), env=env, deadline=20)
    try:
        recipe.start(gunicorn_log=subprocess.DEVNULL)
        wait_healthy(recipe.base)
        yield recipe
    finally:
        recipe.stop(quick=True)


def wait_healthy(base: str, context: ssl.SSLContext | None = None) -> None:
    """Poll /healthz until it answers 200, for at most 60 s."""
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2, context=context):
                return
        except OSError:
            assert time.monotonic() < deadline, "the recipe did not become healthy in 60 s"
            time.sleep(0.2)


def worker_pids(recipe: Recipe) -> list[int]:
    """The pids of the gunicorn master's workers: its children. (Not from its control
    socket, which the master opens anew each time a worker dies, and which is missing
    for a moment then.)"""
    assert recipe.gunicorn is not None
    pid = recipe.gunicorn.pid
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def send_json(url: str, body: object, timeout: float = 20) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body of a POST of JSON, errors included."""
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_a_get_whose_worker_dies_is_answered_by_another_and_a_post_is_not_retried(
    mortal: Recipe,
) -> None:
    board = {"board": worst_board(12), "dictionary": "large"}
    url = f"{mortal.base}/solve?{urlencode(board)}"
    status, _, body = get(url, timeout=20)
    assert status == 200
    expected = json.loads(body)["count"]
    with ThreadPoolExecutor(max_workers=2) as pool:
        got = pool.submit(get, url, 20)
        posted = pool.submit(send_json, f"{mortal.base}/solve", board)
        time.sleep(0.25)  # both searching, one on each worker (0.5 to 1.5 s each)
        for pid in worker_pids(mortal):
            os.kill(pid, signal.SIGKILL)
        status, _, body = got.result()
        post_status, post_headers, post_body = posted.result()
    # nginx tried the GET again on a worker the master forked anew.
    assert (status, json.loads(body)["count"]) == (200, expected)
    # A POST may have done its work before the worker died: it is never sent twice.
    assert (post_status, json.loads(post_body)["error"]["code"]) == (502, "server_unavailable")
    assert post_headers["Retry-After"] == "1"


def test_gets_sent_while_a_worker_is_killed_every_1_5_s_are_all_answered(
    mortal: Recipe,
) -> None:
    # Searches of tens of milliseconds from four clients keep both workers busy, so
    # that each death catches a request in the middle, whose second try meets a worker
    # that lives on. (A second death during the same request's second try would be a
    # 502: that is the one retry's limit. On a busy machine a try can wait a second
    # for a worker, so the deaths are 1.5 s apart.)
    urls = [
        f"{mortal.base}/solve?{urlencode({'board': worst_board(side)})}" for side in (4, 5, 6, 8)
    ]
    answers: Counter[int | str] = Counter()
    until = time.monotonic() + 12

    def client(n: int) -> None:
        while time.monotonic() < until:
            try:
                answers[get(urls[n % len(urls)], timeout=20)[0]] += 1
            except http.client.IncompleteRead:
                # A death between gunicorn's two writes, the answer's head and its body:
                # nginx has passed the head on, and can no longer try again.
                answers["cut short"] += 1
            n += 1

    killed = 0
    with ThreadPoolExecutor(max_workers=4) as pool:
        clients = [pool.submit(client, n) for n in range(4)]
        while time.monotonic() < until - 1:
            time.sleep(1.5)
            pids = worker_pids(mortal)
            if pids:
                os.kill(pids[killed % len(pids)], signal.SIGKILL)
                killed += 1
        for running in clients:
            running.result()
    log = (mortal.run_dir / "nginx-error.log").read_text()
    retried = log.count("upstream prematurely closed connection while reading response header")
    assert killed >= 6
    assert set(answers) <= {200, "cut short"}, answers
    assert answers[200] > 10 * answers["cut short"], answers
    # The deaths did catch requests in the middle, which nginx then sent again.
    assert retried >= 1


# --- Behind TLS -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key, made with openssl."""
    openssl = shutil.which("openssl")
    if openssl is None:
        reason = "openssl is not installed (Debian: apt-get install openssl)"
        if os.environ.get("BOGGLE_REQUIRE_NGINX") == "1":
            pytest.fail(f"BOGGLE_REQUIRE_NGINX=1 but {reason}")
        pytest.skip(reason)
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            openssl,
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


@pytest.fixture(scope="module")
def over_tls(
    certificate: tuple[Path, Path],
    sqlite_template: Path,
    cache_dir: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Recipe]:
    """The recipe with nginx ending TLS, one worker, rooms on an SQLite file of its own."""
    if find_nginx() is None:
        pytest.skip("nginx is not installed")  # the production fixture says why, or fails
    database = tmp_path_factory.mktemp("tls-rooms") / "rooms.sqlite3"
    shutil.copy(sqlite_template, database)
    env = {
        "BOGGLE_WORKERS": "1",
        "BOGGLE_DATABASE_URL": f"sqlite:///{database}",
        "BOGGLE_CACHE_DIR": str(cache_dir),
        "BOGGLE_PRELOAD_DICTIONARIES": "standard",
        "BOGGLE_PRELOAD_RATINGS": "standard",
        "BOGGLE_DAILY_SECRET": DAILY_SECRET,
    }
    recipe = Recipe("127.0.0.1", free_port(), env=env, tls=certificate)
    try:
        recipe.start(gunicorn_log=subprocess.DEVNULL)
        wait_healthy(recipe.base, ssl.create_default_context(cafile=certificate[0]))
        yield recipe
    finally:
        recipe.stop()


def test_behind_tls_links_say_https_the_cookie_is_secure_and_hsts_is_sent(
    over_tls: Recipe, certificate: tuple[Path, Path]
) -> None:
    context = ssl.create_default_context(cafile=certificate[0])
    request = urllib.request.Request(
        f"{over_tls.base}/rooms",
        data=b'{"name": "Ann"}',
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10, context=context) as response:
        created, headers = json.load(response), response.headers
    assert over_tls.base.startswith("https://127.0.0.1:")
    assert created["url"] == f"{over_tls.base}/room/{created['room']}"
    cookie = headers["Set-Cookie"]
    assert cookie.startswith(f"boggle_room_{created['room']}=") and "; Secure" in cookie
    assert headers["Strict-Transport-Security"] == "max-age=31536000"
    assert headers["Cache-Control"] == "no-store"
    # The room's QR code leads to the https page too.
    with urllib.request.urlopen(
        f"{over_tls.base}/rooms/{created['room']}/qr", timeout=10, context=context
    ) as qr:
        assert f"{over_tls.base}/room/{created['room']}".encode() in qr.read()
    # nginx's own answers over TLS carry it as well.
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(
            urllib.request.Request(f"{over_tls.base}/solve", method="TRACE"),
            timeout=10,
            context=context,
        )
    assert refused.value.code == 405
    assert refused.value.headers["Strict-Transport-Security"] == "max-age=31536000"
    assert json.load(refused.value)["error"]["code"] == "method_not_allowed"


# --- Two app servers, one database ----------------------------------------------------


@pytest.fixture(scope="module")
def two_servers(postgres_socket: Path, cache_dir: Path) -> Iterator[Recipe]:
    """Two gunicorn masters on two ports (two machines) behind one nginx, one PostgreSQL."""
    if find_nginx() is None:
        pytest.skip("nginx is not installed")  # the production fixture says why, or fails
    env = {
        "BOGGLE_WORKERS": "2",
        "BOGGLE_DATABASE_URL": f"postgresql+psycopg://postgres@/rooms?host={postgres_socket}",
        "BOGGLE_CACHE_DIR": str(cache_dir),
        "BOGGLE_PRELOAD_DICTIONARIES": "standard",
        "BOGGLE_PRELOAD_RATINGS": "standard",
        "BOGGLE_DAILY_SECRET": DAILY_SECRET,
    }
    recipe = Recipe("127.0.0.1", free_port(), env=env, app_servers=2)
    try:
        recipe.start(gunicorn_log=subprocess.DEVNULL)
        wait_healthy(recipe.base)
        yield recipe
    finally:
        recipe.stop()


def call(base: str, method: str, path: str, body: object = None, token: str = "") -> Any:
    """Status and JSON of a request, with a player's token if given."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def without_links(document: dict[str, Any]) -> dict[str, Any]:
    """A room's or a challenge's document without what depends on the server asked (its
    link) and when."""
    return {key: value for key, value in document.items() if key not in ("url", "now")}


def test_a_room_made_on_one_app_server_plays_on_the_other_with_the_same_results(
    two_servers: Recipe,
) -> None:
    first, second = (f"http://{bind}" for bind in two_servers.binds)
    status, created = call(first, "POST", "/rooms", {"name": "Ann", "seconds": 10})
    assert status == 201, created
    code, ann = created["room"], created["token"]
    status, joined = call(second, "POST", f"/rooms/{code}/players", {"name": "Bob"})
    assert status == 201, joined
    bob = joined["token"]
    # The host starts the round on the other server, with the token the first gave her.
    status, room = call(second, "POST", f"/rooms/{code}/rounds", {}, ann)
    assert status == 201, room
    # The board is shown at the round's start, after the countdown; the first server
    # tells it.
    time.sleep(max(0.0, room["round"]["started_at"] - time.time()) + 0.05)
    status, room = call(first, "GET", f"/rooms/{code}", token=bob)
    assert (status, room["round"]["state"]) == (200, "playing"), room
    board = " / ".join(" ".join(row) for row in room["round"]["board"])
    _, solved = call(two_servers.base, "GET", f"/solve?{urlencode({'board': board})}")
    words = [entry["word"] for entry in solved["words"]][:8]
    assert len(words) >= 4, words
    # Each player sends through both servers in turn, and the room is polled on each
    # in turn: both always tell the same.
    for n, word in enumerate(words):
        server, token = (first, second)[n % 2], (ann, bob)[n // 2 % 2]
        status, sent = call(server, "POST", f"/rooms/{code}/rounds/1/words", {"word": word}, token)
        assert (status, sent["verdict"]) == (200, "accepted"), (word, sent)
        polls = [call(base, "GET", f"/rooms/{code}", token=ann)[1] for base in (first, second)]
        assert without_links(polls[0]) == without_links(polls[1])
    time.sleep(max(0.0, room["round"]["closes_at"] - time.time()) + 0.3)
    results = [
        call(base, "GET", f"/rooms/{code}/rounds/1/results", token=bob)
        for base in (second, first, two_servers.base)
    ]
    assert [status for status, _ in results] == [200, 200, 200]
    assert results[0][1] == results[1][1] == results[2][1]
    scored = {p["name"]: sorted(w["word"] for w in p["words"]) for p in results[0][1]["players"]}
    assert sorted(scored["Ann"] + scored["Bob"]) == sorted(words)
    totals = [call(base, "GET", f"/rooms/{code}")[1]["players"] for base in (first, second)]
    assert totals[0] == totals[1] and sum(p["total"] for p in totals[0]) > 0


def apart_call(base: str, method: str, path: str, body: object = None, key: str = "") -> Any:
    """Status, JSON and player key of a request to playing apart, as a browser holding
    ``key`` in its cookie makes it (the key is the one the answer gives, if it gives one)."""
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Cookie"] = f"boggle_player={key}"
    data = None if body is None and method != "POST" else json.dumps(body or {}).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        response = urllib.request.urlopen(request, timeout=10)
    except urllib.error.HTTPError as error:
        response = error
    with response:
        given = re.search(r"boggle_player=([^;]+)", response.headers.get("Set-Cookie") or "")
        return response.status, json.loads(response.read()), given.group(1) if given else key


def test_a_days_board_and_its_challenge_play_across_both_app_servers_alike(
    two_servers: Recipe,
) -> None:
    first, second = (f"http://{bind}" for bind in two_servers.binds)
    status, today, _ = apart_call(first, "GET", "/daily")
    assert status == 200, today
    board = f"/daily/{today['day']}/en/4x4"
    # Ann starts today's board on the first server; her key resumes it on the second.
    status, started, ann = apart_call(first, "POST", f"{board}/play")
    assert (status, started["state"]) == (201, "playing"), started
    assert ann
    status, resumed, _ = apart_call(second, "POST", f"{board}/play", key=ann)
    assert (status, resumed["play"]) == (200, started["play"])  # the same round, not a new one
    faces = " / ".join(" ".join(row) for row in started["play"]["board"])
    _, solved = call(two_servers.base, "GET", f"/solve?{urlencode({'board': faces})}")
    words = [entry["word"] for entry in solved["words"]][:6]
    assert len(words) >= 4, words
    # Her words go through both servers in turn; each knows them all at once.
    for n, word in enumerate(words[:3]):
        status, sent, _ = apart_call(
            (first, second)[n % 2], "POST", f"{board}/words", {"word": word}, ann
        )
        assert (status, sent["verdict"]) == (200, "accepted"), (word, sent)
        listed = [apart_call(base, "GET", f"{board}/words", key=ann)[1] for base in (first, second)]
        assert listed[0] == listed[1] and len(listed[0]["words"]) == n + 1
    status, _, _ = apart_call(second, "GET", f"{board}/results", key=ann)
    assert status == 409  # not before she finishes, on either
    status, finished, _ = apart_call(second, "POST", f"{board}/finish", key=ann)
    assert (status, finished["state"]) == (200, "finished"), finished
    status, again, _ = apart_call(first, "POST", f"{board}/play", key=ann)
    assert (status, again["error"]["code"]) == (409, "already_played")
    results = [apart_call(base, "GET", f"{board}/results", key=ann)[1] for base in (first, second)]
    assert results[0] == results[1]
    assert results[0]["you"]["found"] == 3 and results[0]["players"] >= 1
    # Her challenge, made on the first, is taken by Bob on the second.
    status, made, _ = apart_call(first, "POST", f"{board}/challenge", key=ann)
    assert status == 201, made
    code = made["challenge"]
    status, taken, bob = apart_call(second, "POST", f"/challenges/{code}/play")
    assert status == 201, taken
    for n, word in enumerate(words[2:5]):  # words[2] is Ann's too
        status, sent, _ = apart_call(
            (first, second)[n % 2], "POST", f"/challenges/{code}/words", {"word": word}, bob
        )
        assert (status, sent["verdict"]) == (200, "accepted"), (word, sent)
    status, _, _ = apart_call(first, "POST", f"/challenges/{code}/finish", key=bob)
    assert status == 200
    # Both servers tell each of them the same, both lists judged with the shared word
    # crossed off; Bob's play counts on the day's board too.
    for key in (ann, bob):
        seen = [
            without_links(apart_call(base, "GET", f"/challenges/{code}", key=key)[1])
            for base in (first, second)
        ]
        assert seen[0] == seen[1] and seen[0]["takers"] == 1
        shared = {
            w["word"] for p in seen[0]["versus"]["players"] for w in p["words"] if w["shared"]
        }
        assert shared == {words[2]}
    status, day, _ = apart_call(first, "GET", f"{board}/results", key=bob)
    assert status == 200 and day["players"] == results[0]["players"] + 1


def healthy(url: str) -> bool:
    """Whether the server answers its health check (not yet listening: no)."""
    try:
        return get(url, timeout=2)[0] == 200
    except OSError:
        return False


def ignore_sigint() -> None:
    """In a child about to run the recipe: SIGINT ignored, as a background job has it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_the_recipe_started_as_make_serve_stops_cleanly_on_a_signal(sig: signal.Signals) -> None:
    # As a script that started it for a while (Lighthouse, a load test) stops it: the
    # command exits 0 and leaves no nginx or gunicorn behind, nothing on its port.
    if find_nginx() is None:
        pytest.skip("nginx is not installed (Debian: apt-get install nginx)")
    # A run folder nginx's workers can pass through (pytest's own is private to root).
    run_dir = Path(tempfile.mkdtemp(prefix="boggle-serve-"))
    run_dir.chmod(0o711)
    port = free_port()
    command = [str(ROOT / ".venv" / "bin" / "python"), "deploy/serve.py", "--port", str(port)]
    if not Path(command[0]).exists():
        command[0] = "python3"
    # Its log (and its servers', which inherit it) goes to a file, never a pipe nobody
    # reads: a full pipe would stall the servers mid-write and the stop with them.
    with tempfile.TemporaryFile() as log:
        serve = subprocess.Popen(
            [*command, "--run-dir", str(run_dir)],
            cwd=ROOT,
            env={
                **os.environ,
                "BOGGLE_WORKERS": "1",
                "BOGGLE_PRELOAD_DICTIONARIES": "standard",
                "BOGGLE_DAILY_SECRET": DAILY_SECRET,
            },
            stderr=log,
            # As a shell without job control starts a command in the background: with
            # SIGINT ignored, which Python would leave ignored.
            preexec_fn=ignore_sigint,
        )

        def logged() -> str:
            log.seek(0)
            return log.read().decode(errors="replace")[-4000:]

        try:
            deadline = time.monotonic() + 60
            while not healthy(f"http://127.0.0.1:{port}/healthz"):
                assert serve.poll() is None, logged()
                assert time.monotonic() < deadline, "the recipe did not become healthy in 60 s"
                time.sleep(0.3)
            nginx_pid = int((run_dir / "nginx.pid").read_text())
            serve.send_signal(sig)
            try:
                status = serve.wait(timeout=40)
            except subprocess.TimeoutExpired:
                pytest.fail(f"the recipe had not stopped 40 s after {sig.name}:\n{logged()}")
            assert status == 0, logged()
        finally:
            if serve.poll() is None:
                # Told to stop as a stop it heeds, so that its servers go with it.
                serve.terminate()
                try:
                    serve.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    serve.kill()
                    serve.wait()
            left = (run_dir / "nginx.pid").exists()
            shutil.rmtree(run_dir, ignore_errors=True)
    with pytest.raises(ProcessLookupError):
        os.kill(nginx_pid, 0)
    with socket.socket() as s:
        assert s.connect_ex(("127.0.0.1", port)) != 0
    assert not left
