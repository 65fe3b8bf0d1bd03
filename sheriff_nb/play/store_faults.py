"""The class store's faults in plain words: what a driver's, SQLAlchemy's or the system's error means for a class
(:func:`diagnosed`), as one :class:`~sheriff_nb.play.class_rules.StoreError` whose ``reason`` is one of
:data:`~sheriff_nb.play.class_rules.STORE_FAULTS` and whose message names no SQL, no driver and no server address,
only the setting ``SHERIFF_NB_CLASS_DB``; the original error, with its details, goes to the log
``sheriff_nb.classroom`` (:func:`logged`).  :mod:`sheriff_nb.play.classroom_store` raises them through
:func:`spoken`.

>>> import sqlite3
>>> from sqlalchemy.exc import OperationalError
>>> full = sqlite3.OperationalError("database or disk is full"); full.sqlite_errorcode = 13
>>> error = diagnosed(OperationalError("INSERT INTO class_choices ...", {}, full))
>>> error.reason, "INSERT" in str(error), str(error).startswith("the class store cannot be written")
('full', False, True)
>>> diagnosed(PermissionError(13, "Permission denied", "/srv/class.sqlite")).reason
'read-only'
"""

from __future__ import annotations

import errno
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.exc import ArgumentError, DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError

from ..engine.errors import Phrase, RuleError
from .class_rules import StoreError

__all__ = ["DB_ENV", "log", "spoken", "diagnosed", "store_error", "logged"]

DB_ENV = "SHERIFF_NB_CLASS_DB"
"""Environment variable naming the store: a file path or an SQLAlchemy URL."""
log = logging.getLogger("sheriff_nb.classroom")
"""Where the original error of every fault goes, with its details and traceback."""


@contextmanager
def spoken(*faults: type[BaseException]) -> Iterator[None]:
    """Raise the errors of the kinds ``faults`` as a :class:`StoreError` (and log them); a :class:`RuleError`
    (a refusal of ``work``, or a StoreError already) comes out as it is."""
    try:
        yield
    except RuleError:
        raise
    except faults as error:
        raise logged(error, diagnosed(error)) from error


_SQLITE_FAULTS = {5: "busy", 6: "busy", 3: "read-only", 8: "read-only", 13: "full", 11: "corrupt", 26: "corrupt"}
"""SQLite's primary result codes: BUSY, LOCKED, PERM, READONLY, FULL, CORRUPT, NOTADB."""
_SQLSTATE_FAULTS = {
    "53100": "full", "53200": "busy", "53300": "busy", "55P03": "busy", "40001": "busy", "40P01": "busy",
    "25006": "read-only", "42501": "read-only", "XX001": "corrupt", "XX002": "corrupt", "42P01": "corrupt",
    "08": "unreachable", "57P": "unreachable", "53": "full",
}  # fmt: skip
"""PostgreSQL's SQLSTATEs (and classes): disk full, out of memory, too many connections, lock not available,
serialization failure, deadlock, read-only transaction, no privilege, data or index corrupted, a table gone,
connection exceptions, shutdowns."""
_REFUSED = re.compile(r"FATAL:.*(authentication|does not exist|pg_hba\.conf|permission denied)")
"""What PostgreSQL answers a connection with a wrong user, password or database name."""
_OS_FAULTS: dict[int | None, str] = {
    errno.ENOSPC: "full",
    errno.EDQUOT: "full",
    errno.EROFS: "read-only",
    errno.EACCES: "read-only",
}


def diagnosed(error: BaseException) -> StoreError:
    """The :class:`StoreError` that says in plain words what ``error`` (a driver's, SQLAlchemy's or the OS's) means
    for the class."""
    if isinstance(error, ImportError | ArgumentError | ValueError):  # a URL that cannot be parsed, no such driver
        kind = Phrase("this installation cannot use that kind of database ({kind})", kind=_kind(error))
        unknown = isinstance(error, ImportError) or "plugin" in str(error)
        return store_error("misconfigured", kind if unknown else Phrase("it is neither a file path nor a database URL"))
    if isinstance(error, PoolTimeoutError):
        return store_error("busy")
    if isinstance(error, OSError):
        return store_error(_OS_FAULTS.get(error.errno, "failed"))
    if not isinstance(error, DBAPIError):
        return store_error("failed")
    orig = error.orig
    code = getattr(orig, "sqlite_errorcode", None)
    if code is not None:
        if code & 0xFF == 14:  # CANTOPEN
            return store_error("misconfigured", Phrase("the store file cannot be opened"))
        return store_error(_SQLITE_FAULTS.get(code & 0xFF, "failed"))
    state = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None) or ""
    if not state and _REFUSED.search(str(orig)):  # refused while connecting (the driver gives no SQLSTATE then)
        state = "28000"
    if state[:2] in ("28", "3D"):  # invalid authorization, no such database
        return store_error("misconfigured", Phrase("the database server refused its user name, password or database"))
    reason = next((_SQLSTATE_FAULTS[p] for p in (state, state[:3], state[:2]) if p in _SQLSTATE_FAULTS), None)
    if reason is None:  # no SQLSTATE: the driver could not talk to the server at all
        reason = "unreachable" if not state and isinstance(error, OperationalError | InterfaceError) else "failed"
    return store_error(reason)


def _kind(error: BaseException) -> str:
    """The database kind an unusable URL names (``mysql+nosuch``), from SQLAlchemy's message or the missing
    module."""
    found = re.search(r"sqlalchemy\.dialects:([\w.+-]+)", str(error))
    return found[1].replace(".", "+") if found else getattr(error, "name", None) or "?"


def store_error(reason: str, why: Phrase | None = None) -> StoreError:
    """The message of each fault: what happened, what became of the step, what to do."""
    setting = DB_ENV
    if reason == "full":
        return StoreError(
            "the class store cannot be written: the disk is full. This step was not saved, and everything saved "
            "before is kept: free some disk space, then try again",
            reason=reason,
        )
    if reason == "read-only":
        return StoreError(
            "the class store cannot be written: it is read-only (its file, its folder or its database accepts no "
            "changes). This step was not saved, and everything saved before is kept",
            reason=reason,
        )
    if reason == "corrupt":
        return StoreError(
            "the class store is damaged: its data cannot be read. This step was not saved: restore the store from "
            "a copy, or set {setting} to a new one",
            reason=reason,
            setting=setting,
        )
    if reason == "unreachable":
        return StoreError(
            "the class store cannot be reached: its database server does not answer. This step was not saved: try "
            "again when the server is back, or check the setting {setting}",
            reason=reason,
            setting=setting,
        )
    if reason == "misconfigured":
        return StoreError(
            "the class store setting {setting} cannot be used: {why}", reason=reason, setting=setting, why=why
        )
    if reason == "busy":
        return StoreError(
            "the class store is too busy right now: this step was not saved; try again in a moment", reason=reason
        )
    if reason == "replaced":
        return StoreError(
            "the class store file was deleted or replaced while the class was running; answers given since then "
            "could not be saved: put the file back to go on, or reload the teacher page to start a new session",
            reason=reason,
        )
    return StoreError(
        "the class store failed, so this step was not saved: try again; if it keeps failing, whoever runs the "
        "server finds the details in its log",
        reason="failed",
    )


def logged(error: BaseException, fault: StoreError) -> StoreError:
    """``fault``, after the original ``error`` went to the log with its details (and the traceback)."""
    log.error("class store fault %r: %s: %s", fault.reason, type(error).__name__, error, exc_info=error)
    return fault
