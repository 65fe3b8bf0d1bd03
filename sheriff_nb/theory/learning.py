"""Learning to play lesson 08's game (lesson 14): fictitious play and replicator dynamics, run by nashpy, measured
against the equilibrium p*, q*.

The game is one bag (default: 4 Apples declared, 2 Apples + 2 Pepper inside): the merchant is honest or lies, the
sheriff inspects or passes, payoffs from :func:`sheriff_nb.theory.analysis.inspection_game`; p* = 2/7, q* = 1/2.

* **Fictitious play** (Brown 1951): each round both players best-respond to the other's play so far.  They play
  *pure* actions every round; their averages are what approach (q*, p*) (in 2 x 2 games they always do: Miyasawa
  1961).  nashpy breaks ties between equally good replies at random, so the starting counts are chosen so that no
  tie can ever occur (:data:`START`): the run is the same every time.
* **Replicator dynamics** (Taylor and Jonker 1978; asymmetric: two populations): the share of merchants who lie
  grows while lying earns more than honesty, and the share of sheriffs who inspect grows while inspecting earns more
  than passing.  In a 2 x 2 game with only a mixed equilibrium the shares circle it for ever: the quantity
  :func:`orbit_constant` never changes along a path.

>>> fp = fictitious_play(rounds=1000)
>>> row = fp.iloc[-1]
>>> int(row.rounds), row.lies, row.inspections      # counts include the starting hunches (1/2 each)
(1000, Fraction(1009, 2), Fraction(601, 2))
>>> round(float(row.q), 3), round(float(row.p), 3)  # q* = 0.5, p* = 0.286
(0.504, 0.3)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import log

from . import analysis as an

__all__ = ["START", "game_of", "fictitious_play", "replicator", "orbit_constant"]

ALAN_BAG = {"apples": 2, "pepper": 2}
START = ((Fraction(1), Fraction(1, 2)), (Fraction(1, 2), Fraction(1)))
"""Fictitious play's starting hunches, as counts: the sheriff has seen (honest 1, lie 1/2) and the merchant
(inspect 1/2, pass 1).  Half-counts make a tie between two replies impossible for lesson 08's bag: the merchant ties
only when 20 × inspections = 8 × passes, and the sheriff only when lies = honest bags, neither of which half-counts
plus whole rounds can meet."""


def game_of(bag: Mapping[str, int] | None = None, declared: str = "apples") -> an.InspectionGame:
    """The 2 x 2 game that the learners play (rows honest/lie, columns inspect/pass)."""
    return an.inspection_game(ALAN_BAG if bag is None else bag, declared)


def fictitious_play(rounds: int = 1000, bag: Mapping[str, int] | None = None, declared: str = "apples", start=START):
    """Fictitious play by nashpy (``nashpy.Game.fictitious_play``) for ``rounds`` rounds.

    One row per round 0..rounds: ``rounds``, ``lies`` and ``honest`` (the merchant's counts), ``inspections`` and
    ``passes`` (the sheriff's), exact Fractions (nashpy's float counts are halves, stored exactly in binary), and
    ``q`` (share of lies), ``p`` (share of inspections), ``q_star``, ``p_star`` as floats.

    >>> fictitious_play(rounds=3)[["rounds", "honest", "lies", "inspections", "passes"]].values.tolist()[-1]
    [3, Fraction(2, 1), Fraction(5, 2), Fraction(1, 2), Fraction(4, 1)]
    """
    import nashpy
    import numpy as np
    import pandas as pd

    game = game_of(bag, declared)
    e = game.equilibrium()
    learners = nashpy.Game(np.array(game.merchant, dtype=float), np.array(game.sheriff, dtype=float))
    counts = [np.array([float(x) for x in side]) for side in start]
    rows = []
    for n, (merchant, sheriff) in enumerate(learners.fictitious_play(iterations=rounds, play_counts=counts)):
        honest, lies = (Fraction(float(x)) for x in merchant)
        inspections, passes = (Fraction(float(x)) for x in sheriff)
        rows.append(
            {
                "rounds": n,
                "honest": honest,
                "lies": lies,
                "inspections": inspections,
                "passes": passes,
                "q": float(lies / (honest + lies)),
                "p": float(inspections / (inspections + passes)),
                "q_star": float(e.q_lie),
                "p_star": float(e.p_inspect),
            }
        )
    return pd.DataFrame(rows)


def replicator(
    lying=Fraction(1, 4),
    inspecting=Fraction(1, 2),
    duration: float = 3.0,
    steps: int = 300,
    bag: Mapping[str, int] | None = None,
    declared: str = "apples",
):
    """Asymmetric replicator dynamics by nashpy (``nashpy.Game.asymmetric_replicator_dynamics``), starting with a
    share ``lying`` of merchants who lie and ``inspecting`` of sheriffs who inspect.

    Columns ``time``, ``q`` (share lying), ``p`` (share inspecting), ``constant`` (:func:`orbit_constant`, the same
    all along the path up to the integrator's error), ``q_star``, ``p_star``.

    >>> path = replicator()
    >>> [round(float(x), 2) for x in (path.q.min(), path.q.max(), path.p.min(), path.p.max())]
    [0.16, 0.84, 0.08, 0.58]
    >>> float(path.constant.max() - path.constant.min()) < 1e-5
    True
    """
    import nashpy
    import numpy as np
    import pandas as pd

    game = game_of(bag, declared)
    e = game.equilibrium()
    learners = nashpy.Game(np.array(game.merchant, dtype=float), np.array(game.sheriff, dtype=float))
    x0 = np.array([1 - float(lying), float(lying)])
    y0 = np.array([float(inspecting), 1 - float(inspecting)])
    times = np.linspace(0, duration, steps + 1)
    merchants, sheriffs = learners.asymmetric_replicator_dynamics(x0=x0, y0=y0, timepoints=times)
    frame = pd.DataFrame({"time": times, "q": merchants[:, 1], "p": sheriffs[:, 0]})
    frame["constant"] = [orbit_constant(q, p, game) for q, p in zip(frame.q, frame.p, strict=True)]
    return frame.assign(q_star=float(e.q_lie), p_star=float(e.p_inspect))


def orbit_constant(q: float, p: float, game: an.InspectionGame | None = None) -> float:
    """The quantity the replicator dynamics keep constant (a closed orbit around (q*, p*)):
    H = a (q* ln q + (1 − q*) ln(1 − q)) + b (p* ln p + (1 − p*) ln(1 − p)), where a is how much inspecting gains
    the sheriff when the merchant switches from honesty to a lie, and b how much lying loses the merchant when the
    sheriff switches from passing to inspecting (for lesson 08's bag a = 8 + 8 = 16, b = 8 + 20 = 28).  Along a path
    dH/dt = a (q* − q)(lie − honest) + b (p* − p)(inspect − pass) = 0.

    >>> round(orbit_constant(0.5, 2 / 7), 4)        # the highest value: at the equilibrium itself
    -27.8419
    """
    game = game or game_of()
    e = game.equilibrium()
    (h_i, h_p), (l_i, l_p) = game.merchant
    (s_hi, s_hp), (s_li, s_lp) = game.sheriff
    a = float((s_li - s_lp) - (s_hi - s_hp))  # inspect-minus-pass against a lie, minus against honesty
    b = float((l_p - h_p) - (l_i - h_i))  # lie-minus-honest when passed, minus when inspected
    qs, ps = float(e.q_lie), float(e.p_inspect)
    return a * (qs * log(q) + (1 - qs) * log(1 - q)) + b * (ps * log(p) + (1 - ps) * log(1 - p))
