"""Charts of equilibrium against safety (lesson 13): what each mix of one player guarantees him, and what the
Equilibrium and the Trusting sheriffs earned in a live tournament (:func:`sheriff_nb.play.tournaments.tournament`).
"""

from __future__ import annotations

from fractions import Fraction

from ...play import tournaments
from ...theory import analysis as an
from ...theory import safety
from ...theory.analysis import exact
from ..i18n import t
from ..numbers import measured, percent, short_number
from ..palette import OKABE_ITO, SHERIFF_C
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

__all__ = ["guarantee_parts", "guarantee_chart", "tournament_safety_data", "tournament_safety_chart"]

MUCH = {"apples": 2, "pepper": 2}
_REPLIES = {
    "sheriff": (lambda: t("against an honest bag"), lambda: t("against a lie")),
    "merchant": (lambda: t("if he inspects"), lambda: t("if he passes")),
}
_AXIS = {"sheriff": lambda: t("Sir Guy's inspection rate p"), "merchant": lambda: t("Much's lying rate q")}


def _mix(game: an.InspectionGame, player: str) -> Fraction:
    e = game.equilibrium()
    return e.p_inspect if player == "sheriff" else e.q_lie


def _title_for(game: an.InspectionGame, player: str) -> str:
    safe, eq = safety.maximin(game, player), _mix(game, player)
    worst = safety.guarantee(game, player, eq)
    if player == "sheriff":
        safe_words = (
            t("Never inspecting") if safe.probability == 0 else t("Inspecting {p} of bags", p=percent(safe.probability))
        )
    else:
        safe_words = (
            t("Never lying") if safe.probability == 0 else t("Lying {p} of the time", p=percent(safe.probability))
        )
    if worst < safe.value:
        return t(
            "{safe} secures {v} a bag; the equilibrium mix ({eq}) secures only {worst}",
            safe=safe_words,
            v=short_number(safe.value),
            eq=percent(eq),
            worst=short_number(worst),
        )
    return t(
        "{safe} secures {v} a bag, and it is the equilibrium mix: here safety and equilibrium agree",
        safe=safe_words,
        v=short_number(safe.value),
    )


def guarantee_parts(game: an.InspectionGame, player: str = "sheriff", current=None) -> Parts:
    """The datasets (``lines``, ``envelope``, ``marks``, ``current``) and title of :func:`guarantee_chart`."""
    pairs = safety.lines(game, player)
    safe, eq = safety.maximin(game, player), _mix(game, player)
    xs = sorted({Fraction(0), Fraction(1), safe.probability, eq})
    lines = [
        {"x": float(x), "reply": _REPLIES[player][i](), "value": float((1 - x) * a + x * b)}
        for i, (a, b) in enumerate(pairs)
        for x in (Fraction(0), Fraction(1))
    ]
    envelope = [{"x": float(x), "value": float(safety.guarantee(game, player, x))} for x in xs]
    eq_value = safety.guarantee(game, player, eq)
    if eq == safe.probability:  # a zero-sum game: one point, both names
        marks = [
            {
                "x": float(eq),
                "value": float(eq_value),
                "kind": "equilibrium",
                "text": t("safest = equilibrium: {v}", v=short_number(eq_value)),
            }
        ]
    else:
        marks = [
            {
                "x": float(safe.probability),
                "value": float(safe.value),
                "kind": "safe",
                "text": t("safest: {v}", v=short_number(safe.value)),
            },
            {
                "x": float(eq),
                "value": float(eq_value),
                "kind": "equilibrium",
                "text": t("equilibrium: {v}", v=short_number(eq_value)),
            },
        ]
    here = []
    if current is not None:
        x = exact(current)
        here = [{"x": float(x), "value": float(safety.guarantee(game, player, x))}]
    return Parts(
        {"lines": lines, "envelope": envelope, "marks": marks, "current": here},
        _title_for(game, player),
        t("the thick line: what the mix guarantees, whatever the other player does"),
    )


