"""A quick probe of fair sharing: 8 clients post the worst 40x40 board while 4 solve 4x4 boards.

    python benchmarks/fair_sharing_probe.py PORT SECONDS

Against a server already listening on 127.0.0.1:PORT (started with the large list
loaded). Each client holds one connection and sends requests back to back for
SECONDS; each request times out after 10 s. Prints the cheap side's latency
percentiles and failures, and how the expensive requests were answered and how
long the slowest took. A probe for one machine, not the acceptance test of the
production recipe.
"""

from __future__ import annotations

import http.client
import json
import random
import sys
import threading
import time

TILE = ("asar", "asar", "asar", "asas")  # the worst tile found (tests/test_limits.py)
WORST = "/".join("".join(TILE[r % 4][c % 4] for c in range(40)) for r in range(40))
LETTERS = "abcdefghijklmnoprstuvwy"


def main() -> int:
    port, seconds = int(sys.argv[1]), float(sys.argv[2])
    stop = time.monotonic() + seconds
    answers: dict[str, list[tuple[int | str, float]]] = {"cheap": [], "expensive": []}
    lock = threading.Lock()

    def client(kind: str) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        rng = random.Random()
        while time.monotonic() < stop:
            started = time.monotonic()
            try:
                if kind == "cheap":
                    board = "".join(rng.choice(LETTERS) for _ in range(16))
                    connection.request("GET", f"/solve?board={board}")
                else:
                    body = json.dumps({"board": WORST, "dictionary": "large"})
                    connection.request("POST", "/solve", body, {"Content-Type": "application/json"})
                response = connection.getresponse()
                response.read()
                status: int | str = response.status
            except (OSError, http.client.HTTPException) as error:
                status = type(error).__name__
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            with lock:
                answers[kind].append((status, (time.monotonic() - started) * 1000))

    clients = [threading.Thread(target=client, args=("expensive",)) for _ in range(8)]
    clients += [threading.Thread(target=client, args=("cheap",)) for _ in range(4)]
    for thread in clients:
        thread.start()
    for thread in clients:
        thread.join()
    times = sorted(ms for _, ms in answers["cheap"])

    def at(share: float) -> float:
        return times[min(len(times) - 1, int(share * len(times)))]

    failed = sum(1 for status, _ in answers["cheap"] if status != 200)
    print(
        f"cheap: {len(times)} requests, p50 {at(0.5):.1f} ms, p99 {at(0.99):.1f} ms, "
        f"max {times[-1]:.1f} ms, not 200: {failed}"
    )
    statuses: dict[int | str, int] = {}
    for status, _ in answers["expensive"]:
        statuses[status] = statuses.get(status, 0) + 1
    slowest = max(ms for _, ms in answers["expensive"])
    late = sum(1 for _, ms in answers["expensive"] if ms > 3000)
    print(
        f"expensive: {len(answers['expensive'])} answers {statuses}, slowest {slowest:.0f} ms, "
        f"over 3 s: {late}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
