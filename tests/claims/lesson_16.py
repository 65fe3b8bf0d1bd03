"""Numbers stated by ``16_second_edition``, each computed from the engine (:class:`sheriff_nb.Game`,
:class:`sheriff_nb.RuleOptions`, :mod:`sheriff_nb.theory.second_edition`, :func:`sheriff_nb.king_queen`)."""

from collections import Counter

import sheriff_nb as sn
from sheriff_nb.engine.options import ROUNDS_PER_SHERIFF
from sheriff_nb.play.schedule import sheriff_rounds
from sheriff_nb.theory import second_edition as se
from sheriff_nb.ui.widgets.edition2 import PLACEHOLDER_TABLE

from . import Claim

L = "16_second_edition"
SIX = sn.RuleOptions(players=6)


def _deputies_per_round():
    counts = Counter(len(r) for r in sheriff_rounds(6).values())
    rounds = {r for seats in sheriff_rounds(6).values() for r in seats}
    per_round = sum(len(s) for s in sheriff_rounds(6).values()) // len(rounds)
    return per_round, 6 - per_round, counts.most_common(1)[0][0]


def _outcome(merchant, votes, bribe=0):
    return se.deputy_outcome(se.deputies_game(), merchant, votes, bribe)


def _booty_five():
    o = _outcome("Friar Tuck", ("pass", "pass"), 5)
    return o["booty_each"], o["odd_coin"]


def _example_14():
    """Example 14's numbers on the engine: a 12-gold bribe accepted by both deputies, split evenly."""
    o = _outcome("Friar Tuck", ("pass", "pass"), 12)
    lone = 8
    return o["booty"], lone, o["booty_each"], lone, o["booty_each"], lone + o["booty_each"]


def _honest_halves():
    o = _outcome("David of Doncaster", ("inspect", "inspect"))
    return -o["gold_change"]["Sir Guy"]


def _split():
    return -_outcome("David of Doncaster", ("inspect", "pass"))["gold_change"]["Sir Guy"]


def _claimed():
    steps = se.black_market_demo(PLACEHOLDER_TABLE)
    return next(s["value"] for s in steps if s["value"] is not None)


def _first_deputies():
    game = se.deputies_game()
    first = sorted(seat for seat, rounds in sheriff_rounds(6).items() if 1 in rounds)
    return tuple(game.names[s] for s in first)


def _kq():
    rows = sn.king_queen({"Will": {"cheese": 10, "gouda_cheese": 1}, "Marion": {"cheese": 11}})
    king, queen = rows.iloc[0], rows.iloc[1]
    return king.players[0], king["count"], king.bonus, queen.players[0], queen["count"], queen.bonus


CLAIMS = [
    Claim(L, "shuffle the {} Deputy cards face down", lambda: SIX.players),
    Claim(
        L,
        "Each round draw {} Deputy cards: those two players are the Deputies, the other {} are merchants",
        lambda: _deputies_per_round()[:2],
    ),
    Claim(L, "after {} rounds everyone has been a Deputy once", lambda: SIX.players // _deputies_per_round()[0]),
    Claim(L, "runs out the third time: {} rounds", lambda: SIX.rounds),
    Claim(
        L,
        "| six players | {} Deputies a round, {} merchants | {} rounds; each player a Deputy {} times |",
        lambda: (*_deputies_per_round()[:2], SIX.rounds, ROUNDS_PER_SHERIFF[6]),
    ),
    Claim(L, "with Friar Tuck's 5 gold: {} each and {} coin back to the bank", _booty_five),
    Claim(L, "| Friar Tuck's 5 gold: {} each, {} to the bank |", _booty_five),
    Claim(L, "| David's 3 Apples: {} each |", _honest_halves),
    Claim(L, "| Sir Guy pays David all {} |", _split),
    Claim(
        L,
        "Friar Tuck offers both Deputies {} gold, and it goes on the Booty. The Deputies disagree about Will "
        "Scarlet's bag; Marion, who wanted to inspect it, deals with it alone, and Will pays her {} to let it "
        "pass",
        lambda: _example_14()[:2],
    ),
    Claim(L, "split, {} each: Marion ends the round {} + {} = {} gold richer", lambda: _example_14()[2:]),
    Claim(L, "| {} cards with 4–6 players |", lambda: sum(sn.deck(edition=2, players=4, royal=True).values())),
    Claim(L, "| 4 players: {} minutes |", lambda: sn.RuleOptions(players=4, time_limit=True).inspection_minutes),
    Claim(L, "the {} royal cards join the deck", lambda: sum(sn.deck(royal=True).values()) - sum(sn.deck().values())),
    # widget readouts (computed by the widgets from the engine)
    Claim(L, "1 {} and {}", _first_deputies, note="the schedule's first row"),
    Claim(
        L,
        "End of the round: the Booty of {} gold is split evenly, {} each, and the odd coin is discarded",
        lambda: (5, _booty_five()[0]),
    ),
    Claim(
        L,
        "At the end the card scores {} points; the 3 Pepper it cost would have scored 3 × {} = {}",
        lambda: (_claimed(), sn.card("pepper").value, 3 * sn.card("pepper").value),
    ),
    Claim(
        L,
        "goods cards in play {} removed unseen at setup {} cards in each hand {} left in the draw pile {} rounds {}",
        lambda: tuple(se.option_facts()[k] for k in ("deck", "removed", "hands", "draw_pile", "rounds")),
    ),
    Claim(L, "King {} {} {} Queen {} {} {}", _kq),
    Claim(L, "Sir Guy has {} minutes", lambda: sn.RuleOptions(players=4, time_limit=True).inspection_minutes),
    Claim(
        L,
        "had {} gold before and {} after",
        lambda: (se.time_limit_demo()["gold_before"], se.time_limit_demo()["gold_after"]),
    ),
]
