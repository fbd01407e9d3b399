"""The database: an engine per process from a URL, sessions for reading and writing,
and the check that the schema is the one this code needs.

SQLite (the default: a file under ``instance/``) or PostgreSQL
(``postgresql+psycopg://...``), by URL. Nothing connects until the first room
request, so starting the app costs no database time and a server starts whether or
not its database is up yet.

Engines are made per process, on first use: gunicorn loads the app in its master and
forks the workers, and a pool's connections must never be shared across a fork (two
processes talking over one socket interleave their messages). Each worker makes its
own on its first request.

SQLite: write-ahead logging, so that readers never wait for a writer; a busy timeout,
so that a writer waits for another's lock instead of failing at once; and each
writing transaction starts with ``BEGIN IMMEDIATE``, taking the write lock before it
reads. A transaction that read first and then wrote would take the lock late, and two
such transactions in two workers would each wait for the other to finish its read
(SQLite refuses the second at once: "database is locked"). PostgreSQL: a pool whose
connections are checked as they are taken (``_dropped``), so that a restarted database
costs a reconnection, not an error; the check looks at the connection's socket rather
than sending a ``SELECT 1`` (``pool_pre_ping``), which cost a round trip to the server
on every request.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import time
from collections import namedtuple
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from sqlalchemy import (
    Delete,
    Engine,
    Insert,
    Select,
    Update,
    create_engine,
    event,
    text,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import (
    ArgumentError,
    DBAPIError,
    DisconnectionError,
    NoSuchModuleError,
    OperationalError,
)
from sqlalchemy.orm import Session, sessionmaker

from boggle.i18n import N_

from .errors import DatabaseNotReady, DatabaseUnavailable

ROOT = Path(__file__).resolve().parent.parent
#: The migration this code's tables match: the head of ``migrations/versions``
#: (tests/test_rooms_schema.py holds the two equal).
SCHEMA_REVISION = "0003_play_apart"
#: How long an SQLite writer waits for another's lock before giving up, in milliseconds.
SQLITE_BUSY_MS = 5000
#: How SQLite makes a commit durable (PRAGMA synchronous): "full" writes the log to disk
#: (fsync) before a commit returns, so a committed word survives a power cut too;
#: "normal" leaves that to the next checkpoint, so a commit costs no disk wait and
#: survives any process's death, but the last commits before a power cut or an
#: operating system crash may be lost (never the database's consistency).
SQLITE_SYNCHRONOUS = ("full", "normal")
#: psycopg's state of a connection in a transaction whose statements have all succeeded
#: (``psycopg.pq.TransactionStatus.INTRANS``; PQtransactionStatus's PQTRANS_INTRANS).
_INTRANS = 2
#: PostgreSQL: a pooled connection older than this is replaced when next taken, in
#: seconds, so that one dropped without a word (by a firewall or a proxy between the
#: app and the database, which the socket's check cannot see) lives at most this long.
POOL_RECYCLE_SECONDS = 3600
#: The most idle connections a process keeps for ``Database.read`` (the room's poll):
#: as many as its reads that run at once, so one for a sync worker, a few for the
#: development server's threads; one given back past this is closed.
KEPT_SPARES_MOST = 8
#: The back-ends the rooms are written and tested for.
BACKENDS = ("sqlite", "postgresql")
# The operator's errors are made in English, the server log's language, and translated
# where a player is shown them (web/rooms/api.py, room_api_error).
NOT_READY = N_(
    "the rooms database has no tables yet, or older ones: run `make db-upgrade` "
    "(alembic upgrade head) with the server's BOGGLE_DATABASE_URL"
)
BUSY = N_("the rooms database stayed busy past the wait allowed; try again")
UNREACHABLE = N_("the rooms database cannot be reached; try again in a moment")


#: What a ``Snapshot`` runs: a select, or an insert, update or delete.
Statement = Select[Any] | Insert | Update | Delete


class DatabaseURLError(ValueError):
    """A database URL that cannot be used; the message says why."""


def default_url(root: Path = ROOT) -> str:
    """The URL used when none is set: an SQLite file in the project's ``instance/``."""
    return f"sqlite:///{root / 'instance' / 'rooms.sqlite3'}"


