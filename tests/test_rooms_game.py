"""The game in a room (games/rooms.py), without the web: verdicts, words crossed off for
all, the tie-break, totals over rounds, a late joiner, the round's clock and grace,
the limits, and pruning idle rooms; on SQLite and PostgreSQL, with a clock the tests
move by hand.

Every round is rolled with seed 0 from the classic dice:

    F L A T
    N O P U
    H F D S
    A S L N

Words traced on it by hand: float (F L O A T, 5 letters, 2 points), talon and plods
(2 points each), flat, flap and upon (1 point each).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rooms_db import Clock
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from boggle import Catalog
from games import codes
from games import rooms as rooms_module
from games.db import Database
from games.errors import (
    DatabaseUnavailable,
    NameTaken,
    NotHost,
    RoomFull,
    RoundInProgress,
    RoundNotCurrent,
    RoundNotOver,
    RoundOver,
    TooManyRooms,
    TooManyWords,
    Unauthorized,
    UnknownRoom,
    UnknownRound,
    WordLimitReached,
)
from games.models import Creation, Player, Room, Round, Score, Word
from games.rooms import RoomLimits, Rooms, RoomSettings, Seat

CLASSIC = RoomSettings("classic", 4, 4, 3, "standard", 60)
CLIENT = "192.0.2.1"


@pytest.fixture
def database(room_database: str) -> Iterator[Database]:
    database = Database(room_database)
    yield database
    database.dispose()


def make_rooms(database: Database, catalog: Catalog, clock: Clock, **limits: int) -> Rooms:
    """Rooms on the test's database and clock, rolling seed 0; the clock stands still
    unless a test moves it, so the word rate is out of the way unless a test sets it,
    and so is the countdown (a round starts when it is started)."""
    limits = {"words_per_second": 1000, "countdown": 0.0, **limits}
    return Rooms(database, catalog, RoomLimits(**limits), clock=clock, seeds=lambda: 0)


@pytest.fixture
def rooms(database: Database, catalog: Catalog, clock: Clock) -> Rooms:
    return make_rooms(database, catalog, clock)


def play(rooms: Rooms, seat: Seat, *words: str, number: int = 1) -> list[tuple[str, str]]:
    """Send words for a player; their (word, verdict) pairs."""
    sent = [rooms.submit(seat.room, seat.token, number, word) for word in words]
    return [(word.word, word.verdict) for word in sent]


def totals(rooms: Rooms, seat: Seat) -> dict[str, int]:
    return {p["name"]: p["total"] for p in rooms.state(seat.room, seat.token)["players"]}


# --- Verdicts ---------------------------------------------------------------------------


def test_each_verdict_and_its_path(rooms: Rooms) -> None:
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    rooms.start_round(ann.room, ann.token)
    float_ = rooms.submit(ann.room, ann.token, 1, "«Float»")
    assert float_.as_dict() == {
        "word": "float",
        "verdict": "accepted",
        "path": [[0, 0], [0, 1], [1, 1], [0, 2], [0, 3]],
        "score": 2,
    }
    again = rooms.submit(ann.room, ann.token, 1, "FLOAT")
    assert (again.verdict, again.path, again.score) == ("repeat", float_.path, 2)
    assert play(rooms, ann, "xyzzy", "zebra", "up", "the bath") == [
        ("xyzzy", "not_a_word"),
        ("zebra", "not_on_board"),  # a word, but not on this board
        ("up", "too_short"),
        ("the bath", "not_a_word"),
    ]
    # A word too short still shows where it is: U then P.
    assert rooms.words(ann.room, ann.token, 1)[3].path == ((1, 3), (1, 2))


def test_a_player_sees_only_their_own_words(rooms: Rooms) -> None:
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    bob = rooms.join(ann.room, "Bob")
    rooms.start_round(ann.room, ann.token)
    play(rooms, ann, "float")
    play(rooms, bob, "upon", "flat")
    assert [w.word for w in rooms.words(ann.room, ann.token, 1)] == ["float"]
    assert [w.word for w in rooms.words(bob.room, bob.token, 1)] == ["upon", "flat"]


# --- Results ----------------------------------------------------------------------------


def test_a_word_found_by_several_is_crossed_off_for_all(rooms: Rooms, clock: Clock) -> None:
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    bob = rooms.join(ann.room, "Bob")
    cy = rooms.join(ann.room, "Cy")
    rooms.start_round(ann.room, ann.token)
    play(rooms, ann, "upon", "talon")
    play(rooms, bob, "upon", "flat")
    play(rooms, cy, "upon", "talon", "plods")
    clock.advance(62)
    results = rooms.results(ann.room, ann.token, 1)
    judged = {
        p["name"]: [(w["word"], w["verdict"], w["points"], w["shared"]) for w in p["words"]]
        for p in results["players"]
    }
    assert judged == {
        "Ann": [("upon", "duplicate", 0, True), ("talon", "duplicate", 0, True)],
        "Bob": [("upon", "duplicate", 0, True), ("flat", "scored", 1, False)],
        "Cy": [
            ("upon", "duplicate", 0, True),
            ("talon", "duplicate", 0, True),
            ("plods", "scored", 2, False),
        ],
    }
    bob_upon = results["players"][1]["words"][0]
    assert bob_upon["with"] == ["Ann", "Cy"]
    assert [(r["rank"], r["name"], r["total_score"]) for r in results["ranking"]] == [
        (1, "Cy", 2),
        (2, "Bob", 1),
        (3, "Ann", 0),
    ]
    assert results["headline"] == "Cy wins with 2 points."


def test_equal_points_go_to_more_long_words(rooms: Rooms, clock: Clock) -> None:
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    bob = rooms.join(ann.room, "Bob")
    rooms.start_round(ann.room, ann.token)
    play(rooms, ann, "flat", "flap")  # 1 + 1, no long word
    play(rooms, bob, "float")  # 2, one word of 5 letters
    clock.advance(62)
    results = rooms.results(bob.room, bob.token, 1)
    assert [
        (r["rank"], r["name"], r["total_score"], r["long_words"], r["tie_break"])
        for r in results["ranking"]
    ] == [(1, "Bob", 2, 1, True), (2, "Ann", 2, 0, True)]
    assert results["headline"] == (
        "Bob wins on the tie-break: 2 points each, and 1 long word to Ann's 0."
    )
    assert results["winners"] == ["Bob"]


def test_totals_count_finished_rounds_only(rooms: Rooms, clock: Clock) -> None:
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    bob = rooms.join(ann.room, "Bob")
    rooms.start_round(ann.room, ann.token)
    play(rooms, ann, "float", "upon")
    play(rooms, bob, "upon", "flat")
    assert totals(rooms, ann) == {"Ann": 0, "Bob": 0}  # still playing
    clock.advance(62)
    assert totals(rooms, ann) == {"Ann": 2, "Bob": 1}
    assert rooms.start_round(ann.room, ann.token) == 2
    play(rooms, bob, "talon", "plods", number=2)
    assert totals(rooms, bob) == {"Ann": 2, "Bob": 1}
    clock.advance(62)
    assert totals(rooms, bob) == {"Ann": 2, "Bob": 5}


def test_a_late_joiner_plays_the_current_round(rooms: Rooms, clock: Clock) -> None:
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    rooms.start_round(ann.room, ann.token)
    play(rooms, ann, "flat")
    clock.advance(62)
    rooms.start_round(ann.room, ann.token)
    clock.advance(30)
    cy = rooms.join(ann.room, "Cy")
    assert play(rooms, cy, "talon", number=2) == [("talon", "accepted")]
    clock.advance(32)
    first = rooms.results(cy.room, cy.token, 1)
    second = rooms.results(cy.room, cy.token, 2)
    assert [p["name"] for p in first["players"]] == ["Ann"]  # Cy was not there yet
    assert [(p["name"], p["total_score"]) for p in second["players"]] == [("Ann", 0), ("Cy", 2)]
    assert totals(rooms, cy) == {"Ann": 1, "Cy": 2}


def test_scores_are_stored_once_however_often_results_are_read(
    rooms: Rooms, database: Database, catalog: Catalog, clock: Clock
) -> None:
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    bob = rooms.join(ann.room, "Bob")
    rooms.start_round(ann.room, ann.token)
    play(rooms, ann, "float")
    clock.advance(62)
    other = make_rooms(Database(database.url), catalog, clock)  # another process's view
    first = rooms.results(ann.room, ann.token, 1)
    assert other.results(bob.room, bob.token, 1) == first
    rooms.state(ann.room, None)
    other.state(ann.room, None)
    with database.reading() as session:
        stored = session.execute(select(Score.points).order_by(Score.player_id)).scalars().all()
        assert stored == [2, 0]
        played = session.scalar(select(Round))
        # A second store of the same round's points is refused by the schema itself.
    with pytest.raises(IntegrityError), database.writing() as session:
        session.add(Score(round_id=played.id, player_id=1, points=9, long_words=0))
    other.database.dispose()


# --- The clock --------------------------------------------------------------------------


def test_words_count_until_the_grace_ends(rooms: Rooms, clock: Clock) -> None:
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    rooms.start_round(ann.room, ann.token)
    clock.advance(60)  # the end
    assert play(rooms, ann, "flat") == [("flat", "accepted")]
    state = rooms.state(ann.room, ann.token)["round"]
    assert (state["state"], state["closes_at"] - state["ends_at"]) == ("playing", 0.5)
    with pytest.raises(RoundNotOver) as early:
        rooms.results(ann.room, ann.token, 1)
    assert early.value.retry_after == pytest.approx(0.5)
    clock.advance(0.499)
    assert play(rooms, ann, "flap") == [("flap", "accepted")]
    clock.advance(0.001)  # the end and the grace: over
    with pytest.raises(RoundOver):
        play(rooms, ann, "upon")
    assert rooms.state(ann.room, ann.token)["round"]["state"] == "finished"
    words = rooms.results(ann.room, ann.token, 1)["players"][0]["words"]
    assert [w["word"] for w in words] == ["flat", "flap"]


def test_a_round_cannot_start_while_one_is_played(rooms: Rooms, clock: Clock) -> None:
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    rooms.start_round(ann.room, ann.token)
    clock.advance(60.25)
    with pytest.raises(RoundInProgress) as playing:
        rooms.start_round(ann.room, ann.token)
    assert playing.value.retry_after == pytest.approx(0.25)
    clock.advance(0.25)
    assert rooms.start_round(ann.room, ann.token) == 2
    with pytest.raises(RoundNotCurrent):
        play(rooms, ann, "flat", number=1)
    with pytest.raises(UnknownRound):
        play(rooms, ann, "flat", number=3)


def test_the_rooms_state_follows_the_clock(rooms: Rooms, clock: Clock) -> None:
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    assert rooms.state(ann.room, ann.token)["round"]["state"] == "waiting"
    rooms.start_round(ann.room, ann.token)
    started = clock.now
    state = rooms.state(ann.room, ann.token)["round"]
    assert (state["number"], state["state"], state["started_at"], state["ends_at"]) == (
        1,
        "playing",
        started,
        started + 60,
    )
    clock.advance(62)
    assert rooms.state(ann.room, ann.token)["round"]["state"] == "finished"


# --- Seats and limits -------------------------------------------------------------------


def test_seats_are_numbered_in_joining_order_and_held_by_tokens(rooms: Rooms) -> None:
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    bob = rooms.join(ann.room.lower(), "Bob")
    assert (ann.id, ann.host, bob.id, bob.host) == (1, True, 2, False)
    assert rooms.seat(ann.room, bob.token) == bob
    with pytest.raises(Unauthorized):
        rooms.seat(ann.room, "forged")
    with pytest.raises(Unauthorized):
        rooms.seat(ann.room, None)
    other = rooms.create(CLASSIC, "Cy", CLIENT)
    with pytest.raises(Unauthorized):
        rooms.seat(other.room, ann.token)  # a seat in one room is none in another
    with pytest.raises(NotHost):
        rooms.start_round(bob.room, bob.token)
    with pytest.raises(UnknownRoom):
        rooms.join("ZZZZZZZZZZ", "Di")


def test_names_are_told_apart_in_any_case(rooms: Rooms) -> None:
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    with pytest.raises(NameTaken):
        rooms.join(ann.room, "aNN")
    assert rooms.join(ann.room, "Anne").id == 2


def test_a_full_room_seats_nobody_more(database: Database, catalog: Catalog, clock: Clock) -> None:
    rooms = make_rooms(database, catalog, clock, max_players=2)
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    rooms.join(ann.room, "Bob")
    with pytest.raises(RoomFull):
        rooms.join(ann.room, "Cy")


def test_rooms_per_client_and_hour(database: Database, catalog: Catalog, clock: Clock) -> None:
    rooms = make_rooms(database, catalog, clock, rooms_per_hour=2)
    rooms.create(CLASSIC, "Ann", CLIENT)
    clock.advance(1000)
    rooms.create(CLASSIC, "Ann", CLIENT)
    with pytest.raises(TooManyRooms) as refused:
        rooms.create(CLASSIC, "Ann", CLIENT)
    assert refused.value.retry_after == pytest.approx(2600)
    rooms.create(CLASSIC, "Bob", "192.0.2.2")
    clock.advance(2600)
    rooms.create(CLASSIC, "Ann", CLIENT)
    with database.reading() as session:
        kept = session.scalars(select(Creation.client)).all()
    assert CLIENT not in kept and codes.client_key(CLIENT) in kept  # a hash, never the address


def test_words_per_second(database: Database, catalog: Catalog, clock: Clock) -> None:
    rooms = make_rooms(database, catalog, clock, words_per_second=3)
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    rooms.start_round(ann.room, ann.token)
    play(rooms, ann, "flat", "flap", "flat")
    with pytest.raises(TooManyWords) as refused:
        play(rooms, ann, "upon")
    assert refused.value.retry_after == pytest.approx(1.0)
    clock.advance(0.999)
    with pytest.raises(TooManyWords):
        play(rooms, ann, "upon")
    clock.advance(0.001)
    assert play(rooms, ann, "upon", "float", "talon") == [
        ("upon", "accepted"),
        ("float", "accepted"),
        ("talon", "accepted"),
    ]


def test_words_per_round(database: Database, catalog: Catalog, clock: Clock) -> None:
    rooms = make_rooms(database, catalog, clock, max_words=2)
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    rooms.start_round(ann.room, ann.token)
    play(rooms, ann, "flat", "flap")
    assert play(rooms, ann, "flat") == [("flat", "repeat")]  # not a new word
    with pytest.raises(WordLimitReached):
        play(rooms, ann, "upon")


# --- Pruning ----------------------------------------------------------------------------


def test_prune_deletes_idle_rooms_and_everything_in_them(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock, idle_seconds=3600)
    idle = rooms.create(CLASSIC, "Ann", CLIENT)
    rooms.join(idle.room, "Bob")
    rooms.start_round(idle.room, idle.token)
    play(rooms, idle, "flat")
    clock.advance(1800)
    busy = rooms.create(CLASSIC, "Cy", CLIENT)
    clock.advance(1800)  # the first room's round closed (at 62 s) 3,538 s ago
    assert rooms.prune() == 0
    clock.advance(63)  # and now 3,601 s ago; the second room was made 1,863 s ago
    assert rooms.prune() == 1
    with pytest.raises(UnknownRoom):
        rooms.state(idle.room, None)
    assert rooms.state(busy.room, None)["players"][0]["name"] == "Cy"
    with database.reading() as session:
        left = {
            model.__tablename__: session.scalar(select(func.count()).select_from(model))
            for model in (Room, Player, Round, Word, Score, Creation)
        }
    # The room creations more than an hour old are forgotten too: only Cy's is left.
    assert left == {"rooms": 1, "players": 1, "rounds": 0, "words": 0, "scores": 0, "creations": 1}


def test_prune_keeps_a_room_whose_round_is_still_playing(
    database: Database, catalog: Catalog, clock: Clock
) -> None:
    rooms = make_rooms(database, catalog, clock, idle_seconds=60)
    long_round = RoomSettings("classic", 4, 4, 3, "standard", 600)
    ann = rooms.create(long_round, "Ann", CLIENT)
    rooms.start_round(ann.room, ann.token)
    clock.advance(300)
    assert rooms.prune() == 0
    clock.advance(302)
    assert rooms.prune() == 0  # the round is over, but has not been idle a minute yet
    clock.advance(60)
    assert rooms.prune() == 1


# --- The poll's reads ---------------------------------------------------------------------


def test_the_poll_s_reads_give_the_rows_a_session_gives(rooms: Rooms, clock: Clock) -> None:
    ann = rooms.create(CLASSIC, "Ann", CLIENT)
    rooms.join(ann.room, "Bob")
    rooms.start_round(ann.room, ann.token)
    play(rooms, ann, "float", "flat")
    clock.advance(120)  # the round over, its scores stored by the next poll
    rooms.state(ann.room, ann.token)
    rooms.start_round(ann.room, ann.token)
    room = rooms_module.ROOM_BY_CODE
    reads = [
        (rooms_module.ROOM_VERSION, {"code": ann.room, "digest": codes.token_hash(ann.token)}),
        (rooms_module.ROOM_VERSION, {"code": ann.room, "digest": ""}),
        (room, {"code": ann.room}),
        (room, {"code": "NOSUCHROOM"}),
    ]
    with rooms.database.reading() as session:
        room_id = session.execute(room, {"code": ann.room}).first().id
    reads += [
        (rooms_module.SEATED, {"room": room_id}),
        (rooms_module.LATEST_ROUND, {"room": room_id}),
        (rooms_module.UNSCORED_ROUNDS, {"room": room_id, "closed_before": clock() + 1000}),
    ]
    for statement, parameters in reads:
        with rooms.database.reading() as session:
            expected = session.execute(statement, parameters).all()
        with rooms.database.snapshot() as snapshot:
            rows = snapshot.execute(statement, parameters)
        # The same values (SQLite's flags are 0 and 1, equal to False and True)...
        assert [tuple(row) for row in rows.all()] == [tuple(row) for row in expected]
        # ...under the same names, as a Session's rows have them.
        for row, want in zip(rows, expected, strict=True):
            assert row._asdict() == want._asdict()
        assert rows.first() == (expected[0] if expected else None)
    with rooms.database.snapshot() as snapshot:
        unscored = snapshot.execute(rooms_module.UNSCORED_ROUNDS, reads[-1][1]).scalars()
    assert unscored == [2]


def test_a_poll_on_a_locked_database_is_unavailable_not_an_error(
    database: Database, rooms: Rooms
) -> None:
    ann = rooms.create(CLASSIC, "Ann", CLIENT)

    class Locked:
        def cursor(self) -> None:
            raise database.engine.dialect.loaded_dbapi.OperationalError("database is locked")

        def close(self) -> None:
            pass

    database.engine.raw_connection = Locked  # type: ignore[method-assign]
    with pytest.raises(DatabaseUnavailable, match="stayed busy"):
        rooms.visit(ann.room, ann.token, CLIENT)
