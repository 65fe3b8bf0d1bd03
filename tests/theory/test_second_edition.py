"""Lesson 16's engine scripts (sheriff_nb.theory.second_edition): the rulebook's numbers (rules reference: the 2nd
edition's modules, examples 14-16) reached through the public API, and the deals the scripts rely on."""

import pytest

import sheriff_nb as sn
from sheriff_nb.engine.game import START_GOLD
from sheriff_nb.theory import second_edition as se


def test_the_lesson_deal():
    game = se.deputies_game()
    assert [game.names[s] for s in game.sheriffs] == list(se.DEPUTIES)
    assert [game.names[m] for m in game.merchants] == list(se.MERCHANTS_6)
    bags = {game.names[m]: (dict(game.bags[m]), game.declarations[m]) for m in game.merchants}
    assert bags["David of Doncaster"] == ({"apples": 3}, ("apples", 3))  # honest
    assert bags["Much"] == ({"apples": 2, "pepper": 2}, ("apples", 4))  # lesson 08's lie
    assert all(
        sn.inspect_bag(bag, good).honest is False
        for name, (bag, (good, _)) in bags.items()
        if name != "David of Doncaster"
    )


@pytest.mark.parametrize(
    "votes, sir_guy, marion, david",
    [
        (("inspect", "inspect"), -3, -3, 6),  # honest, both open: half the penalty (3 x 2 = 6) each
        (("inspect", "pass"), -6, 0, 6),  # they disagree: Sir Guy alone
        (("pass", "inspect"), 0, -6, 6),
        (("pass", "pass"), 0, 0, 0),
    ],
)
def test_deputies_on_an_honest_bag(votes, sir_guy, marion, david):
    change = se.deputy_outcome(se.deputies_game(), "David of Doncaster", votes)["gold_change"]
    assert (change["Sir Guy"], change["Maid Marion"], change["David of Doncaster"]) == (sir_guy, marion, david)


def test_fines_and_bribes_go_on_the_booty_and_are_split_evenly():
    game = se.deputies_game()
    fined = se.deputy_outcome(game, "Much", ("inspect", "inspect"))
    assert (fined["honest"], fined["booty"], fined["booty_each"]) == (False, 8, 4)  # 2 Pepper x 4
    alone = se.deputy_outcome(game, "Much", ("pass", "inspect"))
    assert alone["split"] == "Maid Marion" and alone["gold_change"]["Maid Marion"] == 8 and alone["booty"] == 0
    bribe = se.deputy_outcome(game, "Friar Tuck", ("pass", "pass"), bribe=5)
    assert (bribe["booty"], bribe["booty_each"], bribe["odd_coin"], bribe["odd_to"]) == (5, 2, 1, None)
    agreed = se.deputy_outcome(game, "Friar Tuck", ("pass", "pass"), bribe=5, odd_to="Maid Marion")
    assert agreed["gold_change"]["Maid Marion"] == 3 and agreed["gold_change"]["Sir Guy"] == 2
    assert game.gold_count() == 6 * START_GOLD  # the lesson's game is never changed by the explorer


def test_black_market_seeds_are_the_first_deals_with_three_of_a_type():
    for good, seed in se.BLACK_MARKET_SEEDS.items():
        assert se.black_market_seed(good) == seed


@pytest.mark.parametrize("good", ["pepper", "mead", "silk", "crossbow"])
def test_example_15_on_the_engine(good):
    values = {"pepper": [10, 14], "mead": [12, 16], "silk": [14, 18], "crossbow": [20, 25]}
    others = [g for g in values if g != good][:2]
    table = {good: values[good], **{g: values[g] for g in others}}
    steps = se.black_market_demo(table, good)
    assert [s["result"] == "ok" for s in steps] == [False, True, True, False]
    assert "after your bag is returned" in steps[0]["result"]
    assert steps[2]["value"] == max(values[good])  # the higher card was on top
    assert "one Black Market claim per player per round" in steps[3]["result"]


def test_a_table_the_rules_refuse():
    with pytest.raises(sn.SetupError, match="3 different"):
        se.black_market_demo([("pepper", [1, 2]), ("pepper", [3, 4]), ("silk", [5, 6])])


def test_example_16_and_pass_remaining():
    demo = se.time_limit_demo()
    assert demo["minutes"] == 3 and len(demo["passed"]) == 2
    assert demo["gold_before"] == demo["gold_after"]  # the open offer is not paid when time runs out


@pytest.mark.parametrize(
    "options, deck, hands, removed",
    [
        ({}, 204, 6, 0),
        ({"royal": True}, 216, 6, 0),
        ({"hand_size": 7}, 204, 7, 0),
        ({"remove_random": 10}, 204, 6, 10),
        ({"players": 3}, 156, 6, 0),
        ({"players": 3, "royal": True}, 162, 6, 0),  # rules reference, worked example 17
    ],
)
def test_option_facts(options, deck, hands, removed):
    facts = se.option_facts(**options)
    players = options.get("players", 4)
    assert (facts["deck"], facts["hands"], facts["removed"]) == (deck, hands, removed)
    assert facts["draw_pile"] == deck - removed - players * hands
