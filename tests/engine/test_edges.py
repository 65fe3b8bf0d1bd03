"""The engine's edges (issue 20, item 6): numbers too long to write, numpy values, seats that are not whole numbers,
positions that cannot happen and seeds that cannot be read back are refused with a RuleError that names the
parameter, and the game stays as it was."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheriff_nb.engine import actions as A
from sheriff_nb.engine.errors import ArgumentError, NotationError, RuleError, SaveFileError, SetupError
from sheriff_nb.engine.game import Game
from sheriff_nb.engine.options import RuleOptions
from sheriff_nb.engine.validate import MAX_SEED

HUGE = 10**5000  # more digits than Python writes as text (4,300)


def refused(game, attempt, error, *words):
    """``attempt()`` raises ``error`` whose message holds each of ``words``; the game's save is unchanged."""
    before = game.to_json() if game is not None else None
    with pytest.raises(error) as refusal:
        attempt()
    message = str(refusal.value)
    assert all(word in message for word in words), message
    if game is not None:
        assert game.to_json() == before
    return message


# ---------------------------------------------------------------- 1. numbers of more than 4,300 digits


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: A.Pass(HUGE, 1), ["player", "0 to 5"]),
        (lambda: A.Pass(0, -HUGE), ["merchant", "0 to 5", "a negative number of 5,001 digits"]),
        (lambda: A.Offer(1, 1, gold=HUGE), ["gold", "0 to 300"]),
        (lambda: A.Offer(1, 1, inspect=[HUGE]), ["inspect", "0 to 5"]),
        (lambda: A.Declare(1, "apples", HUGE), ["count", "0 to 216"]),
        (lambda: A.Market(1, onto=HUGE), ["onto", "0 or 1"]),
        (lambda: A.Market(1, draws=[HUGE]), ["draws"]),
        (lambda: A.DiscardConfiscated(0, pile=HUGE), ["pile", "0 or 1"]),
        (lambda: A.SplitBooty(0, odd_to=HUGE), ["odd_to", "0 to 5"]),
        (lambda: A.Load(1, {"apples": HUGE}), ["count of apples", "0 to 216"]),
    ],
)
def test_an_action_with_a_huge_number_is_refused_naming_the_field_and_its_range(make, words):
    message = refused(None, make, ArgumentError, *words, "digits")
    assert len(message) < 200


def test_game_arguments_with_a_huge_number_are_refused():
    refused(None, lambda: Game(seed=HUGE), ArgumentError, "seed", "at most 30 digits")
    refused(None, lambda: Game(players=4, first_sheriff=HUGE), SetupError, "first sheriff", "0 to 3")
    refused(None, lambda: RuleOptions(players=HUGE), SetupError, "3 to 6 players")
    refused(None, lambda: RuleOptions(hand_size=HUGE), SetupError, "6 cards")
    table = {"pepper": [HUGE, 1], "mead": [1, 2], "silk": [3, 4]}
    refused(None, lambda: RuleOptions(black_market=table), SetupError, "Black Market", "at most 99")
    game = Game(players=4, seed=1, first_sheriff=0)
    for attempt, name in [
        (lambda: game.apply(A.Pass(HUGE, 1)), "player"),
        (lambda: game.apply(HUGE), "not an action"),
        (lambda: game.view(HUGE), "player"),
        (lambda: game.legal_actions(HUGE), "player"),
        (lambda: game.claimed_value(HUGE), "seat"),
        (lambda: game.awaited(HUGE), "seat"),
    ]:
        refused(game, attempt, RuleError, name)


def test_a_position_with_a_huge_number_is_refused():
    line = Game(players=4, seed=1, first_sheriff=0).notation()
    huge = line.replace("gold=50,", f"gold={'9' * 5000},", 1)
    message = refused(None, lambda: Game.from_notation(huge), NotationError, "gold", "at most 30 digits")
    assert len(message) < 300


def test_a_save_with_a_huge_number_is_a_save_file_error():
    text = Game(players=4, seed=1).to_json().replace('"seed":1', f'"seed":{"9" * 5000}')
    refused(None, lambda: Game.from_json(text), SaveFileError, "JSON")


# ---------------------------------------------------------------- 2. numpy values


def test_numpy_integers_are_whole_numbers_and_arrays_are_sequences():
    assert A.Load(np.int64(1), np.array(["mead", "apples"])) == A.Load(1, ["apples", "mead"])
    assert A.Market(1, set_aside=np.array(["silk"]), draws=np.array([0, 1]), onto=np.int64(1)) == A.Market(
        1, ["silk"], [0, 1], 1
    )
    assert A.Market(1, set_aside=np.array([])) == A.Market(1)
    offer = A.Offer(np.int64(1), 1, gold=np.int64(3), stand=np.array(["apples"]), inspect=np.array([2, 3]))
    assert offer == A.Offer(1, 1, gold=3, stand=["apples"], inspect=[2, 3])
    assert type(offer.gold) is int and type(offer.inspect[0]) is int
    assert A.Declare(1, "apples", np.int64(2), pay_with=np.array(["cheese"])).pay_with == ("cheese",)
    assert A.Inspect(0, 1, pay_with=np.array(["cheese", "apples"])).pay_with == ("cheese", "apples")
    assert A.DiscardConfiscated(0, np.int64(1), np.array(["silk", "mead"])).order == ("silk", "mead")


