"""Every worked example of the rules reference that concerns the core game (1–13, 17), as a named test."""

from collections import Counter

import pytest
from positions import at_inspection, rig

import sheriff_nb as sn
from sheriff_nb.engine.actions import Accept, Inspect, Market, Offer, Pass
from sheriff_nb.engine.inspection import Payment


def test_example_01_little_john_honest_chickens_inspected():
    result = sn.inspect_bag(["chickens"] * 4, declared="chickens")
    assert result.honest
    assert result.to_stand == Counter(chickens=4)
    assert result.gold_to_sheriff == -8  # the sheriff pays 4 x 2


def test_example_01_in_a_game():
    game = at_inspection({1: (["chickens"] * 4, "chickens")})
    event = game.apply(Inspect(0, 1))
    assert event["honest"] and game.stands[1]["chickens"] == 4
    assert game.gold[0] == 50 - 8 and game.gold[1] == 50 + 8


def test_example_02_gilbert_whitehand_lies_about_apples():
    result = sn.inspect_bag(["apples", "cheese", "mead", "mead"], declared="apples", count=4)
    assert not result.honest
    assert result.to_stand == Counter(apples=1)
    assert result.confiscated == Counter(cheese=1, mead=2)
    assert result.gold_to_sheriff == 2 + 4 + 4


def test_example_02_in_a_game_confiscated_cards_reach_the_discard_pile():
    game = at_inspection({1: (["apples", "cheese", "mead", "mead"], "apples")})
    pile_before = list(game.discards[0])
    game.apply(Inspect(0, 1))
    assert game.stands[1] == Counter(apples=1)
    assert Counter(game.discards[0]) - Counter(pile_before) == Counter(cheese=1, mead=2)
    assert (game.gold[0], game.gold[1]) == (60, 40)


@pytest.mark.parametrize("bread_or_cheese", ["cheese", "bread"])  # S000 / R2 versions
def test_example_03_will_scarlet_only_four_of_one_legal_good(bread_or_cheese):
    bag = ["chickens", "chickens", bread_or_cheese, "silk"]
    for count in (3, 5):
        with pytest.raises(sn.DeclarationError, match="true number of cards"):
            sn.inspect_bag(bag, "chickens", count=count)
    with pytest.raises(sn.DeclarationError, match="exactly one legal good"):
        sn.inspect_bag(bag, ("chickens", "cheese"))
    with pytest.raises(sn.DeclarationError, match="Silk is contraband"):
        sn.inspect_bag(bag, "silk")
    result = sn.inspect_bag(bag, "chickens", count=4)
    assert result.to_stand == Counter(chickens=2) and result.gold_to_sheriff == 6


def test_example_03_ib_arithmetic():
    assert sn.inspect_bag(["chickens", "chickens", "apples", "mead"], "chickens").gold_to_sheriff == 6


def test_example_04_friar_tuck_bribe_with_counter_offer():
    game = at_inspection({1: (["pepper", "apples"], "apples")}, stands={1: ["apples", "apples", "cheese"]})
    game.apply(Offer(1, merchant=1, gold=5, stand=["apples", "apples"]))
    game.apply(Offer(0, merchant=1, gold=8, stand=["apples", "apples"]))  # the sheriff counters
    game.apply(Accept(1, merchant=1))
    with pytest.raises(sn.InspectionError, match="binding"):
        game.apply(Inspect(0, 1))  # an accepted bribe: the bag cannot be inspected
    game.apply(Pass(0, 1))
    assert (game.gold[0], game.gold[1]) == (58, 42)
    assert game.stands[0] == Counter(apples=2)  # 2nd edition: onto the sheriff's stand
    assert game.stands[1] == Counter(cheese=1, apples=1, pepper=1)


def test_example_05_maid_marion_passed_free_contraband_face_down():
    game = at_inspection({3: (["cheese", "cheese", "pepper"], "cheese")})
    event = game.apply(Pass(0, 3))
    assert event["legal"] == {"cheese": 2} and event["contraband"] == 1
    seen_by_sheriff = game.view(0)["stands"][3]
    assert seen_by_sheriff == {"cheese": 2, "face_down": 1}  # the number is public, the type is not
    assert game.view(3)["stands"][3] == {"cheese": 2, "pepper": 1}


def test_example_06_david_of_doncaster_scores_125():
    david = {"apples": 4, "cheese": 6, "bread": 1, "chickens": 4, "pepper": 2, "crossbow": 1}
    rival = {"apples": 5, "bread": 2, "chickens": 4}  # ties David for the Chicken Queen
    king = {"apples": 5, "bread": 2, "chickens": 9, "cheese": 1}
    table = sn.score({"David": david, "Rival": rival, "King": king}, {"David": 42, "Rival": 0, "King": 0})
    row = table.loc["David"]
    assert (row.goods, row.gold, row.bonus, row.total) == (66, 42, 15 + 2, 125)


def test_example_07_royal_gouda_makes_will_cheese_king():
    with_gouda = sn.king_queen({"Will": {"cheese": 10, "gouda_cheese": 1}, "Marion": {"cheese": 11}})
    assert with_gouda.set_index("title").loc["King", "players"] == ["Will"]
    assert with_gouda.set_index("title").loc["King", "bonus"] == 15
    without = sn.king_queen({"Will": {"cheese": 10}, "Marion": {"cheese": 11}}).set_index("title")
    assert without.loc["King", "players"] == ["Marion"] and without.loc["Queen", "players"] == ["Will"]
    assert without.loc["Queen", "bonus"] == 10


