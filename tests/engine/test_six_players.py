"""2nd-edition modules: six players with deputies and the Booty, the Black Market, optional rules
(rules reference: Six players; worked examples 14–16; Rulings)."""

from collections import Counter

import pytest
from positions import rig

import sheriff_nb as sn
from sheriff_nb.engine.actions import (
    Accept,
    ChooseFirstMerchant,
    ClaimBlackMarket,
    Declare,
    Inspect,
    Load,
    Market,
    Offer,
    Pass,
    SplitBooty,
)
from sheriff_nb.engine.state import START_GOLD

TABLE = {"pepper": [10, 14], "mead": [12, 16], "silk": [14, 18]}  # a teacher's entries, not rulebook values


def rejected(game, action, error, match):
    before = game.to_json()
    with pytest.raises(error, match=match):
        game.apply(action)
    assert game.to_json() == before


def six_at_inspection(bags, seed=0, **options):
    """Six players at Inspection: ``bags[seat] = (cards, declared)`` for every merchant."""
    game = sn.Game(players=6, seed=seed, **options)
    game.apply(ChooseFirstMerchant(game.sheriff, game.merchants[0]))
    for seat in list(game.queue):
        game.apply(Market(seat))
    game = rig(game, hands={seat: bag for seat, (bag, _) in bags.items()})
    for seat in game.merchants:
        game.apply(Load(seat, bags[seat][0]))
    for seat in game.merchants:
        game.apply(Declare(seat, bags[seat][1], len(bags[seat][0])))
    return game


def test_six_players_need_the_second_edition_and_play_nine_rounds():
    with pytest.raises(sn.SetupError, match="2nd edition only"):
        sn.RuleOptions(players=6, edition=1)
    assert sn.RuleOptions(players=6).rounds == 9
    with pytest.raises(sn.SetupError, match="deputy deck"):
        sn.Game(players=6, first_sheriff=0)


def test_deputy_deck_two_a_round_everyone_once_per_three_rounds():
    from sheriff_nb.play.bots import Bot, play

    game = sn.Game(players=6, seed=4)
    list(play(game, [Bot() for _ in range(6)]))
    officials = [e["officials"] for e in game.events if e["kind"] == "round_start"]
    assert len(officials) == 9 and all(len(o) == 2 for o in officials)
    for block in range(3):
        seats = sorted(s for pair in officials[3 * block : 3 * block + 3] for s in pair)
        assert seats == list(range(6)), f"deputy deck block {block}"
    assert game.deputy_shuffles == 3 and game.is_over


def test_lead_deputy_chooses_the_first_merchant_and_declarations_skip_the_other_deputy():
    game = sn.Game(players=6, seed=0)
    lead, other = game.sheriffs
    assert game.sheriff == lead == min(game.sheriffs)
    assert other not in game.merchants and len(game.merchants) == 4
    assert game.merchants[0] == (lead + 1) % 6 or (lead + 1) % 6 == other
    rejected(game, ChooseFirstMerchant(other, game.merchants[0]), sn.NotYourTurnError, "only the lead deputy")
    rejected(game, Load(other, ["apples"]), sn.OutOfPhaseError, "phase 2")


