"""Lesson 12's offer game on two sliders: the equilibrium as the prior and the bribe move, every step of its
arithmetic (the bags counted, Bayes' rule, Sir Guy's best replies, Much's comparison), the map of which kind of
equilibrium holds where, and nashpy's cross-check (:func:`signal_explorer`, :func:`offer_sandbox`).

>>> explorer = signal_explorer()
>>> explorer.bribe.value = 3
>>> "opens every bag" in explorer.headline.value
True
"""

from __future__ import annotations

import importlib
import warnings
from fractions import Fraction
from functools import cached_property

import ipywidgets as W

from ...theory.analysis import exact
from ...theory.signals import OPENED, POOLING, SEMI, OfferGame, Profile, offer_game, region_data
from .. import display
from ..charts.base import WIDTH
from ..charts.course import kind_name, signal_map_parts
from ..i18n import t
from ..numbers import chance, fraction, money, number, percent
from ..palette import MERCHANT_INK, SHERIFF_INK
from .base import choice_slider, error_html, esc, html_widget, note, ok_html
from .beliefs import BRIBES, PRIORS, belief_line, frequencies_html
from .chart_slot import ChartSlot, drawn_by, live_chart, side_by_side

__all__ = [
    "SignalExplorer", "signal_explorer", "offer_sandbox", "offer_arithmetic", "nashpy_check", "equilibrium_headline",
    "representative_profile",
]  # fmt: skip


def _opens(gain: Fraction, pays: str) -> str:
    return (
        t("so he opens it")
        if gain > 0
        else t("so he {pays}", pays=pays)
        if gain < 0
        else t("so he is exactly indifferent and may mix")
    )


def offer_arithmetic(g: OfferGame, profile: Profile) -> str:
    """The equilibrium ``profile`` of ``g`` with every step: the bags counted, the beliefs by Bayes' rule, Sir Guy's
    best replies and Much's comparison (HTML)."""
    s, r_o, r_n = profile
    found = g.bag_counts(s)
    belief = g.beliefs(s)
    share = found[1] if found else g.shares(s)
    lines = [frequencies_html(g, s)]
    lines.append(belief_line("an offer", share["liar_offers"], share["bait"], belief.offer))
    lines.append(belief_line("silence", share["liar_silent"], share["honest_silent"], belief.silence))
    r, k, b = g.fine, g.compensation, g.bribe
    for offered, signal, q, pays in (
        (True, t("an offer"), belief.offer, t("takes the bribe and passes")),
        (False, t("silence"), belief.silence, t("passes")),
    ):
        if q is None:
            continue
        gain = g.open_gain(q, offered)
        against = t("the {b} gold bribe", b=fraction(b)) if offered else t("0 for passing")
        lines.append(
            note(
                t(
                    "Opening after {signal} earns {q} × {r} − {nq} × {k} = {v}, against {against}: {so}.",
                    signal=signal,
                    q=fraction(q),
                    r=fraction(r),
                    nq=fraction(1 - q),
                    k=fraction(k),
                    v=fraction(q * r - (1 - q) * k),
                    against=against,
                    so=_opens(gain, pays),
                ),
                colour=SHERIFF_INK,
            )
        )
    offer_v = (1 - r_o) * (g.lie_passed - b) + r_o * g.lie_opened
    silent_v = (1 - r_n) * g.lie_passed + r_n * g.lie_opened
    lines.append(
        note(
            t(
                "Much with the lie: offering is worth {a} × ({p} − {b}) + {o} × ({x}) = {v1}; silence "
                "{c} × {p} + {n} × ({x}) = {v2}.",
                a=fraction(1 - r_o),
                p=fraction(g.lie_passed),
                b=fraction(b),
                o=fraction(r_o),
                x=fraction(g.lie_opened),
                v1=money(offer_v),
                c=fraction(1 - r_n),
                n=fraction(r_n),
                v2=money(silent_v),
            ),
            colour=MERCHANT_INK,
        )
    )
    v = g.values(profile)
    lines.append(
        note(
            t(
                "Per bag: a liar expects {l}, an honest merchant who keeps quiet {h}, one who baits {bt}; "
                "Sir Guy {s} gold.",
                l=money(v["liar"]),
                h=money(v["honest"]),
                bt=money(v["bait"]),
                s=money(v["sheriff"]),
            ),
            colour="#222",
        )
    )
    return "".join(lines)


def equilibrium_headline(g: OfferGame, pieces) -> str:
    """What the equilibria ``pieces`` of ``g`` say, in words: which kind holds, or that several do."""
    kinds = {e.kind for e in pieces}
    if len(pieces) > 1 or len(pieces[0].profiles) > 1 and pieces[0].kind != OPENED:
        return t("Exactly on a boundary: Sir Guy is indifferent, and several equilibria exist.")
    e = pieces[0]
    if OPENED in kinds:
        low, high = e.span("offer_rate")
        return t(
            "Sir Guy opens every bag: {b} gold is less than opening an offering bag is worth to him. Liars may "
            "offer or not (any share from {lo} to {hi}): they lose the same.",
            b=fraction(g.bribe),
            lo=percent(low),
            hi=percent(high),
        )
    if e.kind == POOLING:
        return t(
            "Pooling: no liar offers. The offers Sir Guy sees come only from honest bait, so he takes them; "
            "silent bags are too rarely lies to open. Every bag passes."
        )
    if e.kind == SEMI:
        return t(
            "Semi-separating: {s} of liars offer {b} gold and are let through; the rest stay silent, and Sir Guy "
            "opens {r} of silent bags.",
            s=chance(e.offer_rate),
            b=fraction(g.bribe),
            r=chance(e.open_silent),
        )
    return t("Separating: every liar offers.")


