"""Lesson 15's widgets (from the 2x2 to real hands): the break-even of the last bag near a King/Queen threshold
(one slider), tables of bag sizes, of a round with several merchants and of kingmaking, and the lesson's
"place your bets" prompts (answers computed by :mod:`sheriff_nb.theory.hands`).

>>> explorer = threshold_explorer()
>>> explorer.slider.value = 3
>>> "break-even <b>1/9 (11%)</b>" in explorer.readout.value
True
"""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as W

from ...theory import analysis as an
from ...theory import hands
from ..charts import threshold_parts
from ..charts.base import WIDTH
from ..display import Drawn
from ..i18n import N_, card_name, goods_text, t
from ..numbers import chance, fraction, percent, share
from ..palette import INK_TEXT
from .base import choice_slider, html_widget, note, table_html
from .bets import register
from .chart_slot import ChartSlot, drawn, side_by_side
from .explorers import MUCH_BAG
from .scoring import player_name

__all__ = [
    "ThresholdExplorer",
    "threshold_explorer",
    "size_table_html",
    "round_html",
    "kingmaking_html",
    "ROUND_BAG",
]

ROUND_BAG = {"chickens": 2, "bread": 1, "silk": 1}
"""The second bag of lesson 15's round, declared as 4 Chickens: Will Scarlet's lie of lessons 07 and 15, carried here
by Maid Marion, whose hand holds 4 Chickens.  Her honest alternative is the full "4 Chickens", so the 2 × 2 game of
lesson 08 is her real choice; Will, who holds only 2, could not be this merchant."""


class ThresholdExplorer(W.VBox):
    """One slider: how many Cheese Much already has on his stand before the game's last bag; the break-even of his
    lie at face value and with the final King/Queen bonuses, and the end-of-game equilibrium."""

    def __init__(self, count: int = 1, scenario=hands.THRESHOLD):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.scenario = scenario
        self.data = hands.threshold_data(scenario=scenario)
        counts = [int(c) for c in self.data["count"]]
        self.slider = choice_slider(
            [(str(c), c) for c in counts],
            count,
            t("{good} on Much's stand", good=card_name(scenario["good"])),
            width="340px",
        )
        self.readout = html_widget()
        self.chart = ChartSlot(self._draw)
        self.slider.observe(self.update, names="value")
        self.children = [self.slider, side_by_side(self.chart.out, self.readout)]
        self.update()

    def _draw(self, count: int, width: int = WIDTH) -> Drawn:
        return drawn("threshold", threshold_parts(self.data, current=count, scenario=self.scenario), width)

    def update(self, _change=None) -> None:
        """The two break-evens and what the bonuses do, in words."""
        count = self.slider.value
        row = self.data[self.data["count"] == count].iloc[0]
        game = hands.threshold_game(count, self.scenario)
        (hi, hp), (li, lp) = game.gain
        good = card_name(self.scenario["good"])
        honest, lie = goods_text(self.scenario["honest"]), goods_text(self.scenario["lie"])
        lines = [
            note(
                t(
                    "With {k} {good} on his stand, Much's final total gains {hp} (passed) or {hi} (opened) with the "
                    "honest {honest}, and {lp} or {li} with {lie}.",
                    k=count,
                    good=good,
                    hp=fraction(hp),
                    hi=fraction(hi),
                    lp=fraction(lp),
                    li=fraction(li),
                    honest=honest,
                    lie=lie,
                ),
                colour="#222",
            ),
            note(
                t(
                    "The lie gains {g} if passed and loses {l} if opened: break-even {b}, against {f} at face value.",
                    g=fraction(row.pass_gain),
                    l=fraction(-row.inspect_gain),
                    b=f"<b>{chance(row.with_bonus)}</b>",
                    f=chance(row.face),
                ),
                colour="#222",
                raw=True,
            ),
            note(
                t(
                    "The last bag's equilibrium: Sir Guy opens {p}, Much lies {q}.",
                    p=chance(row.p_star),
                    q=chance(row.q_star),
                ),
                colour=INK_TEXT,
            ),
        ]
        self.readout.value = "".join(lines)
        self.chart.show(count)


def threshold_explorer(count: int = 1) -> ThresholdExplorer:
    """``threshold_explorer()``: the marginal card near a King/Queen threshold (see :class:`ThresholdExplorer`)."""
    return ThresholdExplorer(count)


def size_table_html() -> W.HTML:
    """:func:`sheriff_nb.theory.hands.size_table` as a table to read."""
    table = hands.size_table()
    rows = [
        [
            n,
            share(r.honest_any),
            share(r.honest_declared),
            f"{fraction(r.p_one)}, {fraction(r.q_one)}",
            f"{fraction(r.p_all)}, {fraction(r.q_all)}",
        ]
        for n, r in table.iterrows()
    ]
    header = [
        t("n declared"),
        t("a 6-card hand allows n of one good"),
        t("… n Apples"),
        t("p*, q*: 1 Pepper + (n − 1) Apples"),
        t("p*, q*: n Pepper"),
    ]
    return html_widget(table_html(header, rows))


def _round_games() -> list[an.InspectionGame]:
    return [an.inspection_game(MUCH_BAG, "apples"), an.inspection_game(ROUND_BAG, "chickens")]