def check_url(value: str) -> URL:
    """The URL read and checked without connecting; DatabaseURLError saying what it must
    be (worded to follow "it must be")."""
    try:
        url = make_url(value)
    except ArgumentError:
        raise DatabaseURLError(
            "a database URL: sqlite:///path/to/file.sqlite3 or "
            "postgresql+psycopg://user:password@host/database"
        ) from None
    backend = url.get_backend_name()
    if backend not in BACKENDS:
        raise DatabaseURLError(f"an SQLite or PostgreSQL URL, not {backend}")
    try:
        url.get_dialect().import_dbapi()
    except (NoSuchModuleError, ImportError):
        raise DatabaseURLError(
            f"a URL whose driver is installed (sqlite:// or postgresql+psycopg://), "
            f"not {url.drivername}"
        ) from None
    if backend == "sqlite" and url.database in (None, "", ":memory:"):
        raise DatabaseURLError(
            "an SQLite file, sqlite:///path (a database in memory would be one per connection)"
        )
    return url


def shown_url(value: Any) -> str:
    """A URL as it may be printed: without its password."""
    try:
        return repr(make_url(value).render_as_string(hide_password=True))
    except (ArgumentError, TypeError, AttributeError):
        return "(a value that is not a URL)"


class Compiled(NamedTuple):
    """A statement compiled for one database (``Database._compiled``)."""

    statement: Statement  # kept, so that its id names no other statement
    sql: str
    order: tuple[str, ...] | None  # the parameters' order, or None: passed by name
    fixed: dict[str, Any]  # the statement's own values (LIMIT 1), under those passed
    row: type | None  # a named tuple of the selected (or returned) columns; None: none


class Snapshot:
    """Statements run on the driver's cursor in one transaction: a consistent view, with
    ``execute(statement, parameters)`` as a Session's for the rows it reads.

    For the statements of the busiest requests (the room's poll, a word sent to a board
    played apart): selects, and inserts and updates (with their RETURNING rows) in a
    writing transaction (``Database.statements``), whose parameters are text and
    numbers, which need no conversion, and whose rows hold text, numbers and flags
    (SQLite's are 0 or 1, not False or True). Through a Session, each of them cost
    several times the statement itself: the ORM's transaction bookkeeping, its
    result objects, a BEGIN and a COMMIT of its own (benchmarks/README.md).
    """

    def __init__(self, cursor: Any, compiled: Callable[[Statement], Compiled]) -> None:
        self._cursor = cursor
        self._compiled = compiled
        self.wrote = False  # whether an insert, update or delete has been sent

    def execute(self, statement: Statement, parameters: Mapping[str, Any]) -> Rows:
        """Run a statement; its rows (none for one that returns none)."""
        found = self._compiled(statement)
        self.wrote = self.wrote or not isinstance(statement, Select)
        values = {**found.fixed, **parameters} if found.fixed else parameters
        self._cursor.execute(
            found.sql,
            values if found.order is None else tuple(map(values.__getitem__, found.order)),
        )
        if found.row is None:
            return Rows()
        return Rows(map(found.row._make, self._cursor.fetchall()))


class Rows(list):  # type: ignore[type-arg]
    """A select's rows, read as a Session's result is."""

    def first(self) -> Any:
        """The first row, or None."""
        return self[0] if self else None

    def all(self) -> list[Any]:
        """Every row."""
        return list(self)

    def scalars(self) -> list[Any]:
        """Each row's first column."""
        return [row[0] for row in self]


#: This process's id, kept by a hook that runs in each forked child rather than asked
#: of the system each time: ``os.getpid()`` is a system call (half a microsecond), and
#: a room's poll asked it four to eight times, to know its engine and connections its own.
_process = [os.getpid()]
os.register_at_fork(after_in_child=lambda: _process.__setitem__(0, os.getpid()))


