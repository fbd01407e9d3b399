"""A room's clock at its edges, through the public API of games/rooms.py: a word judged
before a round closes and stored after it, a word at the start and at the close, results
asked for a moment before the close and at it, the limits on the word of the limit and
the one past it, and what each refusal says.

The round here is rolled with seed 0 from the classic dice, as in test_rooms_game.py
(flat, flap, upon and float are on it), and lasts 60 s with 2 s of grace; when it closes
is read from the room's state. The clock stands still unless a test moves it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rooms_db import Clock
from sqlalchemy import select

from boggle import Catalog, Dictionary
from games.db import Database
from games.errors import (
    RoundNotCurrent,
    RoundNotOver,
    RoundNotStarted,
    RoundOver,
    TooManyWords,
    WordLimitReached,
)
from games.models import Score
from games.rooms import RoomLimits, Rooms, RoomSettings, Seat

CLASSIC = RoomSettings("classic", 4, 4, 3, "standard", 60)
CLIENT = "192.0.2.1"


class SlowCatalog:
    """The test's catalog, whose next dictionary takes ``delay`` seconds of the clock to
    hand over: a judge slow enough for the round to close while a word is judged. It
    counts the dictionaries asked for (``asked``): a word judged asks for one."""

    def __init__(self, catalog: Catalog, clock: Clock) -> None:
        self.catalog = catalog
        self.clock = clock
        self.delay = 0.0
        self.asked = 0

    def get(self, name: str | None = None) -> Dictionary:
        self.asked += 1
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
    with pytest.raises(RoundOver) as late:
        rooms.submit(ann.room, ann.token, 1, "flat")
    assert late.value.message == f"round 1 of room {ann.room} is over"
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


def test_a_word_at_the_start_counts_and_one_before_it_says_when_the_round_starts(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock)
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    rooms.start_round(ann.room, ann.token)
    starts = rooms.state(ann.room, ann.token)["round"]["started_at"]
    clock.now = starts - 1.75  # counting down
    with pytest.raises(RoundNotStarted) as early:
        rooms.submit(ann.room, ann.token, 1, "flat")
    assert early.value.retry_after == pytest.approx(1.75, abs=1e-6)
    assert early.value.message == f"round 1 of room {ann.room} starts in 1.8 s"
    clock.now = starts
    assert rooms.submit(ann.room, ann.token, 1, "flat").verdict == "accepted"


def test_a_word_sent_at_the_close_is_refused_before_it_is_judged(
    database: Database, slow: SlowCatalog, clock: Clock
) -> None:
    # The check under the round's lock would refuse it too, after a search; the first
    # check, before the word is judged, spares the search.
    rooms = make_rooms(database, slow, clock)
    ann, closes = started(rooms, clock)
    clock.now = closes
    slow.asked = 0
    with pytest.raises(RoundOver) as late:
        rooms.submit(ann.room, ann.token, 1, "flat")
    assert late.value.message == f"round 1 of room {ann.room} is over"
    assert slow.asked == 0


def test_a_word_for_an_earlier_round_names_the_round_the_room_is_on(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock)
    ann, closes = started(rooms, clock)
    clock.now = closes
    assert rooms.start_round(ann.room, ann.token) == 2
    with pytest.raises(RoundNotCurrent) as earlier:
        rooms.submit(ann.room, ann.token, 1, "flat")
    assert earlier.value.message == f"round 1 is over; room {ann.room} is on round 2"


def test_results_asked_for_before_the_close_say_in_how_long_they_come(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock)
    ann, closes = started(rooms, clock)
    clock.now = closes - 0.75
    with pytest.raises(RoundNotOver) as early:
        rooms.results(ann.room, ann.token, 1)
    assert early.value.retry_after == pytest.approx(0.75, abs=1e-6)
    assert early.value.message == (
        f"round 1 of room {ann.room} is still being played; its results come 0.8 s from now"
    )


def test_reading_a_round_s_results_stores_its_scores(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock)
    ann, closes = started(rooms, clock)
    rooms.submit(ann.room, ann.token, 1, "float")
    clock.now = closes
    assert rooms.results(ann.room, ann.token, 1)["players"][0]["total_score"] == 2
    with database.reading() as session:  # stored by the results alone, no poll between
        assert session.execute(select(Score.points)).scalars().all() == [2]


def test_a_poll_in_the_grace_leaves_the_round_open_to_the_words_still_sent(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock)
    ann, closes = started(rooms, clock)
    clock.now = closes - 0.25  # past the round's end, in its grace
    assert rooms.state(ann.room, ann.token)["players"][0]["total_score"] == 0
    assert rooms.submit(ann.room, ann.token, 1, "float").verdict == "accepted"
    clock.now = closes
    assert rooms.state(ann.room, ann.token)["players"][0]["total_score"] == 2


def test_a_word_sent_again_is_answered_with_its_first_verdict_whole(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock)
    ann, _ = started(rooms, clock)
    rooms.submit(ann.room, ann.token, 1, "flat")
    assert rooms.submit(ann.room, ann.token, 1, "FLAT").as_dict() == {
        "word": "flat",
        "verdict": "repeat",
        "path": [[0, 0], [0, 1], [0, 2], [0, 3]],
        "score": 1,
    }


def test_a_word_refused_scores_nothing(database: Database, catalog: Catalog, clock: Clock) -> None:
    rooms = make_rooms(database, catalog, clock)
    ann, _ = started(rooms, clock)
    refused = [rooms.submit(ann.room, ann.token, 1, w) for w in ("xyzzy", "zebra", "up")]
    assert [(w.verdict, w.score) for w in refused] == [
        ("not_a_word", 0),
        ("not_on_board", 0),
        ("too_short", 0),
    ]
    assert [w.score for w in rooms.words(ann.room, ann.token, 1)] == [0, 0, 0]


def test_a_round_that_keeps_one_word_says_so_in_the_singular(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock, max_words=1)
    ann, _ = started(rooms, clock)
    rooms.submit(ann.room, ann.token, 1, "flat")
    with pytest.raises(WordLimitReached) as full:
        rooms.submit(ann.room, ann.token, 1, "flap")
    assert full.value.message == "you have sent 1 word this round, the most a round keeps"


def test_the_word_rate_s_second_ends_to_the_bit_and_its_refusal_says_when(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock, words_per_second=2)
    ann, _ = started(rooms, clock)
    opened = clock.now  # the first word opens the second the rate counts
    rooms.submit(ann.room, ann.token, 1, "flat")
    clock.now = opened + 0.25
    rooms.submit(ann.room, ann.token, 1, "flap")
    with pytest.raises(TooManyWords) as fast:
        rooms.submit(ann.room, ann.token, 1, "upon")
    assert fast.value.retry_after == pytest.approx(0.75, abs=1e-6)
    assert fast.value.message == "at most 2 words a second; send the next in 0.8 s"
    clock.now = opened + 1.0  # the second is over to the bit: a new one opens
    assert rooms.submit(ann.room, ann.token, 1, "upon").verdict == "accepted"


def test_a_rate_of_one_word_a_second_says_so_in_the_singular(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock, words_per_second=1)
    ann, _ = started(rooms, clock)
    rooms.submit(ann.room, ann.token, 1, "flat")
    with pytest.raises(TooManyWords) as fast:
        rooms.submit(ann.room, ann.token, 1, "flap")
    assert fast.value.message == "at most 1 word a second; send the next in 1.0 s"


def test_a_round_whose_scores_will_not_store_is_an_error_after_one_more_try(
    database: Database, catalog: Catalog, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A store that leaves the round unscored (a database that loses the write) must not
    # send the room's document round a loop: one more try, then an error saying why.
    rooms = make_rooms(database, catalog, clock)
    ann, closes = started(rooms, clock)
    clock.now = closes
    tries: list[int] = []
    monkeypatch.setattr(rooms, "_store_scores", lambda code, number: tries.append(number))
    with pytest.raises(AssertionError) as stuck:
        rooms.state(ann.room, ann.token)
    assert str(stuck.value) == "scores were stored, yet a round is still unscored"
    assert tries == [1, 1]
