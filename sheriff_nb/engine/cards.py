"""The goods cards of both editions and the deck for each player count (rules reference, section The cards).

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

Inside the engine a card is a small int, its place in rulebook order (:data:`IDS`), and a hand, bag or stand is a
list of 15 counts (:func:`counts`, :func:`goods`):

>>> IDS[INDEX["crossbow"]], counts(["apples", "apples", "mead"])[:6]
('crossbow', [2, 0, 0, 0, 0, 1])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from .errors import ArgumentError, UnknownCardError
from .options import check_edition, check_players
from .validate import flag, whole

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


# id, name, kind, value, penalty, counts_as, multiplier, full deck count, "4+" cards (rules reference: The cards)
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
"""Copies of each card in the full box (rules reference, section The cards)."""
FOUR_PLUS: dict[str, int] = {row[0]: row[8] for row in _TABLE if row[8]}
"""Copies of each card marked "4+", removed in 3-player games."""
BOX = sum(FULL_COUNT.values())
"""Every goods card in the box (216, with the royal goods): no count of cards is ever larger."""
LEGAL_GOODS = tuple(g for g in GOODS if GOODS[g].kind == LEGAL)
CONTRABAND_GOODS = tuple(g for g in GOODS if GOODS[g].kind == CONTRABAND)
ROYAL_GOODS = tuple(g for g in GOODS if GOODS[g].kind == ROYAL)
ORDER = {g: i for i, g in enumerate(GOODS)}
"""Rulebook order of the card ids, for sorting."""
IDS: tuple[str, ...] = tuple(GOODS)
"""The card ids by number: a card inside the engine is its number, its place in rulebook order."""
INDEX: dict[str, int] = ORDER
"""The number of each card id."""
N_GOODS = len(IDS)
VALUES: tuple[int, ...] = tuple(g.value for g in GOODS.values())
PENALTIES: tuple[int, ...] = tuple(g.penalty for g in GOODS.values())
IS_LEGAL: tuple[bool, ...] = tuple(g.kind == LEGAL for g in GOODS.values())
LEGAL_NUMBERS: tuple[int, ...] = tuple(i for i in range(N_GOODS) if IS_LEGAL[i])
HIDDEN_NUMBERS: tuple[int, ...] = tuple(i for i in range(N_GOODS) if not IS_LEGAL[i])
"""Contraband and royal goods: face down on a stand."""


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
    sheriff_nb.engine.errors.UnknownCardError: there is no goods card called 'gold'; the goods are Apples, Cheese, ...
    """
    if type(name) is str and name in GOODS:
        return name
    key = " ".join(name.strip().lower().replace("_", " ").split()) if isinstance(name, str) else None
    try:
        return _ALIASES[key]
    except KeyError:
        known = ", ".join(g.name for g in GOODS.values())
        raise UnknownCardError(
            "there is no goods card called {name!r}; the goods are {known}", name=name, known=known
        ) from None


def card(name: str) -> Good:
    """The :class:`Good` for an id or name (see :func:`card_id`).

    >>> card("Apple").value, card("pepper").penalty
    (2, 4)
    """
    return GOODS[card_id(name)]


def cards(items: Iterable[str] | Mapping[str, int]) -> Counter[str]:
    """A Counter of card ids from a Counter/mapping or an iterable of names.

    >>> cards(["Apple", "apples", "Mead"])
    Counter({'apples': 2, 'mead': 1})
    >>> cards({"chicken": 2, "silk": 0})
    Counter({'chickens': 2})
    """
    return goods(counts(items))


def counts(items: Iterable[str] | Mapping[str, int], name: str = "goods") -> list[int]:
    """The 15 counts (in rulebook order) of a Counter/mapping of cards or an iterable of card names; ``name`` (the
    parameter) is named when an entry is not a card or a count is not a whole number 0 or more.

    >>> counts({"chicken": 2})[:4], counts("mead")[5]
    ([0, 0, 0, 2], 1)
    >>> counts({"apples": -4})
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.ArgumentError: the count of apples in goods must be a whole number (0 to 216), not -4
    """
    result = [0] * N_GOODS
    if isinstance(items, str):
        items = (items,)
    if isinstance(items, Mapping):
        for good, count in items.items():
            gid = _card_in(good, name)
            result[INDEX[gid]] += whole(count, f"the count of {gid} in {name}", 0, BOX)
        return result
    if not isinstance(items, Iterable):
        raise ArgumentError(
            "{name} must be goods cards (a list of card names or a Counter), not {items!r}", name=name, items=items
        )
    index = INDEX
    for good in items:
        number = index.get(good) if type(good) is str else None
        result[_card_number(good, name) if number is None else number] += 1
    return result


def _card_in(good: object, name: str) -> str:
    if not isinstance(good, str):
        raise ArgumentError("{name} must list goods cards by name; {good!r} is not a name", name=name, good=good)
    try:
        return card_id(good)
    except UnknownCardError as error:
        raise UnknownCardError("{error} ({name})", error=error, name=name) from None


