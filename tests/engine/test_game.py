"""Unit tests of the Game state machine: one or more per rule and per kind of RuleError."""

import json
from collections import Counter

import pytest
from positions import after_market, at_inspection, rig

import sheriff_nb as sn
from sheriff_nb.engine.actions import (
    Accept,
    ChooseFirstMerchant,
    Declare,
    DiscardConfiscated,
    Inspect,
    Load,
    Market,
    Offer,
    Pass,
    PassRemaining,
    PickUpBag,
)
from sheriff_nb.engine.game import Phase
from sheriff_nb.engine.setup import draw


def rejected(game, action, error, match):
    """Apply an illegal action: the right error, a message naming the rule, and no change at all."""
    before = game.to_json()
    with pytest.raises(error, match=match):
        game.apply(action)
    assert game.to_json() == before


# setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fields, match",
    [
        ({"edition": 3}, "two editions"),
        ({"players": 7}, "3 to 6 players"),
        ({"players": 2}, "3 to 6 players"),
        ({"players": 6, "edition": 1}, "2nd edition only"),
        ({"black_market": {"pepper": [1, 2]}}, "3 piles"),
        ({"edition": 1, "hand_size": 7}, "2nd edition only"),
        ({"remove_random": 5}, "exactly 10"),
        ({"edition": 1, "time_limit": True}, "2nd edition only"),
    ],
)
def test_options_the_rules_do_not_allow(fields, match):
    with pytest.raises(sn.SetupError, match=match):
        sn.RuleOptions(**fields)


@pytest.mark.parametrize("players, rounds", [(3, 9), (4, 8), (5, 10)])
def test_game_length(players, rounds):
    assert sn.RuleOptions(players=players).rounds == rounds


def test_setup_first_edition_has_two_face_up_piles_of_five():
    game = sn.Game(players=4, edition=1, seed=9)
    assert [len(p) for p in game.discards] == [5, 5]
    assert all(sum(h.values()) == 6 for h in game.hands) and game.gold == [50] * 4
    assert len(game.deck) == 204 - 24 - 10 and game.queue == game.merchants


def test_setup_second_edition_and_optional_rules():
    game = sn.Game(players=5, edition=2, seed=9, hand_size=7, remove_random=10)
    assert game.discards == [[]] and sum(game.removed.values()) == 10
    assert all(sum(h.values()) == 7 for h in game.hands)
    assert len(game.deck) == 204 - 10 - 35 and game.queue == []  # the sheriff picks who starts


def test_first_sheriff_given_or_drawn_from_the_seed():
    assert sn.Game(players=4, first_sheriff=2).sheriff == 2
    drawn = {sn.Game(players=5, seed=s).sheriff for s in range(30)}
    assert drawn == set(range(5))
    assert sn.Game(players=5, seed=4).sheriff == sn.Game(players=5, seed=4).sheriff
    with pytest.raises(sn.SetupError, match="seats 0 to 3"):
        sn.Game(players=4, first_sheriff=4)


# Market ----------------------------------------------------------------------------------


def test_actions_out_of_phase_name_both_phases():
    game = sn.Game(players=4, edition=1, first_sheriff=0)
    rejected(game, Load(1, ["apples"]), sn.OutOfPhaseError, "belongs to phase 2, Load the bag; the game is in phase 1")
    rejected(game, Pass(0, 1), sn.OutOfPhaseError, "phase 4, Inspection")


def test_market_goes_clockwise_from_the_sheriffs_left_in_the_first_edition():
    game = sn.Game(players=4, edition=1, first_sheriff=2)
    assert game.queue == [3, 0, 1]
    rejected(game, Market(0), sn.NotYourTurnError, "it is Player 4's turn")
    rejected(game, ChooseFirstMerchant(2, 0), sn.MarketError, "1st edition")


def test_second_edition_sheriff_chooses_the_first_merchant():
    game = sn.Game(players=4, edition=2, first_sheriff=0)
    rejected(game, Market(1), sn.NotYourTurnError, "first chooses who starts")
    rejected(game, ChooseFirstMerchant(1, 2), sn.NotYourTurnError, "only the sheriff")
    rejected(game, ChooseFirstMerchant(0, 0), sn.NotYourTurnError, "starts with a merchant")
    game.apply(ChooseFirstMerchant(0, 2))
    assert game.queue == [2, 3, 1]
    rejected(game, ChooseFirstMerchant(0, 3), sn.MarketError, "already been chosen")


