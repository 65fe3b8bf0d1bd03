"""Where a class's sessions live: one SQL database that every kernel (the teacher's page, each student's phone)
reads and writes, so a class of 40 choosing in the same second loses nothing.

Voilà gives every visitor a kernel of their own, so nothing can be kept in memory: the store is SQLite by default
(one file in the user's data folder, in WAL mode: readers never wait for writers), or any SQLAlchemy URL
(PostgreSQL for a JupyterHub deployment).  Choose it with ``db=`` (a path or a URL) or the ``SHERIFF_NB_CLASS_DB``
environment variable.

Safety under many writers:

* every write is one transaction that first takes the session's lock: SQLite starts it with ``BEGIN IMMEDIATE``
  (one writer at a time, the others wait up to :data:`BUSY_SECONDS`), PostgreSQL locks the session's row
  (``SELECT ... FOR UPDATE``), so two students can never take the same nickname or seat;
* a transaction that still meets a busy database, a serialization failure or a deadlock is rolled back and run
  again (:func:`run`, up to :data:`ATTEMPTS` times), so a write either happens once or raises;
* primary keys back the rules up: one choice per student per round, one nickname per session.

Faults speak and lose nothing: whatever goes wrong with the store itself (a full disk, a read-only or damaged file,
a server that does not answer, a setting that names no usable store, a file deleted or replaced under a running
class) is raised by :func:`run` as one :class:`~sheriff_nb.play.class_rules.StoreError` with a ``reason`` and a
plain message, after the transaction was rolled back; the driver's own error, with its details, goes to the log
``sheriff_nb.classroom``.  :func:`check` finds a broken setting before a class starts.

This module knows SQL and rows, nothing of the game: :mod:`sheriff_nb.play.classroom` holds the rules of a class
session and calls these functions inside :func:`run`.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "class.sqlite")
>>> url_for(path).startswith("sqlite:///") and url_for(path).endswith("class.sqlite")
True
>>> url_for("postgresql+psycopg://u:p@db/class")
'postgresql+psycopg://u:p@db/class'
>>> run(path, lambda conn: session_row(conn, "NOPE"))  # an empty store: no such session
>>> engine(path).dialect.name, journal_mode(path)
('sqlite', 'wal')
>>> check(os.path.join(path, "inside a file", "class.sqlite"))
Traceback (most recent call last):
...
sheriff_nb.play.class_rules.StoreError: the class store setting SHERIFF_NB_CLASS_DB cannot be used: the folder of the store file cannot be made
"""

from __future__ import annotations

import os
import random
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote, urlsplit

