"""Computer players: :class:`RandomLegal` for fuzzing and the named characters that teach.

Every bot follows the :class:`~sheriff_nb.driver.Bot` protocol and is played by
:func:`~sheriff_nb.driver.play` through the real :class:`~sheriff_nb.game.Game`, so bots obey
exactly the rules a human does (``Bot``, ``play``, ``step`` are importable from here too).

>>> from sheriff_nb.engine import Game
>>> game = Game(players=3, edition=1, seed=4)
>>> events = list(play(game, [RandomLegal(seed=s) for s in range(3)]))
>>> game.is_over, game.card_count() == game.deck_size, sum(game.gold)
(True, True, 150)

The characters (in the spirit of *The Evolution of Trust*) each have a ``name``, a ``title`` and a one-line
``personality`` that says exactly what they do; those that play lesson 08's game theory also say, in ``model``,
which model they assume.  Merchants: :class:`Honest`, :class:`Smuggler`, :class:`Bluffer`, :class:`Briber`;
sheriffs: :class:`Trusting`, :class:`Suspicious`, :class:`Equilibrium`, :class:`Greedy`.  A seat
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
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import lru_cache

from .driver import MAX_TALK, Bot, bot_view, move, negotiate, play, step
from .engine import actions as A
from .engine.cards import GOODS, LEGAL_GOODS
from .engine.errors import Phrase
from .engine.inspection import MAX_BAG
from .habits import (
    COVER,
    HANDS,
    bag_key,
    bluffer_bags,
    bluffer_plan,
    bribe_bounds,
    chance,
    cheapest_first,
    collected_good,
    declaration,
    honest_bag,
    market_action,
    model_equilibrium,
    model_lie,
    model_loss,
    model_minimum,
    model_price,
    smuggler_bag,
)


class RandomLegal(Bot):
    """Picks uniformly among legal moves and haggles at random: a fuzzing partner, not a strategist."""

    name = title = Phrase("Random")
    personality = Phrase("does anything the rules allow, at random")

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
        return A.Declare(view["player"], self.rng.choice(LEGAL_GOODS), sum(view["bag"].values()),
                         pay_with=self._pay_with(view))

    def _pay_with(self, view: dict) -> list[str]:
        """Sometimes a random choice of own stand goods for a debt."""
        own = sorted(Counter(view["stands"][view["player"]]).elements())
        return self.rng.sample(own, self.rng.randint(0, len(own))) if self.rng.random() < 0.3 else []

    def offer(self, view: dict) -> A.Offer | None:
        if self.rng.random() < 0.5:
            return None
        offer = self._random_offer(view, view["player"], view["player"])
        return offer if offer in view["legal"] else None

    def bribe_for_inspection(self, view: dict, merchant: int) -> A.Offer | None:
        if self.rng.random() < 0.8:
            return None
        me = view["player"]
        offer = A.Offer(me, me, gold=self.rng.randint(0, view["gold"][me]), inspect=(merchant,), buys_pass=False)
        return offer if offer in view["legal"] else None

    def _random_offer(self, view: dict, seat: int, merchant: int) -> A.Offer:
        shown = view["stands"][merchant]
        stand = sorted(Counter({g: n for g, n in shown.items() if g in GOODS}).elements())
        stand += [self.rng.choice(("pepper", "silk"))] * shown.get("face_down", 0)  # a guess at face-down cards
        buys = merchant in view["pending"] and self.rng.random() < 0.7
        others = [m for m in view["pending"] if m != merchant]
        terms = self.rng.sample(others, self.rng.randint(0 if buys else min(1, len(others)), len(others)))
        split = self.rng.randint(0, len(terms))
        size = view["declarations"][merchant][1]
        return A.Offer(
            seat, merchant, gold=self.rng.randint(0, view["gold"][merchant]),
            stand=self.rng.sample(stand, self.rng.randint(0, min(2, len(stand)))),
            bag=[self.rng.choice(list(GOODS)) for _ in range(self.rng.randint(0, min(2, size)))] if buys else [],
            promise=self.rng.choice(["", "I'll pass you next round", "trust me"]),
            inspect=terms[:split], passes=terms[split:], buys_pass=None if buys else False,
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
        options = [A.Pass(view["player"], merchant), A.Inspect(view["player"], merchant, self._pay_with(view))]
        return self.rng.choice([a for a in options if a in view["legal"]])

    def take_paid_inspection(self, view: dict, offer: A.Offer) -> A.Accept | None:
        return self.answer(view, offer)

    def discard(self, view: dict) -> A.DiscardConfiscated:
        order = list(view["confiscated"])
        self.rng.shuffle(order)
        return A.DiscardConfiscated(view["player"], self.rng.randint(0, 1), order if self.rng.random() < 0.5 else ())

    def claim(self, view: dict) -> A.ClaimBlackMarket:
        options = [A.ClaimBlackMarket(view["player"], g) for g in (None, *view["black_market"])]
        return self.rng.choice([a for a in options if a in view["legal"]])

    def split_booty(self, view: dict) -> A.SplitBooty:
        return A.SplitBooty(view["player"], self.rng.choice([None, *view["sheriffs"]]))


# ================================================================ named characters
#
# Each character is one personality for one role.  A seat needs both roles, so a
# :class:`Strategy` pairs a merchant personality with a sheriff personality.  Characters see only
# what ``view`` shows: their own hand and bag, public information, and ``view["legal"]`` for
# membership tests.  Their bags and the models they assume are in :mod:`sheriff_nb.habits`.


def _worth(offer: A.Offer) -> int:
    """What an offer is surely worth to the sheriff: its gold and stand goods (bag goods may not be there)."""
    return offer.gold + sum(GOODS[g].value for g in offer.stand)


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


class Merchant(Seeded, Bot):
    """A merchant personality.  Used alone as a bot, it answers sheriff questions like :class:`Bot`
    (passes every bag); pair it with a sheriff personality in a :class:`Strategy`."""

    role = "merchant"
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

    def market(self, view: dict) -> A.Market:
        """Set aside what :meth:`set_aside` says; 1st edition: first take the wanted cards on the discard piles."""
        if view["edition"] == 1:  # 1st edition: the cards on the piles matter
            aside, wanted = self.set_aside(Counter(view["hand"]))
            return market_action(view, aside, wanted)
        return move(A.Market, view["player"], _set_aside(type(self).set_aside, tuple(view["hand"].items())))

    def load(self, view: dict) -> A.Load:
        return move(A.Load, view["player"], tuple(self.bag(view["hand"])))

    def declare(self, view: dict) -> A.Declare:
        bag = view["bag"]
        return move(A.Declare, view["player"], declaration(bag), sum(bag.values()))


@lru_cache(maxsize=HANDS)
def _set_aside(rule: Callable, hand: tuple) -> tuple[str, ...]:
    """What a personality's ``set_aside`` rule sets aside from a hand, remembered (2nd edition: the hand decides)."""
    return tuple(rule(Counter(dict(hand)))[0][:5])