def test_market_limits():
    game = sn.Game(players=4, edition=1, first_sheriff=0)
    hand = list(game.hands[1].elements())
    rejected(game, Market(1, hand), sn.MarketError, "sets aside 0 to 5 cards")
    rejected(
        game,
        Market(1, ["crossbow"] * 2 if game.hands[1]["crossbow"] < 2 else ["green_apples"]),
        sn.NotInHandError,
        "does not hold",
    )
    rejected(game, Market(1, [], draws=["deck"]), sn.MarketError, "0 draws, not 1")
    with pytest.raises(sn.ArgumentError, match=r"onto must be a whole number \(0 or 1\), not 2"):
        Market(1, hand[:5], draws=[0] * 5, onto=2)  # there are at most two discard piles
    game = rig(game, discards=[game.discards[0][:2], game.discards[1]])
    rejected(game, Market(1, hand[:3], draws=[0, 0, 0]), sn.MarketError, "left discard pile holds only 2 cards")


def test_second_edition_set_aside_cards_join_the_pile_after_the_market():
    game = after_market(edition=2)
    assert game.phase is Phase.LOAD and game.discards == [[]]


# Load and Declaration ---------------------------------------------------------------------


def test_bag_sizes():
    game = rig(after_market(), hands={1: Counter(apples=6)})
    rejected(game, Load(1, ["apples"] * 6), sn.BagSizeError, "a bag holds 1 to 5 cards; this one holds 6")
    rejected(game, Load(1, []), sn.BagSizeError, "this one holds 0")
    rejected(game, Load(0, ["apples"]), sn.NotYourTurnError, "is the sheriff this round")
    rejected(game, Load(2, ["crossbow"] * 5), sn.NotInHandError, "does not hold 5 Crossbow in hand")
    game.apply(Load(1, ["apples"] * 5))
    assert game.hands[1] == Counter(apples=1) and game.phase is Phase.LOAD
    rejected(game, Load(1, ["apples"]), sn.OutOfPhaseError, "a closed bag cannot change")


def test_declarations_in_order_one_legal_good_true_count():
    bags = {1: ["mead"], 2: ["apples", "apples"], 3: ["cheese"]}
    game = rig(after_market(), hands=bags)
    for seat, bag in bags.items():
        game.apply(Load(seat, bag))
    assert game.phase is Phase.DECLARATION
    rejected(game, Declare(2, "apples", 2), sn.NotYourTurnError, "clockwise from the sheriff's left")
    rejected(game, Declare(1, "mead", 1), sn.DeclarationError, "Mead is contraband")
    rejected(game, Declare(1, "golden apples", 1), sn.DeclarationError, "Golden Apples is royal")
    rejected(game, Declare(1, "chickens", 2), sn.DeclarationError, "true number of cards in the bag: 1, not 2")
    game.apply(Declare(1, "chickens", 1))  # the declared good need not be in the bag
    game.apply(Declare(2, "apples", 2))
    game.apply(Declare(3, "cheese", 1))
    assert game.phase is Phase.INSPECTION and game.pending == [1, 2, 3]


# Inspection ------------------------------------------------------------------------------


def test_only_the_sheriff_decides_and_each_bag_once():
    game = at_inspection({1: (["apples"], "apples")})
    rejected(game, Pass(1, 2), sn.NotYourTurnError, "only the sheriff")
    game.apply(Pass(0, 1))
    rejected(game, Inspect(0, 1), sn.InspectionError, "handles each bag once")
    rejected(game, Pass(0, 0), sn.InspectionError, r"is the sheriff \(Sheriff\) this round and has no bag")


