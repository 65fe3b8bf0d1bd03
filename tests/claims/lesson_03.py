"""Numbers stated by ``03_load_the_bag``."""

from collections import Counter

import sheriff_nb as sn

from . import Claim
from .facts import bag_limits, hand_words, penalties, plus, reader_hand, value

L = "03_load_the_bag"
LIE, SAFE = Counter(chickens=2, silk=1), Counter(chickens=2)


def _card_values(bag, attr):
    from sheriff_nb.engine.cards import GOODS

    return plus(getattr(GOODS[g], attr) for g in sorted(bag.elements(), key=lambda g: g != "chickens"))


CLAIMS = [
    Claim(L, "pack a bag of {} to {} cards", bag_limits),
    Claim(L, "the bag rule: {} to {} cards from your hand", bag_limits),
    Claim(L, "After the Market you still hold {}.", lambda: hand_words(reader_hand())),
    Claim(L, "A bag holds {} to {} cards from your hand, any mix.", bag_limits),
    Claim(L, "value if it reaches your stand: {} = {} points", lambda: (_card_values(LIE, "value"), value(LIE))),
    Claim(L, "total penalty of the cards: {} = {}", lambda: (_card_values(LIE, "penalty"), penalties(LIE))),
    Claim(L, 'you must declare "{} of one legal good"', lambda: sum(LIE.values())),
    Claim(
        L,
        "the Silk is confiscated and you pay its penalty: {} gold",
        lambda: sn.inspect_bag(LIE, declared="chickens").gold_to_sheriff,
    ),
    Claim(L, "The safe bag 2 Chickens is worth {} = {} points", lambda: (_card_values(SAFE, "value"), value(SAFE))),
    Claim(
        L,
        "he pays you {} = {} gold",
        lambda: (_card_values(SAFE, "penalty"), -sn.inspect_bag(SAFE, declared="chickens").gold_to_sheriff),
    ),
    Claim(
        L,
        "What happens if you pick all {} cards of your hand",
        lambda: sum(reader_hand().values()),
        note="the bet's question",
    ),
    Claim(L, "| size | {} to {} cards, from your hand |", bag_limits),
]
