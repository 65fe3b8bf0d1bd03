"""sheriff_nb.play.fast: bot-only games played without the driver's views and checks give exactly the driver's rows.

The driver and the engine's rule checks are the oracle: ``simulate(..., exact=True)``.  Every covered player count
and edition is compared row for row here (a few hundred seeded games each, to keep the test short; the benchmark
``benchmarks/bench_simulate.py --compare`` compares more).
"""

import pytest

import sheriff_nb.play.simulation as simulation
from sheriff_nb.play.fast import PLAYERS, covers
from sheriff_nb.play.simulation import simulate

BRIBERS = ["briber", "briber+trusting", "briber+suspicious", "briber+equilibrium", "bluffer+greedy"]
"""A lineup heavy with bargaining: bribes, counter-offers and payments to open a rival's bag at every table."""


@pytest.mark.parametrize("edition", [1, 2])
@pytest.mark.parametrize("players", PLAYERS)
def test_default_lineup_gives_the_exact_frame(players, edition):
    fast = simulate(100, players=players, edition=edition, seed=24)
    exact = simulate(100, players=players, edition=edition, seed=24, exact=True)
    assert fast.equals(exact)
    assert fast.bribes_paid.sum() > 0 or players == 3  # with 4 or more players the Briber is at the table


@pytest.mark.parametrize("edition", [1, 2])
@pytest.mark.parametrize("players", PLAYERS)
def test_bargaining_lineup_gives_the_exact_frame(players, edition):
    lineup = BRIBERS[:players]
    fast = simulate(40, players=players, edition=edition, strategies=lineup, seed=5)
    exact = simulate(40, players=players, edition=edition, strategies=lineup, seed=5, exact=True)
    assert fast.equals(exact)
    assert fast.bribes_paid.sum() > 0 and fast.gold_bribes_received.sum() > 0


def test_simulate_takes_the_fast_path_only_where_it_is_covered(monkeypatch):
    calls = []

    def counting(game, bots):
        calls.append(game.options.players)
        return run(game, bots)

    run = simulation.fast_run
    monkeypatch.setattr(simulation, "fast_run", counting)
    simulate(2, players=4)
    simulate(2, players=6)  # deputies: the driver
    simulate(2, players=3, strategies=["honest", "random", "briber"])  # a random player: the driver
    simulate(2, players=3, royal=True)
    simulate(2, players=3, exact=True)
    assert calls == [4, 4]


def test_covers_names_only_the_named_characters():
    assert covers(["Honest", "bluffer + suspicious", "greedy"], 3)
    assert not covers(["honest", "smuggler", " Random"], 3)
    assert not covers(["honest"] * 6, 6)
    assert not covers(["honest"] * 4, 4, royal=True)