class Honest(Merchant):
    """Always declares the truth (unless its hand holds no legal good at all, when a lie is forced)."""

    name, title = Phrase("Honest"), Phrase("Honest merchant")
    personality = Phrase("loads the legal good it holds most and declares exactly that (a lie only with no legal "
                         "card)")

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
    personality = Phrase("swaps half its honest bag for contraband with probability q* (lesson 08), else stays "
                         "honest")
    model = Phrase("lesson 08's 2 × 2 game between its honest bag (n cards) and the same bag with c = half of them "
                   "(rounded up) contraband, fine f each: it lies with q* = 2n / (2n + c·f)")

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

    def declare(self, view: dict) -> A.Declare:
        bag = view["bag"]
        return move(A.Declare, view["player"], self.declared or declaration(bag), sum(bag.values()))


class Briber(Merchant):
    """Smuggles like the Smuggler; with contraband in the bag it offers the midpoint of
    :func:`~sheriff_nb.analysis.bribe_range` and accepts counter-offers up to its maximum."""

    name = title = Phrase("Briber")
    personality = Phrase("smuggles like the Smuggler, then offers the middle of the bargaining range and pays up to "
                         "its top")
    model = Phrase("lesson 08's bargaining zone for its own bag, as if the sheriff would surely open it (p = 1) "
                   "and knew what it hides: from c·f to c(v + f)")
    offers_bribes = pays_for_inspections = True

    def __init__(self, seed: int | str = 0, p_inspect: Fraction = Fraction(1)) -> None:
        super().__init__(seed)
        self.p_inspect = Fraction(p_inspect)
        self._last: tuple[int, int] | None = None

    def bag(self, hand: Mapping[str, int]) -> list[str]:
        return smuggler_bag(hand)

    def _range(self, view: dict) -> tuple[Fraction, Fraction] | None:
        bag, decl = view["bag"], view["declarations"][view["player"]]
        if not bag or decl is None:
            return None
        low, high = bribe_bounds(bag_key(bag), decl[0], (self.p_inspect.numerator, self.p_inspect.denominator))
        return (low, high) if high > 0 else None  # an honest bag gains from inspection: no bribe

    def offer(self, view: dict) -> A.Offer | None:
        bounds = self._range(view)
        if bounds is None:
            return None
        me, gold = view["player"], view["gold"][view["player"]]
        fair, top = min(int(sum(bounds) / 2), gold), min(int(bounds[1]), gold)
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

    def answer(self, view: dict, offer: A.Offer) -> A.Accept | None:
        bounds = self._range(view)
        if bounds is None or offer.gold > view["gold"][view["player"]]:
            return None
        cost = _worth(offer) + sum(GOODS[g].value * n for g, n in (Counter(offer.bag) & Counter(view["bag"])).items())
        accept = A.Accept(view["player"], offer.merchant)
        return accept if cost <= bounds[1] and accept in view["legal"] else None

    def bribe_for_inspection(self, view: dict, merchant: int) -> A.Offer | None:
        """Pay to have the leading rival's bag opened, when that pays off: see :func:`inspection_bribe`."""
        gold = inspection_bribe(view, merchant)
        if not gold:
            return None
        me = view["player"]
        offer = A.Offer(me, me, gold=gold, inspect=(merchant,), buys_pass=False)
        return offer if offer in view["legal"] else None


