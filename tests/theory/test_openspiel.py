"""Cross-check the one-bag inspection game against OpenSpiel's ``sheriff`` (Farina et al. 2019; lesson 11).

OpenSpiel's game, with ``num_rounds=1, max_bribe=0, max_items=1``, is a 2x2 game between a smuggler (load 0 or 1
illegal item) and a sheriff (pass or inspect), with payoffs (smuggler, sheriff):

    ============  ==============================  ================================
                  pass                            inspect
    load 0        (0, 0)                          (+sheriff_penalty, -sheriff_penalty)
    load 1        (+item_value, 0)                (-item_penalty, +item_penalty)
    ============  ==============================  ================================

Ours (merchant measured from the honest bag passed, n*a; sheriff unchanged): honest (0, 0) / (K, -K), lie
(G, 0) / (-L, R), with G = gain if passed, L = loss if caught, K = 2n the honest bag's compensation, R = the fine.
The natural mapping (item_value = G, item_penalty = L, sheriff_penalty = K) would give the sheriff L = c(a+f)
when he catches a liar, but in the board game he gets only R = c*f.  :mod:`sheriff_nb.theory.research` holds the
*strategically equivalent* game instead (its docstring derives it) and the solvers; these tests check them against
OpenSpiel's own tree: the equivalent game must load with probability q* and inspect with probability p*, while the
natural mapping keeps p* (the merchant's payoffs are ours) but moves the loading rate to K/(K+L).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from sheriff_nb.theory import analysis as an
from sheriff_nb.theory import research

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import expected_game_score, exploitability  # noqa: E402


def load(item_value, item_penalty, sheriff_penalty):
    """:func:`research.load_game` for one round, one item, no bribes, checking that OpenSpiel took every parameter."""
    game = research.load_game(item_value, item_penalty, sheriff_penalty)
    params = game.get_parameters()
    assert set(params) == set(pyspiel.load_game("sheriff").get_parameters())  # names looked up, not guessed
    names = ("num_rounds", "max_bribe", "max_items", "item_value", "item_penalty", "sheriff_penalty")
    assert [params[k] for k in names] == [1, 0, 1, float(item_value), float(item_penalty), float(sheriff_penalty)]
    return game


def normal_form(game):
    """:func:`research.normal_form`, after checking OpenSpiel's layout: rows = loads (0, 1), columns = (pass,
    inspect)."""
    matrix = pyspiel.extensive_to_matrix_game(game)
    assert (matrix.num_rows(), matrix.num_cols()) == (2, 2)
    assert matrix.row_action_name(0).startswith("T=0 num_illegal_items:none  ---  action = 2")  # load 0 items
    assert matrix.row_action_name(1).startswith("T=0 num_illegal_items:none  ---  action = 3")  # load 1 item
    assert matrix.col_action_name(0).endswith("action = 0\n")  # InspectionFeedback(will_inspect=False)
    return research.normal_form(game)


def solve_2x2(row, col):
    """(probability of loading, of inspecting) in the game's only equilibrium, found by nashpy's support enumeration
    on OpenSpiel's matrix (:func:`research.equilibria`), after checking that no pure equilibrium exists."""
    for r in range(2):
        for c in range(2):
            assert not (row[r, c] >= row[1 - r, c] and col[r, c] >= col[r, 1 - c]), "a pure equilibrium exists"
    ((rows, cols),) = research.equilibria(row, col)
    return rows[1], cols[1]


@pytest.mark.parametrize(("bag", "declared"), research.BAGS)
def test_openspiel_equilibrium_matches_closed_form(bag, declared):
    e = an.inspection_game(bag, declared).equilibrium()
    assert e.kind == "mixed"
    game = load(**research.equivalent_parameters(bag, declared))
    solve_2x2(*normal_form(game))  # the layout research reads, and no pure equilibrium besides the mixed one
    found = research.solve(bag, declared)
    assert found["q (OpenSpiel)"] == pytest.approx(float(e.q_lie), abs=1e-9)  # probability of loading the item
    assert found["p (OpenSpiel)"] == pytest.approx(float(e.p_inspect), abs=1e-9)  # probability of inspecting
    # OpenSpiel's own best responses cannot improve on our closed form ...
    assert found["NashConv of ours"] == pytest.approx(0, abs=1e-9)
    # ... and its values are ours: the honest row is not rescaled, so the smuggler gets 2n * p* = value - n*a
    closed = research.behaviour_policy(game, float(e.q_lie), float(e.p_inspect))
    n, a = sum(bag.values()), an.outcomes([declared], declared)[0]
    values = expected_game_score.policy_value(game.new_initial_state(), [closed, closed])
    assert values == pytest.approx([float(e.merchant_value - n * a), float(e.sheriff_value)], abs=1e-9)
    # while a slightly different inspection rate is exploitable
    nearby = research.behaviour_policy(game, float(e.q_lie), float(e.p_inspect) + 0.05)
    assert exploitability.nash_conv(game, nearby) > 1e-3


