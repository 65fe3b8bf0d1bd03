"""The named characters' answers on the fast path's state (:mod:`sheriff_nb.play.fast`): the same answers their
methods give, without building the views they read.

* :class:`Memo`: the answers the hand (or the bag) alone decides, remembered by its counts;
* :func:`bluffer_bag`: the Bluffer's two bags for a hand, remembered, and its one random draw between them;
* :func:`opens`: a sheriff's pass-or-open of a bag no deal decides, with the same random draws;
* :func:`public_scores`, :func:`inspection_bribe` and :func:`no_offer`: the Briber's questions, reckoned on the
  state.

Each answer draws the same random numbers from the same character's ``rng`` as its method does, so a game played
with them is the driver's game.
"""

from __future__ import annotations

from operator import mul
from typing import Any

from ..engine.cards import IDS, INDEX, LEGAL_NUMBERS, N_GOODS, VALUES, goods_dict
from ..engine.state import GameState
from .bots import MERCHANTS
from .driver import Bot
from .habits import (
    FACE_DOWN_WORTH,
    bag_key,
    bluffer_plan,
    bribe_asks,
    declaration,
    half_model_loss,
    model_equilibrium,
    smuggler_bag,
)
from .merchants import Bluffer, Merchant
from .sheriffs import EquilibriumSheriff, Greedy, Sheriff, Suspicious, Trusting


class Memo(dict[tuple[int, ...], tuple[Any, ...]]):
    """One character's answers to one question, by the hand (or the bag) that decides them.

    >>> memo = Memo()
    >>> memo.get((2, 1)) or memo.learn((2, 1), ("apples", 2))
    ('apples', 2)
    >>> memo[(2, 1)]
    ('apples', 2)
    """

    def learn(self, key: tuple[int, ...], answer: tuple[Any, ...]) -> tuple[Any, ...]:
        if len(self) > 1 << 14:
            self.clear()
        self[key] = answer
        return answer


MEMOS: dict[tuple[str, type, object], Memo] = {}
"""The :class:`Memo` of each question and merchant character (class and ``limit``), shared by all games."""

_BY_HAND = {"market": Merchant.market, "declare": Merchant.declare}


def memo(bot: Bot, question: str) -> Memo | None:
    """The :class:`Memo` for ``question`` ("market", "bag", "declare" or "plan") of ``bot``'s merchant, or None when
    the hand does not decide the answer.  It does for the named characters' 2nd-edition Market
    (:meth:`Merchant.market <sheriff_nb.play.merchants.Merchant.market>`), and for the bag and the declaration of
    all but the Bluffer, who draws a random number for its bag and declares what it chose; the Bluffer's "plan"
    is :func:`bluffer_bag`'s two bags.

    >>> from sheriff_nb.play.bots import strategy
    >>> memo(strategy("bluffer"), "bag"), memo(strategy("bluffer"), "plan") is memo(strategy("bluffer"), "plan")
    (None, True)
    """
    merchant = getattr(bot, "merchant", None)
    kind = type(merchant)
    if kind not in MERCHANTS.values() or question in (("bag", "declare") if kind is Bluffer else ("plan",)):
        return None
    if question in _BY_HAND and getattr(kind, question) is not _BY_HAND[question]:
        return None
    return MEMOS.setdefault((question, kind, getattr(merchant, "limit", None)), Memo())


def _counts(names: tuple[str, ...]) -> tuple[int, ...]:
    bag = [0] * N_GOODS
    for good in names:
        bag[INDEX[good]] += 1
    return tuple(bag)


def _plan(hand: list[int]) -> tuple[Any, ...]:
    """The Bluffer's plan for ``hand``: its honest bag and its lie (card ids and counts), the good it declares
    and q* (None when it has no choice to make), as :meth:`Bluffer.bag <sheriff_nb.play.merchants.Bluffer.bag>`
    reckons them."""
    cards = goods_dict(hand)
    honest, lie, declared, q = bluffer_plan(cards)
    if declared is None:  # no legal card: the Smuggler's bag, declared as any bag of it is
        honest = lie = smuggler_bag(cards)
        declared = declaration(goods_dict(list(_counts(tuple(honest)))))
    return (tuple(honest), _counts(tuple(honest))), (tuple(lie), _counts(tuple(lie))), declared, q


def bluffer_bag(plans: Memo, bluffer: Bluffer, hand: list[int]) -> tuple[tuple[str, ...], tuple[int, ...], str]:
    """What ``bluffer`` loads from ``hand`` (card ids and counts) and declares: its remembered plan (``plans``, its
    :func:`memo` "plan"), and with a choice to make its one ``random()``, recorded in its ``choices``.

    >>> from sheriff_nb.engine.cards import counts
    >>> bluffer, hand = Bluffer(seed=1), list(counts(["apples"] * 3 + ["pepper"] * 2 + ["cheese"]))
    >>> names, _, good = bluffer_bag(Memo(), bluffer, hand)
    >>> names, good, bluffer.choices
    (('pepper', 'pepper', 'apples'), 'apples', [(Fraction(3, 7), True)])
    >>> Bluffer(seed=1).bag(goods_dict(hand))
    ['pepper', 'pepper', 'apples']
    """
    honest, lie, declared, q = plans.get(key := tuple(hand)) or plans.learn(key, _plan(hand))
    if q is None:
        return (*honest, declared)
    lied = _draw(bluffer.rng.random(), q.as_integer_ratio())
    bluffer.choices.append((q, lied))
    return (*(lie if lied else honest), declared)


