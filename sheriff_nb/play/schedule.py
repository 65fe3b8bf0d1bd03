"""Who is sheriff when, as the engine deals it in a game the characters play, and what that schedule means for
promises: backward induction over two seats' meetings (lesson 14, repeated play).

>>> sheriff_rounds(3)                 # three players: each is sheriff three times
{0: [1, 4, 7], 1: [2, 5, 8], 2: [3, 6, 9]}
"""

from __future__ import annotations

from functools import cache

from ..engine.game import Game
from .bots import Bot, play

__all__ = ["sheriff_rounds", "unravel"]


def sheriff_rounds(players: int = 4, seed: int = 0) -> dict[int, list[int]]:
    """Who is sheriff in which round (1-based) of a whole game played on the engine with ``players`` players,
    the first sheriff in seat 0 (six players: both deputies of each round).

    >>> sheriff_rounds(4)
    {0: [1, 5], 1: [2, 6], 2: [3, 7], 3: [4, 8]}
    """
    return {seat: list(rounds) for seat, rounds in _sheriff_rounds(players, seed)}


@cache
def _sheriff_rounds(players: int, seed: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    game = Game(players=players, seed=seed, first_sheriff=None if players == 6 else 0)
    for _ in play(game, [Bot() for _ in range(players)]):
        pass
    rounds: dict[int, list[int]] = {seat: [] for seat in range(players)}
    for event in game.events:
        if event["kind"] == "round_start":
            for seat in event["officials"]:
                rounds[seat].append(event["round"] + 1)
    return tuple((seat, tuple(r)) for seat, r in rounds.items())


def unravel(promiser: int = 1, partner: int = 0, players: int = 4) -> list[dict]:
    """Backward induction over the meetings of two seats in a game of known length: from the last meeting to the
    first, whether a rational promiser keeps a promise of future favours.  In the last meeting nothing is left to
    lose, so it is broken; then the meeting before has nothing left to protect either, and so on.

    Each row: ``round``, ``sheriff`` (seat), ``merchant`` (seat), ``later`` (meetings still to come in which the
    promiser's partner could reward or punish him), ``protects`` (what keeping protects under backward induction,
    always nothing) and ``kept`` (False).

    >>> [(r["round"], r["sheriff"], r["later"]) for r in unravel()]
    [(6, 1, 0), (5, 0, 1), (2, 1, 2), (1, 0, 3)]
    """
    rounds = sheriff_rounds(players)
    meetings = sorted(
        [(r, promiser, partner) for r in rounds[promiser]] + [(r, partner, promiser) for r in rounds[partner]]
    )
    rows = []
    for index in range(len(meetings) - 1, -1, -1):
        r, sheriff, merchant = meetings[index]
        rows.append(
            {
                "round": r,
                "sheriff": sheriff,
                "merchant": merchant,
                "later": len(meetings) - 1 - index,
                "protects": 0,
                "kept": False,
            }
        )
    return rows