def representative_profile(piece) -> Profile:
    """The profile whose arithmetic is shown: the middle of a range of offer rates where every bag is opened (there
    Sir Guy strictly prefers opening), else the first."""
    if piece.kind == OPENED:
        low, high = piece.span("offer_rate")
        return Profile((low + high) / 2, Fraction(1), Fraction(1))
    return piece.profiles[0]


def nashpy_check(g: OfferGame) -> str:
    """nashpy's vertex enumeration on the 2 x 4 strategic form, compared with our equilibria (HTML)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # degenerate games at the boundaries
        found = [(rows[0], cols[2] + cols[3], cols[1] + cols[3]) for rows, cols in g.to_nashpy().vertex_enumeration()]
    ok = all(
        g.is_equilibrium(Profile(*(Fraction(float(x)).limit_denominator(10_000) for x in point))) for point in found
    )
    listed = "; ".join(
        t("offer {s}, open offers {o}, open silence {n}", s=number(s, 3), o=number(o, 3), n=number(n, 3))
        for s, o, n in found
    )
    if found and ok:
        return ok_html(t("nashpy agrees: vertex enumeration of the strategic form finds {found}", found=listed))
    return error_html(t("nashpy finds {found}, which is not among our equilibria", found=listed or t("none")))


class SignalExplorer(W.VBox):
    """Two sliders, the share of lying bags and the bribe; the bait share is fixed.  The map of equilibria (the
    diamond is you), the equilibrium in words, every step of its arithmetic, and nashpy's cross-check."""

    def __init__(self, prior=Fraction(3, 5), bribe=5, bait=Fraction(1, 4)):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.bait_share = exact(bait)
        self.prior = choice_slider([(percent(p), p) for p in PRIORS], exact(prior), t("bags that lie (prior)"))
        self.bribe = choice_slider([(str(b), b) for b in BRIBES], int(bribe), t("bribe offered (gold)"))
        self.headline, self.readout, self.check = html_widget(), html_widget(), html_widget()
        self.chart = ChartSlot(self._draw)
        for slider in (self.prior, self.bribe):
            slider.observe(self.update, names="value")
        self.children = [self.prior, self.bribe, self.headline, side_by_side(self.chart.out, self.readout), self.check]
        self.update()
        display.warm_up(lambda: importlib.import_module("nashpy"), self._compile)

    @cached_property
    def data(self):
        """The map's cells (computed once, when first needed)."""
        return region_data(self.bait_share, priors=PRIORS, bribes=BRIBES)

    def _parts(self, prior, bribe):
        return signal_map_parts(self.data, prior, bribe, self.bait_share)

    def _compile(self) -> None:
        for width in self.chart.widths():  # the sizes the reader's screen needs
            live_chart("signal_map", self._parts(self.prior.value, self.bribe.value), width)

    def _draw(self, prior, bribe, width: int = WIDTH):
        key = ["signal_map", self.bait_share, prior, bribe, width]
        return drawn_by(key, "signal_map", lambda: self._parts(prior, bribe), width)

    @property
    def game(self) -> OfferGame:
        return offer_game(prior=self.prior.value, bait=self.bait_share, bribe=self.bribe.value)

    def update(self, _change=None) -> None:
        """The new equilibrium, its arithmetic, the map's diamond and nashpy's check."""
        g = self.game
        pieces = g.equilibria()
        self.headline.value = note(f"<b>{esc(equilibrium_headline(g, pieces))}</b>", colour="#222", raw=True)
        parts = [offer_arithmetic(g, representative_profile(pieces[0]))]
        test = g.separating_test()
        parts.append(
            note(
                t(
                    "Why not every liar offers: then {o} of offers would lie (Sir Guy {does} them) and "
                    "silence would prove honesty (he passes it), so a liar keeps {sv} by staying silent "
                    "instead of {ov}.",
                    o=chance(test["offer"]),
                    does=t("opens") if test["open_offer"] else t("takes"),
                    sv=money(test["silent_value"]),
                    ov=money(test["offer_value"]),
                ),
                colour="#444",
            )
        )
        self.readout.value = "".join(parts)
        self.chart.show(self.prior.value, self.bribe.value)
        self.check.value = display.html(["offer_game_nashpy", g.prior, g.bait, g.bribe], lambda: nashpy_check(g))


def signal_explorer(prior=Fraction(3, 5), bribe=5, bait=Fraction(1, 4)) -> SignalExplorer:
    """``signal_explorer()``: the offer game's equilibrium as the prior and the bribe move (see
    :class:`SignalExplorer`)."""
    return SignalExplorer(prior, bribe, bait)


def offer_sandbox(prior=Fraction(3, 5), bribe=5, bait=Fraction(1, 4)) -> W.VBox:
    """The lesson's sandbox: what to try, then :func:`signal_explorer`."""
    tips = [
        t(
            "Try it: move the share of lying bags and the bribe. The map shows which kind of equilibrium holds "
            "everywhere (1 honest merchant in {k} baits); the diamond is where you are.",
            k=int(1 / exact(bait)),
        ),
        t("Walk the diamond right at 5 gold: where does pooling end, and where does Sir Guy start opening everything?"),
        t(
            "Raise the bribe in the region marked “{kind}”: the liars' share does not move, but Sir Guy opens more "
            "silent bags. Why?",
            kind=kind_name("semi-separating"),  # by its legend: the map has two orange hues
        ),
    ]
    return W.VBox(
        [html_widget("".join(note(x, colour="#222") for x in tips)), signal_explorer(prior, bribe, bait)],
        layout=W.Layout(max_width="100%"),
    )
