"""The lesson cast: one set of named characters for all lessons, each with one habit that is true wherever it
appears, and real games set up at a phase.

The rules lessons' characters are scripted :class:`~sheriff_nb.play.driver.Bot` players, kept simple on purpose so a
newcomer can predict them; the theory lessons' characters reason; the seat characters of lessons 09-10 (the
strategic bots of :mod:`sheriff_nb.play.bots`) are related to them in :data:`CAST`.  Each class is named after
the character who plays it:

* **Little John** (:class:`LittleJohn`), the sheriff of the rules lessons (02-05): takes any deal worth 6 or more
  (gold plus goods at face value), asks 6 for less, and opens every other bag of 3 or more cards; a bag of 1 or 2
  passes.  A deal he made comes first.  He never randomises and is never a merchant in these lessons.
* **Alan-a-Dale** (:class:`AlanADale`) always tells the truth and never pays: he plays exactly like the Honest
  merchant (:class:`sheriff_nb.play.merchants.Honest`).
* **Will Scarlet** (:class:`WillScarlet`) smuggles contraband under his commonest legal good, offers 4 gold and pays
  up to 8.
* **Maid Marion** (:class:`MaidMarion`) smuggles and schemes: she offers 2 gold, a card her bag does not hold and a
  binding "inspect someone else"; she pays up to 5.
* **Much the Miller's Son** (theory lessons) weighs his honest bag against a lying one and plays what pays best,
  or the equilibrium mix: the Bluffer plays his mix.
* **Sir Guy of Gisborne** (theory lessons) opens bags exactly as often as it pays, the equilibrium rate p*: the
  Equilibrium sheriff (:class:`sheriff_nb.play.sheriffs.EquilibriumSheriff`) plays his rate.

The names and habits are English data marked for the catalogues; what the characters say at the table (the seat
names, Maid Marion's promise) comes from ``words(context, english)``, English by default: a lesson page passes
:func:`sheriff_nb.ui.i18n.pt`, so the game holds the reader's language.

Games are built by playing real actions from a fixed seed, so what a lesson shows is what the
rules engine did:

>>> game, bots = lesson_game("inspection")
>>> game.phase.value, game.names[:2], sum(game.bags[1].values())
('inspection', ['Little John', 'You'], 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import actions as A
from ..engine.cards import GOODS, LEGAL_GOODS
from ..engine.game import Game, Phase
from ..engine.words import N_, pN_
from . import bots
from .driver import Bot, View, step

Words = Callable[[str | None, str], str]
"""``words(context, english)``: the words a character says in the reader's language (``context`` as gettext's, or
``None``); :func:`english` keeps them English, a lesson page passes :func:`sheriff_nb.ui.i18n.pt`."""


def english(context: str | None, text: str) -> str:
    """The :data:`Words` that keep the English text.

    >>> english("cast", "Little John")
    'Little John'
    """
    return text


SHERIFF_ASK = 6
"""Little John lets a bag pass for a bribe worth at least this much (gold + goods at face value)."""
SEED = 1
"""The lesson games' seed: every hand below is dealt by it (found by :func:`find_seed`)."""
MERCHANTS = [pN_("cast", "Alan-a-Dale"), pN_("cast", "Will Scarlet"), pN_("cast", "Maid Marion")]


def _legal_pairs(hand: Counter[str]) -> list[str]:
    return sorted((g for g in LEGAL_GOODS if hand[g]), key=lambda g: (-hand[g], -GOODS[g].value))


def _contraband(hand: Counter[str]) -> list[str]:
    return sorted((g for g in hand if GOODS[g].kind != "legal"), key=lambda g: -GOODS[g].value)


def lying_bag(hand: Counter[str], legal: int = 2, contraband: int = 1, extra_legal: int = 0) -> list[str]:
    """A lying bag from ``hand``: copies of its most common legal good, other legal cards, some contraband.

    >>> lying_bag(Counter(cheese=3, apples=1, silk=1, mead=1), legal=2, contraband=1, extra_legal=1)
    ['cheese', 'cheese', 'apples', 'silk']
    """
    goods = _legal_pairs(hand)
    bag = [goods[0]] * min(legal, hand[goods[0]]) if goods else []
    for other in goods[1:]:
        if extra_legal <= 0:
            break
        bag.append(other)
        extra_legal -= 1
    bag += _contraband(hand)[:contraband]
    return bag[:5]


