"""The rules of a class session (lesson 17), apart from where they are kept: the roles, the limits, the refusals
(:class:`ClassroomError` and its kinds), what a session, a seat and a page's status hold, the payoffs (the cells of
lesson 08's table, the inspection game), the computer's choice, the pairing of a round, and the rounds' table.
:mod:`sheriff_nb.play.classroom` plays sessions by these rules on the shared store.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from ..engine.errors import RuleError
from ..theory import analysis as an

__all__ = [
    "ROLES", "COMPUTER", "EXPIRES_AFTER", "MAX_ROUNDS", "MAX_STUDENTS", "CODE_LETTERS", "CODE_LENGTH",
    "ClassroomError", "UnknownSessionError", "NicknameError", "NotJoinedError", "ChoiceError", "AlreadyChosenError",
    "RoundError", "TeacherKeyError", "SeatKeyError", "StoreError", "STORE_FAULTS", "SessionSetupError",
    "TooManyTriesError", "RemovedError", "SessionFullError", "Session", "Seat", "Status", "StudentView", "payoff",
    "computer_choice", "other_role", "pair_round", "rounds_table", "clean_code", "bag_text", "equilibrium_numbers",
]  # fmt: skip


ROLES = {"merchant": ("honest", "lie"), "sheriff": ("pass", "inspect")}
"""Each role's two choices."""
COMPUTER = "computer"
"""The partner of an odd student out (a reserved nickname)."""
EXPIRES_AFTER = 24 * 3600
"""Seconds a session lives; older sessions are refused and then deleted."""
MAX_ROUNDS = 20
MAX_STUDENTS = 200
"""The largest cap a teacher may set on a session's roster."""
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: easy to read off a projector
CODE_LENGTH = 5


class ClassroomError(RuleError):
    """An input a class session refuses; the message says which rule, and nothing changed."""


class UnknownSessionError(ClassroomError):
    """A join code that no session has (mistyped, deleted, or expired)."""


class NicknameError(ClassroomError):
    """A nickname the class cannot take (:mod:`sheriff_nb.play.nicknames`): empty or too long, with characters that
    do not show, or looking like the computer partner or like a nickname already in the session."""


class NotJoinedError(ClassroomError):
    """A nickname that has not joined the session."""


class ChoiceError(ClassroomError):
    """A choice that is not one of the student's role's two choices."""


class AlreadyChosenError(ClassroomError):
    """A second choice in the same round (the first one stands)."""


class RoundError(ClassroomError):
    """A round that is closed, not yet open, or not in the session."""


class TeacherKeyError(ClassroomError):
    """A wrong teacher key when reopening a session."""


class SeatKeyError(ClassroomError):
    """A seat key that is no student's key in the session."""


class SessionSetupError(ClassroomError):
    """Session settings that cannot make a class game (rounds out of range, a bag with nothing to choose)."""


class TooManyTriesError(ClassroomError):
    """Too many wrong keys in a row from one page, or in a short time for one session: wait and try again."""


class RemovedError(ClassroomError):
    """A student the teacher removed from the session."""


class SessionFullError(ClassroomError):
    """A session that already seats as many students as its teacher allowed."""


STORE_FAULTS = ("full", "read-only", "corrupt", "unreachable", "misconfigured", "busy", "replaced", "failed")
"""The kinds of :class:`StoreError`, its ``reason``."""


class StoreError(ClassroomError):
    """The class store (the database every page shares) cannot do a step: its ``reason`` is one of
    :data:`STORE_FAULTS`, the message says it in plain words (no SQL, no server address) and what to do; the step
    was not saved and nothing saved before it is lost.

    >>> error = StoreError("the class store is busy: try again", reason="busy")
    >>> error.reason, str(error), isinstance(error, ClassroomError)
    ('busy', 'the class store is busy: try again', True)
    >>> import pickle; pickle.loads(pickle.dumps(error)).reason  # a worker process hands it back whole
    'busy'
    """

    def __init__(self, template: str, /, *, reason: str, **fields) -> None:
        if reason not in STORE_FAULTS:
            raise ValueError(f"a class store fault is one of {STORE_FAULTS}; not {reason!r}")
        super().__init__(template, reason=reason, **fields)
        self.reason = reason


