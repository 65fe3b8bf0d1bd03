"""sheriff_nb.theory.analysis: lessons 07 and 08's closed forms against nashpy, brute force and the rulebook."""

from __future__ import annotations

import itertools
import random
import warnings
from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import sheriff_nb as sn
from sheriff_nb.engine.cards import CONTRABAND_GOODS, GOODS, LEGAL_GOODS, deck
from sheriff_nb.engine.errors import BagSizeError, DeclarationError, RuleError
from sheriff_nb.theory import analysis as an

F = Fraction
ALL_GOODS = tuple(GOODS)


def smuggling_bags():
    """Every bag of lesson 08's game: n cards declared as a legal good, c of them replaced by one contraband type."""
    for declared, contraband, n in itertools.product(LEGAL_GOODS, CONTRABAND_GOODS, range(1, 6)):
        for c in range(1, n + 1):
            bag = Counter({declared: n - c, contraband: c})
            yield +bag, declared, n, c, GOODS[declared].value, GOODS[contraband].value, GOODS[contraband].penalty


# --- the closed forms, exhaustively over all single-contraband bags --------------------------------------


@pytest.mark.parametrize("w", [F(0), F(1, 4), F(1, 2), F(1)])
def test_theory_closed_forms(w):
    for bag, declared, n, c, a, v, f in smuggling_bags():
        game = an.inspection_game(bag, declared, w=w)
        e = game.equilibrium()
        assert e.kind == "mixed"
        assert e.p_inspect == F(c * (v - a), c * (v + f) + 2 * n)  # p* unchanged by w
        assert e.q_lie == F(2 * n * (1 + w), 2 * n * (1 + w) + c * (f * (1 + w) + w * v))
        if w == 0:
            assert e.q_lie == F(2 * n, 2 * n + c * f)
            assert e.merchant_value == n * a + 2 * n * e.p_inspect
            assert e.sheriff_value == e.sheriff_gold == 0
            # inspection-game notation: G, L, K, R
            big_g, big_l, big_k, big_r = c * (v - a), c * (a + f), 2 * n, c * f
            assert e.p_inspect == F(big_g, big_g + big_l + big_k) and e.q_lie == F(big_k, big_k + big_r)
            assert an.breakeven(bag, declared) == e.p_inspect
        else:
            assert e.sheriff_value == e.sheriff_gold - w * e.merchant_value
        assert game.is_equilibrium(e.p_inspect, e.q_lie)


@pytest.mark.parametrize(("w", "merchant_w"), [(F(0), F(1)), (F(1), F(1)), (F(1, 4), F(1, 4)), (F(1, 2), F(1, 3))])
def test_relative_scoring_closed_forms(w, merchant_w):
    """Relative scoring (lesson 13): w (the sheriff's weight on the merchant's gain) moves q*, merchant_w (the
    merchant's weight on the sheriff's gold) moves p*; w = merchant_w = 1 is zero-sum.  Exhaustive over
    single-contraband bags."""
    m = merchant_w
    for bag, declared, n, c, a, v, f in smuggling_bags():
        game = an.inspection_game(bag, declared, w=w, merchant_w=m)
        e = game.equilibrium()
        assert e.kind == "mixed" and game.is_equilibrium(e.p_inspect, e.q_lie)
        assert e.p_inspect == F(c * (v - a), c * (v + f * (1 + m)) + 2 * n * (1 + m))
        assert e.q_lie == F(2 * n * (1 + w), 2 * n * (1 + w) + c * (f * (1 + w) + w * v))
        assert e.merchant_value == e.merchant_gain - m * e.sheriff_gold
        assert e.sheriff_value == e.sheriff_gold - w * e.merchant_gain
        assert game.zero_sum == (w == m == 1)
        assert game.gain == an.inspection_game(bag, declared).merchant  # the scores do not depend on weights


def test_rivalry_worked_example_and_old_calls():
    """Issue 12 item 2: only the sheriff scoring relatively is not zero-sum and leaves p* alone; both is the duel."""
    bag = {"apples": 2, "pepper": 2}
    sheriff_only = an.inspection_game(bag, "apples", w=1)  # today's calls keep their numbers
    assert sheriff_only.merchant_w == 0 and not sheriff_only.zero_sum
    assert (sheriff_only.equilibrium().p_inspect, sheriff_only.equilibrium().q_lie) == (F(2, 7), F(4, 11))
    duel = an.inspection_game(bag, "apples", w=1, merchant_w=1)
    assert duel.zero_sum and (duel.equilibrium().p_inspect, duel.equilibrium().q_lie) == (F(2, 11), F(4, 11))
    assert duel.equilibrium().merchant_value == F(120, 11) == -duel.equilibrium().sheriff_value
    assert an.model_game(w=1, merchant_w=1).merchant == duel.merchant
    with pytest.raises(ValueError, match="merchant_w"):
        an.inspection_game(bag, "apples", merchant_w=2)


