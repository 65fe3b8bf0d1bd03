"""Numbers stated by ``11_research_corner``: our closed form, and OpenSpiel's numbers as the page shows them (computed
by OpenSpiel here, or the stored OpenSpiel run where it is not installed)."""

import math

from sheriff_nb.engine.card_names import english_goods
from sheriff_nb.theory import analysis as an
from sheriff_nb.theory import research
from sheriff_nb.ui.widgets.openspiel import run_note

from . import Claim

L = "11_research_corner"
MUCH = {"apples": 2, "pepper": 2}


def _parts():
    x = research.parts(MUCH, "apples")
    return x["G"], x["L"], x["K"], x["R"]


def _params():
    p = research.equivalent_parameters(MUCH, "apples")
    return f"{float(p['item_value']):g}", p["item_penalty"], p["sheriff_penalty"]


def _openspiel_row():
    frame = research.comparison()
    row = frame[frame["bag"] == english_goods(MUCH)].iloc[0]
    return f"{row['p (OpenSpiel)']:.4f}", f"{row['q (OpenSpiel)']:.4f}"


def _first_row():
    e = an.inspection_game(MUCH, "apples").equilibrium()
    p_os, q_os = _openspiel_row()
    return e.p_inspect, f"{float(e.p_inspect):.4f}", p_os, e.q_lie, f"{float(e.q_lie):.4f}", q_os


def _cfr_gap():
    last = research.cfr_history().iloc[-1]
    gap = max(abs(last.p - last.p_star), abs(last.q - last.q_star))
    return f"{math.ceil(gap * 1000) / 10:g}"


CLAIMS = [
    Claim(L, "G = {}: what the lie gains", lambda: _parts()[0]),
    Claim(L, "L = {}: what the lie loses", lambda: _parts()[1]),
    Claim(L, "K = {}: what an opened honest bag pays Much", lambda: _parts()[2]),
    Claim(L, "R = {}: what a catch pays Sir Guy", lambda: _parts()[3]),
    Claim(L, "item_value = G × (K + R) / (L + K) = 8 × 16 / 20 = {}", lambda: _params()[0]),
    Claim(
        L,
        "OpenSpiel should give p* = {} and q* = {}",
        lambda: (
            an.inspection_game(MUCH, "apples").equilibrium().p_inspect,
            an.inspection_game(MUCH, "apples").equilibrium().q_lie,
        ),
    ),
    Claim(
        L,
        "2 Apples + 2 Pepper {} = {} {} {} = {} {}",
        _first_row,
        note="the comparison table's first row: ours (exact and to 4 places), then OpenSpiel's",
    ),
    Claim(L, "{}", run_note, note="the tables say where OpenSpiel's numbers come from"),
    Claim(
        L,
        "K/(K + L) = 8/20 = {}",
        lambda: (
            research.parts(MUCH, "apples")["K"]
            / (research.parts(MUCH, "apples")["K"] + research.parts(MUCH, "apples")["L"])
        ),
    ),
    Claim(L, "K = 2n, R = c·f | {}, {}, {}, {}", _parts),
    Claim(L, "sheriff_penalty = K | {}, {}, {}", _params),
    Claim(L, "within {} percentage points after 1000 iterations", _cfr_gap),
]
