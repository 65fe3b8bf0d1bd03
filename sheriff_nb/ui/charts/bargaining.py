"""Charts of what the sheriff can get beyond the Nash equilibrium (lesson 08, bribes and commitment): the bribe both
sides would accept, and the earnings of a sheriff who announces his inspection rate (leadership).
"""

from __future__ import annotations

from fractions import Fraction

from ...theory import analysis as an
from ...theory.analysis import exact, model_game
from ..i18n import t
from ..numbers import percent, short_number
from ..palette import HONEST_C, LIE_C, MERCHANT_C, OKABE_ITO, SHERIFF_C
from .base import (
    LINE_LEGEND,
    TEXT_SIZE,
    WIDTH,
    Parts,
    assemble,
    json_records,
    named_data,
    title_text,  # noqa: F401 - the doctests read titles with it
)
from .drawing import drawing

__all__ = [
    "bribe_data", "bribe_title", "bribe_parts", "bribe_chart",
    "leadership_at", "leadership_data", "leadership_parts", "leadership_chart",
]  # fmt: skip


# ------------------------------------------------------------------ 4. bribes
def bribe_data(bag, declared: str, p_inspect=1, w=0, steps: int = 20):
    """The bribe range as the sheriff's belief that the bag is a lie runs from 0 to 1 (lesson 08, bribes: the bargaining
    zone).

    Columns ``belief``, ``sheriff_min``, ``merchant_max``, ``midpoint`` (NaN where no deal is possible), ``deal``.

    >>> frame = bribe_data({"apples": 2, "pepper": 2}, "apples", steps=2)
    >>> frame[["belief", "sheriff_min", "merchant_max", "midpoint"]].values.tolist()
    [[0.0, 0.0, 20.0, 10.0], [0.5, 0.0, 20.0, 10.0], [1.0, 8.0, 20.0, 14.0]]
    """
    import pandas as pd

    rows = []
    for i in range(steps + 1):
        q = Fraction(i, steps)
        low, high = an.bribe_range(bag, declared, p_inspect, q, w)
        mid = an.bribe_midpoint(bag, declared, p_inspect, q, w)
        rows.append(
            {
                "belief": float(q),
                "sheriff_min": float(low),
                "merchant_max": float(high),
                "midpoint": float("nan") if mid is None else float(mid),
                "deal": low <= high,
                "min_exact": str(low),
                "max_exact": str(high),
            }
        )
    return pd.DataFrame(rows)


_BRIBE_LINES = {
    "sheriff_min": lambda: t("sheriff's minimum"),
    "merchant_max": lambda: t("merchant's maximum"),
    "midpoint": lambda: t("midpoint (fair split)"),
}


def bribe_title(bag, declared: str, belief=1, p_inspect=1, w=0) -> str:
    """The bargaining range at ``belief`` in one sentence."""
    q = exact(belief)
    low, high = an.bribe_range(bag, declared, p_inspect, q, w)
    who = t("a sure sheriff") if q == 1 else t("a sheriff {q} sure", q=percent(q))
    if low <= high:
        return t(
            "{who} and the merchant both gain from any bribe from {low} to {high} gold; the fair split is {mid}",
            who=who[0].upper() + who[1:],
            low=short_number(low),
            high=short_number(high),
            mid=short_number((low + high) / 2),
        )
    return t(
        "No deal: {who} wants at least {low} gold, the merchant pays at most {high}",
        who=who,
        low=short_number(low),
        high=short_number(high),
    )


def bribe_parts(bag, declared: str, belief=1, p_inspect=1, w=0, data=None) -> Parts:
    """The datasets (``zone``, ``lines``, ``current``) and title of :func:`bribe_chart` (``data``: a
    :func:`bribe_data` frame already computed)."""
    data = bribe_data(bag, declared, p_inspect, w) if data is None else data
    q = exact(belief)
    low, high = an.bribe_range(bag, declared, p_inspect, q, w)
    long = data.melt(id_vars=["belief"], value_vars=list(_BRIBE_LINES), var_name="line", value_name="gold").dropna()
    long["line"] = long["line"].map({k: f() for k, f in _BRIBE_LINES.items()})
    points = [("sheriff_min", low), ("merchant_max", high)] + ([("midpoint", (low + high) / 2)] if low <= high else [])
    here = [
        {"belief": float(q), "gold": float(v), "line": _BRIBE_LINES[k](), "text": short_number(v)} for k, v in points
    ]
    zone = json_records(data[data.deal][["belief", "sheriff_min", "merchant_max"]])
    top = 1.15 * float(max(data.merchant_max.max(), data.sheriff_min.max(), 1))
    return Parts(
        {"zone": zone, "lines": json_records(long), "current": here, "top": [{"gold": top}]},
        bribe_title(bag, declared, q, p_inspect, w),
    )