def test_bribes_can_never_exceed_your_gold_or_use_hand_cards():
    game = at_inspection({1: (["apples"], "apples")}, stands={1: ["cheese"]}, gold={1: 7})
    game = rig(game, hands={1: Counter(silk=1)})
    rejected(game, Offer(1, 1, gold=8), sn.BribeError, "never be more gold than you own: Alan has 7 gold, not 8")
    rejected(
        game,
        Offer(1, 1, stand=["silk"]),
        sn.BribeError,
        "never cards from your hand; Alan's stand holds 0 face-down cards",
    )
    rejected(game, Offer(1, 1, stand=["chickens"]), sn.BribeError, "they are not there")
    rejected(game, Offer(1, 1, bag=["apples", "apples"]), sn.BribeError, "holds 1 cards")
    with pytest.raises(sn.ArgumentError, match=r"gold must be a whole number \(0 to 300\), not -1"):
        Offer(1, 1, gold=-1)
    rejected(game, Offer(2, 1, gold=1), sn.NotYourTurnError, "neither")
    rejected(game, Offer(1, 1, inspect=[2], passes=[2]), sn.BribeError, "both inspect and pass")
    rejected(game, Offer(1, 1, inspect=[1]), sn.BribeError, "other bags not yet handled")
    rejected(game, Accept(0, 1), sn.BribeError, "no open offer")
    game.apply(Offer(1, 1, gold=7, stand=["cheese"]))
    rejected(game, Accept(1, 1), sn.NotYourTurnError, "only Sheriff can accept")


def test_inspecting_voids_every_offer():
    game = at_inspection({1: (["apples", "silk"], "apples")})
    game.apply(Offer(1, 1, gold=10))
    event = game.apply(Inspect(0, 1))
    assert event["gold_to_sheriff"] == 4 and game.gold[1] == 46 and game.gold[0] == 54


def test_a_later_deal_replaces_the_earlier_one():
    game = at_inspection({1: (["silk"], "apples")})
    game.apply(Offer(1, 1, gold=3))
    game.apply(Accept(0, 1))
    game.apply(Offer(0, 1, gold=6))
    game.apply(Accept(1, 1))
    game.apply(Pass(0, 1))
    assert game.gold[1] == 44 and game.stats[1]["bribes_paid"] == 1


def test_sheriff_without_gold_pays_an_honest_merchant_in_goods():
    game = at_inspection({1: (["chickens", "chickens"], "chickens")}, stands={0: ["cheese", "mead"]}, gold={0: 1})
    event = game.apply(Inspect(0, 1))  # owes 4: 1 gold, then the Cheese (3) covers the other 3
    assert event["payment"] == {"from": 0, "to": 1, "owed": 4, "gold": 1, "goods": {"cheese": 1}, "forgiven": 0}
    assert game.stands[1] == Counter(chickens=2, cheese=1) and game.gold[0] == 0


def test_time_limit_passes_every_remaining_bag_without_bribes():
    plain = at_inspection({1: (["apples"], "apples")})
    rejected(plain, PassRemaining(0), sn.InspectionError, "time-limit rule")
    game = sn.Game(players=3, seed=1, first_sheriff=0, time_limit=True)
    game.apply(ChooseFirstMerchant(0, 1))
    game.apply(Market(1))
    game.apply(Market(2))
    for seat in (1, 2):
        game.apply(Load(seat, [next(iter(game.hands[seat]))]))
    for seat in (1, 2):
        game.apply(Declare(seat, "bread", 1))
    game.apply(Offer(1, 1, gold=5))
    game.apply(Accept(0, 1))
    event = game.apply(PassRemaining(0))
    assert [p["merchant"] for p in event["passes"]] == [1, 2] and game.gold == [50, 50, 50]
    assert game.round == 1


def test_end_of_round_rotates_the_sheriff_and_refills_hands():
    game = at_inspection({1: (["apples"], "apples"), 2: (["cheese", "cheese"], "cheese")})
    for seat in (1, 2, 3):
        game.apply(Pass(0, seat))
    assert game.round == 1 and game.sheriff == 1 and game.phase is Phase.MARKET
    assert all(sum(h.values()) == 6 for h in game.hands)
    assert [e["kind"] for e in game.events[-2:]] == ["round_end", "round_start"]


