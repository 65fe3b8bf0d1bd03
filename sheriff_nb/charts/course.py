"""Charts of lessons 12 and 14: where each kind of equilibrium of the offer game lives, when a promise pays for itself,
and how learners move around p* and q*.

Each explorer chart comes as ``*_parts`` (its datasets and title, :class:`~sheriff_nb.charts.base.Parts`) and a
``_*_spec`` that draws them, so :class:`~sheriff_nb.charts.live.LiveChart` can redraw it at slider speed; ``*_chart``
builds the Altair chart in one call.
"""

from __future__ import annotations

from fractions import Fraction

from ..analysis import exact
from ..i18n import t
from .base import (
    OKABE_ITO,
    WIDTH,
    Parts,
    _assemble,
    _named,
    _records,
    pct,
    title_text,  # noqa: F401 - the doctests read titles with it
)

__all__ = [
    "KIND_COLOURS", "kind_name", "signal_map_parts", "signal_map_chart", "COURSE_SPECS",
]  # fmt: skip

KIND_COLOURS = {"pooling": OKABE_ITO["sky"], "semi-separating": OKABE_ITO["orange"],
                "every bag opened": OKABE_ITO["vermillion"], "several": OKABE_ITO["grey"]}
_KIND_NAMES = {"pooling": "pooling: liars keep quiet", "semi-separating": "semi-separating: some liars offer",
               "every bag opened": "every bag opened", "several": "on a boundary: several equilibria",
               "separating": "separating: every liar offers"}


def kind_name(kind: str) -> str:
    """The kind of an offer-game equilibrium in words (translated)."""
    return t(_KIND_NAMES[kind])


# ------------------------------------------------------------------ lesson 12: the map of equilibria
def signal_map_parts(data, prior, bribe, bait) -> Parts:
    """The datasets (``cells``, ``current``) and title of :func:`signal_map_chart`; ``data`` is a
    :func:`sheriff_nb.signals.region_data` frame on a grid of step 1/20 in the prior."""
    from ..signals import offer_game

    cells = data.assign(name=data.kind.map(kind_name), x0=data.prior - 0.025, x1=data.prior + 0.025,
                        y0=data.bribe - 0.5, y1=data.bribe + 0.5)[["name", "x0", "x1", "y0", "y1"]]
    found = offer_game(prior=prior, bait=bait, bribe=bribe).equilibria()
    kinds = {e.kind for e in found}
    kind = kinds.pop() if len(kinds) == 1 else "several"
    e = found[0]
    pi, b = exact(prior), exact(bribe)
    head = t("{p} of bags lie, {b} gold offered:", p=pct(pi), b=f"{b}")
    finding = {
        "pooling": t("no liar offers and every bag passes"),
        "semi-separating": t("{s} of liars offer and are let through; {r} of silent bags are opened",
                             s=pct(e.offer_rate), r=pct(e.open_silent)),
        "every bag opened": t("too small a bribe: Sir Guy opens every bag"),
        "several": t("exactly on a boundary, several equilibria"),
    }[kind]
    subtitle = t("1 honest merchant in {n} offers anyway (bait)", n=int(1 / exact(bait))) if (
        exact(bait) and (1 / exact(bait)).denominator == 1) else t("honest merchants who bait: {x}", x=pct(bait))
    current = [{"x": float(pi), "y": float(b)}]
    return Parts({"cells": _records(cells), "current": current}, f"{head} {finding}", subtitle)


def _signal_map_spec(parts: Parts, width: int = WIDTH, height: int = 210):
    import altair as alt

    present = {cell["name"] for cell in parts.datasets["cells"]}  # the cells do not change with the sliders
    shown = {kind_name(k): c for k, c in KIND_COLOURS.items() if kind_name(k) in present}
    colour = alt.Color("name:N", title=None, sort=list(shown),
                       scale=alt.Scale(domain=list(shown), range=list(shown.values())),
                       legend=alt.Legend(orient="bottom", direction="vertical", symbolType="square"))
    layers = [
        alt.Chart(_named("cells")).mark_rect(stroke="white", strokeWidth=0.3).encode(
            x=alt.X("x0:Q", title=t("share of lying bags (the prior)"), axis=alt.Axis(format="%", tickCount=5),
                    scale=alt.Scale(domain=[0, 1], nice=False)),
            x2="x1:Q",
            y=alt.Y("y0:Q", title=t("bribe offered (gold)"), scale=alt.Scale(domain=[0.5, 19.5], nice=False),
                    axis=alt.Axis(values=[1, 5, 10, 15, 19])),
            y2="y1:Q", color=colour),
        alt.Chart(_named("current")).mark_point(shape="diamond", size=160, filled=True, color="#111",
                                                stroke="white", strokeWidth=1.5).encode(x="x:Q", y="y:Q"),
    ]
    return _assemble(layers, parts, width, height)


def signal_map_chart(prior=Fraction(3, 5), bribe=5, bait=Fraction(1, 4), width: int = WIDTH, height: int = 210):
    """Which equilibrium the offer game has at each share of lying bags (x) and bribe (y), for one bait share; the
    diamond marks (``prior``, ``bribe``).

    >>> title_text(signal_map_chart())
    '60% of bags lie, 5 gold offered: 50% of liars offer and are let through; 25% of silent bags are opened'
    """
    from ..signals import region_data

    data = region_data(bait, priors=[Fraction(k, 20) for k in range(1, 20)])
    return _signal_map_spec(signal_map_parts(data, prior, bribe, bait), width, height)


COURSE_SPECS = {"signal_map": _signal_map_spec}
"""The explorer charts of lessons 12 and 14 that :class:`~sheriff_nb.charts.live.LiveChart` redraws from parts."""
