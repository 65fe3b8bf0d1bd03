"""Numbers stated by ``17_class_teacher`` (the teacher's notes on the default session): the four cells the phones
pay, p*, q* and the equilibrium values, and the noise of a small class; each computed from
:mod:`sheriff_nb.play.classroom` on a session made with the page's defaults."""

import functools
import math
import tempfile
from pathlib import Path

import sheriff_nb.play.classroom as cl
from sheriff_nb.ui.widgets.class_teacher import TeacherPage
from sheriff_nb.ui.widgets.explorers import MUCH_BAG

from . import Claim, percent

L = "17_class_teacher"


@functools.cache
def _session() -> cl.Session:
    page = TeacherPage(db=str(Path(tempfile.mkdtemp()) / "claims.sqlite"), poll=0)
    assert dict(page.editor.value) == MUCH_BAG and page.declared.value == "apples" and page.rounds.value == 5
    return cl.create_session(
        page.editor.value, page.declared.value, page.rounds.value, page.partners.value, db=page.db, seed=0
    )


def _cell(merchant: str, sheriff: str) -> tuple:
    g = _session().game
    return cl.payoff(g, "merchant", merchant, sheriff), cl.payoff(g, "sheriff", sheriff, merchant)


def _numbers() -> dict:
    return cl.equilibrium_numbers(_session())


def _gains() -> tuple:
    (hi, hp), (li, lp) = _session().game.gain
    return lp - hp, hi - li


def _noise() -> str:
    q = _numbers()["q"]
    return str(round(100 * 2 * math.sqrt(q * (1 - q) / 50)))  # 5 rounds x 10 merchants, two standard errors


def _cells() -> tuple:
    return tuple(
        v
        for cell in (("honest", "pass"), ("honest", "inspect"), ("lie", "pass"), ("lie", "inspect"))
        for v in _cell(*cell)
    )


CLAIMS = [
    Claim(
        L,
        "honest and passed ({}, {}), honest and inspected ({}, {}), lie and passed ({}, {}), lie and inspected "
        "({}, {})",
        _cells,
        fmt=lambda v: str(v).replace("-", "−"),
    ),
    Claim(
        L,
        "The sheriff inspects p* = {} ({}) of bags: then lying (gains {} if passed, loses {} if inspected)",
        lambda: (_numbers()["p"], percent(_numbers()["p"]), *_gains()),
    ),
    Claim(L, "The merchant lies q* = {} ({}) of the time", lambda: (_numbers()["q"], percent(_numbers()["q"]))),
    Claim(
        L,
        "a merchant expects {} ≈ {} per bag and a sheriff {}",
        lambda: (_numbers()["merchant"], f"{float(_numbers()['merchant']):.2f}", _numbers()["sheriff"]),
    ),
    Claim(L, "moves by about ±{} percentage points from chance alone", _noise),
]