# ---------------------------------------------------------------- paying to have a bag opened (issue 16)

FACE_DOWN_WORTH = 6
"""What a face-down card is counted as in a public score: the least a contraband card is worth (Pepper)."""


def public_score(view: dict, seat: int) -> int:
    """A seat's score as everyone can count it: gold, face-up goods, and :data:`FACE_DOWN_WORTH` a face-down card."""
    return public_scores(view)[seat]


def public_scores(view: dict) -> list[int]:
    """Every seat's :func:`public_score`."""
    scores = list(view["gold"])
    for seat, stand in enumerate(view["stands"]):
        for good, n in stand.items():
            scores[seat] += n * (FACE_DOWN_WORTH if good == "face_down" else GOODS[good].value)
    return scores


def inspection_bribe(view: dict, merchant: int) -> int:
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
    return max(0, min(int(model_loss(*view["declarations"][merchant]) / 2), view["gold"][me]))


class Sheriff(Seeded, Bot):
    """A sheriff personality.  Binding deals are always kept.  Used alone as a bot, it answers merchant
    questions like :class:`Bot` (an honest merchant); pair it with a merchant in a :class:`Strategy`."""

    role = "sheriff"
    model = ""

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed)
        self._votes: dict = {}

    def accepts(self, view: dict, offer: A.Offer) -> bool:
        """Whether to take ``offer``."""
        return False

    def inspects(self, view: dict, merchant: int) -> bool:
        """Whether to open ``merchant``'s bag when no deal decides it."""
        return False

    def respond(self, view: dict, offer: A.Offer) -> A.Accept | A.Offer | None:
        accept = A.Accept(view["player"], offer.merchant)
        return accept if self.accepts(view, offer) and accept in view["legal"] else None

    opens_for_pay = True
    """Whether this sheriff takes payments to open a bag (:meth:`take_paid_inspection`)."""

    def take_paid_inspection(self, view: dict, offer: A.Offer) -> A.Accept | None:
        """Take any payment to open a bag: at the lie rate q* a sheriff expects, opening a bag earns nothing on
        average (THEORY.md), so any payment is a gain; the rules refuse it if a deal already says to pass."""
        accept = A.Accept(view["player"], offer.merchant)
        return accept if self.opens_for_pay and _worth(offer) > 0 and accept in view["legal"] else None

    def decide(self, view: dict, merchant: int) -> A.Pass | A.Inspect:
        must = view["bindings"].get(merchant)
        if must:
            inspect = must == "inspect"
        else:  # asked again only after the deputies split: keep the first answer
            if self._votes.get("round") != view["round"]:
                self._votes = {"round": view["round"]}
            inspect = self._votes.setdefault(merchant, self.inspects(view, merchant))
        return move(A.Inspect if inspect else A.Pass, view["player"], merchant)

    @staticmethod
    def assumed(view: dict, merchant: int) -> tuple[tuple, Fraction, Fraction]:
        """The lie assumed for the merchant's public declaration, with p* and q*: :func:`model_equilibrium`."""
        return model_equilibrium(*view["declarations"][merchant])