from sqlalchemy import (
    Boolean,
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    and_,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, OperationalError, SQLAlchemyError

from ..engine.errors import Phrase
from .store_faults import DB_ENV, logged, spoken, store_error

__all__ = [
    "DB_ENV", "SCHEMA", "BUSY_SECONDS", "ATTEMPTS", "default_path", "url_for", "engine", "run", "check",
    "journal_mode",
    "session_row", "insert_session", "change_session", "delete_session", "expired_codes",
    "students", "insert_student", "remove_student", "insert_try", "count_tries", "seats", "insert_seats", "set_partner", "choices", "count_choices", "insert_choice",
    "outcomes", "insert_outcomes",
]  # fmt: skip

BUSY_SECONDS = 30
"""How long an SQLite writer waits for another one before its attempt fails (and is retried)."""
ATTEMPTS = 8
"""How many times :func:`run` tries a transaction that meets a busy database or a serialization failure."""

T = TypeVar("T")
metadata = MetaData()
SCHEMA = 2
"""The tables' layout; their names carry it (``class2_sessions``, ...), so a store an earlier version made keeps its
old tables, which nothing reads (a session lasts a day), and never meets a column it lacks."""


def _table(name: str, *columns: Column) -> Table:
    return Table(f"class{SCHEMA}_{name}", metadata, *columns)


sessions_t = _table(
    "sessions",
    Column("code", String(12), primary_key=True),
    Column("teacher_key", String(40), nullable=False),
    Column("bag", String(200), nullable=False),           # "apples:2,pepper:2"
    Column("declared", String(40), nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("rematch", Boolean, nullable=False),
    Column("seed", String(40), nullable=False),
    Column("closed", Integer, nullable=False, default=0),  # rounds closed so far; the open round is closed + 1
    Column("revealed", Boolean, nullable=False, default=False),
    Column("created", Float, nullable=False),
    Column("version", Integer, nullable=False, default=0),  # +1 on every change: pages poll this one number
    Column("max_students", Integer),                       # NULL: no cap
)  # fmt: skip
students_t = _table(
    "students",
    Column("code", String(12), primary_key=True),
    Column("name_key", String(200), primary_key=True),     # the nickname as compared: "Ann" and "ANN" are one name
    Column("name", String(80), nullable=False),
    Column("seat_key", String(40), nullable=False),        # gives the student their seat back (another page, device)
    Column("number", Integer, nullable=False),             # join order, from 0
    Column("joined", Float, nullable=False),
    Column("removed", Boolean, nullable=False, default=False),  # by the teacher: the nickname stays taken
)  # fmt: skip
seats_t = _table(
    "seats",
    Column("code", String(12), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("name", String(80), primary_key=True),
    Column("role", String(10), nullable=False),
    Column("partner", String(80), nullable=False),         # a nickname, or the computer
    Column("number", Integer, nullable=False),
)  # fmt: skip
choices_t = _table(
    "choices",
    Column("code", String(12), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("name", String(80), primary_key=True),          # the primary key: one choice per student per round
    Column("choice", String(10), nullable=False),
    Column("at", Float, nullable=False),
)  # fmt: skip
outcomes_t = _table(
    "outcomes",
    Column("code", String(12), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("name", String(80), primary_key=True),
    Column("number", Integer, nullable=False),
    Column("role", String(10), nullable=False),
    Column("partner", String(80), nullable=False),
    Column("choice", String(10)),                          # NULL: did not choose before the round closed
    Column("partner_choice", String(10)),
    Column("stand_in", Boolean, nullable=False),           # the computer chose for an absent partner
    Column("payoff", Integer),                             # NULL when the student did not choose
)  # fmt: skip
tries_t = _table(
    "wrong_tries",
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(12), nullable=False, index=True),
    Column("kind", String(10), nullable=False),            # "seat" or "teacher"
    Column("at", Float, nullable=False),
)  # fmt: skip
PER_SESSION = (tries_t, outcomes_t, choices_t, seats_t, students_t, sessions_t)


# ------------------------------------------------------------------ where the store is
def default_path() -> Path:
    """The default SQLite file: ``$XDG_DATA_HOME/sheriff_nb/classroom.sqlite`` (``~/.local/share`` if unset;
    ``%LOCALAPPDATA%`` on Windows)."""
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "sheriff_nb" / "classroom.sqlite"


def url_for(db: str | os.PathLike[str] | None = None) -> str:
    """The SQLAlchemy URL of ``db``: a URL as given, a path as an SQLite file URL (its folder is made); ``None``
    means ``$SHERIFF_NB_CLASS_DB`` or :func:`default_path`.  A setting that is neither (``postgresql:/db``, one
    slash short) or a folder that cannot be made raise :class:`StoreError` ``"misconfigured"``."""
    db = db if db not in (None, "") else os.environ.get(DB_ENV) or default_path()
    db = os.fspath(db)
    if "://" in db:
        return db
    if _SCHEME.match(db) or "\0" in db:
        raise store_error("misconfigured", Phrase("it is neither a file path nor a database URL"))
    path = Path(db).expanduser().resolve()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        why = Phrase("the folder of the store file cannot be made")
        raise logged(error, store_error("misconfigured", why)) from error
    return f"sqlite:///{path}"


_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]+:(?![\\/]{2})")
"""The start of a URL whose ``//`` is missing (a one-letter scheme is a Windows drive: ``C:\\class.sqlite``)."""


@dataclass(frozen=True)
class _Store:
    """An engine and, for an SQLite file, the file's path and identity (device, inode) when the engine was made."""

    engine: Engine
    path: str | None = None
    identity: tuple[int, int] | None = None

    def same_file(self) -> None:
        """Raise :class:`StoreError` ``"replaced"`` if the file at :attr:`path` is gone or another one: the
        engine's connections would write to the deleted file, or a new one would start an empty store."""
        if self.path is None:
            return
        try:
            now = os.stat(self.path)
        except FileNotFoundError:
            now = None
        if now is None or (now.st_dev, now.st_ino) != self.identity:
            raise store_error("replaced")


_engines: dict[str, _Store] = {}
_engines_lock = threading.Lock()


def engine(db: str | os.PathLike[str] | None = None) -> Engine:
    """The process's engine for ``db`` (made once; the tables are created on first use)."""
    return _store(db).engine


def _store(db: str | os.PathLike[str] | None) -> _Store:
    url = url_for(db)
    with _engines_lock:
        if url not in _engines:
            if url.startswith("sqlite"):
                made, path = _sqlite_engine(url), _sqlite_file(url)
            else:
                made = create_engine(url, pool_size=1, max_overflow=4, pool_pre_ping=True, pool_recycle=1800)
                path = None
            _create_tables(made)
            stat = os.stat(path) if path else None
            _engines[url] = _Store(made, path, (stat.st_dev, stat.st_ino) if stat else None)
        return _engines[url]


def _sqlite_file(url: str) -> str | None:
    """The file of an SQLite URL (also ``sqlite:///file:...?uri=true``), None for a database in memory.

    >>> _sqlite_file("sqlite:///file:/srv/class%20db.sqlite?mode=ro&uri=true"), _sqlite_file("sqlite://")
    ('/srv/class db.sqlite', None)
    """
    parsed = make_url(url)
    database = parsed.database or ""
    if parsed.query.get("uri") == "true" and database.startswith("file:"):
        if parsed.query.get("mode") == "memory":
            return None
        database = unquote(urlsplit(database).path)
    return os.path.abspath(database) if database not in ("", ":memory:") else None


def _forget_engines_after_fork() -> None:
    """A forked child (a multiprocessing worker) must not share its parent's connections: drop them, unclosed."""
    global _engines_lock
    _engines_lock = threading.Lock()  # another thread of the parent may have held it at the fork
    for made in _engines.values():
        made.engine.dispose(close=False)
    _engines.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_engines_after_fork)


def _sqlite_engine(url: str) -> Engine:
    made = create_engine(url, connect_args={"timeout": BUSY_SECONDS, "check_same_thread": False})

    @event.listens_for(made, "connect")
    def _connected(dbapi_connection, _record) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy's "begin" below issues BEGIN, not the driver
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_SECONDS * 1000}")
        cursor.execute("PRAGMA journal_mode = WAL")  # readers never block writers, nor writers readers
        cursor.execute("PRAGMA synchronous = NORMAL")  # with WAL: safe against a crashed kernel
        cursor.close()

    @event.listens_for(made, "begin")
    def _begin(conn) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write") else "BEGIN")

    return made


def _create_tables(made: Engine) -> None:
    """Create the tables once, even when 30 processes start at the same moment (a lock held while creating); when
    they exist, as they nearly always do, only read that they do, which takes no lock."""

    def present(conn) -> bool:
        return all(made.dialect.has_table(conn, table.name) for table in metadata.sorted_tables)

    if _attempt(made, present, write=False):
        return

    def create(conn) -> None:
        if made.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(715015)"))  # any fixed number: "issue 15"
        metadata.create_all(conn)

    _attempt(made, create, write=True)


def journal_mode(db: str | os.PathLike[str] | None = None) -> str:
    """SQLite's journal mode of ``db`` (``"wal"``), or the dialect's name for another database."""
    made = engine(db)
    if made.dialect.name != "sqlite":
        return made.dialect.name
    with made.connect() as conn:
        return conn.exec_driver_sql("PRAGMA journal_mode").scalar_one()  # the pragma answers one row


# ------------------------------------------------------------------ transactions with retries
def _retryable(error: DBAPIError) -> bool:
    code = getattr(error.orig, "sqlstate", None) or getattr(error.orig, "pgcode", None)
    if code in ("40001", "40P01"):  # PostgreSQL: serialization failure, deadlock
        return True
    message = str(error.orig).lower()
    return isinstance(error, OperationalError) and ("locked" in message or "busy" in message)


def _attempt(made: Engine, work: Callable[[Any], T], write: bool, before: Callable[[], None] = lambda: None) -> T:
    for attempt in range(ATTEMPTS):
        try:
            before()
            with made.connect() as conn:
                conn.execution_options(write=write)
                with conn.begin():
                    return work(conn)
        except DBAPIError as error:
            if attempt == ATTEMPTS - 1 or not _retryable(error):
                raise
            time.sleep(min(2.0, 0.05 * 2**attempt) * (0.5 + random.random()))  # noqa: S311 (jitter only)
    raise AssertionError("unreachable")


def run(db: str | os.PathLike[str] | None, work: Callable[[Any], T], write: bool = False) -> T:
    """``work(conn)`` in one transaction of ``db``: all of it happens or none.  ``write=True`` takes the write
    lock at the start (SQLite) so that what ``work`` reads cannot change before it writes; busy databases,
    serialization failures and deadlocks are retried.  Errors that ``work`` raises roll everything back; a
    :class:`RuleError` comes out as it is, every fault of the store as a :class:`StoreError` (and in the log).
    Before each transaction the SQLite file is checked to be the one the store opened (one ``os.stat``)."""
    with spoken(SQLAlchemyError, OSError, ImportError, ValueError):  # a bad URL, a missing driver: at the opening
        opened = _store(db)
    with spoken(SQLAlchemyError, OSError):
        return _attempt(opened.engine, work, write, opened.same_file)


class _Probe(Exception):
    """Rolls :func:`check`'s trial write back."""


def check(db: str | os.PathLike[str] | None = None) -> None:
    """Raise :class:`StoreError` unless ``db`` is a store this process can use: it opens it, makes the tables and
    writes (a delete of nothing, rolled back).  The message names the setting, never its address or password.

    >>> import tempfile
    >>> check(os.path.join(tempfile.mkdtemp(), "class.sqlite"))
    >>> check("postgresql:/db")
    Traceback (most recent call last):
    ...
    sheriff_nb.play.class_rules.StoreError: the class store setting SHERIFF_NB_CLASS_DB cannot be used: it is neither a file path nor a database URL
    """

    def probe(conn) -> None:
        conn.execute(delete(sessions_t).where(sessions_t.c.code == ""))
        raise _Probe

    with suppress(_Probe):
        run(db, probe, write=True)


# ------------------------------------------------------------------ rows
def _row(result) -> dict | None:
    row = result.first()
    return dict(row._mapping) if row is not None else None


def _rows(result) -> list[dict]:
    return [dict(row._mapping) for row in result]


def session_row(conn, code: str, lock: bool = False) -> dict | None:
    """The session ``code`` as a dict, or None; ``lock=True`` holds its row until the transaction ends
    (PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` already holds the whole database)."""
    query = select(sessions_t).where(sessions_t.c.code == code)
    return _row(conn.execute(query.with_for_update() if lock else query))


def insert_session(conn, **fields: Any) -> None:
    """Add a session (``code``, ``teacher_key``, ``bag``, ``declared``, ``rounds``, ``rematch``, ``seed``,
    ``created``)."""
    conn.execute(insert(sessions_t).values(closed=0, revealed=False, version=0, **fields))


def change_session(conn, code: str, **fields: Any) -> None:
    """Change a session's fields (maybe none) and count one more change in its ``version``."""
    conn.execute(update(sessions_t).where(sessions_t.c.code == code).values(version=sessions_t.c.version + 1, **fields))


def delete_session(conn, code: str) -> int:
    """Delete a session and everything in it; returns how many rows went."""
    return sum(conn.execute(delete(table).where(table.c.code == code)).rowcount for table in PER_SESSION)


def expired_codes(conn, before: float) -> list[str]:
    """Codes of the sessions created before the time ``before``."""
    return list(conn.execute(select(sessions_t.c.code).where(sessions_t.c.created < before)).scalars())


def students(conn, code: str) -> list[dict]:
    """The session's students in join order."""
    return _rows(conn.execute(select(students_t).where(students_t.c.code == code).order_by(students_t.c.number)))


def insert_student(conn, **fields: Any) -> None:
    """Add a student (``code``, ``name_key``, ``name``, ``seat_key``, ``number``, ``joined``)."""
    conn.execute(insert(students_t).values(removed=False, **fields))


def remove_student(conn, code: str, name: str, round: int | None, replacement: str) -> None:
    """Mark ``name`` removed, drop their seat and choice in the open ``round`` (if any) and give their partner there
    ``replacement`` (the computer)."""
    conn.execute(
        update(students_t).where(and_(students_t.c.code == code, students_t.c.name == name)).values(removed=True)
    )
    if round is None:
        return
    here = and_(seats_t.c.code == code, seats_t.c.round == round)
    conn.execute(update(seats_t).where(and_(here, seats_t.c.partner == name)).values(partner=replacement))
    conn.execute(delete(seats_t).where(and_(here, seats_t.c.name == name)))
    conn.execute(
        delete(choices_t).where(and_(choices_t.c.code == code, choices_t.c.round == round, choices_t.c.name == name))
    )


def insert_try(conn, code: str, kind: str, at: float) -> None:
    """Count a wrong key of ``kind`` (``seat`` or ``teacher``) for session ``code``."""
    conn.execute(insert(tries_t).values(code=code, kind=kind, at=at))


def count_tries(conn, code: str, kind: str, since: float) -> int:
    """How many wrong keys of ``kind`` session ``code`` got since the time ``since``."""
    query = select(func.count()).where(and_(tries_t.c.code == code, tries_t.c.kind == kind, tries_t.c.at >= since))
    return int(conn.execute(query).scalar())


def seats(conn, code: str, round: int) -> list[dict]:
    """Who plays which role against whom in ``round``, in join order."""
    query = select(seats_t).where(and_(seats_t.c.code == code, seats_t.c.round == round))
    return _rows(conn.execute(query.order_by(seats_t.c.number)))


def insert_seats(conn, rows: Iterable[dict]) -> None:
    """Add seats (``code``, ``round``, ``name``, ``role``, ``partner``, ``number``)."""
    rows = list(rows)
    if rows:
        conn.execute(insert(seats_t), rows)


def set_partner(conn, code: str, round: int, name: str, partner: str) -> None:
    """Give ``name`` another partner in ``round``."""
    conn.execute(
        update(seats_t)
        .where(and_(seats_t.c.code == code, seats_t.c.round == round, seats_t.c.name == name))
        .values(partner=partner)
    )


def choices(conn, code: str, round: int) -> dict[str, str]:
    """``{name: choice}`` of ``round``."""
    query = select(choices_t.c.name, choices_t.c.choice).where(
        and_(choices_t.c.code == code, choices_t.c.round == round)
    )
    return {name: choice for name, choice in conn.execute(query)}


def count_choices(conn, code: str, round: int) -> int:
    """How many have chosen in ``round``."""
    query = (
        select(func.count()).select_from(choices_t).where(and_(choices_t.c.code == code, choices_t.c.round == round))
    )
    return int(conn.execute(query).scalar())


def insert_choice(conn, **fields: Any) -> None:
    """Record a choice (``code``, ``round``, ``name``, ``choice``, ``at``)."""
    conn.execute(insert(choices_t).values(**fields))


def outcomes(conn, code: str) -> list[dict]:
    """Every closed round's rows, by round and join order."""
    query = select(outcomes_t).where(outcomes_t.c.code == code)
    return _rows(conn.execute(query.order_by(outcomes_t.c.round, outcomes_t.c.number)))


def insert_outcomes(conn, rows: Iterable[dict]) -> None:
    """Store a closed round's rows."""
    rows = list(rows)
    if rows:
        conn.execute(insert(outcomes_t), rows)
