"""Charts of lessons 12 and 14: where each kind of equilibrium of the offer game lives, when a promise pays for itself,
and how learners move around p* and q*.

Each explorer chart comes as ``*_parts`` (its datasets and title, :class:`~sheriff_nb.ui.charts.base.Parts`) and a
``_*_spec`` that draws them, so :class:`~sheriff_nb.ui.charts.live.LiveChart` can redraw it at slider speed; ``*_chart``
builds the Altair chart in one call.
"""

from __future__ import annotations

from fractions import Fraction

from ...theory.analysis import exact
from ..i18n import N_, pt, t
from ..numbers import percent
from ..palette import INK_TEXT, MERCHANT_C, OKABE_ITO, SHERIFF_C
from .base import (
    LINE_LEGEND,
    TEXT_SIZE,
    WIDTH,
    Parts,
    assemble,
    named_data,
    title_text,  # noqa: F401 - the doctests read titles with it
)
from .drawing import drawing

__all__ = [
    "KIND_COLOURS", "KIND_SHAPES", "kind_name", "region_marks", "signal_map_parts", "signal_map_chart", "promise_parts", "promise_chart",
    "learning_parts", "learning_chart", "COURSE_SPECS",
]  # fmt: skip

KIND_COLOURS = {
    "pooling": OKABE_ITO["sky"],
    "semi-separating": OKABE_ITO["orange"],
    "every bag opened": OKABE_ITO["vermillion"],
    "several": OKABE_ITO["grey"],
}
KIND_SHAPES = {"pooling": "circle", "semi-separating": "triangle-up", "every bag opened": "square", "several": "cross"}
"""Each kind's shape on the map and in its legend (the reader's point is the diamond)."""
_KIND_NAMES = {
    "pooling": N_("pooling: liars keep quiet"),
    "semi-separating": N_("semi-separating: some liars offer"),
    "every bag opened": N_("every bag opened"),
    "several": N_("on a boundary: several equilibria"),
    "separating": N_("separating: every liar offers"),
}


def kind_name(kind: str) -> str:
    """The kind of an offer-game equilibrium in words (translated)."""
    return t(_KIND_NAMES[kind])


# ------------------------------------------------------------------ lesson 12: the map of equilibria
def signal_map_parts(data, prior, bribe, bait) -> Parts:
    """The datasets (``cells``, ``current``) and title of :func:`signal_map_chart`; ``data`` is a
    :func:`sheriff_nb.theory.signals.region_data` frame on a grid of step 1/20 in the prior."""
    from ...theory.signals import offer_game

    cells = []  # one rectangle per run of equal kinds up a column: few marks, so the map redraws fast
    for pi, column in data.sort_values(["prior", "bribe"]).groupby("prior", sort=True):
        runs: list[list] = []
        for b, kind in zip(column.bribe, column.kind, strict=True):
            if runs and runs[-1][0] == kind:
                runs[-1][2] = b
            else:
                runs.append([kind, b, b])
        cells += [
            {"name": kind_name(kind), "x0": pi - 0.025, "x1": pi + 0.025, "y0": low - 0.5, "y1": high + 0.5}
            for kind, low, high in runs
        ]
    found = offer_game(prior=prior, bait=bait, bribe=bribe).equilibria()
    kinds = {e.kind for e in found}
    kind = kinds.pop() if len(kinds) == 1 else "several"
    e = found[0]
    pi, b = exact(prior), exact(bribe)
    head = t("{p} of bags lie, {b} gold offered:", p=percent(pi), b=f"{b}")
    finding = {
        "pooling": t("no liar offers and every bag passes"),
        "semi-separating": t(
            "{s} of liars offer and are let through; {r} of silent bags are opened",
            s=percent(e.offer_rate),
            r=percent(e.open_silent),
        ),
        "every bag opened": t("too small a bribe: Sir Guy opens every bag"),
        "several": t("exactly on a boundary, several equilibria"),
    }[kind]
    subtitle = (
        t("1 honest merchant in {n} offers anyway (bait)", n=int(1 / exact(bait)))
        if (exact(bait) and (1 / exact(bait)).denominator == 1)
        else t("honest merchants who bait: {x}", x=percent(bait))
    )
    current = [{"x": float(pi), "y": float(b)}]
    return Parts({"cells": cells, "marks": region_marks(cells), "current": current}, f"{head} {finding}", subtitle)


