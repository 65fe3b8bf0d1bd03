"""Numbers stated by ``05_inspection_and_bribes``."""

from collections import Counter

import sheriff_nb as sn
from sheriff_nb.engine.cards import GOODS
from sheriff_nb.engine.inspection import pay_debt
from sheriff_nb.play import lesson_cast as cast
from sheriff_nb.play.bots import bot_view
from sheriff_nb.ui import i18n

from . import Claim
from .facts import hand_words, plus, reader_bag

L = "05_inspection_and_bribes"


def _declared(role: str = "sheriff"):
    game, _ = cast.lesson_game("inspection", role)
    return {game.names[s]: (n, i18n.card_name(g, n)) for s, d in enumerate(game.declarations) if d for g, n in [d]}


def _said(name):
    n, good = _declared()[name]
    return f"{n} {good}"


def _marion_promise():
    game, _ = cast.lesson_game("inspection", "sheriff")
    offer = cast.MaidMarion().offer(bot_view(game, 3))
    return i18n.card_name(offer.bag[0], 1)


def _lie(bag, declared):
    result = sn.inspect_bag(bag, declared=declared)
    return plus(
        GOODS[g].penalty for g in sorted(result.confiscated.elements(), key=lambda g: GOODS[g].penalty)
    ), result.gold_to_sheriff


def _debt(owed, stand):
    """The card handed over for a debt of ``owed`` by a player with no gold (the whole debt paid, no change)."""
    paid = pay_debt(owed, 0, Counter(stand))
    assert paid.forgiven == 0 and paid.gold == 0 and sum(paid.goods.values()) == 1
    return i18n.card_name(next(iter(paid.goods)), 1)


CLAIMS = [
    Claim(
        L,
        'Alan-a-Dale says "{}", Will Scarlet says "{}", Maid Marion says "{}".',
        lambda: (_said("Alan-a-Dale"), _said("Will Scarlet"), _said("Maid Marion")),
        note="the lesson deal with the reader as sheriff",
    ),
    Claim(L, "Will pushes {} gold across the table", lambda: cast.WillScarlet().opening),
    Claim(L, "she will add the {} from her bag", _marion_promise),
    Claim(
        L,
        "the sheriff pays the merchant the penalties of all the cards, {} per card",
        lambda: -sn.inspect_bag(["apples"], declared="apples").gold_to_sheriff,
    ),
    Claim(
        L,
        "opened, honest: the sheriff pays {} × {} = {}",
        lambda: (4, GOODS["chickens"].penalty, -sn.inspect_bag({"chickens": 4}, declared="chickens").gold_to_sheriff),
    ),
    Claim(
        L,
        "opened, a lie: the Apple stays; he pays {} = {}",
        lambda: _lie({"apples": 1, "cheese": 1, "mead": 2}, "apples"),
    ),
    Claim(
        L,
        "opened, a lie: 2 Chickens stay; he pays {} = {}",
        lambda: _lie({"chickens": 2, "bread": 1, "silk": 1}, "chickens"),
    ),
    Claim(
        L,
        "passed for free: {} Cheese face up, {} card face down",
        lambda: (2, sum(n for g, n in Counter(cheese=2, pepper=1).items() if not GOODS[g].is_legal)),
    ),
    Claim(
        L,
        'You carry {}, declared as "{} {}".',
        lambda: (
            hand_words(reader_bag()[0]),
            sum(reader_bag()[0].values()),
            i18n.card_name(reader_bag()[1], sum(reader_bag()[0].values())),
        ),
        note="the lesson deal",
    ),
    Claim(
        L,
        "Little John opens every bag of {} or more cards unless he is paid at least {}",
        lambda: (
            min(
                n
                for n in range(1, 6)
                if isinstance(
                    cast.LittleJohn().decide({"player": 0, "bindings": {}, "declarations": {1: ("apples", n)}}, 1),
                    sn.actions.Inspect,
                )
            ),
            cast.SHERIFF_ASK,
        ),
    ),
    Claim(
        L,
        'Maid Marion offers "{0} gold + the {1} in my bag". If her bag passes and holds no {1}, she pays '
        "only the {0} gold",
        lambda: (cast.MaidMarion().opening, _marion_promise()),
    ),
    Claim(
        L,
        "Owes 3, has 0 gold, the stand holds 1 Chicken (value {}): hands over the {}, no change. Owes 10 "
        "with an empty stand: {}.",
        lambda: (
            GOODS["chickens"].value,
            _debt(3, {"chickens": 1}),
            "forgiven" if pay_debt(10, 0, {}).forgiven == 10 else "not forgiven",
        ),
    ),
]