def test_worked_example_parameters():
    """4 Apples declared, 2 Apples + 2 Pepper carried: G = 8, L = 12, K = 8, R = 8."""
    x = research.parts(Counter(apples=2, pepper=2), "apples")
    assert (x["G"], x["L"] + x["K"], x["K"], x["R"]) == (8, 20, 8, 8)
    assert solve_2x2(*normal_form(load(Fraction(8 * 16, 20), 8, 8))) == pytest.approx((1 / 2, 2 / 7))


def test_natural_mapping_changes_only_the_loading_rate():
    """item_penalty = L hands the sheriff the merchant's whole loss: p* survives, q* becomes K/(K+L)."""
    bag, declared = Counter(apples=2, pepper=2), "apples"
    x = research.parts(bag, declared)
    q_load, p_inspect = solve_2x2(*normal_form(load(x["G"], x["L"], x["K"])))
    e = an.inspection_game(bag, declared).equilibrium()
    assert p_inspect == pytest.approx(float(e.p_inspect))
    assert q_load == pytest.approx(float(x["K"] / (x["K"] + x["L"]))) != pytest.approx(float(e.q_lie))


def test_default_sheriff_loads_all_or_nothing():
    """With max_items=3 the smuggler's equilibrium loads 0 or 3 items, never 1 or 2."""
    equilibria = research.all_or_nothing()  # every equilibrium nashpy finds in OpenSpiel's 4x2 matrix
    assert list(equilibria.columns) == ["load 0", "load 1", "load 2", "load 3", "inspect"]
    for load_0, load_1, load_2, load_3, _inspect in equilibria.itertuples(index=False):
        assert load_1 == pytest.approx(0, abs=1e-12) and load_2 == pytest.approx(0, abs=1e-12)
        assert load_0 > 0 and load_3 > 0


def test_stored_run_is_what_openspiel_computes_now(tmp_path):
    """The run committed with the package (shown where OpenSpiel is missing) is what OpenSpiel computes here."""
    import pandas as pd

    fresh = research.record_run(tmp_path / "run.json")
    stored = research.stored_run()
    assert stored["openspiel"] == fresh["openspiel"] and stored["date"] <= fresh["date"]
    for name in ("comparison", "natural_mapping", "all_or_nothing", "cfr_history"):
        pd.testing.assert_frame_equal(pd.DataFrame(stored[name]), pd.DataFrame(fresh[name]), atol=1e-9)


def test_no_number_comes_from_our_own_solver():
    """Lesson 11's OpenSpiel columns are OpenSpiel's matrix solved by nashpy: our 2x2 solver is not in research."""
    assert not hasattr(research, "mixed_2x2")
    found = research.equilibria(*research.normal_form(load(**research.equivalent_parameters(*research.BAGS[1]))))
    e = an.inspection_game(*research.BAGS[1]).equilibrium()
    assert found == [
        (
            pytest.approx([1 - float(e.q_lie), float(e.q_lie)]),
            pytest.approx([1 - float(e.p_inspect), float(e.p_inspect)]),
        )
    ]


def test_the_data_names_bags_in_english_whatever_the_page_language():
    """research is data: its bags are named in the engine's English (as in the stored run), whatever language the
    page speaks; the page translates them when it shows them."""
    from sheriff_nb.ui import i18n

    i18n.set_language("de")
    try:
        frame = research.comparison(research.BAGS[:1])
        natural = research.natural_mapping()
    finally:
        i18n.set_language("en")
    assert list(frame["bag"]) == ["2 Apples + 2 Pepper"] == list(natural["bag"])
