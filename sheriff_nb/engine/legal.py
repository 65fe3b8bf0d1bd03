"""The legal actions of a game right now, as a view you can iterate or test membership in."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement, permutations
from typing import TYPE_CHECKING

from . import actions as A
from .cards import LEGAL_GOODS, sorted_ids
from .inspection import MAX_BAG, MIN_BAG

if TYPE_CHECKING:
    from .game import Game


def sub_multisets(hand: Counter, low: int, high: int) -> Iterator[tuple[str, ...]]:
    """Every multiset of ``low`` to ``high`` cards from ``hand`` (sorted tuples).

    >>> list(sub_multisets(Counter(apples=2, mead=1), 2, 2))
    [('apples', 'apples'), ('apples', 'mead')]
    """
    kinds = sorted_ids(+hand)
    for size in range(low, min(high, sum(hand.values())) + 1):
        for combo in combinations_with_replacement(kinds, size):
            if not Counter(combo) - hand:
                yield combo


class LegalActions:
    """The legal actions now: iterate, take ``len``, or test ``action in legal`` (exact)."""

    def __init__(self, game: Game, player: int | None) -> None:
        self.game, self.player = game, player

    def __contains__(self, action: object) -> bool:
        return isinstance(action, A.Action) and (self.player in (None, action.player)) and self.game.is_legal(action)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __iter__(self) -> Iterator[A.Action]:
        return (a for a in self._candidates() if self.player in (None, a.player) and self.game.is_legal(a))

    def _candidates(self) -> Iterator[A.Action]:
        g = self.game
        phase = g.phase.value
        if phase == "market":
            yield from self._market()
        elif phase == "load":
            for seat in g.merchants:
                if g.bags[seat] is None:
                    yield from (A.Load(seat, bag) for bag in sub_multisets(g.hands[seat], MIN_BAG, MAX_BAG))
        elif phase == "declaration":
            seat = g.queue[0]
            yield from (A.Declare(seat, good, sum(g.bags[seat].values())) for good in LEGAL_GOODS)
        elif phase == "inspection" and g.confiscated:
            yield from self._discards()
        elif phase == "inspection":
            for m in g.pending:
                for official in g.handlers[m]:
                    yield A.Pass(official, m)
                    yield A.Inspect(official, m)
            for m, offer in g.offers.items():
                yield from (A.Accept(seat, m) for seat in (m, *g.deal_officials(offer)))
            yield A.PassRemaining(g.sheriff)
            for seat in g.merchants:
                yield A.ClaimBlackMarket(seat, None)
                yield from (A.ClaimBlackMarket(seat, good) for good in g.black_market)
            for deputy in g.sheriffs:
                yield from (A.SplitBooty(deputy, odd_to) for odd_to in (None, *g.sheriffs))

    def _discards(self) -> Iterator[A.Action]:
        """1st edition: the confiscated cards onto either pile, in rulebook order or any other order."""
        g = self.game
        orders = [()] + sorted(set(permutations(g.confiscated)))
        for pile in (0, 1):
            yield from (A.DiscardConfiscated(g.sheriff, pile, order) for order in orders)

    def _market(self) -> Iterator[A.Action]:
        g = self.game
        if not g.queue:
            yield from (A.ChooseFirstMerchant(g.sheriff, m) for m in g.merchants)
            return
        seat = g.queue[0]
        hand = g.hands[seat]
        for aside in sub_multisets(hand, 0, 5):
            if g.options.edition == 2:
                yield A.Market(seat, aside)
                continue
            need = g.options.hand_size - (sum(hand.values()) - len(aside))
            for left in range(min(need, len(g.discards[0])) + 1):
                for right in range(min(need - left, len(g.discards[1])) + 1):
                    for onto in (0, 1):
                        yield A.Market(seat, aside, (0,) * left + (1,) * right, onto)
