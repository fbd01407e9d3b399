"""Warming the app in gunicorn's master, before it forks its workers.

Much of what a request needs is made on its first use and kept: each template compiled,
each language's catalogue and Babel's locale data read, the page scripts' messages
gathered, modules imported (the QR code's, the CSV writer's), regular expressions
compiled. Made in a worker, each worker holds its own copy; made in the master before
the fork, the workers share one (and ``gc.freeze`` keeps the collector from touching
it). ``warm_up`` asks the app for every page and API answer in every language once,
through its test client, so that all of it is made there.

No request here touches the rooms' database: a connection opened before the fork
would be shared by every worker, which no database driver allows.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc

from flask import Flask

from . import i18n

#: A board with words in it for every language's dice (letters all lists have).
BOARD = "sers/pate/line/sors"
#: Page and API addresses answered without the database, each asked once per language.
ADDRESSES = (
    "/",
    f"/?board={BOARD}",
    "/practice",
    "/scoring",
    "/room",
    "/no-such-page",
    "/dictionaries",
    "/random?seed=1",
    f"/qr?board={BOARD}",
    f"/words.csv?board={BOARD}",
    "/lookup?word=sea",
    "/define?word=sea",
    # Playing apart's, as a browser with no player key asks for them: no database.
    "/today",
    "/me",
    "/privacy",
    "/daily",
)


def warm_up(app: Flask) -> int:
    """Ask the app for each of ADDRESSES and /solve on every loaded list, in every
    language; the number of answers (any status: an error page warms its template too)."""
    hosts = app.config.get("TRUSTED_HOSTS") or ["localhost"]
    host = hosts[0].lstrip(".") or "localhost"
    client = app.test_client()
    # The lists loaded already (all of them in the recipe): warming must not load more.
    lists = [
        entry["name"] for entry in app.extensions["boggle.catalog"].describe() if entry["loaded"]
    ]
    answered = 0
    for code in i18n.LANGUAGES:
        headers = {"Accept-Language": code, "Host": host}
        for address in ADDRESSES:
            client.get(address, headers=headers)
            answered += 1
        for name in lists:
            client.get(f"/solve?board={BOARD}&dictionary={name}", headers=headers)
            answered += 1
        client.post(
            "/score",
            json={"board": BOARD, "players": [{"name": "Ann", "words": ["sea", "pat"]}]},
            headers=headers,
        )
        answered += 1
    return answered


def settle_before_fork(app: Flask) -> int:
    """What the server does with the loaded app before it forks its workers: warm it
    (``warm_up``), give back what loading and warming freed, and freeze what is left
    out of the garbage collector's sight; the number of answers warming made.

    A full collection walks every tracked object: with the app loaded that is about
    70,000, tens of ms a time, landing on whichever request is running. Frozen before
    the fork, they are never walked again, and their pages stay shared with the workers.
    The memory freed goes back to the system rather than stay in the server's heap,
    where each worker's first allocations would land and copy the pages (glibc only;
    elsewhere there is no such call and nothing to do).
    """
    answered = warm_up(app)
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).malloc_trim(0)
    gc.freeze()
    return answered