class Trusting(Sheriff):
    """Never inspects unless a deal binds it to; accepts every offer to pass a bag, never one to open a bag."""

    name, title = Phrase("Trusting"), Phrase("Trusting sheriff")
    personality = Phrase("waves every bag through unless a deal binds it; takes any bribe to pass, none to open a "
                         "bag")
    opens_for_pay = False  # it never opens a bag, even when paid to

    def accepts(self, view: dict, offer: A.Offer) -> bool:
        return True


class Suspicious(Sheriff):
    """Inspects every bag it is not bound to pass; takes a bribe only of ``per_card`` gold per card or more."""

    name, title = Phrase("Suspicious"), Phrase("Suspicious sheriff")
    personality = Phrase("opens every bag unless paid at least 5 gold a card (goods count at face value)")

    def __init__(self, seed: int | str = 0, per_card: int = 5) -> None:
        super().__init__(seed)
        self.per_card = per_card

    def accepts(self, view: dict, offer: A.Offer) -> bool:
        return _worth(offer) >= self.per_card * view["declarations"][offer.merchant][1]

    def inspects(self, view: dict, merchant: int) -> bool:
        return True


class Equilibrium(Sheriff):
    """Inspects with probability p* of lesson 08's game for the declaration (:func:`model_equilibrium`: the lie it
    assumes hides half the cards, rounded up, as Pepper); takes a bribe at or above the minimum of
    :func:`~sheriff_nb.analysis.bribe_range` at its equilibrium belief q* (which is 0: at q* inspecting earns
    nothing on average)."""

    name, title = Phrase("Equilibrium"), Phrase("Equilibrium sheriff")
    personality = Phrase("opens each bag with lesson 08's p* for what was declared, and takes any bribe")
    model = Phrase("lesson 08's 2 × 2 game for the declared n cards of a good worth a, assuming a lie hides c = "
                   "half of them (rounded up) as Pepper: p* = c(6 − a) / (10c + 2n), 2/7 for “4 Apples”")

    def accepts(self, view: dict, offer: A.Offer) -> bool:
        return _worth(offer) >= model_minimum(*view["declarations"][offer.merchant])

    def inspects(self, view: dict, merchant: int) -> bool:
        return chance(self.rng, self.assumed(view, merchant)[1])


