"""The projected charts of a live class session (lesson 17): how often the class lied and inspected, round by
round, and what each role earned; once the teacher reveals the theory, q*, p* and the equilibrium values as dotted
lines.  Data in: :func:`sheriff_nb.play.classroom.rounds_table` (one row per closed round).

>>> import pandas as pd
>>> from sheriff_nb import analysis as an
>>> table = pd.DataFrame({"round": [1, 2], "merchants": [10, 10], "lied": [6, 4], "sheriffs": [10, 10],
...                       "inspected": [2, 4], "merchant_payoff": [11.2, 9.6], "sheriff_payoff": [0.8, -0.8]})
>>> game = an.inspection_game({"apples": 2, "pepper": 2}, "apples")
>>> title_text(rates_chart(table, game, rounds=5))
'After 2 rounds the merchants lied 50% of the time and the sheriffs inspected 30%'
>>> title_text(rates_chart(table, game, rounds=5, reveal=True))
'After 2 rounds the merchants lied 50% of the time (q* = 50%) and the sheriffs inspected 30% (p* = 29%)'
>>> title_text(payoff_chart(table, game, rounds=5, reveal=True))
'Merchants earned 10.4 a bag (equilibrium: 10.3), sheriffs 0 (equilibrium: 0)'
"""

from __future__ import annotations

from ...theory import analysis as an
from ..i18n import t
from ..numbers import percent, short_number
from ..palette import LIE_C, MERCHANT_C, SHERIFF_C
from .base import (
    LINE_LEGEND,
    chart_title,
    finish,
    title_text,  # noqa: F401 - the doctests read titles with it
)
from .drawing import drawing

__all__ = ["rates_data", "rates_chart", "payoff_data", "payoff_chart"]

CLASS_WIDTH = 380


def _x(rounds: int):
    import altair as alt

    return alt.X(
        "round:O", title=t("round"), scale=alt.Scale(domain=list(range(1, rounds + 1))), axis=alt.Axis(labelAngle=0)
    )


def _pooled(table, count: str, of: str) -> float | None:
    total = int(table[of].sum())
    return int(table[count].sum()) / total if total else None


def rates_data(table) -> list[dict]:
    """One record per closed round and series: the share of merchants who lied, of sheriffs who inspected."""
    rows = []
    for row in table.itertuples():
        for series, count, of in (
            (t("merchants who lied"), row.lied, row.merchants),
            (t("sheriffs who inspected"), row.inspected, row.sheriffs),
        ):
            if of:
                rows.append({"round": int(row.round), "series": series, "share": count / of, "label": f"{count}/{of}"})
    return rows


def _rates_title(table, game: an.InspectionGame, reveal: bool) -> str:
    lied, inspected = _pooled(table, "lied", "merchants"), _pooled(table, "inspected", "sheriffs")
    n = len(table)
    after = t("After {n} round", n=n) if n == 1 else t("After {n} rounds", n=n)
    if lied is None or inspected is None:
        return t("{after} not every role has chosen yet", after=after)
    if not reveal:
        return t(
            "{after} the merchants lied {lied} of the time and the sheriffs inspected {inspected}",
            after=after,
            lied=percent(lied),
            inspected=percent(inspected),
        )
    e = game.equilibrium()
    return t(
        "{after} the merchants lied {lied} of the time (q* = {q}) and the sheriffs inspected {inspected} (p* = {p})",
        after=after,
        lied=percent(lied),
        q=percent(e.q_lie),
        inspected=percent(inspected),
        p=percent(e.p_inspect),
    )


def _by_round(
    records: list[dict],
    field: str,
    y,
    series: tuple[list, list],
    theory: list[dict],
    tooltip,
    rounds: int,
    title: str,
    width: int,
    height: int,
):
    """Two series (``series``: names, colours) of ``field`` round by round, solid and dashed; ``theory``: one
    dotted line per series (records with ``field``, ``series`` and a ``text`` label), or none."""
    import altair as alt

    order, colours = series
    colour = alt.Color(
        "series:N",
        title=None,
        sort=order,
        legend=alt.Legend(**LINE_LEGEND),
        scale=alt.Scale(domain=order, range=colours),
    )
    dash = alt.StrokeDash(
        "series:N", title=None, sort=order, legend=None, scale=alt.Scale(domain=order, range=[[1, 0], [6, 3]])
    )
    base = alt.Chart(alt.Data(values=records))
    layers = [
        base.mark_line(strokeWidth=3).encode(x=_x(rounds), y=y, color=colour, strokeDash=dash),
        base.mark_point(filled=True, size=70).encode(
            x=_x(rounds), y=y, color=colour, tooltip=["round:O", "series:N", tooltip]
        ),
    ]
    if theory:
        rule = alt.Chart(alt.Data(values=theory))
        layers += [
            rule.mark_rule(strokeDash=[2, 3], strokeWidth=2).encode(y=f"{field}:Q", color=colour),
            rule.mark_text(align="right", dy=-7, fontSize=12, fontWeight="bold").encode(
                y=f"{field}:Q", x=alt.value(width), text="text:N", color=colour
            ),
        ]
    return finish(alt.layer(*layers).properties(width=width, height=height, title=chart_title(title, width)))