def test_honest_alternative_is_what_the_cards_allow():
    will = {"chickens": 2, "bread": 1, "silk": 1}
    assert an.honest_alternative(will, "chickens") == Counter(chickens=2)
    assert an.breakeven(will, "chickens", baseline=an.honest_alternative(will, "chickens")) == F(11, 21)
    assert an.breakeven(will, "chickens") == F(3, 25)  # against 4 Chickens he does not hold
    p = F(1, 4)  # at 1 bag in 4 the two baselines give opposite decisions
    lie, real, full = (an.expected_value(b, "chickens", p) for b in (will, {"chickens": 2}, {"chickens": 4}))
    assert full > lie > real
    # no declared good in the bag: his best honest bag, valued as declared honestly (Chickens), not as Apples
    assert an.honest_alternative(will, "apples") == Counter(chickens=2)
    assert an.baseline_outcomes({"chickens": 2}, "apples") == an.outcomes({"chickens": 2}, "chickens")
    assert an.honest_alternative({"silk": 3}, "apples") == Counter()
    assert an.honest_alternative({"cheese": 2, "apples": 2, "pepper": 1}, "bread") == Counter(cheese=2)


def test_game_from_scores_is_inspection_game():
    game = an.inspection_game({"cheese": 4, "crossbow": 1}, "cheese", w=F(1, 3), merchant_w=F(1, 2))
    rebuilt = an.game_from_scores(game.gain, game.gold, F(1, 3), F(1, 2))
    assert (rebuilt.merchant, rebuilt.sheriff) == (game.merchant, game.sheriff)
    assert rebuilt.equilibrium().p_inspect == game.equilibrium().p_inspect


def test_theory_bribes_and_leadership():
    for bag, declared, n, c, _a, v, f in smuggling_bags():
        assert an.bribe_range(bag, declared) == (c * f, c * (v + f))
        assert an.bribe_midpoint(bag, declared) == c * (f + F(v, 2))
        for p, q in [(F(1, 3), F(1, 2)), (F(1, 10), F(9, 10)), (F(0), F(0)), (F(1), F(1, 5))]:
            low, high = an.bribe_range(bag, declared, p, q)
            assert high == p * c * (v + f)
            assert low == max(F(0), q * c * f - (1 - q) * 2 * n)
        for w in (F(1, 3), F(1)):
            assert an.bribe_range(bag, declared, w=w).sheriff_min == c * f + w * c * v / (1 + w)
        lead = an.leadership(bag, declared)
        p_star = F(c * (v - _a), c * (v + f) + 2 * n)
        assert (lead.p_inspect, lead.response, lead.sheriff_value) == (p_star, "lie", p_star * c * f)
        assert lead.nash_sheriff_value == 0


def test_theory_marginal_card_and_linear_edge():
    for bag, declared, n, c, a, v, f in smuggling_bags():
        h = n - c
        baseline = Counter({declared: h})
        assert an.breakeven(bag, declared, baseline=baseline) == F(c * v, c * (v + f) + 2 * h)
        for p in (F(0), F(1, 5), F(1, 2), F(1)):
            edge = an.expected_value(bag, declared, p) - an.expected_value([declared] * n, declared, p)
            assert edge == c * ((1 - p) * v - a - p * f) - 2 * n * p


def test_theory_worked_example():
    bag = Counter(apples=2, pepper=2)
    e = an.inspection_game(bag, "apples").equilibrium()
    assert (e.p_inspect, e.q_lie, e.merchant_value) == (F(2, 7), F(1, 2), F(72, 7))
    real = an.breakeven({"apples": 3, "pepper": 1}, "apples", baseline={"apples": 3})
    pepper = sn.card("pepper")
    naive = F(pepper.value, pepper.value + pepper.penalty)  # v / (v + f), which forgets the Apple left out
    assert (real, naive) == (F(3, 8), F(6, 10)) and naive > real  # the naive formula overestimates the break-even


# --- against nashpy on random bags (royal goods, absent declared goods, mixed contraband) ------------------------


