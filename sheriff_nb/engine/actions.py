"""Actions: the small immutable moves a player makes in a :class:`~sheriff_nb.engine.game.Game`.

Card names are normalised to ids when an action is made, every field is checked for its type (a seat is a whole
number, never ``True`` or ``1.0``; a promise is text), and every action round-trips through plain JSON data:

>>> Load(1, ("Apple", "mead", "apples"))
Load(player=1, cards=('apples', 'apples', 'mead'))
>>> action_from_dict(Declare(2, "Chicken", 3).to_dict())
Declare(player=2, good='chickens', count=3, pay_with=())
>>> Offer(1, merchant=1, gold=5, stand=("apples", "apples")).to_dict()["stand"]
['apples', 'apples']
>>> DiscardConfiscated(0, pile=1, order=["Silk", "apples"])
DiscardConfiscated(player=0, pile=1, order=('silk', 'apples'))
>>> ChooseFirstMerchant(0, merchant=True)
Traceback (most recent call last):
...
sheriff_nb.engine.errors.ArgumentError: merchant must be a whole number (0 to 5), not True

Whether a well-formed action is allowed *now* (whose turn, which phase, which cards are where) is decided by
:meth:`Game.apply <sheriff_nb.engine.game.Game.apply>`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import BOX, card_ids
from .errors import ArgumentError, DeclarationError, RuleError, SaveFileError
from .options import MAX_GOLD, MAX_SEAT
from .validate import flag, seats, text, whole

DECK = "deck"
"""The draw pile, as a Market draw source; discard piles are 0 (left) and 1 (right)."""


_set = object.__setattr__  # how a frozen action sets its checked fields


def _seat(value: Any, name: str) -> int:
    """A seat number: a whole number, 0 to 5 (the game checks it is one of its seats)."""
    return whole(value, name, 0, MAX_SEAT)


def _pile(value: Any, name: str) -> int:
    """A discard pile: 0 (left) or 1 (right; the 1st edition's second pile)."""
    return whole(value, name, 0, 1)


def _seats_ok(*values: Any) -> bool:
    """Whether every value is already a seat number (the common case: nothing to convert)."""
    for value in values:  # noqa: SIM110 - a plain loop, no generator: actions are made all game long
        if type(value) is not int or not 0 <= value <= MAX_SEAT:
            return False
    return True


def _given(value: Any) -> bool:
    """Whether a field of cards or seats holds something to check: anything but the empty tuple (a numpy array is
    never compared or tested for truth, which it refuses)."""
    return type(value) is not tuple or len(value) > 0


@dataclass(frozen=True)
class Action:
    """Base class: every action is made by one seat (``player``)."""

    player: int
    kind: ClassVar[str] = ""

    def __post_init__(self) -> None:
        if not _seats_ok(self.player):
            _set(self, "player", _seat(self.player, "player"))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data, with the action's ``kind``."""
        data: dict[str, Any] = {"kind": self.kind}
        values = self.__dict__
        for name in _FIELDS[type(self)]:
            value = values[name]
            data[name] = list(value) if type(value) is tuple else value
        return data


@dataclass(frozen=True)
class ChooseFirstMerchant(Action):
    """2nd edition, Market: the sheriff picks the merchant who goes first."""

    merchant: int = 0
    kind: ClassVar[str] = "choose_first_merchant"

    def __post_init__(self) -> None:
        if not _seats_ok(self.player, self.merchant):
            _set(self, "player", _seat(self.player, "player"))
            _set(self, "merchant", _seat(self.merchant, "merchant"))


@dataclass(frozen=True)
class Market(Action):
    """Phase 1: set aside 0–5 hand cards, then draw back up to a full hand.

    ``set_aside`` is kept in the order given: in the 1st edition the last card ends on top of
    the discard pile ``onto`` (0 left, 1 right).  ``draws`` lists the sources in order (``0``,
    ``1`` for the discard piles' tops, ``"deck"``); missing draws come from the deck.
    """

    set_aside: tuple[str, ...] = ()
    draws: tuple[int | str, ...] = ()
    onto: int = 0
    kind: ClassVar[str] = "market"

    def __post_init__(self) -> None:
        if not _seats_ok(self.player, self.onto) or self.onto > 1:
            _set(self, "player", _seat(self.player, "player"))
            _set(self, "onto", _pile(self.onto, "onto"))
        if _given(self.set_aside):
            _set(self, "set_aside", card_ids(self.set_aside, "set_aside", keep_order=True))
        if _given(self.draws):
            _set(self, "draws", _draws(self.draws))


def _draws(draws: Any) -> tuple[int | str, ...]:
    try:
        if isinstance(draws, (str, bytes)):
            raise TypeError
        listed = list(draws)
    except TypeError:
        raise ArgumentError(
            "draws must be a list of draw sources ('deck' or a discard pile: 0 left, 1 right), not {draws!r}",
            draws=draws,
        ) from None
    result = []
    for source in listed:
        if isinstance(source, str) and source == DECK:
            source = DECK
        else:
            try:
                source = _pile(source, "a draw from a discard pile")
            except ArgumentError:
                raise ArgumentError(
                    "draws lists 'deck' or a discard pile (0 left, 1 right); not {source!r}", source=source
                ) from None
        result.append(source)
    return tuple(result)


@dataclass(frozen=True)
class Load(Action):
    """Phase 2: put 1–5 hand cards in the bag, secretly."""

    cards: tuple[str, ...] = ()
    kind: ClassVar[str] = "load"

    def __post_init__(self) -> None:
        if not _seats_ok(self.player):
            _set(self, "player", _seat(self.player, "player"))
        _set(self, "cards", card_ids(self.cards, "cards"))


@dataclass(frozen=True)
class Declare(Action):
    """Phase 3: declare ``count`` cards of one legal ``good``.

    ``pay_with``: the merchant's choice of stand goods, in order, for a fine the gold cannot cover if the bag is
    opened and found lying (the debtor chooses: rules reference, ruling debts); empty: the goods that overpay least.  It
    stays private to the merchant.
    """

    good: str = ""
    count: int = 0
    pay_with: tuple[str, ...] = ()
    kind: ClassVar[str] = "declare"

    def __post_init__(self) -> None:
        if not _seats_ok(self.player):
            _set(self, "player", _seat(self.player, "player"))
        if not isinstance(self.good, str):
            goods = self.good if isinstance(self.good, (list, tuple, set, frozenset)) else [self.good]
            names = " and ".join(str(g) for g in goods)
            raise DeclarationError(
                "declare exactly one legal good, not {names}; mixed declarations are not allowed", names=names
            )
        _set(self, "good", card_ids(self.good, "good")[0])
        if type(self.count) is not int or not 0 <= self.count <= BOX:
            _set(self, "count", whole(self.count, "count", 0, BOX))
        if _given(self.pay_with):
            _set(self, "pay_with", card_ids(self.pay_with, "pay_with", keep_order=True))


@dataclass(frozen=True)
class Offer(Action):
    """Phase 4: a proposed deal paid by ``merchant``, made by that merchant or by an official.

    ``buys_pass``: whether the deal buys a pass of the merchant's own bag.  By default (None) it does
    while that bag is still to be handled: if accepted (or if the bag is handed back while this is
    the merchant's last offer, "the bribe on the table") and the bag passes, the merchant pays
    ``gold``, the ``stand`` goods and the ``bag`` goods that are really there.  A deal with
    ``buys_pass=False`` (the default once the merchant's bag was handled) buys only its binding terms,
    for instance to have another bag inspected; it is paid when agreed and holds no bag goods.
    ``inspect`` / ``passes`` are binding terms: the officials must inspect / pass those players' bags
    this round.  ``promise`` is free text and binds nobody.  Goods promised that turn out not to be
    there are not given (from the bag in both editions, from the stand in the 2nd).
    """

    merchant: int = 0
    gold: int = 0
    stand: tuple[str, ...] = ()
    bag: tuple[str, ...] = ()
    promise: str = ""
    inspect: tuple[int, ...] = ()
    passes: tuple[int, ...] = ()
    buys_pass: bool | None = None
    kind: ClassVar[str] = "offer"

    def __post_init__(self) -> None:
        if not _seats_ok(self.player, self.merchant):
            _set(self, "player", _seat(self.player, "player"))
            _set(self, "merchant", _seat(self.merchant, "merchant"))
        _set(self, "gold", whole(self.gold, "gold", 0, MAX_GOLD))
        _set(self, "stand", card_ids(self.stand, "stand") if _given(self.stand) else ())
        _set(self, "bag", card_ids(self.bag, "bag") if _given(self.bag) else ())
        _set(self, "promise", text(self.promise, "promise"))
        _set(self, "inspect", seats(self.inspect, "inspect", MAX_SEAT) if _given(self.inspect) else ())
        _set(self, "passes", seats(self.passes, "passes", MAX_SEAT) if _given(self.passes) else ())
        if self.buys_pass is not None:
            _set(self, "buys_pass", flag(self.buys_pass, "buys_pass"))

    def with_buys_pass(self, buys_pass: bool) -> Offer:
        """This offer with ``buys_pass`` decided (its other fields are already checked)."""
        copy = object.__new__(Offer)
        copy.__dict__.update(self.__dict__)
        _set(copy, "buys_pass", buys_pass)
        return copy


@dataclass(frozen=True)
class Accept(Action):
    """Phase 4: accept the open offer paid by ``merchant`` ("Deal!")."""

    merchant: int = 0
    kind: ClassVar[str] = "accept"

    def __post_init__(self) -> None:
        if not _seats_ok(self.player, self.merchant):
            _set(self, "player", _seat(self.player, "player"))
            _set(self, "merchant", _seat(self.merchant, "merchant"))


@dataclass(frozen=True)
class PickUpBag(Action):
    """Phase 4: the sheriff (six players: the lead deputy) picks up ``merchant``'s bag, the next one to handle.

    The officials handle one bag at a time (rules reference, section Inspection): until it is passed or inspected, no
    other bag is decided.  Talk goes on meanwhile: offers about any bag, payments to have another bag opened.  Deciding
    about a bag when none is in hand picks it up too."""

    merchant: int = 0
    kind: ClassVar[str] = "pick_up_bag"

    def __post_init__(self) -> None:
        if not _seats_ok(self.player, self.merchant):
            _set(self, "player", _seat(self.player, "player"))
            _set(self, "merchant", _seat(self.merchant, "merchant"))


@dataclass(frozen=True)
class Pass(Action):
    """Phase 4: the sheriff returns ``merchant``'s bag unopened; the agreed bribe, or else the merchant's last
    offer (the bribe on the table), is paid."""

    merchant: int = 0
    kind: ClassVar[str] = "pass"

    def __post_init__(self) -> None:
        if not _seats_ok(self.player, self.merchant):
            _set(self, "player", _seat(self.player, "player"))
            _set(self, "merchant", _seat(self.merchant, "merchant"))


@dataclass(frozen=True)
class Inspect(Action):
    """Phase 4: the sheriff opens ``merchant``'s bag; offers about it are void.

    ``pay_with``: the official's choice of stand goods, in order, if the bag is honest and the penalty is more
    than their gold (the debtor chooses: rules reference, ruling debts); empty: the goods that overpay least.  1st
    edition: confiscated cards wait face up until the sheriff puts them on a pile (:class:`DiscardConfiscated`).
    """

    merchant: int = 0
    pay_with: tuple[str, ...] = ()
    kind: ClassVar[str] = "inspect"

    def __post_init__(self) -> None:
        if not _seats_ok(self.player, self.merchant):
            _set(self, "player", _seat(self.player, "player"))
            _set(self, "merchant", _seat(self.merchant, "merchant"))
        if _given(self.pay_with):
            _set(self, "pay_with", card_ids(self.pay_with, "pay_with", keep_order=True))


@dataclass(frozen=True)
class DiscardConfiscated(Action):
    """1st edition, after a lying bag is opened: the sheriff puts the confiscated cards onto discard pile
    ``pile`` (0 left, 1 right) in the order he chooses: ``order`` lists them from the bottom up, the last
    ends on top (empty: rulebook order, as :func:`~sheriff_nb.engine.cards.sorted_ids`)."""

    pile: int = 0
    order: tuple[str, ...] = ()
    kind: ClassVar[str] = "discard_confiscated"

    def __post_init__(self) -> None:
        if not _seats_ok(self.player, self.pile) or self.pile > 1:
            _set(self, "player", _seat(self.player, "player"))
            _set(self, "pile", _pile(self.pile, "pile"))
        if _given(self.order):
            _set(self, "order", card_ids(self.order, "order", keep_order=True))


@dataclass(frozen=True)
class PassRemaining(Action):
    """Phase 4, optional time limit: time is up, every bag not yet handled passes with no bribe."""

    kind: ClassVar[str] = "pass_remaining"


@dataclass(frozen=True)
class SplitBooty(Action):
    """Six players, end of Inspection: a deputy names who takes the Booty's odd coin or card
    (a deputy's seat, or None to discard it); it goes there only if both deputies name the same seat."""

    odd_to: int | None = None
    kind: ClassVar[str] = "split_booty"

    def __post_init__(self) -> None:
        if not _seats_ok(self.player):
            _set(self, "player", _seat(self.player, "player"))
        if self.odd_to is not None:
            _set(self, "odd_to", _seat(self.odd_to, "odd_to"))


@dataclass(frozen=True)
class ClaimBlackMarket(Action):
    """Black Market module: after your bag is returned, trade 3 contraband of a pile's type on your stand
    for that pile's top card (``good=None``: make no claim this round)."""

    good: str | None = None
    kind: ClassVar[str] = "claim_black_market"

    def __post_init__(self) -> None:
        if not _seats_ok(self.player):
            _set(self, "player", _seat(self.player, "player"))
        if self.good is not None:
            if not isinstance(self.good, str):
                raise ArgumentError("good must be the name of one goods card (or None), not {good!r}", good=self.good)
            _set(self, "good", card_ids(self.good, "good")[0])


ACTIONS: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        ChooseFirstMerchant,
        Market,
        Load,
        Declare,
        Offer,
        Accept,
        PickUpBag,
        Pass,
        Inspect,
        DiscardConfiscated,
        PassRemaining,
        SplitBooty,
        ClaimBlackMarket,
    )
}
_FIELDS = {cls: tuple(f.name for f in dataclasses.fields(cls)) for cls in ACTIONS.values()}