def test_a_numpy_value_that_is_not_a_card_list_is_refused():
    refused(None, lambda: A.Load(1, np.array(3)), ArgumentError, "cards")
    refused(None, lambda: A.Offer(1, 1, stand=np.array([1, 2])), ArgumentError, "stand")
    refused(None, lambda: A.Pass(np.float64(1.0), 1), ArgumentError, "player", "whole number")
    refused(None, lambda: A.Offer(1, 1, inspect=np.array([1.5])), ArgumentError, "inspect")
    refused(None, lambda: A.Offer(1, 1, passes=np.array(2)), ArgumentError, "passes")
    refused(None, lambda: A.Market(1, draws=np.array(0)), ArgumentError, "draws")
    refused(None, lambda: A.Market(1, draws=np.array([3])), ArgumentError, "draws", "discard pile")
    assert A.Market(1, draws=np.array(["deck", "deck"])).draws == ("deck", "deck")


# ---------------------------------------------------------------- 3. a seat is a whole number


@pytest.mark.parametrize("seat", [1.0, True, "1", None, -1, 4])
def test_awaited_refuses_a_seat_that_is_not_one_of_the_games(seat):
    game = Game(players=4, seed=1, first_sheriff=0)
    refused(game, lambda: game.awaited(seat), ArgumentError, "seat", "0 to 3")


# ---------------------------------------------------------------- 4. positions no game can reach


def _inspection() -> str:
    game = Game(players=4, seed=2, first_sheriff=0)
    game.apply(A.ChooseFirstMerchant(0, 1))
    for seat in (1, 2, 3):
        game.apply(A.Market(seat))
    for seat in (1, 2, 3):
        game.apply(A.Load(seat, [next(iter(game.hands[seat]))]))
    for seat in (1, 2, 3):
        good = next(iter(game.bags[seat]))
        game.apply(A.Declare(seat, good if good in ("apples", "cheese", "bread", "chickens") else "apples", 1))
    return game.notation()


def test_an_inspection_with_no_bag_to_handle_and_no_one_to_wait_for_is_refused():
    line = _inspection()
    assert " pending=1,2,3 " in line
    stuck = line.replace(" pending=1,2,3", "").replace(" handlers=1:0,2:0,3:0", "")
    refused(None, lambda: Game.from_notation(stuck), NotationError, "no one could ever move", "pending")


def test_a_position_with_more_or_fewer_cards_than_the_deck_is_refused():
    line = Game(players=4, seed=1, first_sheriff=0).notation()
    deck = line.split(" deck=")[1].split()[0]
    four_times = line.replace(f"deck={deck}", f"deck={deck * 4}")  # 804 cards in a 204-card game
    refused(None, lambda: Game.from_notation(four_times), NotationError, "cards", "deck of 204", "exactly one place")
    short = line.replace(f"deck={deck}", f"deck={deck[:-1]}")
    refused(None, lambda: Game.from_notation(short), NotationError, "cards", "deck of 204")


def test_gold_is_never_more_than_the_game_holds():
    line = Game(players=4, seed=1, first_sheriff=0).notation()
    refused(
        None,
        lambda: Game.from_notation(line.replace("gold=50,50,50,50", "gold=999999,50,50,50")),
        NotationError,
        "gold",
        "0 to 200",
    )
    refused(
        None,
        lambda: Game.from_notation(line.replace("gold=50,50,50,50", "gold=50,50,50,60")),
        NotationError,
        "gold",
        "210 gold in all",
        "has 200",
    )
    refused(None, lambda: Game.from_notation(line + " bank=999"), NotationError, "bank", "0 to 200")


# ---------------------------------------------------------------- 5. seeds round-trip


@pytest.mark.parametrize("seed", [10**40, -(10**40), MAX_SEED + 1])
def test_a_seed_that_cannot_be_written_back_is_refused_at_construction(seed):
    refused(None, lambda: Game(seed=seed), ArgumentError, "seed", "at most 30 digits")


def test_a_seed_out_of_range_in_a_position_is_refused():
    line = Game(players=4, seed=1).notation().replace("seed=1 ", f"seed={10**40} ")
    refused(None, lambda: Game.from_notation(line), NotationError, "seed")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.one_of(
        st.integers(-MAX_SEED, MAX_SEED),
        st.sampled_from([MAX_SEED, -MAX_SEED, 0]),
        st.text(max_size=200),
    ),
    players=st.integers(3, 6),
)
def test_every_seed_the_game_accepts_reads_back_from_its_notation_and_its_save(seed, players):
    game = Game(players=players, seed=seed)
    for seat in game.to_act()[:1]:
        game.apply(next(iter(game.legal_actions(seat))))
    again = Game.from_notation(game.notation())
    assert again.seed == seed and again.notation() == game.notation()
    loaded = Game.from_json(game.to_json())
    assert loaded.seed == seed and loaded.to_json() == game.to_json()
