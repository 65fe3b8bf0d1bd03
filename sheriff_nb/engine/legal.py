"""The legal actions of a game right now, as a view you can iterate or test membership in.

>>> from sheriff_nb.engine.game import Game
>>> game = Game(players=3, seed=1, first_sheriff=0)
>>> list(game.legal_actions())
[ChooseFirstMerchant(player=0, merchant=1), ChooseFirstMerchant(player=0, merchant=2)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from itertools import combinations_with_replacement, permutations

from . import actions as A
from .cards import IDS, LEGAL_GOODS, goods, sorted_ids
from .errors import RuleError
from .inspection import MAX_BAG, MIN_BAG
from .phases.deals import deal_officials
from .state import GameState, Phase


def sub_multisets(hand: Counter[str], low: int, high: int) -> Iterator[tuple[str, ...]]:
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
    """The legal actions now: iterate, take ``len``, or test ``action in legal`` (exact).

    ``check`` raises the RuleError an action breaks (:meth:`Game.check <sheriff_nb.engine.game.Game.check>`).
    """

    def __init__(self, state: GameState, check: Callable[[A.Action], None], player: int | None) -> None:
        self.state, self.check, self.player = state, check, player

    def _legal(self, action: A.Action) -> bool:
        try:
            self.check(action)
        except RuleError:
            return False
        return True

    def __contains__(self, action: object) -> bool:
        return isinstance(action, A.Action) and self.player in (None, action.player) and self._legal(action)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __iter__(self) -> Iterator[A.Action]:
        return (a for a in self._candidates() if self.player in (None, a.player) and self._legal(a))

    def _candidates(self) -> Iterator[A.Action]:
        s = self.state
        phase = s.phase
        if phase is Phase.MARKET:
            yield from self._market()
        elif phase is Phase.LOAD:
            for seat in s.merchants:
                if s.bags[seat] is None:
                    yield from (A.Load(seat, bag) for bag in sub_multisets(goods(s.hands[seat]), MIN_BAG, MAX_BAG))
        elif phase is Phase.DECLARATION:
            seat = s.queue[0]
            bag = s.bags[seat]
            assert bag is not None  # every bag is loaded before the declarations
            yield from (A.Declare(seat, good, sum(bag)) for good in LEGAL_GOODS)
        elif phase is Phase.INSPECTION and s.confiscated:
            yield from self._discards()
        elif phase is Phase.INSPECTION:
            if s.in_hand is None:
                yield from (A.PickUpBag(s.sheriff, m) for m in s.pending)
            for m in s.pending:
                for official in s.handlers[m]:
                    yield A.Pass(official, m)
                    yield A.Inspect(official, m)
            for m, offer in s.offers.items():
                yield from (A.Accept(seat, m) for seat in (m, *deal_officials(s, offer)))
            yield A.PassRemaining(s.sheriff)
            for seat in s.merchants:
                yield A.ClaimBlackMarket(seat, None)
                yield from (A.ClaimBlackMarket(seat, good) for good in s.black_market)
            for deputy in s.officials:
                yield from (A.SplitBooty(deputy, odd_to) for odd_to in (None, *s.officials))

    def _discards(self) -> Iterator[A.Action]:
        """1st edition: the confiscated cards onto either pile, in rulebook order or any other order."""
        s = self.state
        orders = [()] + sorted(set(permutations(IDS[c] for c in s.confiscated)))
        for pile in (0, 1):
            yield from (A.DiscardConfiscated(s.sheriff, pile, order) for order in orders)

    def _market(self) -> Iterator[A.Action]:
        s = self.state
        if not s.queue:
            yield from (A.ChooseFirstMerchant(s.sheriff, m) for m in s.merchants)
            return
        seat = s.queue[0]
        hand = s.hands[seat]
        for aside in sub_multisets(goods(hand), 0, 5):
            if s.options.edition == 2:
                yield A.Market(seat, aside)
                continue
            need = s.options.hand_size - (sum(hand) - len(aside))
            for left in range(min(need, len(s.discards[0])) + 1):
                for right in range(min(need - left, len(s.discards[1])) + 1):
                    for onto in (0, 1):
                        yield A.Market(seat, aside, (0,) * left + (1,) * right, onto)


__all__ = ["LegalActions", "sub_multisets"]
