"""Cross-check the one-bag inspection game against OpenSpiel's ``sheriff`` (Farina et al. 2019; THEORY.md §2.6).

OpenSpiel's game, with ``num_rounds=1, max_bribe=0, max_items=1``, is a 2x2 game between a smuggler (load 0 or 1
illegal item) and a sheriff (pass or inspect), with payoffs (smuggler, sheriff):

    ============  ==============================  ================================
                  pass                            inspect
    load 0        (0, 0)                          (+sheriff_penalty, -sheriff_penalty)
    load 1        (+item_value, 0)                (-item_penalty, +item_penalty)
    ============  ==============================  ================================

Ours (merchant measured from the honest bag passed, n*a; sheriff unchanged): honest (0, 0) / (K, -K), lie
(G, 0) / (-L, R), with G = gain if passed, L = loss if caught, K = 2n the honest bag's compensation, R = the fine.
The natural mapping (item_value = G, item_penalty = L, sheriff_penalty = K) gives the sheriff L = c(a+f) when he
catches a liar, but in the board game he gets only R = c*f (the lost declared value a is the merchant's loss,
not the sheriff's gain).  One number cannot play both roles, so we use a *strategically equivalent* game instead:

* sheriff_penalty = K and item_penalty = R: the sheriff's payoffs are exactly ours;
* item_value = G * (K+R) / (L+K): the smuggler's payoff *differences* between loading and not (G and -(L+K) in
  ours, item_value and -(item_penalty + sheriff_penalty) in OpenSpiel's) are ours times (K+R)/(L+K) > 0.

A player's best responses depend only on those differences up to a positive factor, so both games have the same
equilibria: OpenSpiel must load with probability q* and inspect with probability p*.  The natural mapping keeps
p* (the merchant's payoffs are ours) but moves the loading rate to K/(K+L), which the last test shows.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from sheriff_nb import analysis as an

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python import policy as os_policy  # noqa: E402
from open_spiel.python.algorithms import expected_game_score, exploitability  # noqa: E402

BAGS = [
    (Counter(apples=2, pepper=2), "apples"),  # THEORY's worked example: p* = 2/7, q* = 1/2
    (Counter(cheese=4, crossbow=1), "cheese"),
    (Counter(apples=1, royal_rooster=1), "chickens"),  # royal good; declared good absent
    (Counter(bread=1, silk=2, golden_apples=1, chickens=1), "bread"),
    (Counter(mead=5), "apples"),
]


def parts(bag, declared):
    """G, L + K, K, R of our game, read from its payoff matrices."""
    game = an.inspection_game(bag, declared)
    (h_insp, h_pass), (l_insp, l_pass) = game.merchant
    (s_hi, s_hp), (s_li, s_lp) = game.sheriff
    return game, l_pass - h_pass, h_insp - l_insp, s_hp - s_hi, s_li - s_lp


def load(item_value, item_penalty, sheriff_penalty):
    params = {
        "num_rounds": 1,
        "max_bribe": 0,
        "max_items": 1,
        "item_value": float(item_value),
        "item_penalty": float(item_penalty),
        "sheriff_penalty": float(sheriff_penalty),
    }
    assert set(params) == set(pyspiel.load_game("sheriff").get_parameters())  # names looked up, not guessed
    return pyspiel.load_game("sheriff", params)


def equivalent_game(bag, declared):
    game, big_g, loss_plus_k, big_k, big_r = parts(bag, declared)
    return game, load(big_g * (big_k + big_r) / loss_plus_k, big_r, big_k)


def solve_2x2(row, col):
    """The fully mixed equilibrium of a 2x2 bimatrix game with no pure equilibrium, by indifference."""
    for r in range(2):
        for c in range(2):
            assert not (row[r, c] >= row[1 - r, c] and col[r, c] >= col[r, 1 - c]), "a pure equilibrium exists"
    y = (row[1, 1] - row[0, 1]) / (row[0, 0] - row[1, 0] + row[1, 1] - row[0, 1])  # column 0 weight
    x = (col[1, 1] - col[1, 0]) / (col[0, 0] - col[0, 1] + col[1, 1] - col[1, 0])  # row 0 weight
    return np.array([x, 1 - x]), np.array([y, 1 - y])


def normal_form(game):
    """OpenSpiel's own conversion of the tree to a matrix, rows = loads (0, 1), columns = (pass, inspect)."""
    matrix = pyspiel.extensive_to_matrix_game(game)
    assert (matrix.num_rows(), matrix.num_cols()) == (2, 2)
    assert matrix.row_action_name(0).startswith("T=0 num_illegal_items:none  ---  action = 2")  # load 0 items
    assert matrix.row_action_name(1).startswith("T=0 num_illegal_items:none  ---  action = 3")  # load 1 item
    assert matrix.col_action_name(0).endswith("action = 0\n")  # InspectionFeedback(will_inspect=False)
    return np.array(matrix.row_utilities()), np.array(matrix.col_utilities())


