"""Twin positions: the same game with the cards hidden from one seat dealt again (from the same cards and the deck).

What a seat is told (its view, its legal moves, the verdict on any move it tries) must be the same in a position
and in its twins; :func:`leaks` says whether it is not.  Twins are written with the notation: a position is read
into a :class:`~sheriff_nb.engine.state.GameState`, its hidden cards dealt again, and read back as a game.
"""

import json
import random

from sheriff_nb.engine import notation
from sheriff_nb.engine.cards import IS_LEGAL, N_GOODS
from sheriff_nb.engine.game import Game

HIDDEN = [i for i in range(N_GOODS) if not IS_LEGAL[i]]
"""Contraband and royal goods: face down on a stand."""
ALL = list(range(N_GOODS))


def twin(game, seat, rng):
    """A copy of ``game`` in which what is hidden from ``seat`` is different: the other seats' hands, closed bags and
    face-down stand cards, the Booty's face-down cards if ``seat`` is no official, and the cards out of play are
    dealt again (with the deck); the other seats' private choices of goods for a debt are new."""
    state = notation.read(game.notation())
    places = [(state.removed, False)]
    for other in (s for s in range(game.players) if s != seat):
        places.append((state.hands[other], False))
        if state.bags[other] is not None:
            places.append((state.bags[other], False))
        places.append((state.stands[other], True))
        state.debt_goods[other] = tuple(rng.choice(ALL) for _ in range(rng.randint(1, 3)))
    if seat not in state.officials:
        places.append((state.booty, True))
    deal(state, places, rng)
    return Game.from_notation(notation.write(state))


def deal(state, places, rng):
    """Deal the cards of ``places`` (``(counts, face_down)`` pairs; a face-down place deals only its contraband and
    royal goods) and of the deck again at random, each place keeping its size and kind.  The deck takes part so that
    the types really change."""
    sizes = [sum(counts[i] for i in (HIDDEN if down else ALL)) for counts, down in places]
    pool = list(state.deck)
    for counts, down in places:
        for i in HIDDEN if down else ALL:
            pool += [i] * counts[i]
            counts[i] = 0
    rng.shuffle(pool)
    order = sorted(range(len(places)), key=lambda i: not places[i][1])  # face-down places take their cards first
    for counts, down, size in ((places[i][0], places[i][1], sizes[i]) for i in order):
        chosen = [c for c in pool if not down or c in HIDDEN][:size]
        assert len(chosen) == size, "not enough cards of the kind to deal again"
        for card in chosen:
            counts[card] += 1
            pool.remove(card)
    state.deck[:] = pool


def told(game, seat):
    """What ``seat`` sees of the position: its view and its legal actions."""
    view = json.dumps(game.view(seat), sort_keys=True, default=str)
    return view, [a.to_dict() for a in game.legal_actions(seat)]


def leaks(game, seat, twins=4, seed=0):
    """Whether ``seat``'s view or legal moves change in some twin of ``game`` (hidden cards leak)."""
    rng = random.Random(seed)
    mine = told(game, seat)
    return any(told(twin(game, seat, rng), seat) != mine for _ in range(twins))
