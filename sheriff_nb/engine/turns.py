"""Whose move the game waits for (:func:`to_act`) and what kind of move (:func:`awaited`).

Each seat :func:`to_act` returns has at least one legal action; the list is empty only when the game is over.  It
names the seats the game cannot go on without; others may still have legal moves (in the Inspection anyone may
make an offer, a merchant may pay to have another bag opened).

>>> from sheriff_nb.engine.options import RuleOptions
>>> from sheriff_nb.engine.setup import new_state
>>> state = new_state(RuleOptions(players=4), seed=1, first_sheriff=0)
>>> to_act(state), awaited(state, 0), awaited(state, 1)
([0], 'choose_first_merchant', None)
"""

from __future__ import annotations

from .phases.inspection_end import waiting_for
from .state import GameState, Phase

AWAITED = (
    "choose_first_merchant",
    "market",
    "load",
    "declare",
    "pick_up_bag",
    "decide",
    "discard_confiscated",
    "claim_black_market",
    "split_booty",
)
"""The kinds of move the game waits for: the action kinds, and ``decide`` (pass or inspect the bag in hand)."""


def to_act(state: GameState) -> list[int]:
    """The seats whose move the game waits for, in the order they are expected."""
    phase = state.phase
    if phase is Phase.MARKET:
        return [state.queue[0]] if state.queue else [state.sheriff]
    if phase is Phase.LOAD:
        bags = state.bags
        return [m for m in state.merchants if bags[m] is None]
    if phase is Phase.DECLARATION:
        return [state.queue[0]]
    if phase is Phase.INSPECTION:
        if state.confiscated:
            return [state.sheriff]
        if state.pending:
            m = state.in_hand
            if m is None:
                return [state.sheriff]
            votes = state.votes.get(m, ())
            return [o for o in state.handlers[m] if o not in votes]
        return waiting_for(state)
    return []


def awaited(state: GameState, seat: int) -> str | None:
    """The kind of move (one of :data:`AWAITED`) the game waits for from ``seat``, or None."""
    phase = state.phase
    if phase is Phase.MARKET:
        if state.queue:
            return "market" if state.queue[0] == seat else None
        return "choose_first_merchant" if seat == state.sheriff else None
    if phase is Phase.LOAD:
        return "load" if seat in state.merchants and state.bags[seat] is None else None
    if phase is Phase.DECLARATION:
        return "declare" if state.queue[0] == seat else None
    if phase is not Phase.INSPECTION:
        return None
    if state.confiscated:
        return "discard_confiscated" if seat == state.sheriff else None
    if state.pending:
        m = state.in_hand
        if m is None:
            return "pick_up_bag" if seat == state.sheriff else None
        return "decide" if seat in state.handlers[m] and seat not in state.votes.get(m, ()) else None
    if seat not in waiting_for(state):
        return None
    return "split_booty" if seat in state.officials else "claim_black_market"


__all__ = ["AWAITED", "to_act", "awaited"]
