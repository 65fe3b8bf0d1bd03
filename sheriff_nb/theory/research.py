"""The research benchmark: OpenSpiel's ``sheriff`` game (Farina, Ling, Fang, Sandholm, NeurIPS 2019) against our
closed form (THEORY.md §2.6).

OpenSpiel's numbers are OpenSpiel's: its game tree, its normal form of that tree
(``pyspiel.extensive_to_matrix_game``), solved by nashpy's support enumeration (as OpenSpiel's own
``matrix_nash`` does), its CFR solver and its NashConv; none of them uses our p* and q* formulas.  Running them needs
the ``[research]`` extra (``pip install -e ".[research]"``).  Without it, the functions return the **stored run**
committed with the package (:data:`RUN_FILE`, made by :func:`record_run` with the OpenSpiel version and date it
records), and :func:`status` says so; anything the stored run does not hold is a friendly :class:`Unavailable`
message, so a notebook cell never shows a traceback.

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

import html
import json
import warnings
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from pathlib import Path

from ..ui.i18n import goods_text, t
from . import analysis as an

__all__ = [
    "BAGS", "RUN_FILE", "Unavailable", "available", "status", "parts", "equivalent_parameters", "load_game",
    "normal_form", "equilibria", "behaviour_policy", "solve", "comparison", "natural_mapping", "all_or_nothing",
    "cfr_history", "cfr_chart", "Html", "comparison_table", "natural_mapping_table", "all_or_nothing_table",
    "record_run", "stored_run", "run_note",
]  # fmt: skip

BAGS = [
    ({"apples": 2, "pepper": 2}, "apples"),  # THEORY's worked example: p* = 2/7, q* = 1/2
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
    """What a research cell shows when OpenSpiel is not installed: a friendly note, never a traceback."""

    def __init__(self, what: str):
        self.what = what

    def _repr_html_(self) -> str:
        return (
            f"<div style='border-left:4px solid #E69F00;background:#FFF6E5;padding:6px 10px;margin:4px 0'>"
            f"<b>{html.escape(t('OpenSpiel is not installed here'))}</b> — "
            f"{html.escape(t('so this cell cannot show {what}.', what=self.what))} "
            f"{html.escape(t('To run it, install the research extra:'))} <code>{INSTALL}</code></div>"
        )

    def __repr__(self) -> str:
        return f"OpenSpiel is not installed here, so this cell cannot show {self.what}. Install: {INSTALL}"


class Html:
    """A block of HTML for a notebook cell (a plain-text fallback for other front ends)."""

    def __init__(self, html_text: str):
        self.html = html_text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        import re

        return html.unescape(re.sub(r"<[^>]+>", " ", self.html)).strip()


def _table_html(frame, caption: str = "") -> Html:
    """A DataFrame as a compact table without its index, which scrolls sideways on a phone; the first column
    (a name) wraps and is left-aligned, the numbers stay on one line."""
    cell = "padding:4px 8px;border-bottom:1px solid #ddd"
    first = f"{cell};text-align:left;white-space:normal;min-width:110px;max-width:190px"
    other = f"{cell};white-space:nowrap"
    head = "".join(
        f"<th style='{first if i == 0 else other};background:#f3f3f3'>{html.escape(str(c))}</th>"
        for i, c in enumerate(frame.columns)
    )
    rows = "".join(
        "<tr>"
        + "".join(f"<td style='{first if i == 0 else other}'>{html.escape(str(v))}</td>" for i, v in enumerate(row))
        + "</tr>"
        for row in frame.itertuples(index=False)
    )
    note = f"<div style='font-size:12px;color:#444;margin-top:3px'>{html.escape(caption)}</div>" if caption else ""
    return Html(
        f"<div style='max-width:100%;overflow-x:auto;margin:6px 0'><table style='border-collapse:collapse;"
        f"font-size:13px'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>{note}</div>"
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


def _openspiel_version() -> str:
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


def run_note() -> str:
    """Where the research numbers on this machine come from, in one sentence.

    >>> run_note().startswith(("computed here by OpenSpiel", "a stored run of OpenSpiel"))
    True
    """
    if available():
        return t("computed here by OpenSpiel {version}", version=_openspiel_version())
    run = stored_run()
    return t(
        "a stored run of OpenSpiel {version} made on {date}, as OpenSpiel is not installed here",
        version=run["openspiel"],
        date=run["date"],
    )


def status() -> Html:
    """One line: which OpenSpiel is installed and runs the cells below, or which stored run they show."""
    if available():
        text = t("OpenSpiel {version} is installed: the cells below run its solvers.", version=_openspiel_version())
        return Html(
            f"<div style='border-left:4px solid #009E73;background:#E5F5EF;padding:6px 10px;margin:4px 0'>"
            f"{html.escape(text)}</div>"
        )
    run = stored_run()
    text = t(
        "OpenSpiel is not installed here, so the tables and the chart below show a stored run: OpenSpiel "
        "{version} (with nashpy {nashpy}), run on {date}. To run it yourself, install the research extra:",
        version=run["openspiel"],
        nashpy=run["nashpy"],
        date=run["date"],
    )
    return Html(
        f"<div style='border-left:4px solid #E69F00;background:#FFF6E5;padding:6px 10px;margin:4px 0'>"
        f"{html.escape(text)} <code>{INSTALL}</code></div>"
    )


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


def equivalent_parameters(bag: Mapping[str, int], declared: str) -> dict[str, Fraction]:
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
        "bag": goods_text(Counter(bag)),
        "declared": declared,
        **{k: float(v) for k, v in params.items()},
        "p* (ours)": e.p_inspect,
        "p (OpenSpiel)": p_inspect,
        "q* (ours)": e.q_lie,
        "q (OpenSpiel)": q_load,
        "NashConv of ours": exploitability.nash_conv(game, ours),
    }


def _stored(name: str, what: str):
    """The stored run's ``name`` records as a DataFrame, or :class:`Unavailable` (``what`` it would have shown)."""
    import pandas as pd

    try:
        return pd.DataFrame(stored_run()[name])
    except (OSError, KeyError, ValueError):
        return Unavailable(what)