_TYPES: dict[str, Any] = {
    "player": int,
    "merchant": int,
    "onto": int,
    "pile": int,
    "count": int,
    "gold": int,
    "good": str,
    "promise": str,
    "odd_to": int,
    "buys_pass": bool,
}
_OPTIONAL = {("claim_black_market", "good"), ("split_booty", "odd_to"), ("offer", "buys_pass")}


def action_from_dict(data: Any) -> Action:
    """Rebuild an action from :meth:`Action.to_dict` data; malformed data raises :class:`SaveFileError`.

    >>> action_from_dict({"kind": "pass", "player": 0, "merchant": "two"})
    Traceback (most recent call last):
    ...
    sheriff_nb.engine.errors.SaveFileError: a saved 'pass' action has merchant='two'; it must be a whole number
    """
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str) or data["kind"] not in ACTIONS:
        kinds = ", ".join(ACTIONS)
        raise SaveFileError(f"a saved action must be an object whose kind is one of {kinds}; got {data!r}"[:2000])
    cls = ACTIONS[data["kind"]]
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"kind"}
    if extra or "player" not in data:
        raise SaveFileError(
            "a saved {kind!r} action has unknown or missing fields: {value}",
            kind=cls.kind,
            value=sorted(map(str, extra)) or ["player"],
        )
    args = {}
    for name, value in data.items():
        if name == "kind":
            continue
        expected = _TYPES.get(name)
        if value is None and (cls.kind, name) in _OPTIONAL:
            expected = type(None)
        if expected is bool and not isinstance(value, bool):
            raise SaveFileError(
                "a saved {kind!r} action has {name}={value!r}; it must be true or false",
                kind=cls.kind,
                name=name,
                value=value,
            )
        if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise SaveFileError(
                "a saved {kind!r} action has {name}={value!r}; it must be a whole number",
                kind=cls.kind,
                name=name,
                value=value,
            )
        if expected is str and not isinstance(value, str):
            raise SaveFileError(
                "a saved {kind!r} action has {name}={value!r}; it must be text", kind=cls.kind, name=name, value=value
            )
        if expected is None:  # a list of card ids or seats
            if not isinstance(value, list) or not all(
                isinstance(v, (str, int)) and not isinstance(v, bool) for v in value
            ):
                raise SaveFileError(
                    "a saved {kind!r} action has {name}={value!r}; it must be a list",
                    kind=cls.kind,
                    name=name,
                    value=value,
                )
            value = tuple(value)
        args[name] = value
    try:
        return cls(**args)
    except RuleError as error:  # an unknown card name, a negative seat, ...
        raise SaveFileError("a saved {kind!r} action cannot be read: {error}", kind=cls.kind, error=error) from None


__all__ = [
    "DECK",
    "Action",
    "ACTIONS",
    "action_from_dict",
    "ChooseFirstMerchant",
    "Market",
    "Load",
    "Declare",
    "Offer",
    "Accept",
    "PickUpBag",
    "Pass",
    "Inspect",
    "DiscardConfiscated",
    "PassRemaining",
    "SplitBooty",
    "ClaimBlackMarket",
]
