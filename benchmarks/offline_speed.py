"""The page's own search in Chromium: its solve times, the graph it reads, how soon a first
visit is ready for offline use over a slow link, and an offline solve from the press.

    python benchmarks/offline_speed.py [--boards N] [--runs N] [--presses N]

Starts the production recipe (nginx with gzip in front of gunicorn, as
benchmarks/lighthouse_pages.py does) on a free loopback port and drives Debian's
Chromium with Playwright:

1. In a page of the app, random boards rolled from the standard list's dice (4x4 and
   5x5, ``--boards`` of each) are solved by the page's search (static/js/lib/search.js,
   the server's walk in WebAssembly), each solved once to warm up, then five times
   under the clock: the walk alone (``Search.solve``), and the whole answer as the
   solver page gets it offline (``solveHere``: the board read, the walk, the /solve
   document and its summary). Beside them, the server's own ``elapsed_ms`` for the
   same boards (the native core), from /solve.
2. The standard list's graph file and the page's search, as sent (nginx's gzip, level
   5) and unpacked; the whole first visit's offline bytes (every file the worker keeps).
3. A first visit in a fresh profile over Lighthouse's slow link (1.6 Mbps down,
   750 kbps up, 150 ms round trip): from the address typed to the worker in control
   with the graph kept (performance.now() in the page), ``--runs`` times. CDP's
   ``Network.emulateNetworkConditions`` throttles only the target it is sent to: set
   on the page, it leaves the service worker's own fetches (its install: every file it
   keeps; the graph it fetches for the page) at full speed, and Playwright opens no CDP
   session on a worker. So the link is also made outside the browser: a TCP proxy in
   front of nginx that passes every connection through one shared link of those
   rates and delays (``SlowLink``). Both are measured; the proxy's is the figure.
4. With the network off (``context.set_offline``), the solver page reloaded from the
   worker: from "Find words" pressed to the 867 words of "sers patg line sers" laid out
   and painted (benchmarks/page_draw.py's measure), the first press (right after the
   load: the page may still be readying its search and graph, which it starts as it
   loads) and then ``--runs`` more; the same online, where
   the server answers, side by side. The first offline press is one figure a run:
   ``--presses N`` measures this step alone, N times, each in a fresh profile made
   ready for offline use, and prints each run's presses and the first presses' median.

Prints one table, with the load average before and after. Needs nginx, Chromium and
the recipe's Python packages; everything stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import json
import os
import statistics
import sys
import threading
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from benchmarks.lighthouse_pages import production  # noqa: E402
from benchmarks.page_draw import BOARD, ROUND_TRIP, WORDS  # noqa: E402

CHROMIUM = os.environ.get("BOGGLE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]
#: Lighthouse's slow link ("Slow 4G"), as CDP takes it: bytes a second, milliseconds.
SLOW_LINK = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1_600_000 / 8,
    "uploadThroughput": 750_000 / 8,
}
#: The targets (issue: install it and play offline).
TARGETS = {"4x4": 1.0, "5x5": 3.0, "graph_mb": 1.5, "ready_s": 5.0, "offline_ms": 100.0}
REPEAT = 5

# Solve `count` boards of rows x cols rolled from the list's dice, in the page; for each,
# the mean of REPEAT solves after one to warm up: the walk alone, and solveHere's whole.
SOLVE_IN_PAGE = """async ([rows, cols, count, repeat]) => {
    const offline = await import('/static/js/lib/offline.js');
    const { loadSearch } = await import('/static/js/lib/search.js');
    const { language, parseBoard } = await import('/static/js/lib/board-text.js');
    const { document: doc, bytes } = await offline.graphOf('standard');
    const wasm = await (await fetch('/static/wasm/walk.wasm')).arrayBuffer();
    const search = await loadSearch(wasm);
    search.useGraph(doc.dictionary, bytes, doc.layout);
    const boards = [];
    for (let i = 0; i < count; i++) {
        const rolled = await offline.rollHere('standard', rows, cols);
        const fields = { board: rolled.text, dictionary: 'standard', min_length: '' };
        const faces = parseBoard(rolled.text, language(doc.reading));
        search.solve(faces, rolled.min_length, doc.ceiling);
        let start = performance.now();
        for (let k = 0; k < repeat; k++) search.solve(faces, rolled.min_length, doc.ceiling);
        const walk = (performance.now() - start) / repeat;
        const answer = await offline.solveHere(fields);
        start = performance.now();
        for (let k = 0; k < repeat; k++) await offline.solveHere(fields);
        const whole = (performance.now() - start) / repeat;
        boards.push({ text: rolled.text, words: answer.count, walk, whole });
    }
    return boards;
}"""

# Resolves once the worker controls the page and keeps the list's graph file.
READY_OFFLINE = """async (name) => {
    await navigator.serviceWorker.ready;
    for (;;) {
        if (navigator.serviceWorker.controller) {
            const cache = await caches.open('boggle-graphs');
            const kept = (await cache.keys()).map((r) => new URL(r.url).pathname);
            if (kept.some((path) => path.startsWith(`/graphs/${name}/`))) return performance.now();
        }
        await new Promise((wait) => setTimeout(wait, 20));
    }
}"""


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def get(url: str, gzipped: bool = False) -> tuple[bytes, int]:
    """A GET's body unpacked, and its size as sent."""
    headers = {"Accept-Encoding": "gzip"} if gzipped else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as response:
        sent = response.read()
        packed = response.headers.get("Content-Encoding") == "gzip"
    return (gzip.decompress(sent) if packed else sent), len(sent)


