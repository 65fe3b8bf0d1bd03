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
    return next_move(state)[1]


def next_move(state: GameState) -> tuple[str | None, list[int]]:
    """The kind of move (one of :data:`AWAITED`) the game waits for from the first seat of :func:`to_act`, and
    those seats: ``awaited(state, seats[0]), seats`` worked out at once (``(None, [])`` once the game is over).

    >>> from sheriff_nb.engine.options import RuleOptions
    >>> from sheriff_nb.engine.setup import new_state
    >>> next_move(new_state(RuleOptions(players=4, edition=1), seed=1, first_sheriff=0))
    ('market', [1])
    """
    phase = state.phase
    if phase is Phase.MARKET:
        return ("market", [state.queue[0]]) if state.queue else ("choose_first_merchant", [state.sheriff])
    if phase is Phase.LOAD:
        bags = state.bags
        return "load", [m for m in state.merchants if bags[m] is None]
    if phase is Phase.DECLARATION:
        return "declare", [state.queue[0]]
    if phase is Phase.INSPECTION:
        if state.confiscated:
            return "discard_confiscated", [state.sheriff]
        if state.pending:
            m = state.in_hand
            if m is None:
                return "pick_up_bag", [state.sheriff]
            votes = state.votes.get(m, ())
            return "decide", [o for o in state.handlers[m] if o not in votes]
        seats = waiting_for(state)
        return (awaited(state, seats[0]) if seats else None), seats
    return None, []


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


__all__ = ["AWAITED", "to_act", "next_move", "awaited"]