class AlanADale(bots.Honest):
    """Alan-a-Dale: the Honest merchant (:class:`sheriff_nb.play.merchants.Honest`) under his own name (loads the
    legal good he holds most, declares exactly that, never offers a bribe)."""

    name = pN_("cast", "Alan-a-Dale")
    personality = N_("always tells the truth and never pays")


class WillScarlet(Bot):
    """Will Scarlet: smuggles, opens with ``opening`` gold and accepts a counter-offer of up to ``limit`` gold."""

    name = pN_("cast", "Will Scarlet")
    personality = N_("smuggles contraband under his commonest legal good, offers 4 gold and pays up to 8")

    def __init__(self, opening: int = 4, limit: int = 8) -> None:
        self.opening, self.limit = opening, limit
        self.offered: set[int] = set()

    def load(self, view: View) -> A.Load:
        return A.Load(view["player"], tuple(lying_bag(Counter(view["hand"]), legal=2, contraband=2)))

    def declare(self, view: View) -> A.Declare:
        bag: Counter[str] = Counter(view["bag"])
        legal = _legal_pairs(bag) or ["apples"]
        return A.Declare(view["player"], legal[0], sum(bag.values()))

    def offer(self, view: View) -> A.Offer | None:
        if view["round"] in self.offered:
            return None
        self.offered.add(view["round"])
        seat = view["player"]
        return A.Offer(seat, seat, gold=min(self.opening, view["gold"][seat]))

    def answer(self, view: View, offer: A.Offer) -> A.Accept | None:
        if offer.gold <= self.limit and not offer.inspect and not offer.passes:
            return A.Accept(view["player"], offer.merchant)
        return None


class MaidMarion(WillScarlet):
    """Maid Marion: smuggles like Will Scarlet; offers a little gold, "the Silk in my bag" (not there), a promise
    in ``words`` (:data:`Words`) and a binding term that the sheriff must inspect another bag."""

    name = pN_("cast", "Maid Marion")
    personality = N_(
        "smuggles; offers 2 gold, a card her bag does not hold and a binding “inspect someone else”; pays up to 5"
    )

    promise = N_("I'll let you pass when I'm sheriff")

    def __init__(self, words: Words = english) -> None:
        super().__init__(opening=2, limit=5)
        self.words = words

    def load(self, view: View) -> A.Load:
        return A.Load(view["player"], tuple(lying_bag(Counter(view["hand"]), legal=3, contraband=1)))

    def offer(self, view: View) -> A.Offer | None:
        if view["round"] in self.offered:
            return None
        self.offered.add(view["round"])
        seat = view["player"]
        bag = Counter(view["bag"] or {})
        missing = next(g for g in ("silk", "crossbow", "mead", "pepper") if not bag[g])
        others = [m for m in view["pending"] if m != seat and m != view["sheriff"]]
        return A.Offer(
            seat,
            seat,
            gold=min(self.opening, view["gold"][seat]),
            bag=(missing,),
            promise=self.words(None, self.promise),
            inspect=tuple(others[:1]),
        )


class LittleJohn(Bot):
    """Little John as sheriff: accepts a deal worth ``ask`` or more, counters smaller ones with ``ask``, and opens
    every bag of 3 or more cards that nobody paid for; smaller bags pass (binding deal terms always win)."""

    name = pN_("cast", "Little John")
    habit = N_(
        "takes any deal worth {ask} or more (gold plus goods at face value) and asks {ask} for less; opens "
        "every other bag of 3 or more cards, lets 1 or 2 pass"
    )
    personality = habit.format(ask=SHERIFF_ASK)

    def __init__(self, ask: int = SHERIFF_ASK) -> None:
        self.ask = ask

    def worth(self, offer: A.Offer) -> int:
        """Gold plus the face value of the offered goods."""
        return offer.gold + sum(GOODS[g].value for g in (*offer.stand, *offer.bag))

    def respond(self, view: View, offer: A.Offer) -> A.Accept | A.Offer | None:
        if self.worth(offer) >= self.ask:
            accept = A.Accept(view["player"], offer.merchant)
            return accept if accept in view["legal"] else None
        gold = min(view["gold"][offer.merchant], self.ask - self.worth(offer) + offer.gold)
        counter = A.Offer(
            view["player"],
            offer.merchant,
            gold=gold,
            stand=offer.stand,
            bag=offer.bag,
            promise=offer.promise,
            inspect=offer.inspect,
            passes=offer.passes,
        )
        return counter if counter in view["legal"] and counter != offer else None

    def decide(self, view: View, merchant: int) -> A.Pass | A.Inspect:
        must = view["bindings"].get(merchant)
        count = view["declarations"][merchant][1]
        if must == "inspect" or (must is None and count >= 3):
            return A.Inspect(view["player"], merchant)
        return A.Pass(view["player"], merchant)


