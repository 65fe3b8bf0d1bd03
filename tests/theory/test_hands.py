"""From the 2x2 to real hands (lesson 15): every number of sheriff_nb.theory.hands against an independent
computation."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction as F
from math import comb

import pytest

import sheriff_nb as sn
from sheriff_nb.engine.cards import LEGAL_GOODS
from sheriff_nb.theory import analysis as an
from sheriff_nb.theory import hands


def test_honest_bag_odds_by_disjoint_events_and_inclusion_exclusion():
    # 4 or 5 of one good in 6 cards: at most one good can do it, so the odds are the sum of single-good odds
    for n in (4, 5):
        assert hands.honest_bag_odds(n) == sum(an.draw_odds(g, n) for g in LEGAL_GOODS)
    # 3: two goods can both have 3 (3 + 3 = 6): subtract those hands once
    deck = sn.deck()
    both = sum(F(comb(deck[a], 3) * comb(deck[b], 3), comb(204, 6)) for a, b in itertools.combinations(LEGAL_GOODS, 2))
    assert hands.honest_bag_odds(3) == sum(an.draw_odds(g, 3) for g in LEGAL_GOODS) - both


def test_honest_bag_odds_brute_force_on_a_small_deck():
    small = Counter(apples=3, cheese=2, chickens=1, pepper=2, silk=1)
    cards = list(small.elements())
    for n in range(1, 4):
        hands_ = list(itertools.combinations(range(len(cards)), 4))
        good = sum(1 for h in hands_ if max(Counter(cards[i] for i in h).get(g, 0) for g in LEGAL_GOODS) >= n)
        assert hands.honest_bag_odds(n, hand=4, deck=small) == F(good, len(hands_))


def test_size_table_closed_forms():
    table = hands.size_table()
    for n, row in table.iterrows():  # one Pepper among n cards: p* = 4/(10 + 2n), q* = 2n/(2n + 4)
        assert (row.p_one, row.q_one) == (F(4, 10 + 2 * n), F(2 * n, 2 * n + 4))
        assert (row.p_all, row.q_all) == (F(4, 12), F(2, 6))  # all Pepper: (v-a)/(v+f+2), 2/(2+f)
        assert row.honest_declared == an.draw_odds("apples", n)


def scores_with(stands, gold):
    """Totals by the teaching API's DataFrame (an independent path from score_rows)."""
    table = sn.score(stands, gold)
    return {p: int(table.loc[p, "total"]) for p in table.index}


def test_threshold_game_by_hand():
    s = hands.THRESHOLD
    for count in range(1, 9):
        stands = {p: Counter(v) for p, v in s["stands"].items()}
        stands["Much"]["cheese"] = count
        before = scores_with(stands, s["gold"])
        game = hands.threshold_game(count)
        for row, bag in enumerate((s["honest"], s["lie"])):
            passed = {p: Counter(v) for p, v in stands.items()}
            passed["Much"] += Counter(bag)
            result = sn.inspect_bag(Counter(bag), "cheese")
            opened = {p: Counter(v) for p, v in stands.items()}
            opened["Much"] += result.to_stand
            gold = dict(
                s["gold"],
                Much=s["gold"]["Much"] - result.gold_to_sheriff,
                **{"Sir Guy": s["gold"]["Sir Guy"] + result.gold_to_sheriff},
            )
            assert game.gain[row][1] == scores_with(passed, s["gold"])["Much"] - before["Much"]
            assert game.gain[row][0] == scores_with(opened, gold)["Much"] - before["Much"]
            assert game.gold[row][0] == scores_with(opened, gold)["Sir Guy"] - before["Sir Guy"]
        e = game.equilibrium()
        assert game.is_equilibrium(e.p_inspect, e.q_lie)
    data = hands.threshold_data()
    assert set(data.face) == {F(5, 18)} == {an.breakeven(s["lie"], "cheese", baseline=s["honest"])}
    assert data.set_index("count").with_bonus.to_dict() == {
        1: F(5, 18),
        2: F(1, 6),
        3: F(1, 9),
        4: F(5, 18),
        5: F(5, 18),
        6: F(5, 18),
        7: F(5, 18),
        8: F(5, 18),
    }


def test_a_round_is_an_equilibrium_bag_by_bag_and_the_check_can_fail():
    games = [
        an.inspection_game({"apples": 2, "pepper": 2}, "apples"),
        an.inspection_game({"chickens": 2, "bread": 1, "silk": 1}, "chickens"),
        an.inspection_game({"cheese": 4, "crossbow": 1}, "cheese", w=F(1, 3)),
    ]
    found = [g.equilibrium() for g in games]
    q, p = [e.q_lie for e in found], [e.p_inspect for e in found]
    assert hands.is_round_equilibrium(games, q, p)
    assert hands.is_round_equilibrium(games[:2], q[:2], p[:2])
    assert not hands.is_round_equilibrium(games, q, [p[0] + F(1, 20), *p[1:]])  # Much would smuggle always
    assert not hands.is_round_equilibrium(games, [q[0], F(0), q[2]], p)  # Sir Guy would stop opening
    assert len(list(hands.round_profiles(games))) == 2**3 * 2**3


def test_kingmaking_by_the_score_table():
    s = hands.KINGMAKING
    table = hands.kingmaking().set_index(["bag", "sheriff"])
    for name in ("honest", "lie"):
        for action in ("pass", "open"):
            stands = {p: Counter(v) for p, v in s["stands"].items()}
            gold = dict(s["gold"])
            bag = Counter(s[name])
            if action == "open":
                result = sn.inspect_bag(bag, "cheese")
                stands["Much"] += result.to_stand
                gold["Much"] -= result.gold_to_sheriff
                gold["Sir Guy"] += result.gold_to_sheriff
            else:
                stands["Much"] += bag
            scores = sn.score(stands, gold)
            assert table.loc[(name, action), "winner"] == " and ".join(scores.index[scores["rank"] == 1])
            assert scores.loc["Sir Guy", "rank"] > 1  # he cannot win either way
    assert table.loc[("lie", "pass"), "winner"] != table.loc[("lie", "open"), "winner"]  # he decides who does


@pytest.mark.parametrize(
    "key",
    [
        "15.size",
        "15.threshold",
        "15.round",
        "15.kingmaker",
        "13.safety",
        "13.merchant_safety",
        "13.duel",
        "13.tournament",
    ],
)
def test_lesson_13_and_15_bets_are_computed(key):
    bet = sn.widgets.bet(key)
    assert bet.answer in bet.choice.options and bet.explanation