def region_marks(cells: list[dict]) -> list[dict]:
    """One point per kind of equilibrium on the map, where the map draws the kind's shape (so that a region is named
    by more than its colour): the middle of the middle one of its runs of cells at least 60% as tall as its tallest.

    >>> cells = [{"name": "a", "x0": 0.0, "x1": 0.1, "y0": 0.5, "y1": 4.5}, {"name": "b", "x0": 0.0, "x1": 0.1,
    ...          "y0": 4.5, "y1": 6.5}, {"name": "a", "x0": 0.1, "x1": 0.2, "y0": 0.5, "y1": 6.5}]
    >>> region_marks(cells)
    [{'name': 'a', 'x': 0.15000000000000002, 'y': 3.5}, {'name': 'b', 'x': 0.05, 'y': 5.5}]
    """
    runs: dict[str, list[dict]] = {}
    for cell in cells:
        runs.setdefault(cell["name"], []).append(cell)
    marks = []
    for name, found in runs.items():
        tallest = max(c["y1"] - c["y0"] for c in found)
        tall = [c for c in found if c["y1"] - c["y0"] >= 0.6 * tallest]
        cell = tall[len(tall) // 2]
        marks.append({"name": name, "x": (cell["x0"] + cell["x1"]) / 2, "y": (cell["y0"] + cell["y1"]) / 2})
    return marks


def _signal_map_spec(parts: Parts, width: int = WIDTH, height: int = 290):
    import altair as alt

    present = {cell["name"] for cell in parts.datasets["cells"]}  # the cells do not change with the sliders
    shown = {kind_name(k): c for k, c in KIND_COLOURS.items() if kind_name(k) in present}
    colour = alt.Color(
        "name:N",
        title=None,
        sort=list(shown),
        scale=alt.Scale(domain=list(shown), range=list(shown.values())),
        legend=alt.Legend(orient="bottom", direction="vertical", symbolSize=150, symbolStrokeColor=INK_TEXT),
    )
    shape = alt.Shape(  # each region's shape, in the region and in the legend: the kind is not told by colour alone
        "name:N",
        title=None,
        sort=list(shown),
        scale=alt.Scale(domain=list(shown), range=[KIND_SHAPES[k] for k in KIND_COLOURS if kind_name(k) in present]),
    )
    layers = [
        alt.Chart(named_data("cells"))
        .mark_rect(stroke="white", strokeWidth=0.3)
        .encode(
            x=alt.X(
                "x0:Q",
                title=t("share of lying bags (the prior)"),
                axis=alt.Axis(format="%", tickCount=5),
                scale=alt.Scale(domain=[0, 1], nice=False),
            ),
            x2="x1:Q",
            y=alt.Y(
                "y0:Q",
                title=t("bribe offered (gold)"),
                scale=alt.Scale(domain=[0.5, 19.5], nice=False),
                axis=alt.Axis(values=[1, 5, 10, 15, 19]),
            ),
            y2="y1:Q",
            color=colour,
        ),
        alt.Chart(named_data("marks"))
        .mark_point(size=150, filled=True, stroke=INK_TEXT, strokeWidth=1.5, opacity=1)
        .encode(x="x:Q", y="y:Q", shape=shape, color=colour),
        alt.Chart(named_data("current"))
        .mark_point(shape="diamond", size=160, filled=True, color="#111", stroke="white", strokeWidth=1.5)
        .encode(x="x:Q", y="y:Q"),
    ]
    return assemble(layers, parts, width, height)


@drawing
def signal_map_chart(prior=Fraction(3, 5), bribe=5, bait=Fraction(1, 4), width: int = WIDTH, height: int = 290):
    """Which equilibrium the offer game has at each share of lying bags (x) and bribe (y), for one bait share; the
    diamond marks (``prior``, ``bribe``).  Each region carries its kind's shape (:data:`KIND_SHAPES`), as its legend
    entry does, besides its colour.

    >>> title_text(signal_map_chart())
    '60% of bags lie, 5 gold offered: 50% of liars offer and are let through; 25% of silent bags are opened'
    """
    from ...theory.signals import region_data

    data = region_data(bait, priors=[Fraction(k, 20) for k in range(1, 20)])
    return _signal_map_spec(signal_map_parts(data, prior, bribe, bait), width, height)


# ------------------------------------------------------------------ lesson 14: promises
def promise_parts(again, promises=None, top: float = 40.0) -> Parts:
    """The datasets (``lines``, ``temptations``, ``thresholds``, ``current``) and title of :func:`promise_chart`;
    ``promises`` defaults to Much's and Sir Guy's (:mod:`sheriff_nb.theory.repeated`)."""
    from ...theory.repeated import merchant_promise, sheriff_promise

    promises = promises or [merchant_promise(), sheriff_promise()]
    d = exact(again)
    lines, temptations, thresholds, current = [], [], [], []
    for promise in promises:
        name = t("{who}'s promise", who=pt("cast", promise.who))  # the characters' names in the page's language
        for k in range(0, 96):
            x = Fraction(k, 100)
            value = float(promise.future(x))
            if value <= top:
                lines.append({"again": float(x), "value": value, "who": name})
        temptations.append({"value": float(promise.temptation), "who": name})
        thresholds.append(
            {
                "again": float(promise.threshold),
                "value": float(promise.temptation),
                "who": name,
                "text": percent(promise.threshold, 1),
                "up": not thresholds,
            }
        )
        future = promise.future(d)
        if future is not None and float(future) <= top:
            current.append({"again": float(d), "value": float(future), "who": name})
    kept = [pt("cast", p.who) for p in promises if p.kept(d)]
    if len(kept) == len(promises):
        title = t("At {d}, both promises are worth keeping", d=percent(d))
    elif kept:
        title = t("At {d}, only {who}'s promise is worth keeping", d=percent(d), who=kept[0])
    else:
        title = t("At {d}, neither promise is worth keeping", d=percent(d))
    subtitle = "; ".join(
        t("{who} keeps his from {p}", who=pt("cast", p.who), p=percent(p.threshold, 1)) for p in promises
    )
    return Parts(
        {
            "lines": lines,
            "temptations": temptations,
            "thresholds": thresholds,
            "current": current,
            "marker": [{"again": float(d)}],
        },
        title,
        subtitle,
    )


def _promise_spec(parts: Parts, width: int = WIDTH, height: int = 260):
    import altair as alt

    order = [row["who"] for row in parts.datasets["temptations"]]  # the merchant's promise first, then the sheriff's
    colour = alt.Color(
        "who:N",
        title=None,
        sort=order,
        legend=LINE_LEGEND,
        scale=alt.Scale(domain=order, range=[MERCHANT_C, SHERIFF_C][: len(order)]),
    )
    dash = alt.StrokeDash("who:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[[1, 0], [6, 3]]))
    x = alt.X(
        "again:Q",
        title=t("chance of meeting again"),
        axis=alt.Axis(format="%", tickCount=5),
        scale=alt.Scale(domain=[0, 1]),
    )
    y = alt.Y("value:Q", title=t("gold: keeping (lines) vs breaking (flat)"), scale=alt.Scale(domain=[0, 40]))
    layers = [
        alt.Chart(named_data("lines")).mark_line(strokeWidth=2.5).encode(x=x, y=y, color=colour, strokeDash=dash),
        alt.Chart(named_data("temptations"))
        .mark_rule(strokeWidth=1.5, strokeDash=[2, 2])
        .encode(y="value:Q", color=colour),
        alt.Chart(named_data("thresholds"))
        .mark_point(size=70, filled=True, shape="diamond")
        .encode(x="again:Q", y="value:Q", color=colour),
        alt.Chart(named_data("thresholds"))
        .transform_filter(alt.datum.up)
        .mark_text(align="right", dx=-7, dy=-9, fontSize=TEXT_SIZE, fontWeight="bold")
        .encode(x="again:Q", y="value:Q", text="text:N", color=colour),
        alt.Chart(named_data("thresholds"))
        .transform_filter(~alt.datum.up)
        .mark_text(align="left", dx=7, dy=11, fontSize=TEXT_SIZE, fontWeight="bold")
        .encode(x="again:Q", y="value:Q", text="text:N", color=colour),
        alt.Chart(named_data("marker")).mark_rule(color="#333", strokeDash=[4, 2]).encode(x="again:Q"),
        alt.Chart(named_data("current"))
        .mark_point(size=60, filled=True, color="#111")
        .encode(x="again:Q", y="value:Q"),
    ]
    return assemble(layers, parts, width, height)


@drawing
def promise_chart(again=Fraction(1, 2), width: int = WIDTH, height: int = 260):
    """What keeping each promise is worth (rising lines, G·δ/(1 − δ)) against what breaking it gains now (flat,
    dotted), as the chance δ of meeting again grows; the diamonds mark where keeping starts to pay.

    >>> title_text(promise_chart())
    'At 50%, neither promise is worth keeping'
    """
    return _promise_spec(promise_parts(again), width, height)


# ------------------------------------------------------------------ lesson 14: learning
def _thin(frame, limit: int = 400) -> list[dict]:
    """The rows' (q, p) as records, at most about ``limit`` of them, always the first and the last."""
    step = max(1, len(frame) // limit)
    rows = list(range(0, len(frame), step))
    if rows[-1] != len(frame) - 1:
        rows.append(len(frame) - 1)
    return [{"q": float(frame.q.iloc[i]), "p": float(frame.p.iloc[i]), "order": n} for n, i in enumerate(rows)]


def learning_parts(path, upto, clock: str = "rounds") -> Parts:
    """The datasets (``all``, ``path``, ``star``, ``current``) and title of :func:`learning_chart`: ``path`` is a
    frame from :func:`sheriff_nb.theory.learning.fictitious_play` (``clock="rounds"``) or
    :func:`~sheriff_nb.theory.learning.replicator` (``clock="time"``), shown up to ``upto``."""
    done = path[path[clock] <= upto]
    last = done.iloc[-1]
    star = [{"q": float(last.q_star), "p": float(last.p_star)}]
    if clock == "rounds":
        title = t(
            "After {n} rounds of fictitious play the averages are p = {p}, q = {q} (p* = {ps}, q* = {qs})",
            n=int(last.rounds),
            p=percent(last.p, 1),
            q=percent(last.q, 1),
            ps=percent(last.p_star, 1),
            qs=percent(last.q_star, 1),
        )
    else:
        title = t(
            "Replicator dynamics circle (q*, p*) without settling: inspecting swings between {a} and {b}",
            a=percent(path.p.min()),
            b=percent(path.p.max()),
        )
    data = {
        "all": _thin(path),
        "path": _thin(done),
        "star": star,
        "current": [{"q": float(last.q), "p": float(last.p)}],
    }
    return Parts(data, title)


def _learning_spec(parts: Parts, width: int = WIDTH, height: int = 300):
    import altair as alt

    x = alt.X(
        "q:Q", title=t("merchants lying (q)"), axis=alt.Axis(format="%", tickCount=5), scale=alt.Scale(domain=[0, 1])
    )
    y = alt.Y(
        "p:Q",
        title=t("sheriffs inspecting (p)"),
        axis=alt.Axis(format="%", tickCount=5),
        scale=alt.Scale(domain=[0, 1]),
    )
    layers = [
        alt.Chart(named_data("all")).mark_line(color="#cccccc", strokeWidth=1).encode(x=x, y=y, order="order:Q"),
        alt.Chart(named_data("path")).mark_line(color=MERCHANT_C, strokeWidth=2).encode(x=x, y=y, order="order:Q"),
        alt.Chart(named_data("star")).mark_rule(color=SHERIFF_C, strokeDash=[2, 2]).encode(x="q:Q"),
        alt.Chart(named_data("star")).mark_rule(color=SHERIFF_C, strokeDash=[2, 2]).encode(y="p:Q"),
        # the equilibrium's names at the ends of its rules, away from the paths that circle it
        alt.Chart(named_data("star"))
        .mark_text(align="left", dx=4, baseline="top", fontSize=TEXT_SIZE, color=SHERIFF_C)
        .encode(x="q:Q", y=alt.value(2), text=alt.value("q*")),
        alt.Chart(named_data("star"))
        .mark_text(align="right", dy=-4, baseline="bottom", fontSize=TEXT_SIZE, color=SHERIFF_C)
        .encode(x=alt.value(width - 2), y="p:Q", text=alt.value("p*")),
        alt.Chart(named_data("current")).mark_point(size=80, filled=True, color="#111").encode(x="q:Q", y="p:Q"),
    ]
    return assemble(layers, parts, width, height)


@drawing
def learning_chart(path=None, upto=None, clock: str = "rounds", width: int = WIDTH, height: int = 300):
    """The learners' path in the (q, p) plane: grey the whole run, orange up to ``upto``, the black dot where they
    are, the dotted cross at the equilibrium (q*, p*).

    >>> from sheriff_nb.theory.learning import fictitious_play
    >>> title_text(learning_chart(fictitious_play(rounds=1000), 1000))
    'After 1000 rounds of fictitious play the averages are p = 30.0%, q = 50.4% (p* = 28.6%, q* = 50.0%)'
    """
    if path is None:
        from ...theory.learning import fictitious_play

        path = fictitious_play()
    upto = path[clock].iloc[-1] if upto is None else upto
    return _learning_spec(learning_parts(path, upto, clock), width, height)


COURSE_SPECS = {"signal_map": _signal_map_spec, "promise": _promise_spec, "learning": _learning_spec}
"""The explorer charts of lessons 12 and 14 that :class:`~sheriff_nb.ui.charts.live.LiveChart` redraws from parts."""
