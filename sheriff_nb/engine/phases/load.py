"""Phase 2, Load the bag (rules reference, section Load the bag): every merchant at once, secretly, puts 1 to 5 hand
cards in their bag; once closed, a bag cannot change."""

from __future__ import annotations

from typing import Any

from ..actions import Load
from ..cards import INDEX, N_GOODS
from ..errors import BagSizeError, NotInHandError, OutOfPhaseError, Phrase
from ..inspection import MAX_BAG, MIN_BAG
from ..state import GameState, Phase, seat_name
from .common import counts_of, goods_text, missing_from, require_merchant

PHASE = Phase.LOAD
LOADING = Phrase("load a bag")
"""What an official may not do, in rule messages (made once: a check runs every move)."""


def check(state: GameState, action: Load) -> None:
    """Raise the RuleError ``action`` breaks, if any."""
    player = action.player
    require_merchant(state, player, LOADING)
    if state.bags[player] is not None:
        raise OutOfPhaseError(
            "player {player} has already loaded and closed their bag; a closed bag cannot change", player=player
        )
    size = len(action.cards)
    if not MIN_BAG <= size <= MAX_BAG:
        raise BagSizeError(
            "a bag holds {min_bag} to {max_bag} cards; this one holds {size}",
            min_bag=MIN_BAG,
            max_bag=MAX_BAG,
            size=size,
        )
    hand = state.hands[player]
    left = hand.copy()
    for good in action.cards:
        number = INDEX[good]
        left[number] -= 1
        if left[number] < 0:
            bag = counts_of(action.cards)
            raise NotInHandError(
                "{player} does not hold {missing_from} in hand",
                player=seat_name(state, player),
                missing_from=goods_text(missing_from(bag, hand)),
            )


def apply(state: GameState, action: Load) -> dict[str, Any]:
    """Close the bag and record the event; after the last merchant, on to the Declaration, clockwise from the
    sheriff's left."""
    player = action.player
    bag = [0] * N_GOODS
    hand = state.hands[player]
    for good in action.cards:
        number = INDEX[good]
        hand[number] -= 1
        bag[number] += 1
    bags = state.bags
    bags[player] = bag
    for m in state.merchants:
        if bags[m] is None:
            break
    else:  # every bag is closed
        state.phase = Phase.DECLARATION
        state.queue = list(state.merchants)
    event = {"kind": "load", "round": state.round, "player": player, "cards": list(action.cards)}
    state.events.append(event)
    return event


__all__ = ["PHASE", "check", "apply"]
