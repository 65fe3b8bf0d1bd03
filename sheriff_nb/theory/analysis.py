"""Exact game theory of one bag (lessons 07 and 08): expected values, equilibria, bribes, deck odds.

Everything is a :class:`fractions.Fraction`.  Payoffs come from :func:`~sheriff_nb.engine.inspection.inspect_bag`;
"merchant value" = gold gained + value of the cards that reach the stand, "sheriff value" = gold gained.

Worked example (lesson 08's bag): declare 4 Apples (a=2) and carry 2 Apples + 2 Pepper (c=2 cards of v=6, f=4).
Passed, the bag is worth 2*2 + 2*6 = 16; opened, the Apples stay (4) and the merchant pays 2*4 = 8: 4 - 8 = -4.
The honest 4 Apples are worth 8 passed and 8 + 2*4 = 16 opened.  So

* p* = c(v-a) / (c(v+f) + 2n) = 2*4 / (2*10 + 8) = 8/28 = 2/7 (the sheriff makes lying and honesty equal),
* q* = 2n / (2n + c*f) = 8 / (8 + 8) = 1/2 (the merchant makes inspecting and passing equal),
* merchant value = n*a + 2n*p* = 8 + 16/7 = 72/7; sheriff value 0.

>>> from collections import Counter
>>> from fractions import Fraction
>>> bag = Counter(apples=2, pepper=2)
>>> e = inspection_game(bag, "apples").equilibrium()
>>> e.p_inspect, e.q_lie, e.merchant_value, e.sheriff_value, e.kind
(Fraction(2, 7), Fraction(1, 2), Fraction(72, 7), Fraction(0, 1), 'mixed')
>>> expected_value(bag, "apples", Fraction(2, 7)) == expected_value(["apples"] * 4, "apples", Fraction(2, 7))
True
>>> breakeven(bag, "apples")                       # the same 2/7: where lying stops paying
Fraction(2, 7)
>>> leadership(bag, "apples").sheriff_value        # committed sheriff: p* * c * f = 2/7 * 8
Fraction(16, 7)
>>> tuple(bribe_range(bag, "apples"))              # [c*f, c(v+f)] = [8, 20]; midpoint c(f + v/2) = 14
(Fraction(8, 1), Fraction(20, 1))
>>> bribe_midpoint(bag, "apples")
Fraction(14, 1)
>>> inspection_game(bag, "apples", w=1).equilibrium().q_lie   # 2n(1+w) / (2n(1+w) + c(f(1+w) + w*v)) = 16/44
Fraction(4, 11)
>>> duel = inspection_game(bag, "apples", w=1, merchant_w=1).equilibrium()   # both score relatively: zero-sum
>>> duel.p_inspect, duel.q_lie          # p* = c(v-a) / (c(v + f(1+w_m)) + 2n(1+w_m)) = 8/44; q* as above
(Fraction(2, 11), Fraction(4, 11))

The marginal card (lesson 07): 3 Apples + 1 Pepper against just the 3 Apples: c*v / (c(v+f) + 2h) = 6 / (10 + 6).

>>> breakeven({"apples": 3, "pepper": 1}, "apples", baseline={"apples": 3})
Fraction(3, 8)
"""

from __future__ import annotations

from ..engine.cards import card_id, cards  # offered here before the split; kept for teachers' cells
from .bag_table import bag_table
from .bag_values import (
    Bag,
    Number,
    baseline,
    baseline_declaration,
    baseline_outcomes,
    exact,
    expected_value,
    honest_alternative,
    outcomes,
)
from .bribes import BribeRange, bribe_midpoint, bribe_range
from .inspection_game import (
    ALWAYS,
    EQUAL,
    HONEST,
    IDENTICAL,
    INSPECT,
    LIE,
    NEVER,
    PASS,
    Breakeven,
    Equilibrium,
    InspectionGame,
    Leadership,
    breakeven,
    breakeven_detail,
    crossing,
    game_from_scores,
    inspection_game,
    leadership,
    model_game,
)
from .odds import draw_odds

__all__ = [
    "Bag", "Number", "Breakeven", "BribeRange", "Equilibrium", "InspectionGame", "Leadership",
    "bag_table", "baseline", "baseline_declaration", "baseline_outcomes", "breakeven", "breakeven_detail",
    "bribe_midpoint", "bribe_range", "crossing", "draw_odds", "exact", "expected_value", "game_from_scores",
    "honest_alternative", "inspection_game", "leadership", "model_game", "outcomes", "card_id", "cards",
    "HONEST", "LIE", "INSPECT", "PASS", "NEVER", "ALWAYS", "IDENTICAL", "EQUAL",
]  # fmt: skip