def _draw(number: float, probability: tuple[int, int]) -> bool:
    """``number < probability`` (a ratio), compared exactly, as :func:`~sheriff_nb.play.habits.chance` does."""
    top, bottom = number.as_integer_ratio()
    return top * probability[1] < probability[0] * bottom


NEVER, ALWAYS, AT_P_STAR, OFFERED_OR_P_STAR = range(4)
"""How a sheriff opens a bag no deal decides (:func:`opens`)."""

RULES: dict[type[Sheriff], int] = {
    Trusting: NEVER,
    Suspicious: ALWAYS,
    EquilibriumSheriff: AT_P_STAR,
    Greedy: OFFERED_OR_P_STAR,
}
"""Each named sheriff's :meth:`~sheriff_nb.play.sheriffs.Sheriff.inspects` as one of the four rules."""

_P_STAR: dict[tuple[int, int], tuple[int, int]] = {}
"""p* (numerator, denominator) by declaration (card number, count): :func:`~sheriff_nb.play.habits.model_equilibrium`."""


def opens(rule: int, sheriff: Sheriff, declared: tuple[int, int], offered: bool) -> bool:
    """Whether ``sheriff`` (whose :data:`RULES` entry is ``rule``) opens a bag declared as ``declared`` that no deal
    decides (``offered``: its merchant's offer is still open), drawing what its ``inspects`` draws.

    >>> fast, slow, apples = EquilibriumSheriff(seed=2), EquilibriumSheriff(seed=2), INDEX["apples"]
    >>> draws = [opens(AT_P_STAR, fast, (apples, 4), False) for _ in range(20)]
    >>> draws == [slow.inspects({"declarations": [("apples", 4)]}, 0) for _ in range(20)], any(draws), all(draws)
    (True, True, False)
    >>> opens(OFFERED_OR_P_STAR, Greedy(), (0, 4), True), opens(NEVER, Trusting(), (0, 4), True)
    (True, False)
    """
    if rule == NEVER:
        return False
    if rule == ALWAYS or (rule == OFFERED_OR_P_STAR and offered):
        return True
    p_star = _P_STAR.get(declared)
    if p_star is None:
        p_star = _P_STAR[declared] = model_equilibrium(IDS[declared[0]], declared[1])[1].as_integer_ratio()
    return _draw(sheriff.rng.random(), p_star)


SEEN_WORTH = tuple(VALUES[i] if i in LEGAL_NUMBERS else FACE_DOWN_WORTH for i in range(N_GOODS))
"""What each card counts for in another player's :func:`~sheriff_nb.play.habits.public_score`: a legal good its
value, any other card (face down) :data:`~sheriff_nb.play.habits.FACE_DOWN_WORTH`."""


def public_scores(state: GameState) -> list[int]:
    """Every seat's :func:`~sheriff_nb.play.habits.public_score` as the others count it."""
    return [g + sum(map(mul, SEEN_WORTH, stand)) for g, stand in zip(state.gold, state.stands, strict=True)]


def inspection_bribe(state: GameState, seen: list[int], me: int, merchant: int) -> int:
    """:func:`~sheriff_nb.play.habits.inspection_bribe` on the state (``seen``: :func:`public_scores`): gold
    ``me`` would offer to have ``merchant``'s bag opened (0: none).  ``me`` counts its own cards at their value."""
    best, leader = -1, -1
    for seat, score in enumerate(seen):  # the first seat with the highest score, as max() picks it
        if seat != me and score > best:
            best, leader = score, seat
    if leader != merchant or best <= state.gold[me] + sum(map(mul, VALUES, state.stands[me])):
        return 0
    good, count = state.declarations[merchant]  # type: ignore[misc]
    return max(0, min(half_model_loss(IDS[good], count), state.gold[me]))


_ASKS: dict[tuple, tuple[int, int] | None] = {}
"""The Briber's asks by ``(bag counts, declared good, p_inspect)``: :func:`~sheriff_nb.play.habits.bribe_asks`."""


def no_offer(state: GameState, merchant: int, bot: Bot) -> bool:
    """Whether a Briber makes no offer for its bag at all: a deal is made already, or its bag is honest (the
    first question of :func:`~sheriff_nb.play.driver.negotiate` would be answered None)."""
    if merchant in state.deals:
        return True
    bag, declared = state.bags[merchant], state.declarations[merchant]
    if bag is None or declared is None or not any(bag):
        return True
    ratio = bot.merchant.p_inspect.as_integer_ratio()  # type: ignore[attr-defined]
    key = (tuple(bag), declared[0], ratio)
    if key not in _ASKS:
        if len(_ASKS) > 1 << 16:
            _ASKS.clear()
        _ASKS[key] = bribe_asks(bag_key(goods_dict(bag)), IDS[declared[0]], ratio)
    return _ASKS[key] is None


__all__ = [
    "Memo", "MEMOS", "memo", "bluffer_bag", "opens", "RULES", "NEVER", "ALWAYS", "AT_P_STAR", "OFFERED_OR_P_STAR",
    "SEEN_WORTH", "public_scores", "inspection_bribe", "no_offer",
]  # fmt: skip