def test_the_game_ends_after_the_last_round_and_refuses_moves():
    from sheriff_nb.play.bots import Bot, play

    game = sn.Game(players=3, seed=2)
    list(play(game, [Bot(), Bot(), Bot()]))
    assert game.is_over and game.round == 9 and game.events[-1]["kind"] == "game_over"
    rejected(game, Market(0), sn.OutOfPhaseError, "the end of the game")
    table = sn.game_scores(game)
    assert list(table.columns[:5]) == ["goods", "gold", "bonus", "total", "rank"]
    assert (table.total == table.goods + table.gold + table.bonus).all()


# the deck running out ------------------------------------------------------------------------


def test_first_edition_rebuild_keeps_the_top_five_of_each_pile():
    game = sn.Game(players=4, edition=1, seed=1, first_sheriff=0)
    deck = game.deck
    game = rig(game, discards=[game.discards[0] + deck[:20], game.discards[1] + deck[20:40]], deck=[])
    tops = [p[-5:] for p in game.discards]
    drawn = draw(game.state, 3)
    assert len(drawn) == 3 and game.discards == tops  # 2 x 20 cards under the tops were shuffled
    assert len(game.deck) == 40 - 3 and game.reshuffles == 1


def test_second_edition_rebuild_shuffles_the_whole_pile_and_draws_what_exists():
    game = rig(sn.Game(players=4, edition=2, seed=1), discards=[["apples", "mead"]], deck=[])
    assert sorted(draw(game.state, 5)) == [0, 5] and game.discards == [[]]  # Apples and Mead; nothing else exists


# save and load -------------------------------------------------------------------------------


def test_save_files_round_trip_and_reject_bad_input():
    game = after_market()
    for seat in (1, 2, 3):
        game.apply(Load(seat, list(game.hands[seat].elements())[:2]))
    for seat in (1, 2, 3):
        game.apply(Declare(seat, "apples", 2))
    game.apply(Offer(1, 1, gold=2, promise="a favour"))
    saved = game.to_json()
    assert sn.Game.from_json(saved).to_json() == saved
    data = json.loads(saved)
    for text, match in [
        ("{", "not readable JSON"),
        ("[]", "JSON object"),
        ('{"schema": 4}', "schema version 4"),
        ("[" * 100_000, "nests deeper than 32 levels"),
        (" " * 20_000_001, "at most 20,000,000 characters"),
        ('{"schema": 1}', "schema version 1, from an older sheriff_nb whose Inspection rules differ"),
        (json.dumps({**data, "actions": [{"kind": "fly", "player": 0}]}), "kind is one of"),
        (json.dumps({**data, "options": {**data["options"], "players": 9}}), "setup is not valid"),
        (
            json.dumps({**data, "actions": data["actions"] + [{"kind": "pass", "player": 2, "merchant": 1}]}),
            "move .* is illegal: only the sheriff",
        ),
        (json.dumps({**data, "state": data["state"].replace("gold=50,", "gold=99,")}), "file was changed"),
        (json.dumps({k: v for k, v in data.items() if k != "seed"}), "needs the fields seed"),
    ]:
        with pytest.raises(sn.SaveFileError, match=match):
            sn.Game.from_json(text)


def test_rejections_never_change_the_state():
    game = at_inspection({1: (["apples"], "apples")})
    for action in [
        Load(1, ["apples"]),
        Declare(1, "apples", 1),
        Market(1),
        Offer(1, 1, gold=300),
        Inspect(1, 1),
        DiscardConfiscated(0, 1),
        Accept(0, 1),
        PassRemaining(0),
    ]:
        assert action not in game.legal_actions()
        rejected(game, action, sn.RuleError, ".")


def test_legal_actions_listing():
    game = after_market()
    loads = list(game.legal_actions(1))
    hand = game.hands[1]
    assert all(isinstance(a, Load) and a.player == 1 for a in loads)
    assert len(loads) == len(set(loads)) and Load(1, list(hand.elements())[:1]) in loads
    game2 = at_inspection({1: (["apples"], "apples")})
    listed = set(game2.legal_actions())
    assert {Pass(0, m) for m in (1, 2, 3)} | {Inspect(0, m) for m in (1, 2, 3)} | {
        PickUpBag(0, m) for m in (1, 2, 3)
    } == listed
