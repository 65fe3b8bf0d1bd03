"""Numbers the rules lessons share, each computed from the API (the engine, the analysis, the cast, a simulation).

Not a lesson module: ``all_claims`` reads only ``lesson_*.py``.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import sheriff_nb as sn
from sheriff_nb.engine import actions as A
from sheriff_nb.engine.cards import GOODS, LEGAL_GOODS
from sheriff_nb.engine.errors import RuleError
from sheriff_nb.engine.options import RuleOptions
from sheriff_nb.play import lesson_cast as cast
from sheriff_nb.ui.i18n import card_name

DAVID = {"apples": 4, "cheese": 6, "bread": 1, "chickens": 4, "pepper": 2, "crossbow": 1}
"""The 2nd-edition rulebook's David of Doncaster (its scoring example); the other stands are the lesson's (widgets)."""


def rounds(players: int, edition: int = 2) -> int:
    return RuleOptions(edition=edition, players=players).rounds


def sheriff_turns(players: int) -> int:
    return rounds(players) // players


def hand_size() -> int:
    return RuleOptions().hand_size


def bag_limits() -> tuple[int, int]:
    """The fewest and the most cards the engine lets a merchant load (probed through ``Game.apply``)."""
    sizes = []
    for n in range(0, 7):
        game, _ = cast.lesson_game("load")
        try:
            game.apply(A.Load(1, list(game.hands[1].elements())[:n]))
            sizes.append(n)
        except RuleError:
            continue
    return min(sizes), max(sizes)


def max_aside() -> int:
    """The most cards the engine lets a merchant set aside in the Market."""
    best = 0
    for n in range(0, 7):
        game, _ = cast.lesson_game("market")
        try:
            game.apply(A.Market(1, tuple(list(game.hands[1].elements())[:n])))
            best = n
        except RuleError:
            continue
    return best


def hand_words(hand: Counter) -> str:
    """``"2 Chickens, 1 Bread, 1 Pepper and 2 Silk"``: the lessons' way of listing a hand (legal goods first)."""
    order = sorted(
        hand, key=lambda g: (not GOODS[g].is_legal, -hand[g] if GOODS[g].is_legal else 0, list(GOODS).index(g))
    )
    parts = [f"{hand[g]} {card_name(g, hand[g])}" for g in order]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


@cache
def reader_hand() -> Counter:
    """The reader's hand in the lesson deal of lessons 02-05."""
    return Counter(cast.lesson_game("market")[0].hands[1])


@cache
def reader_bag() -> tuple[Counter, str]:
    game, _ = cast.lesson_game("inspection")
    return Counter(game.bags[1]), game.declarations[1][0]


def score(stands: dict, gold: dict):
    return sn.score(stands, gold)


def david_total(extra: dict | None = None) -> int:
    """David's score in the lesson's final table (his stand is the rulebook's; the others' are the lesson's),
    with ``extra`` cards added to his stand."""
    from sheriff_nb.ui.widgets.scoring import EXAMPLE_GOLD, EXAMPLE_STANDS

    stands = {p: Counter(s) for p, s in EXAMPLE_STANDS.items()}
    stands["David of Doncaster"] = Counter(DAVID) + Counter(extra or {})
    return int(sn.score(stands, EXAMPLE_GOLD).loc["David of Doncaster", "total"])


def little_john_opens_from() -> int:
    """The smallest declared bag Little John opens when nobody paid (his habit, asked of the bot itself)."""
    sheriff = cast.LittleJohn()
    return min(
        n
        for n in range(1, 6)
        if isinstance(sheriff.decide({"player": 0, "bindings": {}, "declarations": {1: ("apples", n)}}, 1), A.Inspect)
    )


def value(bag) -> int:
    return sum(GOODS[g].value * n for g, n in Counter(bag).items())


def penalties(bag) -> int:
    return sum(GOODS[g].penalty * n for g, n in Counter(bag).items())


def plus(values) -> str:
    """``"2 + 2 + 4"``."""
    return " + ".join(str(v) for v in values)


def legal_values() -> str:
    return ", ".join(str(GOODS[g].value) for g in LEGAL_GOODS)


def kinds(kind: str) -> list[str]:
    return [g for g in GOODS if GOODS[g].kind == kind]
