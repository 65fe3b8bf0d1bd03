"""The research benchmark: OpenSpiel's ``sheriff`` game (Farina, Ling, Fang, Sandholm, NeurIPS 2019) against our
closed form (lesson 11, the research corner).

OpenSpiel's numbers are OpenSpiel's: its game tree, its normal form of that tree
(``pyspiel.extensive_to_matrix_game``), solved by nashpy's support enumeration (as OpenSpiel's own
``matrix_nash`` does), its CFR solver and its NashConv; none of them uses our p* and q* formulas.  Running them needs
the ``[research]`` extra (``pip install -e ".[research]"``).  Without it, the functions return the **stored run**
committed with the package (:data:`RUN_FILE`, made by :func:`record_run` with the OpenSpiel version and date it
records); anything the stored run does not hold is an :class:`Unavailable`, never a traceback.

This module holds the numbers only (DataFrames, plain values, English): lesson 11's page shows them through
:mod:`sheriff_nb.ui.widgets.openspiel` (the status line, the tables, translated) and
:func:`sheriff_nb.ui.charts.cfr_chart`.

The mapping (also used by ``tests/theory/test_openspiel.py``).  OpenSpiel's game with ``num_rounds=1, max_bribe=0,
max_items=1`` is a 2x2 game: the smuggler loads 0 or 1 item, the sheriff passes or inspects.  Ours, measured from the
honest bag passed: honest (0, 0) / (K, -K), lie (G, 0) / (-L, R) with G = gain if passed, L = loss if caught,
K = 2n the honest bag's compensation, R = the fine.  OpenSpiel's sheriff gains ``item_penalty`` on a catch and the
smuggler loses it, but in the board game the sheriff gets only R while the merchant loses L: one number cannot play
both roles.  So we use a *strategically equivalent* game: ``sheriff_penalty = K``, ``item_penalty = R`` (the sheriff's
payoffs are exactly ours) and ``item_value = G (K+R)/(L+K)`` (the smuggler's payoff differences are ours times the
positive factor (K+R)/(L+K)), which has the same equilibria.

>>> p = equivalent_parameters({"apples": 2, "pepper": 2}, "apples")
>>> p["item_value"], p["item_penalty"], p["sheriff_penalty"]      # G = 8, L + K = 20, K = 8, R = 8: 8 * 16/20
(Fraction(32, 5), Fraction(8, 1), Fraction(8, 1))
"""

from __future__ import annotations

import json
import warnings
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import TypedDict

from ..engine.card_names import english_goods
from . import analysis as an

__all__ = [
    "BAGS", "INSTALL", "RUN_FILE", "CFR_ITERATIONS", "Unavailable", "available", "openspiel_version", "parts",
    "equivalent_parameters", "load_game", "normal_form", "equilibria", "behaviour_policy", "solve", "comparison",
    "natural_mapping", "all_or_nothing", "cfr_history", "record_run", "stored_run",
]  # fmt: skip

BAGS = [
    ({"apples": 2, "pepper": 2}, "apples"),  # lesson 08's worked example: p* = 2/7, q* = 1/2
    ({"cheese": 4, "crossbow": 1}, "cheese"),
    ({"apples": 1, "royal_rooster": 1}, "chickens"),  # a royal good; the declared good is absent
    ({"bread": 1, "silk": 2, "golden_apples": 1, "chickens": 1}, "bread"),
    ({"mead": 5}, "apples"),
]
"""Bags of every shape: contraband on top of legal goods, royal goods, mixed contraband, no legal good at all."""
INSTALL = 'pip install -e ".[research]"'
RUN_FILE = Path(__file__).resolve().parent / "data" / "openspiel_run.json"
"""The stored OpenSpiel run shown where OpenSpiel is not installed (rewrite it with :func:`record_run`)."""
CFR_ITERATIONS = 1000


class Unavailable:
    """What a research function returns when OpenSpiel is not installed and the stored run does not hold what was
    asked: ``what`` names the function (``"comparison"``, ``"natural_mapping"``, ``"all_or_nothing"``,
    ``"cfr_history"``); the page words it in the reader's language.

    >>> Unavailable("cfr_history")
    OpenSpiel is not installed here, and the stored run does not hold this research.cfr_history(). Install: ...
    """

    def __init__(self, what: str):
        self.what = what

    def __repr__(self) -> str:
        return (
            f"OpenSpiel is not installed here, and the stored run does not hold this research.{self.what}(). "
            f"Install: {INSTALL}"
        )


