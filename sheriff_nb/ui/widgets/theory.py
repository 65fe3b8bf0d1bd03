"""One slider per idea (in the spirit of *The Evolution of Trust*), and the "place your bets" prompts that go before
every chart, with answers computed from :mod:`sheriff_nb.theory.analysis`.

Every explorer starts from the bag of Much the Miller's Son, the merchant of the theory lessons (4 Apples declared,
2 of them Pepper: n = 4, c = 2, a = 2, v = 6, f = 4), with Sir Guy of Gisborne as the sheriff, and moves ONE number:
the contraband's value (only p* moves), the number of contraband cards, the fine (both move), the sheriff's rivalry
weight w (only q* moves), the rivalry weight of whoever scores relatively (:func:`rivalry_explorer`), the
sheriff's belief (the bribe zone), the probability a sheriff announces (leadership).

>>> fine = fine_explorer()
>>> fine.slider.value = Fraction(8)
>>> "<b>2/9 (22%)</b>" in fine.readout.value and "<b>1/3 (33%)</b>" in fine.readout.value
True

The bets of lessons 07 and 08 (``"07.*"``, ``"08.*"`` in :data:`sheriff_nb.ui.widgets.bets.BETS`) are here:

>>> from sheriff_nb.ui.widgets import bet
>>> bet("08.weight").answer, bet("08.type").answer
('the same', 'only Sir Guy (he inspects more or less)')
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import ipywidgets as W

from ...engine.cards import CONTRABAND_GOODS, GOODS
from ...theory import analysis as an
from ...theory.analysis import exact, model_game
from ..charts import (
    SCENARIO,
    sweep_data,
    sweep_parts,
)
from ..charts.base import WIDTH
from ..display import Drawn
from ..i18n import N_, card_name, t
from ..numbers import chance, fraction, money, percent, quote
from ..palette import INK_TEXT, MERCHANT_INK, SHERIFF_INK
from .base import choice_slider, esc, html_widget, labelled, note
from .bets import register
from .chart_slot import ChartSlot, drawn, side_by_side
from .explorers import MUCH_BAG

__all__ = [
    "closed_form", "formula_html", "SweepExplorer", "value_explorer", "count_explorer", "fine_explorer",
    "weight_explorer", "RivalryExplorer", "rivalry_explorer",
]  # fmt: skip


# ------------------------------------------------------------------ the closed form, by hand
def closed_form(n=4, c=2, a=2, v=6, f=4, w=0, merchant_w=0) -> tuple[Fraction, Fraction]:
    """Lessons 08 and 13 (mixed case): p* = c(v-a) / (c(v + f(1+m)) + 2n(1+m)) with m = merchant_w,
    q* = 2n(1+w) / (2n(1+w) + c(f(1+w) + w v)).

    The tests check it against the solver of :func:`sheriff_nb.theory.analysis.model_game` at every slider position.

    >>> closed_form(), closed_form(w=1), closed_form(w=1, merchant_w=1)
    ((Fraction(2, 7), Fraction(1, 2)), (Fraction(2, 7), Fraction(4, 11)), (Fraction(2, 11), Fraction(4, 11)))
    """
    n, c, a, v, f, w, m = (exact(x) for x in (n, c, a, v, f, w, merchant_w))
    k = 2 * n * (1 + w)
    return c * (v - a) / (c * (v + f * (1 + m)) + 2 * n * (1 + m)), k / (k + c * (f * (1 + w) + w * v))


def formula_html(n=4, c=2, a=2, v=6, f=4, w=0, merchant_w=0, lead: str = "") -> str:
    """p* and q* in words and with every number substituted, or the solver's words when the equilibrium is not
    mixed; ``lead`` starts the first line (e.g. ``"v = 9 (Crossbow):"``)."""
    n, c, a, v, f, w, m = (exact(x) for x in (n, c, a, v, f, w, merchant_w))
    e = model_game(n, c, a, v, f, w, m).equilibrium()
    lead = f"<b>{esc(lead)}</b> " if lead else ""
    if not e.kind.startswith("mixed"):
        return note(lead + esc(t(e.explanation)), colour="#222", raw=True)
    p, q = closed_form(n, c, a, v, f, w, m)
    if m == 0:
        p_line = (
            f"p* = c(v − a) / (c(v + f) + 2n) = {fraction(c)}×({fraction(v)} − {fraction(a)}) / ({fraction(c)}×({fraction(v)} + "
            f"{fraction(f)}) + 2×{fraction(n)}) = <b>{chance(p)}</b>"
        )
    else:
        p_line = (
            f"p* = c(v − a) / (c(v + f(1+m)) + 2n(1+m)) = {fraction(c)}×({fraction(v)} − {fraction(a)}) / ({fraction(c)}×("
            f"{fraction(v)} + {fraction(f)}×{fraction(1 + m)}) + 2×{fraction(n)}×{fraction(1 + m)}) = <b>{chance(p)}</b>"
        )
    if w == 0:
        q_line = f"q* = 2n / (2n + c·f) = 2×{fraction(n)} / (2×{fraction(n)} + {fraction(c)}×{fraction(f)}) = <b>{chance(q)}</b>"
    else:
        k = 2 * n * (1 + w)
        q_line = (
            f"q* = 2n(1+w) / (2n(1+w) + c(f(1+w) + w·v)) = {fraction(k)} / ({fraction(k)} + {fraction(c)}×({fraction(f)}×"
            f"{fraction(1 + w)} + {fraction(w)}×{fraction(v)})) = <b>{chance(q)}</b>"
        )
    words = t("Sir Guy should open {p} of the bags and Much should lie {q} of the time.", p=percent(p), q=percent(q))
    return (
        note(lead + esc(words), colour="#222", raw=True)
        + note(p_line, colour=SHERIFF_INK, raw=True)
        + note(q_line, colour=MERCHANT_INK, raw=True)
    )


# ------------------------------------------------------------------ one slider per idea
class SweepExplorer(W.VBox):
    """One slider moves one number of Much's bag; the chart of p* and q* against it (precomputed once, only the
    marker moves) and the formulas with the numbers substituted.  ``values``: the slider's stops; ``names``: what
    some of them mean (``{6: "Pepper"}``), said in the readout; ``marks``: labelled ticks on the chart."""

    def __init__(
        self,
        param: str,
        values,
        value,
        line_values,
        label: str,
        story: str = "",
        marks: Mapping | None = None,
        names: Mapping | None = None,
        scenario: Mapping | None = None,
    ):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.param, self.scenario = param, {**SCENARIO, **(scenario or {})}
        self.line_values, self.marks = list(line_values), marks
        self.data = sweep_data(param, self.line_values, **self.scenario)
        self.names = {exact(k): v for k, v in (names or {}).items()}
        self.slider = choice_slider([(fraction(x), exact(x)) for x in values], exact(value), label, width="380px")
        self.readout = html_widget()
        self.chart = ChartSlot(self._draw)
        self.slider.observe(self.update, names="value")
        self.children = ([html_widget(note(story, colour="#333"))] if story else []) + [
            self.slider,
            side_by_side(self.chart.out, self.readout),
        ]
        self.update()

    def _draw(self, param: str, x, width: int = WIDTH) -> Drawn:
        return drawn("sweep", sweep_parts(self.data, param, current=float(x), marks=self.marks), width, param=param)

    @property
    def numbers(self) -> dict:
        """The scenario with the slider's value (``rivalry`` sets both weights)."""
        x = self.slider.value
        return {**self.scenario, **({"w": x, "merchant_w": x} if self.param == "rivalry" else {self.param: x})}

    def lead(self) -> str:
        """The readout's first words: the slider's number and what it means."""
        x = self.slider.value
        return f"{self.param} = {fraction(x)}" + (f" ({self.names[x]})" if x in self.names else "") + ":"

    def update(self, _change=None) -> None:
        """Redraw the marker and the formulas."""
        self.readout.value = formula_html(**self.numbers, lead=self.lead())
        self.chart.show(self.param, self.slider.value)


