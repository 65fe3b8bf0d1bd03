"""Phase 5, End of round (rules reference, section End of round): the Booty is shared (six players), and either the game
ends, or hands are refilled, the sheriff's marker passes left and the next round begins."""

from __future__ import annotations

from typing import Any

from ..scoring import scores
from ..setup import draw, reset_inspection, start_round
from ..state import GameState, Phase
from .inspection_end import share_booty


def end_round(state: GameState) -> None:
    """End the round whose last bag was handled."""
    options = state.options
    if options.deputies:
        state.events.append(share_booty(state))
    state.events.append({"kind": "round_end", "round": state.round, "sheriff": state.sheriff})
    reset_inspection(state)
    state.round += 1
    if state.round == options.rounds:
        state.phase = Phase.OVER
        state.events.append({"kind": "game_over", "scores": final_scores(state)})
        return
    for seat in [*state.merchants, *state.officials]:  # refill, clockwise from the sheriff's left
        hand = state.hands[seat]
        for card in draw(state, options.hand_size - sum(hand)):
            hand[card] += 1
    if not options.deputies:
        state.sheriff = (state.sheriff + 1) % options.players
    start_round(state)


def final_scores(state: GameState) -> dict[int, dict[str, Any]]:
    """Scores as plain dicts per seat (see :func:`sheriff_nb.engine.scoring.score_rows`); hands score nothing."""
    claimed = [[v for _, v in cards] for cards in state.claimed]
    return dict(enumerate(scores(state.stands, state.gold, claimed)))


__all__ = ["end_round", "final_scores"]
