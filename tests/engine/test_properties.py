"""Hypothesis drives random legal games and checks the invariants after every action."""

import contextlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import rig
from twins import leaks

import sheriff_nb as sn
from sheriff_nb.engine import views
from sheriff_nb.engine.actions import (
    Accept,
    Declare,
    DiscardConfiscated,
    Inspect,
    Load,
    Market,
    Offer,
    Pass,
    action_from_dict,
)
from sheriff_nb.engine.cards import VALUES, goods_dict
from sheriff_nb.engine.game import Phase
from sheriff_nb.engine.state import START_GOLD
from sheriff_nb.play.bots import RandomLegal
from sheriff_nb.play.driver import bot_view, play

ORDER = [Phase.MARKET, Phase.LOAD, Phase.DECLARATION, Phase.INSPECTION]

options = st.builds(
    sn.RuleOptions,
    edition=st.sampled_from([1, 2]),
    players=st.sampled_from([3, 4, 5]),
    royal=st.booleans(),
)
TABLE = {"pepper": [10, 14], "mead": [12, 16], "silk": [14, 18]}  # a teacher's Black Market entries
second_edition_options = st.builds(
    sn.RuleOptions,
    edition=st.just(2),
    players=st.sampled_from([3, 4, 5, 6]),
    royal=st.booleans(),
    hand_size=st.sampled_from([6, 7]),
    remove_random=st.sampled_from([0, 10]),
    time_limit=st.booleans(),
    black_market=st.sampled_from([(), TABLE]),
)


def check_invariants(game, previous_phase):
    assert game.card_count() == game.deck_size, "a card appeared or vanished"
    # gold moves between players, the Booty tile and (odd Booty coins) the bank; it is never created or lost
    assert game.gold_count() == START_GOLD * game.players, "gold was created or destroyed"
    assert all(g >= 0 for g in game.gold)
    assert all(sum(h.values()) <= game.options.hand_size for h in game.hands)
    if previous_phase is not game.phase and game.phase is not Phase.OVER:
        index = ORDER.index(previous_phase)
        assert game.phase in (ORDER[(index + 1) % 4], ORDER[index]), f"{previous_phase} -> {game.phase}"


def random_illegal(game, rng):
    """An action that is probably illegal now, to check that a rejection changes nothing."""
    seat = rng.randrange(game.players)
    hand = list(game.hands[seat].elements())
    return rng.choice(
        [
            Load(seat, hand[:6] if len(hand) >= 6 else ["crossbow"] * 6),
            Load(seat, ["crossbow"]),
            Declare(seat, "silk", 3),
            Declare(seat, "apples", 9),
            Pass(seat, (seat + 1) % game.players),
            Inspect(game.sheriff, game.sheriff),
            Offer(seat, merchant=seat, gold=300),
            Offer(seat, merchant=seat, stand=hand[:1] or ["apples"]),
            Accept(seat, seat),
            Market(seat, hand[:6]),
            Market(seat, [], draws=["deck", 0]),
            Offer(seat, merchant=seat, gold=1, inspect=((seat + 1) % game.players,), buys_pass=False),
            Offer(seat, merchant=(seat + 1) % game.players, stand=["silk", "mead"]),
            DiscardConfiscated(game.sheriff, rng.randint(0, 1), list(reversed(game.confiscated)) or ["silk"]),
            Inspect(seat, (seat + 1) % game.players, pay_with=hand[:2]),
        ]
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opts=st.one_of(options, second_edition_options), seed=st.integers(0, 10**6))
def test_random_games_keep_every_invariant(opts, seed):
    game = sn.Game(opts, seed=seed)
    rng = random.Random(seed)
    bots = [RandomLegal(seed + i) for i in range(opts.players)]
    phase = game.phase
    for number, _event in enumerate(play(game, bots)):
        check_invariants(game, phase)
        phase = game.phase
        if number % 7 == 0:  # rejections leave the saved game byte-identical
            before = game.to_json()
            action = random_illegal(game, rng)
            if not game.is_legal(action):
                with contextlib.suppress(sn.RuleError):
                    game.apply(action)
                assert game.to_json() == before
        if number % 25 == 0:
            assert game.replay().to_json() == game.to_json()
    assert game.is_over and game.round == opts.rounds
    saved = game.to_json()
    assert sn.Game.from_json(saved).to_json() == saved
    scores = game.score_rows()
    assert sorted(r["rank"] for r in scores.values())[0] == 1
    assert all(
        scores[p]["total"] >= scores[q]["total"]
        for p in scores
        for q in scores
        if scores[p]["rank"] < scores[q]["rank"]
    )