def _pyspiel():
    import pyspiel  # optional: the [research] extra

    return pyspiel


def available() -> bool:
    """True when OpenSpiel (``pyspiel``) can be imported."""
    try:
        _pyspiel()
    except ImportError:
        return False
    return True


def openspiel_version() -> str:
    """The version of the OpenSpiel installed here (call only when :func:`available`)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("open_spiel")
    except PackageNotFoundError:  # pragma: no cover - built from source
        return "?"


def stored_run() -> dict:
    """The OpenSpiel run committed with the package (:data:`RUN_FILE`): ``openspiel``, ``nashpy`` (versions),
    ``date``, and the records of :func:`comparison`, :func:`natural_mapping`, :func:`all_or_nothing` and
    :func:`cfr_history` as they were computed then.

    >>> run = stored_run()
    >>> sorted(run)
    ['all_or_nothing', 'cfr_history', 'comparison', 'date', 'nashpy', 'natural_mapping', 'openspiel']
    """
    return json.loads(RUN_FILE.read_text(encoding="utf-8"))


def parts(bag: Mapping[str, int], declared: str) -> dict[str, Fraction]:
    """G (gain if passed), L (loss if caught), K (honest compensation), R (fine) of our game, read off its matrices.

    >>> {k: int(v) for k, v in parts({"apples": 2, "pepper": 2}, "apples").items()}
    {'G': 8, 'L': 12, 'K': 8, 'R': 8}
    """
    game = an.inspection_game(bag, declared)
    (h_insp, h_pass), (l_insp, l_pass) = game.merchant
    (s_hi, s_hp), (s_li, s_lp) = game.sheriff
    big_k = s_hp - s_hi
    return {"G": l_pass - h_pass, "L": h_insp - l_insp - big_k, "K": big_k, "R": s_li - s_lp}


class _Parameters(TypedDict):
    """What :func:`equivalent_parameters` returns: :func:`load_game`'s three game parameters (a plain dict)."""

    item_value: Fraction
    item_penalty: Fraction
    sheriff_penalty: Fraction


def equivalent_parameters(bag: Mapping[str, int], declared: str) -> _Parameters:
    """OpenSpiel parameters of a game strategically equivalent to ours (see the module docstring)."""
    x = parts(bag, declared)
    return {
        "item_value": x["G"] * (x["K"] + x["R"]) / (x["L"] + x["K"]),
        "item_penalty": x["R"],
        "sheriff_penalty": x["K"],
    }


def load_game(item_value, item_penalty, sheriff_penalty, max_items: int = 1, num_rounds: int = 1, max_bribe: int = 0):
    """``pyspiel.load_game("sheriff", ...)`` with the given parameters (floats)."""
    return _pyspiel().load_game(
        "sheriff",
        {
            "num_rounds": num_rounds,
            "max_bribe": max_bribe,
            "max_items": max_items,
            "item_value": float(item_value),
            "item_penalty": float(item_penalty),
            "sheriff_penalty": float(sheriff_penalty),
        },
    )


def normal_form(game):
    """OpenSpiel's own normal form of ``game`` (its ``extensive_to_matrix_game``) as two numpy arrays, the smuggler's
    and the sheriff's utilities: rows = items loaded (0, 1, ...), columns = (pass, inspect)."""
    import numpy as np

    matrix = _pyspiel().extensive_to_matrix_game(game)
    return np.array(matrix.row_utilities()), np.array(matrix.col_utilities())


def equilibria(row, col) -> list[tuple[list[float], list[float]]]:
    """Every Nash equilibrium nashpy's support enumeration finds in a bimatrix game (``row``, ``col`` as
    :func:`normal_form` returns them), as (row mix, column mix) lists of floats."""
    import nashpy

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nashpy warns that degenerate games may hide equilibria; ours are listed
        return [([float(x) for x in r], [float(y) for y in c]) for r, c in nashpy.Game(row, col).support_enumeration()]