def steps(low, high, step) -> list[Fraction]:
    """The exact stops of a slider from ``low`` to ``high``.

    >>> steps(0, 1, Fraction(1, 4))
    [Fraction(0, 1), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1, 1)]
    """
    low, high, step = exact(low), exact(high), exact(step)
    return [low + i * step for i in range(int((high - low) / step) + 1)]


def value_explorer(value=6) -> SweepExplorer:
    """The contraband's value v (3 to 15; the real goods marked): only the sheriff's p* moves (Tsebelis)."""
    names = {GOODS[g].value: card_name(g) for g in CONTRABAND_GOODS}
    return SweepExplorer(
        "v",
        range(3, 16),
        value,
        steps(3, 15, Fraction(1, 4)),
        t("contraband value v"),
        t("Much's 2 smuggled cards are worth v each (fine 4 each); he declares 4 Apples (value 2)."),
        marks=names,
        names=names,
    )


def count_explorer(value=2) -> SweepExplorer:
    """How many of Much's 4 cards are contraband (Pepper), c = 1 to 4: both p* and q* move."""
    return SweepExplorer(
        "c",
        range(1, 5),
        value,
        range(1, 5),
        t("contraband cards c"),
        t("Much declares 4 Apples; c of the 4 cards are really Pepper (value 6, fine 4)."),
    )


