"""Equilibrium against safety in one bag's game (lesson 13): what a mix *guarantees* a player,
whatever the other does, and the mix that guarantees the most (the maximin, or security, strategy).

In a zero-sum game the two coincide (von Neumann's minimax theorem).  Sheriff is not zero-sum: an equilibrium mix
is chosen to make the *opponent* indifferent, and on its own it guarantees nothing.  In the worked example
(2 Apples + 2 Pepper declared as 4 Apples) the sheriff's equilibrium rate p* = 2/7 loses 2/7 x 8 = 16/7 a bag
against a merchant who stays honest, while never inspecting secures 0 whatever the merchant does.  The merchant's
side is Aumann and Maschler's (1972) puzzle: his equilibrium value 72/7 is also his security level, but the mix
that secures it (lie 2 times in 7) is not his equilibrium mix (lie half the time).

>>> from sheriff_nb import analysis as an
>>> game = an.inspection_game({"apples": 2, "pepper": 2}, "apples")
>>> guarantee(game, "sheriff", Fraction(2, 7))       # at p*: -8 x 2/7 against an honest bag
Fraction(-16, 7)
>>> maximin(game, "sheriff")
Security(player='sheriff', probability=Fraction(0, 1), value=Fraction(0, 1))
>>> maximin(game, "merchant")                         # lie with probability 2/7; secures 72/7
Security(player='merchant', probability=Fraction(2, 7), value=Fraction(72, 7))
>>> guarantee(game, "merchant", Fraction(1, 2))       # q* = 1/2 guarantees only 16 - 20/2 = 6
Fraction(6, 1)
>>> duel = an.inspection_game({"apples": 2, "pepper": 2}, "apples", w=1, merchant_w=1)
>>> maximin(duel, "sheriff").probability == duel.equilibrium().p_inspect   # zero-sum: the same 2/11
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .analysis import InspectionGame

__all__ = ["Security", "guarantee", "maximin", "lines"]

PLAYERS = ("merchant", "sheriff")


@dataclass(frozen=True)
class Security:
    """The mix that guarantees ``player`` the most: ``probability`` (of inspecting for the sheriff, of lying for the
    merchant) and the ``value`` it secures, whatever the other player does."""

    player: str
    probability: Fraction
    value: Fraction


def lines(game: InspectionGame, player: str) -> list[tuple[Fraction, Fraction]]:
    """``player``'s expected utility against each pure choice of the other, as ``(at 0, at 1)`` pairs of a straight
    line in his own probability (of inspecting / of lying).  Sheriff: against an honest bag, then a lie; merchant:
    against an inspection, then a pass.

    >>> from sheriff_nb import analysis as an
    >>> lines(an.inspection_game({"apples": 2, "pepper": 2}, "apples"), "sheriff")
    [(Fraction(0, 1), Fraction(-8, 1)), (Fraction(0, 1), Fraction(8, 1))]
    """
    if player == "sheriff":  # his probability: inspect (column 0); the merchant's rows: honest, lie
        s = game.sheriff
        return [(Fraction(s[r][1]), Fraction(s[r][0])) for r in range(2)]
    if player == "merchant":  # his probability: lie (row 1); the sheriff's columns: inspect, pass
        m = game.merchant
        return [(Fraction(m[0][c]), Fraction(m[1][c])) for c in range(2)]
    raise ValueError(f"player is 'merchant' or 'sheriff'; not {player!r}")


def guarantee(game: InspectionGame, player: str, probability) -> Fraction:
    """The least ``player`` can expect when he plays ``probability`` (of inspecting / of lying): his utility against
    the other player's worst reply for him (a pure one suffices: payoffs are linear in the other's mix)."""
    x = Fraction(probability)
    if not 0 <= x <= 1:
        raise ValueError(f"probability must lie in [0, 1]; got {probability!r}")
    return min((1 - x) * a + x * b for a, b in lines(game, player))


def maximin(game: InspectionGame, player: str) -> Security:
    """The mix that maximises :func:`guarantee` (exact).  The lower envelope of two lines peaks at 0, 1 or where
    they cross; when several mixes secure the same value, the smallest probability is returned."""
    (a0, a1), (b0, b1) = lines(game, player)
    candidates = {Fraction(0), Fraction(1)}
    slope = (a1 - a0) - (b1 - b0)
    if slope != 0 and 0 <= (b0 - a0) / slope <= 1:
        candidates.add((b0 - a0) / slope)
    best = max(guarantee(game, player, x) for x in candidates)
    return Security(player, min(x for x in candidates if guarantee(game, player, x) == best), best)


# ------------------------------------------------------------------ a live tournament
"""The merchant characters (:mod:`sheriff_nb.play.bots`) that fill a table in :func:`tournament`."""
"""The two sheriff characters compared: the one who opens bags at the equilibrium rate, the one who never opens."""
