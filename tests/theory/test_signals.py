"""The offer game of lesson 12 (sheriff_nb.theory.signals): known answers worked by hand, and every equilibrium checked
against Gambit (pygambit, an independent solver: vertex enumeration of the strategic form and the sequence-form LCP
of the tree) in exact rationals."""

import io
from fractions import Fraction as F

import pytest

from sheriff_nb.theory import analysis as an
from sheriff_nb.theory.signals import OPENED, POOLING, SEMI, Profile, offer_game, region_data

gbt = pytest.importorskip("pygambit")


def gambit_tree(g):
    """The offer game built node by node with pygambit's own API (not from our .efg text)."""
    game = gbt.Game.new_tree(players=["merchant", "sheriff"], title="offer game")
    game.append_move(game.root, game.players.chance, ["lie", "honest offers", "honest silent"])
    share = g.shares(0)
    game.set_chance_probs(game.root.infoset, [g.prior, share["bait"], share["honest_silent"]])
    liar = game.root.children["lie"]
    game.append_move(liar, "merchant", ["offer", "silent"])
    offers = [liar.children["offer"], game.root.children["honest offers"]]
    silent = [liar.children["silent"], game.root.children["honest silent"]]
    game.append_move(offers, "sheriff", ["pass", "open"])
    game.append_move(silent, "sheriff", ["pass", "open"])
    b, fine, pay = g.bribe, g.fine, g.compensation
    payoffs = {
        (offers[0], "pass"): (g.lie_passed - b, b),
        (offers[0], "open"): (g.lie_opened, fine),
        (silent[0], "pass"): (g.lie_passed, 0),
        (silent[0], "open"): (g.lie_opened, fine),
        (offers[1], "pass"): (g.honest_passed - b, b),
        (offers[1], "open"): (g.honest_opened, -pay),
        (silent[1], "pass"): (g.honest_passed, 0),
        (silent[1], "open"): (g.honest_opened, -pay),
    }
    for i, ((node, action), pays) in enumerate(payoffs.items()):
        game.set_outcome(node.children[action], game.add_outcome(f"o{i}", list(pays)))
    return game


def infosets(game):
    """The liar's information set and the sheriff's two (offer, silence)."""
    return (next(iter(game.players["merchant"].infosets)), *game.players["sheriff"].infosets)


def behaviour(game, profile) -> Profile:
    liar, offer, silence = infosets(game)
    return Profile(
        F(profile[liar.actions["offer"]]), F(profile[offer.actions["open"]]), F(profile[silence.actions["open"]])
    )


def gambit_equilibria(game) -> set[Profile]:
    found = gbt.nash.enummixed_solve(game, rational=True).equilibria
    return {behaviour(game, e.as_behavior()) for e in found}


GRID = [
    (pi, beta, b)
    for pi in [F(k, 10) for k in range(1, 10)] + [F(3, 7), F(3, 5)]
    for beta in (F(1, 10), F(1, 4), F(1, 2))
    for b in (1, 3, 5, 8, 9, 12, 19, 20, 25)
]


def test_known_answers_by_hand():
    g = offer_game(prior=F(3, 5), bait=F(1, 4), bribe=5)
    assert (g.fine, g.compensation, g.at_stake) == (8, 8, 20)
    [e] = g.equilibria()
    # liars split so that the silent bags are q* = 1/2 lies: 3/5 (1 - s) = 1/2 (3/5 (1 - s) + 2/5 x 3/4) -> s = 1/2
    assert (e.kind, e.offer_rate, e.open_offer, e.open_silent) == (SEMI, F(1, 2), 0, F(1, 4))  # 5/20
    assert g.beliefs(F(1, 2)) == (F(3, 4), F(1, 2))
    values = g.values(e.profiles[0])
    assert (values["liar"], values["bait"], values["honest"]) == (11, 3, 10)  # 16-5; 8-5; 3/4*8 + 1/4*16
    assert g.sheriff_minimum(F(3, 4)) == an.bribe_range({"apples": 2, "pepper": 2}, "apples", belief=F(3, 4))[0] == 4


def test_pooling_when_lies_are_rare_and_no_separating_ever():
    g = offer_game(prior=F(1, 3), bait=F(1, 4), bribe=5)
    [e] = g.equilibria()
    assert (e.kind, e.offer_rate, e.open_offer, e.open_silent) == (POOLING, 0, 0, 0)
    assert g.beliefs(0) == (0, F(2, 5))  # silence: 1/3 / (1/3 + 2/3 x 3/4); below q* = 1/2, so it passes
    for pi, beta, b in GRID:
        game = offer_game(prior=pi, bait=beta, bribe=b)
        assert all(p.offer_rate < 1 for e in game.equilibria() for p in e.profiles), (pi, beta, b)
        test = game.separating_test()
        assert test["silence"] == 0 and test["silent_value"] > test["offer_value"]