class Greedy(Sheriff):
    """Answers a bribe offer with its price, the fine the bag would pay if every card were contraband (the minimum
    of :func:`~sheriff_nb.analysis.bribe_range` for a sheriff certain of it: 4 gold a card), and takes any offer
    worth that much; inspects a bag whose owner offered but made no deal, and otherwise inspects at the Equilibrium
    sheriff's p*.  It never asks first: a merchant who offers nothing meets only the p*."""

    name, title = Phrase("Greedy"), Phrase("Greedy sheriff")
    personality = Phrase("answers a bribe with its price, 4 gold a card, opens the bag of whoever refuses it, "
                         "others at lesson 08's p*")
    model = Phrase("its price is the fine of a bag of contraband only (c·f with c = n, f = 4); its p* is the "
                   "Equilibrium sheriff's")

    def price(self, view: dict, merchant: int) -> int:
        return model_price(*view["declarations"][merchant])

    def respond(self, view: dict, offer: A.Offer) -> A.Accept | A.Offer | None:
        m = offer.merchant
        price = self.price(view, m)
        if _worth(offer) >= price:
            accept = A.Accept(view["player"], m)
            return accept if accept in view["legal"] else None
        counter = A.Offer(view["player"], m, gold=price)
        return counter if price <= view["gold"][m] and counter in view["legal"] else None

    def inspects(self, view: dict, merchant: int) -> bool:
        return merchant in view["offers"] or chance(self.rng, self.assumed(view, merchant)[1])


MERCHANTS: dict[str, type[Merchant]] = {c.name.lower(): c for c in (Honest, Smuggler, Bluffer, Briber)}
SHERIFFS: dict[str, type[Sheriff]] = {c.name.lower(): c for c in (Trusting, Suspicious, Equilibrium, Greedy)}
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
SHERIFF_QUESTIONS = ("choose_first", "next_bag", "respond", "take_paid_inspection", "discard", "decide",
                     "split_booty")
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

    def __init__(self, merchant: Merchant | str = "honest", sheriff: Sheriff | str | None = None,
                 seed: int | str | None = None, name: str | None = None) -> None:
        if isinstance(merchant, str):
            merchant = _lookup(MERCHANTS, merchant, "merchant")()
        if sheriff is None:
            sheriff = DEFAULT_SHERIFF.get(merchant.name.lower(), "trusting")
        if isinstance(sheriff, str):
            sheriff = _lookup(SHERIFFS, sheriff, "sheriff")()
        self.merchant, self.sheriff = merchant, sheriff
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
    def personality(self) -> str:
        return f"as a merchant it {self.merchant.personality}; as sheriff it {self.sheriff.personality}"

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


def _lookup(table: Mapping[str, type], name: str, role: str) -> type:
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
        raise ValueError(f"unknown strategy {name!r}: use one of {', '.join(STRATEGIES)}, or a merchant and a "
                         f"sheriff joined by '+' (merchants: {', '.join(MERCHANTS)}; sheriffs: {', '.join(SHERIFFS)})")
    return Strategy(parts[0], parts[1], seed=seed, name=key)


def characters():
    """The named characters as a DataFrame: ``name, title, role, personality, model`` (plain words to read aloud)."""
    import pandas as pd

    rows = [(c.name, c.title, c.role, c.personality, c.model) for c in (*MERCHANTS.values(), *SHERIFFS.values())]
    return pd.DataFrame(rows, columns=["name", "title", "role", "personality", "model"])


__all__ = [
    "Bot", "RandomLegal", "play", "step", "negotiate", "bot_view", "MAX_TALK",
    "Merchant", "Honest", "Smuggler", "Bluffer", "Briber",
    "Sheriff", "Trusting", "Suspicious", "Equilibrium", "Greedy",
    "Strategy", "strategy", "characters", "MERCHANTS", "SHERIFFS", "DEFAULT_SHERIFF", "STRATEGIES", "COVER",
    "honest_bag", "smuggler_bag", "bluffer_bags", "declaration", "model_lie", "model_equilibrium",
    "inspection_bribe", "public_score",
]  # fmt: skip