# ------------------------------------------------------------------ values
@dataclass(frozen=True)
class Session:
    """A class session: its join ``code``, the ``teacher_key`` that reopens its teacher page, the bag and the
    declaration, ``rounds``, ``rematch`` (new random partners each round) and its progress: ``closed`` rounds so
    far, ``revealed`` (the theory is shown), ``version`` (counts every change); ``max_students`` caps the roster
    (None: no cap)."""

    code: str
    teacher_key: str
    bag: Counter
    declared: str
    rounds: int
    rematch: bool
    seed: str
    closed: int
    revealed: bool
    created: float
    version: int
    max_students: int | None = None

    @property
    def open_round(self) -> int | None:
        """The round being played (None when every round is closed)."""
        return self.closed + 1 if self.closed < self.rounds else None

    @property
    def finished(self) -> bool:
        return self.closed >= self.rounds

    @cached_property
    def game(self) -> an.InspectionGame:
        """The 2x2 game every pair plays (lesson 08, the inspection game)."""
        return an.inspection_game(self.bag, self.declared)

    @cached_property
    def equilibrium(self) -> an.Equilibrium:
        return self.game.equilibrium()


@dataclass(frozen=True)
class Seat:
    """Where a student sits in ``round``: ``role`` (``merchant``/``sheriff``) and ``partner`` (a nickname or
    :data:`COMPUTER`); ``key`` is the student's seat key, which takes the seat back after a page reload."""

    code: str
    name: str
    round: int
    role: str
    partner: str
    key: str

    @property
    def against_computer(self) -> bool:
        return self.partner == COMPUTER


@dataclass(frozen=True)
class Status:
    """The session's progress: the open ``round`` (None when finished), how many students ``joined``, how many
    are ``seated`` in the open round and how many of them have ``chosen``."""

    round: int | None
    rounds: int
    closed: int
    joined: int
    seated: int
    chosen: int
    revealed: bool


@dataclass(frozen=True)
class StudentView:
    """What one student's page shows, read in one transaction: the session, the student's ``seat`` in the open
    round (None when finished), their ``choice`` in it (None until they choose), their closed rounds
    (``history``: dicts with round, role, partner, choice, partner_choice, stand_in, payoff) and ``total``."""

    session: Session
    seat: Seat | None
    choice: str | None
    history: tuple
    total: int


# ------------------------------------------------------------------ pure rules
def payoff(game: an.InspectionGame, role: str, choice: str, partner_choice: str) -> int:
    """What ``role`` earns in the cell the pair chose: the merchant value or the sheriff's gold (lesson 08, the inspection game).

    >>> g = an.inspection_game({"apples": 2, "pepper": 2}, "apples")
    >>> payoff(g, "merchant", "lie", "pass"), payoff(g, "merchant", "honest", "inspect"), payoff(g, "sheriff",
    ...                                                                                        "inspect", "honest")
    (16, 16, -8)
    """
    merchant_choice, sheriff_choice = (choice, partner_choice) if role == "merchant" else (partner_choice, choice)
    r, c = an.InspectionGame.rows.index(merchant_choice), an.InspectionGame.columns.index(sheriff_choice)
    value = game.gain[r][c] if role == "merchant" else game.gold[r][c]
    return int(value)


def computer_choice(session: Session, round: int, role: str, facing: str) -> str:
    """The computer's choice as ``role`` in ``round`` against ``facing`` (or for an absent ``facing``): the
    equilibrium mix (sheriff inspects with p*, merchant lies with q*), drawn from the session's seed."""
    e = session.equilibrium
    rng = random.Random(f"{session.seed}:{round}:{role}:{facing}")
    if role == "sheriff":
        return "inspect" if rng.random() < e.p_inspect else "pass"
    return "lie" if rng.random() < e.q_lie else "honest"


