"""Faults of the class store speak and lose nothing: a full disk, a read-only or damaged store, a store file deleted
or replaced under a running class, a wrong ``SHERIFF_NB_CLASS_DB`` and a PostgreSQL server that is not there each
raise one :class:`StoreError` (a ``ClassroomError``, so the pages show it like any refusal) with its ``reason`` and a
plain message that names no SQL, no driver and no address; the driver's error goes to the log; and every row
accepted before the fault is still there once it is fixed.

How the faults are made, as root (CI is root, so file modes stop nothing):

* disk full: SQLite's ``PRAGMA max_page_count`` set to the store's size on every connection of the page's engine:
  the next page SQLite needs fails with SQLITE_FULL, the result a full disk gives; raising the limit frees the disk.
* read-only: the page opens the same file through SQLite's ``mode=ro`` URI, as SQLite itself does with a file or a
  mount it cannot write (SQLITE_READONLY), which works for root too, without a mount or a file attribute.
* corrupt: the file's bytes overwritten with garbage, seen by a new page (a forked process with its own engine:
  SQLite in WAL mode keeps pages a running one already read).
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import os
import socket
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

import sheriff_nb.play.classroom as cl
from sheriff_nb.play import classroom_store as store
from sheriff_nb.play.class_rules import ClassroomError, StoreError

BAG, DECLARED = {"apples": 2, "pepper": 2}, "apples"


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "class.sqlite")


def class_of_two(db):
    """A session that Ann (merchant) and Bob (sheriff) joined, and where Ann chose: the rows a fault must keep."""
    s = cl.create_session(BAG, DECLARED, rounds=2, db=db, seed=3)
    cl.join(s.code, "Ann", db=db)
    cl.join(s.code, "Bob", db=db)
    cl.submit(s.code, "Ann", 1, "lie", db=db)
    return s.code


def kept(code, db):
    """What the store holds of ``class_of_two``'s session."""
    return cl.roster(code, db), cl.status(code, db).chosen


def refused(step, reason: str) -> StoreError:
    """The StoreError that ``step()`` raises, checked to have ``reason`` and a message in plain words."""
    with pytest.raises(StoreError) as caught:
        step()
    error = caught.value
    assert isinstance(error, ClassroomError) and error.reason == reason
    text = str(error)
    for word in ("sqlite", "SELECT", "INSERT", "DELETE", "psycopg", "OperationalError", "[SQL", "sqlalche.me"):
        assert word not in text
    assert error.template and not error.template.startswith("{")  # a template: the pages translate it
    return error


def in_a_new_page(step, *args):
    """``step(*args)`` in a forked process (a new page's kernel: its own engine, nothing cached): its result, or
    ``(reason, message)`` of the StoreError it raised."""
    ctx = mp.get_context("fork")
    answers = ctx.Queue()

    def child():
        try:
            answers.put(step(*args))
        except StoreError as error:
            answers.put((error.reason, str(error)))

    worker = ctx.Process(target=child)
    worker.start()
    answer = answers.get(timeout=120)
    worker.join(timeout=60)
    return answer


# ------------------------------------------------------------------ a running class meets a fault
def test_a_full_disk_refuses_the_step_and_keeps_everything_saved_before(path, caplog):
    code = class_of_two(path)
    made = store.engine(path)

    def disk_full(dbapi_connection, _record) -> None:
        pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    event.listen(made, "connect", disk_full)
    made.dispose()
    joined = []
    with caplog.at_level(logging.ERROR, logger="sheriff_nb.classroom"):
        error = None
        for number in range(400):  # students keep joining until the disk has no page left
            try:
                cl.join(code, f"late{number:03d}", db=path)
            except StoreError as fault:
                error = fault
                break
            joined.append(f"late{number:03d}")
    assert error is not None and error.reason == "full"
    assert str(error).startswith("the class store cannot be written: the disk is full")
    refused(lambda: cl.join(code, "Zed", db=path), "full")
    logged = [r for r in caplog.records if r.name == "sheriff_nb.classroom"]
    assert logged and isinstance(logged[0].exc_info[1], OperationalError)  # the details are in the log
    assert "database or disk is full" in logged[0].getMessage()
    event.remove(made, "connect", disk_full)
    made.dispose()  # disk space freed
    assert kept(code, path) == (["Ann", "Bob", *joined], 1)  # the refused joins left nothing behind
    cl.join(code, "Zed", db=path)
    assert cl.roster(code, path)[-1] == "Zed"


