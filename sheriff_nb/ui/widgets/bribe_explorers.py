"""The bribe zone and the sheriff who announces (lessons 07 and 13): Much the Miller's Son's bag against Sir Guy of
Gisborne's belief that it lies, and against the probability with which a sheriff commits to inspect.

>>> explorer = bribe_explorer()
>>> "bribe" in explorer.readout.value.lower()
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

import ipywidgets as W

from ...engine.cards import card_id
from ...theory import analysis as an
from ...theory.analysis import exact
from ..charts import (
    bribe_data,
    bribe_parts,
    leadership_at,
    leadership_data,
    leadership_parts,
)
from ..charts.base import WIDTH
from ..i18n import goods_text, t
from ..numbers import chance, fraction, money, percent
from ..palette import INK_TEXT, MERCHANT_INK, SHERIFF_INK
from .base import choice_slider, html_widget, note
from .chart_slot import ChartSlot, drawn, side_by_side
from .explorers import MUCH_BAG
from .theory import steps

__all__ = ["bribe_text", "BribeExplorer", "bribe_explorer", "LeadershipExplorer", "leadership_explorer"]


# ------------------------------------------------------------------ bribes: the sheriff's belief
def bribe_text(bag: Counter, declared: str, belief: Fraction, p_inspect: Fraction = Fraction(1)) -> str:
    """The bargaining range with its arithmetic, at the sheriff's ``belief`` that the bag is the lie (HTML)."""
    passed, opened, fine = an.outcomes(bag, declared)
    _, _, pay = an.outcomes(an.baseline(bag, declared), declared)
    low, high = an.bribe_range(bag, declared, p_inspect, belief)
    q = belief
    minimum, maximum = t("sheriff's minimum"), t("merchant's maximum")
    lines = [
        note(
            f"{minimum} = max(0, q × {fraction(fine)} − (1 − q) × {fraction(-pay)}) = max(0, {fraction(q)} × "
            f"{fraction(fine)} − {fraction(1 - q)} × {fraction(-pay)}) = <b>{money(low)}</b>",
            colour=SHERIFF_INK,
            raw=True,
        ),
        note(
            t(
                "(opening earns the {fine} fine if the bag lies and costs the {pay} compensation if it is honest)",
                fine=fraction(fine),
                pay=fraction(-pay),
            ),
            colour="#444",
        ),
        note(
            f"{maximum} = p × ({fraction(passed)} − ({fraction(opened)})) = {fraction(p_inspect)} × "
            f"{fraction(passed - opened)} = <b>{money(high)}</b>",
            colour=MERCHANT_INK,
            raw=True,
        ),
    ]
    if low <= high:
        lines.append(
            note(
                t(
                    "Any bribe from {low} to {high} gold leaves both better off than an inspection; splitting "
                    "the gain {surplus} evenly gives {mid}.",
                    low=money(low),
                    high=money(high),
                    surplus=money(high - low),
                    mid=money((low + high) / 2),
                ),
                colour="#222",
            )
        )
    else:
        lines.append(note(t("No deal: the sheriff wants more than the merchant will pay."), colour="#222"))
    return "".join(lines)


class BribeExplorer(W.VBox):
    """One slider: how sure the sheriff is that the bag hides the contraband; the bargaining zone moves."""

    def __init__(self, bag: Mapping[str, int] | None = None, declared: str = "apples", belief=1):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.bag, self.declared = Counter(bag or MUCH_BAG), card_id(declared)
        options = [(percent(Fraction(k, 20)), Fraction(k, 20)) for k in range(21)]
        self.slider = choice_slider(options, exact(belief), t("sheriff's belief"))
        self.readout = html_widget()
        self.data = bribe_data(self.bag, self.declared)

        def draw(q, width: int = WIDTH):
            parts = bribe_parts(self.bag, self.declared, belief=q, data=self.data)
            return drawn("bribe", parts, width)

        self.chart = ChartSlot(draw)
        self.slider.observe(self.update, names="value")
        story = t(
            "Much carries {bag} declared as Apples; Sir Guy threatens to open it for sure (p = 1).",
            bag=goods_text(self.bag),
        )
        self.children = [
            html_widget(note(story, colour="#333")),
            self.slider,
            side_by_side(self.chart.out, self.readout),
        ]
        self.update()

    def update(self, _change=None) -> None:
        """Redraw the zone and the arithmetic."""
        self.readout.value = bribe_text(self.bag, self.declared, self.slider.value)
        self.chart.show(self.slider.value)


def bribe_explorer(bag: Mapping[str, int] | None = None, declared: str = "apples", belief=1) -> BribeExplorer:
    """``bribe_explorer()``: the bribe bargaining zone against the sheriff's belief (see :class:`BribeExplorer`)."""
    return BribeExplorer(bag, declared, belief)


# ------------------------------------------------------------------ leadership
class LeadershipExplorer(W.VBox):
    """One slider: the inspection probability the sheriff announces (and keeps); the merchant best-responds."""

    def __init__(self, bag: Mapping[str, int] | None = None, declared: str = "apples", p=Fraction(1, 5)):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.game = an.inspection_game(bag or MUCH_BAG, declared)
        self.lead = self.game.leadership()
        star = self.lead.p_inspect
        values = sorted(set(steps(0, 1, Fraction(1, 100))) | {star})
        options = [(percent(x, 1) if x == star else percent(x), x) for x in values]
        self.slider = choice_slider(options, exact(p), t("announced p"))
        self.readout = html_widget()
        self.data = leadership_data(self.game, steps=20)

        def draw(x, width: int = WIDTH):
            parts = leadership_parts(self.game, p=x, data=self.data)
            return drawn("leadership", parts, width)

        self.chart = ChartSlot(draw)
        self.slider.observe(self.update, names="value")
        self.children = [self.slider, side_by_side(self.chart.out, self.readout)]
        self.update()

    def update(self, _change=None) -> None:
        """The merchant's best reply and both payoffs at the announced p."""
        p = self.slider.value
        response, sheriff, merchant = leadership_at(self.game, p)
        honest, lie = self.game.payoffs(p, 0)[0], self.game.payoffs(p, 1)[0]
        reply = t("lies") if response == "lie" else t("stays honest")
        self.readout.value = (
            note(
                t(
                    "Sir Guy announces p = {p}. Much compares: honest {h}, lie {l}, so he {reply}.",
                    p=chance(p),
                    h=money(honest),
                    l=money(lie),
                    reply=reply,
                ),
                colour="#222",
            )
            + note(
                t(
                    "Sir Guy earns {s} per bag (without announcing anything: {nash}); Much gets {m}.",
                    s=money(sheriff),
                    nash=money(self.lead.nash_sheriff_value),
                    m=money(merchant),
                ),
                colour="#222",
            )
            + note(
                t(
                    "Best announcement: p* = {p}. Much is exactly indifferent and (ties go the sheriff's way) lies; "
                    "Sir Guy earns {v}.",
                    p=chance(self.lead.p_inspect),
                    v=money(self.lead.sheriff_value),
                ),
                colour=INK_TEXT,
            )
        )
        self.chart.show(p)


def leadership_explorer(
    bag: Mapping[str, int] | None = None, declared: str = "apples", p=Fraction(1, 5)
) -> LeadershipExplorer:
    """``leadership_explorer()``: commitment (see :class:`LeadershipExplorer`)."""
    return LeadershipExplorer(bag, declared, p)
