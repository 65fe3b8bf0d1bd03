"""The 2nd edition's modules played on the engine (lesson 16): six players with two Deputies and the Booty, the
Black Market with a table the teacher enters, and the optional rules (rules reference: the 2nd edition's modules, the
rulebook's Deputies, Black Market and time-limit examples, Rulings).

Everything here plays real actions on :class:`~sheriff_nb.engine.game.Game` from a fixed seed, so what the lesson shows is
what the engine did; the games are set up by playing the Market (nobody swaps) and loading bags from the dealt hands.

>>> game = deputies_game()
>>> [game.names[s] for s in game.sheriffs], game.phase.value
(['Sir Guy', 'Maid Marion'], 'inspection')
>>> outcome = deputy_outcome(game, "David of Doncaster", ("inspect", "inspect"))
>>> outcome["honest"], outcome["gold_change"]["Sir Guy"], outcome["gold_change"]["Maid Marion"]  # half each
(True, -3, -3)
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence

from ..engine import actions as A
from ..engine.cards import GOODS, LEGAL, LEGAL_GOODS
from ..engine.errors import Phrase, RuleError
from ..engine.game import Game, Phase
from ..engine.options import RuleOptions

__all__ = [
    "DEPUTIES",
    "MERCHANTS_6",
    "deputies_game",
    "deputy_outcome",
    "BLACK_MARKET_SEEDS",
    "black_market_seed",
    "black_market_demo",
    "time_limit_demo",
    "option_facts",
    "DEPUTY_SEED",
]

DEPUTIES = ("Sir Guy", "Maid Marion")
"""The deputies of lesson 16's six-player round (the lead deputy first)."""
MERCHANTS_6 = ("Friar Tuck", "Will Scarlet", "David of Doncaster", "Much")
"""Its merchants, clockwise from the lead deputy's left: the 2nd-edition rulebook's Deputies example with the course's
cast."""
DEPUTY_SEED = 0
"""The six-player deal of the lesson (first deputies: seats 3 and 5)."""
BAGS = {"Friar Tuck": (2, 1), "Will Scarlet": (1, 1), "David of Doncaster": (None, 0), "Much": (2, 2)}
"""How each merchant loads from his hand: (copies of his most common legal good, contraband cards); ``None``: all
copies (an honest bag)."""


def _most_common_legal(hand: Counter) -> str:
    return max((g for g in LEGAL_GOODS if hand[g]), key=lambda g: (hand[g], -LEGAL_GOODS.index(g)))


def _bag(hand: Counter, legal: int | None, contraband: int) -> tuple[str, ...]:
    good = _most_common_legal(hand)
    bag = [good] * (hand[good] if legal is None else min(legal, hand[good]))
    extra = sorted((g for g in hand.elements() if GOODS[g].kind != LEGAL), key=lambda g: -GOODS[g].value)
    return (*bag, *extra[:contraband])


def _market(game: Game) -> None:
    """Phase 1 with nobody swapping: the (lead) sheriff picks the first merchant at his left."""
    if game.options.edition == 2:
        game.apply(A.ChooseFirstMerchant(game.sheriff, game.merchants[0]))
    while game.awaited(game.to_act()[0]) == "market":  # nobody swaps: each merchant in turn keeps the hand
        game.apply(A.Market(game.to_act()[0]))


def _declare_all(game: Game) -> None:
    for seat in game.merchants:
        bag = game.bags[seat]
        legal = [g for g in LEGAL_GOODS if bag[g]]
        good = max(legal, key=lambda g: bag[g]) if legal else "apples"
        game.apply(A.Declare(seat, good, sum(bag.values())))


def deputies_game(seed: int = DEPUTY_SEED) -> Game:
    """Six players at the first Inspection: Sir Guy and Maid Marion are the deputies; Friar Tuck, Will Scarlet and
    Much carry lies and David of Doncaster an honest bag (each loaded from his own dealt hand, see :data:`BAGS`)."""
    seats = Game(players=6, seed=seed)
    names = [""] * 6
    for seat, name in zip(seats.sheriffs, DEPUTIES, strict=True):
        names[seat] = name
    for seat, name in zip(seats.merchants, MERCHANTS_6, strict=True):
        names[seat] = name
    game = Game(players=6, seed=seed, names=names)
    _market(game)
    for seat in game.merchants:
        game.apply(A.Load(seat, _bag(game.hands[seat], *BAGS[game.names[seat]])))
    _declare_all(game)
    return game


def _seat(game: Game, name: str) -> int:
    return game.names.index(name)


