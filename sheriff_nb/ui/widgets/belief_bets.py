"""Lesson 12 on paper: the offer game as one table (:func:`offer_table`), the worked examples that answer the
bets (:func:`belief_worked`, by the bet's key) and the bets themselves, ``"12.*"`` in
:data:`sheriff_nb.ui.widgets.bets.BETS`, their answers computed from :mod:`sheriff_nb.theory.signals`.

>>> from sheriff_nb.ui.widgets import bet
>>> bet("12.posterior").answer, bet("12.equilibrium").answer, bet("12.small_bribe").answer
('6/7 (86%)', 'half', 'every bag is opened')
"""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as W

from ...theory.signals import OPENED, POOLING, OfferGame, offer_game
from ..i18n import t
from ..numbers import chance, fraction, money, percent
from ..palette import MERCHANT_INK, SHERIFF_INK
from .base import esc, html_widget, note, scroll_box
from .beliefs import STORY, frequencies_html
from .bets import register
from .signal_map import equilibrium_headline, offer_arithmetic, representative_profile

__all__ = ["offer_table", "belief_worked", "WORKED"]


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
            frequencies_html(g, 1),
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
    return note(equilibrium_headline(g, [e]), colour="#222") + offer_arithmetic(g, representative_profile(e))


def _worked_rare() -> str:
    g = offer_game(**{**STORY, "prior": Fraction(1, 3)})
    [e] = g.equilibria()
    return note(equilibrium_headline(g, [e]), colour="#222") + offer_arithmetic(g, e.profiles[0])


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