def server_ms(base: str, text: str) -> float:
    """/solve's own time for a board (the native core), in ms."""
    query = urlencode({"board": text, "dictionary": "standard"})
    return json.loads(get(f"{base}/solve?{query}")[0])["elapsed_ms"]


def solve_times(page: Page, base: str, size: str, boards: int) -> dict[str, Any]:
    """Medians, in ms, of the page's walk, its whole answer, and the server's search."""
    rows, cols = map(int, size.split("x"))
    timed = page.evaluate(SOLVE_IN_PAGE, [rows, cols, boards, REPEAT])
    return {
        "walk": statistics.median(b["walk"] for b in timed),
        "whole": statistics.median(b["whole"] for b in timed),
        "server": statistics.median(server_ms(base, b["text"]) for b in timed),
        "words": statistics.median(b["words"] for b in timed),
        "max_whole": max(b["whole"] for b in timed),
    }


def sizes(base: str) -> dict[str, int]:
    """Bytes of the standard graph and of the search, unpacked and as sent, and of
    every file the worker keeps, as sent."""
    document = json.loads(get(f"{base}/graphs/standard")[0])
    graph, graph_sent = get(f"{base}{document['graph']}", gzipped=True)
    wasm, wasm_sent = get(f"{base}/static/wasm/walk.wasm", gzipped=True)
    worker = get(f"{base}/sw.js")[0].decode().partition("\n")[0]
    release = json.loads(worker.removeprefix("self.RELEASE = ").removesuffix(";"))
    kept_sent = sum(
        get(f"{base}{path}", gzipped=True)[1] for path in release["files"] + release["pages"]
    )
    return {
        "graph": len(graph),
        "graph_sent": graph_sent,
        "wasm": len(wasm),
        "wasm_sent": wasm_sent,
        "release_sent": kept_sent,
    }