def guarantee_spec(parts: Parts, player: str = "sheriff", width: int = WIDTH, height: int = 250):
    """The guarantee chart's Altair spec for ``player`` from its data ``parts`` (the live chart redraws it)."""
    import altair as alt

    order = [f() for f in _REPLIES[player]]
    colour = alt.Color(
        "reply:N",
        title=None,
        sort=order,
        legend=LINE_LEGEND,
        scale=alt.Scale(domain=order, range=[OKABE_ITO["green"], OKABE_ITO["vermillion"]]),
    )
    dash = alt.StrokeDash("reply:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[[1, 0], [6, 3]]))
    x = alt.X("x:Q", title=_AXIS[player](), axis=alt.Axis(format="%", tickCount=5), scale=alt.Scale(domain=[0, 1]))
    y = alt.Y("value:Q", title=t("expected payoff a bag"))
    layers = [
        alt.Chart(named_data("lines")).mark_line(strokeWidth=2).encode(x=x, y=y, color=colour, strokeDash=dash),
        alt.Chart(named_data("envelope"))
        .mark_line(strokeWidth=5, color="#222", opacity=0.55)
        .encode(x="x:Q", y="value:Q"),
        alt.Chart(named_data("marks"))
        .mark_point(size=80, filled=True, color="#111")
        .encode(
            x="x:Q",
            y="value:Q",
            shape=alt.Shape(
                "kind:N", legend=None, scale=alt.Scale(domain=["safe", "equilibrium"], range=["diamond", "circle"])
            ),
        ),
        # each mark named at the top of the plot, a dotted rule down to its point: no name on a line
        alt.Chart(named_data("marks"))
        .mark_rule(color="#777", strokeDash=[1, 3])
        .encode(x="x:Q", y="value:Q", y2=alt.value(0)),
        alt.Chart(named_data("current")).mark_rule(color=SHERIFF_C, strokeDash=[2, 2]).encode(x="x:Q"),
    ] + [
        alt.Chart(named_data("marks"))
        .transform_filter(alt.datum.kind == kind)
        .mark_text(align="left", dx=4, baseline="top", fontSize=TEXT_SIZE, color="#111")
        .encode(x="x:Q", y=alt.value(row), text="text:N")
        for kind, row in (("safe", 2), ("equilibrium", 20))
    ]
    return assemble(layers, parts, width, height)


@drawing
def guarantee_chart(
    bag=None,
    declared: str = "apples",
    player: str = "sheriff",
    w=0,
    merchant_w=0,
    current=None,
    width: int = WIDTH,
    height: int = 250,
):
    """``player``'s expected payoff against his own mix, one line per pure reply of the other player, the lower
    envelope (what the mix *guarantees*) thick, the safest mix and the equilibrium mix marked.

    >>> title_text(guarantee_chart())
    'Never inspecting secures 0 a bag; the equilibrium mix (29%) secures only −2.3'
    >>> title_text(guarantee_chart(player="merchant"))
    'Lying 29% of the time secures 10.3 a bag; the equilibrium mix (50%) secures only 6'
    >>> title_text(guarantee_chart(w=1, merchant_w=1))
    'Inspecting 18% of bags secures −10.9 a bag, and it is the equilibrium mix: here safety and equilibrium agree'
    """
    game = an.inspection_game(bag or MUCH, declared, w, merchant_w)
    return guarantee_spec(guarantee_parts(game, player, current), player, width, height)


# ------------------------------------------------------------------ the live tournament
def tournament_safety_data(merchants=tournaments.TOURNAMENT_MERCHANTS, games: int = tournaments.GAMES, seed: int = 0):
    """:func:`sheriff_nb.play.tournaments.tournament` for each merchant character, as one frame (column ``merchants``)."""
    import pandas as pd

    frames = [tournaments.tournament(m, games, seed).assign(merchants=m) for m in merchants]
    return pd.concat(frames, ignore_index=True)


_SHERIFF_NAMES = {
    "equilibrium": lambda: t("Equilibrium (opens at p*)"),
    "trusting": lambda: t("Trusting (never opens)"),
}
_TABLE_NAMES = {
    "honest": lambda: t("honest merchants"),
    "smuggler": lambda: t("smugglers"),
    "bluffer": lambda: t("bluffers (q*)"),
}


def _safety_title(data) -> str:
    """The tournament's finding: what never opening earned (0, if it did) beside the Equilibrium sheriff's lowest and
    highest average, each with its standard error."""
    eq = data[data.sheriff == "equilibrium"]
    trusting = data[data.sheriff == "trusting"]
    if not ((trusting.worst == 0).all() and (trusting.best == 0).all()):
        return t("Sheriff's gold per game at each table")
    low, high = eq.loc[eq.average.idxmin()], eq.loc[eq.average.idxmax()]
    return t(
        "Never opening earned exactly 0 in every game; opening at p* earned from {a} to {b} a game on "
        "average, and {w} in the worst game",
        a=measured(low.average, low.se),
        b=measured(high.average, high.se),
        w=short_number(eq.worst.min()),
    )


@drawing
def tournament_safety_chart(
    merchants=tournaments.TOURNAMENT_MERCHANTS,
    games: int = tournaments.GAMES,
    seed: int = 0,
    width: int = WIDTH,
    height: int = 210,
):
    """The gold each sheriff character gained as sheriff per game, at a table of each merchant character: the
    average (a dot; the title gives the Equilibrium sheriff's lowest and highest with their standard errors) and the
    range from his worst to his best game (a rule).

    >>> title_text(tournament_safety_chart(games=4))[:52]
    'Never opening earned exactly 0 in every game; openin'
    """
    import altair as alt

    data = tournament_safety_data(merchants, games, seed)
    data["sheriff_name"] = data.sheriff.map(lambda s: _SHERIFF_NAMES[s]())
    data["table"] = data.merchants.map(lambda m: _TABLE_NAMES.get(m, lambda: m)())
    data["average"] = data["mean"].map(float)
    data = data.drop(columns=["mean", "losing"])  # Fractions: the chart needs JSON
    title = _safety_title(data)
    names = [f() for f in _SHERIFF_NAMES.values()]
    colour = alt.Color(
        "sheriff_name:N",
        title=None,
        sort=names,
        legend=LINE_LEGEND,
        scale=alt.Scale(domain=names, range=[SHERIFF_C, OKABE_ITO["green"]]),
    )
    y = alt.Y("table:N", title=None, sort=[_TABLE_NAMES.get(m, lambda m=m: m)() for m in merchants])
    offset = alt.YOffset("sheriff_name:N", sort=names)
    shape = alt.Shape(
        "sheriff_name:N", title=None, sort=names, scale=alt.Scale(domain=names, range=["circle", "square"])
    )
    dash = alt.StrokeDash(
        "sheriff_name:N", title=None, sort=names, scale=alt.Scale(domain=names, range=[[1, 0], [4, 2]])
    )
    base = alt.Chart(data).encode(y=y, yOffset=offset, color=colour)
    layers = [
        alt.Chart(data).mark_rule(color="#999").encode(x=alt.datum(0)),
        base.mark_rule(strokeWidth=2).encode(
            # a tick every 60 px or more: at every 5 gold, "-30" and "-25" touched
            x=alt.X("worst:Q", title=t("sheriff's gold per game"), axis=alt.Axis(tickCount=max(3, width // 60))),
            x2="best:Q",
            strokeDash=dash,
        ),
        base.mark_point(size=70, filled=True, opacity=1).encode(
            x="average:Q",
            shape=shape,
            tooltip=[
                "table:N",
                "sheriff_name:N",
                alt.Tooltip("average:Q", format=".2f"),
                alt.Tooltip("se:Q", format=".2f"),
                "worst:Q",
                "best:Q",
            ],
        ),
    ]
    chart = alt.layer(*layers).properties(
        width=width,
        height=height,
        title=chart_title(
            title,
            width,
            t("dot: average over {n} seat-games; line: worst to best game", n=int(data.seat_games.iloc[0])),
        ),
    )
    return finish(chart)
