"""Computer players: :class:`RandomLegal` for fuzzing and the named characters that teach.

Every bot follows the :class:`~sheriff_nb.play.driver.Bot` protocol and is played by
:func:`~sheriff_nb.play.driver.play` through the real :class:`~sheriff_nb.engine.game.Game`, so bots obey
exactly the rules a human does (``Bot``, ``play``, ``step`` are importable from here too).

>>> from sheriff_nb.engine import Game
>>> game = Game(players=3, edition=1, seed=4)
>>> events = list(play(game, [RandomLegal(seed=s) for s in range(3)]))
>>> game.is_over, game.card_count() == game.deck_size, sum(game.gold)
(True, True, 150)

The characters (in the spirit of *The Evolution of Trust*) each have a ``name``, a ``title`` and a one-line
``personality`` that says exactly what they do; those that play lesson 08's game theory also say, in ``model``,
which model they assume.  Merchants: :class:`Honest`, :class:`Smuggler`, :class:`Bluffer`, :class:`Briber`;
sheriffs: :class:`Trusting`, :class:`Suspicious`, :class:`EquilibriumSheriff`, :class:`Greedy`.  A seat
plays both roles, so a :class:`Strategy` pairs one of each (its ``title`` names both halves, "Honest merchant ·
Trusting sheriff"); :func:`strategy` builds one from a name such as ``"smuggler"`` (with its default sheriff) or
``"bluffer+suspicious"``.

>>> game = Game(players=4, seed=2)
>>> seats = [strategy(name, seed=i) for i, name in enumerate(["honest", "smuggler", "bluffer", "briber"])]
>>> _ = list(play(game, seats))
>>> game.stats[0]["caught"]        # the Honest merchant is never caught lying
0
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import TypeVar

from ..engine import actions as A
from ..engine.cards import GOODS, LEGAL_GOODS
from ..engine.errors import Phrase
from .driver import MAX_TALK, Bot, View, bot_view, negotiate, play, step
from .habits import (
    COVER,
    bluffer_bags,
    declaration,
    honest_bag,
    inspection_bribe,
    model_equilibrium,
    model_lie,
    public_score,
    smuggler_bag,
)
from .merchants import Bluffer, Briber, Honest, Merchant, Smuggler
from .sheriffs import EquilibriumSheriff, Greedy, Sheriff, Suspicious, Trusting


class RandomLegal(Bot):
    """Picks uniformly among legal moves and haggles at random: a fuzzing partner, not a strategist."""

    name = title = Phrase("Random")
    personality = Phrase("does anything the rules allow, at random")

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def market(self, view: View) -> A.Market:
        hand: list[str] = sorted(Counter(view["hand"]).elements())
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

    def load(self, view: View) -> A.Load:
        hand: list[str] = sorted(Counter(view["hand"]).elements())
        return A.Load(view["player"], tuple(self.rng.sample(hand, self.rng.randint(1, min(5, len(hand))))))

    def declare(self, view: View) -> A.Declare:
        return A.Declare(
            view["player"], self.rng.choice(LEGAL_GOODS), sum(view["bag"].values()), pay_with=self._pay_with(view)
        )

    def _pay_with(self, view: View) -> tuple[str, ...]:
        """Sometimes a random choice of own stand goods for a debt."""
        own: list[str] = sorted(Counter(view["stands"][view["player"]]).elements())
        return tuple(self.rng.sample(own, self.rng.randint(0, len(own)))) if self.rng.random() < 0.3 else ()

    def offer(self, view: View) -> A.Offer | None:
        if self.rng.random() < 0.5:
            return None
        offer = self._random_offer(view, view["player"], view["player"])
        return offer if offer in view["legal"] else None

    def bribe_for_inspection(self, view: View, merchant: int) -> A.Offer | None:
        if self.rng.random() < 0.8:
            return None
        me = view["player"]
        offer = A.Offer(me, me, gold=self.rng.randint(0, view["gold"][me]), inspect=(merchant,), buys_pass=False)
        return offer if offer in view["legal"] else None

    def _random_offer(self, view: View, seat: int, merchant: int) -> A.Offer:
        shown = view["stands"][merchant]
        stand = sorted(Counter({g: n for g, n in shown.items() if g in GOODS}).elements())
        stand += [self.rng.choice(("pepper", "silk"))] * shown.get("face_down", 0)  # a guess at face-down cards
        buys = merchant in view["pending"] and self.rng.random() < 0.7
        others = [m for m in view["pending"] if m != merchant]
        terms = self.rng.sample(others, self.rng.randint(0 if buys else min(1, len(others)), len(others)))
        split = self.rng.randint(0, len(terms))
        size = view["declarations"][merchant][1]
        return A.Offer(
            seat,
            merchant,
            gold=self.rng.randint(0, view["gold"][merchant]),
            stand=tuple(self.rng.sample(stand, self.rng.randint(0, min(2, len(stand))))),
            bag=tuple(self.rng.choice(list(GOODS)) for _ in range(self.rng.randint(0, min(2, size)))) if buys else (),
            promise=self.rng.choice(["", "I'll pass you next round", "trust me"]),
            inspect=tuple(terms[:split]),
            passes=tuple(terms[split:]),
            buys_pass=None if buys else False,
        )

    def answer(self, view: View, offer: A.Offer) -> A.Accept | None:
        accept = A.Accept(view["player"], offer.merchant)
        return accept if self.rng.random() < 0.5 and accept in view["legal"] else None

    def choose_first(self, view: View) -> A.ChooseFirstMerchant:
        return A.ChooseFirstMerchant(view["player"], self.rng.choice(view["merchants"]))

    def next_bag(self, view: View) -> int:
        return self.rng.choice(view["pending"])

    def respond(self, view: View, offer: A.Offer) -> A.Accept | A.Offer | None:
        roll = self.rng.random()
        reply = (
            A.Accept(view["player"], offer.merchant)
            if roll < 0.4
            else self._random_offer(view, view["player"], offer.merchant)
            if roll < 0.7
            else None
        )
        return reply if reply in view["legal"] else None

    def decide(self, view: View, merchant: int) -> A.Pass | A.Inspect:
        options: list[A.Pass | A.Inspect] = [
            A.Pass(view["player"], merchant),
            A.Inspect(view["player"], merchant, self._pay_with(view)),
        ]
        return self.rng.choice([a for a in options if a in view["legal"]])

    def take_paid_inspection(self, view: View, offer: A.Offer) -> A.Accept | None:
        return self.answer(view, offer)

    def discard(self, view: View) -> A.DiscardConfiscated:
        order = list(view["confiscated"])
        self.rng.shuffle(order)
        return A.DiscardConfiscated(
            view["player"], self.rng.randint(0, 1), tuple(order) if self.rng.random() < 0.5 else ()
        )

    def claim(self, view: View) -> A.ClaimBlackMarket:
        options = [A.ClaimBlackMarket(view["player"], g) for g in (None, *view["black_market"])]
        return self.rng.choice([a for a in options if a in view["legal"]])

    def split_booty(self, view: View) -> A.SplitBooty:
        return A.SplitBooty(view["player"], self.rng.choice([None, *view["sheriffs"]]))


# ================================================================ named characters
#
# Each character is one personality for one role.  A seat needs both roles, so a
# :class:`Strategy` pairs a merchant personality with a sheriff personality.  Characters see only
# what ``view`` shows: their own hand and bag, public information, and ``view["legal"]`` for
# membership tests.  Their bags and the models they assume are in :mod:`sheriff_nb.play.habits`.


MERCHANTS: dict[str, type[Merchant]] = {c.name.lower(): c for c in (Honest, Smuggler, Bluffer, Briber)}
SHERIFFS: dict[str, type[Sheriff]] = {c.name.lower(): c for c in (Trusting, Suspicious, EquilibriumSheriff, Greedy)}
DEFAULT_SHERIFF = {"honest": "trusting", "smuggler": "suspicious", "bluffer": "equilibrium", "briber": "greedy"}
"""The sheriff each merchant character plays by default."""
STRATEGIES = (*MERCHANTS, *SHERIFFS, "random")
"""Names :func:`strategy` knows; any ``"merchant+sheriff"`` pair (``"bluffer+suspicious"``) works too."""


def _pair_name(merchant: str, sheriff: str) -> str:
    if DEFAULT_SHERIFF.get(merchant) == sheriff:
        return merchant
    return sheriff if merchant == "honest" and sheriff in SHERIFFS else f"{merchant}+{sheriff}"


MERCHANT_QUESTIONS = ("market", "load", "declare", "offer", "answer", "bribe_for_inspection", "claim")
"""The questions a :class:`Strategy` passes to its merchant half."""
SHERIFF_QUESTIONS = ("choose_first", "next_bag", "respond", "take_paid_inspection", "discard", "decide", "split_booty")
"""The questions a :class:`Strategy` passes to its sheriff half."""


class Strategy(Bot):
    """One seat's whole behaviour: a merchant personality and a sheriff personality.

    The merchant half answers :data:`MERCHANT_QUESTIONS`, the sheriff half :data:`SHERIFF_QUESTIONS`.

    ``Strategy("smuggler", "greedy")`` or ``Strategy(Smuggler(limit=2), Greedy())``; the sheriff
    defaults to the merchant's :data:`DEFAULT_SHERIFF`.  ``seed`` (if given) reseeds both parts.

    >>> s = Strategy("bluffer", "suspicious", seed=1)
    >>> s.name
    'bluffer+suspicious'
    >>> s.title, s.short_title
    ('Bluffer · Suspicious sheriff', 'Bluffer · Suspicious')
    >>> s.personality
    'as a merchant it swaps half its honest bag for contraband ...; as sheriff it opens every bag unless ...'
    >>> Strategy("smuggler").name, Strategy("honest", "greedy").name, Strategy("honest", "greedy").title
    ('smuggler', 'greedy', 'Honest merchant · Greedy sheriff')
    """

    def __init__(
        self,
        merchant: Merchant | str = "honest",
        sheriff: Sheriff | str | None = None,
        seed: int | str | None = None,
        name: str | None = None,
    ) -> None:
        if isinstance(merchant, str):
            merchant = _lookup(MERCHANTS, merchant, "merchant")()
        if sheriff is None:
            sheriff = DEFAULT_SHERIFF.get(merchant.name.lower(), "trusting")
        if isinstance(sheriff, str):
            sheriff = _lookup(SHERIFFS, sheriff, "sheriff")()
        self.merchant: Merchant = merchant
        self.sheriff: Sheriff = sheriff
        self.name = name or _pair_name(merchant.name.lower(), sheriff.name.lower())
        for question in MERCHANT_QUESTIONS:  # each question goes straight to the half that answers it
            setattr(self, question, getattr(merchant, question))
        for question in SHERIFF_QUESTIONS:
            setattr(self, question, getattr(sheriff, question))
        self.offers_bribes = getattr(merchant, "offers_bribes", True)
        self.pays_for_inspections = getattr(merchant, "pays_for_inspections", True)
        if seed is not None:
            self.reseed(seed)

    @property
    def personality(self) -> str:  # type: ignore[override]  # read-only on purpose: made of the halves' own
        """What the seat does in each role, as a :class:`Phrase` (so the widgets translate it with its halves)."""
        return Phrase(
            "as a merchant it {merchant}; as sheriff it {sheriff}",
            merchant=self.merchant.personality,
            sheriff=self.sheriff.personality,
        )

    @property
    def title(self) -> str:
        """Both halves: ``"Honest merchant · Trusting sheriff"``."""
        return f"{self.merchant.title} · {self.sheriff.title}"

    @property
    def short_title(self) -> str:
        """Both halves, short: ``"Honest · Trusting"`` (a player's name at the table)."""
        return f"{self.merchant.name} · {self.sheriff.name}"

    def __repr__(self) -> str:
        return f"Strategy({self.merchant!r}, {self.sheriff!r}, name={self.name!r})"

    def reseed(self, seed: int | str) -> None:
        self.merchant.reseed(f"{seed}/merchant")
        self.sheriff.reseed(f"{seed}/sheriff")


_Character = TypeVar("_Character", bound=Bot)


def _lookup(table: Mapping[str, type[_Character]], name: str, role: str) -> type[_Character]:
    try:
        return table[name.strip().lower()]
    except KeyError:
        raise ValueError(f"there is no {role} character called {name!r}; choose one of {', '.join(table)}") from None


def strategy(name: str, seed: int | str = 0) -> Bot:
    """A fresh bot for a strategy name.

    * a merchant name (``"honest"``, ``"smuggler"``, ``"bluffer"``, ``"briber"``) plays that merchant and its
      :data:`DEFAULT_SHERIFF` (trusting, suspicious, equilibrium, greedy);
    * a sheriff name (``"trusting"``, ``"suspicious"``, ``"equilibrium"``, ``"greedy"``) plays that sheriff and an
      honest merchant;
    * ``"merchant+sheriff"`` pairs any two, e.g. ``"bluffer+suspicious"``;
    * ``"random"`` is :class:`RandomLegal`.

    >>> print(strategy("Briber").personality)
    as a merchant it smuggles like the Smuggler, then offers ...; as sheriff it answers a bribe with its price, ...
    >>> strategy("smuggler+trusting").name
    'smuggler+trusting'
    """
    key = "".join(str(name).lower().split())
    if key == "random":
        bot = RandomLegal()
        bot.reseed(seed)
        return bot
    parts = key.split("+")
    if len(parts) == 1 and key in SHERIFFS:
        parts = ["honest", key]
    if len(parts) == 1 and key in MERCHANTS:
        parts = [key, DEFAULT_SHERIFF[key]]
    if len(parts) != 2 or parts[0] not in MERCHANTS or parts[1] not in SHERIFFS:
        raise ValueError(
            f"unknown strategy {name!r}: use one of {', '.join(STRATEGIES)}, or a merchant and a "
            f"sheriff joined by '+' (merchants: {', '.join(MERCHANTS)}; sheriffs: {', '.join(SHERIFFS)})"
        )
    return Strategy(parts[0], parts[1], seed=seed, name=key)


def characters():
    """The named characters as a DataFrame: ``name, title, role, personality, model`` (plain words to read aloud)."""
    import pandas as pd

    rows = [(c.name, c.title, c.role, c.personality, c.model) for c in (*MERCHANTS.values(), *SHERIFFS.values())]
    return pd.DataFrame(rows, columns=["name", "title", "role", "personality", "model"])


__all__ = [
    "Bot", "RandomLegal", "play", "step", "negotiate", "bot_view", "MAX_TALK",
    "Merchant", "Honest", "Smuggler", "Bluffer", "Briber",
    "Sheriff", "Trusting", "Suspicious", "EquilibriumSheriff", "Greedy",
    "Strategy", "strategy", "characters", "MERCHANTS", "SHERIFFS", "DEFAULT_SHERIFF", "STRATEGIES", "COVER",
    "honest_bag", "smuggler_bag", "bluffer_bags", "declaration", "model_lie", "model_equilibrium",
    "inspection_bribe", "public_score",
]  # fmt: skip
