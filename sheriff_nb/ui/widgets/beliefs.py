"""Lesson 12's widgets: Bayes' rule with natural frequencies, the offer game's equilibrium on two sliders (with its
map of equilibria and nashpy's cross-check), and the "place your bets" prompts, answers computed from
:mod:`sheriff_nb.theory.signals`.

The cast of the theory lessons: Much the Miller's Son carries lesson 08's bag (4 Apples declared, 2 of them
Pepper) and weighs honesty against the lie; Sir Guy of Gisborne is the sheriff who opens exactly as often as pays.

>>> bayes = bayes_explorer()
>>> "6 / (6 + 1) = 6/7 (86%)" in bayes.readout.value.replace("<b>", "").replace("</b>", "")
True
>>> explorer = signal_explorer()
>>> explorer.bribe.value = 3
>>> "opens every bag" in explorer.headline.value
True

Its bets are ``"12.*"`` in :data:`sheriff_nb.ui.widgets.bets.BETS`:

>>> from sheriff_nb.ui.widgets import bet
>>> bet("12.posterior").answer, bet("12.equilibrium").answer, bet("12.small_bribe").answer
('6/7 (86%)', 'half', 'every bag is opened')
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
from ..palette import HONEST_C, LIE_C, MERCHANT_INK, SHERIFF_INK
from .base import error_html, esc, html_widget, labelled, note, ok_html, scroll_box
from .bets import register
from .chart_slot import ChartSlot, drawn_by, live_chart, side_by_side

__all__ = [
    "BayesExplorer",
    "bayes_explorer",
    "SignalExplorer",
    "signal_explorer",
    "offer_arithmetic",
    "nashpy_check",
    "offer_table",
    "belief_worked",
    "offer_sandbox",
    "PRIORS",
    "BAITS",
]

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


def _slider(options, value, label: str, width: str = "360px") -> W.SelectionSlider:
    return labelled(
        W.SelectionSlider(
            options=options, value=value, continuous_update=False, layout=W.Layout(width=width, max_width="100%")
        ),
        label,
    )


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


def _frequencies(g: OfferGame, rate) -> str:
    """The bags at liar offer rate ``rate`` as natural frequencies (empty when no small whole number fits)."""
    found = g.bag_counts(rate)
    return "" if found is None else _bags_html(*found)


def _belief_line(signal: str, lies: Fraction, honest: Fraction, belief: Fraction | None) -> str:
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
        self.prior = _slider([(percent(p), p) for p in PRIORS], exact(prior), t("bags that lie (prior)"))
        self.bait = _slider([(percent(b), b) for b in BAITS], exact(bait), t("bait: honest who offer"))
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
        lines = [_frequencies(g, 1)]
        lines.append(_belief_line("an offer", counts["liar_offers"], counts["bait"], belief.offer))
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


# ------------------------------------------------------------------ 2. the equilibrium on two sliders
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
    lines = [_frequencies(g, s)]
    lines.append(_belief_line("an offer", share["liar_offers"], share["bait"], belief.offer))
    lines.append(_belief_line("silence", share["liar_silent"], share["honest_silent"], belief.silence))
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


def _headline(g: OfferGame, pieces) -> str:
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


def _representative(piece) -> Profile:
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
        self.prior = _slider([(percent(p), p) for p in PRIORS], exact(prior), t("bags that lie (prior)"))
        self.bribe = _slider([(str(b), b) for b in BRIBES], int(bribe), t("bribe offered (gold)"))
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
        self.headline.value = note(f"<b>{esc(_headline(g, pieces))}</b>", colour="#222", raw=True)
        parts = [offer_arithmetic(g, _representative(pieces[0]))]
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


# ------------------------------------------------------------------ 3. the game on one screen, and worked examples
def offer_table(g: OfferGame | None = None) -> W.HTML:
    """The offer game as a table: who is at the gate, what he does, what Sir Guy sees, and both payoffs when the bag
    passes and when it is opened (each cell: Much's value, Sir Guy's gold)."""
    g = g or offer_game(**STORY)
    b = g.bribe
    rows = [
        (
            t("a liar (chance {p})", p=fraction(g.prior)),
            t("offers {b} gold", b=fraction(b)),
            t("an offer"),
            (g.lie_passed - b, b),
            (g.lie_opened, g.fine),
        ),
        (t("a liar"), t("stays silent"), t("silence"), (g.lie_passed, 0), (g.lie_opened, g.fine)),
        (
            t("an honest merchant who baits (chance {p})", p=fraction(g.shares(0)["bait"])),
            t("offers {b} gold", b=fraction(b)),
            t("an offer"),
            (g.honest_passed - b, b),
            (g.honest_opened, -g.compensation),
        ),
        (
            t("an honest merchant (chance {p})", p=fraction(g.shares(0)["honest_silent"])),
            t("stays silent"),
            t("silence"),
            (g.honest_passed, 0),
            (g.honest_opened, -g.compensation),
        ),
    ]
    cell = "padding:4px 7px;border:1px solid #ccc;text-align:left;vertical-align:top"
    head = "".join(
        f"<th style='{cell};background:#f3f3f3'>{esc(x)}</th>"
        for x in (t("at the gate"), t("does"), t("Sir Guy sees"), t("passed"), t("opened"))
    )

    def pay(m, s):
        return f"<b style='color:{MERCHANT_INK}'>{fraction(m)}</b>, <b style='color:{SHERIFF_INK}'>{fraction(s)}</b>"

    body = "".join(
        f"<tr><td style='{cell}'>{esc(who)}</td><td style='{cell}'>{esc(does)}</td><td style='{cell}'>"
        f"{esc(sees)}</td><td style='{cell}'>{pay(*passed)}</td><td style='{cell}'>{pay(*opened)}</td></tr>"
        for who, does, sees, passed, opened in rows
    )
    key = t("each payoff: (Much's value, Sir Guy's gold); passing a bag that came with an offer takes the bribe")
    return html_widget(
        scroll_box(
            f"<table style='border-collapse:collapse;font-size:13px'><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>"
        )
        + note(key, colour="#444")
    )


def _worked_posterior() -> str:
    g = offer_game(**STORY)
    total, c = g.bag_counts(1)
    q = g.beliefs(1).offer
    low = g.sheriff_minimum(q)
    return "".join(
        [
            note(
                t(
                    "Count {n} bags instead of juggling probabilities: {l} lie and {h} are honest. Every liar offers: "
                    "{l} offers. One honest merchant in {k} baits: {b} more.",
                    n=total,
                    l=fraction(c["liar_offers"]),
                    h=fraction(c["bait"] + c["honest_silent"]),
                    k=int(1 / g.bait),
                    b=fraction(c["bait"]),
                ),
                colour="#222",
            ),
            _frequencies(g, 1),
            note(
                t(
                    "Of the {o} offers, {l} come from liars: P(lie | offer) = {l} / ({l} + {b}) = {q}. In symbols, "
                    "πσ / (πσ + (1 − π)β) = {pi} × 1 / ({pi} × 1 + {npi} × {beta}) = {qf}.",
                    o=fraction(c["liar_offers"] + c["bait"]),
                    l=fraction(c["liar_offers"]),
                    b=fraction(c["bait"]),
                    q=chance(q),
                    pi=fraction(g.prior),
                    npi=fraction(1 - g.prior),
                    beta=fraction(g.bait),
                    qf=fraction(q),
                ),
                colour=SHERIFF_INK,
            ),
            note(
                t(
                    "With no bait it would be {l} / {l} = 1: lesson 08's “an offer gives the lie away”. Bait makes Sir "
                    "Guy less sure, so a smaller bribe can satisfy him: max(0, {qf} × {r} − {nq} × {k}) = {low} gold "
                    "instead of the whole fine, {r}.",
                    l=fraction(c["liar_offers"]),
                    qf=fraction(q),
                    r=fraction(g.fine),
                    nq=fraction(1 - q),
                    k=fraction(g.compensation),
                    low=money(low),
                ),
                colour=SHERIFF_INK,
            ),
        ]
    )


def _worked_separating() -> str:
    g = offer_game(prior=STORY["prior"], bait=0, bribe=STORY["bribe"])
    test = g.separating_test()
    return "".join(
        [
            note(
                t(
                    "If every liar offers and no honest merchant does, an offer proves the lie: opening it earns Sir Guy "
                    "the fine, {r}, more than the {b} gold offered, so he opens: the liar ends with {o}.",
                    r=fraction(g.fine),
                    b=fraction(g.bribe),
                    o=money(test["offer_value"]),
                ),
                colour=SHERIFF_INK,
            ),
            note(
                t(
                    "Silence proves honesty: opening a silent bag would cost Sir Guy {k}, so he passes it, and a liar who "
                    "keeps quiet gets {s}.",
                    k=fraction(g.compensation),
                    s=money(test["silent_value"]),
                ),
                colour=SHERIFF_INK,
            ),
            note(
                t(
                    "So a liar does better keeping quiet: every liar offering is no equilibrium. The same holds for any "
                    "signal only liars send: the sheriff reads it, and the liar switches to the signal the honest send. "
                    "Offers can never sort liars from honest merchants completely: there is no separating equilibrium. "
                    "(At this table, with no bait, the equilibria open every bag, offering or silent, and liars may "
                    "offer at any rate from {low} to {high}.)",
                    low=fraction(min(p.offer_rate for e in g.equilibria() for p in e.profiles)),
                    high=fraction(max(p.offer_rate for e in g.equilibria() for p in e.profiles)),
                ),
                colour="#222",
            ),
        ]
    )


def _worked_equilibrium() -> str:
    g = offer_game(**STORY)
    [e] = g.equilibria()
    r, d, b = e.open_silent, g.at_stake, g.bribe
    q = g.silence_threshold
    belief = g.beliefs(e.offer_rate)
    return "".join(
        [
            note(
                t(
                    "Some liars offer and some stay silent, so offering and silence must be worth the same to a liar. "
                    "The bribe is taken, so offering is worth {p} − {b} = {v}. A silent bag is opened with some "
                    "probability r: (1 − r) × {p} + r × ({o}) = {v} gives r = {b} / {d} = {rf}.",
                    p=fraction(g.lie_passed),
                    b=fraction(b),
                    v=fraction(g.lie_passed - b),
                    o=fraction(g.lie_opened),
                    d=fraction(d),
                    rf=chance(r),
                ),
                colour=MERCHANT_INK,
            ),
            note(
                t(
                    "Sir Guy mixes on silent bags only if opening one is worth exactly 0 to him: a silent bag must be a lie "
                    "{q} of the time (lesson 08's q*). Liars stay silent just often enough for that: σ = {s}.",
                    q=chance(q),
                    s=chance(e.offer_rate),
                ),
                colour=SHERIFF_INK,
            ),
            note(
                t(
                    "Then an offer is a lie {m} of the time: opening it is worth {m2} × {f} − {nm} × {k} = {x}, less than "
                    "the {b} gold, so he takes it.",
                    m=chance(belief.offer),
                    m2=fraction(belief.offer),
                    f=fraction(g.fine),
                    nm=fraction(1 - belief.offer),
                    k=fraction(g.compensation),
                    x=fraction(g.sheriff_minimum(belief.offer)),
                    b=fraction(b),
                ),
                colour=SHERIFF_INK,
            ),
            offer_arithmetic(g, e.profiles[0]),
        ]
    )


def _worked_small_bribe() -> str:
    g = offer_game(**{**STORY, "bribe": 3})
    [e] = g.equilibria()
    return note(_headline(g, [e]), colour="#222") + offer_arithmetic(g, _representative(e))


def _worked_rare() -> str:
    g = offer_game(**{**STORY, "prior": Fraction(1, 3)})
    [e] = g.equilibria()
    return note(_headline(g, [e]), colour="#222") + offer_arithmetic(g, e.profiles[0])


WORKED = {
    "posterior": _worked_posterior,
    "separating": _worked_separating,
    "equilibrium": _worked_equilibrium,
    "small_bribe": _worked_small_bribe,
    "rare": _worked_rare,
}
"""Lesson 12's worked examples, by the key of the bet they answer."""


