"""Lesson 14's promises (sheriff_nb.theory.repeated) and learners (sheriff_nb.theory.learning): known answers by
hand, the engine's rule that promises bind nobody, and nashpy's dynamics checked against the theory."""

import math
from fractions import Fraction as F

import numpy as np
import pytest

from sheriff_nb.play.schedule import sheriff_rounds, unravel
from sheriff_nb.theory import analysis as an
from sheriff_nb.theory.learning import START, fictitious_play, orbit_constant, replicator
from sheriff_nb.theory.repeated import (
    Promise,
    Root,
    merchant_promise,
    promise_script,
    sheriff_promise,
)


def test_much_keeps_his_promise_from_the_root_of_7d2_5d_7():
    """The roles swap at every meeting: Much's pact pays him G only at every second later meeting (as a merchant;
    as sheriff he passes Sir Guy's lie and gets 0, lesson 08's sheriff value too), so keeping is worth
    G(δ + δ³ + …) = G·δ/(1 − δ²), not G·δ/(1 − δ)."""
    much = merchant_promise()
    # T = the fine c*f = 2*4; G = 16 (the lie passed) - 72/7 (lesson 08's merchant value) = 40/7
    assert (much.temptation, much.kept_value, much.broken_value, much.wait) == (8, 16, F(72, 7), 1)
    assert math.isclose(float(much.threshold), (math.sqrt(221) - 5) / 14, rel_tol=1e-15)
    assert str(much.threshold) == "(√221 − 5)/14"
    assert much.future(F(1, 2)) == F(40, 7) * F(1, 2) / (1 - F(1, 4))  # = 80/21
    # at 3/5 and 2/3 the old reading G·δ/(1 − δ) said "keeps it": the true sum falls short by 2.64 and 1.14
    assert [round(float(much.future(d) - much.temptation), 2) for d in (F(3, 5), F(2, 3))] == [-2.64, -1.14]
    assert not much.kept(F(3, 5)) and not much.kept(F(7, 10)) and much.kept(F(705, 1000)) and much.kept(1)
    # the exact comparison agrees with the sum on both sides of the root
    below, above = F(7047191, 10**7), F(7047192, 10**7)
    assert below < much.threshold < above and not much.kept(below) and much.kept(above)


def test_sir_guy_keeps_his_announced_rate_from_root_5_7():
    guy = sheriff_promise()
    lead = an.leadership({"apples": 2, "pepper": 2}, "apples")
    assert lead.p_inspect == F(2, 7) and lead.sheriff_value == F(16, 7)
    # opening every bag of smugglers earns the fine 8 instead of 16/7; afterwards lesson 08's 0
    assert (guy.temptation, guy.kept_value, guy.broken_value, guy.wait) == (F(40, 7), F(16, 7), 0, 2)
    # his reputation pays only at his own turns as sheriff, two meetings on: G·δ²/(1 − δ²) >= T, δ² >= T/(T + G)
    assert guy.temptation / (guy.temptation + guy.gain) == F(5, 7)
    assert math.isclose(float(guy.threshold), math.sqrt(5 / 7), rel_tol=1e-15) and str(guy.threshold) == "√(5/7)"
    assert float(guy.threshold) > float(merchant_promise().threshold)  # the harder promise to keep
    assert not guy.kept(F(4, 5)) and guy.kept(F(17, 20))


def test_threshold_formula_on_other_numbers():
    p = Promise("x", "y", F(3), F(5), F(4))  # T = 3, G = 1: 3δ² + δ − 3 = 0
    assert p.gain == 1 and math.isclose(float(p.threshold), (math.sqrt(37) - 1) / 6, rel_tol=1e-15)
    assert str(p.threshold) == "(√37 − 1)/6" and p.future(F(3, 4)) == F(3, 4) / (1 - F(9, 16))
    q = Promise("x", "y", F(3), F(5), F(4), wait=2)  # 4δ² = 3
    assert str(q.threshold) == "√(3/4)" and q.future(F(1, 2)) == F(1, 3)
    assert str(Root(F(1), F(0), F(-1, 4))) == "1/2" and F(1, 2) >= Root(F(1), F(0), F(-1, 4))
    with pytest.raises(ValueError, match="wait is 1 or 2"):
        Promise("x", "y", F(3), F(5), F(4), wait=3)


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
