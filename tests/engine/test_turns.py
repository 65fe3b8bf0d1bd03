"""Whose turn (issue 11, item 2): ``Game.to_act()`` names the seats the game waits for, each with a legal move of
the kind ``Game.awaited`` says; it is empty only once the game is over.  Picking up a bag is a move of its own."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import at_inspection

import sheriff_nb as sn
from sheriff_nb.engine import actions as A
from sheriff_nb.engine.game import Game
from sheriff_nb.play.bots import RandomLegal, strategy
from sheriff_nb.play.driver import play

TABLE = {"pepper": [10, 14], "mead": [12, 16], "silk": [14, 18]}
OPTIONS = st.one_of(
    st.builds(sn.RuleOptions, edition=st.just(1), players=st.sampled_from([3, 4, 5]), royal=st.booleans()),
    st.builds(
        sn.RuleOptions,
        edition=st.just(2),
        players=st.sampled_from([3, 4, 5, 6]),
        royal=st.booleans(),
        time_limit=st.booleans(),
        black_market=st.sampled_from([(), TABLE]),
    ),
)
KINDS = {
    "choose_first_merchant": (A.ChooseFirstMerchant,),
    "market": (A.Market,),
    "load": (A.Load,),
    "declare": (A.Declare,),
    "pick_up_bag": (A.PickUpBag, A.Pass, A.Inspect),
    "decide": (A.Pass, A.Inspect),
    "discard_confiscated": (A.DiscardConfiscated,),
    "claim_black_market": (A.ClaimBlackMarket,),
    "split_booty": (A.SplitBooty,),
}
"""The moves that answer each kind of wait."""


def check_turn(game):
    seats = game.to_act()
    assert (not seats) == game.is_over
    assert len(set(seats)) == len(seats)
    for seat in range(game.players):
        kind = game.awaited(seat)
        assert (kind is not None) == (seat in seats), (seat, kind, seats)
        if kind is not None:
            answers = [a for a in game.legal_actions(seat) if isinstance(a, KINDS[kind])]
            assert answers, f"seat {seat} is waited for ({kind}) but has no such legal move"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 10**6), characters=st.booleans())
def test_every_seat_waited_for_has_a_legal_move_of_the_kind_awaited(options, seed, characters):
    game = Game(options, seed=seed)
    bots = [
        strategy(("briber", "bluffer", "greedy", "honest+suspicious")[i % 4], seed=i)
        if characters
        else RandomLegal(seed + i)
        for i in range(options.players)
    ]
    check_turn(game)
    for number, _event in enumerate(play(game, bots)):
        if number % 3 == 0:
            check_turn(game)
    check_turn(game)
    assert game.is_over and game.to_act() == []


def test_the_round_waits_for_the_sheriff_to_pick_up_a_bag_then_for_the_bag_in_hand():
    game = at_inspection({1: (["apples"], "apples"), 2: (["cheese"], "cheese")})
    assert game.to_act() == [0] and game.awaited(0) == "pick_up_bag" and game.in_hand is None
    event = game.apply(A.PickUpBag(0, 2))
    assert event == {"kind": "pick_up_bag", "round": 0, "player": 0, "merchant": 2} and game.in_hand == 2
    assert game.to_act() == [0] and game.awaited(0) == "decide"
    with pytest.raises(sn.InspectionError, match="one bag at a time: Will's bag is in hand"):
        game.apply(A.Pass(0, 1))
    with pytest.raises(sn.InspectionError, match="already in hand"):
        game.apply(A.PickUpBag(0, 2))
    with pytest.raises(sn.NotYourTurnError, match="only the sheriff"):
        game.apply(A.PickUpBag(1, 3))
    game.apply(A.Offer(1, 1, gold=2))  # talk about another bag goes on
    game.apply(A.Offer(3, 3, gold=1, inspect=(1,), buys_pass=False))  # so do payments to open another bag
    game.apply(A.Inspect(0, 2))
    assert game.in_hand is None and game.to_act() == [0]
    game.apply(A.Pass(0, 1))  # deciding about a bag picks it up
    assert game.outcomes == {2: "inspect", 1: "pass"}


def test_six_players_the_lead_deputy_picks_up_and_both_deputies_decide():
    game = Game(players=6, seed=0)
    lead, other = game.sheriffs
    game.apply(A.ChooseFirstMerchant(lead, game.merchants[0]))
    while game.awaited(game.to_act()[0]) == "market":
        game.apply(A.Market(game.to_act()[0]))
    assert sorted(game.to_act()) == sorted(game.merchants) and game.awaited(game.merchants[0]) == "load"
    for seat in game.merchants:
        game.apply(A.Load(seat, [next(iter(game.hands[seat]))]))
    for seat in game.merchants:
        game.apply(A.Declare(seat, "apples", 1))
    m = game.merchants[1]
    assert game.to_act() == [lead]
    with pytest.raises(sn.NotYourTurnError, match="only the lead deputy"):
        game.apply(A.PickUpBag(other, m))
    game.apply(A.PickUpBag(lead, m))
    assert game.to_act() == [lead, other]
    game.apply(A.Pass(other, m))
    assert game.to_act() == [lead] and game.awaited(other) is None
    game.apply(A.Inspect(lead, m))  # a split decision: the lead deputy handles the bag alone
    assert game.in_hand == m and game.to_act() == [lead]


def test_time_up_passes_the_bag_in_hand_too():
    game = Game(players=3, seed=1, first_sheriff=0, time_limit=True)
    game.apply(A.ChooseFirstMerchant(0, 1))
    for seat in (1, 2):
        game.apply(A.Market(seat))
    for seat in (1, 2):
        game.apply(A.Load(seat, [next(iter(game.hands[seat]))]))
    for seat in (1, 2):
        game.apply(A.Declare(seat, "bread", 1))
    game.apply(A.PickUpBag(0, 2))
    event = game.apply(A.PassRemaining(0))
    assert [p["merchant"] for p in event["passes"]] == [1, 2] and game.round == 1 and game.in_hand is None
