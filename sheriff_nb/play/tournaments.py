"""The safety tournament of lesson 13: the Equilibrium and the Trusting sheriffs against one merchant character in
simulated games, each sheriff's gold per seat-game (what :mod:`sheriff_nb.theory.safety`'s guarantees look like
in play).
"""

from __future__ import annotations

from fractions import Fraction

from .simulation import simulate

__all__ = ["tournament", "lineup", "summary", "GAMES", "TOURNAMENT_MERCHANTS", "TOURNAMENT_SHERIFFS"]

TOURNAMENT_MERCHANTS = ("honest", "smuggler", "bluffer")
TOURNAMENT_SHERIFFS = ("equilibrium", "trusting")
GAMES = 200
"""Games of each table of lesson 13's live tournament (seed 0): every answer it gives holds on 20 of 20 seeds
(``benchmarks/experiment_seeds.py``), each table in about 0.2 s of CPU."""


def tournament(merchant: str = "honest", games: int = GAMES, seed: int = 0, seats: int = 2, progress=None):
    """``sn.simulate`` a table of ``2 * seats`` players who all play the ``merchant`` character; ``seats`` of them are
    Equilibrium sheriffs and ``seats`` Trusting ones (who never open a bag): :func:`summary` of its games.
    ``progress(done, games)`` is told as the games are played.

    >>> table = tournament("honest", games=4)
    >>> row = table.set_index("sheriff").loc["trusting"]
    >>> row["mean"], float(row["se"]), int(row["worst"]), int(row["best"])   # never opening: exactly 0, every game
    (Fraction(0, 1), 0.0, 0, 0)
    """
    frame = simulate(games, players=2 * seats, strategies=lineup(merchant, seats), seed=seed, progress=progress)
    return summary(frame, merchant)


def lineup(merchant: str, seats: int = 2) -> dict[str, int]:
    """The tournament's players: ``seats`` of each sheriff character, every one playing ``merchant``.

    >>> lineup("smuggler", 1)
    {'smuggler+equilibrium': 1, 'smuggler+trusting': 1}
    """
    return {f"{merchant}+{sheriff}": seats for sheriff in TOURNAMENT_SHERIFFS}


def summary(frame, merchant: str):
    """One row per sheriff character of a tournament's games (a :func:`sheriff_nb.simulate` frame, or its first
    games): ``sheriff``, ``seat_games``, ``mean`` (exact Fraction), ``se`` (the standard error of that simulated
    mean), ``worst``, ``best`` (gold gained as sheriff in one game) and ``losing`` (the share of seat-games he ended
    below 0 as sheriff)."""
    import pandas as pd

    rows = []
    for sheriff in TOURNAMENT_SHERIFFS:
        gold = frame.loc[frame.strategy == f"{merchant}+{sheriff}", "sheriff_gold"]
        rows.append(
            {
                "sheriff": sheriff,
                "seat_games": len(gold),
                "mean": Fraction(int(gold.sum()), len(gold)),
                "se": float(gold.std(ddof=1) / len(gold) ** 0.5) if len(gold) > 1 else 0.0,
                "worst": int(gold.min()),
                "best": int(gold.max()),
                "losing": Fraction(int((gold < 0).sum()), len(gold)),
            }
        )
    return pd.DataFrame(rows)
