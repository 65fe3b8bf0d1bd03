"""Charts of real hands (lesson 15): how rare an honest bag of each size is, and the lie's break-even near a
King/Queen threshold (:mod:`sheriff_nb.theory.hands`).
"""

from __future__ import annotations

from ...theory import hands
from ..i18n import card_name, t
from ..numbers import percent, share
from ..palette import HONEST_C, LIE_C, OKABE_ITO
from .base import (
    LINE_LEGEND,
    TEXT_SIZE,
    WIDTH,
    Parts,
    assemble,
    chart_title,
    finish,
    named_data,
    title_text,  # noqa: F401 - the doctests read titles with it
)
from .drawing import drawing

__all__ = ["bag_size_chart", "threshold_parts", "threshold_chart"]


@drawing
def bag_size_chart(width: int = WIDTH, height: int = 190):
    """Bars: the chance that a random 6-card hand allows an honest bag of n cards (of some legal good), n = 1..5.

    >>> title_text(bag_size_chart())
    'An honest bag of 4 is possible in 4.9% of 6-card hands, of 5 in 0.45%'
    """
    import altair as alt
    import pandas as pd

    data = pd.DataFrame([{"n": n, "chance": float(hands.honest_bag_odds(n))} for n in range(1, 6)])
    data["text"] = data.chance.map(share)
    title = t(
        "An honest bag of 4 is possible in {a} of 6-card hands, of 5 in {b}",
        a=share(data.chance[3]),
        b=share(data.chance[4]),
    )
    bars = (
        alt.Chart(data)
        .mark_bar(size=28, color=OKABE_ITO["green"])
        .encode(
            x=alt.X("n:O", title=t("cards in the honest bag"), axis=alt.Axis(labelAngle=0)),
            y=alt.Y(
                "chance:Q", title=t("chance"), axis=alt.Axis(format="%", tickCount=5), scale=alt.Scale(domain=[0, 1])
            ),
        )
    )
    labels = bars.mark_text(dy=-6, fontSize=TEXT_SIZE, color="#222").encode(text="text:N")
    return finish(alt.layer(bars, labels).properties(width=width, height=height, title=chart_title(title, width)))


_SERIES = {"face": lambda: t("face value (page 07)"), "with_bonus": lambda: t("with the King/Queen bonuses")}


def threshold_parts(data, current=None, scenario=hands.THRESHOLD) -> Parts:
    """The datasets (``lines``, ``current``) and title of :func:`threshold_chart`; ``data``: a
    :func:`sheriff_nb.theory.hands.threshold_data` frame."""
    good = card_name(scenario["good"])
    lines = [
        {"count": int(r["count"]), "series": _SERIES[k](), "value": float(r[k])}
        for r in data.to_dict("records")
        for k in _SERIES
        if r[k] is not None
    ]
    low = data.loc[data.with_bonus.map(lambda x: -1 if x is None else float(x)).idxmin()]
    title = t(
        "With {k} {good} already on Much's stand, his lie pays only below {a}, against {b} at face value",
        k=int(low["count"]),
        good=good,
        a=percent(low.with_bonus),
        b=percent(low.face),
    )
    here = []
    if current is not None:
        row = data[data["count"] == int(current)].iloc[0]
        here = [
            {"count": int(current), "value": float(row[k]), "series": _SERIES[k](), "text": percent(row[k])}
            for k in _SERIES
            if row[k] is not None
        ]
    rival = max(n.get(scenario["good"], 0) for p, n in scenario["stands"].items() if p != scenario["merchant"])
    return Parts(
        {"lines": lines, "current": here},
        title,
        t(
            "rival's {good}: {n}; break-even of {lie} against {honest}",
            good=good,
            n=rival,
            lie=" + ".join(f"{n} {card_name(g, n)}" for g, n in scenario["lie"].items()),
            honest=" + ".join(f"{n} {card_name(g, n)}" for g, n in scenario["honest"].items()),
        ),
    )


def threshold_spec(parts: Parts, width: int = WIDTH, height: int = 240):
    """The bag-size threshold chart's Altair spec from its data ``parts`` (the live chart redraws it)."""
    import altair as alt

    order = [f() for f in _SERIES.values()]
    colour = alt.Color(
        "series:N", title=None, sort=order, legend=LINE_LEGEND, scale=alt.Scale(domain=order, range=["#777777", LIE_C])
    )
    dash = alt.StrokeDash("series:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[[4, 3], [1, 0]]))
    x = alt.X("count:Q", title=t("Cheese already on Much's stand"), axis=alt.Axis(tickMinStep=1, format="d"))
    y = alt.Y(
        "value:Q",
        title=t("break-even inspection rate"),
        axis=alt.Axis(format="%", tickCount=5),
        scale=alt.Scale(domain=[0, 0.5]),
    )
    layers = [
        alt.Chart(named_data("lines"))
        .mark_line(strokeWidth=3, point=True)
        .encode(x=x, y=y, color=colour, strokeDash=dash),
        alt.Chart(named_data("current")).mark_rule(color=HONEST_C, strokeDash=[2, 2]).encode(x="count:Q"),
        alt.Chart(named_data("current"))
        .mark_text(align="left", dx=6, dy=-15, fontSize=TEXT_SIZE, fontWeight="bold")
        .encode(x="count:Q", y="value:Q", text="text:N", color=colour),
    ]
    return assemble(layers, parts, width, height)


@drawing
def threshold_chart(current=None, width: int = WIDTH, height: int = 240):
    """The lie's break-even against the number of the good already on the merchant's stand (lesson 15's last bag),
    at face value and with the final King/Queen bonuses.

    >>> title_text(threshold_chart())
    "With 3 Cheese already on Much's stand, his lie pays only below 11%, against 28% at face value"
    """
    return threshold_spec(threshold_parts(hands.threshold_data(), current), width, height)
