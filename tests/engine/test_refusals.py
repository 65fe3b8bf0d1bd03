"""Clean refusals (issue 11, item 5): every bad input raises an error that names the parameter and the rule, the game
stays byte-identical, and its save still loads.

First the issue's own examples, each of which crashed, was accepted, or changed the game before; then Hypothesis
feeds malformed actions of every kind to games at random positions.
"""

import dataclasses
import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import at_inspection

import sheriff_nb as sn
from sheriff_nb.engine import actions as A
from sheriff_nb.engine.errors import ArgumentError, RuleError
from sheriff_nb.engine.game import Game
from sheriff_nb.engine.validate import MAX_SAVE
from sheriff_nb.play.bots import RandomLegal
from sheriff_nb.play.driver import play
from sheriff_nb.theory import analysis as an

REFUSED = (RuleError, TypeError, ValueError)


def unchanged(game, attempt, *names):
    """``attempt()`` is refused with a message naming each of ``names``; the game is byte-identical and its save
    loads back to the same game."""
    before = game.to_json()
    with pytest.raises(REFUSED) as refusal:
        attempt()
    message = str(refusal.value)
    assert all(name in message for name in names), message
    assert game.to_json() == before
    assert Game.from_json(before).to_json() == before
    return message


# ---------------------------------------------------------------- the examples


def test_a_float_discard_pile_is_refused_before_any_card_moves():
    game = Game(players=4, edition=1, seed=3, first_sheriff=0)
    seat = game.to_act()[0]
    card = next(iter(game.hands[seat]))
    unchanged(game, lambda: game.apply(A.Market(seat, [card], (), 1.0)), "onto", "whole number")
    assert sum(game.card_count() for _ in [0]) == game.deck_size  # no card is gone


def test_a_float_choice_of_goods_for_a_debt_is_refused_and_nothing_reaches_the_stand():
    game = at_inspection({1: (["apples", "silk"], "apples")})
    unchanged(game, lambda: game.apply(A.Inspect(0, 1, 1.0)), "pay_with")
    assert game.stands[1] == Counter()


def test_a_bool_is_not_a_seat():
    game = Game(players=4, seed=1, first_sheriff=0)
    unchanged(game, lambda: game.apply(A.ChooseFirstMerchant(0, merchant=True)), "merchant", "whole number")
    unchanged(game, lambda: game.apply(A.Pass(True, 1)), "player")


def test_an_object_is_not_a_promise():
    game = at_inspection({1: (["apples"], "apples")})
    unchanged(game, lambda: game.apply(A.Offer(1, 1, gold=1, promise=object())), "promise", "text")
    unchanged(game, lambda: game.apply(A.Offer(1, 1, gold=1, promise="x" * 5000)), "promise", "1000 characters")


def test_a_view_of_a_seat_that_does_not_exist_is_refused():
    game = Game(players=4, seed=1)
    for seat in (-1, 4, 1.0, True, "0", None):
        unchanged(game, lambda seat=seat: game.view(seat), "player")
        unchanged(game, lambda seat=seat: game.public_events(seat), "player")
        if seat is not None:  # legal_actions(None): the legal actions of anyone
            unchanged(game, lambda seat=seat: game.legal_actions(seat), "player")


def test_player_names_are_text_and_different():
    with pytest.raises(sn.SetupError, match="different name"):
        Game(players=3, names=["Robin", "ROBIN", "John"])
    with pytest.raises(ArgumentError, match="a player's name must be text"):
        Game(players=3, names=[1, 2, 3])
    with pytest.raises(sn.SetupError, match="every player needs a name"):
        Game(players=3, names=["Robin", " ", "John"])
    with pytest.raises(ArgumentError, match="names must be a list"):
        Game(players=3, names="Robin")


def test_scores_accept_display_names_and_refuse_what_is_not_a_score():
    table = sn.score({"a": {"Apples": 2}, "b": {"golden apple": 1}}, {"a": 1, "b": 1})
    assert table.goods.tolist() == [4, 6] and table.bonus.tolist() == [10, 20]
    with pytest.raises(ArgumentError, match="gold must give every player's gold; it has none for 'b'"):
        sn.score({"a": {}, "b": {}}, {"a": 1})
    with pytest.raises(ArgumentError, match="the count of apples in the stand of 'a'"):
        sn.score({"a": {"apples": 1.5}}, {"a": 1})


def test_a_negative_count_in_a_bag_is_refused():
    with pytest.raises(ArgumentError, match="the count of apples in bag must be a whole number"):
        sn.inspect_bag({"apples": -2, "silk": 3}, "apples")
    with pytest.raises(ArgumentError, match="owed"):
        sn.pay_debt(-3, 0, {})


def test_a_deck_of_an_edition_that_does_not_exist_is_refused():
    with pytest.raises(sn.SetupError, match="two editions"):
        sn.deck(edition=99, players=-5)
    with pytest.raises(sn.SetupError, match="3 to 6 players"):
        sn.deck(players=-5)
    with pytest.raises(ArgumentError, match="royal must be True or False"):
        sn.deck(royal="yes")


def test_a_bool_is_not_an_edition():
    for fields, name in [
        ({"edition": True}, "edition"),
        ({"players": 4.0}, "players"),
        ({"royal": "no"}, "royal"),
        ({"hand_size": None}, "hand_size"),
        ({"colour": "red"}, "colour"),
    ]:
        with pytest.raises(ArgumentError, match=name):
            Game(**fields)
    with pytest.raises(ArgumentError, match="seed"):
        Game(seed=1.5)


