"""The named characters: legal play in every setup, and each personality doing what its one line says."""

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from sheriff_nb.engine import notation
from sheriff_nb.engine.actions import Offer
from sheriff_nb.engine.cards import counts
from sheriff_nb.engine.game import START_GOLD, Game, Phase
from sheriff_nb.play import bots as B
from sheriff_nb.play.bots import (
    Bluffer,
    Briber,
    EquilibriumSheriff,
    Greedy,
    Honest,
    RandomLegal,
    Smuggler,
    Strategy,
    Suspicious,
    Trusting,
    bluffer_bags,
    bot_view,
    model_equilibrium,
    model_lie,
    play,
    strategy,
)
from sheriff_nb.play.habits import offer_worth
from sheriff_nb.theory import analysis as an


def run(lineup, players=None, edition=2, royal=False, seed=0):
    """Play one game with ``lineup`` (names or bots, one per seat); return (game, bots)."""
    bots = [strategy(x, seed=f"{seed}/{i}") if isinstance(x, str) else x for i, x in enumerate(lineup)]
    game = Game(players=players or len(lineup), edition=edition, royal=royal, seed=seed)
    list(play(game, bots))
    return game, bots


def declarations(game):
    """(round, merchant) -> (good, count), from the public event log."""
    return {(e["round"], e["player"]): (e["good"], e["count"]) for e in game.events if e["kind"] == "declare"}


def decisions(game):
    """Every handled bag as (round, merchant, "inspect" | "pass", event)."""
    return [(e["round"], e["merchant"], e["kind"], e) for e in game.events if e["kind"] in ("inspect", "pass")]


def within(successes, probabilities, sigmas=4):
    """True if a count of successes is within ``sigmas`` standard deviations of its expectation."""
    mean = sum(float(p) for p in probabilities)
    sd = math.sqrt(sum(float(p) * (1 - float(p)) for p in probabilities))
    return abs(successes - mean) <= sigmas * max(sd, 1)


# ------------------------------------------------------------------ every character plays legally

NAMES = list(B.STRATEGIES) + ["bluffer+suspicious", "briber+trusting", "smuggler+greedy", "briber+equilibrium"]


@pytest.mark.parametrize("edition, players, royal", list(itertools.product((1, 2), (3, 4, 5), (False, True))))
def test_every_character_plays_only_legal_moves(edition, players, royal):
    """The engine raises on any illegal move, so finishing proves legality; gold and cards are conserved."""
    for seed in range(6):
        lineup = [NAMES[(seed * 5 + i * 3 + edition + players) % len(NAMES)] for i in range(players)]
        game, _ = run(lineup, edition=edition, royal=royal, seed=seed)
        assert game.phase is Phase.OVER and game.round == game.options.rounds
        assert sum(game.gold) == START_GOLD * players
        assert game.card_count() == game.deck_size
        assert min(game.gold) >= 0


BLACK_MARKET = {"pepper": [10, 20], "mead": [12, 16], "silk": [14, 18]}  # a teacher's table, not rulebook values


@pytest.mark.parametrize("players, black_market", [(6, {}), (6, BLACK_MARKET), (4, BLACK_MARKET)])
def test_deputies_booty_and_black_market_are_played_legally(players, black_market):
    claims = 0
    for seed in range(8):
        lineup = [NAMES[(seed * 5 + i * 3) % len(NAMES)] for i in range(players)]
        bots = [strategy(x, seed=i) for i, x in enumerate(lineup)]
        game = Game(players=players, seed=seed, black_market=black_market)
        list(play(game, bots))
        assert game.phase is Phase.OVER
        assert game.gold_count() == START_GOLD * players and game.card_count() == game.deck_size
        if "random" not in lineup:  # every character names the lead deputy: no odd coin is thrown away
            assert game.bank == 0
        claims += sum(map(len, game.claimed))
    if black_market:
        assert claims > 0


def test_default_black_market_claim_only_when_it_gains_points():
    view = {"player": 1, "stands": [{}, {"pepper": 3, "silk": 3}], "black_market": {"pepper": [10, 20], "silk": [14]}}
    assert Honest().claim(view) == B.A.ClaimBlackMarket(1, "pepper")  # 20 > 3 x 6; silk: 14 < 3 x 8
    view["black_market"]["pepper"] = [10]
    assert Honest().claim(view) == B.A.ClaimBlackMarket(1, None)


def test_characters_are_deterministic_for_a_seed():
    lineup = ["bluffer", "briber", "equilibrium", "greedy", "random"]
    first, _ = run(lineup, seed=3)
    again, _ = run(lineup, seed=3)
    other, _ = run(["bluffer", "briber", "equilibrium", "greedy", "random"], seed=4)
    assert first.history == again.history
    assert first.history != other.history