def nashpy_equilibria(game, degenerate=False):
    nash = game.to_nashpy()
    with warnings.catch_warnings():
        if degenerate:  # nashpy warns (rightly) that degenerate games may have more equilibria than it lists
            warnings.simplefilter("ignore", RuntimeWarning)
        found = list(nash.support_enumeration())
    return [(float(col[0]), float(row[1])) for row, col in found]  # (p_inspect, q_lie)


def check_against_nashpy(bag, declared, w=0, merchant_w=0):
    game = an.inspection_game(bag, declared, w=w, merchant_w=merchant_w)
    e = game.equilibrium()
    assert game.is_equilibrium(e.p_inspect, e.q_lie), e
    mv, sv = game.payoffs(e.p_inspect, e.q_lie)
    assert (mv, sv) == (e.merchant_value, e.sheriff_value)
    nash = game.to_nashpy()
    sigma_r = np.array([1 - float(e.q_lie), float(e.q_lie)])
    sigma_c = np.array([float(e.p_inspect), 1 - float(e.p_inspect)])
    a, b = nash.payoff_matrices  # an independent float check that neither mix can be improved on
    assert sigma_r @ a @ sigma_c >= max(a @ sigma_c) - 1e-9 and sigma_r @ b @ sigma_c >= max(sigma_r @ b) - 1e-9
    if e.kind == "mixed":
        found = nashpy_equilibria(game)
        assert len(found) == 1
        assert found[0] == pytest.approx((float(e.p_inspect), float(e.q_lie)), abs=1e-9)
        vertex = [(float(c[0]), float(r[1])) for r, c in nash.vertex_enumeration()]
        assert vertex[0] == pytest.approx(found[0], abs=1e-9)
        (hi, hp), (li, lp) = game.merchant
        big_g, loss_plus_k = lp - hp, hi - li  # G and L + K, generalised to any bag
        (s_hi, s_hp), (s_li, s_lp) = game.sheriff
        big_k, big_r = s_hp - s_hi, s_li - s_lp
        assert e.p_inspect == big_g / (big_g + loss_plus_k) and e.q_lie == big_k / (big_k + big_r)
    else:
        for p, q in nashpy_equilibria(game, degenerate=True):
            assert game.is_equilibrium(p, q, tol=1e-9)
    return e


bags = st.lists(st.sampled_from(ALL_GOODS), min_size=1, max_size=5)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    bags,
    st.sampled_from(LEGAL_GOODS),
    st.sampled_from([F(0), F(0), F(1, 4), F(1, 3), F(1)]),
    st.sampled_from([F(0), F(0), F(1, 4), F(1)]),
)
@example(["royal_rooster", "apples"], "chickens", F(0), F(0))
@example(["golden_apples", "bleu_cheese", "crossbow"], "bread", F(0), F(0))
@example(["cheese"] * 5, "cheese", F(1), F(1))
@example(["bread"], "cheese", F(0), F(0))
@example(["apples", "apples", "pepper", "pepper"], "apples", F(1), F(1))
def test_random_bags_match_nashpy(bag, declared, w, merchant_w):
    check_against_nashpy(bag, declared, w, merchant_w)


def test_seeded_random_bags_match_nashpy():
    rng = random.Random(20261129)
    kinds = Counter()
    for _ in range(200):
        bag = rng.choices(ALL_GOODS, k=rng.randint(1, 5))
        declared = rng.choice(LEGAL_GOODS)
        e = check_against_nashpy(bag, declared, rng.choice([F(0), F(1, 2)]))
        kinds[e.kind, any(GOODS[g].kind == "royal" for g in bag), declared in bag] += 1
    mixed = sum(n for (kind, _, _), n in kinds.items() if kind == "mixed")
    assert mixed >= 50
    assert kinds["mixed", True, False] >= 5 and kinds["mixed", False, False] >= 5  # royal; declared good absent


# --- degenerate cases -----------------------------------------------------------------------------------------


def test_honest_bag_is_identical():
    e = an.inspection_game(["cheese"] * 3, "cheese").equilibrium()
    assert (e.kind, e.p_inspect, e.q_lie, e.merchant_value) == ("identical bags", 0, 0, 9)
    assert an.breakeven_detail(["cheese"] * 3, "cheese").reason == "identical bags"
    assert an.breakeven(["cheese"] * 3, "cheese") is None