def fine_explorer(value=4) -> SweepExplorer:
    """A house rule for the fine per contraband card, f = 1 to 12 (the rulebook's 4 marked): both go down."""
    return SweepExplorer(
        "f",
        range(1, 13),
        value,
        steps(1, 12, Fraction(1, 4)),
        t("fine per card f"),
        t("What if the fine for each contraband card were f gold instead of the rulebook's 4?"),
        marks={4: t("rulebook")},
        names={4: t("the rulebook's fine")},
    )


WEIGHTS = {Fraction(1, 4): N_("5 players"), Fraction(1, 3): N_("4 players"), Fraction(1, 2): N_("3 players")}
"""Rivalry weights w = 1/(N-1) ("me minus the others' average" with N players), marked on the charts."""
WEIGHT_NAMES = {
    Fraction(0): N_("only his own gold counts"),
    Fraction(1, 4): N_("5 players: me minus the others' average"),
    Fraction(1, 3): N_("4 players: me minus the others' average"),
    Fraction(1, 2): N_("3 players: me minus the others' average"),
    Fraction(1): N_("each of Much's points counts as one lost to Sir Guy"),
}


def _weights() -> list[Fraction]:
    return sorted(set(steps(0, 1, Fraction(1, 20))) | set(WEIGHTS))


def weight_explorer(value=0) -> SweepExplorer:
    """The sheriff's rivalry weight w alone (0: counts only his gold; 1/(N-1): "me minus the others' mean"), the
    merchant counting only his own gain: the game is not zero-sum, even at w = 1, and only the merchant's q* moves."""
    values = _weights()
    return SweepExplorer(
        "w",
        values,
        value,
        values,
        t("rivalry weight w"),
        t(
            "Sir Guy's score counts his gold minus w × what Much gains. Much still counts only his own "
            "gain (he ignores Sir Guy's score), so even at w = 1 this is not a zero-sum duel."
        ),
        marks={float(w): t(label) for w, label in WEIGHTS.items()},
        names={w: t(label) for w, label in WEIGHT_NAMES.items()},
    )


RIVALS = {"w": N_("Sir Guy only"), "merchant_w": N_("Much only"), "rivalry": N_("both")}
"""Who scores relatively in :func:`rivalry_explorer`: the weight each choice moves."""


class RivalryExplorer(SweepExplorer):
    """Relative scoring done right (lesson 13): choose who scores relatively (the sheriff, the merchant or both)
    and one weight; p* and q* with every number substituted, and whether the game is zero-sum."""

    def __init__(self, who: str = "rivalry", value=0):
        values = _weights()
        super().__init__(
            who,
            values,
            value,
            values,
            t("rivalry weight"),
            t(
                "A player who scores relatively counts his own points minus the weight × his rival's. "
                "Sir Guy's weight w moves Much's q*; Much's weight moves Sir Guy's p*."
            ),
            marks={float(w): t(label) for w, label in WEIGHTS.items()},
        )
        self.who = labelled(
            W.ToggleButtons(
                options=[(t(label), key) for key, label in RIVALS.items()], value=who, style={"button_width": "auto"}
            ),
            t("scores relatively"),
        )
        self.who.observe(self._switch, names="value")
        self.children = (self.who, *self.children)

    def _switch(self, _change=None) -> None:
        self.param = self.who.value
        self.data = sweep_data(self.param, self.line_values, **self.scenario)
        self.update()

    def lead(self) -> str:
        x = fraction(self.slider.value)
        return {
            "w": f"w = {x}, merchant_w = 0:",
            "merchant_w": f"w = 0, merchant_w = {x}:",
            "rivalry": f"w = merchant_w = {x}:",
        }[self.param]

    def update(self, _change=None) -> None:
        super().update()
        game = model_game(**self.numbers)
        words = (
            t(
                "Zero-sum: every point one gains the other loses, so the equilibrium mix is also each player's "
                "safest mix."
            )
            if game.zero_sum
            else t("Not zero-sum: the two utilities do not add up to 0, so an equilibrium mix guarantees nothing.")
        )
        self.readout.value += note(words, colour=INK_TEXT)


