"""The :class:`Bot` protocol and the driver that plays a :class:`~sheriff_nb.engine.game.Game` with bots.

A bot sees only its player's view (:func:`bot_view`) and answers one question per call (which
cards to set aside, what to load, what to declare, what to offer, pass or inspect).  :func:`play`
asks the seats the game waits for (:meth:`Game.to_act <sheriff_nb.engine.game.Game.to_act>`) the question for the
move it waits for (:meth:`Game.awaited <sheriff_nb.engine.game.Game.awaited>`) and applies the answer to the real
game, so bots obey exactly the rules a human does.  Around each bag it also lets the bots talk: the other merchants
may pay to have it opened, the merchant and the officials may bargain.  The named characters are in
:mod:`sheriff_nb.play.bots`.

>>> from sheriff_nb.engine import Game
>>> game = Game(players=3, seed=2)
>>> _ = list(play(game, [Bot(), Bot(), Bot()]))      # three plain, honest players
>>> game.is_over, sum(game.gold), max(s["caught"] for s in game.stats)
(True, 150, 0)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from ..engine import actions as A
from ..engine.cards import GOODS, LEGAL_GOODS
from ..engine.game import Game
from ..engine.state import Phase
from ..engine.turns import awaited, next_move
from ..engine.views import PlayerView

View = Mapping[str, Any]
"""What a bot is shown: a :class:`~sheriff_nb.engine.views.PlayerView`, or a plain dict in examples and tests."""

MAX_TALK = 3
"""Offers and counter-offers per bag before the sheriff must decide."""


class Bot:
    """A computer player. Subclasses override the questions their personality cares about.

    The defaults are a plain, honest player: keep the hand, load the most common legal good,
    declare the truth, offer nothing, refuse offers, pass every bag.
    """

    name: str = "Bot"
    personality: str = "plays it straight and never bargains"
    offers_bribes = True
    """False when :meth:`offer` always says no: the driver then does not ask (a saving, never a change of play)."""
    pays_for_inspections = True
    """False when :meth:`bribe_for_inspection` always says no: the driver then does not ask."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def reseed(self, seed: int | str) -> None:
        """Restart the bot's random numbers from ``seed`` (a bot without an ``rng`` ignores it)."""
        rng = getattr(self, "rng", None)
        if isinstance(rng, random.Random):
            rng.seed(seed)

    # merchant questions ---------------------------------------------------------
    def market(self, view: View) -> A.Market:
        """Phase 1: what to set aside (and, 1st edition, where to draw from)."""
        return A.Market(view["player"])

    def load(self, view: View) -> A.Load:
        """Phase 2: the cards to put in the bag."""
        hand: Counter[str] = Counter(view["hand"])
        legal = [g for g in LEGAL_GOODS if hand[g]] or list(hand)
        best = max(legal, key=lambda g: (hand[g], GOODS[g].value))
        return A.Load(view["player"], (best,) * min(hand[best], 5))

    def declare(self, view: View) -> A.Declare:
        """Phase 3: the declaration (default: the truth when the bag is all one legal good)."""
        bag: Counter[str] = Counter(view["bag"])
        legal = [g for g in LEGAL_GOODS if bag[g]] or ["apples"]
        return A.Declare(view["player"], max(legal, key=bag.__getitem__), sum(bag.values()))

    def offer(self, view: View) -> A.Offer | None:
        """Phase 4: an offer to the sheriff about this player's own bag, or None."""
        return None

    def answer(self, view: View, offer: A.Offer) -> A.Accept | None:
        """Phase 4: accept the sheriff's counter-offer, or None."""
        return None

    def bribe_for_inspection(self, view: View, merchant: int) -> A.Offer | None:
        """Phase 4, before the officials handle ``merchant``'s bag: pay them to open it (an offer with
        ``inspect=(merchant,)`` and ``buys_pass=False``, which buys no pass of your own bag), or None."""
        return None

    # sheriff questions -----------------------------------------------------------
    def choose_first(self, view: View) -> A.ChooseFirstMerchant:
        """2nd edition Market: who starts."""
        return A.ChooseFirstMerchant(view["player"], view["merchants"][0])

    def next_bag(self, view: View) -> int:
        """Phase 4: which pending bag to handle next."""
        return view["pending"][0]

    def respond(self, view: View, offer: A.Offer) -> A.Accept | A.Offer | None:
        """Phase 4: accept a merchant's offer, counter it, or ignore it (None)."""
        return None

    def decide(self, view: View, merchant: int) -> A.Pass | A.Inspect:
        """Phase 4: pass or inspect ``merchant``'s bag (a bag with an accepted bribe must pass; handing it back
        takes the merchant's last offer, ``view["table"]``)."""
        return A.Pass(view["player"], merchant)

    def take_paid_inspection(self, view: View, offer: A.Offer) -> A.Accept | None:
        """Phase 4: accept a merchant's payment to open another bag (``offer.inspect``), or None."""
        return None

    def discard(self, view: View) -> A.DiscardConfiscated:
        """1st edition: put the confiscated cards (``view["confiscated"]``) on a discard pile, in an order.

        Default: the left pile, in rulebook order."""
        return A.DiscardConfiscated(view["player"])

    # end of Inspection (2nd-edition modules) ----------------------------------------
    def claim(self, view: View) -> A.ClaimBlackMarket:
        """Black Market: trade 3 contraband of a type for that pile's top card, or ``good=None``.

        Default: the claim that gains most points (the card is worth more than the 3 cards given up)."""
        stand = view["stands"][view["player"]]
        gains = {
            g: pile[-1] - 3 * GOODS[g].value
            for g, pile in view["black_market"].items()
            if pile and stand.get(g, 0) >= 3
        }
        best = max(gains, key=gains.__getitem__, default=None)
        return A.ClaimBlackMarket(view["player"], best if best and gains[best] > 0 else None)

    def split_booty(self, view: View) -> A.SplitBooty:
        """Six players: who takes the Booty's odd coin or card (it goes there only if both deputies agree).

        Default: the lead deputy, a convention every default bot shares, so nothing is thrown away."""
        return A.SplitBooty(view["player"], view["sheriffs"][0])


