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
from enum import StrEnum

from . import actions as A
from .cards import GOODS, deck, sorted_ids
from .inspection import check_bag, check_declaration
from .inspection_end import counter_data
from .inspection_phase import InspectionPhase
from .legal import LegalActions
from .rules import (
    InspectionError,
    MarketError,
    NotInHandError,
    NotYourTurnError,
    OutOfPhaseError,
    Phrase,
    RuleError,
    RuleOptions,
    SaveFileError,
    SetupError,
)
from .scoring import score, score_rows
from .views import PlayerView, public_event

START_GOLD = 50
SCHEMA = 2
"""The save-file version: 2 since the Inspection rules of issue 16 (the bribe on the table, paid inspections,
confiscated cards stacked by the sheriff, debtors' choices), which replay version-1 moves differently."""
PILE_SIZE = 5
"""1st edition: each discard pile starts with 5 cards, and the top 5 stay when the deck is rebuilt."""
PILE_NAMES = (Phrase("left"), Phrase("right"))


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


PHASE_TITLES = {Phase.MARKET: Phrase("phase 1, Market"), Phase.LOAD: Phrase("phase 2, Load the bag"),
                Phase.DECLARATION: Phrase("phase 3, Declaration"), Phase.INSPECTION: Phrase("phase 4, Inspection"),
                Phase.OVER: Phrase("the end of the game")}
ACTION_PHASES = {A.ChooseFirstMerchant: Phase.MARKET, A.Market: Phase.MARKET, A.Load: Phase.LOAD,
                 A.Declare: Phase.DECLARATION, A.Offer: Phase.INSPECTION, A.Accept: Phase.INSPECTION,
                 A.Pass: Phase.INSPECTION, A.Inspect: Phase.INSPECTION, A.PassRemaining: Phase.INSPECTION,
                 A.SplitBooty: Phase.INSPECTION, A.ClaimBlackMarket: Phase.INSPECTION,
                 A.DiscardConfiscated: Phase.INSPECTION}
STAT_NAMES = ("bags_passed", "bags_inspected", "caught", "bribes_paid", "bribes_received", "gold_bribes_paid",
              "gold_bribes_received")