def test_lying_never_pays():
    for bag, declared in [({"apples": 1}, "cheese"), ({"apples": 2, "cheese": 1}, "chickens")]:
        e = an.inspection_game(bag, declared).equilibrium()
        assert (e.kind, e.p_inspect, e.q_lie) == ("pure: lying never pays", 0, 0)
        detail = an.breakeven_detail(bag, declared)
        assert detail.p is None and detail.reason == "lying never pays" and detail.pass_gain < 0
    # worth exactly as much when passed: equal only at p = 0
    assert an.breakeven({"bread": 1}, "cheese") == 0
    assert an.inspection_game({"bread": 1}, "cheese").equilibrium().kind == "pure: lying never pays"


def test_breakeven_with_baselines():
    always = an.breakeven_detail({"chickens": 1, "silk": 1}, "chickens", baseline={"apples": 1, "pepper": 1})
    assert (always.p, always.reason) == (None, "lying always pays")
    constant = an.breakeven_detail({"cheese": 1}, "apples", baseline={"apples": 1, "cheese": 1})
    assert (constant.pass_gain, constant.inspect_gain, constant.reason) == (-2, -2, "lying never pays")
    same = an.breakeven_detail(["mead", "apples"], "apples", baseline=Counter(apples=1, mead=1))
    assert same.reason == "identical bags"
    assert an.breakeven({"pepper": 1}, "apples", baseline={}) == F(6, 10)  # no bag at all: the naive v/(v+f)
    assert an.breakeven({"apples": 2, "pepper": 1}, "apples", baseline={"apples": 2}) == F(6, 10 + 4)
    assert "3/8" in an.breakeven_detail({"apples": 3, "pepper": 1}, "apples", {"apples": 3}).explanation


def test_leadership_beats_any_commitment():
    rng = random.Random(5)
    for _ in range(60):
        bag = rng.choices(ALL_GOODS, k=rng.randint(1, 5))
        game = an.inspection_game(bag, rng.choice(LEGAL_GOODS), w=rng.choice([F(0), F(1, 2)]))
        lead = game.leadership()
        assert lead.sheriff_value >= game.equilibrium().sheriff_value
        for p in [F(k, 40) for k in range(41)]:
            lie_edge = game.payoffs(p, 1)[0] - game.payoffs(p, 0)[0]
            responses = [r for r in (0, 1) if (lie_edge if r else -lie_edge) >= 0]
            assert lead.sheriff_value >= max(game.payoffs(p, r)[1] for r in responses)


def test_not_an_equilibrium():
    game = an.inspection_game({"apples": 2, "pepper": 2}, "apples")
    assert not game.is_equilibrium(F(1, 3), F(1, 2))
    assert not game.is_equilibrium(0, 0)
    assert game.is_equilibrium(2 / 7, 0.5, tol=1e-9)
    assert game.to_frame().loc["lie", "pass"] == "(16, 0)"
    assert game.to_nashpy().payoff_matrices[0].shape == (2, 2)


# --- expected value, bribes, input handling -------------------------------------------------------------------


def test_expected_value():
    bag = {"apples": 2, "pepper": 2}
    assert an.expected_value(bag, "apples", 0) == 16
    assert an.expected_value(bag, "apples", 1) == -4
    assert an.expected_value(bag, "apples", 1, bribe=100) == -4  # the bribe is paid only if the bag passes
    assert an.expected_value(bag, "Apple", 0.3, bribe=2) == F(7, 10) * 14 + F(3, 10) * -4  # 0.3 read as 3/10
    assert an.expected_value(["golden_apples"], "apples", F(1, 2)) == F(6 - 4, 2)


def test_bribes_for_honest_and_mixed_bags():
    honest = an.bribe_range(["chickens"] * 2, "chickens")
    assert honest == (0, -4) and not honest.deal_possible  # an honest merchant prefers to be inspected
    mixed = an.bribe_range({"cheese": 1, "silk": 1, "royal_rooster": 1}, "cheese", F(1, 2))
    assert mixed == (8, F(8 + 8 + 8, 2)) and mixed.surplus == 4


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: an.expected_value(["apples"] * 6, "apples", 0), BagSizeError),
        (lambda: an.expected_value([], "apples", 0), BagSizeError),
        (lambda: an.breakeven([], "apples", baseline={"apples": 1}), BagSizeError),
        (lambda: an.expected_value(["apples"], "pepper", 0), DeclarationError),
        (lambda: an.inspection_game(["gold"], "apples"), RuleError),
        (lambda: an.bag_table("silk"), DeclarationError),
    ],
)
def test_rule_errors(call, error):
    """Each bad bag or declaration is refused with the rule's own error class (a RuleError)."""
    with pytest.raises(error) as caught:
        call()
    assert isinstance(caught.value, RuleError) and str(caught.value)