def test_example_14_deputies_booty_split_and_a_lone_deputy():
    game = sn.Game(players=6, seed=0)
    marion, other = game.sheriffs  # Marion is the lead deputy here
    alan, will, david, fourth = game.merchants
    game = six_at_inspection(
        {
            alan: (["mead"], "apples"),
            will: (["silk"], "cheese"),
            david: (["chickens", "chickens"], "chickens"),
            fourth: (["bread"], "bread"),
        }
    )
    # Alan-a-Dale bribes both deputies 12: it goes on the Booty tile
    game.apply(Offer(alan, alan, gold=12))
    game.apply(Accept(marion, alan))
    assert alan not in game.deals  # both deputies must agree
    game.apply(Accept(other, alan))
    game.apply(Pass(marion, alan))
    game.apply(Pass(other, alan))
    assert game.booty_gold == 12 and game.gold[alan] == 38
    # Will Scarlet: the deputies disagree, so Marion (who wants to inspect) deals alone: 8 gold to her
    game.apply(Inspect(marion, will))
    event = game.apply(Pass(other, will))
    assert event["kind"] == "split_decision" and game.handlers[will] == [marion]
    rejected(game, Pass(other, will), sn.NotYourTurnError, "handles it alone")
    game.apply(Offer(will, will, gold=8))
    game.apply(Accept(marion, will))
    game.apply(Pass(marion, will))
    assert game.gold[marion] == 58 and game.booty_gold == 12
    # David refuses to bribe; both inspect; truthful: each deputy pays half of the 4 gold penalty
    game.apply(Inspect(marion, david))
    game.apply(Inspect(other, david))
    assert game.gold[david] == 54 and game.gold[marion] == 56 and game.gold[other] == 48
    game.apply(Pass(marion, fourth))
    game.apply(Pass(other, fourth))
    # end of Inspection: Booty 12 -> 6 each; Marion ends +14 from bribes (8 + 6), less her half penalty
    booty = next(e for e in game.events if e["kind"] == "booty")
    assert booty["gold_each"] == 6 and booty["odd_coin"] == 0
    assert game.gold[marion] == 50 + 14 - 2 and game.gold[other] == 50 + 6 - 2
    assert game.round == 1 and game.gold_count() == 6 * START_GOLD


def test_lying_bag_inspected_by_both_deputies_pays_its_fine_to_the_booty():
    game = sn.Game(players=6, seed=0)
    a, b = game.sheriffs
    m = game.merchants
    game = six_at_inspection(
        {
            m[0]: (["apples", "silk"], "apples"),
            m[1]: (["apples"], "apples"),
            m[2]: (["apples"], "apples"),
            m[3]: (["apples"], "apples"),
        }
    )
    game.apply(Inspect(a, m[0]))
    game.apply(Inspect(b, m[0]))
    assert game.booty_gold == 4 and game.gold[a] == game.gold[b] == 50


def test_odd_booty_is_discarded_unless_both_deputies_name_the_taker():
    for choices, expected_lead in [((None, None), 50 + 2), ("same", 50 + 3)]:
        game = sn.Game(players=6, seed=0)
        lead, other = game.sheriffs
        m = game.merchants
        game = six_at_inspection({s: (["apples"], "apples") for s in m})
        game.apply(Offer(m[0], m[0], gold=5))
        game.apply(Accept(lead, m[0]))
        game.apply(Accept(other, m[0]))
        for seat in m:
            game.apply(Pass(lead, seat))
            game.apply(Pass(other, seat))
        assert game.waiting_for() == [lead, other] and game.round == 0
        rejected(game, SplitBooty(lead, odd_to=m[1]), sn.InspectionError, "one of the two deputies")
        picks = choices if choices != "same" else (lead, lead)
        game.apply(SplitBooty(lead, picks[0]))
        game.apply(SplitBooty(other, picks[1]))
        assert game.round == 1 and game.gold[lead] == expected_lead and game.gold[other] == 52
        assert game.bank == (1 if choices != "same" else 0) and game.gold_count() == 300


def test_booty_cards_are_split_one_each_most_valuable_first():
    game = sn.Game(players=6, seed=0)
    lead, other = game.sheriffs
    m = game.merchants
    game = six_at_inspection({s: (["apples"], "apples") for s in m})
    game = rig(game, stands={m[0]: Counter(cheese=1, chickens=1, apples=1)})
    game.apply(Offer(m[0], m[0], stand=["cheese", "chickens", "apples"]))
    game.apply(Accept(lead, m[0]))
    game.apply(Accept(other, m[0]))
    for seat in m:
        game.apply(Pass(lead, seat))
        game.apply(Pass(other, seat))
    game.apply(SplitBooty(lead, other))
    game.apply(SplitBooty(other, other))
    assert game.stands[lead] == Counter(chickens=1) and game.stands[other] == Counter(cheese=1, apples=1)


# Black Market ---------------------------------------------------------------------------------


