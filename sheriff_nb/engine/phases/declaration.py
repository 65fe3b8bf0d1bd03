"""Phase 3, Declaration (rules reference, section Declaration): clockwise from the sheriff's left, each merchant states
the exact number of cards in their bag and exactly one legal good (which need not be in the bag)."""

from __future__ import annotations

from typing import Any

from ..actions import Declare
from ..cards import INDEX, IS_LEGAL
from ..errors import NotYourTurnError
from ..inspection import check_declaration
from ..state import GameState, Phase, seat_name

PHASE = Phase.DECLARATION


def check(state: GameState, action: Declare) -> None:
    """Raise the RuleError ``action`` breaks, if any."""
    queue = state.queue
    if action.player != queue[0]:
        raise NotYourTurnError(
            "declarations go clockwise from the sheriff's left: it is {player}'s turn",
            player=seat_name(state, queue[0]),
        )
    bag = state.bags[action.player]
    assert bag is not None  # every bag is loaded before the declarations
    size = sum(bag)
    if action.count != size or not IS_LEGAL[INDEX[action.good]]:
        check_declaration(action.good, action.count, size)  # raises the rule's message


def apply(state: GameState, action: Declare) -> dict[str, Any]:
    """Record the declaration (and, privately, the goods the merchant would pay a fine with); after the last one,
    the Inspection starts: the officials handle the bags, in any order."""
    player = action.player
    state.declarations[player] = (INDEX[action.good], action.count)
    state.debt_goods[player] = tuple(INDEX[g] for g in action.pay_with)  # private: not in the event
    queue = state.queue
    queue.pop(0)
    if not queue:
        state.phase = Phase.INSPECTION
        state.pending = list(state.merchants)
        state.handlers = {m: list(state.officials) for m in state.pending}
    event = {"kind": "declare", "round": state.round, "player": player, "good": action.good, "count": action.count}
    state.events.append(event)
    return event


__all__ = ["PHASE", "check", "apply"]