def test_reseeding_restarts_the_random_numbers():
    a, b = Strategy("bluffer", seed=1), Strategy("bluffer", seed=1)
    assert [a.merchant.rng.random() for _ in range(3)] == [b.merchant.rng.random() for _ in range(3)]
    assert a.merchant.rng.random() != a.sheriff.rng.random()  # the two parts get different streams
    a.reseed(1)
    b.reseed(1)
    assert a.sheriff.rng.random() == b.sheriff.rng.random()


# ------------------------------------------------------------------ names and personalities


def test_strategy_names():
    assert strategy("Honest").name == "honest"
    assert isinstance(strategy("honest").sheriff, Trusting)
    assert isinstance(strategy("smuggler").sheriff, Suspicious)
    assert isinstance(strategy("bluffer").sheriff, EquilibriumSheriff)
    assert isinstance(strategy("briber").sheriff, Greedy)
    s = strategy("greedy")
    assert isinstance(s.merchant, Honest) and isinstance(s.sheriff, Greedy)
    s = strategy("Bluffer + Suspicious")
    assert (type(s.merchant), type(s.sheriff), s.name) == (Bluffer, Suspicious, "bluffer+suspicious")
    assert isinstance(strategy("random", seed=2), RandomLegal)
    assert Strategy(Smuggler(limit=1), Greedy()).name == "smuggler+greedy"
    for bad in ("pirate", "honest+smuggler", "trusting+honest", "a+b+c"):
        with pytest.raises(ValueError, match="merchant and a sheriff"):
            strategy(bad)
    with pytest.raises(ValueError, match="no sheriff character called 'lazy'"):
        Strategy("honest", "lazy")


def test_every_character_has_a_name_and_a_one_line_personality():
    table = B.characters()
    assert table.name.tolist() == [
        "Honest",
        "Smuggler",
        "Bluffer",
        "Briber",
        "Trusting",
        "Suspicious",
        "Equilibrium",
        "Greedy",
    ]
    assert table.role.tolist() == ["merchant"] * 4 + ["sheriff"] * 4
    for line in table.personality:
        assert line and "\n" not in line and len(line) < 110
    assert strategy("smuggler").personality.startswith("as a merchant it hides its most valuable contraband")
    assert table.title.tolist() == [
        "Honest merchant",
        "Smuggler",
        "Bluffer",
        "Briber",
        "Trusting sheriff",
        "Suspicious sheriff",
        "Equilibrium sheriff",
        "Greedy sheriff",
    ]
    theory = table[table.model != ""]
    assert theory.name.tolist() == ["Bluffer", "Briber", "Equilibrium", "Greedy"]  # they say which model
    assert all("lesson 08" in line for line in theory.personality if "p*" in line or "q*" in line)


def test_seat_characters_are_named_by_both_halves():
    assert strategy("honest").title == "Honest merchant · Trusting sheriff"
    assert strategy("suspicious").title == "Honest merchant · Suspicious sheriff"  # an honest merchant, and says so
    assert strategy("equilibrium").short_title == "Honest · Equilibrium"
    assert strategy("smuggler").title == "Smuggler · Suspicious sheriff"
    assert strategy("random").title == "Random"


# ------------------------------------------------------------------ merchants


def test_honest_and_smuggler_bags():
    hand = Counter(apples=2, cheese=1, pepper=1, silk=1, crossbow=1)
    assert Honest().bag(hand) == ["apples", "apples"]
    assert Smuggler().bag(hand) == ["crossbow", "silk", "pepper", "apples", "apples"]
    assert Smuggler(limit=1).bag(hand) == ["crossbow", "apples", "apples"]
    assert Smuggler().bag(Counter(chickens=3, cheese=2)) == ["chickens"] * 3  # nothing to smuggle
    assert B.declaration(Counter(crossbow=1, silk=1, pepper=1, apples=2)) == "apples"
    assert B.declaration(Counter(mead=2)) == B.COVER


def test_honest_is_never_caught_unless_its_hand_holds_no_legal_good():
    inspected = 0
    for seed in range(12):
        game, bots = run(
            ["honest+suspicious", "smuggler+suspicious", "honest+suspicious", "briber+suspicious"],
            edition=1 + seed % 2,
            seed=seed,
        )
        for _, m, kind, event in decisions(game):
            if kind == "inspect" and bots[m].name == "honest+suspicious":
                inspected += 1
                assert event["honest"] or not any(g in event["bag"] for g in ("apples", "cheese", "bread", "chickens"))
    assert inspected == 12 * 2 * 6  # Suspicious opened every honest bag: the check above is not vacuous