@dataclass(frozen=True)
class Member:
    """One character of the cast: ``name``, the ``part`` played and where, the ``habit`` (true wherever the
    character appears) and, if a seat character of lessons 09-10 plays the same habit, its strategy ``half``
    (``"honest"`` as a merchant, ``"equilibrium"`` as a sheriff)."""

    name: str
    part: str
    habit: str
    half: str = ""


CAST = [
    Member(pN_("cast", "You"), N_("a merchant (or, on page 05, the sheriff)"), N_("whatever you like")),
    Member(LittleJohn.name, N_("the sheriff of the rules lessons (02–05)"), LittleJohn.habit),
    Member(AlanADale.name, N_("a merchant"), AlanADale.personality, "honest"),
    Member(WillScarlet.name, N_("a merchant"), WillScarlet.personality),
    Member(MaidMarion.name, N_("a merchant"), MaidMarion.personality),
    Member(
        pN_("cast", "Much the Miller's Son"),
        N_("the merchant of the theory lessons (07, 08, 12–16)"),
        N_("weighs his honest bag against a lying one and plays what pays best, or the equilibrium mix q*"),
        "bluffer",
    ),
    Member(
        pN_("cast", "Sir Guy of Gisborne"),
        N_("the sheriff of the theory lessons (07, 08, 12–16)"),
        N_("opens bags exactly as often as it pays: the equilibrium rate p*"),
        "equilibrium",
    ),
    Member(pN_("cast", "Friar Tuck"), N_("the 1st-edition rulebook's bargainer (page 05)"), N_("haggles over a bribe")),
    Member(
        pN_("cast", "David of Doncaster"),
        N_("the rulebook's scoring example (page 06)"),
        N_("ends the game with 125 points"),
    ),
]
"""The cast, in the order lesson 00 introduces it."""


def cast_names(role: str = "merchant", words: Words = english) -> list[str]:
    """Seat names in ``words``' language: the reader is seat 1 as a merchant (Little John is sheriff), or seat 0
    as the sheriff.

    >>> cast_names(), cast_names("sheriff")[:2]
    (['Little John', 'You', 'Will Scarlet', 'Maid Marion'], ['You', 'Alan-a-Dale'])
    """
    you = words(None, N_("You"))
    if role == "sheriff":
        return [you, *(words("cast", name) for name in MERCHANTS)]
    return [words("cast", LittleJohn.name), you, *(words("cast", name) for name in MERCHANTS[1:])]


def cast_bots(role: str = "merchant", words: Words = english) -> list[Bot]:
    """One scripted character per seat (the reader's seat gets a plain :class:`Bot` that is never asked); Maid
    Marion speaks ``words``."""
    if role == "sheriff":
        return [Bot(), AlanADale(), WillScarlet(), MaidMarion(words)]
    return [LittleJohn(), Bot(), WillScarlet(), MaidMarion(words)]


def reader_bag(hand: Counter[str]) -> list[str]:
    """The bag the reader carries in lessons 04–05: two of a legal good, another legal card and a contraband."""
    return lying_bag(hand, legal=2, contraband=1, extra_legal=1)


def _good_deal(game: Game) -> bool:
    hands = game.hands
    mine = hands[1]
    pairs = _legal_pairs(mine)
    return bool(
        len(pairs) >= 2
        and mine[pairs[0]] >= 2
        and _contraband(mine)
        and all(_legal_pairs(hands[s]) and _contraband(hands[s]) for s in (2, 3))
        and hands[3][_legal_pairs(hands[3])[0]] >= 2
        and not any(GOODS[g].kind == "royal" for g in mine)
    )