def bribe_spec(parts: Parts, width: int = WIDTH, height: int = 240):
    """The bribe chart's Altair spec from its data ``parts`` (the live chart redraws it with new data)."""
    import altair as alt

    order = [f() for f in _BRIBE_LINES.values()]
    colour = alt.Color(
        "line:N",
        title=None,
        sort=order,
        legend=LINE_LEGEND,
        scale=alt.Scale(domain=order, range=[SHERIFF_C, MERCHANT_C, "#555555"]),
    )
    dash = alt.StrokeDash(
        "line:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[[1, 0], [6, 3], [2, 2]])
    )
    x = alt.X(
        "belief:Q",
        title=t("sheriff's belief that the bag hides contraband"),
        axis=alt.Axis(format="%", tickCount=5),
        scale=alt.Scale(domain=[0, 1]),
    )
    y = alt.Y("gold:Q", title=t("bribe (gold)"))
    layers = [
        alt.Chart(named_data("zone"))
        .mark_area(color=OKABE_ITO["green"], opacity=0.18)
        .encode(x=x, y=alt.Y("sheriff_min:Q", title=t("bribe (gold)")), y2="merchant_max:Q"),
        alt.Chart(named_data("top")).mark_point(opacity=0).encode(y=y),  # head-room above the highest line
        alt.Chart(named_data("lines")).mark_line(strokeWidth=2.5).encode(x=x, y=y, color=colour, strokeDash=dash),
        alt.Chart(named_data("current")).mark_rule(color="#333", strokeDash=[2, 2]).encode(x="belief:Q"),
        alt.Chart(named_data("current"))
        .mark_point(size=70, filled=True, opacity=1)
        .encode(x="belief:Q", y="gold:Q", color=colour),
        alt.Chart(named_data("current"))
        .mark_text(align="right", dx=-6, dy=-9, fontSize=TEXT_SIZE, fontWeight="bold")
        .encode(x="belief:Q", y="gold:Q", text="text:N", color=colour),
    ]
    return assemble(layers, parts, width, height)


@drawing
def bribe_chart(bag, declared: str, belief=1, p_inspect=1, w=0, width: int = WIDTH, height: int = 240):
    """The bargaining zone against the sheriff's belief: his minimum (blue), the merchant's maximum (orange), the
    zone between them shaded, the midpoint (fair split) dotted; the reader's ``belief`` marked.

    >>> title_text(bribe_chart({"apples": 2, "pepper": 2}, "apples"))
    'A sure sheriff and the merchant both gain from any bribe from 8 to 20 gold; the fair split is 14'
    >>> title_text(bribe_chart({"apples": 2, "pepper": 2}, "apples", p_inspect=Fraction(1, 4)))
    'No deal: a sure sheriff wants at least 8 gold, the merchant pays at most 5'
    """
    return bribe_spec(bribe_parts(bag, declared, belief, p_inspect, w), width, height)


# ------------------------------------------------------------------ 5. leadership
def leadership_at(game: an.InspectionGame, p) -> tuple[str, Fraction, Fraction]:
    """``(response, sheriff's payoff, merchant's payoff)`` when the sheriff announces ``p``: the merchant's best
    response, ties broken in the sheriff's favour (as in :func:`sheriff_nb.theory.analysis.leadership`).

    >>> leadership_at(model_game(), Fraction(1, 2))
    ('honest', Fraction(-4, 1), Fraction(12, 1))
    """
    p = exact(p)
    honest, lie = game.payoffs(p, 0), game.payoffs(p, 1)
    if lie[0] > honest[0] or (lie[0] == honest[0] and lie[1] >= honest[1]):
        return "lie", lie[1], lie[0]
    return "honest", honest[1], honest[0]