def test_a_read_only_store_refuses_writes_keeps_its_rows_and_is_found_at_create(path):
    code = class_of_two(path)
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"
    assert kept(code, read_only) == (["Ann", "Bob"], 1)  # reading still works
    error = refused(lambda: cl.submit(code, "Bob", 1, "inspect", db=read_only), "read-only")
    assert "read-only" in str(error) and path not in str(error)
    refused(lambda: cl.join(code, "Cy", db=read_only), "read-only")
    refused(lambda: cl.create_session(BAG, DECLARED, db=read_only), "read-only")
    refused(lambda: store.check(read_only), "read-only")
    assert kept(code, path) == (["Ann", "Bob"], 1)
    cl.submit(code, "Bob", 1, "inspect", db=path)  # writable again
    assert cl.status(code, path).chosen == 2


def test_a_damaged_store_file_says_so_and_restoring_it_loses_nothing(path):
    code = class_of_two(path)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # every row in the file itself
    conn.close()
    good = Path(path).read_bytes()
    with open(path, "r+b") as file:
        file.write(os.urandom(len(good)))
    reason, message = in_a_new_page(cl.submit, code, "Bob", 1, "pass", path)
    assert reason == "corrupt" and message.startswith("the class store is damaged")
    assert "SHERIFF_NB_CLASS_DB" in message and path not in message
    assert in_a_new_page(store.check, path)[0] == "corrupt"
    with open(path, "r+b") as file:
        file.write(good)  # restored from the copy
    assert in_a_new_page(kept, code, path) == (["Ann", "Bob"], 1)
    assert in_a_new_page(cl.submit, code, "Bob", 1, "pass", path) == "pass"


def test_a_garbage_file_is_refused_at_create(tmp_path):
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"\x00\xffnot a database" * 500)
    refused(lambda: cl.create_session(BAG, DECLARED, db=str(garbage)), "corrupt")
    assert garbage.read_bytes() == b"\x00\xffnot a database" * 500  # left as it was


def test_a_store_file_deleted_mid_class_is_detected_and_no_empty_store_starts(path):
    code = class_of_two(path)
    os.rename(path, path + ".moved")  # gone from its place (a cleanup script, a teacher tidying up)
    error = refused(lambda: cl.submit(code, "Bob", 1, "inspect", db=path), "replaced")
    assert str(error).startswith("the class store file was deleted or replaced while the class was running")
    refused(lambda: cl.status(code, path), "replaced")  # reads too: they would show a stale class
    assert not os.path.exists(path)  # no new, empty store was made in its place
    os.rename(path + ".moved", path)  # put back
    assert kept(code, path) == (["Ann", "Bob"], 1)
    cl.submit(code, "Bob", 1, "inspect", db=path)
    assert cl.status(code, path).chosen == 2


def test_a_store_file_unlinked_mid_class_refuses_every_step(path):
    code = class_of_two(path)
    os.remove(path)
    refused(lambda: cl.submit(code, "Bob", 1, "inspect", db=path), "replaced")
    refused(lambda: cl.join(code, "Cy", db=path), "replaced")
    assert not os.path.exists(path)


def test_a_store_file_replaced_by_another_is_detected_and_putting_it_back_loses_nothing(path, tmp_path):
    code = class_of_two(path)
    other = str(tmp_path / "other.sqlite")
    other_code = class_of_two(other)  # another valid store: a backup copied over, another class's file
    os.rename(path, path + ".ours")
    os.rename(other, path)
    refused(lambda: cl.submit(code, "Bob", 1, "inspect", db=path), "replaced")
    refused(lambda: cl.session(other_code, path), "replaced")  # never the other class's rows under our pages
    os.rename(path, other)
    os.rename(path + ".ours", path)
    assert kept(code, path) == (["Ann", "Bob"], 1)
    cl.submit(code, "Bob", 1, "inspect", db=path)
    assert cl.status(code, path).chosen == 2


