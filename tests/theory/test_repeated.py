"""Lesson 14's promises (sheriff_nb.theory.repeated) and learners (sheriff_nb.theory.learning): known answers by
hand, the engine's rule that promises bind nobody, and nashpy's dynamics checked against the theory."""

from fractions import Fraction as F

import numpy as np
import pytest

from sheriff_nb.play.schedule import sheriff_rounds, unravel
from sheriff_nb.theory import analysis as an
from sheriff_nb.theory.learning import START, fictitious_play, orbit_constant, replicator
from sheriff_nb.theory.repeated import (
    Promise,
    merchant_promise,
    promise_script,
    sheriff_promise,
)


def test_much_keeps_his_promise_from_7_12():
    much = merchant_promise()
    # T = the fine c*f = 2*4; G = 16 (the lie passed) - 72/7 (lesson 08's merchant value) = 40/7
    assert (much.temptation, much.kept_value, much.broken_value) == (8, 16, F(72, 7))
    assert much.threshold == F(8) / (8 + F(40, 7)) == F(7, 12)
    assert much.future(F(7, 12)) == much.temptation  # exactly indifferent at the threshold
    assert not much.kept(F(1, 2)) and much.kept(F(7, 12)) and much.kept(1)


def test_sir_guy_keeps_his_announced_rate_from_5_7():
    guy = sheriff_promise()
    lead = an.leadership({"apples": 2, "pepper": 2}, "apples")
    assert lead.p_inspect == F(2, 7) and lead.sheriff_value == F(16, 7)
    # opening every bag of smugglers earns the fine 8 instead of 16/7; afterwards lesson 08's 0
    assert (guy.temptation, guy.kept_value, guy.broken_value) == (F(40, 7), F(16, 7), 0)
    assert guy.threshold == F(5, 7) > merchant_promise().threshold


def test_threshold_formula_on_other_numbers():
    p = Promise("x", "y", F(3), F(5), F(4))
    assert p.gain == 1 and p.threshold == F(3, 4) and p.future(F(3, 4)) == 3


def test_the_engine_lets_a_promise_be_broken_but_not_a_deal():
    steps = promise_script()
    assert [s["result"] == "ok" for s in steps] == [True, True, False, True, True]
    assert "binding" in steps[2]["result"]  # an accepted deal binds the sheriff to pass this round
    assert steps[-1]["round"] == 2 and steps[-1]["who"] == "Much"  # next round the promise binds nobody


def test_schedule_and_unravelling():
    assert sheriff_rounds(4) == {0: [1, 5], 1: [2, 6], 2: [3, 7], 3: [4, 8]}
    six = sheriff_rounds(6)
    assert sorted(len(r) for r in six.values()) == [3] * 6 and max(max(r) for r in six.values()) == 9
    rows = unravel()
    assert [r["round"] for r in rows] == [6, 5, 2, 1] and not any(r["kept"] for r in rows)
    assert [r["later"] for r in rows] == [0, 1, 2, 3]


def test_fictitious_play_has_no_ties_and_approaches_the_equilibrium():
    """nashpy breaks ties at random: with the half-count start there are none, so every run is the same."""
    np.random.seed(1)
    first = fictitious_play(rounds=400)
    np.random.seed(2)
    second = fictitious_play(rounds=400)
    assert first.equals(second)
    (h0, l0), (i0, p0) = START
    for row in first.itertuples():  # no tie could ever have happened: neither player was exactly indifferent
        assert 20 * row.inspections != 8 * row.passes and row.lies != row.honest
        assert row.lies + row.honest == h0 + l0 + row.rounds
    late = fictitious_play(rounds=5000).iloc[-1]
    assert abs(late.p - 2 / 7) < 0.02 and abs(late.q - 0.5) < 0.02  # slowly, by spiralling
    distance = [abs(r.p - r.p_star) + abs(r.q - r.q_star) for r in fictitious_play(rounds=2000).itertuples()]
    assert max(distance[1000:]) < max(distance[10:100])


def test_replicator_dynamics_circle_for_ever():
    path = replicator(duration=6, steps=1200)
    assert float(path.constant.max() - path.constant.min()) < 1e-5  # a closed orbit (our constant of motion)
    crossings = [t for t0, t, q0, q in zip(path.time, path.time[1:], path.q, path.q[1:], strict=False) if q0 < 0.5 <= q]
    assert len(crossings) >= 3
    gaps = np.diff(crossings)
    assert np.allclose(gaps, gaps[0], atol=0.02)  # a periodic loop
    # the time average over whole loops is the equilibrium (a classical result for such orbits)
    loop = path[(path.time >= crossings[0]) & (path.time < crossings[2])]
    assert abs(loop.q.mean() - 0.5) < 0.01 and abs(loop.p.mean() - 2 / 7) < 0.01
    assert orbit_constant(0.5, 2 / 7) > orbit_constant(0.6, 0.3)  # the equilibrium is the top of H


@pytest.mark.parametrize("start", [(F(1, 4), F(1, 2)), (F(1, 2), F(1, 10))])
def test_different_starts_stay_on_their_own_loops(start):
    path = replicator(*start, duration=3)
    assert float(path.constant.max() - path.constant.min()) < 1e-5