def round_html() -> W.HTML:
    """A round with Much's and Marion's bags: each bag's own equilibrium, and the brute-force check that together
    they are an equilibrium of the whole round (the sheriff choosing any set of bags to open)."""
    games = _round_games()
    found = [g.equilibrium() for g in games]
    ok = hands.is_round_equilibrium(games, [e.q_lie for e in found], [e.p_inspect for e in found])
    rows = [
        [player_name(name), goods_text(g.bag), chance(e.p_inspect), chance(e.q_lie)]
        for name, g, e in zip(("Much", "Marion"), games, found, strict=True)
    ]
    verdict = (
        t(
            "Checked by brute force over all {n} pure profiles of the round: no merchant and no set of bags to "
            "open does better. The round is an equilibrium bag by bag.",
            n=len(list(hands.round_profiles(games))),
        )
        if ok
        else t("Not an equilibrium of the round.")
    )
    return html_widget(
        table_html([t("merchant"), t("bag"), t("Sir Guy opens"), t("lies")], rows) + note(verdict, colour=INK_TEXT)
    )


CALLS = {"pass": N_("pass"), "open": N_("open")}
"""The sheriff's two calls in :func:`sheriff_nb.theory.hands.kingmaking`'s table."""


def _winners(text: str) -> str:
    """``"Much and Will"`` (:func:`sheriff_nb.theory.hands.kingmaking`'s winner) in the page's language."""
    return f" {t('and')} ".join(map(player_name, text.split(" and ")))


def kingmaking_html() -> W.HTML:
    """:func:`sheriff_nb.theory.hands.kingmaking` as a table: totals and winner for each outcome of the last bag."""
    table = hands.kingmaking()
    players = [c for c in table.columns if c not in ("bag", "sheriff", "winner")]
    rows = [
        [t(r["bag"]), t(CALLS[r["sheriff"]]), *[r[p] for p in players], _winners(r["winner"])]
        for r in table.to_dict("records")
    ]
    head = [t("Much's bag"), t("Sir Guy's call"), *map(player_name, players), t("winner")]
    return html_widget(table_html(head, rows))


# ------------------------------------------------------------------ place your bets
@register("15.size")
def _bet_size():
    five = hands.honest_bag_odds(5)
    options = [t("about 1 in 2"), t("about 1 in 10"), t("about 1 in 200"), t("never")]
    targets = [Fraction(1, 2), Fraction(1, 10), Fraction(1, 200), Fraction(0)]
    answer = options[min(range(4), key=lambda i: abs(targets[i] - five))]
    return (
        t(
            "Bags hold 1 to 5 cards and the count is announced. How often does a random 6-card hand let a merchant "
            "fill an honest bag of 5 (five of one legal good)?"
        ),
        options,
        answer,
        t(
            "{p} of hands (exactly {x}). A “5 Apples” is almost never honest by luck of the draw.",
            p=percent(five, 2),
            x=fraction(five),
        ),
    )


@register("15.threshold")
def _bet_threshold():
    row = hands.threshold_data([3]).iloc[0]
    options = [t("higher than at face value"), t("the same"), t("lower than at face value")]
    answer = options[0] if row.with_bonus > row.face else options[2] if row.with_bonus < row.face else options[1]
    return (
        t(
            "It is the last bag of the game. Much has 3 Cheese on his stand, Will has 5. Much can carry 3 Cheese, or "
            "2 Cheese + 1 Silk as “3 Cheese”. Counting the King/Queen bonuses, the lie's break-even is…"
        ),
        options,
        answer,
        t(
            "{b} instead of {f}: the third Cheese makes Much King of Cheese alone (6 against 5) instead of "
            "sharing the title, so the Silk has to beat a card worth far more than 3.",
            b=chance(row.with_bonus),
            f=chance(row.face),
        ),
    )


@register("15.round")
def _bet_round():
    games = _round_games()
    alone = games[0].equilibrium().p_inspect
    found = [g.equilibrium() for g in games]
    ok = hands.is_round_equilibrium(games, [e.q_lie for e in found], [e.p_inspect for e in found])
    options = [t("yes: he opens it more often"), t("yes: he opens it less often"), t("no: still {p}", p=chance(alone))]
    return (
        t("Marion's bag arrives at the gate with Much's. Does Sir Guy's equilibrium rate for Much's bag change?"),
        options,
        options[2] if ok else options[0],
        t(
            "No: without bonuses every bag's payoffs simply add up, so each bag is its own 2x2 game; a brute-force "
            "check of the whole round confirms it."
        ),
    )


@register("15.kingmaker")
def _bet_kingmaker():
    table = hands.kingmaking().set_index(["bag", "sheriff"])
    lie_pass, lie_open = table.loc[("lie", "pass"), "winner"], table.loc[("lie", "open"), "winner"]
    options = [*map(player_name, ("Much", "Will", "Sir Guy")), t("nobody: it is a tie")]
    king_if_opened, king_if_passed = _winners(lie_open), _winners(lie_pass)
    return (
        t(
            "Last bag of the game. Sir Guy cannot win any more. Much carries 2 Cheese + 1 Silk as “3 Cheese”. If "
            "Sir Guy opens the bag, who wins the game?"
        ),
        options,
        king_if_opened if king_if_opened in options else options[3],
        t(
            "{w} wins if Sir Guy opens the bag, {m} if he lets it pass: the player who cannot win decides who does.",
            w=king_if_opened,
            m=king_if_passed,
        ),
    )
