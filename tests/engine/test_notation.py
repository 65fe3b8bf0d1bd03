"""The one-line notation (issue 11, item 3): any position reads back to a game with the same legal moves, the same
view for every seat, the same future, and the same line; fixtures written in it."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sheriff_nb as sn
from sheriff_nb.engine.actions import Accept, Declare, Offer, Pass
from sheriff_nb.engine.game import Game
from sheriff_nb.engine.validate import MAX_SEED
from sheriff_nb.play.bots import RandomLegal, strategy
from sheriff_nb.play.driver import play

TABLE = {"pepper": [10, 14], "mead": [12, 16], "silk": [14, 18]}
OPTIONS = st.one_of(
    st.builds(
        sn.RuleOptions,
        edition=st.just(1),
        players=st.sampled_from([3, 4, 5]),
        royal=st.booleans(),
        remove_four_plus=st.sampled_from([None, True, False]),
    ),
    st.builds(
        sn.RuleOptions,
        edition=st.just(2),
        players=st.sampled_from([3, 4, 5, 6]),
        royal=st.booleans(),
        hand_size=st.sampled_from([6, 7]),
        remove_random=st.sampled_from([0, 10]),
        time_limit=st.booleans(),
        black_market=st.sampled_from([(), TABLE]),
    ),
)


def seen(game):
    """Everything the notation must keep: the line, whose turn, the legal moves, every seat's view."""
    views = [json.dumps(game.view(s), sort_keys=True, default=str) for s in range(game.players)]
    return (
        game.notation(),
        game.to_act(),
        [game.awaited(s) for s in range(game.players)],
        [a.to_dict() for a in game.legal_actions()],
        views,
        game.card_count(),
        game.gold_count(),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    options=OPTIONS,
    seed=st.one_of(
        st.integers(-(10**9), 10**9),
        st.integers(-MAX_SEED, MAX_SEED),  # every whole-number seed a game accepts
        st.sampled_from([MAX_SEED, -MAX_SEED]),
        st.text(max_size=6),
    ),
    moves=st.integers(0, 500),
    ahead=st.integers(1, 40),
    names=st.booleans(),
)
def test_positions_read_back_to_the_same_game(options, seed, moves, ahead, names):
    players = [f"P{i} %,/=: é" for i in range(options.players)] if names else None
    game = Game(options, seed=seed, names=players)
    bots = [
        RandomLegal(hash((str(seed), i)) % 1000) if i % 2 else strategy("briber", seed=i)
        for i in range(options.players)
    ]
    events = play(game, bots)
    for _ in zip(range(moves), events, strict=False):
        pass
    line = game.notation()
    copy = Game.from_notation(line)
    assert "\n" not in line and seen(copy) == seen(game)
    done = len(game.history)
    for _ in zip(range(ahead), events, strict=False):  # the same moves take both to the same positions
        pass
    for action in game.history[done:]:
        copy.apply(action)
    assert seen(copy) == seen(game)


def test_the_docstring_position_and_a_written_inspection_position():
    """Fixtures written by hand: a Load position, and an Inspection with a bribe on the table and a deal."""
    start = (
        "sheriff-nb/1 edition=2 players=3 seed=0 round=0 phase=load sheriff=0 gold=50,50,50 "
        "hands=-/A3CX/H2 deck=A45C35H22P17M15S8X4PMS discards=-"
    )
    game = Game.from_notation(start)
    assert game.to_act() == [1, 2] and game.awaited(1) == "load" and game.deck[-3:] == ["pepper", "mead", "silk"]
    inspection = (
        "sheriff-nb/1 edition=2 players=4 seed=5 round=2 phase=inspection sheriff=2 gold=50,44,50,56 "
        "hands=AC/C2/BH/A bags=~/AS/~/H2 declared=~/A2/~/H2 stands=-/P/-/- deck=A3CM discards=A42C32B34H21P21M20S11X5B "
        "pending=1,3 handlers=1:2,3:2 outcomes=0:p table=1:1:6:-:-:-:-:1: "
        "deals=3:3:2:-:-:-:-:1:I%20promise parties=3:2"
    )
    game = Game.from_notation(inspection)
    assert game.notation() == inspection
    assert game.to_act() == [2] and game.awaited(2) == "pick_up_bag"
    assert game.table[1].gold == 6 and game.deals[3].promise == "I promise"
    event = game.apply(Pass(2, 1))  # handing the bag back takes the bribe on the table
    assert event["bribe"]["gold"] == 6 and event["bribe"]["on_the_table"] and game.gold[:3] == [50, 38, 56]
    assert game.apply(Pass(2, 3))["bribe"]["gold"] == 2 and game.round == 3


def test_a_written_position_is_checked():
    line = Game(players=4, seed=1).notation()
    for change, match in [
        (("players=4", "players=9"), "3 to 6 players"),
        (("phase=market", "phase=dance"), "phase"),
        (("gold=50,50,50,50", "gold=50,50"), "gold has 2 entries"),
        (("sheriff-nb/1", "sheriff-nb/9"), "start with"),
        (("seed=1", "seed=1 seed=2"), "twice"),
        (("gold=", "bank=0 gold="), "order"),
    ]:
        try:
            Game.from_notation(line.replace(*change, 1))
        except sn.NotationError as refusal:
            assert match in str(refusal)
        else:
            raise AssertionError(change)


def test_from_notation_games_save_and_replay_from_their_start():
    game = Game(players=4, seed=3, first_sheriff=0)
    list(zip(range(20), play(game, [RandomLegal(i) for i in range(4)]), strict=False))
    copy = Game.from_notation(game.notation())
    copy.apply(next(a for a in copy.legal_actions() if not isinstance(a, Offer)))
    saved = copy.to_json()
    assert Game.from_json(saved).to_json() == saved and copy.replay().to_json() == saved


def test_a_declaration_with_a_debt_choice_and_an_accepted_offer():
    game = Game(players=3, seed=4, first_sheriff=0)
    list(zip(range(30), play(game, [RandomLegal(i) for i in range(3)]), strict=False))
    rng = random.Random(0)
    while not game.is_over and len(game.history) < 400:
        legal = list(game.legal_actions())
        if not legal:
            break
        action = rng.choice(legal)
        if isinstance(action, Declare):
            action = Declare(action.player, action.good, action.count, pay_with=["apples", "mead"])
        game.apply(action)
        if isinstance(action, Accept | Declare):
            assert Game.from_notation(game.notation()).notation() == game.notation()
