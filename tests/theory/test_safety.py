"""Equilibrium against safety (lesson 13): exact security levels, checked against nashpy's linear program on each
player's own payoffs, and the live tournament's "never inspect secures 0"."""

from __future__ import annotations

import itertools
import warnings
from collections import Counter
from fractions import Fraction as F

import numpy as np
import pytest

from sheriff_nb.engine.cards import CONTRABAND_GOODS, LEGAL_GOODS
from sheriff_nb.play import tournaments
from sheriff_nb.theory import analysis as an
from sheriff_nb.theory import safety

MUCH = {"apples": 2, "pepper": 2}


def nashpy_security(game: an.InspectionGame, player: str) -> tuple[float, float]:
    """(probability, value) of the player's maximin mix by nashpy: the zero-sum game of his own payoffs."""
    import nashpy

    own = np.array(game.sheriff if player == "sheriff" else game.merchant, dtype=float)
    rows = own.T if player == "sheriff" else own  # his strategies as rows: sheriff (inspect, pass); merchant (h, l)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mix, _ = nashpy.Game(rows, -rows).linear_program()
    value = min(mix @ rows[:, j] for j in range(2))
    return (mix[0] if player == "sheriff" else mix[1]), value


def test_worked_example():
    game = an.inspection_game(MUCH, "apples")
    assert safety.maximin(game, "sheriff") == safety.Security("sheriff", F(0), F(0))
    assert safety.guarantee(game, "sheriff", F(2, 7)) == F(-16, 7)  # p* guarantees nothing
    assert safety.maximin(game, "merchant") == safety.Security("merchant", F(2, 7), F(72, 7))
    assert safety.guarantee(game, "merchant", F(1, 2)) == 6  # q* secures less than the safe mix
    assert game.equilibrium().merchant_value == F(72, 7)  # Aumann-Maschler: same value


@pytest.mark.parametrize(("w", "merchant_w"), [(0, 0), (1, 0), (0, 1), (1, 1), (F(1, 3), F(1, 3))])
def test_security_matches_nashpy_and_zero_sum_means_equilibrium_is_safe(w, merchant_w):
    for declared, contraband, n in itertools.product(LEGAL_GOODS, CONTRABAND_GOODS, (2, 4)):
        for c in range(1, n + 1):
            bag = +Counter({declared: n - c, contraband: c})
            game = an.inspection_game(bag, declared, w, merchant_w)
            for player in ("sheriff", "merchant"):
                best = safety.maximin(game, player)
                value = nashpy_security(game, player)[1]
                assert float(best.value) == pytest.approx(value, abs=1e-9)
                for k in range(21):  # nothing secures more than the maximin
                    assert safety.guarantee(game, player, F(k, 20)) <= best.value
            e = game.equilibrium()
            if game.zero_sum:  # minimax theorem: the equilibrium mix is the safe mix
                assert safety.guarantee(game, "sheriff", e.p_inspect) == safety.maximin(game, "sheriff").value
                assert safety.maximin(game, "sheriff").probability == e.p_inspect
            elif w == merchant_w == 0:  # general-sum: p* can lose, never inspecting secures 0
                assert safety.maximin(game, "sheriff").probability == 0
                assert safety.guarantee(game, "sheriff", e.p_inspect) < 0


def test_duel_numbers():
    duel = an.inspection_game(MUCH, "apples", 1, 1)
    assert safety.maximin(duel, "sheriff") == safety.Security("sheriff", F(2, 11), F(-120, 11))
    assert safety.guarantee(duel, "sheriff", 0) == -16  # never inspecting is not safe in a duel


def test_tournament_never_inspecting_secures_zero():
    for merchant in tournaments.TOURNAMENT_MERCHANTS:
        table = tournaments.tournament(merchant, games=10).set_index("sheriff")
        assert (table.loc["trusting", "worst"], table.loc["trusting", "best"]) == (0, 0)
    honest = tournaments.tournament("honest", games=10).set_index("sheriff")
    assert honest.loc["equilibrium", "mean"] < 0 and honest.loc["equilibrium", "worst"] < 0


def test_lesson_13_reading_of_the_tournament():
    """Lesson 13 says, in words, that opening at p* pays against smugglers, loses against honest merchants and comes
    out close to 0 against bluffers who lie at q*: checked on the lesson's own tables (seed 0), so a
    change of the characters shows here ("close": within a quarter of either other table's mean)."""
    means = {
        m: tournaments.tournament(m, tournaments.GAMES, 0).set_index("sheriff").loc["equilibrium", "mean"]
        for m in tournaments.TOURNAMENT_MERCHANTS
    }
    assert means["honest"] < 0 < means["smuggler"]
    assert abs(means["bluffer"]) < min(-means["honest"], means["smuggler"]) / 4
