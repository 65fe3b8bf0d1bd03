"""The merchant characters: :class:`Honest`, :class:`Smuggler`, :class:`Bluffer` and :class:`Briber`, each a
:class:`Merchant` that loads, declares and bargains its own way (their bags come from :mod:`sheriff_nb.play.habits`).
They are paired with a sheriff in :class:`sheriff_nb.play.bots.Strategy`; see :mod:`sheriff_nb.play.bots`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import lru_cache

from ..engine import actions as A
from ..engine.cards import GOODS, LEGAL_GOODS
from ..engine.errors import Phrase
from ..engine.inspection import MAX_BAG
from .driver import Bot, View, move
from .habits import (
    HANDS,
    Seeded,
    bag_key,
    bluffer_plan,
    bribe_asks,
    chance,
    cheapest_first,
    collected_good,
    declaration,
    honest_bag,
    inspection_bribe,
    market_action,
    offer_worth,
    smuggler_bag,
)


class Merchant(Seeded, Bot):
    """A merchant personality.  Used alone as a bot, it answers sheriff questions like :class:`Bot`
    (passes every bag); pair it with a sheriff personality in a :class:`Strategy`."""

    role = "merchant"
    title: str  # each character sets its own: "Honest merchant"
    model = ""
    """Which model of lesson 08 the personality assumes ("" for those that use none)."""
    offers_bribes = pays_for_inspections = False

    def bag(self, hand: Mapping[str, int]) -> list[str]:
        """The cards this personality loads from ``hand``."""
        return honest_bag(hand)

    @staticmethod
    def set_aside(hand: Counter) -> tuple[list[str], Callable[[str], bool]]:
        """What this personality sets aside in the Market from ``hand``, and which cards it would take from the top
        of a discard pile (1st edition): keep contraband and the legal good held most; set aside lone cards of
        other legal goods."""
        target = collected_good(hand)
        lone = cheapest_first(g for g in LEGAL_GOODS if hand[g] == 1 and g != target)
        return lone, lambda c: c == target or not GOODS[c].is_legal

    def market(self, view: View) -> A.Market:
        """Set aside what :meth:`set_aside` says; 1st edition: first take the wanted cards on the discard piles."""
        if view["edition"] == 1:  # 1st edition: the cards on the piles matter
            aside, wanted = self.set_aside(Counter(view["hand"]))
            return market_action(view, aside, wanted)
        return move(A.Market, view["player"], _set_aside(type(self).set_aside, tuple(view["hand"].items())))

    def load(self, view: View) -> A.Load:
        return move(A.Load, view["player"], tuple(self.bag(view["hand"])))

    def declare(self, view: View) -> A.Declare:
        bag = view["bag"]
        return move(A.Declare, view["player"], declaration(bag), sum(bag.values()))


@lru_cache(maxsize=HANDS)
def _set_aside(rule: Callable, hand: tuple) -> tuple[str, ...]:
    """What a personality's ``set_aside`` rule sets aside from a hand, remembered (2nd edition: the hand decides)."""
    return tuple(rule(Counter(dict(hand)))[0][:5])


class Honest(Merchant):
    """Always declares the truth (unless its hand holds no legal good at all, when a lie is forced)."""

    name: str = Phrase("Honest")  # str: the lesson cast renames it with plain catalogue strings
    title: str = Phrase("Honest merchant")
    personality: str = Phrase(
        "loads the legal good it holds most and declares exactly that (a lie only with no legal card)"
    )

    @staticmethod
    def set_aside(hand: Counter) -> tuple[list[str], Callable[[str], bool]]:
        """Set aside contraband, then lone cards, to chase the legal good held most."""
        target = collected_good(hand)
        junk = cheapest_first(g for g in hand.elements() if not GOODS[g].is_legal)
        lone = cheapest_first(g for g in LEGAL_GOODS if hand[g] == 1 and g != target)
        return junk + lone, lambda c: c == target if target else GOODS[c].is_legal


class Smuggler(Merchant):
    """Loads its most valuable contraband (up to ``limit`` cards) under the legal good it holds most, declared as
    that good; honest only when it holds no contraband.  Never bribes."""

    name = title = Phrase("Smuggler")
    personality = Phrase("hides its most valuable contraband under the legal good it holds most; never bribes")

    def __init__(self, seed: int | str = 0, limit: int = MAX_BAG) -> None:
        super().__init__(seed)
        self.limit = limit

    def bag(self, hand: Mapping[str, int]) -> list[str]:
        return smuggler_bag(hand, self.limit)