def belief_worked(key: str) -> W.HTML:
    """The worked example that answers the bet ``key`` (put it in the bet's ``reveals``)."""
    return html_widget(WORKED[key]())


# ------------------------------------------------------------------ 4. place your bets
STORY = {"prior": Fraction(3, 5), "bait": Fraction(1, 4), "bribe": 5}
"""The lesson's table: 3 bags in 5 lie, 1 honest merchant in 4 baits, the offer is 5 gold."""


def _table(g: OfferGame) -> dict:
    """The numbers of a table for a question: prior a in b, bait c in d, bribe e."""
    return {
        "a": g.prior.numerator,
        "b": g.prior.denominator,
        "c": g.bait.numerator,
        "d": g.bait.denominator,
        "e": fraction(g.bribe),
    }


@register("12.posterior")
def _bet_posterior():
    g = offer_game(**STORY)
    posterior = g.beliefs(1).offer
    values = [Fraction(1), posterior, g.prior, Fraction(1, 2)]
    options = [
        t("certain: {p}", p=percent(1)),
        t("{p}", p=chance(posterior)),
        t("{p}, as before the offer", p=chance(g.prior)),
        t("{p}", p=chance(Fraction(1, 2))),
    ]
    total, counts = g.bag_counts(1)
    return (
        t(
            "{a} bags in {b} hide contraband and every liar offers a bribe; {c} honest merchant in {d} offers too. "
            "Much offers. How likely is it that his bag lies?",
            **_table(g),
        ),
        options,
        options[values.index(posterior)],
        t(
            "Of {n} bags, the offers: {l} from liars, {b} from honest merchants (bait); {l} / ({l} + {b}) = {p}.",
            n=total,
            l=fraction(counts["liar_offers"]),
            b=fraction(counts["bait"]),
            p=fraction(posterior),
        ),
    )


