"""Hidden information stays hidden (issue 16, items 6-8): no seat's legal actions, rule messages, view or public
events change when another seat's hidden cards change.

S000: "¡Todo el contrabando se mantiene en secreto! Debe revelar la cantidad de tarjetas de contrabando ..., pero no
su tipo"; S002: "Todo o Contrabando é mantido em segredo! Você deve revelar a quantidade ... mas não o tipo"; hands
and closed bags are private (S000 "Tenga cuidado de no dejar que el alguacil o los otros comerciantes vean qué tarjetas
pone en su bolsa").

Hypothesis plays random legal games (both editions, 3 to 6 players, royal goods, the Black Market) to a position,
then builds a twin position in which cards hidden from one seat are different, and compares what that seat gets.
"""

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from twins import deal, twin

import sheriff_nb as sn
from sheriff_nb.engine import notation
from sheriff_nb.engine.actions import (
    Accept,
    ClaimBlackMarket,
    Declare,
    DiscardConfiscated,
    Inspect,
    Load,
    Market,
    Offer,
    Pass,
    PickUpBag,
    SplitBooty,
)
from sheriff_nb.engine.cards import GOODS, LEGAL
from sheriff_nb.engine.game import Game, Phase
from sheriff_nb.play.bots import RandomLegal
from sheriff_nb.play.driver import play

TABLE = {"pepper": [10, 14], "mead": [12, 16], "silk": [14, 18]}
OPTIONS = st.one_of(
    st.builds(sn.RuleOptions, edition=st.just(1), players=st.sampled_from([3, 4, 5]), royal=st.booleans()),
    st.builds(
        sn.RuleOptions,
        edition=st.just(2),
        players=st.sampled_from([3, 4, 5, 6]),
        royal=st.booleans(),
        black_market=st.sampled_from([(), TABLE]),
    ),
)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def position(options, seed, moves):
    """A random legal position reached by ``moves`` moves of RandomLegal bots (None if the game ended)."""
    game = sn.Game(options, seed=seed)
    events = play(game, [RandomLegal(seed + i) for i in range(options.players)])
    for _ in zip(range(moves), events, strict=False):
        pass
    return None if game.is_over else game


def _hidden(card: str) -> bool:
    return GOODS[card].kind != LEGAL


def _down(counter):
    """The face-down part of a stand (or of the Booty, or a bag's contraband)."""
    return Counter({g: n for g, n in counter.items() if _hidden(g)})


def probes(game, seat):
    """Actions by ``seat`` whose legality and rule message must not depend on others' hidden cards."""
    actions = []
    n = game.players
    for m in range(n):
        for good in GOODS:
            actions += [
                Offer(seat, m, stand=(good,)),
                Offer(seat, m, stand=(good, good)),
                Offer(seat, m, bag=(good,)),
                Offer(seat, m, stand=(good,), inspect=tuple(p for p in game.pending if p != m)[:1], buys_pass=False),
            ]
        actions += [Offer(seat, m, gold=3), Accept(seat, m), Pass(seat, m), Inspect(seat, m), PickUpBag(seat, m)]
    for good in GOODS:
        actions += [Load(seat, [good]), Market(seat, [good]), Declare(seat, good, 1), ClaimBlackMarket(seat, good)]
    actions += [DiscardConfiscated(seat, pile) for pile in (0, 1)] + [SplitBooty(seat, None)]
    return actions


def answers(game, seat):
    """What ``seat`` gets from the game: its view, its legal actions, and the verdict on every probe."""
    verdicts = []
    for action in probes(game, seat):
        try:
            game.check(action)
            verdicts.append("legal")
        except sn.RuleError as refusal:
            verdicts.append(f"{type(refusal).__name__}: {refusal}")
    view = json.dumps(game.view(seat), sort_keys=True, default=str)
    return view, [a.to_dict() for a in game.legal_actions(seat)], verdicts


@settings(SETTINGS, max_examples=80)
@given(options=OPTIONS, seed=st.integers(0, 10**6), moves=st.integers(0, 400), pick=st.integers(0, 5))
def test_what_a_seat_gets_does_not_depend_on_cards_hidden_from_it(options, seed, moves, pick):
    game = position(options, seed, moves)
    if game is None:
        return
    seat = pick % options.players
    other = twin(game, seat, random.Random(seed))
    assert other.notation() != game.notation() or not game.deck
    assert other.card_count() == game.card_count()
    assert answers(other, seat) == answers(game, seat)