def other_role(role: str) -> str:
    return "sheriff" if role == "merchant" else "merchant"


def pair_round(
    order: list[str], roles: Mapping[str, str], previous: Mapping[str, str], rematch: bool, rng: random.Random
) -> dict[str, str]:
    """Partners for a new round: ``order`` lists the students in join order, ``roles`` their roles this round,
    ``previous`` last round's partners.  Fixed partners (``rematch=False``) keep last round's human pairs; the rest
    (and everyone with ``rematch=True``) are matched merchant to sheriff, the sheriffs in random order; whoever is
    left over plays the computer.

    >>> roles = {"A": "merchant", "B": "sheriff", "C": "merchant", "D": "sheriff", "E": "merchant"}
    >>> pair_round(list(roles), roles, {"A": "B", "B": "A", "C": "D", "D": "C"}, False, random.Random(0))
    {'A': 'B', 'B': 'A', 'C': 'D', 'D': 'C', 'E': 'computer'}
    """
    partners: dict[str, str] = {}
    if not rematch:
        for name in order:
            mate = previous.get(name, COMPUTER)
            if mate != COMPUTER and mate in roles and roles[mate] == other_role(roles[name]):
                partners[name] = mate
    free = [n for n in order if n not in partners]
    merchants = [n for n in free if roles[n] == "merchant"]
    sheriffs = [n for n in free if roles[n] == "sheriff"]
    if rematch:
        rng.shuffle(sheriffs)
    for m, s in zip(merchants, sheriffs, strict=False):
        partners[m], partners[s] = s, m
    for name in free:
        partners.setdefault(name, COMPUTER)
    return {name: partners[name] for name in order}


def rounds_table(frame):
    """Per closed round, from :func:`outcomes`: how many merchants chose and lied, sheriffs chose and inspected,
    the rates, and the average payoff of each role (students who did not choose are left out).

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"round": [1, 1, 1, 1], "role": ["merchant", "sheriff", "merchant", "sheriff"],
    ...                       "choice": ["lie", "inspect", "honest", None], "payoff": [-4, 8, 8, None]})
    >>> rounds_table(frame).loc[0, ["lied", "merchants", "inspected", "sheriffs"]].astype(int).tolist()
    [1, 2, 1, 1]
    """
    import pandas as pd

    rows = []
    for number, part in frame.groupby("round", sort=True):
        chose = part[part["choice"].notna()]
        m, s = chose[chose["role"] == "merchant"], chose[chose["role"] == "sheriff"]
        lied, inspected = int((m["choice"] == "lie").sum()), int((s["choice"] == "inspect").sum())
        rows.append(
            {
                "round": int(number),
                "merchants": len(m),
                "lied": lied,
                "lie_rate": lied / len(m) if len(m) else None,
                "sheriffs": len(s),
                "inspected": inspected,
                "inspect_rate": inspected / len(s) if len(s) else None,
                "merchant_payoff": float(m["payoff"].mean()) if len(m) else None,
                "sheriff_payoff": float(s["payoff"].mean()) if len(s) else None,
            }
        )
    columns = [
        "round",
        "merchants",
        "lied",
        "lie_rate",
        "sheriffs",
        "inspected",
        "inspect_rate",
        "merchant_payoff",
        "sheriff_payoff",
    ]
    return pd.DataFrame(rows, columns=columns)


def clean_code(code: str) -> str:
    """A join code as typed (any case, spaces, dashes) in its stored form.

    >>> clean_code(' k7q-xm ')
    'K7QXM'
    """
    return re.sub(r"[\s-]", "", str(code or "")).upper()


def bag_text(bag: Counter) -> str:
    return ",".join(f"{g}:{n}" for g, n in sorted(bag.items()))


def equilibrium_numbers(s: Session) -> dict[str, Fraction]:
    """p*, q* and the two equilibrium values of the session's game."""
    e = s.equilibrium
    return {"p": e.p_inspect, "q": e.q_lie, "merchant": e.merchant_value, "sheriff": e.sheriff_value}