def _one_equilibrium(game) -> tuple[float, float]:
    """(probability of loading, probability of inspecting) in the only equilibrium of OpenSpiel's 2x2 matrix of
    ``game`` (rows: load 0 / 1 item; columns: pass / inspect)."""
    found = equilibria(*normal_form(game))
    if len(found) != 1:
        raise ValueError(f"expected one equilibrium in OpenSpiel's matrix, found {len(found)}: {found}")
    ((rows, cols),) = found
    return rows[1], cols[1]


def _smuggler_decides(key: str) -> bool:
    """True for the information state where the smuggler chooses how many items to load (one round, no bribes)."""
    return "num_illegal_items:none" in key


def _sheriff_decides(key: str) -> bool:
    """True for the information state where the sheriff chooses to pass or inspect (one round, no bribes)."""
    return key.startswith("T=2") and "/bribe:0" in key


def behaviour_policy(game, q_load: float, p_inspect: float):
    """An OpenSpiel ``TabularPolicy`` for the one-item game: load the item with probability ``q_load``, inspect with
    probability ``p_inspect`` (e.g. our q* and p*, to measure their NashConv)."""
    from open_spiel.python import policy as os_policy

    tab = os_policy.TabularPolicy(game)
    for key, row in tab.state_lookup.items():
        probs = tab.action_probability_array[row]
        if _smuggler_decides(key):  # actions 2 (load 0) and 3 (load 1)
            probs[:] = 0
            probs[2], probs[3] = 1 - q_load, q_load
        elif _sheriff_decides(key):  # 0 = pass, 1 = inspect
            probs[:] = 0
            probs[0], probs[1] = 1 - p_inspect, p_inspect
    return tab


def solve(bag: Mapping[str, int], declared: str) -> dict:
    """Our closed form and OpenSpiel's equilibrium of the equivalent game, side by side (raises ImportError without
    OpenSpiel; :func:`comparison` is the friendly version)."""
    from open_spiel.python.algorithms import exploitability

    e = an.inspection_game(bag, declared).equilibrium()
    params = equivalent_parameters(bag, declared)
    game = load_game(**params)
    q_load, p_inspect = _one_equilibrium(game)
    ours = behaviour_policy(game, float(e.q_lie), float(e.p_inspect))
    return {
        "bag": english_goods(Counter(bag)),  # English whatever the page's language, as in the stored run
        "declared": declared,
        "item_value": float(params["item_value"]),
        "item_penalty": float(params["item_penalty"]),
        "sheriff_penalty": float(params["sheriff_penalty"]),
        "p* (ours)": e.p_inspect,
        "p (OpenSpiel)": p_inspect,
        "q* (ours)": e.q_lie,
        "q (OpenSpiel)": q_load,
        "NashConv of ours": exploitability.nash_conv(game, ours),
    }


def _stored(name: str):
    """The stored run's ``name`` records as a DataFrame, or :class:`Unavailable`."""
    import pandas as pd

    try:
        return pd.DataFrame(stored_run()[name])
    except (OSError, KeyError, ValueError):
        return Unavailable(name)


def comparison(bags: Iterable[tuple[Mapping[str, int], str]] = BAGS):
    """A DataFrame, one row per bag in order: the bag (in English: ``2 Apples + 2 Pepper``), OpenSpiel's parameters,
    p* and q* by our closed form and by OpenSpiel, and the NashConv (how much the two players together could gain by
    deviating from our strategies inside OpenSpiel's game: 0 = an equilibrium).  Without OpenSpiel: the stored run
    (for the default bags)."""
    bags = list(bags)
    if not available():
        return _stored("comparison") if bags == BAGS else Unavailable("comparison")
    import pandas as pd

    frame = pd.DataFrame([solve(bag, declared) for bag, declared in bags])
    for col in ("p* (ours)", "q* (ours)"):
        frame[col] = frame[col].map(str)
    return frame.drop(columns=["declared"])


