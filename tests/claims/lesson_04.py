"""Numbers stated by ``04_declaration``."""

from collections import Counter

import sheriff_nb as sn
from sheriff_nb.engine.cards import GOODS
from sheriff_nb.ui.widgets.bag import CLASSIC_DECLARATIONS

from . import Claim
from .facts import hand_words, plus, reader_bag

L = "04_declaration"
WILL = Counter(chickens=2, bread=1, silk=1)  # the 2nd-edition rulebook's Will Scarlet (its declaration example)


def _fine():
    result = sn.inspect_bag(WILL, declared="chickens")
    return (
        result.to_stand["chickens"],
        plus(GOODS[g].penalty for g in sorted(result.confiscated.elements())),
        result.gold_to_sheriff,
    )


CLAIMS = [
    Claim(L, "Will Scarlet carries 2 Chickens, 1 Bread and 1 Silk: {} cards.", lambda: sum(WILL.values())),
    Claim(
        L,
        'For Will\'s bag only "{0} Apples", "{0} Cheese", "{0} Bread" or "{0} Chickens" may be said.',
        lambda: sum(WILL.values()),
    ),
    Claim(L, "the {} Chickens stay and he pays the penalties of the Bread and the Silk: {} = {} gold", _fine),
    Claim(
        L,
        "Of these {} declarations, how many are allowed?",
        lambda: len(CLASSIC_DECLARATIONS),
        note="the bet's question",
    ),
    Claim(
        L,
        "Your bag is the same as Will's: {}.",
        lambda: hand_words(reader_bag()[0]) if reader_bag()[0] == WILL else "not Will's bag",
    ),
    Claim(
        L,
        "more expensive to open if it is honest: {} gold per card",
        lambda: -sn.inspect_bag(["cheese"], declared="cheese").gold_to_sheriff,
    ),
]