class Direction:
    """One direction of the shared link: when it is next free, and its rate."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.free_at = 0.0

    def cross(self, size: int, now: float) -> float:
        """When the last of ``size`` bytes sent ``now`` is across (queued behind others)."""
        self.free_at = max(now, self.free_at) + size / self.rate
        return self.free_at


class SlowLink:
    """A TCP proxy on a free loopback port in front of ``target`` (host, port): every
    connection through it shares one link of ``down`` and ``up`` bytes a second, and
    each byte is ``delay`` seconds late each way (half the round trip)."""

    def __init__(self, target: tuple[str, int], down: float, up: float, delay: float) -> None:
        self.target, self.delay = target, delay
        self.down, self.up = Direction(down), Direction(up)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.connections: set[asyncio.Task[None]] = set()
        self.port = 0

    def __enter__(self) -> SlowLink:
        self.thread.start()
        opening = asyncio.start_server(self.connect, "127.0.0.1", 0)
        self.server = asyncio.run_coroutine_threadsafe(opening, self.loop).result(10)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    def __exit__(self, *exc: object) -> None:
        # Every connection ended and its sockets closed on the loop's own thread, then the
        # loop stopped and closed: a loop stopped with them open leaves their transports
        # to be closed as they are collected, on a closed loop ("Event loop is closed").
        asyncio.run_coroutine_threadsafe(self.close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()

    async def close(self) -> None:
        """Stop listening, end every connection still open, and wait for them."""
        self.server.close()
        for connection in self.connections:
            connection.cancel()
        await asyncio.gather(*self.connections, return_exceptions=True)
        await self.server.wait_closed()
        await self.loop.shutdown_asyncgens()

    async def connect(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        connection = asyncio.current_task()
        assert connection is not None  # the server runs each connection as a task
        self.connections.add(connection)
        writers = [client_w]
        try:
            server_r, server_w = await asyncio.open_connection(*self.target)
            writers.append(server_w)
            await asyncio.gather(
                self.pipe(client_r, server_w, self.up), self.pipe(server_r, client_w, self.down)
            )
        except asyncio.CancelledError:
            # The link closing (close): the connection's end, not an error. Left to
            # propagate, asyncio's streams (3.11) report the cancelled task as one.
            pass
        finally:
            self.connections.discard(connection)
            for writer in writers:
                writer.close()
            for writer in writers:
                with contextlib.suppress(ConnectionError):
                    await writer.wait_closed()

    async def pipe(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, link: Direction
    ) -> None:
        """Pass ``reader``'s bytes to ``writer``, each chunk when it is across the link."""
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                at, data = await queue.get()
                await asyncio.sleep(max(0.0, at - self.loop.time()))
                if not data:
                    break
                writer.write(data)
                await writer.drain()
            writer.close()

        delivering = asyncio.create_task(deliver())
        try:
            with contextlib.suppress(ConnectionError):
                while data := await reader.read(4096):
                    queue.put_nowait((link.cross(len(data), self.loop.time()) + self.delay, data))
            queue.put_nowait((self.loop.time() + self.delay, b""))
            with contextlib.suppress(ConnectionError):
                await delivering
        finally:
            # Cancelled (the link closing) before the last chunk is across: it is dropped.
            delivering.cancel()


def ready_after_first_visit(browser: Browser, base: str, emulate: bool) -> float:
    """Seconds from a first visit's start to the page ready for offline use, in a fresh
    profile (a new context has no cache and no worker); ``emulate``: with CDP's slow
    link on the page."""
    context = browser.new_context()
    try:
        page = context.new_page()
        if emulate:
            session = context.new_cdp_session(page)
            session.send("Network.enable")
            session.send("Network.emulateNetworkConditions", SLOW_LINK)
        page.goto(base, timeout=120_000)
        return page.evaluate(READY_OFFLINE, "standard") / 1000
    finally:
        context.close()


def press_to_drawn(page: Page, runs: int) -> tuple[float, float]:
    """The first press's time, and the median of ``runs`` more, in ms."""
    first = page.evaluate(ROUND_TRIP, [BOARD, WORDS])
    return first, statistics.median(page.evaluate(ROUND_TRIP, [BOARD, WORDS]) for _ in range(runs))


Presses = tuple[tuple[float, float], tuple[float, float], str | None]


def online_then_offline(page: Page, runs: int) -> Presses:
    """Presses online (the server answering), then with the network off after a reload
    (the page's own search): each the first press and the median of ``runs`` more, and
    the search that answered offline."""
    online = press_to_drawn(page, runs)
    page.context.set_offline(True)
    page.reload()
    offline = press_to_drawn(page, runs)
    return online, offline, page.locator("#searched-by").get_attribute("data-engine")