def test_black_market_table_is_validated():
    for table, match in [
        ({"pepper": [10, 14], "mead": [12, 16]}, "3 piles"),
        ({"pepper": [10, 14], "mead": [12, 16], "apples": [1, 2]}, "contraband"),
        ({"pepper": [10, 14], "mead": [12, 16], "silk": [14]}, "2 cards"),
        ({"pepper": [10, 14], "mead": [12, -16], "silk": [14, 18]}, "positive whole"),
        ([("pepper", [1, 2]), ("pepper", [3, 4]), ("silk", [5, 6])], "3 different"),
    ]:
        with pytest.raises(sn.SetupError, match=match):
            sn.RuleOptions(black_market=table)
    with pytest.raises(sn.SetupError, match="2nd edition only"):
        sn.RuleOptions(edition=1, black_market=TABLE)
    assert sn.RuleOptions(black_market=TABLE).black_market[0] == ("pepper", (10, 14))


def test_example_15_black_market_claim_after_the_bag_returns():
    game = sn.Game(players=4, seed=0, first_sheriff=0, black_market=TABLE, royal=True)
    game.apply(ChooseFirstMerchant(0, 1))
    for seat in (1, 2, 3):
        game.apply(Market(seat))
    game = rig(
        game,
        hands={1: Counter(pepper=1, apples=1), 2: Counter(apples=1), 3: Counter(apples=1)},
        stands={1: Counter(pepper=2, golden_apples=1)},
    )
    for seat in (1, 2, 3):
        game.apply(Load(seat, ["pepper", "apples"] if seat == 1 else ["apples"]))
    for seat in (1, 2, 3):
        game.apply(Declare(seat, "apples", 2 if seat == 1 else 1))
    rejected(game, ClaimBlackMarket(1, "pepper"), sn.InspectionError, "after your bag is returned")
    game.apply(Pass(0, 1))  # David's bag passed: now 3 Pepper on his stand
    rejected(game, ClaimBlackMarket(0, "pepper"), sn.NotYourTurnError, "only merchants")
    rejected(game, ClaimBlackMarket(1, "mead"), sn.InspectionError, "needs 3 Mead")
    event = game.apply(ClaimBlackMarket(1, "pepper"))
    assert event["value"] == 14 and game.black_market["pepper"] == [10]  # the higher card was on top
    assert game.stands[1]["pepper"] == 0 and game.discards[0][-3:] == ["pepper"] * 3
    rejected(game, ClaimBlackMarket(1, None), sn.InspectionError, "one Black Market claim per player per round")
    game.apply(Pass(0, 2))
    game.apply(Pass(0, 3))
    rows = game.score_rows()
    assert rows[1]["goods"] == 2 + 6 + 14 and rows[1]["contraband"] == 1 + 1  # golden apple + the claimed card


def test_black_market_waits_for_eligible_merchants_at_the_end_of_inspection():
    game = sn.Game(players=3, seed=0, first_sheriff=0, black_market=TABLE)
    game.apply(ChooseFirstMerchant(0, 1))
    game.apply(Market(1))
    game.apply(Market(2))
    game = rig(game, stands={2: Counter(silk=3)})
    for seat in (1, 2):
        game.apply(Load(seat, [next(iter(game.hands[seat]))]))
    for seat in (1, 2):
        game.apply(Declare(seat, "apples", 1))
    game.apply(Pass(0, 1))
    game.apply(Pass(0, 2))
    assert game.round == 0 and game.waiting_for() == [2]
    game.apply(ClaimBlackMarket(2, None))  # no claim this round
    assert game.round == 1


# optional rules --------------------------------------------------------------------------------


@pytest.mark.parametrize("players, minutes", [(3, 2), (4, 3), (5, 4), (6, 4)])
def test_example_16_time_limit_one_minute_per_merchant(players, minutes):
    assert sn.RuleOptions(players=players, time_limit=True).inspection_minutes == minutes


def test_six_player_games_keep_the_exact_gold_and_card_accounting():
    from sheriff_nb.play.bots import RandomLegal, play

    for seed in range(6):
        game = sn.Game(players=6, seed=seed, black_market=TABLE, royal=seed % 2 == 0)
        for _ in play(game, [RandomLegal(seed * 7 + i) for i in range(6)]):
            assert game.card_count() == game.deck_size
            assert game.gold_count() == 6 * START_GOLD
        assert game.is_over and sn.Game.from_json(game.to_json()).to_json() == game.to_json()
