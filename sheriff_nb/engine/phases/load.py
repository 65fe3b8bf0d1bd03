"""Phase 2, Load the bag (RULES.md §3): every merchant at once, secretly, puts 1 to 5 hand cards in their bag;
once closed, a bag cannot change."""

from __future__ import annotations

from ..actions import Load
from ..errors import BagSizeError, NotInHandError, OutOfPhaseError
from ..inspection import MAX_BAG, MIN_BAG
from ..state import GameState, Phase, seat_name
from .common import counts_of, goods_text, missing_from, require_merchant

PHASE = Phase.LOAD


def check(state: GameState, action: Load) -> None:
    """Raise the RuleError ``action`` breaks, if any."""
    player = action.player
    require_merchant(state, player, "load a bag")
    if state.bags[player] is not None:
        raise OutOfPhaseError(f"player {player} has already loaded and closed their bag; a closed bag cannot change")
    size = len(action.cards)
    if not MIN_BAG <= size <= MAX_BAG:
        raise BagSizeError(f"a bag holds {MIN_BAG} to {MAX_BAG} cards; this one holds {size}")
    hand = state.hands[player]
    bag = counts_of(action.cards)
    if any(b > h for b, h in zip(bag, hand, strict=True)):
        raise NotInHandError(f"{seat_name(state, player)} does not hold {goods_text(missing_from(bag, hand))} in hand")


def apply(state: GameState, action: Load) -> dict:
    """Close the bag and record the event; after the last merchant, on to the Declaration, clockwise from the
    sheriff's left."""
    player = action.player
    bag = counts_of(action.cards)
    hand = state.hands[player]
    for i, n in enumerate(bag):
        if n:
            hand[i] -= n
    state.bags[player] = bag
    bags = state.bags
    if all(bags[m] is not None for m in state.merchants):
        state.phase = Phase.DECLARATION
        state.queue = list(state.merchants)
    event = {"kind": "load", "round": state.round, "player": player, "cards": list(action.cards)}
    state.events.append(event)
    return event


__all__ = ["PHASE", "check", "apply"]
