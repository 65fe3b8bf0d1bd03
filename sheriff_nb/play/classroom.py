"""A live classroom experiment: the class plays lesson 08's inspection game on their phones, round by round.

The teacher creates a session (:func:`create_session`); students join with its code and a nickname (:func:`join`),
each gets a role (merchant or sheriff) and a partner, and chooses (:func:`submit`: ``honest``/``lie`` or
``pass``/``inspect``); the teacher closes the round (:func:`close_round`) and everyone is paid the cell of lesson
08's table (the inspection game) that the pair chose: the merchant value or the sheriff's gold of
:func:`sheriff_nb.theory.analysis.inspection_game` (:func:`results`).  Roles alternate between rounds; partners are new and random each round
(``rematch=True``) or fixed (repeated play).  An odd student out plays the computer, which mixes as the equilibrium
says (p* or q*); it also stands in for a partner who did not choose before the round closed.

Every kernel (the teacher's page, each student's phone) reads and writes the same store
(:mod:`sheriff_nb.play.classroom_store`): ``db`` is a path or an SQLAlchemy URL; ``None`` means ``SHERIFF_NB_CLASS_DB``
or a file in the user's data folder.  A refused input raises a :class:`ClassroomError` (a
:class:`~sheriff_nb.engine.errors.RuleError`) that says which rule, and changes nothing.

>>> import tempfile, os
>>> db = os.path.join(tempfile.mkdtemp(), "class.sqlite")
>>> s = create_session({"apples": 2, "pepper": 2}, "apples", rounds=2, db=db, seed=1)
>>> ann = join(s.code, "Ann", db=db)
>>> ann.role, ann.partner                               # alone so far: the computer
('merchant', 'computer')
>>> bob = join(s.code, "Bob", db=db)
>>> bob.role, bob.partner, seat(s.code, "Ann", db=db).partner
('sheriff', 'Ann', 'Bob')
>>> submit(s.code, "Ann", 1, "lie", db=db), submit(s.code, "Bob", 1, "inspect", db=db)
('lie', 'inspect')
>>> close_round(s.code, 1, db=db)[["name", "role", "choice", "payoff"]].values.tolist()
[['Ann', 'merchant', 'lie', -4], ['Bob', 'sheriff', 'inspect', 8]]
>>> seat(s.code, "Ann", db=db).role                     # roles alternate
'sheriff'
>>> submit(s.code, "Ann", 2, "lie", db=db)
Traceback (most recent call last):
...
sheriff_nb.play.class_rules.ChoiceError: in round 2 Ann is the sheriff, who chooses pass or inspect; 'lie' is a merchant's
choice
"""

from __future__ import annotations

import random
import secrets
import time
from collections import Counter
from collections.abc import Mapping

from ..engine.cards import card_id, cards
from ..engine.errors import RuleError
from ..theory import analysis as an
from . import classroom_store as store
from .class_export import csv_text, spreadsheet_safe
from .class_keys import PAGE_PAUSE, PAGE_TRIES, SESSION_TRIES, TRY_WINDOW, keys_match, new_key, show_key
from .class_rules import (
    CODE_LENGTH,
    CODE_LETTERS,
    COMPUTER,
    EXPIRES_AFTER,
    MAX_ROUNDS,
    MAX_STUDENTS,
    ROLES,
    AlreadyChosenError,
    ChoiceError,
    ClassroomError,
    NicknameError,
    NotJoinedError,
    RemovedError,
    RoundError,
    Seat,
    SeatKeyError,
    Session,
    SessionFullError,
    SessionSetupError,
    Status,
    StoreError,
    StudentView,
    TeacherKeyError,
    TooManyTriesError,
    UnknownSessionError,
    bag_text,
    clean_code,
    computer_choice,
    equilibrium_numbers,
    other_role,
    pair_round,
    payoff,
    rounds_table,
)
from .nicknames import clean_name, name_key, taken_error