def _card_number(good: object, name: str) -> int:
    return INDEX[_card_in(good, name)]


def card_ids(items: Iterable[str] | str, name: str, keep_order: bool = False) -> tuple[str, ...]:
    """Card names as a tuple of card ids: in the order given (``keep_order``) or in rulebook order.  A single name
    is one card; ``name`` (the parameter) is named in the error when an entry is not a goods card.

    >>> card_ids(["Mead", "apple"], "bag"), card_ids("silk", "order", keep_order=True)
    (('apples', 'mead'), ('silk',))
    >>> card_ids([3], "stand")
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.ArgumentError: stand must list goods cards by name; 3 is not a name
    """
    kind = type(items)
    if kind is not tuple and kind is not list:
        if isinstance(items, str):
            items = (items,)
        elif isinstance(items, Mapping):
            items = [g for g, n in items.items() for _ in range(whole(n, f"the count of {g} in {name}", 0, BOX))]
        else:
            try:
                items = list(items)
            except TypeError:  # not iterable, or a numpy array of one value
                raise ArgumentError(
                    "{name} must be goods cards (a list of card names), not {items!r}", name=name, items=items
                ) from None
    ids = [g if type(g) is str and g in GOODS else _card_in(g, name) for g in items]
    if not keep_order and len(ids) > 1:
        ids.sort(key=ORDER.__getitem__)
    return tuple(ids)


def goods(numbers: Iterable[int]) -> Counter[str]:
    """A list of 15 counts as a Counter of card ids (rulebook order, no empty entries).

    >>> goods(counts(["mead", "apples"]))
    Counter({'apples': 1, 'mead': 1})
    """
    return Counter({IDS[i]: n for i, n in enumerate(numbers) if n})


def goods_dict(numbers: Iterable[int]) -> dict[str, int]:
    """A list of 15 counts as a plain dict of card ids in rulebook order, without empty entries.

    >>> goods_dict([1, 0, 0, 0, 0, 2] + [0] * 9)
    {'apples': 1, 'mead': 2}
    """
    return _goods_dict(tuple(numbers)).copy()


@lru_cache(maxsize=1 << 14)
def _goods_dict(numbers: tuple[int, ...]) -> dict[str, int]:
    """:func:`goods_dict`, remembered by content: the same few hundred hands, bags and stands come back all game
    (callers get a copy, so nobody changes the remembered dict)."""
    return {good: n for good, n in zip(IDS, numbers, strict=True) if n}


def deck(edition: int = 2, players: int = 4, royal: bool = False, remove_four_plus: bool | None = None) -> Counter[str]:
    """The goods deck for a game, as a Counter of card ids.

    The basic game has no royal goods; 3-player games remove the 54 cards marked "4+"
    (``remove_four_plus`` overrides this; the rules reference's ruling three-players-first-edition makes the 1st edition
    follow the 2nd).

    >>> sum(deck().values()), sum(deck(royal=True).values())
    (204, 216)
    >>> sum(deck(players=3).values()), deck(players=3)["bread"]
    (156, 0)
    >>> deck(edition=1, players=3, remove_four_plus=False)["bread"]
    36
    >>> deck(edition=99, players=-5)
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.SetupError: there are two editions, 1 (2014) and 2 (2020); not 99
    """
    check_edition(edition)
    players = check_players(players)
    royal = flag(royal, "royal")
    if remove_four_plus is None:
        remove_four_plus = players == 3
    if flag(remove_four_plus, "remove_four_plus"):
        return Counter(
            {
                g: n - FOUR_PLUS.get(g, 0)
                for g, n in FULL_COUNT.items()
                if (royal or GOODS[g].kind != ROYAL) and n > FOUR_PLUS.get(g, 0)
            }
        )
    return Counter({g: n for g, n in FULL_COUNT.items() if royal or GOODS[g].kind != ROYAL})


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
    return sum(VALUES[INDEX[card_id(g)]] * n for g, n in goods.items())


def penalty(goods: Mapping[str, int]) -> int:
    """Total penalty of a Counter of goods.

    >>> penalty({"cheese": 1, "mead": 2})
    10
    """
    return sum(PENALTIES[INDEX[card_id(g)]] * n for g, n in goods.items())


__all__ = [
    "Good",
    "GOODS",
    "LEGAL",
    "CONTRABAND",
    "ROYAL",
    "KINDS",
    "FULL_COUNT",
    "FOUR_PLUS",
    "LEGAL_GOODS",
    "CONTRABAND_GOODS",
    "ROYAL_GOODS",
    "ORDER",
    "IDS",
    "INDEX",
    "N_GOODS",
    "BOX",
    "VALUES",
    "PENALTIES",
    "IS_LEGAL",
    "LEGAL_NUMBERS",
    "HIDDEN_NUMBERS",
    "card_id",
    "card",
    "cards",
    "counts",
    "card_ids",
    "goods",
    "goods_dict",
    "deck",
    "sorted_ids",
    "value",
    "penalty",
]
