"""What the named characters load, declare and assume: their bags, and lesson 08's game for a declaration.

The merchants of :mod:`sheriff_nb.play.bots` build their bags here (:func:`honest_bag`, :func:`smuggler_bag`,
:func:`bluffer_bags`); the sheriffs that play lesson 08's equilibrium cannot see inside a bag, so they assume
the lie lesson 08 analyses for what was declared (:func:`model_lie`, :func:`model_equilibrium`).  The numbers
come from :mod:`sheriff_nb.theory.analysis` (lesson 08, the inspection game), cached because the same few bags come back
all game.

>>> model_equilibrium("apples", 4)[1:]           # what the Equilibrium sheriff opens "4 Apples" with: 2/7
(Fraction(2, 7), Fraction(1, 2))
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import lru_cache

from ..engine import actions as A
from ..engine.cards import GOODS, LEGAL_GOODS, ORDER
from ..engine.inspection import MAX_BAG, inspect_bag
from .driver import View

HANDS = 1 << 14
"""How many hands each habit remembers: a hand is 6 cards of 8 to 15 goods, and the same few hundred come back all
game, so a habit is worked out once per hand (hands are given as Counters or plain dicts of card ids)."""


def _key(hand: Mapping[str, int]) -> tuple:
    return tuple(hand.items())


COVER = "chickens"
"""What a bag with no legal card is declared as: the good whose lie a sheriff inspects least at p*."""


def chance(rng: random.Random, probability: Fraction) -> bool:
    """True with ``probability``: ``rng.random() < probability``, compared exactly as Python compares a float with a
    Fraction, without making a Fraction.

    >>> rng = random.Random(1); draws = [chance(rng, Fraction(2, 7)) for _ in range(5)]
    >>> rng.seed(1); draws == [rng.random() < Fraction(2, 7) for _ in range(5)]
    True
    """
    top, bottom = rng.random().as_integer_ratio()
    numerator, denominator = probability.as_integer_ratio()
    return top * denominator < numerator * bottom


def cheapest_first(goods: Iterable[str]) -> list[str]:
    """Card ids, cheapest first (ties in rulebook order)."""
    return sorted(goods, key=lambda g: (GOODS[g].value, ORDER[g]))


def collected_good(hand: Mapping[str, int]) -> str | None:
    """The legal good a merchant collects: the one it holds most of (ties: the more valuable one)."""
    return _collected_good(_key(hand))


@lru_cache(maxsize=HANDS)
def _collected_good(key: tuple) -> str | None:
    hand = Counter(dict(key))
    held = [g for g in LEGAL_GOODS if hand[g]]
    return max(held, key=lambda g: (hand[g], GOODS[g].value)) if held else None


def honest_bag(hand: Mapping[str, int]) -> list[str]:
    """Every card (up to 5) of the legal good held most.  With no legal card a lie is forced: then
    the one card that would cost least if caught.

    >>> honest_bag(Counter(apples=2, cheese=2, pepper=1))
    ['cheese', 'cheese']
    >>> honest_bag(Counter(silk=1, pepper=2))
    ['pepper']
    """
    return list(_honest_bag(_key(hand)))


@lru_cache(maxsize=HANDS)
def _honest_bag(key: tuple) -> tuple[str, ...]:
    hand = Counter(dict(key))
    target = _collected_good(key)
    if target is None:
        return (min(+hand, key=lambda g: (GOODS[g].penalty, GOODS[g].value, ORDER[g])),)
    return (target,) * min(hand[target], MAX_BAG)


def smuggler_bag(hand: Mapping[str, int], limit: int = MAX_BAG) -> list[str]:
    """The most valuable contraband held (at most ``limit`` cards), padded up to 5 cards with the
    legal good held most; the honest bag when there is no contraband.

    >>> smuggler_bag(Counter(apples=3, cheese=1, pepper=1, crossbow=1))
    ['crossbow', 'pepper', 'apples', 'apples', 'apples']
    >>> smuggler_bag(Counter(apples=3, cheese=1, pepper=1, crossbow=1), limit=1)
    ['crossbow', 'apples', 'apples', 'apples']
    """
    return list(_smuggler_bag(_key(hand), limit))


@lru_cache(maxsize=HANDS)
def _smuggler_bag(key: tuple, limit: int) -> tuple[str, ...]:
    hand = Counter(dict(key))
    contraband = tuple(
        sorted((g for g in hand.elements() if not GOODS[g].is_legal), key=lambda g: (-GOODS[g].value, ORDER[g]))[:limit]
    )
    if not contraband:
        return _honest_bag(key)
    cover = _collected_good(key)
    return contraband + (cover,) * min(hand[cover], MAX_BAG - len(contraband)) if cover else contraband


def declaration(bag: Mapping[str, int]) -> str:
    """The legal good a bag is declared as: the one it holds most of, else :data:`COVER`."""
    return _collected_good(_key(bag)) or COVER


def market_action(view: View, aside: list[str], wanted: Callable[[str], bool]) -> A.Market:
    """Set aside ``aside`` (at most 5); 1st edition: first take the wanted cards on top of the discard piles."""
    aside_ = tuple(aside[:5])
    draws: list[int] = []
    if len(view["discards"]) == 2:
        need = view["hand_limit"] - (sum(view["hand"].values()) - len(aside_))
        for pile, cards in enumerate(view["discards"]):
            for card in reversed(cards):
                if len(draws) >= need or not wanted(card):
                    break
                draws.append(pile)
    return A.Market(view["player"], aside_, tuple(draws))


def bag_key(bag: Mapping[str, int]) -> tuple:
    return tuple(sorted((g, n) for g, n in bag.items() if n))


@lru_cache(maxsize=8192)
def bag_equilibrium(bag_key: tuple, declared: str) -> tuple[Fraction, Fraction]:
    from ..theory import analysis

    e = analysis.inspection_game(dict(bag_key), declared).equilibrium()
    return e.p_inspect, e.q_lie


@lru_cache(maxsize=8192)
def bag_bribe_range(bag_key: tuple, declared: str, p_inspect: Fraction, belief: Fraction) -> tuple[Fraction, Fraction]:
    from ..theory import analysis

    low, high = analysis.bribe_range(dict(bag_key), declared, p_inspect=p_inspect, belief=belief)
    return low, high


MODEL_CONTRABAND = "pepper"
"""The contraband of the lie the sheriffs assume (lesson 08's Pepper: the commonest contraband, 22 of 60 cards)."""


def model_lie(declared: str, count: int) -> Counter:
    """The lie lesson 08 analyses, for a bag declared as ``count`` x ``declared``: half of its cards (rounded up)
    are Pepper, the rest are the declared good.  What the Equilibrium and Greedy sheriffs assume a lying bag holds,
    since they cannot look inside.

    >>> model_lie("apples", 4)                  # lesson 08's bag: 2 Apples + 2 Pepper as "4 Apples"
    Counter({'apples': 2, 'pepper': 2})
    >>> model_lie("chickens", 1), model_lie("cheese", 5)
    (Counter({'pepper': 1}), Counter({'pepper': 3, 'cheese': 2}))
    """
    hidden = (count + 1) // 2
    return +Counter({declared: count - hidden, MODEL_CONTRABAND: hidden})


@lru_cache(maxsize=64)
def model_equilibrium(declared: str, count: int) -> tuple[tuple, Fraction, Fraction]:
    """``(bag key, p*, q*)`` of lesson 08's game for a bag declared as ``count`` x ``declared``: the honest bag
    against :func:`model_lie` (:func:`sheriff_nb.theory.analysis.inspection_game`).

    >>> bag, p, q = model_equilibrium("apples", 4)     # p* = 2(6-2) / (2(6+4) + 8) = 2/7; q* = 8 / (8 + 8)
    >>> bag, p, q
    ((('apples', 2), ('pepper', 2)), Fraction(2, 7), Fraction(1, 2))
    """
    bag = bag_key(model_lie(declared, count))
    return (bag, *bag_equilibrium(bag, declared))


@lru_cache(maxsize=64)
def model_loss(declared: str, count: int) -> Fraction:
    """What a merchant who declared ``count`` x ``declared`` loses on average if the bag is opened, as the sheriffs
    reckon it (:func:`model_equilibrium`): with lesson 08's q* it lies and pays the fine and loses the confiscated
    goods, else it earns 2 a card.

    >>> model_loss("apples", 4)          # (8 + 12) / 2 - 8 / 2
    Fraction(6, 1)
    """
    bag, _, q = model_equilibrium(declared, count)
    opened = inspect_bag(dict(bag), declared)
    lost = opened.gold_to_sheriff + sum(GOODS[g].value * n for g, n in opened.confiscated.items())
    return q * lost - (1 - q) * 2 * count


@lru_cache(maxsize=64)
def model_minimum(declared: str, count: int) -> Fraction:
    """The least bribe the Equilibrium sheriff takes for a bag declared as ``count`` x ``declared``: the minimum of
    lesson 08's bargaining range for the lie it assumes, at its p* and q* (:func:`model_equilibrium`).

    >>> model_minimum("apples", 4)
    Fraction(0, 1)
    """
    bag, p, q = model_equilibrium(declared, count)
    return bag_bribe_range(bag, declared, p, q)[0]


@lru_cache(maxsize=64)
def model_price(declared: str, count: int) -> int:
    """The Greedy sheriff's price for passing a bag declared as ``count`` x ``declared``: the fine of the bag if
    every card were contraband (the minimum of lesson 08's range for a sheriff sure of it), in whole gold.

    >>> model_price("apples", 4)
    16
    """
    full = bag_key(Counter({MODEL_CONTRABAND: count}))
    return math.ceil(bag_bribe_range(full, declared, Fraction(1), Fraction(1))[0])


@lru_cache(maxsize=HANDS)
def bribe_bounds(bag: tuple, declared: str, p_inspect: tuple[int, int]) -> tuple[Fraction, Fraction]:
    """The Briber's bargaining range for its ``bag`` (a :func:`bag_key`) declared as ``declared``, if the sheriff
    opens bags with probability ``p_inspect`` (numerator, denominator) and knows what it hides."""
    return bag_bribe_range(bag, declared, Fraction(*p_inspect), Fraction(1))


@lru_cache(maxsize=HANDS)
def bribe_asks(bag: tuple, declared: str, p_inspect: tuple[int, int]) -> tuple[int, int] | None:
    """The Briber's asks in whole gold for :func:`bribe_bounds`: the middle of the range and its top, both rounded
    down (``int`` of the Fractions), or None when the top is 0 or less (an honest bag gains from inspection).

    >>> bag = (("apples", 2), ("pepper", 2))
    >>> bribe_bounds(bag, "apples", (1, 1)), bribe_asks(bag, "apples", (1, 1))
    ((Fraction(8, 1), Fraction(20, 1)), (14, 20))
    """
    low, high = bribe_bounds(bag, declared, p_inspect)
    return (int((low + high) / 2), int(high)) if high > 0 else None


def bluffer_plan(hand: Mapping[str, int]) -> tuple[list[str], list[str], str | None, Fraction | None]:
    """The Bluffer's two bags for ``hand`` (:func:`bluffer_bags`), the good it declares (:func:`collected_good`)
    and q* of lesson 08's game between them (None when there is no choice to make: no legal card, or no lie).

    >>> bluffer_plan(Counter(apples=3, pepper=2, cheese=1))[2:]
    ('apples', Fraction(3, 7))
    """
    honest, lie, declared, q = _bluffer_plan(_key(hand))
    return list(honest), list(lie), declared, q


@lru_cache(maxsize=HANDS)
def _bluffer_plan(key: tuple) -> tuple[tuple[str, ...], tuple[str, ...], str | None, Fraction | None]:
    honest, lie = _bluffer_bags(key)
    declared = _collected_good(key)
    q = bag_equilibrium(bag_key(Counter(lie)), declared)[1] if declared and lie != honest else None
    return honest, lie, declared, q


def bluffer_bags(hand: Mapping[str, int]) -> tuple[list[str], list[str]]:
    """``(honest, lie)``: the honest bag (:func:`honest_bag`) and the same bag with half of its cards (rounded up,
    as in :func:`model_lie`) swapped for the most valuable contraband held, both declared as the honest good: the
    two rows of lesson 08's game.  With no contraband the lie is the honest bag.

    >>> bluffer_bags(Counter(apples=3, pepper=1, crossbow=2, cheese=1))
    (['apples', 'apples', 'apples'], ['crossbow', 'crossbow', 'apples'])
    >>> bluffer_bags(Counter(apples=4, mead=1))
    (['apples', 'apples', 'apples', 'apples'], ['mead', 'apples', 'apples', 'apples'])
    """
    honest, lie = _bluffer_bags(_key(hand))
    return list(honest), list(lie)


@lru_cache(maxsize=HANDS)
def _bluffer_bags(key: tuple) -> tuple[tuple[str, ...], tuple[str, ...]]:
    hand = Counter(dict(key))
    honest = _honest_bag(key)
    contraband = tuple(
        sorted((g for g in hand.elements() if not GOODS[g].is_legal), key=lambda g: (-GOODS[g].value, ORDER[g]))[
            : (len(honest) + 1) // 2
        ]
    )
    return honest, contraband + honest[len(contraband) :]


class Seeded:
    """A character's own random numbers (``rng``), made from its seed when first used: most characters never draw
    one, and a game makes fresh characters."""

    def __init__(self, seed: int | str = 0) -> None:
        self._seed: int | str = seed
        self._rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        if self._rng is None:
            self._rng = random.Random(self._seed)
        return self._rng

    def reseed(self, seed: int | str) -> None:
        """Restart the random numbers from ``seed``."""
        self._seed, self._rng = seed, None


def offer_worth(offer: A.Offer) -> int:
    """What an offer is surely worth to the sheriff: its gold and stand goods (bag goods may not be there)."""
    return offer.gold + sum(GOODS[g].value for g in offer.stand)


FACE_DOWN_WORTH = 6
"""What a face-down card is counted as in a public score: the least a contraband card is worth (Pepper)."""


def public_score(view: View, seat: int) -> int:
    """A seat's score as everyone can count it: gold, face-up goods, and :data:`FACE_DOWN_WORTH` a face-down card."""
    return public_scores(view)[seat]


def public_scores(view: View) -> list[int]:
    """Every seat's :func:`public_score`."""
    scores = list(view["gold"])
    for seat, stand in enumerate(view["stands"]):
        for good, n in stand.items():
            scores[seat] += n * (FACE_DOWN_WORTH if good == "face_down" else GOODS[good].value)
    return scores


def inspection_bribe(view: View, merchant: int) -> int:
    """Gold worth paying the officials to open ``merchant``'s bag (0: not worth it).

    Only the leading rival is worth hurting: ``merchant`` must lead every other player's :func:`public_score`,
    the payer's included.  Its loss if opened is reckoned as the sheriffs reckon it (:func:`model_equilibrium`): it
    lies with lesson 08's q* and then pays the fine and loses the confiscated goods, else it earns 2 a card.  The
    payer offers half that expected loss (it keeps the other half as its gain on the leader), at most its gold.

    >>> view = {"player": 1, "gold": [50, 40, 60, 45], "stands": [{}, {}, {"face_down": 2}, {}],
    ...         "declarations": [None, None, ("apples", 4), None]}
    >>> inspection_bribe(view, 2)        # 2 Apples + 2 Pepper at q* = 1/2: (8 + 12)/2 - 8/2 = 6, half of it
    3
    >>> inspection_bribe(view, 3)        # not the leader
    0
    """
    me = view["player"]
    everyone = public_scores(view)
    scores = {seat: score for seat, score in enumerate(everyone) if seat != me}
    if max(scores, key=scores.__getitem__) != merchant or scores[merchant] <= everyone[me]:
        return 0
    return max(0, min(half_model_loss(*view["declarations"][merchant]), view["gold"][me]))


@lru_cache(maxsize=64)
def half_model_loss(declared: str, count: int) -> int:
    """Half of :func:`model_loss`, in whole gold (rounded toward zero): what :func:`inspection_bribe` offers.

    >>> half_model_loss("apples", 4)
    3
    """
    return int(model_loss(declared, count) / 2)


__all__ = [
    "Seeded",
    "offer_worth",
    "FACE_DOWN_WORTH",
    "public_score",
    "public_scores",
    "inspection_bribe",
    "half_model_loss",
    "COVER",
    "MODEL_CONTRABAND",
    "HANDS",
    "honest_bag",
    "smuggler_bag",
    "bluffer_bags",
    "bluffer_plan",
    "declaration",
    "model_lie",
    "model_equilibrium",
    "model_loss",
    "model_minimum",
    "model_price",
    "bribe_bounds",
    "bribe_asks",
    "bag_key",
    "bag_equilibrium",
    "bag_bribe_range",
    "collected_good",
    "cheapest_first",
    "market_action",
    "chance",
]