def rivalry_explorer(who: str = "rivalry", value=0) -> RivalryExplorer:
    """``rivalry_explorer()``: who scores relatively, and how much (see :class:`RivalryExplorer`)."""
    if who not in RIVALS:
        raise ValueError(f"who is one of {', '.join(RIVALS)}; not {who!r}")
    return RivalryExplorer(who, value)


# ------------------------------------------------------------------ place your bets (answers computed)
def _more_less(before, after, more: str, less: str, same: str) -> str:
    return more if after > before else less if after < before else same


@register("07.smuggle")
def _bet_smuggle():
    p = Fraction(1, 4)
    honest, lie = (an.expected_value(b, "apples", p) for b in ({"apples": 4}, MUCH_BAG))
    options = [t("the honest 4 Apples"), t("the lie: 2 Apples + 2 Pepper"), t("both the same")]
    answer = options[1] if lie > honest else options[0] if honest > lie else options[2]
    return (
        t("Sir Guy opens 1 bag in 4. Which of Much's bags is worth more on average?"),
        options,
        answer,
        t("Honest: 3/4 × 8 + 1/4 × 16 = {h}. Lie: 3/4 × 16 + 1/4 × (−4) = {l}.", h=money(honest), l=money(lie)),
    )


@register("07.naive")
def _bet_naive():
    real = an.breakeven({"apples": 3, "pepper": 1}, "apples", baseline={"apples": 3})
    naive = Fraction(6, 10)
    options = [t("above 60%"), t("exactly 60%"), t("below 60%")]
    answer = _more_less(naive, real, options[0], options[2], options[1])
    return (
        t(
            "A newcomer says: “Pepper gains 6 and risks a fine of 4, so adding one to my 3 Apples pays while the "
            "sheriff opens fewer than 6/(6+4) = 60% of bags.” The true break-even is…"
        ),
        options,
        answer,
        t(
            "It is {p}: the Pepper also throws away the 6 gold an opened honest bag of 3 Apples would earn: "
            "6 / (6 + 4 + 6) = 3/8.",
            p=chance(real),
        ),
    )


@register("07.declaration")
def _bet_declaration():
    bag, p = {"chickens": 2, "bread": 1, "silk": 1}, Fraction(1, 4)
    goods = ["chickens", "bread", "apples"]
    evs = {g: an.expected_value(bag, g, p) for g in goods}
    options = [quote(f"4 {card_name(g, 4)}") for g in goods]
    best = max(goods, key=evs.get)
    return (
        t(
            "Will Scarlet carries 2 Chickens, 1 Bread and 1 Silk; 1 bag in 4 is opened. Which declaration is worth "
            "most?"
        ),
        options,
        options[goods.index(best)],
        "; ".join(f"{quote(f'4 {card_name(g, 4)}')}: {money(evs[g])}" for g in goods) + ".",
    )


@register("08.equilibrium")
def _bet_equilibrium():
    p = an.inspection_game(MUCH_BAG, "apples").equilibrium().p_inspect
    options = [t("under 20%"), t("20% to 40%"), t("40% to 60%"), t("over 60%")]
    answer = options[sum(p >= Fraction(k, 5) for k in (1, 2, 3))]
    return (
        t("How often must Sir Guy open bags so that lying gains Much nothing?"),
        options,
        answer,
        t("p* = {p}.", p=chance(p)),
    )


def _pq(**numbers):
    e = model_game(**{**SCENARIO, **numbers}).equilibrium()
    return e.p_inspect, e.q_lie


def _who_moves(before: dict, after: dict, question: str):
    (p0, q0), (p1, q1) = _pq(**before), _pq(**after)
    options = [
        t("only Much (he lies more or less often)"),
        t("only Sir Guy (he inspects more or less)"),
        t("both"),
        t("neither"),
    ]
    answer = options[2] if p0 != p1 and q0 != q1 else options[1] if p0 != p1 else options[0] if q0 != q1 else options[3]
    return (
        question,
        options,
        answer,
        t("p*: {p0} → {p1}; q*: {q0} → {q1}.", p0=chance(p0), p1=chance(p1), q0=chance(q0), q1=chance(q1)),
    )