@register("12.separating")
def _bet_separating():
    g = offer_game(prior=STORY["prior"], bait=0, bribe=STORY["bribe"])
    test = g.separating_test()
    options = [t("keep offering"), t("say nothing"), t("offer more gold")]
    answer = options[1] if test["silent_value"] > test["offer_value"] else options[0]
    return (
        t("No honest merchant baits, and every liar offers. Sir Guy knows it. What should a liar do instead?"),
        options,
        answer,
        t(
            "An offer now proves the lie, so Sir Guy opens it ({o}); silence proves honesty, so he passes it: the "
            "liar keeps {s} by saying nothing.",
            o=money(test["offer_value"]),
            s=money(test["silent_value"]),
        ),
    )


def _share_option(rate: Fraction, options: dict[str, Fraction]) -> str:
    return min(options, key=lambda k: abs(options[k] - rate))


@register("12.equilibrium")
def _bet_equilibrium():
    [e] = offer_game(**STORY).equilibria()
    options = {
        t("none"): Fraction(0),
        t("about a quarter"): Fraction(1, 4),
        t("half"): Fraction(1, 2),
        t("all of them"): Fraction(1),
    }
    return (
        t(
            "{a} bags in {b} lie, {c} honest merchant in {d} baits, and the offer is {e} gold. In equilibrium, how "
            "many liars offer?",
            **_table(offer_game(**STORY)),
        ),
        list(options),
        _share_option(e.offer_rate, options),
        t(
            "{s} of liars offer; Sir Guy takes their bribes and opens {r} of silent bags.",
            s=chance(e.offer_rate),
            r=chance(e.open_silent),
        ),
    )


