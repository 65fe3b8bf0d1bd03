"""What the views remember to be fast (issue 11 item 4) never goes stale and cannot be changed by a reader.

``goods_dict`` and another player's stand as seen are remembered by content (the same hands and stands come back
all game); each reader gets its own copy.  These tests read views before and after the state changes, and change
what a reader was given.
"""

from collections import Counter

from sheriff_nb.engine.actions import ChooseFirstMerchant, Declare, Load, Market, Pass, PickUpBag
from sheriff_nb.engine.cards import IDS, counts, goods_dict
from sheriff_nb.engine.game import Game
from sheriff_nb.play.habits import public_scores


def _round_to_inspection() -> Game:
    """A 3-player 2nd-edition game in its first Inspection: seat 1 loaded 1 Cheese + 1 Pepper, seat 2 one Apple."""
    game = Game(players=3, edition=2, seed=5, first_sheriff=0)
    game.apply(ChooseFirstMerchant(0, merchant=1))
    game.apply(Market(1))
    game.apply(Market(2))
    hands = game.hands
    assert hands[1]["cheese"] >= 1 and hands[1]["pepper"] >= 1 and hands[2]["apples"] >= 1, hands
    game.apply(Load(1, ["cheese", "pepper"]))
    game.apply(Load(2, ["apples"]))
    game.apply(Declare(1, "cheese", 2))
    game.apply(Declare(2, "apples", 1))
    return game


def test_a_hand_read_before_a_move_and_after_it_shows_each_time_the_hand_then():
    game = Game(players=3, edition=2, seed=5, first_sheriff=0)
    game.apply(ChooseFirstMerchant(0, merchant=1))
    before = game.player_view(1)["hand"]
    assert before == goods_dict(game.state.hands[1]) and sum(before.values()) == 6
    drawn = IDS[game.state.deck[-1]]
    game.apply(Market(1, set_aside=("pepper",)))
    after = game.player_view(1)["hand"]
    assert after == goods_dict(game.state.hands[1])
    assert Counter(after) == Counter(before) - Counter(["pepper"]) + Counter([drawn])
    assert before == {"cheese": 3, "apples": 1, "chickens": 1, "pepper": 1}  # what was read stays as it was


def test_a_changed_copy_does_not_change_what_the_next_reader_gets():
    numbers = counts(["apples", "apples", "silk"])
    given = goods_dict(numbers)
    given["apples"] = 99
    given["crossbow"] = 1
    assert goods_dict(numbers) == {"apples": 2, "silk": 1}
    game = _round_to_inspection()
    seen = game.player_view(0)["stands"]
    seen[1]["face_down"] = 7
    assert game.player_view(0)["stands"][1] == {}


def test_another_stand_read_before_and_after_a_bag_passes_shows_it_then():
    game = _round_to_inspection()
    assert game.player_view(2)["stands"][1] == {}
    assert public_scores(game.player_view(2)) == [50, 50, 50]
    game.apply(PickUpBag(0, merchant=1))
    game.apply(Pass(0, merchant=1))
    seen_by_2, seen_by_1 = game.player_view(2)["stands"][1], game.player_view(1)["stands"][1]
    assert seen_by_2 == {"cheese": 1, "face_down": 1}  # the Pepper only as a count
    assert seen_by_1 == {"cheese": 1, "pepper": 1}  # the owner sees its own stand
    assert public_scores(game.player_view(2)) == [50, 50 + 3 + 6, 50]
    assert game.player_view(0)["stands"][1] == seen_by_2  # the same stand, remembered, for another reader
