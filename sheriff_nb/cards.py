"""The goods cards of both editions and the deck for each player count (RULES.md §1).

Card ids are lower-case rulebook names with underscores.  Every function that takes a card
accepts the id, the singular, or the display name in any case:

>>> card("crossbow")
Good(id='crossbow', name='Crossbow', kind='contraband', value=9, penalty=4, counts_as=None, multiplier=1)
>>> card("Golden Apple").counts_as, card("golden apples").multiplier
('apples', 3)
>>> card_id("Chicken")
'chickens'
>>> sum(deck(edition=2, players=3, royal=True).values())
162
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .rules import UnknownCardError

LEGAL = "legal"
CONTRABAND = "contraband"
ROYAL = "royal"
KINDS = (LEGAL, CONTRABAND, ROYAL)


@dataclass(frozen=True)
class Good:
    """One kind of goods card: its rulebook numbers.

    ``value`` scores at the end of the game; ``penalty`` is the gold paid when the card is
    involved in an inspection.  A royal good ``counts_as`` ``multiplier`` cards of a legal
    good for King and Queen, and is contraband in every other respect.
    """

    id: str
    name: str
    kind: str
    value: int
    penalty: int
    counts_as: str | None = None
    multiplier: int = 1

    @property
    def is_legal(self) -> bool:
        """True for the four goods that may be declared."""
        return self.kind == LEGAL


# id, name, kind, value, penalty, counts_as, multiplier, full deck count, "4+" cards (RULES.md §1.1)
_TABLE = (
    ("apples", "Apples", LEGAL, 2, 2, None, 1, 48, 0),
    ("cheese", "Cheese", LEGAL, 3, 2, None, 1, 36, 0),
    ("bread", "Bread", LEGAL, 3, 2, None, 1, 36, 36),
    ("chickens", "Chickens", LEGAL, 4, 2, None, 1, 24, 0),
    ("pepper", "Pepper", CONTRABAND, 6, 4, None, 1, 22, 4),
    ("mead", "Mead", CONTRABAND, 7, 4, None, 1, 21, 5),
    ("silk", "Silk", CONTRABAND, 8, 4, None, 1, 12, 3),
    ("crossbow", "Crossbow", CONTRABAND, 9, 4, None, 1, 5, 0),
    ("green_apples", "Green Apples", ROYAL, 4, 3, "apples", 2, 2, 0),
    ("golden_apples", "Golden Apples", ROYAL, 6, 4, "apples", 3, 2, 1),
    ("gouda_cheese", "Gouda Cheese", ROYAL, 6, 4, "cheese", 2, 2, 0),
    ("bleu_cheese", "Bleu Cheese", ROYAL, 9, 5, "cheese", 3, 1, 1),
    ("rye_bread", "Rye Bread", ROYAL, 6, 4, "bread", 2, 2, 2),
    ("pumpernickel_bread", "Pumpernickel Bread", ROYAL, 9, 5, "bread", 3, 1, 1),
    ("royal_rooster", "Royal Rooster", ROYAL, 8, 4, "chickens", 2, 2, 1),
)

GOODS: dict[str, Good] = {row[0]: Good(*row[:7]) for row in _TABLE}
"""Every card of both editions by id, in rulebook order."""
FULL_COUNT: dict[str, int] = {row[0]: row[7] for row in _TABLE}
"""Copies of each card in the full box (RULES.md §1.1)."""
FOUR_PLUS: dict[str, int] = {row[0]: row[8] for row in _TABLE if row[8]}
"""Copies of each card marked "4+", removed in 3-player games."""
LEGAL_GOODS = tuple(g for g in GOODS if GOODS[g].kind == LEGAL)
CONTRABAND_GOODS = tuple(g for g in GOODS if GOODS[g].kind == CONTRABAND)
ROYAL_GOODS = tuple(g for g in GOODS if GOODS[g].kind == ROYAL)
ORDER = {g: i for i, g in enumerate(GOODS)}
"""Rulebook order of the card ids, for sorting."""


def _aliases() -> dict[str, str]:
    names: dict[str, str] = {}
    for good in GOODS.values():
        for key in (good.id.replace("_", " "), good.name.lower()):
            names[key] = good.id
            if key.endswith("s"):
                names[key[:-1]] = good.id  # the singular: "apple", "golden apple", "chicken"
    names.update({"blue cheese": "bleu_cheese", "rooster": "royal_rooster", "pumpernickel": "pumpernickel_bread"})
    return names


_ALIASES = _aliases()


def card_id(name: str) -> str:
    """The card id for an id, singular or display name, in any case.

    >>> card_id("Green Apple"), card_id("BLUE CHEESE"), card_id("royal_rooster")
    ('green_apples', 'bleu_cheese', 'royal_rooster')
    >>> card_id("gold")
    Traceback (most recent call last):
    ...
    sheriff_nb.rules.UnknownCardError: there is no goods card called 'gold'; the goods are Apples, Cheese, ...
    """
    key = " ".join(str(name).strip().lower().replace("_", " ").split())
    try:
        return _ALIASES[key]
    except KeyError:
        known = ", ".join(g.name for g in GOODS.values())
        raise UnknownCardError("there is no goods card called {name!r}; the goods are {known}", name=name,
                               known=known) from None


def card(name: str) -> Good:
    """The :class:`Good` for an id or name (see :func:`card_id`).

    >>> card("Apple").value, card("pepper").penalty
    (2, 4)
    """
    return GOODS[card_id(name)]


def cards(items: Iterable[str] | Mapping[str, int]) -> Counter:
    """A Counter of card ids from a Counter/mapping or an iterable of names.

    >>> cards(["Apple", "apples", "Mead"])
    Counter({'apples': 2, 'mead': 1})
    >>> cards({"chicken": 2, "silk": 0})
    Counter({'chickens': 2})
    """
    if isinstance(items, Counter) and all(g in GOODS for g in items):
        return +items  # already card ids: a fresh copy without empty entries
    result: Counter = Counter()
    if isinstance(items, Mapping):
        for name, count in items.items():
            if count:
                result[card_id(name)] += int(count)
    else:
        for name in items:
            result[card_id(name)] += 1
    return result


def deck(edition: int = 2, players: int = 4, royal: bool = False, remove_four_plus: bool | None = None) -> Counter:
    """The goods deck for a game, as a Counter of card ids.

    The basic game has no royal goods; 3-player games remove the 54 cards marked "4+"
    (``remove_four_plus`` overrides this; RULES.md §9 makes the 1st edition follow the 2nd).

    >>> sum(deck().values()), sum(deck(royal=True).values())
    (204, 216)
    >>> sum(deck(players=3).values()), deck(players=3)["bread"]
    (156, 0)
    >>> deck(edition=1, players=3, remove_four_plus=False)["bread"]
    36
    """
    counts = Counter({g: n for g, n in FULL_COUNT.items() if royal or GOODS[g].kind != ROYAL})
    if remove_four_plus is None:
        remove_four_plus = players == 3
    if remove_four_plus:
        counts.subtract({g: n for g, n in FOUR_PLUS.items() if g in counts})
    return +counts


def sorted_ids(items: Iterable[str]) -> list[str]:
    """Card ids in rulebook order (legal, contraband, royal).

    >>> sorted_ids(["mead", "apples", "cheese", "apples"])
    ['apples', 'apples', 'cheese', 'mead']
    """
    return sorted(items, key=ORDER.__getitem__)


def value(goods: Mapping[str, int]) -> int:
    """Total points of a Counter of goods.

    >>> value({"apples": 4, "crossbow": 1})
    17
    """
    return sum(GOODS[g].value * n for g, n in goods.items())


def penalty(goods: Mapping[str, int]) -> int:
    """Total penalty of a Counter of goods.

    >>> penalty({"cheese": 1, "mead": 2})
    10
    """
    return sum(GOODS[g].penalty * n for g, n in goods.items())