@pytest.mark.parametrize("good, tied, each", [("apples", 2, 15), ("chickens", 3, 5), ("bread", 4, 6)])
def test_example_08_king_ties_split_king_plus_queen(good, tied, each):
    stands = {p: {good: 3} for p in range(tied)} | {"last": {good: 1}}
    awards = sn.king_queen(stands)
    assert awards.title.tolist() == ["King"]  # no Queen is awarded after a tied King
    assert awards.bonus.tolist() == [each] and awards.players[0] == list(range(tied))


def test_example_09_queen_tie_splits_the_queen_bonus():
    awards = sn.king_queen({"K": {"apples": 6}, 1: {"apples": 2}, 2: {"apples": 2}, 3: {"apples": 2}}).set_index(
        "title"
    )
    assert awards.loc["King", "bonus"] == 20 and awards.loc["Queen", "bonus"] == 3


def test_example_10_debts_paid_in_goods_or_forgiven():
    assert sn.pay_debt(3, 0, {"chickens": 1}) == Payment(0, Counter(chickens=1), 0)
    assert sn.pay_debt(10, 0, {}) == Payment(0, Counter(), 10)


def test_example_10_in_a_game_a_broke_liar_pays_with_a_chicken():
    game = at_inspection({1: (["apples", "cheese"], "apples")}, stands={1: ["chickens"]}, gold={1: 0})
    event = game.apply(Inspect(0, 1))  # owes 2 for the cheese
    assert event["payment"]["goods"] == {"apples": 1}  # the cheapest cover: the Apple just placed
    assert game.stands[0] == Counter(apples=1) and game.stands[1] == Counter(chickens=1)


def test_example_11_honour_missing_bag_goods_are_not_paid():
    game = at_inspection({1: (["apples", "apples"], "apples")})
    game.apply(Offer(1, merchant=1, gold=5, bag=["pepper"]))
    game.apply(Accept(0, merchant=1))
    event = game.apply(Pass(0, 1))
    assert event["bribe"]["gold"] == 5 and event["bribe"]["missing"] == {"pepper": 1}
    assert game.gold[1] == 45 and game.stands[1] == Counter(apples=2) and not game.stands[0]


def test_example_11_richard_at_the_lee_binding_inspection_of_sir_guy():
    game = at_inspection({1: (["apples"], "apples"), 2: (["cheese"], "cheese")})  # 2 = Sir Guy
    game.apply(Offer(1, merchant=1, gold=20, inspect=[2], promise="I won't inspect you when I'm sheriff"))
    game.apply(Accept(0, merchant=1))
    game.apply(Pass(0, 1))
    game.apply(Offer(2, merchant=2, gold=30))
    with pytest.raises(sn.BribeError, match="already agreed to inspect"):
        game.apply(Accept(0, merchant=2))  # Guy's bribe cannot buy his way out
    with pytest.raises(sn.InspectionError, match="binding"):
        game.apply(Pass(0, 2))
    game.apply(Inspect(0, 2))
    assert game.gold[1] == 30
    assert game.deals[1].promise == "I won't inspect you when I'm sheriff"  # recorded, changes no state


def test_example_12_market_first_edition_little_john():
    seat = 1
    game = rig(
        sn.Game(players=4, edition=1, seed=3, first_sheriff=0),
        hands={seat: Counter(chickens=2, apples=1, cheese=1, bread=1, mead=1)},
    )
    left = game.discards[0]
    wanted = left[-2]  # the 2nd card from the top of the left pile
    with pytest.raises(sn.MarketError, match="before any draw from the deck"):
        game.apply(Market(seat, ["apples", "cheese", "bread"], draws=["deck", 0, 0]))
    top_two = left[-2:]
    deck_top = game.deck[-1]
    game.apply(Market(seat, ["apples", "cheese", "bread"], draws=[0, 0, "deck"], onto=1))
    assert game.hands[seat] == Counter(chickens=2, mead=1) + Counter(top_two) + Counter([deck_top])
    assert wanted in top_two and game.discards[1][-3:] == ["apples", "cheese", "bread"]
    assert len(game.discards[0]) == 3 and len(game.discards[1]) == 8


def test_example_13_market_second_edition_little_john():
    game = sn.Game(players=4, edition=2, seed=3, first_sheriff=0)
    game.apply(sn.ChooseFirstMerchant(0, 1))
    hand = game.hands[1]
    aside = list(hand.elements())[:3]
    deck_top3 = game.deck[-3:]
    with pytest.raises(sn.MarketError, match="only from the deck"):
        game.apply(Market(1, aside, draws=[0]))
    game.apply(Market(1, aside))
    assert game.hands[1] == hand - Counter(aside) + Counter(deck_top3)
    assert game.set_aside == aside and game.discards == [[]]  # face up, not yet on the pile
    game.apply(Market(2))
    game.apply(Market(3))
    assert Counter(game.discards[0]) == Counter(aside) and game.set_aside == []


@pytest.mark.parametrize(
    "edition, players, royal, size",
    [
        (1, 4, False, 204),
        (1, 5, True, 216),
        (2, 4, False, 204),
        (2, 6 - 1, True, 216),
        (2, 3, False, 156),
        (2, 3, True, 162),
        (1, 3, False, 156),
    ],
)
def test_example_17_deck_sizes(edition, players, royal, size):
    assert sum(sn.deck(edition=edition, players=players, royal=royal).values()) == size
    assert sn.Game(players=players, edition=edition, royal=royal).deck_size == size