class Game(InspectionPhase):
    """One game: players sit in seats ``0 … players-1``; clockwise means the next seat up.

    ``Game(players=5, edition=1, royal=True, seed=7)`` is short for
    ``Game(RuleOptions(edition=1, players=5, royal=True), seed=7)``.  ``first_sheriff`` is a
    seat, or ``None`` to draw one at random from the seed.  With six players (2nd edition) two
    deputies a round are drawn from the shuffled deputy deck instead: ``sheriffs`` lists the
    round's officials (the lead deputy, seated first clockwise from seat 0, is ``sheriff``).
    """

    def __init__(self, options: RuleOptions | None = None, seed: int = 0, first_sheriff: int | None = None,
                 names: list[str] | None = None, **option_fields) -> None:
        self.options = options or RuleOptions(**option_fields)
        n = self.options.players
        self.seed = seed
        self.names = [str(name) for name in names] if names else [f"Player {i + 1}" for i in range(n)]
        if len(self.names) != n:
            raise SetupError("{n} players need {n} names, not {names}", n=n, names=len(self.names))
        seen: dict[str, str] = {}
        for name in self.names:
            key = " ".join(name.split()).casefold()
            if key in seen:
                raise SetupError("every player needs a different name (scores are listed by name); {seen!r} and "
                                 "{name!r} are the same", seen=seen[key], name=name)
            seen[key] = name
        if self.options.deputies and first_sheriff is not None:
            raise SetupError("with six players the deputies are drawn from the deputy deck; nobody picks them")
        if first_sheriff is None and not self.options.deputies:
            first_sheriff = random.Random(f"{seed}:first sheriff").randrange(n)
        if not self.options.deputies and (not isinstance(first_sheriff, int) or not 0 <= first_sheriff < n):
            raise SetupError("the first sheriff must be one of the seats 0 to {last}, not {first_sheriff!r}",
                             last=n - 1, first_sheriff=first_sheriff)
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
        self.bank = 0  # six players: odd Booty coins discarded to the bank
        self.black_market = {good: list(values) for good, values in self.options.black_market}
        self.claimed: list[list[list]] = [[] for _ in range(n)]  # Black Market cards: [good, value]
        self.deputy_deck: list[int] = []
        self.deputy_shuffles = 0
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
        """This round's merchants, clockwise from the (lead) sheriff's left."""
        return list(self._merchants)

    @property
    def is_over(self) -> bool:
        """True once the last round has ended."""
        return self.phase is Phase.OVER

    def _start_round(self) -> None:
        if self.options.deputies:
            if not self.deputy_deck:  # every player was deputy once: reshuffle the deputy cards
                self.deputy_shuffles += 1
                self.deputy_deck = list(range(self.players))
                random.Random(f"{self.seed}:deputies {self.deputy_shuffles}").shuffle(self.deputy_deck)
            self.sheriffs = sorted([self.deputy_deck.pop(), self.deputy_deck.pop()])
            self.sheriff = self.sheriffs[0]
        else:
            self.sheriffs = [self.sheriff]
        clockwise = ((self.sheriff + k) % self.players for k in range(1, self.players))
        self._merchants = tuple(seat for seat in clockwise if seat not in self.sheriffs)
        self.phase = Phase.MARKET
        self.bags: list[Counter | None] = [None] * self.players
        self.declarations: list[tuple[str, int] | None] = [None] * self.players
        self.debt_goods: list[tuple[str, ...]] = [()] * self.players  # each seat's choice of goods for a debt
        self._reset_inspection()
        self.queue = self.merchants if self.options.edition == 1 else []
        self.events.append({"kind": "round_start", "round": self.round, "sheriff": self.sheriff,
                            "officials": list(self.sheriffs)})

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
        if self.phase is Phase.INSPECTION and not self.pending and not self.waiting_for():
            self._end_round()
        return event

    def check(self, action: A.Action) -> None:
        """Raise the RuleError that ``action`` breaks, if any; change nothing."""
        if not isinstance(action, A.Action):
            raise RuleError("{action!r} is not an action; use one of {actions}", action=action,
                            actions=', '.join(A.ACTIONS))
        if not isinstance(action.player, int) or not 0 <= action.player < self.players:
            raise NotYourTurnError("players sit in seats 0 to {last}; there is no seat {player!r}",
                                   last=self.players - 1, player=action.player)
        needed = ACTION_PHASES[type(action)]
        if self.phase is not needed:
            raise OutOfPhaseError(
                "{action} belongs to {needed}; the game is in {phase}", action=type(action).__name__,
                needed=needed.title, phase=self.phase.title)
        if self.confiscated and not isinstance(action, A.DiscardConfiscated):
            raise InspectionError("first the sheriff ({sheriff}) puts the confiscated cards on a discard pile, in the "
                                  "order he chooses", sheriff=self._name(self.sheriff))
        getattr(self, f"_check_{action.kind}")(action)

    def is_legal(self, action: A.Action) -> bool:
        """True exactly when :meth:`apply` would accept ``action``."""
        try:
            self.check(action)
        except RuleError:
            return False
        return True

    def _officials_text(self, merchant: int | None = None) -> str:
        """"the sheriff (Name)", or the deputies handling a bag."""
        officials = self.handlers.get(merchant, self.sheriffs) if merchant is not None else self.sheriffs
        if len(officials) == 1:
            name = self._name(officials[0])
            return Phrase("the deputy ({name})", name=name) if self.options.deputies else \
                Phrase("the sheriff ({name})", name=name)
        first, *others = (self._name(s) for s in officials)
        return Phrase("the deputies ({first} and {second})", first=first, second=" and ".join(others))

    def _require_sheriff(self, action: A.Action, doing: str) -> None:
        if action.player != self.sheriff:
            title = Phrase("the lead deputy") if self.options.deputies else Phrase("the sheriff")
            raise NotYourTurnError("only {title} ({sheriff}) may {doing}", title=title,
                                   sheriff=self._name(self.sheriff), doing=doing)

    def _require_merchant(self, seat: int, doing: str) -> None:
        if seat in self.sheriffs:
            title = Phrase("a deputy") if self.options.deputies else Phrase("the sheriff")
            raise NotYourTurnError("{seat} is {title} this round and cannot {doing}", seat=self._name(seat),
                                   title=title, doing=doing)

    # Market -------------------------------------------------------------------------

    def _check_choose_first_merchant(self, action: A.ChooseFirstMerchant) -> None:
        if self.options.edition == 1:
            raise MarketError("in the 1st edition the Market starts at the sheriff's left; nobody chooses")
        self._require_sheriff(action, Phrase("choose who starts the Market"))
        if self.queue:
            raise MarketError("the first merchant has already been chosen this round")
        if action.merchant not in self.merchants:
            raise NotYourTurnError("the Market starts with a merchant; {merchant} is not one",
                                   merchant=self._name(action.merchant))

    def _do_choose_first_merchant(self, action: A.ChooseFirstMerchant) -> dict:
        start = self.merchants.index(action.merchant)
        self.queue = self.merchants[start:] + self.merchants[:start]
        return {"kind": "choose_first_merchant", "round": self.round, "player": action.player,
                "merchant": action.merchant}

    def _check_market(self, action: A.Market) -> None:
        if not self.queue:
            raise NotYourTurnError("the sheriff ({sheriff}) first chooses who starts the Market",
                                   sheriff=self._name(self.sheriff))
        if action.player != self.queue[0]:
            raise NotYourTurnError("the Market goes clockwise: it is {player}'s turn", player=self._name(self.queue[0]))
        hand = self.hands[action.player]
        aside = Counter(action.set_aside)
        if len(action.set_aside) > 5:
            raise MarketError("a merchant sets aside 0 to 5 cards in the Market; not {set_aside}",
                              set_aside=len(action.set_aside))
        self._require_in_hand(action.player, aside)
        need = self.options.hand_size - (sum(hand.values()) - len(action.set_aside))
        if len(action.draws) > need:
            raise MarketError("you draw back up to {hand_size} cards: {need} draws, not {draws}",
                              hand_size=self.options.hand_size, need=need, draws=len(action.draws))
        if self.options.edition == 2:
            if any(source != A.DECK for source in action.draws) or action.onto != 0:
                raise MarketError("in the 2nd edition Market you draw only from the deck; set-aside cards go face "
                                  "up and join the discard pile after every merchant's turn")
            return
        if action.onto not in (0, 1):
            raise MarketError("there are two discard piles, 0 (left) and 1 (right); not {onto!r}", onto=action.onto)
        taken = [0, 0]
        for index, source in enumerate(action.draws):
            if source == A.DECK:
                continue
            if source not in (0, 1):
                raise MarketError("draw from the deck or discard pile 0 (left) or 1 (right); not {source!r}",
                                  source=source)
            if A.DECK in action.draws[:index]:
                raise MarketError("every discard-pile draw must come before any draw from the deck; after a deck "
                                  "draw you may no longer take from a discard pile")
            taken[source] += 1
            if taken[source] > len(self.discards[source]):
                raise MarketError("the {source} discard pile holds only {discards} cards", source=PILE_NAMES[source],
                                  discards=len(self.discards[source]))

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
            raise NotInHandError("{seat} does not hold {names} in hand", seat=self._name(seat), names=names)

    # Load and Declaration -----------------------------------------------------------

    def _check_load(self, action: A.Load) -> None:
        self._require_merchant(action.player, Phrase("load a bag"))
        if self.bags[action.player] is not None:
            raise OutOfPhaseError("player {player} has already loaded and closed their bag; a closed bag cannot change",
                                  player=action.player)
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
            raise NotYourTurnError("declarations go clockwise from the sheriff's left: it is {player}'s turn",
                                   player=self._name(self.queue[0]))
        check_declaration(action.good, action.count, sum(self.bags[action.player].values()))

    def _do_declare(self, action: A.Declare) -> dict:
        good = check_declaration(action.good, action.count, action.count)
        self.declarations[action.player] = (good, action.count)
        self.debt_goods[action.player] = action.pay_with  # private: not in the event
        self.queue.pop(0)
        if not self.queue:
            self.phase = Phase.INSPECTION
            self._start_inspection()
        return {"kind": "declare", "round": self.round, "player": action.player, "good": good, "count": action.count}

    # End of round -------------------------------------------------------------------

    def _end_round(self) -> None:
        if self.options.deputies:
            self.events.append(self._share_booty())
        self.events.append({"kind": "round_end", "round": self.round, "sheriff": self.sheriff})
        self._reset_inspection()
        self.round += 1
        if self.round == self.options.rounds:
            self.phase = Phase.OVER
            self.events.append({"kind": "game_over", "scores": self.score_rows()})
            return
        for seat in [*self.merchants, *self.sheriffs]:  # refill, clockwise from the sheriff's left
            hand = self.hands[seat]
            hand.update(self._draw(self.options.hand_size - sum(hand.values())))
        if not self.options.deputies:
            self.sheriff = (self.sheriff + 1) % self.players
        self._start_round()

    # ---------------------------------------------------------------- scores and views

    def score_rows(self) -> dict[int, dict]:
        """Scores as plain dicts per seat (see :func:`sheriff_nb.scoring.score_rows`); hands score nothing."""
        return score_rows(dict(enumerate(self.stands)), dict(enumerate(self.gold)), self._claimed_values())

    def _claimed_values(self) -> dict[int, list[int]] | None:
        return {seat: [v for _, v in cards] for seat, cards in enumerate(self.claimed)} if self.black_market else None

    def scores(self):
        """Scores as a DataFrame (``goods, gold, bonus, total, rank``) indexed by player name."""
        claimed = self._claimed_values()
        return score(dict(zip(self.names, self.stands, strict=True)), dict(zip(self.names, self.gold, strict=True)),
                     {self.names[s]: v for s, v in claimed.items()} if claimed else None)

    def legal_actions(self, player: int | None = None) -> LegalActions:
        """What may be done now (by ``player``, or by anyone).

        Iterating lists every legal action except open-ended offers (any gold, goods and
        promise: see :class:`~sheriff_nb.actions.Offer`), declarations and inspections with a
        choice of goods for a debt (``pay_with``) and, in a 1st-edition Market, other orders of
        the same draws or set-aside cards; ``action in game.legal_actions()`` is exact for every
        action.  It depends only on what ``player`` may see.
        """
        return LegalActions(self, player)

    def view(self, player: int) -> dict:
        """What ``player`` may see, as plain data: their own hand and bag, everyone's public information.

        Other players' hands and bags are hidden (only their sizes show), and so are the
        types of contraband lying face down on other stands.
        """
        return dict(self.player_view(player))

    def player_view(self, player: int, **extra) -> PlayerView:
        """The same as :meth:`view`, computed entry by entry when read (what bots are given)."""
        return PlayerView(self, player, **extra)

    def public_events(self, player: int) -> list[dict]:
        """The event log as ``player`` may see it: others' bag contents stay hidden until opened."""
        return [public_event(e, player) for e in self.events]

    def card_count(self) -> int:
        """Every goods card: hands, bags, stands, Booty, deck, discards and removed cards (== deck size)."""
        places = [*self.hands, *(b for b in self.bags if b), *self.stands, self.removed, self.booty]
        return sum(sum(c.values()) for c in places) + len(self.deck) + sum(map(len, self.discards)) + len(
            self.set_aside) + len(self.confiscated)

    # ---------------------------------------------------------------- save, load and replay

    def snapshot(self) -> dict:
        """The whole state as plain data (what ``to_json`` saves besides the moves)."""
        return {
            "round": self.round, "phase": self.phase.value, "sheriff": self.sheriff, "gold": list(self.gold),
            "hands": [counter_data(h) for h in self.hands],
            "bags": [counter_data(b) if b is not None else None for b in self.bags],
            "declarations": [list(d) if d else None for d in self.declarations],
            "stands": [counter_data(s) for s in self.stands], "deck": list(self.deck),
            "discards": [list(p) for p in self.discards], "set_aside": list(self.set_aside),
            "removed": counter_data(self.removed), "reshuffles": self.reshuffles, "queue": list(self.queue),
            "pending": list(self.pending), "offers": {str(m): o.to_dict() for m, o in self.offers.items()},
            "deals": {str(m): o.to_dict() for m, o in self.deals.items()}, "stats": [dict(s) for s in self.stats],
            "events": len(self.events), "sheriffs": list(self.sheriffs),
            "handlers": {str(m): list(h) for m, h in self.handlers.items()},
            "accepted": {str(m): list(a) for m, a in self.accepted.items()},
            "parties": {str(m): list(p) for m, p in self.parties.items()},
            "votes": {str(m): dict(sorted((str(k), x) for k, x in v.items())) for m, v in self.votes.items()},
            "booty_gold": self.booty_gold, "booty": counter_data(self.booty), "bank": self.bank,
            "booty_choices": {str(k): v for k, v in self.booty_choices.items()},
            "black_market": {g: list(v) for g, v in self.black_market.items()}, "claimed": self.claimed,
            "claims_done": list(self.claims_done), "deputy_deck": list(self.deputy_deck),
            "deputy_shuffles": self.deputy_shuffles, "outcomes": {str(m): o for m, o in self.outcomes.items()},
            "table": {str(m): o.to_dict() for m, o in self.table.items()},
            "side_deals": [[o.to_dict(), list(p)] for o, p in self.side_deals], "confiscated": list(self.confiscated),
            "debt_goods": [list(c) for c in self.debt_goods],
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
        sheriff_nb.rules.SaveFileError: this save file has schema version 99; this sheriff_nb reads version 2
        """
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as error:
            raise SaveFileError("a saved game is JSON text; this is not readable JSON ({error})", error=error) from None
        if not isinstance(data, dict):
            raise SaveFileError("a saved game is a JSON object with schema, options, seed and actions")
        if data.get("schema") == 1:
            raise SaveFileError("this save file has schema version 1, from an older sheriff_nb whose Inspection rules "
                                "differ (a bag handed back with a bribe on the table paid nothing, confiscated cards "
                                "were stacked in a fixed order): its moves would not replay the same game. This "
                                "sheriff_nb reads version {schema}", schema=SCHEMA)
        if data.get("schema") != SCHEMA:
            raise SaveFileError("this save file has schema version {schema!r}; this sheriff_nb reads version {schema2}",
                                schema=data.get('schema'), schema2=SCHEMA)
        missing = {"options", "seed", "first_sheriff", "names", "actions"} - set(data)
        if missing:
            raise SaveFileError("a saved game needs the fields {missing}", missing=', '.join(sorted(missing)))
        if not isinstance(data["options"], dict) or not isinstance(data["actions"], list):
            raise SaveFileError("a saved game's options must be an object and its actions a list")
        try:
            game = cls(RuleOptions(**data["options"]), data["seed"], data["first_sheriff"], data["names"])
        except (TypeError, RuleError) as error:
            raise SaveFileError("the saved game's setup is not valid: {error}", error=error) from None
        for number, item in enumerate(data["actions"], 1):
            action = A.action_from_dict(item)
            try:
                game.apply(action)
            except RuleError as error:
                raise SaveFileError("move {number} of the saved game is illegal: {error}", number=number,
                                    error=error) from None
        if "state" in data and data["state"] != game.snapshot():
            raise SaveFileError("the saved state does not match what its moves produce; the file was changed")
        return game

    def gold_count(self) -> int:
        """All gold: the players', the Booty's and what odd Booty coins returned to the bank
        (== 50 × players)."""
        return sum(self.gold) + self.booty_gold + self.bank

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


__all__ = ["Game", "Phase", "LegalActions", "START_GOLD", "SCHEMA"]