def comparison(bags: Iterable[tuple[Mapping[str, int], str]] = BAGS):
    """A DataFrame: for each bag, p* and q* by our closed form and by OpenSpiel, and the NashConv (how much the two
    players together could gain by deviating from our strategies inside OpenSpiel's game: 0 = an equilibrium).
    Without OpenSpiel: the stored run (for the default bags)."""
    bags = list(bags)
    if not available():
        return (
            _stored("comparison", t("OpenSpiel's equilibria next to ours"))
            if bags == BAGS
            else Unavailable(t("OpenSpiel's equilibria next to ours"))
        )
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
        what = t("what the natural mapping does")
        return _stored("natural_mapping", what) if bag is None and declared == "apples" else Unavailable(what)
    import pandas as pd

    bag = bag or BAGS[0][0]
    x = parts(bag, declared)
    e = an.inspection_game(bag, declared).equilibrium()
    q_load, p_inspect = _one_equilibrium(load_game(x["G"], x["L"], x["K"]))
    return pd.DataFrame(
        [
            {
                "bag": goods_text(Counter(bag)),
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
        return _stored("all_or_nothing", t("how many items OpenSpiel's smuggler loads"))
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
        what = t("CFR learning the equilibrium")
        default = bag is None and declared == "apples" and iterations == CFR_ITERATIONS and points == 40
        return _stored("cfr_history", what) if default else Unavailable(what)
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


def cfr_chart(bag: Mapping[str, int] | None = None, declared: str = "apples", iterations: int = CFR_ITERATIONS):
    """:func:`sheriff_nb.ui.charts.convergence_chart` of :func:`cfr_history` (or the friendly note)."""
    history = cfr_history(bag, declared, iterations)
    if isinstance(history, Unavailable):
        return history
    from ..ui.charts import convergence_chart

    return convergence_chart(history)


def _fraction_and_float(x) -> str:
    return f"{x} = {float(x):.4f}" if Fraction(x).denominator != 1 else f"{x}"


def comparison_table(bags: Iterable[tuple[Mapping[str, int], str]] = BAGS) -> Html | Unavailable:
    """:func:`comparison` as a table to read: ours exactly (and to 4 places) next to OpenSpiel's numbers."""
    frame = comparison(bags)
    if isinstance(frame, Unavailable):
        return frame
    import pandas as pd

    params = [
        f"{v:g} / {p:g} / {k:g}"
        for v, p, k in zip(frame.item_value, frame.item_penalty, frame.sheriff_penalty, strict=True)
    ]
    shown = pd.DataFrame(
        {
            t("bag"): frame["bag"],
            t("p* (ours)"): frame["p* (ours)"].map(lambda x: _fraction_and_float(Fraction(x))),
            t("p (OpenSpiel)"): frame["p (OpenSpiel)"].map("{:.4f}".format),
            t("q* (ours)"): frame["q* (ours)"].map(lambda x: _fraction_and_float(Fraction(x))),
            t("q (OpenSpiel)"): frame["q (OpenSpiel)"].map("{:.4f}".format),
            t("NashConv of ours"): frame["NashConv of ours"].map("{:.1g}".format),
            t("OpenSpiel parameters"): params,
        }
    )
    return _table_html(
        shown,
        t(
            "OpenSpiel parameters: item_value / item_penalty / sheriff_penalty. OpenSpiel p, q: "
            "the only equilibrium of OpenSpiel's own matrix of its game tree, found by nashpy's "
            "support enumeration. NashConv: what both players together could gain by deviating "
            "from our p* and q* in OpenSpiel's game."
        )
        + " "
        + _source(),
    )


def _source() -> str:
    return t("Numbers: {note}.", note=run_note())


def natural_mapping_table() -> Html | Unavailable:
    """:func:`natural_mapping` as a table to read."""
    frame = natural_mapping()
    if isinstance(frame, Unavailable):
        return frame
    return _table_html(frame.round(4), _source())


def all_or_nothing_table() -> Html | Unavailable:
    """:func:`all_or_nothing` as a table to read (one row per equilibrium)."""
    frame = all_or_nothing()
    if isinstance(frame, Unavailable):
        return frame
    return _table_html(
        frame.round(4),
        t(
            "Probability of each load in every equilibrium nashpy finds in OpenSpiel's "
            "matrix, and the sheriff's inspection probability."
        )
        + " "
        + _source(),
    )


def record_run(path: Path | str = RUN_FILE) -> dict:
    """Run everything lesson 11 shows with the OpenSpiel installed here and write it to ``path`` (JSON, with the
    OpenSpiel and nashpy versions and today's date): the stored run that machines without OpenSpiel show.
    ``python -c "from sheriff_nb import research; research.record_run()"`` refreshes the committed file."""
    import datetime
    from importlib.metadata import version

    if not available():
        raise ImportError(f"record_run needs OpenSpiel: {INSTALL}")
    run = {
        "openspiel": _openspiel_version(),
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
