"""Numbers stated by ``01_the_goods``."""

from collections import Counter

import sheriff_nb as sn
from sheriff_nb.engine.cards import GOODS, LEGAL_GOODS

from . import Claim
from .facts import kinds, penalties, plus, value

L = "01_the_goods"
WILL = Counter(apples=2, cheese=1, crossbow=1)


def _span(kind: str, attr: str) -> str:
    numbers = sorted({getattr(GOODS[g], attr) for g in kinds(kind)})
    return f"{numbers[0]} to {numbers[-1]}"


def _removed(royal: bool):
    full, three = sn.deck(players=4, royal=royal), sn.deck(players=3, royal=royal)
    return sum(full.values()), sum(full.values()) - sum(three.values()), sum(three.values())


def _four_plus():
    full, three = sn.deck(players=4, royal=True), sn.deck(players=3, royal=True)
    gone = full - three
    royal = sum(n for g, n in gone.items() if GOODS[g].kind == "royal")
    return (
        sum(gone.values()),
        gone["bread"],
        gone["pepper"],
        gone["mead"],
        gone["silk"],
        royal,
        sum(n for g, n in full.items() if GOODS[g].kind == "royal"),
    )


def _will():
    kept = sn.inspect_bag(WILL, declared="apples")
    return (
        plus(GOODS[g].value for g in WILL.elements()),
        value(WILL),
        plus(GOODS[g].penalty for g in kept.confiscated.elements()),
        kept.gold_to_sheriff,
    )


CLAIMS = [
    Claim(
        L,
        "With 4, 5 or 6 players the deck is the whole box: {} cards, {} with the royal goods",
        lambda: tuple(sum(sn.deck(players=6, royal=r).values()) for r in (False, True)),
        note="issue 21 (#12): the explorer's second toggle covers six players too",
    ),
    Claim(
        L,
        "| legal | Apples, Cheese, Bread, Chickens | {} | {} | yes |",
        lambda: (", ".join(str(GOODS[g].value) for g in LEGAL_GOODS), GOODS["apples"].penalty),
    ),
    Claim(
        L,
        "| contraband | Pepper, Mead, Silk, Crossbow | {} | {} | never |",
        lambda: (", ".join(str(GOODS[g].value) for g in kinds("contraband")), GOODS["pepper"].penalty),
    ),
    Claim(
        L,
        "| royal (optional) | {} kinds, {} cards, e.g. Golden Apples | {} | {} | never |",
        lambda: (
            len(kinds("royal")),
            sum(n for g, n in sn.deck(royal=True).items() if g in kinds("royal")),
            _span("royal", "value"),
            _span("royal", "penalty"),
        ),
    ),
    Claim(L, "Will's cards are worth {} = {} points on his stand", lambda: _will()[:2]),
    Claim(L, "Will pays their penalties: {} = {} gold", lambda: _will()[2:]),
    Claim(
        L,
        "in a 3-player game the marked cards leave the deck: {0} cards. All {1} Bread, {2} Pepper, {3} Mead, {4} "
        "Silk, and {5} of the {6} royal goods.",
        _four_plus,
    ),
    Claim(L, "So {} − {} = {} cards in the basic game", lambda: _removed(False)),
    Claim(L, "{} − {} = {} with the royal goods", lambda: _removed(True)),
    Claim(
        L,
        "so these pages remove the same {} cards",
        lambda: sum((sn.deck(edition=1, players=4, royal=True) - sn.deck(edition=1, players=3, royal=True)).values()),
        note="the 1st-edition ruling, as the engine plays it",
    ),
    Claim(
        L,
        "The {} royal cards ({} kinds)",
        lambda: (sum(n for g, n in sn.deck(royal=True).items() if g in kinds("royal")), len(kinds("royal"))),
    ),
    Claim(
        L,
        "a royal card adds {} or {} to a legal good",
        lambda: tuple(sorted({GOODS[g].multiplier for g in kinds("royal")})),
    ),
    Claim(
        L,
        "Golden Apples = {} Apples × {} = {}",
        lambda: (GOODS["golden_apples"].multiplier, GOODS["apples"].value, GOODS["golden_apples"].value),
    ),
    Claim(
        L,
        "A Crossbow ({}) is worth more than two Chickens ({})",
        lambda: (GOODS["crossbow"].value, plus([GOODS["chickens"].value] * 2)),
    ),
    Claim(L, "a caught lie costs {} gold and the card", lambda: penalties(["crossbow"])),
    Claim(
        L,
        "| legal goods | Apples {}, Cheese {}, Bread {}, Chickens {} points; penalty {};",
        lambda: (*(GOODS[g].value for g in LEGAL_GOODS), GOODS["cheese"].penalty),
    ),
    Claim(
        L,
        "| contraband | Pepper {}, Mead {}, Silk {}, Crossbow {} points; penalty {};",
        lambda: (*(GOODS[g].value for g in kinds("contraband")), GOODS["silk"].penalty),
    ),
    Claim(
        L,
        "| deck | 4–6 players: {} cards ({} with royal goods); 3 players: {} ({}) |",
        lambda: tuple(sum(sn.deck(players=p, royal=r).values()) for p, r in ((4, 0), (4, 1), (3, 0), (3, 1))),
    ),
]
