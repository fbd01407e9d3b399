"""A room's clock at its edges, through the public API of games/rooms.py: a word judged
before a round closes and stored after it, results asked for a moment before the close
and at it, and the limits on the word of the limit and the one past it.

The round here is rolled with seed 0 from the classic dice, as in test_rooms_game.py
(flat, flap, upon and float are on it), and lasts 60 s with 2 s of grace; when it closes
is read from the room's state. The clock stands still unless a test moves it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rooms_db import Clock

from boggle import Catalog, Dictionary
from games.db import Database
from games.errors import RoundNotOver, RoundOver, TooManyWords, WordLimitReached
from games.rooms import RoomLimits, Rooms, RoomSettings, Seat

CLASSIC = RoomSettings("classic", 4, 4, 3, "standard", 60)
CLIENT = "192.0.2.1"


class SlowCatalog:
    """The test's catalog, whose next dictionary takes ``delay`` seconds of the clock to
    hand over: a judge slow enough for the round to close while a word is judged."""

    def __init__(self, catalog: Catalog, clock: Clock) -> None:
        self.catalog = catalog
        self.clock = clock
        self.delay = 0.0

    def get(self, name: str | None = None) -> Dictionary:
        self.clock.advance(self.delay)
        self.delay = 0.0
        return self.catalog.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self.catalog

    def __getattr__(self, name: str) -> object:
        return getattr(self.catalog, name)


@pytest.fixture
def database(room_database: str) -> Iterator[Database]:
    database = Database(room_database)
    yield database
    database.dispose()


@pytest.fixture
def slow(catalog: Catalog, clock: Clock) -> SlowCatalog:
    return SlowCatalog(catalog, clock)


def make_rooms(database: Database, catalog: object, clock: Clock, **limits: int) -> Rooms:
    """Rooms rolling seed 0, the word rate out of the way unless a test sets it."""
    limits = {"words_per_second": 1000, **limits}
    return Rooms(database, catalog, RoomLimits(**limits), clock=clock, seeds=lambda: 0)  # type: ignore[arg-type]


def started(rooms: Rooms, clock: Clock) -> tuple[Seat, float]:
    """Ann's room with its first round started and the clock at its start (after any
    countdown), and the time the round closes, as the room's state gives it; times are
    set from it, not added up, so that the close is met to the bit."""
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    rooms.start_round(ann.room, ann.token)
    played = rooms.state(ann.room, ann.token)["round"]
    clock.now = max(clock.now, played["started_at"])  # past any countdown: words count
    return ann, played["closes_at"]


def test_a_word_judged_before_the_close_and_stored_after_it_is_refused(
    database: Database, slow: SlowCatalog, clock: Clock
) -> None:
    rooms = make_rooms(database, slow, clock)
    ann, closes = started(rooms, clock)
    clock.now = closes - 0.001  # open: the word is taken and sent to be judged...
    slow.delay = closes - clock.now  # ...and the round closes while it is judged
    with pytest.raises(RoundOver):
        rooms.submit(ann.room, ann.token, 1, "flat")
    # Not stored: the scores, taken at the close, could not have counted it.
    assert rooms.results(ann.room, ann.token, 1)["players"][0]["words"] == []


def test_a_word_judged_and_stored_before_the_close_counts(
    database: Database, slow: SlowCatalog, clock: Clock
) -> None:
    rooms = make_rooms(database, slow, clock)
    ann, closes = started(rooms, clock)
    clock.now = closes - 0.002
    slow.delay = 0.001  # judged slowly, but stored a millisecond before the close
    assert rooms.submit(ann.room, ann.token, 1, "flat").verdict == "accepted"
    clock.now = closes
    words = rooms.results(ann.room, ann.token, 1)["players"][0]["words"]
    assert [w["word"] for w in words] == ["flat"]


def test_results_wait_for_the_close_to_the_millisecond(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock)
    ann, closes = started(rooms, clock)
    clock.now = closes - 0.001
    with pytest.raises(RoundNotOver) as early:
        rooms.results(ann.room, ann.token, 1)
    assert early.value.retry_after == pytest.approx(0.001, abs=1e-6)
    clock.now = closes  # the close: the results are served
    assert rooms.results(ann.room, ann.token, 1)["players"][0]["name"] == "Ann"


def test_the_round_s_state_turns_at_the_close(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock)
    ann, closes = started(rooms, clock)
    clock.now = closes - 0.001
    assert rooms.state(ann.room, ann.token)["round"]["state"] == "playing"
    clock.now = closes
    assert rooms.state(ann.room, ann.token)["round"]["state"] == "finished"


def test_the_last_word_a_round_keeps_is_kept_and_the_next_refused(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock, max_words=3)
    ann, _ = started(rooms, clock)
    sent = [rooms.submit(ann.room, ann.token, 1, w).verdict for w in ("flat", "flap", "upon")]
    assert sent == ["accepted"] * 3
    with pytest.raises(WordLimitReached, match="you have sent 3 words this round"):
        rooms.submit(ann.room, ann.token, 1, "float")
    # A word sent before is still answered as a repeat, not refused.
    assert rooms.submit(ann.room, ann.token, 1, "flat").verdict == "repeat"


def test_the_word_rate_allows_the_limit_in_a_second_and_refuses_one_more(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock, words_per_second=2)
    ann, _ = started(rooms, clock)
    rooms.submit(ann.room, ann.token, 1, "flat")
    rooms.submit(ann.room, ann.token, 1, "flap")
    with pytest.raises(TooManyWords):
        rooms.submit(ann.room, ann.token, 1, "upon")
    clock.advance(1)  # a new second: the count starts again
    assert rooms.submit(ann.room, ann.token, 1, "upon").verdict == "accepted"
