"""The "place your bets" prompts of lesson 11 (research corner), their answers read off OpenSpiel's own numbers:
computed here when OpenSpiel is installed, else the stored OpenSpiel run (:func:`sheriff_nb.research.stored_run`).

>>> BETS["openspiel"]()[2]
'yes, both'
"""

from __future__ import annotations

from collections import Counter

from ...theory import analysis as an
from ...theory import research
from ..charts import pct
from ..i18n import goods_text, t
from .explorers import MUCH_BAG, frac, prob

__all__ = ["BETS"]

TOLERANCE = 1e-9  # OpenSpiel and nashpy compute in floats


def _much_row() -> dict:
    frame = research.comparison()
    return frame[frame["bag"] == goods_text(Counter(MUCH_BAG))].iloc[0].to_dict()


def _bet_openspiel():
    options = [t("yes, both"), t("only p*"), t("only q*"), t("neither")]
    e = an.inspection_game(MUCH_BAG, "apples").equilibrium()
    row = _much_row()
    same_p = abs(row["p (OpenSpiel)"] - float(e.p_inspect)) < TOLERANCE
    same_q = abs(row["q (OpenSpiel)"] - float(e.q_lie)) < TOLERANCE
    answer = options[0 if same_p and same_q else 1 if same_p else 2 if same_q else 3]
    return (
        t(
            "OpenSpiel builds its own game tree from the three numbers above, and nashpy solves OpenSpiel's matrix "
            "of that tree; neither uses our p* and q* formulas. Will they find our p* and q* for Much's bag?"
        ),
        options,
        answer,
        t(
            "OpenSpiel: inspect {p:.4f}, load {q:.4f}; ours: {ps}, {qs} ({source}).",
            p=row["p (OpenSpiel)"],
            q=row["q (OpenSpiel)"],
            ps=prob(e.p_inspect),
            qs=prob(e.q_lie),
            source=research.run_note(),
        ),
    )


def _bet_all_or_nothing():
    options = [t("0 or 3, never 1 or 2"), t("always 1"), t("any number, equally often"), t("always 3")]
    table = research.all_or_nothing()
    extremes = bool(((table["load 1"].abs() < TOLERANCE) & (table["load 2"].abs() < TOLERANCE)).all())
    return (
        t("OpenSpiel's smuggler may load 0, 1, 2 or 3 items. In equilibrium he loads…"),
        options,
        options[0] if extremes else options[2],
        t(
            "Every equilibrium nashpy finds in OpenSpiel's matrix loads 0 or 3: the edge over honesty is linear in "
            "the number of items."
        ),
    )


def _bet_natural():
    x = research.parts(MUCH_BAG, "apples")
    e = an.inspection_game(MUCH_BAG, "apples").equilibrium()
    row = research.natural_mapping().iloc[0]
    options = [t("the sheriff's p*"), t("the smuggler's loading rate"), t("both"), t("neither")]
    moved_p = abs(row["p (OpenSpiel, natural)"] - float(e.p_inspect)) > TOLERANCE
    moved_q = abs(row["q (OpenSpiel, natural)"] - float(e.q_lie)) > TOLERANCE
    answer = options[2 if moved_p and moved_q else 0 if moved_p else 1 if moved_q else 3]
    natural = x["K"] / (x["K"] + x["L"])  # the sheriff's indifference when a catch pays him L instead of R
    return (
        t(
            "Suppose we tell OpenSpiel that a caught smuggler pays the sheriff everything the merchant loses "
            "(L = {l} instead of the fine R = {r}). What changes?",
            l=frac(x["L"]),
            r=frac(x["R"]),
        ),
        options,
        answer,
        t(
            "p* stays {p} (it depends only on the smuggler's payoffs); the loading rate becomes K/(K+L) = "
            "{k}/({k}+{l}) = {q} instead of q* = {qs}.",
            p=prob(e.p_inspect),
            k=frac(x["K"]),
            l=frac(x["L"]),
            q=prob(natural),
            qs=prob(e.q_lie),
        ),
    )


def _bet_cfr():
    options = [t("yes, close to p* and q*"), t("no, it keeps cycling"), t("no, it settles on always or never")]
    last = research.cfr_history().iloc[-1]
    close = abs(last.p - last.p_star) < 0.01 and abs(last.q - last.q_star) < 0.01
    return (
        t(
            "CFR plays the game against itself a thousand times and knows no formula. Does its average strategy "
            "find p* and q*?"
        ),
        options,
        options[0] if close else options[1],
        t(
            "After {n} iterations: inspect {p}, load {q} (p* = {ps}, q* = {qs}).",
            n=int(last.iteration),
            p=pct(last.p, 2),
            q=pct(last.q, 2),
            ps=pct(last.p_star, 2),
            qs=pct(last.q_star, 2),
        ),
    )


BETS = {"openspiel": _bet_openspiel, "natural": _bet_natural, "all_or_nothing": _bet_all_or_nothing, "cfr": _bet_cfr}
"""The prompts of lesson 11, by key."""