def presses_only(browser: Browser, base: str, repeats: int, runs: int) -> list[Presses]:
    """Step 4 alone, ``repeats`` times, each in a fresh profile made ready for offline
    use: the first offline press is one figure a run, so its median needs several."""
    measured = []
    for _ in range(repeats):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        try:
            page = context.new_page()
            page.goto(base)
            page.evaluate(READY_OFFLINE, "standard")
            measured.append(online_then_offline(page, runs))
        finally:
            context.close()
    return measured


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=200, help="random boards of each size")
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument(
        "--presses",
        type=int,
        metavar="N",
        help="only the presses (step 4), N times, each in a fresh profile",
    )
    args = parser.parse_args()
    print(f"load average before: {load()}")
    with production() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        if args.presses:
            measured = presses_only(browser, base, args.presses, args.runs)
            browser.close()
            print(f"load average after: {load()}")
            print_presses(measured, args)
            return 0
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(base)
        page.evaluate(READY_OFFLINE, "standard")
        solves = {size: solve_times(page, base, size, args.boards) for size in ("4x4", "5x5")}
        print(f"load average after the solves: {load()}")
        weights = sizes(base)
        host, port = base.removeprefix("http://").split(":")
        delay = SLOW_LINK["latency"] / 2 / 1000
        with SlowLink(
            (host, int(port)), SLOW_LINK["downloadThroughput"], SLOW_LINK["uploadThroughput"], delay
        ) as link:
            slow = f"http://127.0.0.1:{link.port}"
            ready = [ready_after_first_visit(browser, slow, False) for _ in range(args.runs)]
        page_only = [ready_after_first_visit(browser, base, True) for _ in range(args.runs)]
        print(f"load average after the slow link: {load()}")
        online, offline, engine = online_then_offline(page, args.runs)
        context.close()
        browser.close()
    print(f"load average after: {load()}")
    print_table(solves, weights, (ready, page_only), online, offline, engine, args)
    return 0


def print_table(
    solves: dict[str, dict[str, Any]],
    weights: dict[str, int],
    ready: tuple[list[float], list[float]],
    online: tuple[float, float],
    offline: tuple[float, float],
    engine: str | None,
    args: argparse.Namespace,
) -> None:
    rows = []
    for size, times in solves.items():
        rows.append(
            (
                f"{size} solve in the page, median of {args.boards} boards "
                f"({times['words']:.0f} words)",
                f"walk {times['walk']:.3f} ms; whole answer {times['whole']:.3f} ms "
                f"(slowest {times['max_whole']:.2f}); server's search {times['server']:.3f} ms",
                f"<= {TARGETS[size]} ms",
            )
        )
    rows.append(
        (
            "standard graph, as sent (gzip 5) / unpacked",
            f"{weights['graph_sent'] / 1e6:.3f} MB / {weights['graph'] / 1e6:.3f} MB "
            f"(search {weights['wasm_sent'] / 1e3:.1f} / {weights['wasm'] / 1e3:.1f} kB; "
            f"every file kept {weights['release_sent'] / 1e3:.0f} kB as sent)",
            f"<= {TARGETS['graph_mb']} MB",
        )
    )
    link, page_only = ready
    rows.append(
        (
            f"first visit to ready offline at 1.6 Mbps, median of {args.runs}",
            f"{statistics.median(link):.2f} s over the shared slow link (fastest "
            f"{min(link):.2f}, slowest {max(link):.2f}); CDP on the page alone, the "
            f"worker's fetches unthrottled: {statistics.median(page_only):.2f} s",
            f"<= {TARGETS['ready_s']} s",
        )
    )
    rows.append(
        (
            f"offline: press to {WORDS} words drawn, first / median of {args.runs} more",
            f"{offline[0]:.1f} / {offline[1]:.1f} ms ({engine}); online, server: "
            f"{online[0]:.1f} / {online[1]:.1f} ms",
            f"<= {TARGETS['offline_ms']:.0f} ms",
        )
    )
    print("\n| measure | figure | target |\n|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


def print_presses(measured: list[Presses], args: argparse.Namespace) -> None:
    """Each run's presses, and the medians of the first presses over the runs."""
    print("\n| run | offline: first / median of more | online: first / median of more |")
    print("|---|---|---|")
    for run, (online, offline, engine) in enumerate(measured, 1):
        print(
            f"| {run} | {offline[0]:.1f} / {offline[1]:.1f} ms ({engine}) | "
            f"{online[0]:.1f} / {online[1]:.1f} ms |"
        )
    offline_first = statistics.median(offline[0] for _, offline, _ in measured)
    online_first = statistics.median(online[0] for online, _, _ in measured)
    print(
        f"\nfirst press, median of {len(measured)} fresh profiles ({args.runs} more presses "
        f"each): offline {offline_first:.1f} ms (target <= {TARGETS['offline_ms']:.0f}), "
        f"online {online_first:.1f} ms"
    )


if __name__ == "__main__":
    sys.exit(main())