def test_honest_market_sets_aside_contraband_and_lone_cards():
    game = Game(players=3, seed=1, first_sheriff=0, remove_four_plus=False)  # a 3-player box that has Bread
    game.apply(B.A.ChooseFirstMerchant(0, 1))
    state = notation.read(game.notation())  # the position, with the hand this test needs
    wanted = counts(Counter(apples=3, cheese=1, bread=2, pepper=1))
    for number, n in enumerate(state.hands[1]):  # every card stays accounted for: the old hand back to the deck ...
        state.deck += [number] * n
    for number, n in enumerate(wanted):  # ... and the new one from it
        for _ in range(n):
            state.deck.remove(number)
    state.hands[1] = wanted
    game = Game.from_notation(notation.write(state))
    market = Honest().market(bot_view(game, 1))
    assert market.set_aside == ("pepper", "cheese")  # keeps its apples and the bread pair
    smuggler = Smuggler().market(bot_view(game, 1))
    assert smuggler.set_aside == ("cheese",)  # keeps the pepper


def test_bluffer_plays_lesson_08s_game_between_the_honest_bag_it_holds_and_its_lie():
    hand = Counter(apples=3, pepper=2, cheese=1)  # honest: 3 Apples; lie: 2 of the 3 swapped for Pepper
    honest, lie = bluffer_bags(hand)
    assert (honest, lie) == (["apples"] * 3, ["pepper", "pepper", "apples"])
    game = an.inspection_game(Counter(lie), "apples")
    assert game.merchant[0] == an.inspection_game(Counter(honest), "apples").merchant[0]  # the honest row: its bag
    q = game.equilibrium().q_lie
    assert q == Fraction(2 * 3, 2 * 3 + 2 * 4)  # q* = 2n / (2n + c f) with n = 3, not the 5 cards it cannot fill
    bluffer = Bluffer(seed=5)
    lies = sum(bluffer.bag(hand) == lie for _ in range(3000))
    assert within(lies, [q] * 3000)
    assert all(choice == (q, True) or choice == (q, False) for choice in bluffer.choices)


def test_bluffer_declares_both_bags_alike_so_the_sheriff_cannot_tell_them_apart():
    for hand in (Counter(apples=1, silk=2), Counter(cheese=4, mead=1, pepper=3), Counter(bread=5, crossbow=5)):
        honest, lie = bluffer_bags(hand)
        assert lie != honest and len(lie) == len(honest)
        assert Counter(lie)[honest[0]] == len(honest) - (len(honest) + 1) // 2  # half swapped, rounded up
        bluffer, said = Bluffer(seed=1), set()
        for _ in range(40):
            bag = bluffer.bag(hand)
            said.add((tuple(sorted(bag)), bluffer.declare({"player": 0, "bag": Counter(bag)})))
        assert {tuple(sorted(b)) for b, _ in said} == {tuple(sorted(honest)), tuple(sorted(lie))}  # both carried
        assert {d for _, d in said} == {B.A.Declare(0, honest[0], len(honest))}  # ...and declared alike


def test_bluffer_lie_rate_over_many_real_bags_is_near_q_star():
    choices = []
    for seed in range(10):
        _, bots = run(["bluffer", "bluffer+suspicious", "bluffer+trusting", "bluffer+greedy", "honest"], seed=seed)
        choices += [c for bot in bots[:4] for c in bot.merchant.choices]
    assert len(choices) > 150
    assert within(sum(lied for _, lied in choices), [q for q, _ in choices])
    assert len({q for q, _ in choices}) > 3  # many different bags, each with its own q*


class RecordingBriber(Briber):
    def __init__(self, seed=0):
        super().__init__(seed)
        self.offers, self.answers = [], []

    def offer(self, view):
        made = super().offer(view)
        if made is not None:
            me = view["player"]
            self.offers.append(
                (dict(view["bag"]), view["declarations"][me][0], view["gold"][me], view["offers"].get(me), made)
            )
        return made

    def answer(self, view, offer):
        reply = super().answer(view, offer)
        self.answers.append((dict(view["bag"]), view["declarations"][view["player"]][0], offer, reply))
        return reply