_Made = TypeVar("_Made", bound=A.Action)

if TYPE_CHECKING:  # lru_cache's wrapper forgets the type variable: state the signature for the checker

    def move(kind: type[_Made], *fields: Hashable) -> _Made: ...

else:

    @lru_cache(maxsize=1 << 14)
    def move(kind, *fields):
        """The action ``kind(*fields)`` (hashable fields), made once: actions are immutable values, and the same
        few hundred come back all game, so a bot may reuse them.

        >>> move(A.Pass, 0, 2) is move(A.Pass, 0, 2)
        True
        """
        return kind(*fields)


def play(game: Game, bots: Sequence[Bot], max_talk: int = MAX_TALK) -> Iterator[dict]:
    """Play ``game`` to the end with one bot per seat, yielding each event as it happens."""
    state = game.state
    while state.phase is not Phase.OVER:
        yield from step(game, bots, max_talk)


def bot_view(game: Game, seat: int) -> PlayerView:
    """What a bot at ``seat`` is shown: the player's view plus ``legal``, the legal actions of that seat
    (``action in view["legal"]`` tells whether the rules allow a move).  Entries are computed when read."""
    return PlayerView(game.state, seat, game.check) if type(seat) is int else game.player_view(seat, legal=True)


QUESTIONS = {
    "choose_first_merchant": lambda bot, view, state: bot.choose_first(view),
    "market": lambda bot, view, state: bot.market(view),
    "load": lambda bot, view, state: bot.load(view),
    "declare": lambda bot, view, state: bot.declare(view),
    "pick_up_bag": lambda bot, view, state: move(A.PickUpBag, view["player"], bot.next_bag(view)),
    "decide": lambda bot, view, state: bot.decide(view, state.in_hand),
    "discard_confiscated": lambda bot, view, state: bot.discard(view),
    "claim_black_market": lambda bot, view, state: bot.claim(view),
    "split_booty": lambda bot, view, state: bot.split_booty(view),
}
"""The question a bot is asked for each kind of move the game waits for (:data:`~sheriff_nb.engine.turns.AWAITED`),
given the bot, its view and the game's state (which tells the bag in hand)."""


def ask(game: Game, bots: Sequence[Bot], seat: int, kind: str | None = None) -> A.Action:
    """The move ``seat``'s bot makes for what the game waits from it (``kind``: :meth:`Game.awaited`)."""
    state = game.state
    question = kind or awaited(state, seat)
    if question is None:
        raise KeyError(None)  # the game waits for nothing from this seat
    return QUESTIONS[question](bots[seat], PlayerView(state, seat, game.check), state)