def deputy_outcome(game: Game, merchant: str, votes: Sequence[str], bribe: int = 0, odd_to: str | None = None) -> dict:
    """Play one bag of :func:`deputies_game` on a copy of ``game``: ``merchant`` offers ``bribe`` gold (accepted by
    the deputies only if both vote to pass), the deputies vote ``votes`` (``"pass"`` / ``"inspect"``, lead deputy
    first); a deputy left alone after a split decision opens the bag.  Then every other bag passes, the round ends
    and the Booty is split (an odd coin goes to ``odd_to`` if both deputies name him, else to the bank).

    Returns ``bag``, ``declared``, ``honest`` (None if passed), ``split`` (the lone deputy's name or None),
    ``booty`` (gold on the tile before the split), ``booty_each``, ``odd_coin``, ``gold_change`` by name, and the
    engine's ``events`` of that bag.
    """
    game = copy.deepcopy(game)
    m = _seat(game, merchant)
    lead, other = game.sheriffs
    before = list(game.gold)
    bag, declared = dict(game.bags[m]), game.declarations[m]
    first_event = len(game.events)
    if bribe and all(v == "pass" for v in votes):
        game.apply(A.Offer(m, merchant=m, gold=bribe))
        game.apply(A.Accept(lead, merchant=m))
        game.apply(A.Accept(other, merchant=m))
    for deputy, vote in zip((lead, other), votes, strict=True):
        game.apply((A.Pass if vote == "pass" else A.Inspect)(deputy, merchant=m))
    split = None
    if m in game.pending:  # the deputies disagreed: the one who wants to inspect handles the bag alone
        alone = game.handlers[m][0]
        split = game.names[alone]
        game.apply(A.Inspect(alone, merchant=m))
    elif len(set(votes)) == 2:
        split = next(game.names[d] for d, v in zip((lead, other), votes, strict=True) if v == "inspect")
    bag_events = game.events[first_event:]
    booty = game.booty_gold
    for seat in list(game.pending):
        game.apply(A.Pass(lead, merchant=seat))
        game.apply(A.Pass(other, merchant=seat))
    for deputy in (lead, other):
        if deputy in game.to_act():
            game.apply(A.SplitBooty(deputy, odd_to=None if odd_to is None else _seat(game, odd_to)))
    share = next(e for e in reversed(game.events) if e["kind"] == "booty")
    inspected = next((e for e in bag_events if e["kind"] == "inspect"), None)
    return {
        "bag": bag,
        "declared": declared,
        "honest": None if inspected is None else inspected["honest"],
        "split": split,
        "booty": booty,
        "booty_each": share["gold_each"],
        "odd_coin": share["odd_coin"],
        "odd_to": None if share["odd_to"] is None else game.names[share["odd_to"]],
        "gold_change": {game.names[s]: game.gold[s] - before[s] for s in range(6)},
        "events": bag_events,
    }


# ------------------------------------------------------------------ the Black Market
BLACK_MARKET_SEEDS = {"pepper": 2, "mead": 13, "silk": 107, "crossbow": 1536}
"""For each contraband type, the first seed (from 0) of a 4-player 2nd-edition game, first sheriff in seat 0, in
which a merchant is dealt 3 of that type (checked by the tests against :func:`black_market_seed`)."""


def _holder(game: Game, good: str) -> int | None:
    return next((s for s in game.merchants if game.hands[s][good] >= 3), None)


def black_market_seed(good: str, start: int = 0, tries: int = 20_000) -> int:
    """The first seed from ``start`` whose deal gives a merchant 3 of ``good`` (see :data:`BLACK_MARKET_SEEDS`)."""
    for seed in range(start, start + tries):
        if _holder(Game(players=4, seed=seed, first_sheriff=0), good) is not None:
            return seed
    raise RuntimeError(f"no deal with 3 {good} in {tries} seeds")  # pragma: no cover


