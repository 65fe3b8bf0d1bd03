"""sheriff_nb.play.fast: bot-only games played without the driver's views and checks give exactly the driver's rows.

The driver and the engine's rule checks are the oracle: ``simulate(..., exact=True)``.  Every covered player count
and edition is compared row for row here (1,000 seeded games of the default lineup each, and a bargaining lineup;
the benchmark ``python3 benchmarks/bench_simulate.py compare 100000`` compares 100,000 of each), and a sample of
fast games makes exactly the driver's moves, which replay through ``Game.apply`` with every rule check.
"""

import pytest

import sheriff_nb.play.simulation as simulation
from sheriff_nb.engine import actions as A
from sheriff_nb.engine.game import Game
from sheriff_nb.play import fast
from sheriff_nb.play.bots import play, strategy
from sheriff_nb.play.fast import PLAYERS, covers
from sheriff_nb.play.simulation import simulate

BRIBERS = ["briber", "briber+trusting", "briber+suspicious", "briber+equilibrium", "bluffer+greedy"]
"""A lineup heavy with bargaining: bribes, counter-offers and payments to open a rival's bag at every table."""


@pytest.mark.parametrize("edition", [1, 2])
@pytest.mark.parametrize("players", PLAYERS)
def test_default_lineup_gives_the_exact_frame(players, edition):
    fast = simulate(1000, players=players, edition=edition, seed=24)
    exact = simulate(1000, players=players, edition=edition, seed=24, exact=True)
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


@pytest.mark.parametrize("edition", [1, 2])
@pytest.mark.parametrize("players", PLAYERS)
def test_fast_games_make_the_drivers_moves_and_replay_through_the_engine(players, edition):
    names = (BRIBERS + ["honest", "smuggler", "bluffer", "greedy"])[players - 3 : 2 * players - 3]
    for seed in range(12):
        quick = Game(players=players, edition=edition, seed=seed)
        slow = Game(players=players, edition=edition, seed=seed)
        gained = fast.run(quick, [strategy(n, seed=f"{seed}/{i}") for i, n in enumerate(names)])
        _ = list(play(slow, [strategy(n, seed=f"{seed}/{i}") for i, n in enumerate(names)]))
        assert quick.history == slow.history and quick.is_over
        replayed = quick.replay()  # every move checked by Game.apply
        assert replayed.notation() == quick.notation() == slow.notation()
        assert replayed.score_rows() == quick.score_rows() and len(gained) == players


@pytest.mark.parametrize("edition", [1, 2])
@pytest.mark.parametrize("lineup", [None, BRIBERS], ids=["default", "bargaining"])
def test_the_fast_path_bargains_on_the_state_without_game_apply(monkeypatch, lineup, edition):
    """Bribes, counter-offers and payments to open a rival's bag are made on the state when the talk is plain
    (the sheriff alone handles the bag, nothing agreed binds it about that bag): with the default lineup always."""
    applied = []
    original = Game.apply
    monkeypatch.setattr(Game, "apply", lambda game, action: applied.append(type(action)) or original(game, action))
    exact = simulate(60, players=5, edition=edition, strategies=lineup, seed=3, exact=True)
    talk = sum(kind in (A.Offer, A.Accept) for kind in applied)
    applied.clear()
    quick = simulate(60, players=5, edition=edition, strategies=lineup, seed=3)
    assert quick.equals(exact) and quick.bribes_paid.sum() > 0 and talk > 0
    if lineup is None:
        assert applied == []
    else:  # a merchant whose own offer to have another bag opened is still open talks through the driver
        assert 0 < len(applied) < talk / 4


def test_fast_games_skip_the_event_log_but_keep_the_history():
    quick, slow = Game(players=5, seed=8), Game(players=5, seed=8)
    names = ["honest", "smuggler", "bluffer", "briber", "suspicious"]
    fast.run(quick, [strategy(n, seed=i) for i, n in enumerate(names)])
    _ = list(play(slow, [strategy(n, seed=i) for i, n in enumerate(names)]))
    assert quick.history == slow.history and quick.score_rows() == slow.score_rows()
    kinds = {event["kind"] for event in quick.state.events}
    assert "pass" not in kinds and "inspect" not in kinds and "game_over" not in kinds
