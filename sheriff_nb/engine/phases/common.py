"""What the phase modules share: how officials are named in rule messages, and how gold and goods change hands."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import GOODS, IDS, INDEX, N_GOODS
from ..errors import NotYourTurnError, Phrase
from ..state import BOOTY, GameState, seat_name


def officials_text(state: GameState, merchant: int | None = None) -> str:
    """ "the sheriff (Name)", or the deputies (handling ``merchant``'s bag)."""
    officials = state.handlers.get(merchant, state.officials) if merchant is not None else state.officials
    if len(officials) == 1:
        name = seat_name(state, officials[0])
        return (
            Phrase("the deputy ({name})", name=name)
            if state.options.deputies
            else Phrase("the sheriff ({name})", name=name)
        )
    return Phrase(
        "the deputies ({first} and {second})",
        first=seat_name(state, officials[0]),
        second=seat_name(state, officials[1]),
    )


def require_seat(state: GameState, seat: int, field: str) -> None:
    """``seat`` (an action's ``field``, a whole number 0 or more) is a seat of this game."""
    if seat >= len(state.names):
        raise NotYourTurnError(
            "{field} names a seat; players sit in seats 0 to {last}, and there is no seat {seat}",
            field=field,
            last=len(state.names) - 1,
            seat=seat,
        )


def require_sheriff(state: GameState, player: int, doing: str) -> None:
    """Only the sheriff (the lead deputy) may do ``doing``."""
    if player != state.sheriff:
        title = Phrase("the lead deputy") if state.options.deputies else Phrase("the sheriff")
        raise NotYourTurnError(
            "only {title} ({sheriff}) may {doing}", title=title, sheriff=seat_name(state, state.sheriff), doing=doing
        )


def require_merchant(state: GameState, seat: int, doing: str) -> None:
    """An official cannot do ``doing``, a merchant's move."""
    if seat in state.officials:
        title = Phrase("a deputy") if state.options.deputies else Phrase("the sheriff")
        raise NotYourTurnError(
            "{seat} is {title} this round and cannot {doing}", seat=seat_name(state, seat), title=title, doing=doing
        )


def counts_of(ids: Iterable[str]) -> list[int]:
    """Card ids (an action's) as 15 counts."""
    result = [0] * N_GOODS
    for good in ids:
        result[INDEX[good]] += 1
    return result


def tally(numbers: Iterable[int]) -> list[int]:
    """Card numbers as 15 counts."""
    result = [0] * N_GOODS
    for card in numbers:
        result[card] += 1
    return result


def missing_from(wanted: Sequence[int], held: Sequence[int]) -> list[int]:
    """What ``wanted`` asks for beyond ``held`` (both 15 counts)."""
    return [max(w - h, 0) for w, h in zip(wanted, held, strict=True)]


def goods_text(numbers: Sequence[int]) -> str:
    """15 counts as "1 Silk, 1 Crossbow" (rulebook order), for rule messages."""
    return ", ".join(f"{n} {GOODS[IDS[i]].name}" for i, n in enumerate(numbers) if n)


def receiver(group: list[int]) -> int | str:
    """Who takes what a merchant pays the officials handling a bag: one official, or two deputies' Booty."""
    return BOOTY if len(group) > 1 else group[0]


def give(state: GameState, to: int | str, gold: int, goods: Sequence[int]) -> None:
    """Gold and goods (15 counts) to a player's supply and stand, or to the Booty tile."""
    if to == BOOTY:
        state.booty_gold += gold
        place = state.booty
    else:
        assert isinstance(to, int)  # a seat
        state.gold[to] += gold
        place = state.stands[to]
    for i, n in enumerate(goods):
        if n:
            place[i] += n


__all__ = [
    "officials_text",
    "require_seat",
    "require_sheriff",
    "require_merchant",
    "counts_of",
    "tally",
    "missing_from",
    "goods_text",
    "receiver",
    "give",
]