def policy_from(game, q_load, p_inspect):
    """A behaviour policy: load 1 item with probability q, inspect with probability p."""
    tab = os_policy.TabularPolicy(game)
    for state_key, row in tab.state_lookup.items():
        probs = tab.action_probability_array[row]
        if "num_illegal_items:none" in state_key:  # the smuggler's loading decision
            probs[:] = 0
            probs[2], probs[3] = 1 - q_load, q_load  # PlaceIllegalItems(num=0), (num=1)
        elif "/bribe:0" in state_key and state_key.startswith("T=2"):  # the sheriff's (only) decision
            probs[:] = 0
            probs[0], probs[1] = 1 - p_inspect, p_inspect
    return tab


@pytest.mark.parametrize(("bag", "declared"), BAGS)
def test_openspiel_equilibrium_matches_closed_form(bag, declared):
    ours, game = equivalent_game(bag, declared)
    e = ours.equilibrium()
    assert e.kind == "mixed"
    smuggler, sheriff = solve_2x2(*normal_form(game))
    assert smuggler[1] == pytest.approx(float(e.q_lie), abs=1e-9)  # probability of loading the item
    assert sheriff[1] == pytest.approx(float(e.p_inspect), abs=1e-9)  # probability of inspecting
    # OpenSpiel's own best responses cannot improve on our closed form ...
    closed = policy_from(game, float(e.q_lie), float(e.p_inspect))
    assert exploitability.nash_conv(game, closed) == pytest.approx(0, abs=1e-9)
    # ... and its values are ours: the honest row is not rescaled, so the smuggler gets 2n * p* = value - n*a
    n, a = sum(bag.values()), an.outcomes([declared], declared)[0]
    values = expected_game_score.policy_value(game.new_initial_state(), [closed, closed])
    assert values == pytest.approx([float(e.merchant_value - n * a), float(e.sheriff_value)], abs=1e-9)
    # while a slightly different inspection rate is exploitable
    assert exploitability.nash_conv(game, policy_from(game, float(e.q_lie), float(e.p_inspect) + 0.05)) > 1e-3


def test_worked_example_parameters():
    """4 Apples declared, 2 Apples + 2 Pepper carried: G = 8, L = 12, K = 8, R = 8."""
    _, big_g, loss_plus_k, big_k, big_r = parts(Counter(apples=2, pepper=2), "apples")
    assert (big_g, loss_plus_k, big_k, big_r) == (8, 20, 8, 8)
    smuggler, sheriff = solve_2x2(*normal_form(load(Fraction(8 * 16, 20), 8, 8)))
    assert (smuggler[1], sheriff[1]) == pytest.approx((1 / 2, 2 / 7))


def test_natural_mapping_changes_only_the_loading_rate():
    """item_penalty = L hands the sheriff the merchant's whole loss: p* survives, q* becomes K/(K+L)."""
    bag, declared = Counter(apples=2, pepper=2), "apples"
    ours, big_g, loss_plus_k, big_k, big_r = parts(bag, declared)
    big_l = loss_plus_k - big_k
    smuggler, sheriff = solve_2x2(*normal_form(load(big_g, big_l, big_k)))
    e = ours.equilibrium()
    assert sheriff[1] == pytest.approx(float(e.p_inspect))
    assert smuggler[1] == pytest.approx(float(big_k / (big_k + big_l))) != pytest.approx(float(e.q_lie))


def test_default_sheriff_loads_all_or_nothing():
    """THEORY §2.1: with max_items=3 the smuggler's equilibrium loads 0 or 3 items, never 1 or 2."""
    game = pyspiel.load_game("sheriff", {"num_rounds": 1, "max_bribe": 0, "max_items": 3})
    matrix = pyspiel.extensive_to_matrix_game(game)
    row, col = np.array(matrix.row_utilities()), np.array(matrix.col_utilities())
    assert row.shape == (4, 2)
    import nashpy

    for smuggler, _sheriff in nashpy.Game(row, col).support_enumeration():
        assert smuggler[1] == pytest.approx(0) and smuggler[2] == pytest.approx(0)
        assert smuggler[0] > 0 and smuggler[3] > 0
