"""Lesson 12's first widget, Bayes' rule with natural frequencies (:func:`bayes_explorer`), and what the lesson's
other widgets share: the sliders' stops, the lesson's table (:data:`STORY`), the bags counted as small squares and
Bayes' rule in words.  The equilibrium explorer is :mod:`sheriff_nb.ui.widgets.signal_map`; the table of the game,
the worked examples and the bets are :mod:`sheriff_nb.ui.widgets.belief_bets`; the answers are computed from
:mod:`sheriff_nb.theory.signals`.

The cast of the theory lessons: Much the Miller's Son carries lesson 08's bag (4 Apples declared, 2 of them
Pepper) and weighs honesty against the lie; Sir Guy of Gisborne is the sheriff who opens exactly as often as pays.

>>> bayes = bayes_explorer()
>>> "6 / (6 + 1) = 6/7 (86%)" in bayes.readout.value.replace("<b>", "").replace("</b>", "")
True
"""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as W

from ...theory.analysis import exact
from ...theory.signals import OfferGame, offer_game
from ..i18n import t
from ..numbers import chance, fraction, money, percent
from ..palette import HONEST_C, LIE_C, SHERIFF_INK
from .base import choice_slider, esc, html_widget, note, scroll_box

__all__ = [
    "BayesExplorer", "bayes_explorer", "PRIORS", "BAITS", "BRIBES", "STORY", "frequencies_html",
    "belief_line",
]  # fmt: skip

PRIORS = [Fraction(k, 20) for k in range(1, 20)]
"""The prior slider's stops: 1/20 to 19/20 of the bags lie."""
BAITS = [
    Fraction(0),
    Fraction(1, 10),
    Fraction(1, 5),
    Fraction(1, 4),
    Fraction(1, 3),
    Fraction(2, 5),
    Fraction(1, 2),
    Fraction(3, 5),
    Fraction(2, 3),
    Fraction(3, 4),
    Fraction(4, 5),
    Fraction(9, 10),
]
"""The bait slider's stops: the share of honest merchants who offer anyway."""
BRIBES = list(range(1, 20))
STORY = {"prior": Fraction(3, 5), "bait": Fraction(1, 4), "bribe": 5}
"""The lesson's table: 3 bags in 5 lie, 1 honest merchant in 4 baits, the offer is 5 gold."""


def _bags_html(total: int, counts: dict[str, Fraction]) -> str:
    """``total`` bags as a table of counts (signal by truth) and as small labelled squares (L lies, H honest)."""

    def boxes(n, letter, colour):
        return "".join(
            f"<span style='display:inline-block;width:15px;height:15px;margin:1px;background:{colour};"
            f"color:white;font-size:10px;line-height:15px;text-align:center;border-radius:2px'>{letter}"
            "</span>"
            for _ in range(int(n))
        )

    rows = [
        (t("offer"), counts["liar_offers"], counts["bait"]),
        (t("silent"), counts["liar_silent"], counts["honest_silent"]),
    ]
    cell = "padding:2px 8px;border-bottom:1px solid #ddd;text-align:left"
    head = "".join(f"<th style='{cell}'>{esc(x)}</th>" for x in (t("{n} bags", n=total), t("lying"), t("honest")))
    body = "".join(
        f"<tr><th style='{cell}'>{esc(label)}</th><td style='{cell}'>{fraction(lies)}</td>"
        f"<td style='{cell}'>{fraction(honest)}</td><td style='{cell}'>{boxes(lies, 'L', LIE_C)}"
        f"{boxes(honest, 'H', HONEST_C)}</td></tr>"
        for label, lies, honest in rows
    )
    return scroll_box(
        f"<table style='border-collapse:collapse;font-size:13px;"
        f"margin:4px 0'><thead><tr>{head}<th></th></tr></thead><tbody>{body}</tbody></table>"
    ) + note(t("L = a lying bag, H = an honest bag (an honest bag that comes with an offer is bait)"), colour="#555")


def frequencies_html(g: OfferGame, rate) -> str:
    """The bags at liar offer rate ``rate`` as natural frequencies (empty when no small whole number fits)."""
    found = g.bag_counts(rate)
    return "" if found is None else _bags_html(*found)


def belief_line(signal: str, lies: Fraction, honest: Fraction, belief: Fraction | None) -> str:
    """Bayes' rule after ``signal`` (``"an offer"`` or ``"silence"``) with the counted bags."""
    if belief is None:
        return note(t("Nobody sends {signal}, so Sir Guy never sees it.", signal=t(signal)), colour="#333")
    return note(
        t(
            "After {signal}: P(lie) = {a} / ({a} + {b}) = {p}",
            signal=t(signal),
            a=fraction(lies),
            b=fraction(honest),
            p=chance(belief),
        ),
        colour=SHERIFF_INK,
    )


# ------------------------------------------------------------------ 1. Bayes' rule: every liar offers
class BayesExplorer(W.VBox):
    """Two sliders, the prior and the bait share; every liar offers (lesson 08's assumption).  The bags as natural
    frequencies, Bayes' rule after an offer and after silence, and the smallest bribe Sir Guy should take."""

    def __init__(self, prior=Fraction(3, 5), bait=Fraction(1, 4)):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.prior = choice_slider([(percent(p), p) for p in PRIORS], exact(prior), t("bags that lie (prior)"))
        self.bait = choice_slider([(percent(b), b) for b in BAITS], exact(bait), t("bait: honest who offer"))
        self.readout = html_widget()
        for slider in (self.prior, self.bait):
            slider.observe(self.update, names="value")
        self.children = [self.prior, self.bait, self.readout]
        self.update()

    @property
    def game(self) -> OfferGame:
        return offer_game(prior=self.prior.value, bait=self.bait.value, bribe=1)

    def update(self, _change=None) -> None:
        """Recount the bags and redo Bayes' rule."""
        g = self.game
        counts = g.bag_counts(1)[1]
        belief = g.beliefs(1)
        lines = [frequencies_html(g, 1)]
        lines.append(belief_line("an offer", counts["liar_offers"], counts["bait"], belief.offer))
        lines.append(
            note(
                t(
                    "After silence: P(lie) = 0 / (0 + {h}) = 0. Silence proves honesty.",
                    h=fraction(counts["honest_silent"]),
                ),
                colour=SHERIFF_INK,
            )
        )
        q = belief.offer
        low = g.sheriff_minimum(q)
        lines.append(
            note(
                t(
                    "Sir Guy's smallest bribe after an offer: max(0, {q} × {r} − {nq} × {k}) = <b>{low}</b> "
                    "gold (with no bait it is the whole fine, {r}).",
                    q=fraction(q),
                    r=fraction(g.fine),
                    nq=fraction(1 - q),
                    k=fraction(g.compensation),
                    low=money(low),
                ),
                colour=SHERIFF_INK,
                raw=True,
            )
        )
        self.readout.value = "".join(lines)


def bayes_explorer(prior=Fraction(3, 5), bait=Fraction(1, 4)) -> BayesExplorer:
    """``bayes_explorer()``: Bayes' rule with natural frequencies (see :class:`BayesExplorer`)."""
    return BayesExplorer(prior, bait)