@drawing
def rates_chart(
    table, game: an.InspectionGame, rounds: int, reveal: bool = False, width: int = CLASS_WIDTH, height: int = 200
):
    """The class's lying and inspection rates round by round (0 to 100%); with ``reveal`` q* and p* as dotted
    lines in the same colours."""
    import altair as alt

    order = [t("merchants who lied"), t("sheriffs who inspected")]
    y = alt.Y(
        "share:Q", title=t("share of the class"), scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format="%", tickCount=5)
    )
    e = game.equilibrium()
    theory = [
        {"share": float(e.q_lie), "series": order[0], "text": f"q* = {percent(e.q_lie)}"},
        {"share": float(e.p_inspect), "series": order[1], "text": f"p* = {percent(e.p_inspect)}"},
    ]
    return _by_round(
        rates_data(table),
        "share",
        y,
        (order, [LIE_C, SHERIFF_C]),
        theory if reveal else [],
        "label:N",
        rounds,
        _rates_title(table, game, reveal),
        width,
        height,
    )


def payoff_data(table) -> list[dict]:
    """One record per closed round and role: the role's average payoff (students who chose)."""
    rows = []
    for row in table.itertuples():
        for series, value in ((t("merchants"), row.merchant_payoff), (t("sheriffs"), row.sheriff_payoff)):
            if value is not None and value == value:  # NaN: nobody of that role chose
                rows.append({"round": int(row.round), "series": series, "payoff": float(value)})
    return rows


def _mean(table, column: str, weights: str) -> float | None:
    chose = table[table[weights] > 0]
    total = int(chose[weights].sum())
    return float((chose[column] * chose[weights]).sum()) / total if total else None


def _payoff_title(table, game: an.InspectionGame, reveal: bool) -> str:
    m, s = _mean(table, "merchant_payoff", "merchants"), _mean(table, "sheriff_payoff", "sheriffs")
    if m is None or s is None:
        return t("Average payoff per bag, round by round")
    if not reveal:
        return t("Merchants earned {m} a bag, sheriffs {s}", m=short_number(m), s=short_number(s))
    e = game.equilibrium()
    return t(
        "Merchants earned {m} a bag (equilibrium: {me}), sheriffs {s} (equilibrium: {se})",
        m=short_number(m),
        me=short_number(e.merchant_value),
        s=short_number(s),
        se=short_number(e.sheriff_value),
    )


@drawing
def payoff_chart(
    table, game: an.InspectionGame, rounds: int, reveal: bool = False, width: int = CLASS_WIDTH, height: int = 200
):
    """Each role's average payoff per round (the axis spans the game's cells); with ``reveal`` the equilibrium
    values as dotted lines, each labelled with its role (the two dotted lines share a dash: the words tell them
    apart, not only the colour)."""
    import altair as alt

    order = [t("merchants"), t("sheriffs")]
    cells = [float(v) for row in (*game.gain, *game.gold) for v in row]
    y = alt.Y("payoff:Q", title=t("average payoff per bag"), scale=alt.Scale(domain=[min(cells), max(cells)]))
    e = game.equilibrium()
    theory = [
        {
            "payoff": float(value),
            "series": name,
            "text": " · ".join([name, t("equilibrium {v}", v=short_number(value))]),
        }
        for name, value in zip(order, (e.merchant_value, e.sheriff_value), strict=True)
    ]
    return _by_round(
        payoff_data(table),
        "payoff",
        y,
        (order, [MERCHANT_C, SHERIFF_C]),
        theory if reveal else [],
        alt.Tooltip("payoff:Q", format=".1f"),
        rounds,
        _payoff_title(table, game, reveal),
        width,
        height,
    )
