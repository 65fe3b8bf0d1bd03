"""Computer players: the :class:`Bot` protocol, the game driver, and :class:`RandomLegal`.

A bot sees only its player's :meth:`~sheriff_nb.game.Game.view` and answers one question per
call (which cards to set aside, what to load, what to declare, what to offer, pass or
inspect).  :func:`play` asks the right bot at the right time and applies its answer to the
real :class:`~sheriff_nb.game.Game`, so bots obey exactly the rules a human does.

>>> from sheriff_nb.game import Game
>>> game = Game(players=3, edition=1, seed=4)
>>> events = list(play(game, [RandomLegal(seed=s) for s in range(3)]))
>>> game.is_over, game.card_count() == game.deck_size, sum(game.gold)
(True, True, 150)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

from . import actions as A
from .cards import GOODS, LEGAL_GOODS
from .game import Game, Phase

MAX_TALK = 3
"""Offers and counter-offers per bag before the sheriff must decide."""


class Bot:
    """A computer player. Subclasses override the questions their personality cares about.

    The defaults are a plain, honest player: keep the hand, load the most common legal good,
    declare the truth, offer nothing, refuse offers, pass every bag.
    """

    name = "Bot"
    personality = "plays it straight and never bargains"

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    # merchant questions ---------------------------------------------------------
    def market(self, view: dict) -> A.Market:
        """Phase 1: what to set aside (and, 1st edition, where to draw from)."""
        return A.Market(view["player"])

    def load(self, view: dict) -> A.Load:
        """Phase 2: the cards to put in the bag."""
        hand = Counter(view["hand"])
        legal = [g for g in LEGAL_GOODS if hand[g]] or list(hand)
        best = max(legal, key=lambda g: (hand[g], GOODS[g].value))
        return A.Load(view["player"], [best] * min(hand[best], 5))

    def declare(self, view: dict) -> A.Declare:
        """Phase 3: the declaration (default: the truth when the bag is all one legal good)."""
        bag = Counter(view["bag"])
        legal = [g for g in LEGAL_GOODS if bag[g]] or ["apples"]
        return A.Declare(view["player"], max(legal, key=bag.__getitem__), sum(bag.values()))

    def offer(self, view: dict) -> A.Offer | None:
        """Phase 4: an offer to the sheriff about this player's own bag, or None."""
        return None

    def answer(self, view: dict, offer: A.Offer) -> A.Accept | None:
        """Phase 4: accept the sheriff's counter-offer, or None."""
        return None

    # sheriff questions -----------------------------------------------------------
    def choose_first(self, view: dict) -> A.ChooseFirstMerchant:
        """2nd edition Market: who starts."""
        return A.ChooseFirstMerchant(view["player"], view["merchants"][0])

    def next_bag(self, view: dict) -> int:
        """Phase 4: which pending bag to handle next."""
        return view["pending"][0]

    def respond(self, view: dict, offer: A.Offer) -> A.Accept | A.Offer | None:
        """Phase 4: accept a merchant's offer, counter it, or ignore it (None)."""
        return None

    def decide(self, view: dict, merchant: int) -> A.Pass | A.Inspect:
        """Phase 4: pass or inspect ``merchant``'s bag (a bag with an accepted bribe must pass)."""
        return A.Pass(view["player"], merchant)


def play(game: Game, bots: Sequence[Bot], max_talk: int = MAX_TALK) -> Iterator[dict]:
    """Play ``game`` to the end with one bot per seat, yielding each event as it happens."""
    while not game.is_over:
        yield from step(game, bots, max_talk)


def bot_view(game: Game, seat: int) -> dict:
    """What a bot at ``seat`` is shown: the player's view plus ``legal``, the legal actions of that seat
    (``action in view["legal"]`` tells whether the rules allow a move)."""
    view = game.view(seat)
    view["legal"] = game.legal_actions(seat)
    return view


def step(game: Game, bots: Sequence[Bot], max_talk: int = MAX_TALK) -> Iterator[dict]:
    """Ask the bots for the next move(s) of the current phase and apply them."""
    phase = game.phase
    if phase is Phase.MARKET:
        seat = game.queue[0] if game.queue else game.sheriff
        bot, view = bots[seat], bot_view(game, seat)
        yield game.apply(bot.market(view) if game.queue else bot.choose_first(view))
    elif phase is Phase.LOAD:
        for seat in game.merchants:
            if game.bags[seat] is None:
                yield game.apply(bots[seat].load(bot_view(game, seat)))
    elif phase is Phase.DECLARATION:
        seat = game.queue[0]
        yield game.apply(bots[seat].declare(bot_view(game, seat)))
    elif phase is Phase.INSPECTION:
        sheriff = game.sheriff
        merchant = bots[sheriff].next_bag(bot_view(game, sheriff))
        yield from _negotiate(game, bots, merchant, max_talk)
        yield game.apply(bots[sheriff].decide(bot_view(game, sheriff), merchant))