def test_briber_offers_the_bargaining_midpoint_and_accepts_counters_up_to_its_maximum():
    first_offers = accepted = declined = 0
    for seed in range(8):
        bots = [Strategy(RecordingBriber(), sheriff) for sheriff in (Greedy(), Suspicious(), Trusting(), Greedy())]
        game, _ = run(bots, seed=seed)
        for bot in bots:
            for bag, declared, gold, previous, made in bot.merchant.offers:
                low, high = an.bribe_range(bag, declared)
                assert any(g not in ("apples", "cheese", "bread", "chickens") for g in bag)  # only with contraband
                if previous is None:
                    first_offers += 1
                    assert made.gold == min(math.floor((low + high) / 2), gold)
                else:  # a last try after a counter above its maximum: the maximum itself
                    assert made.gold == min(math.floor(high), gold)
            for bag, declared, offer, reply in bot.merchant.answers:
                high = an.bribe_range(bag, declared).merchant_max
                if offer.gold <= high:
                    accepted += reply is not None
                else:
                    declined += 1
                    assert reply is None
    assert first_offers > 50 and accepted > 5 and declined > 5


def test_honest_bags_never_bribe():
    game, _ = run(["honest", "honest", "honest", "honest+greedy"], seed=2)
    assert not [e for e in game.events if e["kind"] == "offer"]


# ------------------------------------------------------------------ sheriffs


def test_trusting_sheriffs_never_inspect_and_take_every_bribe():
    for seed in range(5):
        lineup = ["honest+trusting", "smuggler+trusting", "bluffer+trusting", "briber+trusting", "random"]
        game, _ = run(lineup[:4], seed=seed)
        assert all(s["bags_inspected"] == 0 for s in game.stats)
        offers = [e for e in game.events if e["kind"] == "offer" and e["buys_pass"]]  # not payments to open a bag
        deals = [e for e in game.events if e["kind"] == "deal"]
        assert len(offers) == len(deals) > 0


def test_suspicious_sheriffs_inspect_every_bag_without_a_deal():
    for seed in range(6):
        game, _ = run(
            ["smuggler+suspicious", "briber+suspicious", "bluffer+suspicious", "briber+suspicious"],
            seed=seed,
            edition=1 + seed % 2,
        )
        decls = declarations(game)
        deals = {
            (e["round"], e["merchant"]): e["offer"]["gold"]
            for e in game.events
            if e["kind"] == "deal" and e["offer"]["buys_pass"]
        }  # payments to open another bag are deals too: left out here
        for rnd, m, kind, _ in decisions(game):
            if (rnd, m) in deals:
                assert kind == "pass" and deals[rnd, m] >= 5 * decls[rnd, m][1]  # only a big bribe buys a pass
            else:
                assert kind == "inspect"
        for seat, s in enumerate(game.stats):
            paid_to_open = sum(
                1 for e in game.events if e["kind"] == "deal" and e["merchant"] == seat and not e["offer"]["buys_pass"]
            )
            assert s["bags_passed"] == s["bribes_paid"] - paid_to_open


def test_sheriffs_assume_lesson_08s_lie_for_the_declaration():
    assert model_equilibrium("apples", 4)[1:] == (Fraction(2, 7), Fraction(1, 2))  # lesson 08's 4 Apples
    assert model_lie("apples", 4) == Counter(apples=2, pepper=2)
    for good, a in (("apples", 2), ("cheese", 3), ("bread", 3), ("chickens", 4)):
        for n in range(1, 6):
            c = (n + 1) // 2  # half of the cards, rounded up, are Pepper (v = 6, f = 4)
            bag, p, q = model_equilibrium(good, n)
            assert Counter(dict(bag)) == +Counter({good: n - c, "pepper": c})
            assert p == Fraction(c * (6 - a), c * (6 + 4) + 2 * n)  # p* = c(v-a) / (c(v+f) + 2n)
            assert q == Fraction(2 * n, 2 * n + 4 * c)
            e = an.inspection_game(dict(bag), good).equilibrium()
            assert (p, q) == (e.p_inspect, e.q_lie)


def test_equilibrium_sheriff_inspects_at_p_star_of_the_declaration():
    probabilities, inspected = [], 0
    for seed in range(12):
        game, _ = run(["honest+equilibrium"] * 5, seed=seed)
        decls = declarations(game)
        for rnd, m, kind, _ in decisions(game):
            probabilities.append(model_equilibrium(*decls[rnd, m])[1])
            inspected += kind == "inspect"
    assert len(probabilities) > 400
    assert within(inspected, probabilities)
    assert abs(inspected / len(probabilities) - float(sum(probabilities)) / len(probabilities)) < 0.05


