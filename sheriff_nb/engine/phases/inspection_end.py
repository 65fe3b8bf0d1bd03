"""Phase 4, the end of the Inspection: the seats the round still waits for, Black Market claims and the six-player
deputies' Booty (rules reference: Six players, the Black Market, Rulings)."""

from __future__ import annotations

from typing import Any

from ..actions import ClaimBlackMarket, SplitBooty
from ..cards import GOODS, IDS, INDEX, IS_LEGAL, VALUES, goods_dict
from ..errors import InspectionError, NotYourTurnError
from ..state import GameState, Phase, seat_name
from .common import give, officials_text, require_seat, tally


def waiting_for(state: GameState) -> list[int]:
    """Seats the game waits for: the 1st-edition sheriff putting confiscated cards on a pile (before anything
    else); once every bag is handled, merchants who may claim a Black Market card and deputies splitting an
    odd Booty (before the round can end)."""
    if state.phase is not Phase.INSPECTION:
        return []
    if state.confiscated:
        return [state.sheriff]
    if state.pending:
        return []
    seats = [m for m in state.merchants if m not in state.claims_done and may_claim(state, m)]
    if booty_leftover(state):
        seats += [d for d in state.officials if d not in state.booty_choices]
    return seats


def may_claim(state: GameState, seat: int) -> bool:
    """Whether the round waits for ``seat`` to claim or decline a Black Market card: a pile is left and the stand
    holds 3 or more face-down cards.  Judged from the count, which everyone sees, so waiting tells nobody the
    types (the merchant may then have no 3 of one type, and declines)."""
    if not any(state.black_market.values()):
        return False
    stand = state.stands[seat]
    return sum(n for i, n in enumerate(stand) if not IS_LEGAL[i]) >= 3


def booty_shares(state: GameState) -> tuple[list[list[int]], int, list[int]]:
    """How the Booty splits between the two deputies: evenly by count, not by value (rules reference, ruling
    booty-split), cards dealt one at a time, most valuable first, starting with the lead deputy; returns (card numbers
    per deputy, gold each, leftover card or none)."""
    ordered = sorted((i for i, n in enumerate(state.booty) for _ in range(n)), key=lambda i: (-VALUES[i], i))
    even = len(ordered) - len(ordered) % 2
    return [ordered[0:even:2], ordered[1:even:2]], state.booty_gold // 2, ordered[even:]


def booty_leftover(state: GameState) -> bool:
    """Whether the Booty leaves an odd coin or card (six players)."""
    return len(state.officials) == 2 and bool(state.booty_gold % 2 or sum(state.booty) % 2)


def check_split_booty(state: GameState, action: SplitBooty) -> None:
    """Raise the RuleError a deputy's say about the odd coin or card breaks, if any."""
    if len(state.officials) < 2:
        raise InspectionError("the Booty tile is used only with six players and two deputies")
    if action.player not in state.officials:
        raise NotYourTurnError(
            "only the deputies ({officials_text}) split the Booty", officials_text=officials_text(state)
        )
    if state.pending:
        raise InspectionError("the Booty is split at the end of Inspection, after every bag")
    if not booty_leftover(state):
        raise InspectionError("the Booty splits evenly; there is no odd coin or card to agree on")
    if action.player in state.booty_choices:
        raise InspectionError(
            "{player} has already said who takes the odd coin or card", player=seat_name(state, action.player)
        )
    if action.odd_to is not None:
        require_seat(state, action.odd_to, "odd_to")
    if action.odd_to is not None and action.odd_to not in state.officials:
        raise InspectionError("the odd coin or card goes to one of the two deputies, or to the discard")


def apply_split_booty(state: GameState, action: SplitBooty) -> dict[str, Any]:
    """Record who the deputy names."""
    state.booty_choices[action.player] = action.odd_to
    return {"kind": "booty_choice", "round": state.round, "player": action.player, "odd_to": action.odd_to}


def share_booty(state: GameState) -> dict[str, Any]:
    """End of Inspection with deputies: split the Booty; an odd coin or card is discarded unless
    both deputies named the same taker (rules reference, ruling booty-split)."""
    cards, gold, leftover = booty_shares(state)
    choices = set(state.booty_choices.values())
    taker = choices.pop() if len(state.booty_choices) == 2 and len(choices) == 1 else None
    odd_coin = state.booty_gold % 2
    for deputy, share in zip(state.officials, cards, strict=True):
        give(state, deputy, gold + (odd_coin if deputy == taker else 0), tally(share))
    if taker is not None:
        for card in leftover:
            state.stands[taker][card] += 1
    else:
        state.bank += odd_coin
        state.discards[0].extend(leftover)
    event = {
        "kind": "booty",
        "round": state.round,
        "deputies": list(state.officials),
        "gold_each": gold,
        "cards": [goods_dict(tally(c)) for c in cards],
        "odd_coin": odd_coin,
        "odd_card": [IDS[c] for c in leftover],
        "odd_to": taker,
    }
    state.booty_gold, state.booty = 0, [0] * len(state.booty)
    return event


def check_claim_black_market(state: GameState, action: ClaimBlackMarket) -> None:
    """Raise the RuleError a Black Market claim breaks, if any."""
    seat = action.player
    if not state.black_market:
        raise InspectionError("the Black Market module is not in play")
    if seat not in state.merchants:
        raise NotYourTurnError(
            "only merchants claim Black Market cards; {seat} is an official", seat=seat_name(state, seat)
        )
    if seat in state.pending:
        raise InspectionError("a Black Market card is claimed after your bag is returned to you")
    if seat in state.claims_done:
        raise InspectionError("at most one Black Market claim per player per round")
    if action.good is None:
        return
    name = GOODS[action.good].name
    if action.good not in state.black_market:
        raise InspectionError("there is no Black Market pile of {name}", name=name)
    if not state.black_market[action.good]:
        raise InspectionError("the {name} Black Market pile is empty", name=name)
    have = state.stands[seat][INDEX[action.good]]
    if have < 3:
        raise InspectionError(
            "a claim needs 3 {name} on your stand; {seat} has {have}", name=name, seat=seat_name(state, seat), have=have
        )


def apply_claim_black_market(state: GameState, action: ClaimBlackMarket) -> dict[str, Any]:
    """Trade 3 contraband of the pile's type for its top card, or decline."""
    state.claims_done.append(action.player)
    if action.good is None:
        return {"kind": "black_market_decline", "round": state.round, "player": action.player}
    number = INDEX[action.good]
    state.stands[action.player][number] -= 3
    state.discards[0].extend([number] * 3)
    card_value = state.black_market[action.good].pop()
    state.claimed[action.player].append((action.good, card_value))
    return {
        "kind": "black_market_claim",
        "round": state.round,
        "player": action.player,
        "good": action.good,
        "value": card_value,
    }


__all__ = [
    "waiting_for",
    "may_claim",
    "booty_shares",
    "booty_leftover",
    "check_split_booty",
    "apply_split_booty",
    "share_booty",
    "check_claim_black_market",
    "apply_claim_black_market",
]
