"""sheriff_nb.play.simulation: many games through the real engine, as a reproducible DataFrame."""

import subprocess
import sys

import pandas as pd
import pytest

import sheriff_nb as sn
from sheriff_nb.play.bots import Bot, RandomLegal, Strategy
from sheriff_nb.play.simulation import COLUMNS, DEFAULT_MIX, lineup, simulate

COUNTS = ["bags_passed", "bags_inspected", "caught", "bribes_paid", "bribes_received"]


@pytest.fixture(scope="module")
def frame():
    return simulate(40, players=5, seed=11)


def test_columns_dtypes_and_shape(frame):
    assert list(frame.columns) == list(COLUMNS)
    for column in ["game", "player", "seat", "gold", "goods", "bonus", "total", "rank", *COUNTS, "sheriff_gold"]:
        assert frame[column].dtype == "int64", column
    assert pd.api.types.is_string_dtype(frame["strategy"])
    assert len(frame) == 40 * 5
    for column in ("player", "seat"):
        assert all(sorted(values) == [0, 1, 2, 3, 4] for values in frame.groupby("game")[column].apply(list))
    assert frame.index.equals(pd.RangeIndex(len(frame)))
    assert sorted(frame.strategy.unique()) == sorted(DEFAULT_MIX[:5])


def test_every_game_conserves_gold_and_ranks_agree_with_totals(frame):
    assert (frame.groupby("game").gold.sum() == 50 * 5).all()
    assert (frame.total == frame.gold + frame.goods + frame.bonus).all()
    for _, game in frame.groupby("game"):
        keys = list(zip(game.total, game.legal, game.contraband, strict=True))
        for key, rank in zip(keys, game["rank"], strict=True):
            assert rank == 1 + sum(other > key for other in keys)
        assert game["rank"].min() == 1


def test_counts_add_up(frame):
    bags = 10 * 4  # 10 rounds of 4 merchants
    per_game = frame.groupby("game")
    assert (per_game.bags_passed.sum() + per_game.bags_inspected.sum() == bags).all()
    assert (per_game.bribes_paid.sum() == per_game.bribes_received.sum()).all()
    assert (per_game.gold_bribes_paid.sum() == per_game.gold_bribes_received.sum()).all()
    assert (frame.caught <= frame.bags_inspected).all()
    assert (frame.bags_passed + frame.bags_inspected == 8).all()  # each player is merchant in 8 of 10 rounds


def test_characters_show_in_the_numbers(frame):
    by = frame.groupby("strategy")
    assert by.caught.sum()["honest"] == 0
    assert by.caught.sum()["smuggler"] > 0
    assert by.bribes_paid.sum()["briber"] > 0
    assert by.bribes_paid.sum().drop("briber").eq(0).all()  # only the Briber offers bribes


def test_same_seed_same_frame_and_another_seed_another(frame):
    assert simulate(40, players=5, seed=11).equals(frame)
    other = simulate(40, players=5, seed=12)
    assert not other.equals(frame)
    assert simulate(10, players=5, seed=11).equals(frame[frame.game < 10])  # game i does not depend on the count


def test_parallel_equals_serial():
    kwargs = dict(games=23, players=4, edition=1, strategies=["bluffer", "briber", "greedy", "random"], seed=5)
    assert simulate(**kwargs, n_jobs=2).equals(simulate(**kwargs))


def test_identical_in_another_process():
    code = (
        "import sheriff_nb as sn, pandas as pd; "
        "print(int(pd.util.hash_pandas_object(sn.simulate(6, players=3, seed=9)).sum()))"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": salt, "PATH": ""},
        ).stdout
        for salt in ("1", "2")
    }
    here = int(pd.util.hash_pandas_object(simulate(6, players=3, seed=9)).sum())
    assert outputs == {f"{here}\n"}


def test_trusting_sheriffs_never_inspect():
    df = simulate(
        8, players=4, strategies=["honest+trusting", "smuggler+trusting", "bluffer+trusting", "briber+trusting"], seed=1
    )
    assert (df.bags_inspected == 0).all() and (df.caught == 0).all()
    assert (df.sheriff_gold == df.gold_bribes_received).all()  # a sheriff who never inspects earns only bribes
    assert df.bribes_paid.sum() > 0


def test_strategies_as_a_dict_a_list_or_bot_objects():
    by_dict = simulate(5, players=3, strategies={"smuggler": 2, "honest": 1}, seed=2)
    by_list = simulate(5, players=3, strategies=["smuggler", "smuggler", "honest"], seed=2)
    assert by_dict.equals(by_list)
    template = Strategy("smuggler")
    state = template.merchant.rng.getstate()
    by_objects = simulate(5, players=3, strategies=[template, template, Strategy("honest")], seed=2)
    assert by_objects.equals(by_list)  # each bot object is copied and reseeded like the name
    assert template.merchant.rng.getstate() == state  # the template itself is untouched
    randoms = simulate(3, players=3, strategies=[RandomLegal(), "honest", "honest"], seed=2)
    assert randoms.strategy.tolist()[:3] == ["Random", "honest", "honest"]


def test_seats_are_shuffled_so_no_strategy_owns_a_seat():
    df = simulate(30, players=3, strategies=["honest", "smuggler", "bluffer"], seed=4)
    assert df.groupby("player").seat.nunique().eq(3).all()
    assert df.groupby("player").seat.value_counts().min() >= 4


def test_the_package_attribute_is_the_function():
    import sheriff_nb.play.simulation  # noqa: F401  (importing the module does not shadow sn.simulate)

    assert sn.simulate(2, players=3, seed=1).equals(simulate(2, players=3, seed=1))


def test_empty_and_bad_arguments():
    empty = simulate(0, players=4)
    assert list(empty.columns) == list(COLUMNS) and len(empty) == 0 and empty.gold.dtype == "int64"
    with pytest.raises(ValueError, match="4 players need 4 strategies"):
        simulate(1, players=4, strategies=["honest"] * 3)
    with pytest.raises(ValueError, match="unknown strategy 'pirate'"):
        simulate(1, players=3, strategies=["honest", "honest", "pirate"])
    with pytest.raises(ValueError, match="whole number of games"):
        simulate(-1)
    with pytest.raises(sn.SetupError):
        simulate(1, players=2)
    with pytest.raises(TypeError):
        simulate(1, players=3, strategies="honest")
    assert lineup(None, 4) == list(DEFAULT_MIX[:4])


def test_six_players_with_deputies():
    df = simulate(4, players=6, seed=3)
    assert sorted(df.strategy.unique()) == sorted(DEFAULT_MIX)
    assert (df.groupby("game").gold.sum() == 300).all()
    assert (df.groupby("game").bags_passed.sum() + df.groupby("game").bags_inspected.sum() == 9 * 4).all()
    assert (df.bags_passed + df.bags_inspected == 9 * 4 / 6).all()  # deputy 3 times in 9 rounds: 6 bags each


def test_progress_bar(capsys):
    df = simulate(3, players=3, progress=True)
    assert len(df) == 9
    assert "3/3" in capsys.readouterr().err


def test_a_plain_bot_subclass_plays():
    class Lazy(Bot):
        name = "Lazy"

    df = simulate(2, players=3, strategies=[Lazy(), "honest", "smuggler"], seed=3)
    assert (df.groupby("game").gold.sum() == 150).all()
    assert set(df.strategy) == {"Lazy", "honest", "smuggler"}
