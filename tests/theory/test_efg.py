"""The Gambit export (issue 12): ``an.inspection_game(...).to_efg()`` read back by pygambit, which finds the same
equilibrium exactly (its own solvers, on rationals)."""

from __future__ import annotations

import io
import random
from fractions import Fraction

import pytest

from sheriff_nb.engine.cards import GOODS, LEGAL_GOODS
from sheriff_nb.theory import analysis as an

gbt = pytest.importorskip("pygambit")

MUCH = {"apples": 2, "pepper": 2}


def read(game: an.InspectionGame):
    return gbt.read_efg(io.StringIO(game.to_efg()))


def exact(x) -> Fraction:
    return Fraction(str(x))


def mix(profile, player: str) -> list[Fraction]:
    """A player's probabilities, in strategy order, from a pygambit mixed strategy profile."""
    return [exact(p) for _strategy, p in profile[player]]


def test_tree_players_actions_and_one_sheriff_information_set():
    tree = read(an.inspection_game(MUCH, "apples"))
    assert [p.label for p in tree.players] == ["merchant", "sheriff"]
    merchant, sheriff = tree.players["merchant"], tree.players["sheriff"]
    assert [[a.label for a in i.actions] for i in merchant.infosets] == [["honest", "lie"]]
    assert [[a.label for a in i.actions] for i in sheriff.infosets] == [["pass", "inspect"]]  # he sees no bag
    (infoset,) = sheriff.infosets
    assert len(list(infoset.members)) == 2
    assert tree.title == "Sheriff of Nottingham: 2 Apples + 2 Pepper declared as 4 Apples"


@pytest.mark.parametrize(("w", "merchant_w"), [(0, 0), (1, 0), (1, 1), (Fraction(1, 4), Fraction(1, 4))])
def test_pygambit_finds_our_equilibrium_exactly(w, merchant_w):
    game = an.inspection_game(MUCH, "apples", w, merchant_w)
    e = game.equilibrium()
    tree = read(game)
    (behaviour,) = gbt.nash.lcp_solve(tree, rational=True).equilibria  # sequence-form LCP, on the tree
    assert exact(behaviour["sheriff"]["inspect"]) == e.p_inspect
    assert exact(behaviour["merchant"]["lie"]) == e.q_lie
    (mixed,) = gbt.nash.enummixed_solve(tree, rational=True).equilibria  # every equilibrium of the strategic form
    assert mix(mixed, "sheriff") == [1 - e.p_inspect, e.p_inspect]
    assert mix(mixed, "merchant") == [1 - e.q_lie, e.q_lie]
    assert exact(mixed.payoff("merchant")) == e.merchant_value and exact(mixed.payoff("sheriff")) == e.sheriff_value
    assert game.is_equilibrium(e.p_inspect, e.q_lie)


def test_random_bags_round_trip():
    rng = random.Random(12)
    goods = list(GOODS)
    for _ in range(40):
        bag = rng.choices(goods, k=rng.randint(1, 5))
        game = an.inspection_game(
            bag, rng.choice(LEGAL_GOODS), rng.choice([0, Fraction(1, 3)]), rng.choice([0, Fraction(1, 2)])
        )
        tree = read(game)
        for row, merchant_action in enumerate(("honest", "lie")):  # every leaf carries our exact payoffs
            node = tree.root.children[merchant_action]
            for column, sheriff_action in ((1, "pass"), (0, "inspect")):
                outcome = node.children[sheriff_action].outcome
                assert exact(outcome["merchant"]) == game.merchant[row][column]
                assert exact(outcome["sheriff"]) == game.sheriff[row][column]
        found = gbt.nash.enummixed_solve(tree, rational=True).equilibria
        for profile in found:  # every equilibrium Gambit finds passes our exact check
            p, q = mix(profile, "sheriff")[1], mix(profile, "merchant")[1]
            assert game.is_equilibrium(p, q)
        e = game.equilibrium()
        assert any(mix(x, "sheriff")[1] == e.p_inspect and mix(x, "merchant")[1] == e.q_lie for x in found)
