"""The class session's API (:mod:`sheriff_nb.play.classroom`) on SQLite and on PostgreSQL: payoffs are the cells of
``an.inspection_game``, every bad input is refused with a clear message and changes nothing, roles alternate,
partners are rematched or kept, the computer partner plays the equilibrium mix, and 30 students joining and
choosing from separate processes at the same moment lose nothing.

PostgreSQL: ``SHERIFF_NB_TEST_PG`` is its SQLAlchemy URL (``.ci/run`` starts Debian's server and sets it); without
it the PostgreSQL cases are skipped, unless ``SHERIFF_REQUIRE_PG=1`` (CI), which makes them fail.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import time
from fractions import Fraction

import pytest
from sqlalchemy import select
from sqlalchemy.exc import OperationalError

import sheriff_nb.play.classroom as cl
from sheriff_nb.engine.errors import RuleError
from sheriff_nb.play import classroom_store as store
from sheriff_nb.play.class_keys import SESSION_TRIES
from sheriff_nb.theory import analysis as an

BAG, DECLARED = {"apples": 2, "pepper": 2}, "apples"


def _postgres_url() -> str:
    import os

    url = os.environ.get("SHERIFF_NB_TEST_PG", "")
    required = os.environ.get("SHERIFF_REQUIRE_PG") == "1"
    reason = "SHERIFF_NB_TEST_PG is not set" if not url else ""
    if url:
        try:
            store.engine(url)
        except (OperationalError, ImportError) as error:  # no server, wrong password, no driver
            reason = f"PostgreSQL at SHERIFF_NB_TEST_PG is not reachable: {error}"
    if reason:
        if required:
            pytest.fail(f"SHERIFF_REQUIRE_PG=1 but {reason}")
        pytest.skip(reason)
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path):
    if request.param == "sqlite":
        return str(tmp_path / "class.sqlite")
    return _postgres_url()


def snapshot(db, code: str) -> dict:
    """Every row the store holds for ``code``, table by table."""

    def read(conn):
        return {
            table.name: sorted(map(tuple, conn.execute(select(table).where(table.c.code == code))), key=repr)
            for table in store.PER_SESSION
            if table is not store.tries_t
        }

    return store.run(db, read)


def pair(db, rounds=3, rematch=True, seed=7):
    s = cl.create_session(BAG, DECLARED, rounds=rounds, rematch=rematch, db=db, seed=seed)
    return s, cl.join(s.code, "Ann", db=db), cl.join(s.code, "Bob", db=db)


# ------------------------------------------------------------------ the game
@pytest.mark.parametrize("merchant", ["honest", "lie"])
@pytest.mark.parametrize("sheriff", ["inspect", "pass"])
def test_payoffs_are_the_cells_of_the_inspection_game(db, merchant, sheriff):
    s, ann, bob = pair(db)
    assert (ann.role, bob.role) == ("merchant", "sheriff")
    cl.submit(s.code, "Ann", 1, merchant, db=db)
    cl.submit(s.code, "Bob", 1, sheriff, db=db)
    frame = cl.close_round(s.code, 1, db=db)
    g = an.inspection_game(BAG, DECLARED)
    r, c = g.rows.index(merchant), g.columns.index(sheriff)
    assert list(frame.columns) == ["round", "name", "role", "partner", "choice", "payoff"]
    got = dict(zip(frame["name"], frame["payoff"], strict=True))
    assert got == {"Ann": g.gain[r][c], "Bob": g.gold[r][c]}
    assert frame["partner"].tolist() == ["Bob", "Ann"]


def test_payoffs_of_another_bag_come_from_its_game(db):
    bag = {"chickens": 1, "silk": 2}
    s = cl.create_session(bag, "chickens", rounds=1, db=db, seed=3)
    cl.join(s.code, "Ann", db=db), cl.join(s.code, "Bob", db=db)
    cl.submit(s.code, "Ann", 1, "lie", db=db)
    cl.submit(s.code, "Bob", 1, "pass", db=db)
    frame = cl.close_round(s.code, 1, db=db)
    g = an.inspection_game(bag, "chickens")
    assert frame["payoff"].tolist() == [g.gain[1][1], g.gold[1][1]] == [20, 0]  # passed: 1 Chicken 4 + 2 Silk 16
    assert cl.session(s.code, db).finished


def test_roles_alternate_and_fixed_partners_stay(db):
    s = cl.create_session(BAG, DECLARED, rounds=4, rematch=False, db=db, seed=1)
    names = ["Ann", "Bob", "Cy", "Dee"]
    first = {n: cl.join(s.code, n, db=db) for n in names}
    assert [first[n].role for n in names] == ["merchant", "sheriff", "merchant", "sheriff"]
    assert [cl.seat(s.code, n, db=db).partner for n in names] == ["Bob", "Ann", "Dee", "Cy"]
    for r in range(1, 5):
        seats = {n: cl.seat(s.code, n, db=db) for n in names}
        assert all(seats[n].round == r for n in names)
        flipped = r % 2 == 0
        for n in names:
            expected = first[n].role if not flipped else ("sheriff" if first[n].role == "merchant" else "merchant")
            assert seats[n].role == expected and seats[n].partner == names[names.index(n) ^ 1]
            cl.submit(s.code, n, r, cl.ROLES[seats[n].role][0], db=db)
        cl.close_round(s.code, r, db=db)
    frame = cl.results(s.code, db)
    assert len(frame) == 16 and frame.groupby("name")["role"].apply(list)["Ann"] == ["merchant", "sheriff"] * 2


def test_rematching_is_random_but_seeded(db):
    names = [f"s{i}" for i in range(10)]

    def partners(seed):
        s = cl.create_session(BAG, DECLARED, rounds=3, rematch=True, db=db, seed=seed)
        for n in names:
            cl.join(s.code, n, db=db)
        seen = []
        for r in (1, 2, 3):
            seen.append({n: cl.seat(s.code, n, db=db).partner for n in names})
            if r < 3:
                cl.close_round(s.code, r, db=db)
        return seen

    a, b = partners(5), partners(5)
    assert a == b  # same seed, same pairs
    assert a[1] != {n: a[0][n] for n in names}  # new partners in round 2 (with this seed)
    for rnd in a:  # every pair is a merchant and a sheriff, and partnership is mutual
        assert all(rnd[rnd[n]] == n for n in names)


def test_the_odd_student_plays_the_computer_and_it_plays_the_equilibrium_mix(db):
    s, _, _ = pair(db, rounds=1, seed=11)
    cy = cl.join(s.code, "Cy", db=db)
    assert cy.role == "merchant" and cy.against_computer
    cl.submit(s.code, "Cy", 1, "lie", db=db)
    frame = cl.close_round(s.code, 1, db=db)
    row = cl.outcomes(s.code, db).set_index("name").loc["Cy"]
    assert row["partner"] == cl.COMPUTER
    assert row["partner_choice"] == cl.computer_choice(cl.session(s.code, db), 1, "sheriff", "Cy")
    assert frame.set_index("name").loc["Cy", "payoff"] == cl.payoff(s.game, "merchant", "lie", row["partner_choice"])
    # the mix: over many seeded draws the computer sheriff inspects about p* = 2/7 of the time
    draws = [cl.computer_choice(s, r, "sheriff", "Cy") for r in range(1, 3001)]
    share = Fraction(draws.count("inspect"), len(draws))
    assert abs(share - s.equilibrium.p_inspect) < Fraction(3, 100)
    lies = [cl.computer_choice(s, r, "merchant", "Cy") for r in range(1, 3001)].count("lie")
    assert abs(Fraction(lies, 3000) - s.equilibrium.q_lie) < Fraction(3, 100)


def test_a_late_student_takes_the_waiting_seat(db):
    s, _, _ = pair(db, seed=2)
    assert cl.join(s.code, "Cy", db=db).partner == cl.COMPUTER
    dee = cl.join(s.code, "Dee", db=db)
    assert (dee.role, dee.partner) == ("sheriff", "Cy") and cl.seat(s.code, "Cy", db=db).partner == "Dee"
    # but a waiting student who has already chosen keeps the computer
    cl.join(s.code, "Eve", db=db)
    cl.submit(s.code, "Eve", 1, "honest", db=db)
    fay = cl.join(s.code, "Fay", db=db)
    assert fay.role == "sheriff" and fay.partner == cl.COMPUTER
    assert cl.seat(s.code, "Eve", db=db).partner == cl.COMPUTER


def test_the_computer_stands_in_for_a_partner_who_did_not_choose(db):
    s, _, _ = pair(db, seed=4)
    cl.submit(s.code, "Ann", 1, "lie", db=db)
    cl.close_round(s.code, 1, db=db)
    rows = cl.outcomes(s.code, db).set_index("name")
    assert rows.loc["Ann", "stand_in"] and rows.loc["Ann", "partner"] == "Bob"
    assert [line.rsplit(",", 1)[1] for line in cl.export_csv(s.code, db).splitlines()[1:]] == ["1", "0"]
    stood = cl.computer_choice(s, 1, "sheriff", "Bob")
    assert rows.loc["Ann", "partner_choice"] == stood
    assert rows.loc["Ann", "payoff"] == cl.payoff(s.game, "merchant", "lie", stood)
    assert rows.loc["Bob", "choice"] is None and rows.loc["Bob", "payoff"] is pd_na()
    assert cl.student_view(s.code, "Bob", db).total == 0


def pd_na():
    import pandas as pd

    return pd.NA


def test_a_reloaded_page_takes_its_seat_back_with_the_seat_key(db):
    s, ann, _ = pair(db)
    back = cl.reclaim(s.code, ann.key.lower().replace("-", " "), db=db)  # typed on another phone, any case
    assert back == cl.seat(s.code, "Ann", db=db) and (back.name, back.role, back.partner) == ("Ann", "merchant", "Bob")
    assert cl.roster(s.code, db) == ["Ann", "Bob"]


def test_keys_are_long_random_and_never_repeat(db):
    s, ann, bob = pair(db)
    keys = [s.teacher_key, ann.key, bob.key] + [cl.join(s.code, f"S{i}", db=db).key for i in range(20)]
    assert len(set(keys)) == len(keys)
    for key in keys:
        letters = key.replace("-", "")
        assert len(letters) == 16 and set(letters) <= set(cl.CODE_LETTERS)  # 31**16 > 2**79 keys
    assert math.log2(len(cl.CODE_LETTERS)) * 16 >= 64


def test_a_seat_key_sweep_finds_nothing_and_is_stopped(db):
    """A student who tries key after key (the attack of a 4-digit key) never gets a seat, and after SESSION_TRIES
    wrong keys within ten minutes the session refuses every seat key for a while, the right one included."""
    s, ann, _ = pair(db)
    refused = []
    for i in range(SESSION_TRIES + 5):
        with pytest.raises(cl.ClassroomError) as caught:
            cl.reclaim(s.code, f"{i:016d}", db=db)
        refused.append(type(caught.value))
    assert refused == [cl.SeatKeyError] * SESSION_TRIES + [cl.TooManyTriesError] * 5
    with pytest.raises(cl.TooManyTriesError, match="wrong seat keys in the last 10 minutes"):
        cl.reclaim(s.code, ann.key, db=db)
    assert cl.resume(s.code, s.teacher_key, db=db).code == s.code  # the teacher's key is counted apart


def test_a_teacher_key_sweep_is_stopped(db):
    s, _, _ = pair(db)
    for i in range(SESSION_TRIES):
        with pytest.raises(cl.TeacherKeyError):
            cl.resume(s.code, f"{i:06d}", db=db)
    with pytest.raises(cl.TooManyTriesError, match="wrong teacher keys"):
        cl.resume(s.code, s.teacher_key, db=db)
    with pytest.raises(cl.TooManyTriesError):
        cl.remove_student(s.code, s.teacher_key, "Ann", db=db)
    assert cl.roster(s.code, db) == ["Ann", "Bob"]


def test_the_teacher_removes_a_student(db):
    s, _, _ = pair(db, rounds=3)
    cl.join(s.code, "Cy", db=db)
    cl.join(s.code, "Dee", db=db)
    cl.submit(s.code, "Bob", 1, "inspect", db=db)
    assert cl.seat(s.code, "Bob", db=db).partner == "Ann"
    assert cl.remove_student(s.code, s.teacher_key, " ann ", db=db) == ["Bob", "Cy", "Dee"]
    assert cl.roster(s.code, db) == ["Bob", "Cy", "Dee"] and cl.status(s.code, db).joined == 3
    assert cl.seat(s.code, "Bob", db=db).partner == cl.COMPUTER  # for the rest of the open round
    for act in (
        lambda: cl.student_view(s.code, "Ann", db=db),
        lambda: cl.submit(s.code, "Ann", 1, "lie", db=db),
        lambda: cl.reclaim(s.code, _seat_key(db, s.code, "Ann"), db=db),
    ):
        with pytest.raises(cl.RemovedError, match="your teacher removed Ann from session"):
            act()
    with pytest.raises(cl.NicknameError, match="already taken"):  # the nickname stays taken
        cl.join(s.code, "Ann", db=db)
    frame = cl.close_round(s.code, 1, db=db)
    assert list(frame["name"]) == ["Bob", "Cy", "Dee"]
    assert frame.set_index("name").loc["Bob", "partner"] == cl.COMPUTER
    partners = {name: cl.seat(s.code, name, db=db).partner for name in ("Bob", "Cy", "Dee")}
    assert "Ann" not in partners.values() and sorted(partners) == ["Bob", "Cy", "Dee"]
    with pytest.raises(cl.TeacherKeyError):
        cl.remove_student(s.code, "AAAA-AAAA-AAAA-AAAA", "Bob", db=db)
    with pytest.raises(cl.NotJoinedError):
        cl.remove_student(s.code, s.teacher_key, "Zed", db=db)


def _seat_key(db, code, name):
    rows = store.run(db, lambda conn: store.students(conn, code))
    return next(row["seat_key"] for row in rows if row["name"] == name)


def test_a_session_can_cap_its_roster(db):
    s = cl.create_session(BAG, DECLARED, db=db, max_students=2)
    cl.join(s.code, "Ann", db=db)
    cl.join(s.code, "Bob", db=db)
    with pytest.raises(cl.SessionFullError, match="it seats 2 students"):
        cl.join(s.code, "Cy", db=db)
    cl.remove_student(s.code, s.teacher_key, "Bob", db=db)
    assert cl.join(s.code, "Cy", db=db).partner == "Ann"


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"rematch": "no"}, "rematch is True"),
        ({"rematch": 1}, "rematch is True"),
        ({"max_students": 1}, "a session seats 2 to"),
        ({"max_students": True}, "a session seats 2 to"),
        ({"bag": {"apples": 6}}, "the session's bag cannot be played: a bag holds 1 to 5 cards"),
        ({"bag": {"unicorns": 2}}, "the session's bag cannot be played"),
        ({"declared": "silk"}, "the session's bag cannot be played"),
    ],
)
def test_bad_settings_are_classroom_errors(db, settings, words):
    arguments = {"bag": BAG, "declared": DECLARED, **settings}
    with pytest.raises(cl.SessionSetupError, match=words):
        cl.create_session(arguments.pop("bag"), arguments.pop("declared"), db=db, **arguments)


def test_the_csv_export_writes_formula_starts_as_text(db):
    s = cl.create_session(BAG, DECLARED, db=db, seed=3)
    cl.join(s.code, "-A1", db=db)
    cl.join(s.code, "Bob", db=db)
    cl.close_round(s.code, 1, db=db)
    lines = cl.export_csv(s.code, db).splitlines()[1:]
    assert [line.split(",")[1] for line in lines] == ["'-A1", "Bob"]
    assert lines[1].split(",")[3] == "'-A1"  # Bob's partner


def test_status_counts_who_has_chosen_and_results_csv(db):
    s, _, _ = pair(db, rounds=2)
    cl.submit(s.code, "Bob", 1, "pass", db=db)
    st = cl.status(s.code, db)
    assert (st.round, st.joined, st.seated, st.chosen, st.closed) == (1, 2, 2, 1, 0)
    cl.submit(s.code, "Ann", 1, "honest", db=db)
    cl.close_round(s.code, 1, db=db)
    csv = cl.export_csv(s.code, db)
    header = "round,name,role,partner,choice,payoff,partner_choice,computer_chose_for_partner"
    assert csv.splitlines()[0] == header  # a readable name and 1/0, not Python's True/False (UX review #54)
    assert csv.splitlines()[1:] == ["1,Ann,merchant,Bob,honest,8,pass,0", "1,Bob,sheriff,Ann,pass,0,honest,0"]
    table = cl.rounds_table(cl.outcomes(s.code, db))
    assert table.loc[0, ["lie_rate", "inspect_rate", "merchant_payoff", "sheriff_payoff"]].tolist() == [0, 0, 8, 0]
    assert not cl.session(s.code, db).revealed and cl.reveal(s.code, db).revealed


def test_delete_removes_every_row_and_the_code(db):
    s, _, _ = pair(db)
    cl.submit(s.code, "Ann", 1, "lie", db=db)
    assert cl.delete_session(s.code, db) == 1 + 2 + 2 + 1  # session, students, seats, choice
    assert snapshot(db, s.code) == {t.name: [] for t in store.PER_SESSION if t is not store.tries_t}
    with pytest.raises(cl.UnknownSessionError, match="no session has the code"):
        cl.join(s.code, "Cy", db=db)


# ------------------------------------------------------------------ bad input: a clear error, nothing changes
def expire(db, code):
    def old(conn):
        conn.execute(
            store.sessions_t.update()
            .where(store.sessions_t.c.code == code)
            .values(created=time.time() - cl.EXPIRES_AFTER - 1)
        )

    store.run(db, old, write=True)


BAD = {
    "unknown code": (
        lambda s, db: cl.join("ZZZZZ", "Cy", db=db),
        cl.UnknownSessionError,
        "no session has the code 'ZZZZZ'",
    ),
    "taken nickname": (
        lambda s, db: cl.join(s.code, " ann ", db=db),
        cl.NicknameError,
        "the nickname 'Ann' is already taken",
    ),
    "wrong seat key": (lambda s, db: cl.reclaim(s.code, "nope", db=db), cl.SeatKeyError, "not a seat key of session"),
    "empty nickname": (lambda s, db: cl.join(s.code, "  ", db=db), cl.NicknameError, "a nickname is 1 to 20"),
    "long nickname": (lambda s, db: cl.join(s.code, "x" * 21, db=db), cl.NicknameError, "a nickname is 1 to 20"),
    "markup nickname": (lambda s, db: cl.join(s.code, "<b>Cy</b>", db=db), cl.NicknameError, "a nickname is"),
    "computer nickname": (
        lambda s, db: cl.join(s.code, "Computer", db=db),
        cl.NicknameError,
        "the name of the computer partner",
    ),
    "other role's choice": (
        lambda s, db: cl.submit(s.code, "Ann", 1, "inspect", db=db),
        cl.ChoiceError,
        "in round 1 Ann is the merchant, who chooses honest or lie; 'inspect' is a sheriff's",
    ),
    "not a choice": (
        lambda s, db: cl.submit(s.code, "Bob", 1, "bribe", db=db),
        cl.ChoiceError,
        "Bob is the sheriff, who chooses pass or inspect; not 'bribe'",
    ),
    "second choice": (
        lambda s, db: cl.submit(s.code, "Bob", 1, "pass", db=db),
        cl.AlreadyChosenError,
        "Bob already chose inspect in round 1; the first choice stands",
    ),
    "same choice again": (
        lambda s, db: cl.submit(s.code, "Bob", 1, "inspect", db=db),
        cl.AlreadyChosenError,
        "the first choice stands",
    ),
    "future round": (
        lambda s, db: cl.submit(s.code, "Ann", 2, "lie", db=db),
        cl.RoundError,
        "round 2 has not started: round 1 is being played",
    ),
    "no such round": (
        lambda s, db: cl.submit(s.code, "Ann", 9, "lie", db=db),
        cl.RoundError,
        "there is no round 9: this session has 3 rounds",
    ),
    "round not a number": (
        lambda s, db: cl.submit(s.code, "Ann", "1", "lie", db=db),
        cl.RoundError,
        "a round is a whole number from 1 to 3",
    ),
    "not joined": (
        lambda s, db: cl.submit(s.code, "Zed", 1, "lie", db=db),
        cl.NotJoinedError,
        "nobody called 'Zed' has joined",
    ),
    "close a future round": (lambda s, db: cl.close_round(s.code, 2, db=db), cl.RoundError, "has not started"),
    "wrong teacher key": (
        lambda s, db: cl.resume(s.code, "AAAA-AAAA-AAAA-AAAA", db=db),
        cl.TeacherKeyError,
        "not the teacher key",
    ),
}


@pytest.mark.parametrize("case", list(BAD))
def test_bad_input_is_refused_and_changes_nothing(db, case):
    s, _, _ = pair(db)
    cl.submit(s.code, "Bob", 1, "inspect", db=db)
    before = snapshot(db, s.code)
    act, error, words = BAD[case]
    with pytest.raises(error, match=words.replace("(", r"\(")) as caught:
        act(s, db)
    assert isinstance(caught.value, cl.ClassroomError) and isinstance(caught.value, RuleError)
    assert snapshot(db, s.code) == before  # a wrong key is only counted (in the tries, not in the game)


def test_a_choice_after_the_round_closed_is_refused_and_changes_nothing(db):
    s, _, _ = pair(db)
    cl.submit(s.code, "Ann", 1, "lie", db=db)
    cl.close_round(s.code, 1, db=db)
    before = snapshot(db, s.code)
    with pytest.raises(cl.RoundError, match="round 1 is closed: choosing is no longer possible"):
        cl.submit(s.code, "Bob", 1, "inspect", db=db)
    with pytest.raises(cl.RoundError, match="round 1 is closed: closing it is no longer possible"):
        cl.close_round(s.code, 1, db=db)
    assert snapshot(db, s.code) == before


def test_an_expired_code_is_refused_and_changes_nothing(db):
    s, _, _ = pair(db)
    expire(db, s.code)
    before = snapshot(db, s.code)
    with pytest.raises(cl.UnknownSessionError, match=f"the code {s.code} has expired"):
        cl.join(s.code, "Cy", db=db)
    with pytest.raises(cl.UnknownSessionError, match="has expired"):
        cl.submit(s.code, "Ann", 1, "lie", db=db)
    assert snapshot(db, s.code) == before


def test_expired_sessions_are_deleted_when_a_new_one_starts(db):
    s, _, _ = pair(db)
    expire(db, s.code)
    cl.create_session(BAG, DECLARED, db=db)
    assert snapshot(db, s.code) == {t.name: [] for t in store.PER_SESSION if t is not store.tries_t}


def test_a_finished_session_refuses_new_students(db):
    s = cl.create_session(BAG, DECLARED, rounds=1, db=db)
    cl.join(s.code, "Ann", db=db)
    cl.close_round(s.code, 1, db=db)
    with pytest.raises(cl.RoundError, match="has finished: all 1 rounds are closed"):
        cl.join(s.code, "Bob", db=db)


def test_closing_an_empty_round_and_bad_settings_are_refused(db):
    s = cl.create_session(BAG, DECLARED, db=db)
    with pytest.raises(cl.RoundError, match="nobody has joined"):
        cl.close_round(s.code, 1, db=db)
    with pytest.raises(cl.SessionSetupError, match="1 to 20 rounds"):
        cl.create_session(BAG, DECLARED, rounds=0, db=db)
    with pytest.raises(cl.SessionSetupError, match="nothing to mix"):
        cl.create_session({"apples": 4}, "apples", db=db)
    with pytest.raises(RuleError):
        cl.create_session({"apples": 2, "pepper": 2}, "pepper", db=db)  # contraband cannot be declared


def test_the_default_store_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(store.DB_ENV, str(tmp_path / "env.sqlite"))
    s = cl.create_session(BAG, DECLARED)
    assert (tmp_path / "env.sqlite").exists() and cl.session(s.code).code == s.code
    assert store.journal_mode() == "wal"
    monkeypatch.delenv(store.DB_ENV)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert store.url_for(None) == f"sqlite:///{tmp_path / 'data' / 'sheriff_nb' / 'classroom.sqlite'}"


# ------------------------------------------------------------------ a class at once, from separate processes
STUDENTS = 30


def _student(db, code, number, start, results):
    start.wait()  # everyone joins at the same moment ...
    seat = cl.join(code, f"student{number:02d}", db=db)
    start.wait()  # ... and chooses at the same moment
    choice = cl.ROLES[seat.role][number % 2]
    cl.submit(code, seat.name, 1, choice, db=db)
    results.put((seat.name, seat.role, choice))


def test_thirty_students_join_and_choose_at_once_from_separate_processes(db):
    s = cl.create_session(BAG, DECLARED, rounds=2, db=db, seed=9)
    ctx = mp.get_context("fork")
    start, results = ctx.Barrier(STUDENTS), ctx.Queue()
    workers = [ctx.Process(target=_student, args=(db, s.code, i, start, results)) for i in range(STUDENTS)]
    for w in workers:
        w.start()
    made = [results.get(timeout=600) for _ in workers]
    for w in workers:
        w.join(timeout=120)
    assert [w.exitcode for w in workers] == [0] * STUDENTS
    assert sorted(cl.roster(s.code, db)) == sorted(name for name, _, _ in made)
    st = cl.status(s.code, db)
    assert (st.joined, st.seated, st.chosen) == (STUDENTS, STUDENTS, STUDENTS)
    frame = cl.close_round(s.code, 1, db=db)
    assert len(frame) == STUDENTS and frame["payoff"].notna().all()
    assert sorted(zip(frame["name"], frame["role"], frame["choice"], strict=True)) == sorted(made)
    assert (frame["role"] == "merchant").sum() == STUDENTS // 2
    partner = dict(zip(frame["name"], frame["partner"], strict=True))
    assert all(partner[partner[n]] == n for n in partner)  # 15 human pairs, nobody with the computer
