"""Bribes (lesson 08, bribes: the bargaining zone): the range of bribes both sides prefer to an inspection, and its
midpoint, exact.

>>> tuple(bribe_range({"apples": 2, "pepper": 2}, "apples")), bribe_midpoint({"apples": 2, "pepper": 2}, "apples")
((Fraction(8, 1), Fraction(20, 1)), Fraction(14, 1))
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ..engine.cards import cards
from .bag_values import Bag, Number, baseline, fraction, outcomes, probability

__all__ = ["BribeRange", "bribe_range", "bribe_midpoint"]


class BribeRange(NamedTuple):
    """The bargaining range for a bribe paid only if the bag passes (lesson 08, bribes: the bargaining zone).

    A deal is possible when ``sheriff_min <= merchant_max``; a negative ``merchant_max`` means the merchant
    prefers to be inspected (an honest bag: inspection pays him).
    """

    sheriff_min: Fraction
    merchant_max: Fraction

    @property
    def deal_possible(self) -> bool:
        return self.sheriff_min <= self.merchant_max

    @property
    def surplus(self) -> Fraction:
        return self.merchant_max - self.sheriff_min


def bribe_range(bag: Bag, declared: str, p_inspect: Number = 1, belief: Number = 1, w: Number = 0) -> BribeRange:
    """``(sheriff's minimum, merchant's maximum)`` bribe for letting ``bag`` pass.

    The merchant, facing inspection probability p, pays at most p * (passed - inspected value) of his bag
    (= p * c(v+f) for c contraband cards).  The sheriff, believing with probability ``belief`` that he faces
    ``bag`` (else the honest ``len(bag)`` x ``declared``), accepts at least max(0, expected fine) =
    max(0, belief*c*f - (1-belief)*2n); with relative weight ``w`` the minimum becomes
    max(0, (E[fine] + w * E[merchant's passed - inspected value]) / (1 + w)), i.e. c*f + w*c*v/(1+w) when certain.

    >>> bribe_range({"apples": 2, "silk": 3}, "apples")            # [3*4, 3*(8+4)]
    BribeRange(sheriff_min=Fraction(12, 1), merchant_max=Fraction(36, 1))
    >>> bribe_range({"apples": 2, "silk": 3}, "apples", Fraction(1, 3), Fraction(1, 2))   # 1/2*12 - 1/2*10; 36/3
    BribeRange(sheriff_min=Fraction(1, 1), merchant_max=Fraction(12, 1))
    """
    p, q, weight = probability(p_inspect, "p_inspect"), probability(belief, "belief"), fraction(w, "w", Fraction(0))
    bag = cards(bag)
    bp, bi, bg = outcomes(bag, declared)
    hp, hi, hg = outcomes(baseline(bag, declared), declared)
    fine = q * bg + (1 - q) * hg
    spread = q * (bp - bi) + (1 - q) * (hp - hi)
    return BribeRange(max(Fraction(0), (fine + weight * spread) / (1 + weight)), p * (bp - bi))


def bribe_midpoint(
    bag: Bag, declared: str, p_inspect: Number = 1, belief: Number = 1, w: Number = 0
) -> Fraction | None:
    """The symmetric Nash-bargaining bribe: the middle of :func:`bribe_range` (each side gains half the
    surplus), or ``None`` when no deal is possible.  Certain and credible: c(f + v/2).

    >>> bribe_midpoint({"cheese": 4, "crossbow": 1}, "cheese")     # 4 + 9/2
    Fraction(17, 2)
    >>> bribe_midpoint(["cheese"] * 5, "cheese") is None           # an honest merchant never gains by bribing
    True
    """
    low, high = bribe_range(bag, declared, p_inspect, belief, w)
    return (low + high) / 2 if low <= high else None