def _process_id() -> int:
    """This process's id (see ``_process``)."""
    return _process[0]


class Database:
    """One database by URL: an engine per process, made on first use."""

    def __init__(self, url: str | URL, sqlite_synchronous: str = "full") -> None:
        self.url = check_url(url) if isinstance(url, str) else url
        if sqlite_synchronous not in SQLITE_SYNCHRONOUS:
            raise ValueError(f"sqlite_synchronous is one of {', '.join(SQLITE_SYNCHRONOUS)}")
        self.sqlite_synchronous = sqlite_synchronous
        self._sqlite = self.url.get_backend_name() == "sqlite"  # asked at every read
        self._engine: Engine | None = None
        self._lock = threading.Lock()
        self._pid: int | None = None
        self._ready_pid: int | None = None
        self._reads: sessionmaker[Session] | None = None
        self._writes: sessionmaker[Session] | None = None
        self._writer: Engine | None = None
        self._statements: dict[int, Compiled] = {}
        # ``read``'s idle connections, each with when it was made, and whose they are:
        # this process's (``_kept_pid``) in ``_kept_spares``; a parent's, after a fork,
        # in ``_kept_parents``, referenced and never used or closed. ``dispose`` renews
        # the generation, so that a connection taken before it is closed when done.
        self._kept_spares: list[tuple[Any, float]] = []
        self._kept_pid: int | None = None
        self._kept_parents: list[list[tuple[Any, float]]] = []
        self._kept_generation = 0

    @property
    def backend(self) -> str:
        """Which database this is: ``sqlite`` or ``postgresql``."""
        return self.url.get_backend_name()

    @property
    def is_sqlite(self) -> bool:
        """Whether the database is an SQLite file."""
        return self._sqlite

    @property
    def engine(self) -> Engine:
        """This process's engine (made now if this process has none yet)."""
        if self._engine is None or self._pid != _process_id():
            with self._lock:  # the development server's threads: one engine, not two
                if self._engine is None or self._pid != _process_id():
                    # In a forked child, the parent's engine (if any) is left to the
                    # parent: disposing of it here would close sockets it still uses.
                    engine = self._make_engine()
                    self._reads = sessionmaker(engine, expire_on_commit=False)
                    writer = engine.execution_options(boggle_write=True)
                    self._writes = sessionmaker(writer, expire_on_commit=False)
                    self._writer = writer
                    self._engine, self._pid = engine, _process_id()
        return self._engine

    def _make_engine(self) -> Engine:
        if not self.is_sqlite:
            engine = create_engine(
                self.url, pool_size=5, max_overflow=5, pool_recycle=POOL_RECYCLE_SECONDS
            )

            @event.listens_for(engine, "checkout")
            def _on_checkout(connection: Any, _record: Any, _proxy: Any) -> None:
                if _dropped(connection):
                    # The pool throws it away and takes (or makes) another.
                    raise DisconnectionError("the database closed this connection")

            return engine
        engine = create_engine(self.url)

        @event.listens_for(engine, "connect")
        def _on_connect(connection: Any, _record: Any) -> None:
            # Transactions are begun below, not by the driver, so that a write can
            # begin IMMEDIATE.
            connection.isolation_level = None
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
            cursor.execute(f"PRAGMA synchronous={self.sqlite_synchronous.upper()}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _on_begin(connection: Any) -> None:
            write = connection.get_execution_options().get("boggle_write")
            connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

        return engine

    def dispose(self) -> None:
        """Close this process's connections (tests, and the command line when done)."""
        if self._engine is not None and self._pid == _process_id():
            self._engine.dispose()
        self._engine = None
        with self._lock:
            # A parent's are left open, and referenced, as its engine is (see engine).
            mine = self._kept_spares if self._kept_pid == _process_id() else []
            if self._kept_pid != _process_id():
                self._kept_parents.append(self._kept_spares)
            self._kept_spares, self._kept_pid = [], _process_id()
            self._kept_generation += 1
        for connection, _made in mine:
            with contextlib.suppress(Exception):
                connection.close()

    def read(self, statement: Select[Any], parameters: Mapping[str, Any]) -> Rows:
        """One select on a driver's connection kept for these reads, in no
        transaction but the statement's own (autocommit): for the room's poll, every
        player's every two seconds, which nearly always needs its one row alone. No
        pool to take the connection from and give it back to (a third of a poll's
        database time on SQLite), and on PostgreSQL one round trip where a BEGIN, the
        select and a COMMIT were three. Statements that must see one state together
        are run in a ``snapshot``."""
        with self._kept() as connection:
            return Snapshot(connection.cursor(), self._compiled).execute(statement, parameters)

    @contextmanager
    def kept_snapshot(self) -> Iterator[Snapshot]:
        """Reads in one transaction, as ``snapshot``'s, on a connection kept for
        ``read``: no pool to take it from and give it back to (24 µs on SQLite, as
        much as a statement). For the room's document, read after its version."""
        with self._kept() as connection:
            cursor = connection.cursor()
            cursor.execute("BEGIN")
            try:
                yield Snapshot(cursor, self._compiled)
            finally:
                if self.is_sqlite:
                    connection.rollback()
                else:
                    # Reads alone: a COMMIT ends them as a ROLLBACK would, and psycopg
                    # keeps its prepared statements (see _on_driver).
                    ok = connection.info.transaction_status == _INTRANS
                    cursor.execute("COMMIT" if ok else "ROLLBACK")

    @contextmanager
    def _kept(self) -> Iterator[Any]:
        """A driver connection for ``read`` and ``kept_snapshot``, given back to this
        process's spares when done; closed instead, and DatabaseUnavailable raised, if
        the database failed it."""
        engine = self.engine
        self.check_ready()
        dbapi = engine.dialect.loaded_dbapi
        generation = self._kept_generation
        connection, made = self._take_kept()
        failed = False
        try:
            yield connection
        except (OperationalError, dbapi.OperationalError) as error:
            failed = True
            with contextlib.suppress(Exception):
                connection.close()  # made again for the next read, when the database is back
            raise DatabaseUnavailable(BUSY if "locked" in str(error) else UNREACHABLE) from None
        finally:
            # An error of the caller's leaves it as it was: autocommit, or its
            # snapshot's transaction ended (kept_snapshot's finally).
            if not failed:
                self._give_back_kept(connection, made, generation)

    def _take_kept(self) -> tuple[Any, float]:
        """A spare ``read`` connection of this process, or a new one (taken from the
        pool, with the pool's settings, and kept out of it). On PostgreSQL a spare
        the server has closed, or older than POOL_RECYCLE_SECONDS, is closed and
        passed over. Spares are shared by the threads rather than kept one a thread:
        the development server runs each request in a thread of its own, and a
        connection a thread each would stay open after its thread ended."""
        spares = self._kept_spares if self._kept_pid == _process_id() else []
        while spares:
            try:
                connection, made = spares.pop()  # atomic: two threads never get one
            except IndexError:
                break
            if self.is_sqlite:
                return connection, made
            if time.monotonic() - made < POOL_RECYCLE_SECONDS and not _dropped(connection):
                return connection, made
            with contextlib.suppress(Exception):
                connection.close()
        proxied = self.engine.raw_connection()
        connection = proxied.driver_connection
        proxied.detach()  # ours now: never given back to the pool
        if not self.is_sqlite:
            connection.autocommit = True  # SQLite's driver is left to autocommit on connect
        return connection, time.monotonic()

    def _give_back_kept(self, connection: Any, made: float, generation: int) -> None:
        """Keep ``connection`` for the next ``read`` of this process, up to
        KEPT_SPARES_MOST idle at once (the reads running together at the busiest
        moment); close it past that, or when the spares were renewed since it was
        taken (a fork, ``dispose``)."""
        if self._kept_pid != _process_id():
            with self._lock:
                if self._kept_pid != _process_id():
                    # A forked child starts with none. The parent's are kept referenced,
                    # never closed here: closing one would end the parent's session.
                    self._kept_parents.append(self._kept_spares)
                    self._kept_spares, self._kept_pid = [], _process_id()
        spares = self._kept_spares
        if len(spares) < KEPT_SPARES_MOST and generation == self._kept_generation:
            spares.append((connection, made))
            return
        with contextlib.suppress(Exception):
            connection.close()

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session in a transaction that only reads (and may write a little, late)."""
        with self._session(write=False) as session:
            yield session

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """A session in a transaction that writes: committed when the block ends, so
        that nothing is answered before it is stored; rolled back on any error."""
        with self._session(write=True) as session:
            yield session

    @contextmanager
    def snapshot(self) -> Iterator[Snapshot]:
        """Reads in one transaction, run straight on the driver's connection (see
        ``Snapshot``): for the room's poll, every player's every two seconds."""
        # Read only, nothing to keep: the pool's reset, a rollback, ends it.
        with self._on_driver("BEGIN", commit=False) as snapshot:
            yield snapshot

    @contextmanager
    def statements(self) -> Iterator[Snapshot]:
        """Statements in one writing transaction, run straight on the driver's
        connection as ``snapshot`` runs its reads: committed when the block ends, so
        that nothing is answered before it is stored; rolled back on any error. For
        the busiest writes (a word sent to a board played apart), whose statements
        need neither a Session nor SQLAlchemy's result objects."""
        # SQLite's write lock first, as ``writing`` takes it.
        with self._on_driver("BEGIN IMMEDIATE", commit=True) as snapshot:
            yield snapshot

    def statement(self, statement: Statement, parameters: Mapping[str, Any]) -> Rows:
        """One statement, a transaction of its own, straight on the driver's connection:
        its rows. On PostgreSQL it runs in autocommit mode, where the server begins and
        commits it: one round trip, where a BEGIN, the statement and a COMMIT of
        psycopg's were three. For a write whose reads and checks all fit in the one
        statement (a word sent to a day's board on PostgreSQL)."""
        if self.is_sqlite:
            with self.statements() as snapshot:
                return snapshot.execute(statement, parameters)
        engine = self.engine
        self.check_ready()
        dbapi = engine.dialect.loaded_dbapi
        try:
            connection = engine.raw_connection()
            try:
                driver = connection.driver_connection
                driver.autocommit = True
                try:
                    return Snapshot(driver.cursor(), self._compiled).execute(statement, parameters)
                finally:
                    # As the pool's other users expect it (a broken connection is
                    # thrown away by the pool's reset).
                    with contextlib.suppress(dbapi.Error):
                        driver.autocommit = False
            finally:
                connection.close()
        except dbapi.OperationalError:
            raise DatabaseUnavailable(UNREACHABLE) from None

    @contextmanager
    def _on_driver(self, begin: str, commit: bool) -> Iterator[Snapshot]:
        """One transaction on a driver's connection from the pool, opened with
        ``begin`` on SQLite (whose driver leaves transactions to us), committed at the
        end if ``commit``; otherwise, or after an error, the pool's reset (a rollback)
        ends it when the connection goes back.

        On PostgreSQL, psycopg forgets the statements it has prepared on a connection
        whenever a transaction is rolled back (and deallocates them on the server: one
        more round trip). So a transaction that only read is committed, which ends it
        as a rollback would: at its end, and when a refusal ends it early (an
        exception raised after reads alone, none of them failed). After a write, or a
        failed statement, the pool's rollback runs."""
        engine = self.engine
        self.check_ready()
        dbapi = engine.dialect.loaded_dbapi
        try:
            connection = engine.raw_connection()
            try:
                cursor = connection.cursor()
                if self.is_sqlite:
                    cursor.execute(begin)
                snapshot = Snapshot(cursor, self._compiled)
                try:
                    yield snapshot
                except Exception:
                    if not self.is_sqlite and not snapshot.wrote:
                        _end_reads(connection.driver_connection)
                    raise
                if commit or not self.is_sqlite:
                    connection.commit()
            finally:
                connection.close()
        except (OperationalError, dbapi.OperationalError) as error:
            raise DatabaseUnavailable(BUSY if "locked" in str(error) else UNREACHABLE) from None

    def _compiled(self, statement: Statement) -> Compiled:
        """A statement's SQL for this database, its parameters' order and fixed values,
        and the type of its rows: worked out once per statement."""
        found = self._statements.get(id(statement))
        if found is None or found.statement is not statement:
            compiled = statement.compile(dialect=self.engine.dialect)
            names = tuple(column.key for column in statement.exported_columns)
            found = Compiled(
                statement,
                str(compiled),
                tuple(compiled.positiontup or ()) if compiled.positional else None,
                compiled.params,
                namedtuple("Row", names, rename=True) if names else None,  # type: ignore[misc]
            )
            self._statements[id(statement)] = found
        return found

    @contextmanager
    def _session(self, write: bool) -> Iterator[Session]:
        self.engine  # noqa: B018 - makes this process's engine and session makers
        self.check_ready()
        maker = self._writes if write else self._reads
        assert maker is not None
        try:
            with maker() as session, session.begin():
                yield session
        except OperationalError as error:
            raise DatabaseUnavailable(_unavailable(error)) from None

    def check_ready(self) -> None:
        """DatabaseNotReady unless the schema is at SCHEMA_REVISION (checked once per
        process while it is; a failing check is made again on the next request)."""
        if self._ready_pid == _process_id():
            return
        if self.is_sqlite and not Path(self.url.database or "").exists():
            # Not made yet: connecting would leave an empty file behind.
            raise DatabaseNotReady(NOT_READY)
        try:
            with self.engine.connect() as connection:
                version = connection.execute(
                    text("SELECT version_num FROM alembic_version")
                ).scalar()
                connection.rollback()
        except OperationalError as error:
            if self.is_sqlite and "no such table" in str(error.orig):
                raise DatabaseNotReady(NOT_READY) from None
            raise DatabaseUnavailable(_unavailable(error)) from None
        except DBAPIError:
            # PostgreSQL: relation "alembic_version" does not exist.
            raise DatabaseNotReady(NOT_READY) from None
        if version != SCHEMA_REVISION:
            raise DatabaseNotReady(NOT_READY)
        self._ready_pid = _process_id()


