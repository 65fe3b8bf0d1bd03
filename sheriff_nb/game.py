"""The :class:`Game` state machine: a whole game of Sheriff of Nottingham, action by action.

A game is built from :class:`~sheriff_nb.rules.RuleOptions` and a seed.  ``apply(action)``
either raises a :class:`~sheriff_nb.rules.RuleError` and leaves the game exactly as it was, or
changes it and appends an event.  A scripted round (4 players, 2nd edition):

>>> from sheriff_nb.actions import *
>>> game = Game(players=4, edition=2, seed=1, first_sheriff=0)
>>> game.phase.value, game.sheriff, game.merchants
('market', 0, [1, 2, 3])
>>> _ = game.apply(ChooseFirstMerchant(0, merchant=1))
>>> for seat in game.merchants:
...     _ = game.apply(Market(seat))            # set nothing aside, draw nothing
>>> dict(game.hands[1])
{'chickens': 2, 'pepper': 1, 'bread': 1, 'silk': 2}
>>> game.apply(Load(1, ["chickens", "chickens", "silk", "silk", "silk"]))
Traceback (most recent call last):
...
sheriff_nb.rules.NotInHandError: Player 2 does not hold 1 Silk in hand
>>> for seat, bag in [(1, "chickens chickens silk"), (2, "bread bread"), (3, "bread bread mead")]:
...     _ = game.apply(Load(seat, bag.split()))
>>> for seat, good, count in [(1, "chickens", 3), (2, "bread", 2), (3, "bread", 3)]:
...     _ = game.apply(Declare(seat, good, count))
>>> _ = game.apply(Offer(3, merchant=3, gold=4))                 # a bribe...
>>> _ = game.apply(Offer(0, merchant=3, gold=6))                 # ...a counter-offer...
>>> _ = game.apply(Accept(3, merchant=3))                        # ...Deal!
>>> game.apply(Inspect(0, merchant=3))
Traceback (most recent call last):
...
sheriff_nb.rules.InspectionError: the sheriff agreed in a deal to pass Player 4's bag this round; ...
>>> _ = game.apply(Pass(0, merchant=3))                          # the bribe is paid
>>> game.apply(Inspect(0, merchant=1))["gold_to_sheriff"]        # 3 chickens? 2 and a silk: fined 4
4
>>> game.apply(Inspect(0, merchant=2))["gold_to_sheriff"]        # honest: the sheriff pays 2 x 2
-4
>>> game.round, game.sheriff, game.gold
(1, 1, [56, 46, 54, 44])
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from enum import StrEnum
from itertools import combinations_with_replacement

from . import actions as A
from .cards import GOODS, LEGAL, deck, sorted_ids
from .inspection import MAX_BAG, MIN_BAG, check_bag, check_declaration, inspect_bag, pay_debt
from .rules import (
    BribeError,
    InspectionError,
    MarketError,
    NotInHandError,
    NotYourTurnError,
    OutOfPhaseError,
    RuleError,
    RuleOptions,
    SaveFileError,
    SetupError,
)
from .scoring import score, score_rows

START_GOLD = 50
SCHEMA = 1
PILE_SIZE = 5
"""1st edition: each discard pile starts with 5 cards, and the top 5 stay when the deck is rebuilt."""
PILE_NAMES = ("left", "right")


class Phase(StrEnum):
    """The phases of a round (End of round happens at once after the last bag)."""

    MARKET = "market"
    LOAD = "load"
    DECLARATION = "declaration"
    INSPECTION = "inspection"
    OVER = "over"

    @property
    def title(self) -> str:
        """The rulebook name, e.g. "phase 2, Load the bag"."""
        return PHASE_TITLES[self]


PHASE_TITLES = {Phase.MARKET: "phase 1, Market", Phase.LOAD: "phase 2, Load the bag",
                Phase.DECLARATION: "phase 3, Declaration", Phase.INSPECTION: "phase 4, Inspection",
                Phase.OVER: "the end of the game"}
ACTION_PHASES = {A.ChooseFirstMerchant: Phase.MARKET, A.Market: Phase.MARKET, A.Load: Phase.LOAD,
                 A.Declare: Phase.DECLARATION, A.Offer: Phase.INSPECTION, A.Accept: Phase.INSPECTION,
                 A.Pass: Phase.INSPECTION, A.Inspect: Phase.INSPECTION, A.PassRemaining: Phase.INSPECTION}
STAT_NAMES = ("bags_passed", "bags_inspected", "caught", "bribes_paid", "bribes_received", "gold_bribes_paid",
              "gold_bribes_received")


def _counter_data(counter: Counter) -> dict:
    return {g: counter[g] for g in sorted_ids(counter) if counter[g]}


class Game:
    """One game: players sit in seats ``0 … players-1``; clockwise means the next seat up.

    ``Game(players=5, edition=1, royal=True, seed=7)`` is short for
    ``Game(RuleOptions(edition=1, players=5, royal=True), seed=7)``.  ``first_sheriff`` is a
    seat, or ``None`` to draw one at random from the seed.
    """

    def __init__(self, options: RuleOptions | None = None, seed: int = 0, first_sheriff: int | None = None,
                 names: list[str] | None = None, **option_fields) -> None:
        self.options = options or RuleOptions(**option_fields)
        n = self.options.players
        self.seed = seed
        self.names = [str(name) for name in names] if names else [f"Player {i + 1}" for i in range(n)]
        if len(self.names) != n:
            raise SetupError(f"{n} players need {n} names, not {len(self.names)}")
        if first_sheriff is None:
            first_sheriff = random.Random(f"{seed}:first sheriff").randrange(n)
        if not isinstance(first_sheriff, int) or not 0 <= first_sheriff < n:
            raise SetupError(f"the first sheriff must be one of the seats 0 to {n - 1}, not {first_sheriff!r}")
        self.first_sheriff = first_sheriff
        counts = deck(self.options.edition, n, self.options.royal, self.options.four_plus_removed)
        self.deck_size = sum(counts.values())
        pile = [g for g in GOODS for _ in range(counts[g])]
        random.Random(f"{seed}:setup").shuffle(pile)
        self.removed = Counter(pile.pop() for _ in range(self.options.remove_random))
        self.deck: list[str] = pile
        self.discards: list[list[str]] = [[], []] if self.options.edition == 1 else [[]]
        self.set_aside: list[str] = []  # 2nd edition: this Market's face-up cards, not yet discarded
        self.reshuffles = 0
        self.hands = [Counter() for _ in range(n)]
        for hand in self.hands:
            hand.update(self._draw(self.options.hand_size))
        if self.options.edition == 1:
            for discard in self.discards:
                discard.extend(self._draw(PILE_SIZE))
        self.gold = [START_GOLD] * n
        self.stands = [Counter() for _ in range(n)]
        self.stats = [dict.fromkeys(STAT_NAMES, 0) for _ in range(n)]
        self.history: list[A.Action] = []
        self.events: list[dict] = []
        self.round = 0
        self.sheriff = first_sheriff
        self._start_round()

    # ---------------------------------------------------------------- state helpers

    @property
    def players(self) -> int:
        """Number of players."""
        return self.options.players

    @property
    def merchants(self) -> list[int]:
        """This round's merchants, clockwise from the sheriff's left."""
        n = self.players
        return [(self.sheriff + k) % n for k in range(1, n)]

    @property
    def is_over(self) -> bool:
        """True once the last round has ended."""
        return self.phase is Phase.OVER

    def _start_round(self) -> None:
        self.phase = Phase.MARKET
        self.bags: list[Counter | None] = [None] * self.players
        self.declarations: list[tuple[str, int] | None] = [None] * self.players
        self.pending: list[int] = []  # bags not yet handled, in declaration order
        self.offers: dict[int, A.Offer] = {}  # open offer per merchant's bag
        self.deals: dict[int, A.Offer] = {}  # agreed deal per merchant's bag
        self.queue = self.merchants if self.options.edition == 1 else []
        self.events.append({"kind": "round_start", "round": self.round, "sheriff": self.sheriff})

    def _draw(self, count: int) -> list[str]:
        """Draw from the deck, rebuilding it from the discards when it runs out (RULES.md §3)."""
        drawn = []
        for _ in range(count):
            if not self.deck and not self._rebuild_deck():
                break
            drawn.append(self.deck.pop())
        return drawn

    def _rebuild_deck(self) -> bool:
        if self.options.edition == 1:  # all discards except the top 5 of each pile
            rebuilt = [c for pile in self.discards for c in pile[:-PILE_SIZE]]
            self.discards = [pile[-PILE_SIZE:] for pile in self.discards]
        else:  # the whole discard pile
            rebuilt, self.discards = self.discards[0], [[]]
        if not rebuilt:
            return False
        self.reshuffles += 1
        random.Random(f"{self.seed}:reshuffle {self.reshuffles}").shuffle(rebuilt)
        self.deck = rebuilt
        self.events.append({"kind": "reshuffle", "cards": len(rebuilt)})
        return True

    def _name(self, seat: int) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < self.players else f"seat {seat!r}"

    # ---------------------------------------------------------------- applying actions

    def apply(self, action: A.Action) -> dict:
        """Check ``action`` against the rules; apply it and return its event, or raise a RuleError.

        A rejected action leaves the game exactly as it was.
        """
        self.check(action)
        event = getattr(self, f"_do_{action.kind}")(action)
        self.history.append(action)
        self.events.append(event)
        if self.phase is Phase.INSPECTION and not self.pending:
            self._end_round()
        return event

    def check(self, action: A.Action) -> None:
        """Raise the RuleError that ``action`` breaks, if any; change nothing."""
        if not isinstance(action, A.Action):
            raise RuleError(f"{action!r} is not an action; use one of {', '.join(A.ACTIONS)}")
        if not isinstance(action.player, int) or not 0 <= action.player < self.players:
            raise NotYourTurnError(f"players sit in seats 0 to {self.players - 1}; there is no seat {action.player!r}")
        needed = ACTION_PHASES[type(action)]
        if self.phase is not needed:
            raise OutOfPhaseError(
                f"{type(action).__name__} belongs to {needed.title}; the game is in {self.phase.title}")
        getattr(self, f"_check_{action.kind}")(action)

    def is_legal(self, action: A.Action) -> bool:
        """True exactly when :meth:`apply` would accept ``action``."""
        try:
            self.check(action)
        except RuleError:
            return False
        return True

    def _require_sheriff(self, action: A.Action, doing: str) -> None:
        if action.player != self.sheriff:
            raise NotYourTurnError(f"only the sheriff ({self._name(self.sheriff)}) may {doing}")

    def _require_merchant(self, seat: int, doing: str) -> None:
        if seat == self.sheriff:
            raise NotYourTurnError(f"{self._name(seat)} is the sheriff this round and cannot {doing}")

    # Market -------------------------------------------------------------------------

    def _check_choose_first_merchant(self, action: A.ChooseFirstMerchant) -> None:
        if self.options.edition == 1:
            raise MarketError("in the 1st edition the Market starts at the sheriff's left; nobody chooses")
        self._require_sheriff(action, "choose who starts the Market")
        if self.queue:
            raise MarketError("the first merchant has already been chosen this round")
        if action.merchant not in self.merchants:
            raise NotYourTurnError(f"the Market starts with a merchant; {self._name(action.merchant)} is not one")

    def _do_choose_first_merchant(self, action: A.ChooseFirstMerchant) -> dict:
        start = self.merchants.index(action.merchant)
        self.queue = self.merchants[start:] + self.merchants[:start]
        return {"kind": "choose_first_merchant", "round": self.round, "player": action.player,
                "merchant": action.merchant}

    def _check_market(self, action: A.Market) -> None:
        if not self.queue:
            raise NotYourTurnError(f"the sheriff ({self._name(self.sheriff)}) first chooses who starts the Market")
        if action.player != self.queue[0]:
            raise NotYourTurnError(f"the Market goes clockwise: it is {self._name(self.queue[0])}'s turn")
        hand = self.hands[action.player]
        aside = Counter(action.set_aside)
        if len(action.set_aside) > 5:
            raise MarketError(f"a merchant sets aside 0 to 5 cards in the Market; not {len(action.set_aside)}")
        self._require_in_hand(action.player, aside)
        need = self.options.hand_size - (sum(hand.values()) - len(action.set_aside))
        if len(action.draws) > need:
            raise MarketError(f"you draw back up to {self.options.hand_size} cards: {need} draws, "
                              f"not {len(action.draws)}")
        if self.options.edition == 2:
            if any(source != A.DECK for source in action.draws) or action.onto != 0:
                raise MarketError("in the 2nd edition Market you draw only from the deck; set-aside cards go face "
                                  "up and join the discard pile after every merchant's turn")
            return
        if action.onto not in (0, 1):
            raise MarketError(f"there are two discard piles, 0 (left) and 1 (right); not {action.onto!r}")
        taken = [0, 0]
        for index, source in enumerate(action.draws):
            if source == A.DECK:
                continue
            if source not in (0, 1):
                raise MarketError(f"draw from the deck or discard pile 0 (left) or 1 (right); not {source!r}")
            if A.DECK in action.draws[:index]:
                raise MarketError("every discard-pile draw must come before any draw from the deck; after a deck "
                                  "draw you may no longer take from a discard pile")
            taken[source] += 1
            if taken[source] > len(self.discards[source]):
                raise MarketError(f"the {PILE_NAMES[source]} discard pile holds only "
                                  f"{len(self.discards[source])} cards")

    def _do_market(self, action: A.Market) -> dict:
        hand = self.hands[action.player]
        hand.subtract(action.set_aside)
        drawn_from_piles = []
        deck_draws = 0
        for source in action.draws:
            if source == A.DECK:
                deck_draws += 1
            else:
                drawn_from_piles.append(self.discards[source].pop())
        need = self.options.hand_size - sum(hand.values()) - len(drawn_from_piles)
        hand.update(drawn_from_piles)
        hand.update(self._draw(need))
        self.hands[action.player] = +hand
        if self.options.edition == 1:
            self.discards[action.onto].extend(action.set_aside)
        else:
            self.set_aside.extend(action.set_aside)
        self.queue.pop(0)
        if not self.queue:
            if self.options.edition == 2:
                self.discards[0].extend(sorted_ids(self.set_aside))
                self.set_aside = []
            self.phase = Phase.LOAD
        return {"kind": "market", "round": self.round, "player": action.player, "set_aside": list(action.set_aside),
                "from_piles": drawn_from_piles, "from_deck": need, "onto": action.onto}

    def _require_in_hand(self, seat: int, wanted: Counter) -> None:
        missing = wanted - self.hands[seat]
        if missing:
            names = ", ".join(f"{n} {GOODS[g].name}" for g, n in missing.items())
            raise NotInHandError(f"{self._name(seat)} does not hold {names} in hand")

    # Load and Declaration -----------------------------------------------------------

    def _check_load(self, action: A.Load) -> None:
        self._require_merchant(action.player, "load a bag")
        if self.bags[action.player] is not None:
            raise OutOfPhaseError(f"player {action.player} has already loaded and closed their bag; "
                                  "a closed bag cannot change")
        bag = Counter(action.cards)
        check_bag(bag)
        self._require_in_hand(action.player, bag)

    def _do_load(self, action: A.Load) -> dict:
        bag = Counter(action.cards)
        self.hands[action.player] = +(self.hands[action.player] - bag)
        self.bags[action.player] = bag
        if all(self.bags[m] is not None for m in self.merchants):
            self.phase = Phase.DECLARATION
            self.queue = self.merchants
        return {"kind": "load", "round": self.round, "player": action.player, "cards": list(action.cards)}

    def _check_declare(self, action: A.Declare) -> None:
        if action.player != self.queue[0]:
            raise NotYourTurnError(f"declarations go clockwise from the sheriff's left: it is "
                                   f"{self._name(self.queue[0])}'s turn")
        check_declaration(action.good, action.count, sum(self.bags[action.player].values()))

    def _do_declare(self, action: A.Declare) -> dict:
        good = check_declaration(action.good, action.count, action.count)
        self.declarations[action.player] = (good, action.count)
        self.queue.pop(0)
        if not self.queue:
            self.phase = Phase.INSPECTION
            self.pending = self.merchants
        return {"kind": "declare", "round": self.round, "player": action.player, "good": good, "count": action.count}

    # Inspection ---------------------------------------------------------------------

    def _require_pending(self, merchant: int) -> None:
        if merchant not in self.pending:
            state = "is the sheriff's" if merchant == self.sheriff else "has already been handled"
            raise InspectionError(f"the sheriff handles each bag once; {self._name(merchant)}'s bag {state}")

    def _check_offer(self, action: A.Offer) -> None:
        m = action.merchant
        self._require_pending(m)
        if action.player not in (m, self.sheriff):
            raise NotYourTurnError(f"a deal about {self._name(m)}'s bag is made between {self._name(m)} and the "
                                   f"sheriff; {self._name(action.player)} is neither")
        if isinstance(action.gold, bool) or not isinstance(action.gold, int) or action.gold < 0:
            raise BribeError(f"a bribe's gold is a whole number of coins, not {action.gold!r}")
        if action.gold > self.gold[m]:
            raise BribeError(f"a bribe can never be more gold than you own: {self._name(m)} has {self.gold[m]} "
                             f"gold, not {action.gold}")
        missing = Counter(action.stand) - self.stands[m]
        if missing:
            in_hand = missing - self.hands[m] != missing
            where = "cards in hand can never be part of a bribe" if in_hand else "they are not there"
            names = ", ".join(f"{n} {GOODS[g].name}" for g, n in missing.items())
            raise BribeError(f"a bribe may include goods from your stand; {names} cannot come from "
                             f"{self._name(m)}'s stand: {where}")
        size = self.declarations[m][1]
        if len(action.bag) > size:
            raise BribeError(f"{self._name(m)}'s bag holds {size} cards; a bribe cannot promise {len(action.bag)} "
                             "cards from it")
        self._check_terms(action)

    def _check_terms(self, offer: A.Offer) -> None:
        for seat in offer.inspect + offer.passes:
            if seat == offer.merchant or seat not in self.pending:
                raise BribeError(f"a deal may bind the sheriff only about other bags not yet handled; "
                                 f"{self._name(seat)}'s is not one")
        both = set(offer.inspect) & set(offer.passes)
        if both:
            raise BribeError(f"a deal cannot make the sheriff both inspect and pass {self._name(min(both))}")

    def _do_offer(self, action: A.Offer) -> dict:
        self.offers[action.merchant] = action
        return {"kind": "offer", "round": self.round, **action.to_dict()}

    def _check_accept(self, action: A.Accept) -> None:
        m = action.merchant
        self._require_pending(m)
        offer = self.offers.get(m)
        if offer is None:
            raise BribeError(f"there is no open offer about {self._name(m)}'s bag to accept")
        self._check_terms(offer)
        other = self.sheriff if offer.player == m else m
        if action.player != other:
            raise NotYourTurnError(f"only {self._name(other)} can accept {self._name(offer.player)}'s offer")
        for seat, must in self._bindings(exclude=m).items():
            wanted = "inspect" if seat in offer.inspect else "pass" if seat in offer.passes or seat == m else must
            if wanted != must:
                raise BribeError(f"the sheriff already agreed to {must} {self._name(seat)}'s bag; a deal that "
                                 "breaks it cannot be accepted")

    def _do_accept(self, action: A.Accept) -> dict:
        offer = self.offers.pop(action.merchant)
        self.deals[action.merchant] = offer
        return {"kind": "deal", "round": self.round, "player": action.player, "merchant": action.merchant,
                "offer": offer.to_dict()}

    def _bindings(self, exclude: int | None = None) -> dict[int, str]:
        """Binding terms of the agreed deals: seat -> "inspect" or "pass".

        A bag whose bribe was accepted must pass; the deal's own terms bind too.
        """
        terms = {}
        for m, deal in self.deals.items():
            if m != exclude:
                terms[m] = "pass"
                terms.update(dict.fromkeys(deal.inspect, "inspect"))
                terms.update(dict.fromkeys(deal.passes, "pass"))
        return terms

    def _check_decision(self, action: A.Pass | A.Inspect, decision: str) -> None:
        self._require_sheriff(action, f"{decision} a bag")
        self._require_pending(action.merchant)
        must = self._bindings().get(action.merchant)
        if must and must != decision:
            raise InspectionError(f"the sheriff agreed in a deal to {must} {self._name(action.merchant)}'s bag "
                                  "this round; that promise is binding")

    def _check_pass(self, action: A.Pass) -> None:
        self._check_decision(action, "pass")

    def _check_inspect(self, action: A.Inspect) -> None:
        self._check_decision(action, "inspect")
        if action.pile not in range(len(self.discards)):
            raise InspectionError(f"confiscated cards go onto discard pile 0{' or 1' if len(self.discards) > 1 else ''}"
                                  f"; not {action.pile!r}")

    def _check_pass_remaining(self, action: A.PassRemaining) -> None:
        self._require_sheriff(action, "call time")
        if not self.options.time_limit:
            raise InspectionError("passing every remaining bag at once is the optional time-limit rule, "
                                  "which is not in play")

    def _do_pass(self, action: A.Pass, pay_bribe: bool = True) -> dict:
        m, sheriff = action.merchant, self.sheriff
        bag = self.bags[m]
        if not pay_bribe:
            self.deals.pop(m, None)  # time is up: no bribe is paid and the deal lapses
        deal = self.deals.get(m)  # a paid deal stays in force: its binding terms hold all round
        bribe = {"gold": 0, "stand": {}, "bag": {}, "missing": {}}
        if deal is not None:
            promised_bag = Counter(deal.bag)
            from_bag = promised_bag & bag
            bag = bag - from_bag
            stand_goods = Counter(deal.stand)
            self.stands[m] -= stand_goods
            self.gold[m] -= deal.gold
            self.gold[sheriff] += deal.gold
            self.stands[sheriff] += stand_goods + from_bag
            bribe = {"gold": deal.gold, "stand": _counter_data(stand_goods), "bag": _counter_data(from_bag),
                     "missing": _counter_data(promised_bag - from_bag)}
            self.stats[m]["bribes_paid"] += 1
            self.stats[sheriff]["bribes_received"] += 1
            self.stats[m]["gold_bribes_paid"] += deal.gold
            self.stats[sheriff]["gold_bribes_received"] += deal.gold
        self.stands[m] += bag
        self.stats[m]["bags_passed"] += 1
        legal = Counter({g: n for g, n in bag.items() if GOODS[g].kind == LEGAL})
        event = {"kind": "pass", "round": self.round, "player": sheriff, "merchant": m,
                 "legal": _counter_data(legal), "contraband": sum(bag.values()) - sum(legal.values()),
                 "bribe": bribe}
        self._bag_done(m)
        return event

    def _do_inspect(self, action: A.Inspect) -> dict:
        m, sheriff = action.merchant, self.sheriff
        good, count = self.declarations[m]
        result = inspect_bag(self.bags[m], good, count)
        self.deals.pop(m, None)
        self.stands[m] += result.to_stand
        self.discards[action.pile].extend(sorted_ids(result.confiscated.elements()))
        if result.gold_to_sheriff >= 0:
            payment = self._settle(m, sheriff, result.gold_to_sheriff)
        else:
            payment = self._settle(sheriff, m, -result.gold_to_sheriff)
        self.stats[m]["bags_inspected"] += 1
        self.stats[m]["caught"] += not result.honest
        event = {"kind": "inspect", "round": self.round, "player": sheriff, "merchant": m,
                 "declared": [good, count], "bag": _counter_data(self.bags[m]), "honest": result.honest,
                 "to_stand": _counter_data(result.to_stand), "confiscated": _counter_data(result.confiscated),
                 "gold_to_sheriff": result.gold_to_sheriff, "payment": payment}
        self._bag_done(m)
        return event

    def _do_pass_remaining(self, action: A.PassRemaining) -> dict:
        events = [self._do_pass(A.Pass(action.player, m), pay_bribe=False) for m in list(self.pending)]
        return {"kind": "pass_remaining", "round": self.round, "player": action.player, "passes": events}

    def _settle(self, debtor: int, creditor: int, owed: int) -> dict:
        """Pay a debt with gold, then stand goods; the rest is forgiven (RULES.md §9)."""
        payment = pay_debt(owed, self.gold[debtor], self.stands[debtor])
        self.gold[debtor] -= payment.gold
        self.gold[creditor] += payment.gold
        self.stands[debtor] -= payment.goods
        self.stands[creditor] += payment.goods
        return {"from": debtor, "to": creditor, "owed": owed, "gold": payment.gold,
                "goods": _counter_data(payment.goods), "forgiven": payment.forgiven}

    def _bag_done(self, merchant: int) -> None:
        self.pending.remove(merchant)
        self.bags[merchant] = None
        self.offers.pop(merchant, None)

    # End of round -------------------------------------------------------------------

    def _end_round(self) -> None:
        self.events.append({"kind": "round_end", "round": self.round, "sheriff": self.sheriff})
        self.offers.clear()
        self.deals.clear()
        self.round += 1
        if self.round == self.options.rounds:
            self.phase = Phase.OVER
            self.events.append({"kind": "game_over", "scores": self.score_rows()})
            return
        self.sheriff = (self.sheriff + 1) % self.players
        for seat in [*self.merchants, self.sheriff]:
            hand = self.hands[seat]
            hand.update(self._draw(self.options.hand_size - sum(hand.values())))
        self._start_round()

    # ---------------------------------------------------------------- scores and views

    def score_rows(self) -> dict[int, dict]:
        """Scores as plain dicts per seat (see :func:`sheriff_nb.scoring.score_rows`); hands score nothing."""
        return score_rows(dict(enumerate(self.stands)), dict(enumerate(self.gold)))

    def scores(self):
        """Scores as a DataFrame (``goods, gold, bonus, total, rank``) indexed by player name."""
        return score(dict(zip(self.names, self.stands, strict=True)), dict(zip(self.names, self.gold, strict=True)))

    def legal_actions(self, player: int | None = None) -> LegalActions:
        """What may be done now (by ``player``, or by anyone).

        Iterating lists every legal action except open-ended offers (any gold, goods and
        promise: see :class:`~sheriff_nb.actions.Offer`) and, in a 1st-edition Market, other
        orders of the same draws or set-aside cards; ``action in game.legal_actions()`` is
        exact for every action.
        """
        return LegalActions(self, player)

    def view(self, player: int) -> dict:
        """What ``player`` may see: their own hand and bag, everyone's public information.

        Other players' hands and bags are hidden (only their sizes show), and so are the
        types of contraband lying face down on other stands.
        """
        def stand_view(seat: int) -> dict:
            stand = self.stands[seat]
            if seat == player:
                return _counter_data(stand)
            shown = {g: n for g, n in _counter_data(stand).items() if GOODS[g].kind == LEGAL}
            hidden = sum(stand.values()) - sum(shown.values())
            return {**shown, "face_down": hidden} if hidden else shown

        return {
            "player": player, "round": self.round, "rounds": self.options.rounds, "phase": self.phase.value,
            "sheriff": self.sheriff, "merchants": self.merchants, "names": self.names, "gold": list(self.gold),
            "hand": _counter_data(self.hands[player]), "hand_sizes": [sum(h.values()) for h in self.hands],
            "hand_limit": self.options.hand_size, "bindings": self._bindings(),
            "bag": _counter_data(self.bags[player]) if self.bags[player] else None,
            "loaded": [b is not None for b in self.bags], "declarations": list(self.declarations),
            "stands": [stand_view(s) for s in range(self.players)], "deck": len(self.deck),
            "discards": [list(p) for p in self.discards], "set_aside": list(self.set_aside),
            "pending": list(self.pending), "queue": list(self.queue),
            "offers": {m: o.to_dict() for m, o in self.offers.items()},
            "deals": {m: o.to_dict() for m, o in self.deals.items()},
        }

    def public_events(self, player: int) -> list[dict]:
        """The event log as ``player`` may see it: others' bag contents stay hidden until opened."""
        return [_public_event(e, player) for e in self.events]

    def card_count(self) -> int:
        """Every card in play: hands, bags, stands, deck, discards and removed cards (== deck size)."""
        places = [*self.hands, *(b for b in self.bags if b), *self.stands, self.removed]
        return sum(sum(c.values()) for c in places) + len(self.deck) + sum(map(len, self.discards)) + len(
            self.set_aside)

    # ---------------------------------------------------------------- save, load and replay

    def snapshot(self) -> dict:
        """The whole state as plain data (what ``to_json`` saves besides the moves)."""
        return {
            "round": self.round, "phase": self.phase.value, "sheriff": self.sheriff, "gold": list(self.gold),
            "hands": [_counter_data(h) for h in self.hands],
            "bags": [_counter_data(b) if b is not None else None for b in self.bags],
            "declarations": [list(d) if d else None for d in self.declarations],
            "stands": [_counter_data(s) for s in self.stands], "deck": list(self.deck),
            "discards": [list(p) for p in self.discards], "set_aside": list(self.set_aside),
            "removed": _counter_data(self.removed), "reshuffles": self.reshuffles, "queue": list(self.queue),
            "pending": list(self.pending), "offers": {str(m): o.to_dict() for m, o in self.offers.items()},
            "deals": {str(m): o.to_dict() for m, o in self.deals.items()}, "stats": [dict(s) for s in self.stats],
            "events": len(self.events),
        }

    def to_json(self) -> str:
        """The game as JSON text: schema version, options, seed, moves and the resulting state."""
        return json.dumps({
            "schema": SCHEMA, "options": self.options.to_dict(), "seed": self.seed,
            "first_sheriff": self.first_sheriff, "names": self.names,
            "actions": [a.to_dict() for a in self.history], "state": self.snapshot(),
        }, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Rebuild a game saved by :meth:`to_json`, replaying its moves; bad input raises SaveFileError.

        >>> Game.from_json('{"schema": 99}')
        Traceback (most recent call last):
        ...
        sheriff_nb.rules.SaveFileError: this save file has schema version 99; this sheriff_nb reads version 1
        """
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as error:
            raise SaveFileError(f"a saved game is JSON text; this is not readable JSON ({error})") from None
        if not isinstance(data, dict):
            raise SaveFileError("a saved game is a JSON object with schema, options, seed and actions")
        if data.get("schema") != SCHEMA:
            raise SaveFileError(f"this save file has schema version {data.get('schema')!r}; this sheriff_nb reads "
                                f"version {SCHEMA}")
        missing = {"options", "seed", "first_sheriff", "names", "actions"} - set(data)
        if missing:
            raise SaveFileError(f"a saved game needs the fields {', '.join(sorted(missing))}")
        if not isinstance(data["options"], dict) or not isinstance(data["actions"], list):
            raise SaveFileError("a saved game's options must be an object and its actions a list")
        try:
            game = cls(RuleOptions(**data["options"]), data["seed"], data["first_sheriff"], data["names"])
        except (TypeError, RuleError) as error:
            raise SaveFileError(f"the saved game's setup is not valid: {error}") from None
        for number, item in enumerate(data["actions"], 1):
            action = A.action_from_dict(item)
            try:
                game.apply(action)
            except RuleError as error:
                raise SaveFileError(f"move {number} of the saved game is illegal: {error}") from None
        if "state" in data and data["state"] != game.snapshot():
            raise SaveFileError("the saved state does not match what its moves produce; the file was changed")
        return game

    def replay(self) -> Game:
        """A new game built from the same setup by replaying the move history."""
        game = Game(self.options, self.seed, self.first_sheriff, self.names)
        for action in self.history:
            game.apply(action)
        return game

    def __repr__(self) -> str:
        shown_round = min(self.round + 1, self.options.rounds)
        return (f"<Game edition={self.options.edition} players={self.players} round={shown_round}/"
                f"{self.options.rounds} phase={self.phase.value} sheriff={self.sheriff} gold={self.gold}>")


def _public_event(event: dict, player: int) -> dict:
    """An event as ``player`` may see it: others' bag contents stay hidden until opened."""
    if event["kind"] == "load" and event["player"] != player:
        return {k: v for k, v in event.items() if k != "cards"}
    return event


def _sub_multisets(hand: Counter, low: int, high: int) -> Iterator[tuple[str, ...]]:
    """Every multiset of ``low`` to ``high`` cards from ``hand`` (sorted tuples)."""
    pool = sorted_ids(hand)
    kinds = sorted_ids(set(pool))
    for size in range(low, min(high, len(pool)) + 1):
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
        if g.phase is Phase.MARKET:
            if not g.queue:
                yield from (A.ChooseFirstMerchant(g.sheriff, m) for m in g.merchants)
                return
            seat = g.queue[0]
            hand = g.hands[seat]
            for aside in _sub_multisets(hand, 0, 5):
                if g.options.edition == 2:
                    yield A.Market(seat, aside)
                    continue
                need = g.options.hand_size - (sum(hand.values()) - len(aside))
                for left in range(min(need, len(g.discards[0])) + 1):
                    for right in range(min(need - left, len(g.discards[1])) + 1):
                        for onto in (0, 1):
                            yield A.Market(seat, aside, (0,) * left + (1,) * right, onto)
        elif g.phase is Phase.LOAD:
            for seat in g.merchants:
                if g.bags[seat] is None:
                    yield from (A.Load(seat, bag) for bag in _sub_multisets(g.hands[seat], MIN_BAG, MAX_BAG))
        elif g.phase is Phase.DECLARATION:
            seat = g.queue[0]
            size = sum(g.bags[seat].values())
            yield from (A.Declare(seat, good, size) for good in GOODS if GOODS[good].kind == LEGAL)
        elif g.phase is Phase.INSPECTION:
            for m in g.pending:
                yield A.Pass(g.sheriff, m)
                yield from (A.Inspect(g.sheriff, m, pile) for pile in range(len(g.discards)))
            for m, offer in g.offers.items():
                yield A.Accept(g.sheriff if offer.player == m else m, m)
            yield A.PassRemaining(g.sheriff)


__all__ = ["Game", "Phase", "LegalActions", "START_GOLD", "SCHEMA"]