def test_a_store_still_busy_after_the_retries_says_so(path, monkeypatch):
    monkeypatch.setattr(store, "BUSY_SECONDS", 0)  # this page's engine waits for no other writer ...
    monkeypatch.setattr(store, "ATTEMPTS", 2)  # ... and tries twice
    code = class_of_two(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another page holds the write lock
    try:
        refused(lambda: cl.submit(code, "Bob", 1, "pass", db=path), "busy")
        assert kept(code, path) == (["Ann", "Bob"], 1)  # reads go on
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert cl.submit(code, "Bob", 1, "pass", db=path) == "pass"


def test_refusals_of_the_rules_pass_through_unchanged(path):
    code = class_of_two(path)
    with pytest.raises(cl.AlreadyChosenError):
        cl.submit(code, "Ann", 1, "honest", db=path)
    with pytest.raises(cl.UnknownSessionError):
        cl.session("ZZZZZ", path)


# ------------------------------------------------------------------ a wrong setting, at Create
def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize(
    "setting, why",
    [
        ("postgresql:/class", "it is neither a file path nor a database URL"),  # one slash short
        ("postgresql+psycopg://u:p@127.0.0.1:port/x", "it is neither a file path nor a database URL"),
        ("://nothing", "it is neither a file path nor a database URL"),
        ("nosuchdb+driver://u:p@127.0.0.1/x", "this installation cannot use that kind of database (nosuchdb+driver)"),
        ("mysql://u:p@127.0.0.1/x", "this installation cannot use that kind of database"),  # no driver installed
        ("{tmp}/a file/class.sqlite", "the folder of the store file cannot be made"),
        ("{tmp}", "the store file cannot be opened"),  # a folder
    ],
)
def test_a_wrong_setting_is_one_clear_error_at_create(monkeypatch, tmp_path, setting, why):
    (tmp_path / "a file").write_text("not a folder")
    monkeypatch.setenv(store.DB_ENV, setting.format(tmp=tmp_path))
    error = refused(lambda: cl.create_session(BAG, DECLARED), "misconfigured")
    assert str(error).startswith("the class store setting SHERIFF_NB_CLASS_DB cannot be used: ")
    assert why in str(error)
    assert "u:p" not in str(error) and str(tmp_path) not in str(error)
    refused(store.check, "misconfigured")


def test_an_unreachable_postgresql_server_is_one_clear_error_at_create(monkeypatch, caplog):
    url = f"postgresql+psycopg://u:p@127.0.0.1:{closed_port()}/x"
    monkeypatch.setenv(store.DB_ENV, url)
    with caplog.at_level(logging.ERROR, logger="sheriff_nb.classroom"):
        error = refused(lambda: cl.create_session(BAG, DECLARED), "unreachable")
    text = str(error)
    assert text.startswith("the class store cannot be reached: its database server does not answer")
    assert "SHERIFF_NB_CLASS_DB" in text
    assert "u:p" not in text and url not in text and "127.0.0.1" not in text
    assert any(isinstance(r.exc_info[1], OperationalError) for r in caplog.records if r.exc_info)
    refused(lambda: cl.session("ABCDE", url), "unreachable")  # a page of a running class: the same words


@pytest.mark.parametrize("part", ["password", "database"])
def test_a_postgresql_server_that_refuses_the_login_is_a_wrong_setting(monkeypatch, part):
    from sqlalchemy.engine import make_url
    from test_class_session import _postgres_url  # the server of SHERIFF_NB_TEST_PG (CI starts one), or a skip

    url = make_url(_postgres_url()).set(**{part: "wrong-secret"}).render_as_string(hide_password=False)
    monkeypatch.setenv(store.DB_ENV, url)
    error = refused(lambda: cl.create_session(BAG, DECLARED), "misconfigured")
    assert str(error).endswith("cannot be used: the database server refused its user name, password or database")
    assert "wrong-secret" not in str(error) and url not in str(error)