def test_deeply_nested_or_huge_save_files_are_refused():
    with pytest.raises(sn.SaveFileError, match="nests deeper than 32 levels"):
        Game.from_json("[" * 100_000)
    with pytest.raises(sn.SaveFileError, match="at most"):
        Game.from_json(" " * (MAX_SAVE + 1))
    with pytest.raises(sn.SaveFileError, match="JSON text, not int"):
        Game.from_json(3)


def test_draw_odds_of_nothing_is_refused():
    with pytest.raises(ArgumentError, match="good must be a card id or name"):
        an.draw_odds(None, 1)
    with pytest.raises(ArgumentError, match="cards must be a whole number"):
        an.draw_odds("apples", 1, cards=-1)


def test_a_version_2_save_still_loads():
    """Saves written before the engine's notation (schema 2, issue 16) replay the same game."""
    text = (Path(__file__).parent / "data" / "save_v2.json").read_text()
    game = Game.from_json(text)
    saved = json.loads(text)
    assert game.gold == saved["state"]["gold"] and game.round == saved["state"]["round"] == 2
    changed = json.dumps({**saved, "state": {**saved["state"], "gold": [1, 2, 3, 4]}})
    with pytest.raises(sn.SaveFileError, match="the file was changed"):
        Game.from_json(changed)


# ---------------------------------------------------------------- Hypothesis: malformed actions of every kind

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False),
    st.integers(-(10**12), 10**12),
    st.text(max_size=8),
    st.just(object()),
    st.lists(st.integers(-3, 9), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(-3, 3), max_size=2),
    st.just(["apples", 3]),
    st.just("Golden Apple"),
    st.just({"apples": -1}),
    st.just(("mead", "mead", "gold")),
)
FIELDS = {cls: [f.name for f in dataclasses.fields(cls)] for cls in A.ACTIONS.values()}


@st.composite
def malformed(draw):
    """An action of any kind with some fields junk: ``(kind, fields)`` (the action may not even be made)."""
    cls = draw(st.sampled_from(list(A.ACTIONS.values())))
    fields = {}
    for name in FIELDS[cls]:
        fields[name] = draw(st.one_of(st.integers(0, 6), JUNK)) if draw(st.booleans()) else draw(st.integers(0, 5))
        if name in ("set_aside", "cards", "stand", "bag", "order", "pay_with", "draws", "inspect", "passes"):
            fields[name] = draw(
                st.one_of(JUNK, st.lists(st.sampled_from(["apples", "silk", "deck", 0, 1]), max_size=6))
            )
    return cls, fields


def positions():
    """Games at random points: a few positions of each phase, both editions, 3 to 6 players, modules on."""
    table = {"pepper": [10, 14], "mead": [12, 16], "silk": [14, 18]}
    games = []
    for number, options in enumerate(
        [
            dict(edition=1, players=3),
            dict(edition=1, players=5, royal=True),
            dict(edition=2, players=4, black_market=table),
            dict(edition=2, players=6, royal=True, time_limit=True),
        ]
    ):
        for moves in (0, 7, 15, 40):
            game = Game(**options, seed=number)
            events = play(game, [RandomLegal(number * 10 + s) for s in range(game.players)])
            for _ in zip(range(moves), events, strict=False):
                pass
            games.append(game)
    return games


POSITIONS = positions()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bad=malformed(), which=st.integers(0, len(POSITIONS) - 1))
def test_malformed_actions_are_refused_cleanly(bad, which):
    """A malformed action is refused when it is made or when it is applied, with a RuleError (or a TypeError /
    ValueError) whose message names the field and the rule; the game is byte-identical and its save loads."""
    cls, fields = bad
    game = Game.from_json(POSITIONS[which].to_json())
    before = game.to_json()
    try:
        action = cls(**fields)
    except REFUSED as refusal:
        message = str(refusal)
        assert isinstance(refusal, RuleError), type(refusal)  # every refusal is a RuleError (TypeError too: Argument-)
        assert any(name in message for name in fields) or "legal good" in message, message
        return
    try:
        game.apply(action)
    except RuleError as refusal:
        assert str(refusal)
        assert game.to_json() == before
    else:  # a legal move after all: the game changed through the rules, and its save loads
        assert action in Game.from_json(before).legal_actions()
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


@settings(max_examples=150, deadline=None)
@given(
    data=st.one_of(
        JUNK, st.dictionaries(st.sampled_from(["kind", "player", "merchant", "gold", "cards", "x"]), JUNK, max_size=4)
    )
)
def test_malformed_saved_actions_raise_save_file_errors(data):
    """Saved action data is refused with a SaveFileError, unless it happens to be a well-formed action."""
    data = data if not isinstance(data, dict) else {"kind": "offer", **data}
    try:
        action = A.action_from_dict(data)
    except sn.SaveFileError as refusal:
        assert "a saved" in str(refusal)
    else:
        assert A.action_from_dict(action.to_dict()) == action and isinstance(data, dict) and "player" in data


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=60), seed=st.integers(0, 100))
def test_malformed_positions_raise_notation_errors(text, seed):
    """Junk, or a real position with a field changed to junk, is refused with a NotationError."""
    line = Game(players=4, seed=seed).notation().split()
    rng = random.Random(seed)
    index = rng.randrange(1, len(line))
    key = line[index].partition("=")[0]
    for attempt in (text, " ".join([*line[:index], f"{key}={text}", *line[index + 1 :]])):
        try:
            game = Game.from_notation(attempt)
        except sn.NotationError as refusal:
            assert "this position cannot be read" in str(refusal)
        else:  # the text happened to be a valid value: the position reads back as written
            assert Game.from_notation(game.notation()).notation() == game.notation()