def black_market_demo(table, good: str | None = None) -> list[dict]:
    """The 2nd-edition rulebook's Black Market example played on the engine with the teacher's ``table`` (``{"pepper":
    [a, b], ...}`` or (good, values) pairs; the engine ships no values).  David of Doncaster carries his 3 ``good``
    (default: the table's first pile) declared as Apples; Sir Guy lets the bag pass; David trades the 3 cards on his
    stand for the pile's top card, then tries a second claim.  Each step: ``who``, ``action`` (a
    :class:`~sheriff_nb.engine.errors.Phrase`), ``result`` (``"ok"`` or the rule's message, a Phrase too),
    ``value`` (the card taken, if any).  A table the rules refuse raises :class:`~sheriff_nb.engine.errors.SetupError`."""
    options = RuleOptions(players=4, black_market=table)
    good = good or options.black_market[0][0]
    seed = BLACK_MARKET_SEEDS[good]
    holder = _holder(Game(players=4, seed=seed, first_sheriff=0), good)
    assert holder is not None  # BLACK_MARKET_SEEDS are the deals that give someone 3 of the good
    names = ["Sir Guy", "Much", "Alan-a-Dale", "Will Scarlet"]
    names[names.index(names[holder])] = "David of Doncaster"
    game = Game(options, seed=seed, first_sheriff=0, names=names)
    _market(game)
    for seat in game.merchants:
        cards = (good,) * 3 if seat == holder else (_most_common_legal(game.hands[seat]),)
        game.apply(A.Load(seat, cards))
    _declare_all(game)
    steps = []

    def act(action: A.Action, text: Phrase) -> dict | None:
        try:
            event = game.apply(action)
        except RuleError as broken:
            steps.append({"who": game.names[action.player], "action": text, "result": broken.phrase(), "value": None})
            return None
        steps.append({"who": game.names[action.player], "action": text, "result": "ok", "value": event.get("value")})
        return event

    name, other = GOODS[good].name, GOODS[next(g for g, _ in options.black_market if g != good)].name
    act(A.ClaimBlackMarket(holder, good), Phrase("tries to claim before his bag is back: {good}", good=name))
    act(A.Pass(0, merchant=holder), Phrase("lets David's bag pass: 3 cards go face down on his stand"))
    act(
        A.ClaimBlackMarket(holder, good),
        Phrase("trades the 3 {good} on his stand for the top card of the pile", good=name),
    )
    act(
        A.ClaimBlackMarket(holder, next(g for g, _ in options.black_market if g != good)),
        Phrase("tries a second claim this round: {good}", good=other),
    )
    return steps


# ------------------------------------------------------------------ the optional rules
def time_limit_demo(seed: int = 0) -> dict:
    """The time limit on the engine (4 players): one bag is opened, a merchant offers 5 gold but nobody accepts,
    then time is up (``PassRemaining``): every bag not yet handled passes and no bribe is paid.  Returns
    ``minutes``, ``passed`` (names), ``offer`` (its gold), ``gold_before`` / ``gold_after`` of the one who offered."""
    game = Game(
        players=4, seed=seed, first_sheriff=0, time_limit=True, names=["Sir Guy", "Much", "Alan-a-Dale", "Will Scarlet"]
    )
    _market(game)
    for seat in game.merchants:
        game.apply(A.Load(seat, (_most_common_legal(game.hands[seat]),)))
    _declare_all(game)
    first, offering = game.merchants[0], game.merchants[-1]
    game.apply(A.Inspect(0, merchant=first))
    game.apply(A.Offer(offering, merchant=offering, gold=5))
    before = game.gold[offering]
    event = game.apply(A.PassRemaining(0))
    return {
        "minutes": game.options.inspection_minutes,
        "passed": [game.names[e["merchant"]] for e in event["passes"]],
        "offer": 5,
        "offerer": game.names[offering],
        "gold_before": before,
        "gold_after": game.gold[offering],
        "round": game.round + 1 if game.phase is not Phase.OVER else None,
    }


def option_facts(
    players: int = 4,
    royal: bool = False,
    hand_size: int = 6,
    remove_random: int = 0,
    time_limit: bool = False,
    seed: int = 0,
) -> dict:
    """What a set of options does, read from a real game's setup: ``deck`` (cards in the box for this table),
    ``removed``, ``hands`` (cards dealt to each), ``draw_pile``, ``rounds``, ``minutes`` (None without the time limit).

    >>> facts = option_facts(players=4, royal=True, hand_size=7, remove_random=10)
    >>> facts["deck"], facts["removed"], facts["hands"], facts["draw_pile"], facts["rounds"]
    (216, 10, 7, 178, 8)
    """
    options = RuleOptions(
        players=players, royal=royal, hand_size=hand_size, remove_random=remove_random, time_limit=time_limit
    )
    game = Game(options, seed=seed, first_sheriff=None if players == 6 else 0)
    return {
        "deck": game.deck_size,
        "removed": sum(game.removed.values()),
        "hands": sum(game.hands[0].values()),
        "draw_pile": len(game.deck),
        "rounds": options.rounds,
        "minutes": options.inspection_minutes if time_limit else None,
    }
