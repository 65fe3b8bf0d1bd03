"""Hypothesis drives random legal games and checks the invariants after every action."""

import contextlib
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sheriff_nb as sn
from sheriff_nb.actions import (
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
from sheriff_nb.bots import RandomLegal
from sheriff_nb.driver import bot_view, play
from sheriff_nb.game import Phase

ORDER = [Phase.MARKET, Phase.LOAD, Phase.DECLARATION, Phase.INSPECTION]

options = st.builds(
    sn.RuleOptions,
    edition=st.sampled_from([1, 2]),
    players=st.sampled_from([3, 4, 5]),
    royal=st.booleans(),
)
TABLE = {"pepper": [10, 14], "mead": [12, 16], "silk": [14, 18]}  # a teacher's Black Market entries
second_edition_options = st.builds(
    sn.RuleOptions, edition=st.just(2), players=st.sampled_from([3, 4, 5, 6]), royal=st.booleans(),
    hand_size=st.sampled_from([6, 7]), remove_random=st.sampled_from([0, 10]), time_limit=st.booleans(),
    black_market=st.sampled_from([(), TABLE]),
)


def check_invariants(game, previous_phase):
    assert game.card_count() == game.deck_size, "a card appeared or vanished"
    # gold moves between players, the Booty tile and (odd Booty coins) the bank; it is never created or lost
    assert game.gold_count() == sn.game.START_GOLD * game.players, "gold was created or destroyed"
    assert all(g >= 0 for g in game.gold)
    assert all(sum(h.values()) <= game.options.hand_size for h in game.hands)
    if previous_phase is not game.phase and game.phase is not Phase.OVER:
        index = ORDER.index(previous_phase)
        assert game.phase in (ORDER[(index + 1) % 4], ORDER[index]), f"{previous_phase} -> {game.phase}"


def random_illegal(game, rng):
    """An action that is probably illegal now, to check that a rejection changes nothing."""
    seat = rng.randrange(game.players)
    hand = list(game.hands[seat].elements())
    return rng.choice([
        Load(seat, hand[:6] if len(hand) >= 6 else ["crossbow"] * 6),
        Load(seat, ["crossbow"]),
        Declare(seat, "silk", 3),
        Declare(seat, "apples", 9),
        Pass(seat, (seat + 1) % game.players),
        Inspect(game.sheriff, game.sheriff),
        Offer(seat, merchant=seat, gold=1000),
        Offer(seat, merchant=seat, stand=hand[:1] or ["apples"]),
        Accept(seat, seat),
        Market(seat, hand[:6]),
        Market(seat, [], draws=["deck", 0]),
        Offer(seat, merchant=seat, gold=1, inspect=((seat + 1) % game.players,), buys_pass=False),
        Offer(seat, merchant=(seat + 1) % game.players, stand=["silk", "mead"]),
        DiscardConfiscated(game.sheriff, rng.randint(0, 1), list(reversed(game.confiscated)) or ["silk"]),
        Inspect(seat, (seat + 1) % game.players, pay_with=hand[:2]),
    ])


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
    assert all(scores[p]["total"] >= scores[q]["total"] for p in scores for q in scores
               if scores[p]["rank"] < scores[q]["rank"])


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


def test_views_hide_other_players_hands_and_bags():
    game = sn.Game(players=4, seed=5, first_sheriff=0)
    events = play(game, [RandomLegal(i) for i in range(4)])
    while game.phase is not Phase.DECLARATION:
        next(events)
    for seat in range(4):
        view = game.view(seat)
        assert view["hand"] == {g: n for g, n in game.hands[seat].items() if n}
        assert view["hand_sizes"] == [sum(h.values()) for h in game.hands]
        assert view["bag"] == (dict(game.bags[seat]) if game.bags[seat] else None)
        loads = [e for e in game.public_events(seat) if e["kind"] == "load"]
        assert len(loads) == 3
        assert all(("cards" in e) == (e["player"] == seat) for e in loads)
        text = json.dumps(view)
        for other in range(4):
            if other != seat:
                assert json.dumps(dict(sorted(game.hands[other].items()))) not in text or (
                    game.hands[other] == game.hands[seat])


def test_views_hide_the_types_of_face_down_contraband():
    game = sn.Game(players=3, seed=2)
    game.stands[1].update({"apples": 2, "silk": 1, "golden_apples": 1})
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
