"""Promises in repeated play (lesson 14): when a promise that binds nobody is still worth keeping, and why the last
round undoes it.

The engine's rule (rules reference, "Deals"): a deal's ``promise`` is free text and changes nothing; only the terms
"inspect / pass player X this round" bind.  So a promise about a later round is kept only if keeping it pays.  It pays
when breaking it ends a relationship worth more than what breaking it gains now (the *grim trigger*: a broken promise
is never trusted again, and both go back to lesson 08's equilibrium).

The model is two players who meet again after each meeting with probability δ, **the roles swapping every time** (as
Much and Sir Guy do in a game of Sheriff).  A promise is broken at a meeting: that gains ``T`` now.  The trusted
relationship is worth ``G`` more than lesson 08's equilibrium only at the meetings where it helps the promiser, one
meeting in two, the first of them ``wait`` meetings later.  So keeping is worth G·δ^wait / (1 − δ²) and the
promise holds while that is at least T: a quadratic inequality in δ, whose root is the :attr:`Promise.threshold`.

Two promises from lesson 08's bag (4 Apples declared, 2 of them Pepper; p* = 2/7, q* = 1/2):

* **Much's promise** ("let me through now, and I'll let you through when I'm sheriff"): when his turn comes, opening
  Sir Guy's lie would earn him the fine, T = 8; keeping the pact is worth 16 at his next meeting, as a merchant,
  instead of lesson 08's 72/7, G = 40/7 (as sheriff he gets 0 either way).  He keeps it while
  (40/7)·δ ≥ 8(1 − δ²), i.e. 7δ² + 5δ − 7 ≥ 0: δ ≥ (√221 − 5)/14 ≈ 0.705.
* **Sir Guy's promise** ("I open 2 bags in 7"): merchants who believe it smuggle; opening every bag at once would
  earn 8 instead of 16/7, T = 40/7; afterwards nobody believes him and he earns lesson 08's 0 instead of 16/7,
  G = 16/7, but only at his own turns as sheriff, two meetings later: (16/7)·δ² ≥ (40/7)(1 − δ²), i.e.
  δ² ≥ T / (T + G) = 5/7.  δ² is the chance that he is sheriff again, so counted in his own turns as sheriff the
  threshold is the textbook T / (T + G).

>>> much, guy = merchant_promise(), sheriff_promise()
>>> much.temptation, much.gain, str(much.threshold), round(float(much.threshold), 4)
(Fraction(8, 1), Fraction(40, 7), '(√221 − 5)/14', 0.7047)
>>> guy.temptation, guy.gain, str(guy.threshold), round(float(guy.threshold), 4)
(Fraction(40, 7), Fraction(16, 7), '√(5/7)', 0.8452)
>>> much.kept(Fraction(7, 10)), much.kept(Fraction(71, 100)), Fraction(71, 100) >= much.threshold
(False, True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import isqrt, lcm, sqrt

from ..engine import actions as A
from ..engine.cards import GOODS, LEGAL, LEGAL_GOODS
from ..engine.errors import Phrase, RuleError
from ..engine.game import Game
from . import analysis as an
from .analysis import exact

__all__ = ["Root", "Promise", "merchant_promise", "sheriff_promise", "promise_script", "CAST"]

ALAN_BAG = {"apples": 2, "pepper": 2}
CAST = ["Sir Guy", "Much", "Will Scarlet", "Alan-a-Dale"]
"""The seats of lesson 14's table: Sir Guy of Gisborne is the first sheriff, Much the Miller's Son sits at his left."""


@dataclass(frozen=True)
class Root:
    """The positive root of a·x² + b·x + c (a > 0, b ≥ 0, c < 0), kept exact: ``float()`` gives its value, ``str()``
    its closed form, and comparing it with a fraction x is exact (x ≥ root exactly when a·x² + b·x + c ≥ 0).

    >>> r = Root(Fraction(7), Fraction(5), Fraction(-7))
    >>> str(r), Fraction(7, 10) < r < Fraction(71, 100), str(Root(Fraction(1), Fraction(0), Fraction(-1, 4)))
    ('(√221 − 5)/14', True, '1/2')
    """

    a: Fraction
    b: Fraction
    c: Fraction

    def __float__(self) -> float:
        return (-self.b + sqrt(self.b**2 - 4 * self.a * self.c)) / (2 * self.a)

    def _sign(self, x) -> int:
        value = self.a * exact(x) ** 2 + self.b * exact(x) + self.c
        return (value > 0) - (value < 0)

    def __lt__(self, x) -> bool:
        return self._sign(x) > 0

    def __le__(self, x) -> bool:
        return self._sign(x) >= 0

    def __gt__(self, x) -> bool:
        return self._sign(x) < 0

    def __ge__(self, x) -> bool:
        return self._sign(x) <= 0

    def __str__(self) -> str:
        disc = self.b**2 - 4 * self.a * self.c
        square = disc.numerator * disc.denominator  # √disc = √square / denominator
        s = next(k for k in range(isqrt(square), 0, -1) if square % (k * k) == 0)
        free = square // (s * s)  # √disc = s·√free / denominator
        alpha, beta = s / (2 * self.a * disc.denominator), -self.b / (2 * self.a)  # root = alpha·√free + beta
        if free == 1:
            return str(alpha + beta)
        if beta == 0:
            return f"√({alpha**2 * free})"
        d = lcm(alpha.denominator, beta.denominator)
        a, b = alpha * d, beta * d
        surd = f"{'' if a == 1 else a}√{free} {'−' if b < 0 else '+'} {abs(b)}"
        return surd if d == 1 else f"({surd})/{d}"


@dataclass(frozen=True)
class Promise:
    """A promise kept only by the future: ``temptation`` (T) is what breaking it gains now; at the later meetings
    where the relationship helps the promiser (one in two, the roles swapping, the first ``wait`` meetings later) he
    gets ``kept_value`` while the promise is trusted and ``broken_value`` (the one-bag equilibrium) once it is not,
    so the relationship is worth G = ``gain`` = kept_value − broken_value at each of them."""

    who: str
    what: str
    temptation: Fraction
    kept_value: Fraction
    broken_value: Fraction
    wait: int = 1

    def __post_init__(self):
        if self.wait not in (1, 2):
            raise ValueError(f"with the roles swapping at every meeting, wait is 1 or 2; not {self.wait!r}")

    @property
    def gain(self) -> Fraction:
        """G: what keeping the relationship is worth at each later meeting where it helps the promiser."""
        return self.kept_value - self.broken_value

    @property
    def threshold(self) -> Root:
        """The smallest chance of meeting again at which keeping pays: the root of G·δ^wait = T·(1 − δ²)."""
        t, g = self.temptation, self.gain
        return Root(t + g, Fraction(0), -t) if self.wait == 2 else Root(t, g, -t)

    def future(self, again) -> Fraction | None:
        """What keeping is worth from now on: G·δ^wait / (1 − δ²) (δ = ``again``; ``None`` for δ = 1, no end)."""
        d = exact(again)
        return None if d == 1 else self.gain * d**self.wait / (1 - d**2)

    def kept(self, again) -> bool:
        """True if a rational promiser keeps the promise when the chance of meeting again is ``again``."""
        future = self.future(again)
        return future is None or future >= self.temptation


def merchant_promise(bag: Mapping[str, int] | None = None, declared: str = "apples") -> Promise:
    """Much's promise to pass Sir Guy's bag when Much is sheriff (see the module's docstring)."""
    game = an.inspection_game(ALAN_BAG if bag is None else bag, declared)
    lie_passed, fine = game.merchant[1][1], game.gold[1][0]
    return Promise(
        "Much",
        Phrase("to let Sir Guy's bag pass when Much is sheriff"),
        fine,
        lie_passed,
        game.equilibrium().merchant_value,
    )


def sheriff_promise(bag: Mapping[str, int] | None = None, declared: str = "apples") -> Promise:
    """Sir Guy's promise to open exactly p* of the bags (lesson 08's committed sheriff); it pays him only at his own
    turns as sheriff, two meetings apart."""
    game = an.inspection_game(ALAN_BAG if bag is None else bag, declared)
    lead = game.leadership()
    open_all = game.payoffs(1, 1 if lead.response == "lie" else 0)[1]
    return Promise(
        "Sir Guy",
        Phrase("to open exactly p* of the bags"),
        open_all - lead.sheriff_value,
        lead.sheriff_value,
        lead.nash_sheriff_value,
        wait=2,
    )


def _play_to_inspection(game: Game, smuggler: int) -> None:
    """Market (nobody swaps), then each merchant carries his most common legal good, declared truthfully, except
    ``smuggler``, who adds his most valuable contraband card (when he holds one) and declares it as that good."""
    game.apply(A.ChooseFirstMerchant(game.sheriff, game.merchants[0]))
    while game.awaited(game.to_act()[0]) == "market":  # nobody swaps
        game.apply(A.Market(game.to_act()[0]))
    for seat in game.merchants:
        hand = game.hands[seat]
        good = max((g for g in LEGAL_GOODS if hand[g]), key=lambda g: hand[g])
        contraband = sorted((g for g in hand if GOODS[g].kind != LEGAL), key=lambda g: -GOODS[g].value)
        game.apply(A.Load(seat, (good, *contraband[:1]) if seat == smuggler else (good,)))
    for seat in game.merchants:
        bag = game.bags[seat]
        good = max((g for g in LEGAL_GOODS if bag[g]), key=lambda g: bag[g])
        game.apply(A.Declare(seat, good, sum(bag.values())))


def promise_script(seed: int = 0) -> list[dict]:
    """A non-binding promise played on the engine, step by step: in round 1 Much (seat 1) offers Sir Guy (seat 0) a
    deal whose only payment is a promise; Sir Guy accepts, then tries to open the bag anyway (the engine refuses:
    an accepted deal binds him to pass this round) and passes it.  In round 2 Much is sheriff and opens Sir Guy's bag:
    the engine allows it, because the promise bound nobody.

    Each step: ``round``, ``who``, ``action`` (in words, a :class:`~sheriff_nb.engine.errors.Phrase`), ``result``
    (``"ok"`` or the broken rule's message, a Phrase too),
    ``bag`` (the bag concerned, for the reader: it is hidden from the other players at the table).

    >>> [(s["round"], s["who"], s["result"] == "ok") for s in promise_script()]
    ... # doctest: +NORMALIZE_WHITESPACE
    [(1, 'Much', True), (1, 'Sir Guy', True), (1, 'Sir Guy', False), (1, 'Sir Guy', True), (2, 'Much', True)]
    """
    game = Game(players=4, seed=seed, first_sheriff=0, names=CAST)
    steps: list[dict] = []

    def act(action: A.Action, text: Phrase) -> None:
        shown = None
        if isinstance(action, A.Offer | A.Inspect) and (bag := game.bags[action.merchant]):
            shown = {"cards": dict(bag), "declared": game.declarations[action.merchant]}
        round_number = game.round + 1
        try:
            game.apply(action)
            result = "ok"
        except RuleError as broken:  # the engine refuses and leaves the game as it was
            result = broken.phrase()
        steps.append(
            {"round": round_number, "who": CAST[action.player], "action": text, "result": result, "bag": shown}
        )

    _play_to_inspection(game, smuggler=1)
    promise = Phrase("I'll let your bag pass when I'm sheriff")
    act(
        A.Offer(1, merchant=1, promise=promise),
        Phrase("offers a deal: no gold, only a promise: “{promise}”", promise=promise),
    )
    act(A.Accept(0, merchant=1), Phrase("accepts: “Deal!”"))
    act(A.Inspect(0, merchant=1), Phrase("tries to open Much's bag anyway"))
    act(A.Pass(0, merchant=1), Phrase("lets Much's bag pass"))
    for seat in game.merchants:
        if seat in game.pending:
            game.apply(A.Pass(0, merchant=seat))
    _play_to_inspection(game, smuggler=0)
    act(A.Inspect(1, merchant=0), Phrase("opens Sir Guy's bag, promise or no promise"))
    return steps