@register("12.small_bribe")
def _bet_small_bribe():
    small = offer_game(**{**STORY, "bribe": 3})
    pieces = small.equilibria()
    options = [t("liars still split"), t("every bag is opened"), t("every bag passes")]
    kind = pieces[0].kind
    answer = options[1] if kind == OPENED else options[2] if kind == POOLING else options[0]
    return (
        t("Same table, but Much offers only {e} gold. What happens?", **_table(small)),
        options,
        answer,
        t(
            "Opening an offering bag is worth more to Sir Guy than 3 gold, so he refuses every offer; then silence "
            "is as suspicious, and he opens every bag."
        ),
    )


@register("12.rare")
def _bet_rare():
    [e] = offer_game(**{**STORY, "prior": Fraction(1, 3)}).equilibria()
    options = {
        t("none"): Fraction(0),
        t("about a quarter"): Fraction(1, 4),
        t("half"): Fraction(1, 2),
        t("all of them"): Fraction(1),
    }
    belief = offer_game(**{**STORY, "prior": Fraction(1, 3)}).beliefs(0).silence
    return (
        t(
            "Now only {a} bag in {b} lies ({c} honest merchant in {d} still baits, {e} gold). How many liars offer?",
            **_table(offer_game(**{**STORY, "prior": Fraction(1, 3)})),
        ),
        list(options),
        _share_option(e.offer_rate, options),
        t(
            "None: a silent bag is a lie only {p} of the time, below the {q} that makes opening pay, so silent bags "
            "pass and no liar needs to pay.",
            p=chance(belief),
            q=chance(offer_game(**STORY).silence_threshold),
        ),
    )