def _end_reads(driver: Any) -> None:
    """End a PostgreSQL transaction that has only read, and whose statements all
    succeeded, with a COMMIT: the same as a rollback for a transaction that changed
    nothing (its locks go either way), but a rollback makes psycopg forget the
    statements it has prepared on the connection (see Database._on_driver). After a
    failed statement, nothing: the pool's rollback ends it."""
    if driver.info.transaction_status == _INTRANS:
        with contextlib.suppress(Exception):  # the exception being raised says more
            driver.commit()


def _dropped(connection: Any) -> bool:
    """Whether a pooled PostgreSQL connection (idle, between two transactions) has been
    closed, or is being closed, by the server: then its socket is closed, or has
    something to read (the server's last message, or the end of the stream), where an
    idle connection has nothing. A look at the socket, not a round trip to the server."""
    if connection.closed or connection.broken:
        return True
    # poll, not select: select cannot watch a descriptor numbered past 1023.
    watch = select.poll()
    try:
        watch.register(connection.fileno(), select.POLLIN)
        return bool(watch.poll(0))
    except (OSError, ValueError):
        return True


def _unavailable(error: OperationalError) -> str:
    """The message for a database that could not be reached or stayed locked."""
    return BUSY if "locked" in str(error.orig) else UNREACHABLE


def upgrade(url: str, revision: str = "head") -> None:
    """Apply the migrations up to ``revision`` (what ``make db-upgrade`` does)."""
    from alembic import command  # only the command line and tests migrate

    command.upgrade(alembic_config(url), revision)


def alembic_config(url: str) -> Any:
    """Alembic's configuration for this project, on the given database."""
    from alembic.config import Config

    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.attributes["url"] = url
    return config
