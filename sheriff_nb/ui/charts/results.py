"""Charts of chance and of whole games: the odds of drawing a card, who wins a tournament of bots
(:func:`sheriff_nb.simulate`), where a final score comes from, and a learner converging to the equilibrium.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...play import bots
from ...theory import analysis as an
from ...theory import research
from ..i18n import card_name, t
from ..numbers import percent, short_number
from ..palette import HONEST_C, INK_TEXT, MERCHANT_C, OKABE_ITO, SERIES, SHERIFF_C
from .base import (
    LINE_LEGEND,
    TEXT_SIZE,
    WIDTH,
    chart_title,
    finish,
    title_text,  # noqa: F401 - the doctests read titles with it
)
from .drawing import drawing

__all__ = [
    "seat_title",
    "draw_odds_data",
    "draw_odds_chart",
    "win_rates",
    "tournament_chart",
    "score_breakdown_chart",
    "convergence_chart",
    "cfr_chart",
]


# ------------------------------------------------------------------ 6. draw odds
def _target_name(good: str) -> str:
    kinds = {"legal": t("legal good"), "contraband": t("contraband card"), "royal": t("royal good")}
    return kinds.get(good.strip().lower()) or card_name(good, 1)


def draw_odds_data(good: str, cards: int = 6, deck: Mapping[str, int] | None = None):
    """P(at least k ``good`` in ``cards`` cards) for k = 1..``cards`` (``sheriff_nb.theory.analysis.draw_odds``).

    >>> draw_odds_data("contraband", cards=2)[["k", "exact"]].values.tolist()
    [[1, '1735/3451'], [2, '295/3451']]
    """
    import pandas as pd

    rows = [
        {"k": k, "chance": float(x), "exact": str(x)}
        for k in range(1, cards + 1)
        for x in [an.draw_odds(good, k, cards=cards, deck=deck)]
    ]
    return pd.DataFrame(rows)


@drawing
def draw_odds_chart(
    good: str,
    cards: int = 6,
    deck: Mapping[str, int] | None = None,
    at_least: int | None = None,
    width: int = WIDTH,
    height: int = 210,
):
    """Bars: the chance of at least k ``good`` (a card or a kind) among ``cards`` drawn; ``at_least`` highlighted
    (darker, outlined).

    >>> chart = draw_odds_chart("contraband", at_least=2)
    >>> title_text(chart), chart.title.subtitle[0]
    ('At least one contraband card turns up in 88% of 6-card draws', 'At least 2: 57%')
    """
    import altair as alt

    data = draw_odds_data(good, cards, deck)
    data["chosen"] = data["k"] == (at_least or 1)
    data["text"] = [("<1%" if 0 < x < 0.005 else percent(x)) for x in data["chance"]]
    name = _target_name(good)
    title = t(
        "At least one {good} turns up in {p} of {cards}-card draws",
        good=name,
        p=percent(data.chance.iloc[0]),
        cards=cards,
    )
    subtitle = ""
    if at_least and at_least > 1:
        subtitle = t("At least {k}: {p}", k=at_least, p=percent(data.chance.iloc[at_least - 1]))
    bars = (
        alt.Chart(data)
        .mark_bar(size=max(8, width // (cards + 2)), stroke=INK_TEXT)
        .encode(
            x=alt.X("k:O", title=t("at least k"), axis=alt.Axis(labelAngle=0)),
            y=alt.Y(
                "chance:Q", title=t("chance"), axis=alt.Axis(format="%", tickCount=5), scale=alt.Scale(domain=[0, 1])
            ),
            color=alt.condition(alt.datum.chosen, alt.value(OKABE_ITO["blue"]), alt.value(OKABE_ITO["sky"])),
            strokeWidth=alt.condition(alt.datum.chosen, alt.value(2.5), alt.value(0)),  # not by its colour alone
            tooltip=["k:O", alt.Tooltip("chance:Q", format=".2%"), "exact:N"],
        )
    )
    labels = bars.mark_text(dy=-6, fontSize=TEXT_SIZE, color="#222").encode(text="text:N", color=alt.value("#222"))
    return finish(
        alt.layer(bars, labels).properties(width=width, height=height, title=chart_title(title, width, subtitle))
    )


# ------------------------------------------------------------------ 7. tournaments (sn.simulate)
def win_rates(frame):
    """Per strategy: ``games`` played, ``wins`` (a win shared by k players counts 1/k), ``win_rate``, ``fair_share``
    (1 / players per game), ``mean_total``, sorted by win rate.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"game": [0, 0, 1, 1], "strategy": ["a", "b", "a", "b"], "rank": [1, 2, 1, 1],
    ...                       "total": [50, 40, 30, 30]})
    >>> win_rates(frame)[["strategy", "wins", "win_rate"]].values.tolist()
    [['a', 1.5, 0.75], ['b', 0.5, 0.25]]
    """
    df = frame.copy()
    winners = df[df["rank"] == 1].groupby("game")["rank"].transform("size")
    df["win"] = 0.0
    df.loc[winners.index, "win"] = 1.0 / winners
    players = df.groupby("game").size().mean()
    out = (
        df.groupby("strategy")
        .agg(games=("game", "nunique"), seats=("game", "size"), wins=("win", "sum"), mean_total=("total", "mean"))
        .reset_index()
    )
    out["win_rate"] = out["wins"] / out["seats"]
    out["fair_share"] = 1 / players
    return out.sort_values(["win_rate", "mean_total"], ascending=False).reset_index(drop=True)


def seat_title(key: str, short: bool = False) -> str:
    """A seat character's name, both halves translated: ``"Honest merchant · Trusting sheriff"`` for
    ``"honest"`` (``short``: ``"Honest · Trusting"``, a player's name at the table).

    >>> seat_title("suspicious"), seat_title("bluffer+greedy", short=True)
    ('Honest merchant · Suspicious sheriff', 'Bluffer · Greedy')
    """
    seat = bots.strategy(key)
    if not isinstance(seat, bots.Strategy):
        return t(seat.title)
    if short:
        return f"{t(seat.merchant.name)} · {t(seat.sheriff.name)}"
    return f"{t(seat.merchant.title)} · {t(seat.sheriff.title)}"


def _strategy_label(name: str) -> str:
    """A seat character by both halves (``"Honest · Trusting"``); a name that is not one is shown as it is."""
    try:
        return seat_title(name, short=True)
    except ValueError:
        return str(name)


@drawing
def tournament_chart(frame, width: int = WIDTH):
    """Win rate (bars, the fair share 1/players dashed) and final-score distribution (box plots) per strategy, from
    a :func:`sheriff_nb.simulate` frame.

    >>> import sheriff_nb as sn
    >>> games = sn.simulate(4, players=3, strategies=["honest", "smuggler", "bluffer"], seed=1)
    >>> title_text(tournament_chart(games)).endswith("of 4 games; a fair share is 33%")
    True
    """
    import altair as alt

    rates = win_rates(frame)
    rates["label"] = rates["strategy"].map(_strategy_label)
    rates["text"] = rates["win_rate"].map(percent)
    order = list(rates["label"])
    games = int(frame["game"].nunique())
    best, worst = rates.iloc[0], rates.iloc[-1]
    title = t(
        "{best} wins {p} of {n} games; a fair share is {fair}",
        best=best.label,
        p=percent(best.win_rate),
        n=games,
        fair=percent(best.fair_share),
    )
    subtitle = (
        t(
            "{worst} wins least: {q}; average scores {a} vs {b}",
            worst=worst.label,
            q=percent(worst.win_rate),
            a=short_number(best.mean_total),
            b=short_number(worst.mean_total),
        )
        if len(rates) > 1
        else ""
    )
    colour = alt.Color("label:N", legend=None, sort=order, scale=alt.Scale(domain=order, range=SERIES[: len(order)]))
    two_lines = alt.Axis(labelExpr="split(datum.label, ' · ')", labelOffset=-6)  # a seat's two halves, two lines
    y = alt.Y("label:N", sort=order, title=None, axis=two_lines)
    bars = (
        alt.Chart(rates)
        .mark_bar()
        .encode(
            y=y,
            x=alt.X(
                "win_rate:Q",
                title=t("share of games won"),
                axis=alt.Axis(format="%", tickCount=5),
                scale=alt.Scale(domain=[0, max(0.5, float(rates.win_rate.max()) * 1.15)]),
            ),
            color=colour,
            tooltip=["label:N", alt.Tooltip("win_rate:Q", format=".1%"), "games:Q"],
        )
    )
    text = bars.mark_text(align="left", dx=3, fontSize=TEXT_SIZE).encode(text="text:N", color=alt.value("#222"))
    fair = alt.Chart(rates.iloc[:1]).mark_rule(strokeDash=[4, 3], color="#333").encode(x="fair_share:Q")
    fair_text = (
        alt.Chart(rates.iloc[:1].assign(fair_text=t("fair share")))
        .mark_text(align="left", dx=3, baseline="bottom", fontSize=TEXT_SIZE, color="#333")
        .encode(x="fair_share:Q", y=alt.value(-1), text="fair_text:N")
    )
    top = alt.layer(bars, text, fair, fair_text).properties(width=width, height=40 * len(order))
    df = frame.assign(label=frame["strategy"].map(_strategy_label))
    box = (
        alt.Chart(df)
        .mark_boxplot(extent="min-max", size=14)
        .encode(
            y=alt.Y("label:N", sort=order, title=None, axis=two_lines),
            x=alt.X("total:Q", title=t("final score")),
            color=colour,
        )
        .properties(width=width, height=40 * len(order))
    )
    return finish(alt.vconcat(top, box, spacing=10).properties(title=chart_title(title, width, subtitle)))


# ------------------------------------------------------------------ 8. final score breakdown
@drawing
def score_breakdown_chart(scores, width: int = WIDTH):
    """Stacked bars per player: goods, gold and the King/Queen bonus, winner on top (``sn.score`` or
    ``sheriff_nb.theory.score_tables.game_scores(game)`` frame, indexed by player).

    >>> import sheriff_nb as sn
    >>> from sheriff_nb.ui.widgets.scoring import EXAMPLE_STANDS, EXAMPLE_GOLD
    >>> title_text(score_breakdown_chart(sn.score(EXAMPLE_STANDS, EXAMPLE_GOLD)))
    'David of Doncaster wins with 125 points: 66 from goods, 42 gold and 17 from King/Queen bonuses'
    """
    import altair as alt

    frame = scores.reset_index().rename(columns={scores.index.name or "index": "player"})
    frame["player"] = frame["player"].astype(str)
    frame = frame.sort_values(["rank", "total"], ascending=[True, False])
    parts = {"goods": t("goods"), "gold": t("gold"), "bonus": t("King/Queen bonus")}
    long = frame.melt(id_vars=["player", "total"], value_vars=list(parts), var_name="part", value_name="points")
    long["part_label"] = long["part"].map(parts)
    long["order"] = long["part"].map({k: i for i, k in enumerate(parts)})
    winners = frame[frame["rank"] == 1]
    w = winners.iloc[0]
    names = " & ".join(winners["player"])
    points = {"total": int(w.total), "goods": int(w.goods), "gold": int(w.gold), "bonus": int(w.bonus)}
    if names == t("You"):  # the reader of lesson 09's game: "You win", not "You wins"
        title = t(
            "You win with {total} points: {goods} from goods, {gold} gold and {bonus} from King/Queen bonuses", **points
        )
    else:
        title = t(
            "{names} {verb} with {total} points: {goods} from goods, {gold} gold and {bonus} from King/Queen bonuses",
            names=names,
            verb=t("win") if len(winners) > 1 else t("wins"),
            **points,
        )
    order = list(parts.values())
    y = alt.Y("player:N", sort=list(frame["player"]), title=None)
    bars = (
        alt.Chart(long)
        .mark_bar(stroke=INK_TEXT, strokeWidth=1.5)
        .encode(
            y=y,
            x=alt.X("sum(points):Q", title=t("points"), axis=alt.Axis(tickCount=6)),
            color=alt.Color(
                "part_label:N",
                title=None,
                sort=order,
                scale=alt.Scale(domain=order, range=[HONEST_C, MERCHANT_C, OKABE_ITO["purple"]]),
                legend=alt.Legend(
                    orient="bottom",
                    direction="horizontal",
                    symbolSize=200,
                    symbolStrokeWidth=1.5,
                    symbolStrokeColor=INK_TEXT,
                ),
            ),
            strokeDash=alt.StrokeDash(  # each part's outline: the parts are told apart by more than colour
                "part_label:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[[1, 0], [6, 3], [2, 2]])
            ),
            order=alt.Order("order:Q"),
            tooltip=["player:N", "part_label:N", "points:Q"],
        )
    )
    totals = (
        alt.Chart(frame)
        .mark_text(align="left", dx=4, fontSize=TEXT_SIZE, fontWeight="bold")
        .encode(y=y, x="total:Q", text="total:Q")
    )
    return finish(
        alt.layer(bars, totals).properties(width=width - 60, height=38 * len(frame), title=chart_title(title, width))
    )


# ------------------------------------------------------------------ 9. learning the equilibrium (research corner)
@drawing
def convergence_chart(history, width: int = WIDTH, height: int = 220):
    """A learner's average strategy over iterations (columns ``iteration``, ``p``, ``q``, ``p_star``, ``q_star``, e.g.
    :func:`sheriff_nb.theory.research.cfr_history`, drawn by :func:`cfr_chart`), the closed-form p* (dotted) and q*
    (dash-dotted) as targets.

    >>> import pandas as pd
    >>> history = pd.DataFrame({"iteration": [1, 10, 100], "p": [0.5, 0.3, 0.286], "q": [0.5, 0.45, 0.499],
    ...                         "p_star": 2 / 7, "q_star": 0.5})
    >>> title_text(convergence_chart(history))
    'After 100 iterations the learners inspect 28.6% (p* = 28.6%) and smuggle 49.9% (q* = 50.0%)'
    """
    import altair as alt

    last = history.iloc[-1]
    title = t(
        "After {n} iterations the learners inspect {p} (p* = {ps}) and smuggle {q} (q* = {qs})",
        n=int(last.iteration),
        p=percent(last.p, 1),
        ps=percent(last.p_star, 1),
        q=percent(last.q, 1),
        qs=percent(last.q_star, 1),
    )
    who = {"p": t("sheriff inspects"), "q": t("smuggler loads"), "p_star": "p*", "q_star": "q*"}
    long = history.melt(id_vars=["iteration"], value_vars=list(who), var_name="line", value_name="chance")
    long["line"] = long["line"].map(who)
    order = list(who.values())
    colour = alt.Color(
        "line:N",
        title=None,
        sort=order,
        legend=alt.Legend(**LINE_LEGEND, columns=2, direction="horizontal"),
        scale=alt.Scale(domain=order, range=[SHERIFF_C, MERCHANT_C, SHERIFF_C, MERCHANT_C]),
    )
    dash = alt.StrokeDash(
        "line:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[[1, 0], [6, 3], [2, 2], [8, 2, 2, 2]])
    )
    chart = (
        alt.Chart(long)
        .mark_line(strokeWidth=2.5)
        .encode(
            x=alt.X(
                "iteration:Q",
                title=t("iterations (log scale)"),
                scale=alt.Scale(type="log", domain=[1, int(last.iteration)], nice=False),
            ),
            y=alt.Y(
                "chance:Q",
                title=t("probability"),
                axis=alt.Axis(format="%", tickCount=5),
                scale=alt.Scale(domain=[0, 1]),
            ),
            color=colour,
            strokeDash=dash,
            tooltip=["line:N", "iteration:Q", alt.Tooltip("chance:Q", format=".3f")],
        )
    )
    return finish(chart.properties(width=width, height=height, title=chart_title(title, width)))


@drawing
def cfr_chart(
    bag: Mapping[str, int] | None = None, declared: str = "apples", iterations: int = research.CFR_ITERATIONS
):
    """:func:`convergence_chart` of OpenSpiel's CFR learning one bag's game by self-play
    (:func:`sheriff_nb.theory.research.cfr_history`: computed here when OpenSpiel is installed, else the stored run,
    which holds the default bag and iterations).  Without OpenSpiel, other arguments give research's
    :class:`~sheriff_nb.theory.research.Unavailable` instead of a chart.

    >>> title_text(cfr_chart())
    'After 1000 iterations the learners inspect 28.6% (p* = 28.6%) and smuggle 49.9% (q* = 50.0%)'
    """
    history = research.cfr_history(bag, declared, iterations)
    return history if isinstance(history, research.Unavailable) else convergence_chart.__wrapped__(history)