def test_a_small_bribe_means_every_bag_is_opened():
    [e] = offer_game(prior=F(3, 5), bait=F(1, 4), bribe=3).equilibria()
    assert e.kind == OPENED and e.span("offer_rate") == (F(11, 30), F(1, 2))
    assert all(offer_game(prior=F(3, 5), bait=F(1, 4), bribe=3).is_equilibrium(p) for p in e.profiles)


def test_without_bait_an_offer_proves_a_lie_and_must_reach_the_fine():
    for b in (5, 7):  # below the fine c*f = 8: refused, everything opened
        assert {e.kind for e in offer_game(prior=F(3, 5), bait=0, bribe=b).equilibria()} == {OPENED}
    [e] = offer_game(prior=F(3, 5), bait=0, bribe=9).equilibria()
    assert e.kind == SEMI and e.open_offer == 0 and e.open_silent == F(9, 20)


@pytest.mark.parametrize("pi, beta, b", GRID)
def test_gambit_finds_the_same_equilibria(pi, beta, b):
    g = offer_game(prior=pi, bait=beta, bribe=b)
    ours = {p for e in g.equilibria() for p in e.profiles}
    built, read = gambit_tree(g), gbt.read_efg(io.StringIO(g.to_efg()))
    theirs = gambit_equilibria(built)
    assert gambit_equilibria(read) == theirs  # our .efg text is the same game as the tree built node by node
    assert all(g.is_equilibrium(p) for p in theirs)
    assert ours <= theirs
    lcp = {behaviour(built, e) for e in gbt.nash.lcp_solve(built, rational=True).equilibria}
    assert lcp and lcp <= theirs
    liar, offer, silence = infosets(built)
    for p in ours:  # Gambit's expected payoffs of our equilibria are ours, and nobody can gain by deviating
        profile = built.mixed_behavior_profile(rational=True)
        for infoset, first, rate in (
            (liar, "offer", p.offer_rate),
            (offer, "open", p.open_offer),
            (silence, "open", p.open_silent),
        ):
            for action in infoset.actions:
                profile[action] = rate if action.label == first else 1 - rate
        values = g.values(p)
        assert profile.payoff("merchant") == values["merchant"] and profile.payoff("sheriff") == values["sheriff"]
        assert profile.max_regret() == 0


def test_gambit_points_on_a_boundary_lie_inside_our_pieces():
    """At prior 3/5, bait 1/4, bribe 4 both beliefs sit exactly on their thresholds: the sheriff may mix at both
    signals along a line; Gambit lists a third extreme point of its strategic form on that line."""
    g = offer_game(prior=F(3, 5), bait=F(1, 4), bribe=4)
    [piece] = g.equilibria()
    ends = sorted(piece.profiles)
    theirs = gambit_equilibria(gambit_tree(g))
    assert set(ends) <= theirs
    for p in theirs - set(ends):  # on the segment between our two ends
        t = (p.open_offer - ends[0].open_offer) / (ends[1].open_offer - ends[0].open_offer)
        assert 0 < t < 1 and p.open_silent == ends[0].open_silent + t * (ends[1].open_silent - ends[0].open_silent)


def test_strategic_form_and_nashpy_agree_in_a_generic_case():
    g = offer_game(prior=F(3, 5), bait=F(1, 4), bribe=5)
    merchant, sheriff = g.strategic_form()
    assert merchant[0][0] == g.values(Profile(1, 0, 0))["merchant"]
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = list(g.to_nashpy().vertex_enumeration())
    assert len(found) == 1
    rows, cols = found[0]
    assert rows[0] == pytest.approx(0.5) and cols[1] + cols[3] == pytest.approx(0.25)  # opens silence 1/4


def test_inputs_are_checked():
    for kwargs in ({"prior": 0}, {"prior": 1}, {"bait": 1}, {"bribe": 0}):
        with pytest.raises(ValueError):
            offer_game(**kwargs)
    with pytest.raises(ValueError, match="a lie the sheriff can fine"):
        offer_game({"apples": 4})


def test_region_map_thresholds():
    frame = region_data(priors=[F(2, 5), F(9, 20)], bribes=[5])
    assert frame.kind.tolist() == ["pooling", "semi-separating"]  # pooling ends at prior 3/7 with bait 1/4