__all__ = [
    "ROLES", "COMPUTER", "EXPIRES_AFTER", "MAX_ROUNDS", "MAX_STUDENTS", "ClassroomError", "UnknownSessionError", "NicknameError",
    "NotJoinedError", "ChoiceError", "AlreadyChosenError", "RoundError", "TeacherKeyError", "SeatKeyError",
    "SessionSetupError", "StoreError", "TooManyTriesError", "RemovedError", "SessionFullError", "PAGE_TRIES", "PAGE_PAUSE",
    "Session", "Seat", "Status", "StudentView", "create_session", "session", "resume", "join", "reclaim", "seat",
    "submit", "close_round", "results", "outcomes", "roster", "status", "student_view", "reveal", "remove_student",
    "delete_session", "show_key",
    "export_csv", "spreadsheet_safe", "version", "rounds_table", "payoff", "computer_choice", "pair_round", "clean_code",
    "equilibrium_numbers",
]  # fmt: skip


def _session(row: dict) -> Session:
    bag = Counter({g: int(n) for g, n in (part.split(":") for part in row["bag"].split(","))})
    return Session(
        row["code"],
        row["teacher_key"],
        bag,
        row["declared"],
        row["rounds"],
        bool(row["rematch"]),
        row["seed"],
        row["closed"],
        bool(row["revealed"]),
        row["created"],
        row["version"],
        row["max_students"],
    )


def _seat(row: dict, key: str) -> Seat:
    return Seat(row["code"], row["name"], row["round"], row["role"], row["partner"], key)


# ------------------------------------------------------------------ reading a session inside a transaction
def _live(conn, code: str, lock: bool = False) -> Session:
    """The session ``code`` (not expired), or :class:`UnknownSessionError`."""
    clean = clean_code(code)
    if not clean:
        raise UnknownSessionError("no join code was typed: type the code on the teacher's screen first")
    row = store.session_row(conn, clean, lock=lock)
    if row is None:
        raise UnknownSessionError(
            "no session has the code {value!r}: check the code on the teacher's screen", value=clean
        )
    if row["created"] < time.time() - EXPIRES_AFTER:
        raise UnknownSessionError(
            "the code {clean} has expired (a session lasts {expires_after} hours): ask your teacher for a new one",
            clean=clean,
            expires_after=EXPIRES_AFTER // 3600,
        )
    return _session(row)


def _student(conn, s: Session, name: str) -> dict:
    key = name_key(clean_name(name))
    for row in store.students(conn, s.code):
        if row["name_key"] == key:
            if row["removed"]:
                raise RemovedError("your teacher removed {name} from session {code}", name=row["name"], code=s.code)
            return row
    raise NotJoinedError("nobody called {name!r} has joined session {code}: join first", name=name, code=s.code)


def _present(conn, code: str) -> list[dict]:
    """The session's students who were not removed, in join order."""
    return [row for row in store.students(conn, code) if not row["removed"]]