def step(game: Game, bots: Sequence[Bot], max_talk: int = MAX_TALK) -> Iterator[dict]:
    """Ask the bots for the move(s) the game waits for (:meth:`Game.to_act`) and apply them.

    Load asks every merchant still to load; every other step asks the first seat waited for.  Talk comes with the
    bags: once the sheriff picks one up, the other merchants may pay to have it opened (:func:`bid_for_inspection`);
    before each official decides, the merchant and the officials handling it haggle (:func:`negotiate`).  With six
    players a split decision leaves the deputy who wants to inspect alone, who may be bribed again.
    """
    state = game.state
    kind, seats = next_move(state)
    if kind == "load":
        for seat in seats:
            yield game.apply(ask(game, bots, seat, kind))
        return
    if kind == "decide":
        assert state.in_hand is not None  # a decision waits on the bag in hand
        if getattr(bots[state.in_hand], "offers_bribes", True):
            yield from negotiate(game, bots, state.in_hand, max_talk)
    yield game.apply(ask(game, bots, seats[0], kind))
    if kind == "pick_up_bag":
        assert state.in_hand is not None  # just picked up
        yield from bid_for_inspection(game, bots, state.in_hand)


def bid_for_inspection(game: Game, bots: Sequence[Bot], merchant: int, skip: Sequence[int] = ()) -> Iterator[dict]:
    """Before ``merchant``'s bag is handled, each other merchant (but ``skip``) may pay the officials to open it
    (:meth:`Bot.bribe_for_inspection`); the officials answer in turn (:meth:`Bot.take_paid_inspection`).  Once
    they all accept, the payment is made and the inspection is binding."""
    state = game.state
    for payer in state.merchants:
        if payer == merchant or payer in skip or merchant not in state.pending:
            continue
        if not getattr(bots[payer], "pays_for_inspections", True):
            continue
        offer = bots[payer].bribe_for_inspection(bot_view(game, payer), merchant)
        if offer is None:
            continue
        yield game.apply(offer)
        yield from answer_paid_inspection(game, bots, payer, skip)


def answer_paid_inspection(game: Game, bots: Sequence[Bot], payer: int, skip: Sequence[int] = ()) -> Iterator[dict]:
    """The officials (but ``skip``) who have not yet agreed to ``payer``'s open offer to have a bag opened answer it;
    the first refusal ends the talk."""
    state = game.state
    while payer in state.offers:
        waiting = [s for s in game.deal_officials(state.offers[payer]) if s not in state.accepted[payer]]
        if not waiting or waiting[0] in skip:
            return
        reply = bots[waiting[0]].take_paid_inspection(bot_view(game, waiting[0]), state.offers[payer])
        if reply is None:
            return
        yield game.apply(reply)


def negotiate(game: Game, bots: Sequence[Bot], merchant: int, max_talk: int = MAX_TALK) -> Iterator[dict]:
    """Haggle about ``merchant``'s bag: up to ``max_talk`` offers by the merchant; each is put to every
    official handling the bag, who accepts it, ignores it, or counters it (then the merchant answers).
    A deal needs the merchant and every official handling the bag."""
    state = game.state
    if merchant in state.deals or not getattr(bots[merchant], "offers_bribes", True):
        return
    for _ in range(max_talk):
        offer = bots[merchant].offer(bot_view(game, merchant))
        if offer is None:
            return
        yield game.apply(offer)
        for _ in range(2 * len(state.handlers[merchant]) + 1):  # replies to this offer and its counters
            if merchant not in state.offers:
                return
            open_offer = state.offers[merchant]
            officials = game.deal_officials(open_offer)
            accepted = state.accepted.get(merchant, ())
            seat = next(s for s in (merchant, *officials) if s not in accepted)
            view = bot_view(game, seat)
            reply = bots[seat].answer(view, open_offer) if seat == merchant else bots[seat].respond(view, open_offer)
            if reply is None:
                break
            yield game.apply(reply)
            if merchant in state.deals:
                return


__all__ = [
    "Bot",
    "MAX_TALK",
    "QUESTIONS",
    "move",
    "bot_view",
    "ask",
    "negotiate",
    "bid_for_inspection",
    "answer_paid_inspection",
    "play",
    "step",
]