def given_counts(game, owner):
    """How many of the cards promised for the pass of ``owner``'s bag are really there (on the stand, in the bag)."""
    offer = game.deals.get(owner) or game.table.get(owner)
    if offer is None:
        return 0, 0
    return (
        sum((Counter(offer.stand) & game.stands[owner]).values()),
        sum((Counter(offer.bag) & game.bags[owner]).values()),
    )


def reshuffled_contraband(game, owner, rng):
    """A twin of ``game`` in which ``owner``'s face-down stand cards and the contraband in their bag are dealt again
    from the same cards and the deck, with as many of the promised cards there as before (so that as many cards
    change hands); None if no such deal turned up."""
    for _ in range(30):
        state = notation.read(game.notation())
        deal(state, [(state.stands[owner], True), (state.bags[owner], True)], rng)
        copy = Game.from_notation(notation.write(state))
        changed = (copy.stands[owner], copy.bags[owner]) != (game.stands[owner], game.bags[owner])
        if changed and given_counts(copy, owner) == given_counts(game, owner):
            assert copy.card_count() == game.card_count()
            return copy
    return None


def hand_back_the_rest(game):
    """Hand back every bag still to be handled and finish the round with declined claims and discarded odd Booty
    cards; False if a deal binds the officials to open a bag (its cards would be shown to everyone)."""
    start = game.round
    for _ in range(200):
        if game.round != start or game.is_over:
            return True
        if game.confiscated:
            game.apply(DiscardConfiscated(game.sheriff))
        elif game.pending:
            m = game.in_hand if game.in_hand is not None else game.pending[0]
            move = Pass(next(o for o in game.handlers[m] if o not in game.votes.get(m, {})), m)
            if not game.is_legal(move):
                return False
            game.apply(move)
        else:
            seat = game.waiting_for()[0]
            game.apply(SplitBooty(seat, None) if seat in game.sheriffs else ClaimBlackMarket(seat, None))
    return False


@settings(SETTINGS, max_examples=80)
@given(options=OPTIONS, seed=st.integers(0, 10**6), moves=st.integers(0, 300), pick=st.integers(0, 5))
def test_public_events_do_not_depend_on_the_types_of_face_down_cards(options, seed, moves, pick):
    """A merchant promises face-down goods (some there, some not); the bags are handed back, bribes are paid into
    stands or the Booty, the Booty is split: every other merchant is told the same thing whatever that merchant's
    face-down cards were, as long as as many cards change hands."""
    game = sn.Game(options, seed=seed)
    events = play(game, [RandomLegal(seed + i) for i in range(options.players)])
    for number, _ in enumerate(events):  # on to an Inspection phase with bags to hand back
        if number >= moves and game.phase is Phase.INSPECTION and game.pending and not game.confiscated:
            break
    if game.is_over:
        return
    rng = random.Random(seed)
    owner = game.pending[pick % len(game.pending)]
    down = sorted(set(_down(game.stands[owner])))
    contraband = [g for g in GOODS if _hidden(g) and (options.royal or GOODS[g].kind != "royal")]
    stand = rng.sample(down if options.edition == 1 else contraband, min(2, len(down)))
    offer = Offer(owner, owner, gold=0, stand=stand, bag=rng.sample(contraband, 2))  # two types: some may be missing
    if game.is_legal(offer):
        game.apply(offer)
    copy = reshuffled_contraband(game, owner, rng)
    if copy is None:
        return
    start, others = len(game.events), [s for s in game.merchants if s != owner]
    if not (hand_back_the_rest(game) and hand_back_the_rest(copy)):
        return
    end = next(i for i, e in enumerate(game.events) if e["kind"] == "round_end" and i >= start) + 1
    for seat in others:  # the officials paid are shown what they get (S002 "mostrando ... ao Xerife")
        told = game.public_events(seat)[start:end]  # the copy's events start at the copied position
        assert copy.public_events(seat)[: end - start] == told, seat
        assert any(e["kind"] == "pass" for e in told)