def _negotiate(game: Game, bots: Sequence[Bot], merchant: int, max_talk: int) -> Iterator[dict]:
    sheriff = game.sheriff
    for _ in range(max_talk):
        offer = bots[merchant].offer(bot_view(game, merchant))
        if offer is None:
            return
        yield game.apply(offer)
        reply = bots[sheriff].respond(bot_view(game, sheriff), offer)
        if reply is None:
            continue
        yield game.apply(reply)
        if isinstance(reply, A.Accept):
            return
        accept = bots[merchant].answer(bot_view(game, merchant), reply)
        if accept is not None:
            yield game.apply(accept)
            return


class RandomLegal(Bot):
    """Picks uniformly among legal moves and haggles at random: a fuzzing partner, not a strategist."""

    name = "Random"
    personality = "does anything the rules allow, at random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def market(self, view: dict) -> A.Market:
        hand = sorted(Counter(view["hand"]).elements())
        self.rng.shuffle(hand)
        aside = tuple(hand[: self.rng.randint(0, min(5, len(hand)))])
        need = len(aside) + max(0, view["hand_limit"] - len(hand))
        draws: list = []
        if len(view["discards"]) == 2:  # 1st edition: some discard-pile draws, then the deck
            available = [len(p) for p in view["discards"]]
            for _ in range(self.rng.randint(0, need)):
                piles = [p for p in (0, 1) if available[p]]
                if not piles:
                    break
                pile = self.rng.choice(piles)
                available[pile] -= 1
                draws.append(pile)
        return A.Market(view["player"], aside, tuple(draws), self.rng.randint(0, len(view["discards"]) - 1))

    def load(self, view: dict) -> A.Load:
        hand = sorted(Counter(view["hand"]).elements())
        return A.Load(view["player"], self.rng.sample(hand, self.rng.randint(1, min(5, len(hand)))))

    def declare(self, view: dict) -> A.Declare:
        return A.Declare(view["player"], self.rng.choice(LEGAL_GOODS), sum(view["bag"].values()))

    def offer(self, view: dict) -> A.Offer | None:
        if self.rng.random() < 0.5:
            return None
        offer = self._random_offer(view, view["player"], view["player"])
        return offer if offer in view["legal"] else None

    def _random_offer(self, view: dict, seat: int, merchant: int) -> A.Offer:
        stand = sorted(Counter({g: n for g, n in view["stands"][merchant].items() if g in GOODS}).elements())
        others = [m for m in view["pending"] if m != merchant]
        terms = self.rng.sample(others, self.rng.randint(0, len(others)))
        split = self.rng.randint(0, len(terms))
        size = view["declarations"][merchant][1]
        return A.Offer(
            seat, merchant, gold=self.rng.randint(0, view["gold"][merchant]),
            stand=self.rng.sample(stand, self.rng.randint(0, min(2, len(stand)))),
            bag=[self.rng.choice(list(GOODS)) for _ in range(self.rng.randint(0, min(2, size)))],
            promise=self.rng.choice(["", "I'll pass you next round", "trust me"]),
            inspect=terms[:split], passes=terms[split:],
        )

    def answer(self, view: dict, offer: A.Offer) -> A.Accept | None:
        accept = A.Accept(view["player"], offer.merchant)
        return accept if self.rng.random() < 0.5 and accept in view["legal"] else None

    def choose_first(self, view: dict) -> A.ChooseFirstMerchant:
        return A.ChooseFirstMerchant(view["player"], self.rng.choice(view["merchants"]))

    def next_bag(self, view: dict) -> int:
        return self.rng.choice(view["pending"])

    def respond(self, view: dict, offer: A.Offer) -> A.Accept | A.Offer | None:
        roll = self.rng.random()
        reply = (A.Accept(view["player"], offer.merchant) if roll < 0.4
                 else self._random_offer(view, view["player"], offer.merchant) if roll < 0.7 else None)
        return reply if reply in view["legal"] else None

    def decide(self, view: dict, merchant: int) -> A.Pass | A.Inspect:
        options = [A.Pass(view["player"], merchant)] + [
            A.Inspect(view["player"], merchant, pile) for pile in range(len(view["discards"]))]
        return self.rng.choice([a for a in options if a in view["legal"]])


__all__ = ["Bot", "RandomLegal", "play", "step", "bot_view", "MAX_TALK"]