@register("08.count")
def _bet_count():
    (_, q0), (_, q1) = _pq(c=2), _pq(c=3)
    options = [t("more often"), t("less often"), t("just as often")]
    return (
        t("Much now hides 3 Pepper under 1 Apple instead of 2 under 2. In equilibrium, he lies…"),
        options,
        _more_less(q0, q1, *options),
        t(
            "q*: {a} → {b}. More contraband means a bigger fine for the sheriff when "
            "he catches it, so Much must lie less to keep him indifferent.",
            a=chance(q0),
            b=chance(q1),
        ),
    )


@register("08.weight")
def _bet_weight():
    (p0, q0), (p1, q1) = _pq(w=0), _pq(w=1)
    options = [t("more often"), t("less often"), t("the same")]
    return (
        t(
            "Sir Guy now races Much: every point Much gains counts against him (w = 1). Much still counts only "
            "his own gain. Compared with a sheriff who only counts gold, Sir Guy inspects…"
        ),
        options,
        _more_less(p0, p1, *options),
        t(
            "p* = {p0} both times: it is pinned by Much's payoffs, which did not change. Much's q* moves instead: "
            "{q0} → {q1}.",
            p0=chance(p0),
            q0=chance(q0),
            q1=chance(q1),
        ),
    )


@register("08.bribe")
def _bet_bribe():
    low, high = an.bribe_range(MUCH_BAG, "apples")
    mid = (low + high) / 2
    values = sorted({Fraction(0), low, mid, high})
    options = [t("{x} gold", x=money(x)) for x in values]
    return (
        t(
            "Sir Guy is sure Much's bag hides 2 Pepper. What is the smallest bribe worth more to him than "
            "opening the bag?"
        ),
        options,
        t("{x} gold", x=money(low)),
        t(
            "Opening earns him the fine, 2 × 4 = {low}. Much would pay up to 2 × (6 + 4) = {high}: the Pepper he "
            "would lose plus the fines.",
            low=money(low),
            high=money(high),
        ),
    )


@register("08.leadership")
def _bet_leadership():
    lead = an.leadership(MUCH_BAG, "apples")
    options = [t("more"), t("less"), t("the same")]
    return (
        t(
            "Sir Guy announces “I open 2 bags in 7, chosen at random” and sticks to it. Compared with keeping his "
            "rate secret, he earns…"
        ),
        options,
        _more_less(lead.nash_sheriff_value, lead.sheriff_value, *options),
        t(
            "{v} per bag instead of {nash}: the indifferent Much smuggles, and 2 in 7 of those bags pay the fine. "
            "Sir Guy still randomises; only his rate is public.",
            v=money(lead.sheriff_value),
            nash=money(lead.nash_sheriff_value),
        ),
    )


@register("07.hand")
def _bet_hand():
    will = {"chickens": 2, "bread": 1, "silk": 1}
    real = an.breakeven(will, "chickens", baseline=an.honest_alternative(will, "chickens"))
    full = an.breakeven(will, "chickens")
    gain = an.breakeven_detail(will, "chickens", baseline=an.honest_alternative(will, "chickens"))
    options = [percent(Fraction(k, 100)) for k in (12, 30, 52, 75)]
    answer = min(options, key=lambda o: abs(Fraction(o[:-1]) / 100 - real))
    return (
        t(
            "Will's honest alternative is the 2 Chickens he holds. Against it, his 4-card lie declared “4 Chickens” "
            "pays while the sheriff opens fewer than about…"
        ),
        options,
        answer,
        t(
            "{p}: the lie gains {g} if the bag passes and loses {l} if it is opened, so break-even = "
            "{g}/({g} + {l}). Against the 4 Chickens he cannot build it would be {full}, and at 1 bag in 4 he "
            "would wrongly stay honest.",
            p=chance(real),
            g=fraction(gain.pass_gain),
            l=fraction(-gain.inspect_gain),
            full=chance(full),
        ),
    )


@register("08.type")
def _bet_type():
    return _who_moves(
        {"v": 6},
        {"v": 9},
        t("Much swaps his 2 Pepper (worth 6) for 2 Crossbows (worth 9). In equilibrium, who changes what they do?"),
    )


@register("08.fine")
def _bet_fine():
    return _who_moves(
        {"f": 4}, {"f": 8}, t("A house rule doubles the fine: 8 gold per contraband card. In equilibrium, who changes?")
    )