def find_seed(start: int = SEED, players: int = 4, edition: int = 2, tries: int = 10_000) -> int:
    """The first seed from ``start`` whose deal suits the lessons (the reader holds a pair of a legal good, another
    legal good and contraband; Will and Marion can smuggle)."""
    for seed in range(start, start + tries):
        if _good_deal(Game(players=players, edition=edition, seed=seed, first_sheriff=0)):
            return seed
    raise RuntimeError("no lesson deal found")  # pragma: no cover - the deck makes this practically impossible


_SEEDS: dict[tuple[int, int], int] = {}


def lesson_seed(edition: int = 2, players: int = 4) -> int:
    """The lesson seed for an edition (cached; normally :data:`SEED` itself)."""
    key = (edition, players)
    if key not in _SEEDS:
        _SEEDS[key] = find_seed(SEED, players, edition)
    return _SEEDS[key]


STAGES = ("market", "load", "declaration", "inspection")


def lesson_game(
    stage: str = "market", role: str = "merchant", edition: int = 2, seed: int | None = None, words: Words = english
) -> tuple[Game, list[Bot]]:
    """A 4-player game with the cast, played up to the start of ``stage`` (``market``, ``load``,
    ``declaration``: the reader's bag is loaded, ``inspection``: every bag declared); the seats are named and the
    characters speak in ``words`` (:data:`Words`; a lesson page passes :func:`sheriff_nb.ui.i18n.pt`).

    In the merchant role the reader (seat 1) goes first in the Market and in Declaration.
    """
    if stage not in STAGES:
        raise ValueError(f"stage is one of {', '.join(STAGES)}; not {stage!r}")
    seed = lesson_seed(edition) if seed is None else seed
    game = Game(players=4, edition=edition, seed=seed, first_sheriff=0, names=cast_names(role, words))
    bots = cast_bots(role, words)
    if edition == 2:
        game.apply(A.ChooseFirstMerchant(0, 1))
    if stage == "market":
        return game, bots
    while game.phase is Phase.MARKET:
        game.apply(A.Market(game.to_act()[0]))  # everyone keeps their hand in the lesson deal
    if stage == "load":
        return game, bots
    if role == "merchant":
        game.apply(A.Load(1, tuple(reader_bag(game.hands[1]))))
    play_until(game, bots, Phase.DECLARATION)
    if stage == "declaration":
        return game, bots
    if role == "merchant":
        bag = game.bags[1]
        game.apply(A.Declare(1, _legal_pairs(bag)[0], sum(bag.values())))
    play_until(game, bots, Phase.INSPECTION)
    return game, bots


def play_until(game: Game, bots: list[Bot], phase: Phase) -> list[dict]:
    """Let the characters play until ``phase`` begins (the reader's seat must already have acted)."""
    events: list[dict] = []
    order = list(Phase)
    while not game.is_over and order.index(game.phase) < order.index(phase):
        events.extend(step(game, bots))
    return events


SEATS = tuple(
    bots.Strategy(m, s).name
    for m in bots.MERCHANTS
    for s in sorted(bots.SHERIFFS, key=lambda s: s != bots.DEFAULT_SHERIFF[m])  # sorted now: m is this one
)
"""Every seat character (a merchant habit and a sheriff habit), each merchant with its own sheriff first (so the
Trusting sheriff is chosen as ``"honest"``, the Honest merchant's own), as :func:`sheriff_nb.play.bots.strategy` names
them."""


def seat_key(name: str) -> str:
    """The name :data:`SEATS` uses for a strategy name: ``"Honest + Trusting"`` -> ``"honest"``.

    >>> seat_key("Honest + Trusting"), seat_key("smuggler+suspicious"), seat_key("Random")
    ('honest', 'smuggler', 'random')
    """
    seat = bots.strategy(name)
    if not isinstance(seat, bots.Strategy):
        return "random"
    return bots.Strategy(seat.merchant.name.lower(), seat.sheriff.name.lower()).name


__all__ = [
    "AlanADale",
    "WillScarlet",
    "MaidMarion",
    "LittleJohn",
    "Member",
    "CAST",
    "Words",
    "english",
    "seat_key",
    "SEATS",
    "SHERIFF_ASK",
    "STAGES",
    "cast_names",
    "cast_bots",
    "lesson_game",
    "lesson_seed",
    "find_seed",
    "play_until",
    "reader_bag",
    "lying_bag",
    "MERCHANTS",
    "SEED",
]