class Bluffer(Merchant):
    """Plays lesson 08's equilibrium: carries the lie of :func:`bluffer_bags` with probability q* of that game
    (``2n / (2n + c*f)``: the honest row is the honest bag it really holds), else the honest bag.  With nothing
    to smuggle it is honest; with no legal card it carries the Smuggler's bag (no honest bag exists).

    ``choices`` records ``(q*, lied)`` for every bag where it had both options.
    """

    name = title = Phrase("Bluffer")
    personality = Phrase("swaps half its honest bag for contraband with probability q* (lesson 08), else stays honest")
    model = Phrase(
        "lesson 08's 2 × 2 game between its honest bag (n cards) and the same bag with c = half of them "
        "(rounded up) contraband, fine f each: it lies with q* = 2n / (2n + c·f)"
    )

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        self.choices: list[tuple[Fraction, bool]] = []
        self.declared: str | None = None

    def bag(self, hand: Mapping[str, int]) -> list[str]:
        honest, lie, self.declared, q = bluffer_plan(hand)
        if self.declared is None:
            return smuggler_bag(hand)  # no legal card: no honest bag to carry
        if q is None:  # nothing to smuggle: the lie is the honest bag
            return honest
        lied = chance(self.rng, q)
        self.choices.append((q, lied))
        return lie if lied else honest

    def declare(self, view: View) -> A.Declare:
        bag = view["bag"]
        return move(A.Declare, view["player"], self.declared or declaration(bag), sum(bag.values()))


class Briber(Merchant):
    """Smuggles like the Smuggler; with contraband in the bag it offers the midpoint of
    :func:`~sheriff_nb.theory.analysis.bribe_range` and accepts counter-offers up to its maximum."""

    name = title = Phrase("Briber")
    personality = Phrase(
        "smuggles like the Smuggler, then offers the middle of the bargaining range and pays up to its top"
    )
    model = Phrase(
        "lesson 08's bargaining zone for its own bag, as if the sheriff would surely open it (p = 1) and knew "
        "what it hides: from c·f to c(v + f)"
    )
    offers_bribes = pays_for_inspections = True

    def __init__(self, seed: int | str = 0, p_inspect: Fraction = Fraction(1)) -> None:
        super().__init__(seed)
        self.p_inspect = Fraction(p_inspect)
        self._last: tuple[int, int] | None = None

    def bag(self, hand: Mapping[str, int]) -> list[str]:
        return smuggler_bag(hand)

    def _asks(self, view: View) -> tuple[int, int] | None:
        """The middle and the top of its bag's bargaining range in whole gold (:func:`bribe_asks`), or None: no bag
        yet, or an honest bag, which gains from inspection (no bribe)."""
        bag, decl = view["bag"], view["declarations"][view["player"]]
        if not bag or decl is None:
            return None
        return bribe_asks(bag_key(bag), decl[0], self.p_inspect.as_integer_ratio())

    def offer(self, view: View) -> A.Offer | None:
        asks = self._asks(view)
        if asks is None:
            return None
        me, gold = view["player"], view["gold"][view["player"]]
        fair, top = min(asks[0], gold), min(asks[1], gold)
        current = view["offers"].get(me)
        if current is None:
            ask = fair
        elif current["player"] == me or self._last == (view["round"], top):
            return None  # the sheriff ignored our offer, or still wants more than our maximum
        else:
            ask = top  # last try: our maximum
        offer = A.Offer(me, me, gold=ask)
        if ask <= 0 or offer not in view["legal"]:
            return None
        self._last = (view["round"], ask)
        return offer

    def answer(self, view: View, offer: A.Offer) -> A.Accept | None:
        asks = self._asks(view)
        if asks is None or offer.gold > view["gold"][view["player"]]:
            return None
        cost = offer_worth(offer) + sum(
            GOODS[g].value * n for g, n in (Counter(offer.bag) & Counter(view["bag"])).items()
        )
        accept = A.Accept(view["player"], offer.merchant)
        return accept if cost <= asks[1] and accept in view["legal"] else None  # a whole cost: top rounded down

    def bribe_for_inspection(self, view: View, merchant: int) -> A.Offer | None:
        """Pay to have the leading rival's bag opened, when that pays off: see :func:`inspection_bribe`."""
        gold = inspection_bribe(view, merchant)
        if not gold:
            return None
        me = view["player"]
        offer = A.Offer(me, me, gold=gold, inspect=(merchant,), buys_pass=False)
        return offer if offer in view["legal"] else None


__all__ = ["Merchant", "Honest", "Smuggler", "Bluffer", "Briber"]
