"""Numbers stated by ``02_market``."""

import sheriff_nb as sn
from sheriff_nb.engine.cards import GOODS
from sheriff_nb.play import lesson_cast as cast
from sheriff_nb.theory import analysis as an
from sheriff_nb.ui import i18n

from . import Claim, percent
from .facts import hand_size, hand_words, max_aside, reader_hand

L = "02_market"


def _unseen():
    return sn.deck(players=4) - reader_hand()


def _chickens():
    unseen, hand = _unseen(), reader_hand()
    n, k = sum(unseen.values()), unseen["chickens"]
    miss = (n - k) * (n - k - 1) / (n * (n - 1))
    odds = an.draw_odds("chickens", 1, cards=2, deck=unseen)
    assert abs(float(odds) - (1 - miss)) < 1e-12  # the lesson's product form is the hypergeometric formula
    return (
        sum(hand.values()),
        n,
        sn.deck(players=4)["chickens"],
        hand["chickens"],
        k,
        n - k,
        n,
        n - k - 1,
        n - 1,
        f"{miss:.3f}",
        f"{float(odds):.3f}",
    )


def _five_draws():
    unseen = _unseen()
    return tuple(percent(an.draw_odds(g, 1, cards=5, deck=unseen)) for g in ("chickens", "apples", "crossbow"))


def _left_pile_second():
    game, _ = cast.lesson_game("market", edition=1)
    return i18n.card_name(game.discards[0][-2], 1)


def _first_edition_piles():
    game, _ = cast.lesson_game("market", edition=1)
    return len(game.discards), sum(map(len, game.discards))


CLAIMS = [
    Claim(L, "Your hand is {}.", lambda: hand_words(reader_hand())),
    Claim(L, "You would love more Chickens ({} points each", lambda: GOODS["chickens"].value),
    Claim(
        L,
        "Everyone starts with {} cards. In the Market, each merchant in turn sets aside 0 to {} cards and then "
        "draws back up to {}.",
        lambda: (hand_size(), max_aside(), hand_size()),
    ),
    Claim(L, "in our deal a {} really is the second card of the left pile", _left_pile_second),
    Claim(L, "the 1st edition's {} discard piles", lambda: {2: "two"}[_first_edition_piles()[0]]),
    Claim(
        L,
        "You can see your own {} cards, so {} are unseen and {} − {} = {} of them are Chickens. Drawing 2: "
        "1 − ({}/{}) × ({}/{}) = 1 − {} = {}.",
        _chickens,
    ),
    Claim(L, "leaves out the {} face-up discards", lambda: _first_edition_piles()[1]),
    Claim(
        L,
        "at least one Chicken comes {} of the time and at least one Apple {}, but a card with few copies stays a "
        "long shot (at least one Crossbow: {})",
        _five_draws,
    ),
    Claim(
        L,
        "A fresh deck of {} cards holds {} Crossbows. If you draw {} cards",
        lambda: (sum(sn.deck(players=4).values()), sn.deck(players=4)["crossbow"], hand_size()),
        note="the bet's question: as many cards as a hand holds",
    ),
    Claim(
        L,
        "Chance of at least 1 × Crossbow in {} cards from {} unseen cards: {} (about 1 time in {})",
        lambda: (
            hand_size(),
            sum(sn.deck(players=4).values()),
            percent(an.draw_odds("crossbow", 1), 1),
            round(1 / an.draw_odds("crossbow", 1)),
        ),
        note="the explorer revealed by the bet",
    ),
]