def natural_mapping(bag: Mapping[str, int] | None = None, declared: str = "apples"):
    """The tempting mapping item_value = G, item_penalty = L, sheriff_penalty = K gives the sheriff the merchant's
    whole loss when he catches a lie: p* survives, q* becomes K/(K+L).  A one-row DataFrame (OpenSpiel's matrix,
    solved by nashpy; without OpenSpiel the stored run for the default bag)."""
    if not available():
        return _stored("natural_mapping") if bag is None and declared == "apples" else Unavailable("natural_mapping")
    import pandas as pd

    bag = bag or BAGS[0][0]
    x = parts(bag, declared)
    e = an.inspection_game(bag, declared).equilibrium()
    q_load, p_inspect = _one_equilibrium(load_game(x["G"], x["L"], x["K"]))
    return pd.DataFrame(
        [
            {
                "bag": english_goods(Counter(bag)),
                "p* (ours)": str(e.p_inspect),
                "p (OpenSpiel, natural)": p_inspect,
                "q* (ours)": str(e.q_lie),
                "q (OpenSpiel, natural)": q_load,
                "K/(K+L)": str(x["K"] / (x["K"] + x["L"])),
            }
        ]
    )


def all_or_nothing():
    """OpenSpiel's default item numbers (value 1, penalty 2, sheriff penalty 3) with room for 0-3 items and no
    bribes: every equilibrium nashpy finds in OpenSpiel's own matrix, as the probability of loading 0, 1, 2, 3
    (without OpenSpiel: the stored run)."""
    if not available():
        return _stored("all_or_nothing")
    import pandas as pd

    row, col = normal_form(_pyspiel().load_game("sheriff", {"num_rounds": 1, "max_bribe": 0, "max_items": 3}))
    return pd.DataFrame([{**{f"load {k}": s[k] for k in range(4)}, "inspect": h[1]} for s, h in equilibria(row, col)])


def cfr_history(
    bag: Mapping[str, int] | None = None, declared: str = "apples", iterations: int = CFR_ITERATIONS, points: int = 40
):
    """OpenSpiel's CFR (counterfactual regret minimisation) learning the equivalent game by self-play: the average
    strategy at about ``points`` log-spaced iterations.  Columns ``iteration``, ``p`` (inspect), ``q`` (load),
    ``p_star``, ``q_star``, ``nash_conv`` (without OpenSpiel: the stored run of the default bag)."""
    if not available():
        default = bag is None and declared == "apples" and iterations == CFR_ITERATIONS and points == 40
        return _stored("cfr_history") if default else Unavailable("cfr_history")
    import pandas as pd
    from open_spiel.python.algorithms import cfr, exploitability

    bag = bag or BAGS[0][0]
    e = an.inspection_game(bag, declared).equilibrium()
    game = load_game(**equivalent_parameters(bag, declared))
    solver = cfr.CFRSolver(game)
    keep = {round(iterations ** (k / points)) for k in range(points + 1)}
    rows = []
    for i in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if i in keep:
            avg = solver.average_policy()
            q = p = None
            for key, index in avg.state_lookup.items():
                probs = avg.action_probability_array[index]
                if _smuggler_decides(key):
                    q = float(probs[3])
                elif _sheriff_decides(key):
                    p = float(probs[1])
            rows.append(
                {
                    "iteration": i,
                    "p": p,
                    "q": q,
                    "p_star": float(e.p_inspect),
                    "q_star": float(e.q_lie),
                    "nash_conv": float(exploitability.nash_conv(game, avg)),
                }
            )
    return pd.DataFrame(rows)


def record_run(path: Path | str = RUN_FILE) -> dict:
    """Run everything lesson 11 shows with the OpenSpiel installed here and write it to ``path`` (JSON, with the
    OpenSpiel and nashpy versions and today's date): the stored run that machines without OpenSpiel show.
    ``python -c "from sheriff_nb.theory import research; research.record_run()"`` refreshes the committed file."""
    import datetime
    from importlib.metadata import version

    if not available():
        raise ImportError(f"record_run needs OpenSpiel: {INSTALL}")
    run = {
        "openspiel": openspiel_version(),
        "nashpy": version("nashpy"),
        "date": datetime.date.today().isoformat(),
        "comparison": comparison().to_dict("records"),
        "natural_mapping": natural_mapping().to_dict("records"),
        "all_or_nothing": all_or_nothing().to_dict("records"),
        "cfr_history": cfr_history().to_dict("records"),
    }
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(run, indent=1) + "\n", encoding="utf-8")
    return run