def _check_tries(conn, s: Session, kind: str) -> None:
    """Refuse a key of ``kind`` while the session has had too many wrong ones lately."""
    if store.count_tries(conn, s.code, kind, time.time() - TRY_WINDOW) < SESSION_TRIES:
        return
    template = (
        "session {code} has had {n} wrong teacher keys in the last {minutes} minutes: wait a few minutes and try again"
        if kind == "teacher"
        else "session {code} has had {n} wrong seat keys in the last {minutes} minutes: wait a few minutes and try "
        "again, or join as someone new"
    )
    raise TooManyTriesError(template, code=s.code, n=SESSION_TRIES, minutes=TRY_WINDOW // 60)


def _keyed(code: str, typed: object, kind: str, find, db):
    """What ``find(conn, session, typed)`` finds for a key of ``kind`` (``teacher`` or ``seat``), under the
    session's limit on wrong keys; a wrong key (``find`` gives None) is counted, and the count is kept, before the
    error is raised."""

    def work(conn):
        s = _live(conn, code, lock=True)
        _check_tries(conn, s, kind)
        found = find(conn, s, typed)
        if found is None:
            store.insert_try(conn, s.code, kind, time.time())
        return s, found

    s, found = store.run(db, work, write=True)
    if found is None:
        if kind == "teacher":
            raise TeacherKeyError("that is not the teacher key of session {code}", code=s.code)
        raise SeatKeyError("that is not a seat key of session {code}: check it, or join as someone new", code=s.code)
    return found


def _round_number(s: Session, round: object, doing: str) -> int:
    if isinstance(round, bool) or not isinstance(round, int):
        raise RoundError("a round is a whole number from 1 to {rounds}; not {round!r}", rounds=s.rounds, round=round)
    if not 1 <= round <= s.rounds:
        raise RoundError("there is no round {round}: this session has {rounds} rounds", round=round, rounds=s.rounds)
    if round <= s.closed:
        raise RoundError("round {round} is closed: {doing} is no longer possible", round=round, doing=doing)
    if round != s.open_round:
        raise RoundError(
            "round {round} has not started: round {open_round} is being played", round=round, open_round=s.open_round
        )
    return round


# ------------------------------------------------------------------ the API
def create_session(
    bag: Mapping[str, int],
    declared: str,
    rounds: int = 5,
    rematch: bool = True,
    db=None,
    *,
    seed: int | str | None = None,
    max_students: int | None = None,
) -> Session:
    """A new session in the store: every pair plays ``bag`` declared as ``len(bag)`` x ``declared`` for ``rounds``
    rounds, with new random partners each round (``rematch=True``) or fixed partners.  ``seed`` fixes the
    pairings and the computer partner's draws (for tests); the join code and the teacher key are always random.
    ``max_students`` caps the roster (None: no cap).  Sessions older than :data:`EXPIRES_AFTER` are deleted on the
    way.  A store that cannot be used (a wrong ``SHERIFF_NB_CLASS_DB``, a server that does not answer, a read-only
    or damaged file) raises :class:`~sheriff_nb.play.class_rules.StoreError` before anything else."""
    store.check(db)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise SessionSetupError(
            "a session has 1 to {max_rounds} rounds; not {rounds!r}", max_rounds=MAX_ROUNDS, rounds=rounds
        )
    if not isinstance(rematch, bool):
        raise SessionSetupError(
            "rematch is True (new partners each round) or False (fixed partners); not {rematch!r}", rematch=rematch
        )
    if max_students is not None and (
        isinstance(max_students, bool) or not isinstance(max_students, int) or not 2 <= max_students <= MAX_STUDENTS
    ):
        raise SessionSetupError(
            "a session seats 2 to {most} students; not {max_students!r}", most=MAX_STUDENTS, max_students=max_students
        )
    try:
        bag, declared = cards(bag), card_id(declared)
        game = an.inspection_game(bag, declared)  # the engine checks the bag and the declaration
    except RuleError as broken:
        if isinstance(broken, ClassroomError):
            raise
        raise SessionSetupError("the session's bag cannot be played: {why}", why=broken) from None
    e = game.equilibrium()
    if not e.kind.startswith("mixed"):
        raise SessionSetupError("this bag leaves the class nothing to mix: {explanation}", explanation=e.explanation)
    seed = str(secrets.randbits(64) if seed is None else seed)
    teacher_key = new_key()
    now = time.time()

    def create(conn) -> str:
        for old in store.expired_codes(conn, now - EXPIRES_AFTER):
            store.delete_session(conn, old)
        taken = True
        while taken:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            taken = store.session_row(conn, code) is not None
        store.insert_session(
            conn,
            code=code,
            teacher_key=teacher_key,
            bag=bag_text(bag),
            declared=declared,
            rounds=rounds,
            rematch=rematch,
            seed=seed,
            created=now,
            max_students=max_students,
        )
        return code

    return session(store.run(db, create, write=True), db)


def session(code: str, db=None) -> Session:
    """The session ``code`` as it is now (:class:`UnknownSessionError` if there is none)."""
    return store.run(db, lambda conn: _live(conn, code))


def resume(code: str, teacher_key: str, db=None) -> Session:
    """The session ``code`` for its teacher page, if ``teacher_key`` is its key.  Wrong keys are counted: after
    :data:`~sheriff_nb.play.class_keys.SESSION_TRIES` of them within ten minutes the session refuses every key for a
    while (:class:`TooManyTriesError`)."""
    _keyed(code, teacher_key, "teacher", lambda conn, s, typed: s if keys_match(typed, s.teacher_key) else None, db)
    return session(code, db)


def join(code: str, name: str, db=None) -> Seat:
    """Seat the student ``name`` (a nickname) in the session's open round: the role that the fewer students have
    (merchant first), and as partner the first student of the other role who is still waiting for one (else the
    computer).  A taken nickname is refused (a student coming back uses :func:`reclaim` with their seat key), and so
    is a student past the session's ``max_students``."""

    def work(conn) -> Seat:
        s = _live(conn, code, lock=True)
        clean = clean_name(name)
        folded = name_key(clean)
        known = store.students(conn, s.code)
        for row in known:
            if row["name_key"] == folded:
                raise taken_error(clean, row["name"], s.code)
        if s.finished:
            raise RoundError(
                "session {code} has finished: all {rounds} rounds are closed", code=s.code, rounds=s.rounds
            )
        if s.max_students is not None and len([x for x in known if not x["removed"]]) >= s.max_students:
            raise SessionFullError(
                "session {code} is full: it seats {n} students; ask your teacher", code=s.code, n=s.max_students
            )
        r = s.open_round
        assert r is not None  # not finished, so a round is open
        seated = store.seats(conn, s.code, r)
        merchants = sum(1 for x in seated if x["role"] == "merchant")
        role = "sheriff" if merchants > len(seated) - merchants else "merchant"
        chosen = store.choices(conn, s.code, r)
        waiting = [x for x in seated if x["partner"] == COMPUTER and x["role"] != role and x["name"] not in chosen]
        partner = waiting[0]["name"] if waiting else COMPUTER
        if waiting:
            store.set_partner(conn, s.code, r, partner, clean)
        seat_key = new_key()
        number = len(known)
        store.insert_student(
            conn,
            code=s.code,
            name_key=folded,
            name=clean,
            seat_key=seat_key,
            number=number,
            joined=time.time(),
        )
        store.insert_seats(conn, [dict(code=s.code, round=r, name=clean, role=role, partner=partner, number=number)])
        store.change_session(conn, s.code)
        return Seat(s.code, clean, r, role, partner, seat_key)

    return store.run(db, work, write=True)


def reclaim(code: str, key: str, db=None) -> Seat:
    """The seat of the student whose seat key is ``key`` (a reloaded page, or another device): their seat in the open
    round, or in the last one when the session is finished.  Wrong keys are counted per session
    (:class:`TooManyTriesError` after :data:`~sheriff_nb.play.class_keys.SESSION_TRIES` within ten minutes); a
    removed student gets :class:`RemovedError`."""

    def find(conn, s: Session, typed: object) -> dict | None:
        return next((row for row in store.students(conn, s.code) if keys_match(typed, row["seat_key"])), None)

    student = _keyed(code, key, "seat", find, db)
    return seat(code, student["name"], db=db)


def remove_student(code: str, teacher_key: str, name: str, db=None) -> list[str]:
    """The teacher removes ``name`` from the session: their page says so, their partner plays the computer for the
    rest of the open round and gets a new partner in the next; their closed rounds stay in the results and their
    nickname stays taken.  Needs the teacher key (counted like :func:`resume`'s).  Returns the roster after."""

    def find(conn, s: Session, typed: object):
        return s if keys_match(typed, s.teacher_key) else None

    _keyed(code, teacher_key, "teacher", find, db)

    def work(conn) -> list[str]:
        s = _live(conn, code, lock=True)
        student = _student(conn, s, name)
        store.remove_student(conn, s.code, student["name"], s.open_round, COMPUTER)
        store.change_session(conn, s.code)
        return [x["name"] for x in _present(conn, s.code)]

    return store.run(db, work, write=True)


def _find(rows: list[dict], name: str) -> dict:
    return next(row for row in rows if row["name"] == name)


def seat(code: str, name: str, round: int | None = None, db=None) -> Seat:
    """``name``'s seat in ``round`` (default: the open round, or the last one when the session is finished)."""

    def work(conn) -> Seat:
        s = _live(conn, code)
        student = _student(conn, s, name)
        number = round if round is not None else (s.open_round or s.rounds)
        rows = [x for x in store.seats(conn, s.code, number) if x["name"] == student["name"]]
        if not rows:
            raise RoundError(
                "{name} has no seat in round {number} of session {code}",
                name=student["name"],
                number=number,
                code=s.code,
            )
        return _seat(rows[0], student["seat_key"])

    return store.run(db, work)


def submit(code: str, name: str, round: int, choice: str, db=None) -> str:
    """Record ``name``'s choice in ``round``: ``honest``/``lie`` for a merchant, ``pass``/``inspect`` for a
    sheriff; returns it.  Refused (and nothing stored): an unknown code, a student who has not joined, a round that
    is closed or not open, the other role's choice, a second choice (the first one stands)."""
    wanted = str(choice or "").strip().lower()

    def work(conn) -> str:
        s = _live(conn, code, lock=True)
        student = _student(conn, s, name)
        r = _round_number(s, round, "choosing")
        mine = _find(store.seats(conn, s.code, r), student["name"])
        allowed = ROLES[mine["role"]]
        if wanted not in allowed:
            other = next((role for role, options in ROLES.items() if wanted in options), None)
            why = f"{wanted!r} is a {other}'s choice" if other else f"not {choice!r}"
            raise ChoiceError(
                "in round {round} {name} is the {role}, who chooses {allowed} or {allowed2}; {why}",
                round=r,
                name=student["name"],
                role=mine["role"],
                allowed=allowed[0],
                allowed2=allowed[1],
                why=why,
            )
        earlier = store.choices(conn, s.code, r).get(student["name"])
        if earlier is not None:
            raise AlreadyChosenError(
                "{name} already chose {earlier} in round {round}; the first choice stands",
                name=student["name"],
                earlier=earlier,
                round=r,
            )
        store.insert_choice(conn, code=s.code, round=r, name=student["name"], choice=wanted, at=time.time())
        store.change_session(conn, s.code)
        return wanted

    return store.run(db, work, write=True)


def close_round(code: str, round: int, db=None):
    """Close the open ``round``: pay every pair the cell they chose (the computer draws for an odd student out and
    stands in for a partner who did not choose), open the next round with roles swapped and partners rematched
    (or kept), and return the closed round's rows (as :func:`results`)."""

    def work(conn) -> None:
        s = _live(conn, code, lock=True)
        r = _round_number(s, round, "closing it")
        seated = store.seats(conn, s.code, r)
        if not seated:
            raise RoundError(
                "nobody has joined session {code} yet: wait for the class before closing round {round}",
                code=s.code,
                round=r,
            )
        chosen = store.choices(conn, s.code, r)
        role_of = {x["name"]: x["role"] for x in seated}
        rows = []
        for x in seated:
            partner, stand_in = x["partner"], False
            if partner == COMPUTER:
                theirs = computer_choice(s, r, other_role(x["role"]), x["name"])
            elif partner in chosen:
                theirs = chosen[partner]
            else:
                theirs, stand_in = computer_choice(s, r, role_of[partner], partner), True
            mine = chosen.get(x["name"])
            rows.append(
                dict(
                    code=s.code,
                    round=r,
                    name=x["name"],
                    number=x["number"],
                    role=x["role"],
                    partner=partner,
                    choice=mine,
                    partner_choice=theirs,
                    stand_in=stand_in,
                    payoff=None if mine is None else payoff(s.game, x["role"], mine, theirs),
                )
            )
        store.insert_outcomes(conn, rows)
        store.change_session(conn, s.code, closed=r)
        if r < s.rounds:
            order = [x["name"] for x in _present(conn, s.code)]
            roles = {name: other_role(role_of[name]) for name in order}
            partners = pair_round(
                order,
                roles,
                {x["name"]: x["partner"] for x in seated},
                s.rematch,
                random.Random(f"{s.seed}:pairs:{r + 1}"),
            )
            store.insert_seats(
                conn,
                [
                    dict(code=s.code, round=r + 1, name=name, role=roles[name], partner=partners[name], number=i)
                    for i, name in enumerate(order)
                ],
            )

    store.run(db, work, write=True)
    frame = results(code, db)
    return frame[frame["round"] == round].reset_index(drop=True)


def outcomes(code: str, db=None):
    """Every closed round as a DataFrame, one row per student: ``round, name, role, partner, choice, payoff``
    (as :func:`results`) and ``partner_choice``, ``stand_in`` (the computer chose for an absent partner).  A
    student who did not choose has ``choice`` None and ``payoff`` <NA>."""
    import pandas as pd

    rows = store.run(db, lambda conn: store.outcomes(conn, _live(conn, code).code))
    columns = ["round", "name", "role", "partner", "choice", "payoff", "partner_choice", "stand_in"]
    frame = pd.DataFrame(rows, columns=columns + ["code", "number"])[columns]
    frame["round"] = frame["round"].astype("int64")
    frame["payoff"] = frame["payoff"].astype("Int64")
    frame["stand_in"] = frame["stand_in"].astype(bool)
    frame["choice"] = frame["choice"].astype(object).where(frame["choice"].notna(), None)
    return frame


def results(code: str, db=None):
    """The closed rounds: a DataFrame with columns ``round, name, role, partner, choice, payoff``, one row per
    student per closed round.  ``payoff`` is the merchant value or the sheriff's gold of the cell the pair chose in
    :func:`sheriff_nb.theory.analysis.inspection_game` (lesson 08, the inspection game); <NA> for a student who did not choose."""
    return outcomes(code, db)[["round", "name", "role", "partner", "choice", "payoff"]]


def roster(code: str, db=None) -> list[str]:
    """The nicknames that joined and were not removed, in join order."""
    return store.run(db, lambda conn: [x["name"] for x in _present(conn, _live(conn, code).code)])


def status(code: str, db=None) -> Status:
    """How far the session is: the open round and how many of its seated students have chosen."""

    def work(conn) -> Status:
        s = _live(conn, code)
        joined = len(_present(conn, s.code))
        r = s.open_round
        seated = len(store.seats(conn, s.code, r)) if r else 0
        chosen = store.count_choices(conn, s.code, r) if r else 0
        return Status(r, s.rounds, s.closed, joined, seated, chosen, s.revealed)

    return store.run(db, work)


def student_view(code: str, name: str, db=None) -> StudentView:
    """Everything ``name``'s page shows, read at once (see :class:`StudentView`)."""

    def work(conn) -> StudentView:
        s = _live(conn, code)
        student = _student(conn, s, name)
        me = student["name"]
        current, choice = None, None
        if s.open_round:
            current = _seat(_find(store.seats(conn, s.code, s.open_round), me), student["seat_key"])
            choice = store.choices(conn, s.code, s.open_round).get(me)
        keep = ("round", "role", "partner", "choice", "partner_choice", "stand_in", "payoff")
        history = tuple({k: row[k] for k in keep} for row in store.outcomes(conn, s.code) if row["name"] == me)
        total = sum(row["payoff"] or 0 for row in history)
        return StudentView(s, current, choice, history, total)

    return store.run(db, work)


def reveal(code: str, db=None) -> Session:
    """Let every page show the theory (p*, q* and the values)."""

    def work(conn) -> str:
        s = _live(conn, code, lock=True)
        store.change_session(conn, s.code, revealed=True)
        return s.code

    return session(store.run(db, work, write=True), db)


def delete_session(code: str, db=None) -> int:
    """Delete the session and every row of it (nicknames included); returns how many rows went."""
    return store.run(db, lambda conn: store.delete_session(conn, _live(conn, code, lock=True).code), write=True)


def export_csv(code: str, db=None) -> str:
    """The closed rounds as CSV text for a spreadsheet: :func:`outcomes`' columns, ``stand_in`` written as
    ``computer_chose_for_partner`` with 1 or 0 (a spreadsheet sums it; Python's True/False reads as code); a
    nickname that starts like a formula (``=1+1``, ``-A1``) is written as text (:func:`spreadsheet_safe`)."""
    frame = outcomes(code, db)
    frame["stand_in"] = frame["stand_in"].astype("int64")
    return csv_text(frame.rename(columns={"stand_in": "computer_chose_for_partner"}), ("name", "partner"))


def version(code: str, db=None) -> int:
    """A number that changes whenever anything in the session changes: what pages poll."""
    return session(code, db).version