def test_greedy_sheriff_prices_bribes_at_the_fine_of_a_bag_of_contraband_only():
    counters = deals = 0
    for seed in range(8):
        game, _ = run(["briber+greedy", "briber+greedy", "smuggler+greedy", "briber+greedy"], seed=seed)
        decls = declarations(game)
        sheriffs = {e["round"]: e["sheriff"] for e in game.events if e["kind"] == "round_start"}
        for e in game.events:
            if e["kind"] == "offer" and e["player"] == sheriffs[e["round"]]:
                counters += 1
                assert e["gold"] == 4 * decls[e["round"], e["merchant"]][1]  # bribe_range minimum: c * f, c = n
            if e["kind"] == "deal" and e["offer"]["buys_pass"]:
                deals += 1
                assert e["offer"]["gold"] >= 4 * decls[e["round"], e["merchant"]][1]
        # a merchant who offered but made no deal is always inspected
        offered = {(e["round"], e["merchant"]) for e in game.events if e["kind"] == "offer" and e["buys_pass"]}
        dealt = {(e["round"], e["merchant"]) for e in game.events if e["kind"] == "deal" and e["offer"]["buys_pass"]}
        for rnd, m, kind, _ in decisions(game):
            if (rnd, m) in offered - dealt:
                assert kind == "inspect"
    assert counters > 5 and deals > 5


def test_sheriffs_keep_binding_deals_made_by_others():
    """A deal struck with a Random merchant may bind the sheriff about other bags: every character obeys."""
    binding_deals = 0
    for seed in range(20):
        for sheriff in ("suspicious", "trusting", "equilibrium", "greedy"):
            game, _ = run(["random", "random", "random", f"honest+{sheriff}"], seed=seed)
            ours = {e["round"] for e in game.events if e["kind"] == "round_start" and e["sheriff"] == 3}
            binding_deals += sum(
                1
                for e in game.events
                if e["kind"] == "deal" and e["round"] in ours and (e["offer"]["inspect"] or e["offer"]["passes"])
            )
    assert binding_deals > 20


def test_offer_values_count_gold_and_stand_goods():
    assert offer_worth(Offer(1, 1, gold=3, stand=("cheese", "apples"), bag=("silk",))) == 3 + 3 + 2


def test_smugglers_never_bribe():
    for seed in range(4):
        game, _ = run(["smuggler+trusting", "smuggler+greedy", "smuggler", "smuggler+equilibrium"], seed=seed)
        assert game.stats and not [e for e in game.events if e["kind"] == "offer"]
        assert sum(s["caught"] for s in game.stats) > 0  # they did smuggle


def test_greedy_opens_bags_nobody_bargained_for_at_the_equilibrium_rate():
    probabilities, inspected = [], 0
    for seed in range(12):
        game, _ = run(["honest+greedy"] * 5, seed=seed)  # honest merchants never offer
        decls = declarations(game)
        for rnd, m, kind, _ in decisions(game):
            probabilities.append(model_equilibrium(*decls[rnd, m])[1])
            inspected += kind == "inspect"
    assert len(probabilities) > 400 and within(inspected, probabilities)


# ------------------------------------------------------------------ paying to have a bag opened (issue 16)


def test_the_briber_pays_to_have_the_leading_rival_opened_and_sheriffs_take_it():
    """S002: a merchant may bribe the sheriff "para ... convencê-lo a inspecionar a bolsa de outra pessoa".  The
    Briber does so only against the player leading the public scores, for half the rival's expected loss
    (:func:`sheriff_nb.play.bots.inspection_bribe`); every character sheriff takes the money and then opens that bag."""
    paid = 0
    for seed in range(12):
        game, _ = run(["briber", "smuggler", "honest+trusting", "bluffer"], seed=seed)
        for index, e in enumerate(game.events):
            if e["kind"] == "deal" and e["offer"]["buys_pass"] is False:
                paid += 1
                assert e["merchant"] == 0 and e["bribe"]["gold"] == e["offer"]["gold"] > 0
                target = e["offer"]["inspect"][0]
                handled = next(
                    x for x in game.events[index:] if x["kind"] in ("pass", "inspect") and x["merchant"] == target
                )
                assert handled["kind"] == "inspect" and handled["round"] == e["round"]
    assert paid >= 3


def test_inspection_bribe_only_against_the_leader_and_never_more_than_the_gold():
    view = {
        "player": 1,
        "gold": [50, 40, 60, 45],
        "stands": [{}, {}, {"face_down": 2}, {}],
        "declarations": [None, None, ("apples", 4), ("apples", 4)],
    }
    assert B.inspection_bribe(view, 2) == 3 and B.inspection_bribe(view, 3) == 0
    assert B.inspection_bribe({**view, "gold": [50, 2, 60, 45]}, 2) == 2
    assert B.inspection_bribe({**view, "gold": [50, 80, 60, 45]}, 2) == 0  # the payer leads: nobody to catch up