@pytest.mark.parametrize("bad", [F(-1, 10), F(11, 10), 2])
def test_probabilities_are_checked(bad):
    with pytest.raises(ValueError, match="p_inspect"):
        an.expected_value(["apples"], "apples", bad)
    with pytest.raises(ValueError, match="belief"):
        an.bribe_range(["pepper"], "apples", belief=bad)


# --- deck odds ------------------------------------------------------------------------------------------------


def brute_odds(pool: Counter, match, at_least: int, draws: int) -> Fraction:
    cards_ = list(pool.elements())
    hands = list(itertools.combinations(range(len(cards_)), draws))
    good = sum(1 for hand in hands if sum(match(cards_[i]) for i in hand) >= at_least)
    return F(good, len(hands))


def test_draw_odds_brute_force():
    pool = Counter(apples=3, pepper=2, crossbow=1, golden_apples=1, cheese=4)
    for draws in range(0, 6):
        for at_least in range(-1, 5):
            assert an.draw_odds("pepper", at_least, draws, pool) == brute_odds(
                pool, lambda g: g == "pepper", at_least, draws
            )
            assert an.draw_odds("contraband", at_least, draws, pool) == brute_odds(
                pool, lambda g: GOODS[g].kind == "contraband", at_least, draws
            )
            assert an.draw_odds("Royal", at_least, draws, pool) == brute_odds(
                pool, lambda g: GOODS[g].kind == "royal", at_least, draws
            )


def test_draw_odds_basic_deck():
    crossbow = an.draw_odds("crossbow", 1)
    assert crossbow == 1 - F(comb(199, 6), comb(204, 6))
    assert float(crossbow) == pytest.approx(0.13996, abs=1e-5)
    assert an.draw_odds("Crossbow", 1, cards=6, deck=deck()) == crossbow
    hyper = sum(F(comb(60, k) * comb(144, 6 - k), comb(204, 6)) for k in range(2, 7))
    assert an.draw_odds("contraband", 2) == hyper
    assert an.draw_odds("legal", 0) == 1 and an.draw_odds("royal", 1) == 0 and an.draw_odds("apples", 7) == 0
    assert an.draw_odds("royal", 1, deck=deck(royal=True)) == 1 - F(comb(204, 6), comb(216, 6))
    with pytest.raises(ValueError):
        an.draw_odds("apples", 1, cards=205)


# --- the table of every bag -----------------------------------------------------------------------------------


def test_bag_table_counts():
    table = an.bag_table()
    assert len(table) == comb(8 + 5, 5) - 1 == 1286
    assert table.bag.is_unique and table.cards.map(len).eq(table.n).all()
    assert len(an.bag_table(best_only=False)) == 4 * 1286
    assert len(an.bag_table("bread")) == 1286 and set(an.bag_table("bread").declared) == {"bread"}
    three = deck(players=3)
    assert not an.bag_table(deck=three).bag.str.contains("Bread").any()
    royal = deck(royal=True)
    expected = sum(
        1
        for size in range(1, 6)
        for combo in itertools.combinations_with_replacement(sorted(royal), size)
        if all(combo.count(g) <= royal[g] for g in set(combo))
    )
    assert len(an.bag_table(deck=royal)) == expected


def test_bag_table_matches_analysis():
    p = F(1, 3)
    table = an.bag_table(p_inspect=p, best_only=False)
    for row in table.itertuples():
        assert row.ev_exact == an.expected_value(row.cards, row.declared, p)
        assert row.ev == pytest.approx(float(row.ev_exact))
        honest = an.expected_value([row.declared] * row.n, row.declared, p)
        assert row.edge == pytest.approx(float(row.ev_exact - honest))
        e = an.inspection_game(row.cards, row.declared).equilibrium()
        assert (row.p_star, row.q_star, row.kind) == (e.p_inspect, e.q_lie, e.kind)
        assert row.breakeven == an.breakeven(row.cards, row.declared)
        assert row.honest == (Counter(row.cards) == Counter({row.declared: row.n}))
    best = an.bag_table(p_inspect=p)
    for row in best.sample(200, random_state=1).itertuples():
        assert row.ev_exact == max(an.expected_value(row.cards, d, p) for d in LEGAL_GOODS)