@settings(max_examples=30, deadline=None)
@given(opts=st.one_of(options, second_edition_options), seed=st.integers(0, 10**6), moves=st.integers(0, 120))
def test_legal_actions_agree_with_apply(opts, seed, moves):
    """``a in game.legal_actions()`` exactly when ``apply(a)`` succeeds, for listed and random actions."""
    game = sn.Game(opts, seed=seed)
    events = play(game, [RandomLegal(seed + i) for i in range(opts.players)])
    for _ in zip(range(moves), events, strict=False):
        pass
    if game.is_over:
        return
    listed = list(game.legal_actions())
    assert listed or game.phase is Phase.INSPECTION
    rng = random.Random(seed)
    for action in rng.sample(listed, min(5, len(listed))) + [random_illegal(game, rng) for _ in range(5)]:
        copy = sn.Game.from_json(game.to_json())
        legal = action in copy.legal_actions()
        try:
            copy.apply(action)
            applied = True
        except sn.RuleError:
            applied = False
        assert legal == applied, action


@settings(max_examples=20, deadline=None)
@given(opts=options, seed=st.integers(0, 10**6))
def test_same_seed_same_game(opts, seed):
    def run():
        game = sn.Game(opts, seed=seed)
        list(play(game, [RandomLegal(seed + i) for i in range(opts.players)]))
        return game.to_json()

    assert run() == run()


def a_position_with_secrets():
    """Five players in the Declaration of round 3 or later: hands, closed bags, face-down stand cards, private
    choices of goods for a debt and 10 cards out of play, all hidden from the other seats."""
    game = sn.Game(players=5, seed=5, first_sheriff=0, royal=True, remove_random=10)
    events = play(game, [RandomLegal(i) for i in range(5)])
    while game.round < 2 or game.phase is not Phase.DECLARATION or not any(game.debt_goods):
        next(events)
    assert any(s["face_down"] for s in game.view(0)["stands"][1:]) and any(game.debt_goods)
    return game


def test_views_hide_other_players_hands_and_bags():
    """Each seat sees its own hand and bag exactly, and nothing of what is hidden from it: its view and legal moves
    are the same in every twin position where the other seats' hidden cards are dealt again."""
    game = a_position_with_secrets()
    for seat in range(5):
        view = game.view(seat)
        assert view["hand"] == dict(game.hands[seat])
        assert view["hand_sizes"] == [sum(h.values()) for h in game.hands]
        assert view["bag"] == (dict(game.bags[seat]) if game.bags[seat] else None)
        assert not leaks(game, seat), seat
        loads = [e for e in game.public_events(seat) if e["kind"] == "load"]
        assert len(loads) == 3 * 4 and all(("cards" in e) == (e["player"] == seat) for e in loads)


LEAKS = {
    "another seat's hand": ("hand", lambda s, p: goods_dict(s.hands[(p + 1) % 5])),
    "every hand": ("hands", lambda s, p: [goods_dict(h) for h in s.hands]),
    "hands as their sizes": ("hand_sizes", lambda s, p: [goods_dict(h) for h in s.hands]),
    "another seat's bag": ("bag", lambda s, p: goods_dict(s.bags[(p + 1) % 5] or [])),
    "every bag": ("loaded", lambda s, p: [b and goods_dict(b) for b in s.bags]),
    "face-down types": ("stands", lambda s, p: [goods_dict(st) for st in s.stands]),
    "a bag's contraband count": ("declarations", lambda s, p: [b and sum(b[4:]) for b in s.bags]),
    "the deck's order": ("deck", lambda s, p: list(s.deck)),
    "the deck's next card": ("deck", lambda s, p: s.deck[-1]),
    "other seats' debt choices": ("debt_goods", lambda s, p: [list(c) for c in s.debt_goods]),
    "the cards out of play": ("removed", lambda s, p: goods_dict(s.removed)),
    "a hand's value": (
        "hand_sizes",
        lambda s, p: [sum(n * v for n, v in zip(h, VALUES, strict=True)) for h in s.hands],
    ),
    "the Pepper on each stand": ("stands", lambda s, p: [st[4] for st in s.stands]),
}


@pytest.mark.parametrize("leak", LEAKS)
def test_the_view_check_catches_every_injected_leak(leak, monkeypatch):
    """The check above is not vacuous: each way of leaking a hidden card into a view is caught."""
    game = a_position_with_secrets()
    key, entry = LEAKS[leak]
    monkeypatch.setitem(views.FIELDS, key, entry)
    assert any(leaks(game, seat) for seat in range(5)), leak


def test_views_hide_the_types_of_face_down_contraband():
    game = rig(sn.Game(players=3, seed=2, royal=True), stands={1: {"apples": 2, "silk": 1, "golden_apples": 1}})
    assert game.view(0)["stands"][1] == {"apples": 2, "face_down": 2}
    assert game.view(1)["stands"][1] == {"apples": 2, "silk": 1, "golden_apples": 1}


def test_bot_views_are_json_data_except_legal():
    game = sn.Game(players=3, seed=1)
    view = bot_view(game, game.sheriff)
    json.dumps({k: v for k, v in view.items() if k != "legal"})


def test_action_dicts_round_trip():
    game = sn.Game(players=5, edition=1, seed=11)
    list(play(game, [RandomLegal(i) for i in range(5)]))
    for action in game.history:
        assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