def leadership_data(game: an.InspectionGame, steps: int = 100):
    """What a sheriff who *announces* his inspection probability p earns, p = 0, 1/steps, ..., 1 and the game's own
    p*, when the merchant best-responds (:func:`leadership_at`).  Columns ``p``, ``response``, ``sheriff``,
    ``merchant``, ``exact``.

    >>> frame = leadership_data(model_game(), steps=4)
    >>> frame[["p", "response", "sheriff"]].round(3).values.tolist()[:4]
    [[0.0, 'lie', 0.0], [0.25, 'lie', 2.0], [0.286, 'lie', 2.286], [0.5, 'honest', -4.0]]
    """
    import pandas as pd

    points = {Fraction(i, steps) for i in range(steps + 1)} | {game.equilibrium().p_inspect}
    rows = []
    for p in sorted(points):
        response, sheriff, merchant = leadership_at(game, p)
        rows.append(
            {
                "p": float(p),
                "response": response,
                "sheriff": float(sheriff),
                "merchant": float(merchant),
                "exact": str(sheriff),
            }
        )
    return pd.DataFrame(rows)


_RESPONSES = {"lie": lambda: t("merchant lies"), "honest": lambda: t("merchant is honest")}


def leadership_parts(game: an.InspectionGame, p=None, data=None) -> Parts:
    """The datasets (``lines``, ``nash``, ``best``, ``current``) and title of :func:`leadership_chart`."""
    data = leadership_data(game, steps=20) if data is None else data
    lead = game.leadership()
    title = t(
        "Announcing p* = {p} earns the sheriff {v} gold per bag, instead of {nash} at the Nash equilibrium",
        p=percent(lead.p_inspect),
        v=short_number(lead.sheriff_value),
        nash=short_number(lead.nash_sheriff_value),
    )
    lines = data[["p", "response", "sheriff"]].assign(
        does=data["response"].map({k: f() for k, f in _RESPONSES.items()})
    )
    best = [
        {
            "p": float(lead.p_inspect),
            "sheriff": float(lead.sheriff_value),
            "text": t("best: {p}", p=percent(lead.p_inspect)),
        }
    ]
    here = [] if p is None else [{"p": float(exact(p)), "sheriff": float(leadership_at(game, p)[1])}]
    return Parts(
        {"lines": json_records(lines), "nash": [{"y": float(lead.nash_sheriff_value)}], "best": best, "current": here},
        title,
    )


def leadership_spec(parts: Parts, width: int = WIDTH, height: int = 240):
    """The leadership chart's Altair spec from its data ``parts`` (the live chart redraws it with new data)."""
    import altair as alt

    order = [f() for f in _RESPONSES.values()]
    colour = alt.Color(
        "does:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[LIE_C, HONEST_C]), legend=LINE_LEGEND
    )
    dash = alt.StrokeDash("does:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[[6, 3], [1, 0]]))
    x = alt.X(
        "p:Q",
        title=t("inspection probability the sheriff announces"),
        axis=alt.Axis(format="%", tickCount=5),
        scale=alt.Scale(domain=[0, 1]),
    )
    layers = [
        alt.Chart(named_data("nash")).mark_rule(color="#555", strokeDash=[2, 2]).encode(y="y:Q"),
        alt.Chart(named_data("lines"))
        .mark_line(strokeWidth=3)
        .encode(
            x=x,
            y=alt.Y("sheriff:Q", title=t("sheriff's gold per bag")),
            color=colour,
            strokeDash=dash,
            detail="response:N",
        ),
        alt.Chart(named_data("best"))
        .mark_point(size=90, shape="diamond", filled=True, color="#111")
        .encode(x="p:Q", y="sheriff:Q"),
        alt.Chart(named_data("best"))
        .mark_text(align="left", dx=8, dy=-6, fontSize=TEXT_SIZE)
        .encode(x="p:Q", y="sheriff:Q", text="text:N"),
        alt.Chart(named_data("current")).mark_rule(color="#333", strokeDash=[4, 2]).encode(x="p:Q"),
        alt.Chart(named_data("current")).mark_point(size=70, filled=True, color="#111").encode(x="p:Q", y="sheriff:Q"),
    ]
    return assemble(layers, parts, width, height)


@drawing
def leadership_chart(game: an.InspectionGame | None = None, p=None, width: int = WIDTH, height: int = 240):
    """The committed sheriff's earnings per bag against the probability he announces (lesson 08, commitment), the line
    coloured and dashed by the merchant's best response (a lie dashed, honesty solid); the Nash value (an unannounced p*) dotted; ``p`` marked.

    >>> title_text(leadership_chart())
    'Announcing p* = 29% earns the sheriff 2.3 gold per bag, instead of 0 at the Nash equilibrium'
    """
    return leadership_spec(leadership_parts(model_game() if game is None else game, p), width, height)
