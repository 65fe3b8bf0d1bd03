"""What makes a position one the engine can play on: :func:`check` refuses a position read from the notation
(:mod:`sheriff_nb.engine.notation`) that no game could reach, naming the field that is wrong.

Seats and sizes must fit the table; each phase has the fields it needs; someone can move (or the game is over); and
nothing is made from nothing:

* **cards**: every card of the game's deck is in exactly one place (a hand, a bag, a stand, the Booty, the deck, a
  discard pile, the set-aside or confiscated cards, or out of play), so each good's count over all places is the
  deck's count of it;
* **gold**: the players' gold, the Booty's and the odd coins returned to the bank add up to the gold the players
  started with, 50 each (no move makes or destroys a coin).

>>> from sheriff_nb.engine.game import Game
>>> line = Game(players=3, seed=1, first_sheriff=0).notation()
>>> Game.from_notation(line.replace("gold=50,50,50", "gold=999999,50,50"))
Traceback (most recent call last):
...
sheriff_nb.engine.errors.NotationError: this position cannot be read: gold: a seat owns 0 to 150 gold (all the gold of a 3-player game), not 999999
"""

from __future__ import annotations

from .cards import IDS, N_GOODS, deck
from .errors import NotationError
from .options import START_GOLD
from .state import GameState, Phase
from .turns import to_act


def fail(message: str) -> NotationError:
    """The error for a position that cannot be read, saying why."""
    return NotationError("this position cannot be read: {message}", message=message)


def need(ok: bool, message: str) -> None:
    """Refuse the position, saying ``message``, unless ``ok``."""
    if not ok:
        raise fail(message)


def check(s: GameState) -> None:
    """Refuse a position the engine could not play on: seats, sizes and the fields each phase needs."""
    need(len(s.gold) == s.options.players, f"gold has {len(s.gold)} entries for {s.options.players} players")
    _check_gold(s)
    _check_cards(s)
    _check_table(s)
    _check_bags(s)
    PHASE_CHECKS[s.phase](s)
    need(s.phase is Phase.OVER or s.round < s.options.rounds, "the last round has been played: the phase is over")
    need(
        s.phase is Phase.OVER or bool(to_act(s)),
        f"no one could ever move: the {s.phase.value} phase waits for no one "
        "(an Inspection needs bags still to handle, in pending, or a claim or Booty split to wait for)",
    )


def _check_table(s: GameState) -> None:
    """The discard piles, the officials, the hands and the round's lists of merchants."""
    seats = set(range(s.options.players))
    need(len(s.discards) == (2 if s.options.edition == 1 else 1), "the 1st edition has two discard piles, the 2nd one")
    if s.options.deputies:
        need(
            len(s.officials) == 2
            and len(set(s.officials)) == 2
            and set(s.officials) <= seats
            and s.sheriff == min(s.officials),
            "six players have two deputies, the lead one first as sheriff",
        )
    else:
        need(s.officials == [s.sheriff], "officials are given only with six players")
    need(all(sum(h) <= 7 for h in s.hands), "a hand holds at most 7 cards")
    for group, what in [(s.queue, "queue"), (s.pending, "pending"), (s.claims_done, "claims")]:
        need(
            set(group) <= set(s.merchants) and len(set(group)) == len(group),
            f"{what} lists this round's merchants, each once",
        )
    need(set(s.deputy_deck) <= seats, "the deputy deck holds seats")


def _check_bags(s: GameState) -> None:
    """Bags and declarations are the merchants'; bags to handle and deals belong to the Inspection only."""
    for m in s.merchants:
        bag, declared = s.bags[m], s.declarations[m]
        need(bag is None or 1 <= sum(bag) <= 5, "a bag holds 1 to 5 cards")
        need(declared is None or bag is None or declared[1] == sum(bag), "a declaration gives its bag's true count")
    for seat in s.officials:
        need(s.bags[seat] is None and s.declarations[seat] is None, "an official has no bag")
    talk = (s.pending, s.handlers, s.offers, s.deals, s.table, s.votes, s.confiscated, s.side_deals, s.outcomes)
    need(
        s.phase is Phase.INSPECTION or not any(talk),
        f"only the Inspection has bags to handle and deals; the phase is {s.phase.value}",
    )


def _check_market(s: GameState) -> None:
    need(s.options.edition == 2 or bool(s.queue), "the 1st-edition Market has merchants to act")
    need(all(b is None for b in s.bags), "bags are loaded after the Market")


def _check_load(s: GameState) -> None:
    need(any(s.bags[m] is None for m in s.merchants), "in the Load phase a merchant has a bag to load")


def _check_declaration(s: GameState) -> None:
    need(
        bool(s.queue) and all(s.bags[m] is not None for m in s.merchants),
        "the Declaration has every bag loaded and merchants to declare",
    )
    need(
        all((s.declarations[m] is None) == (m in s.queue) for m in s.merchants),
        "the merchants still to declare are those in the queue",
    )


def _check_inspection(s: GameState) -> None:
    seats = set(range(s.options.players))
    need(
        all(s.bags[m] is not None and s.declarations[m] is not None for m in s.pending),
        "every bag still to handle is loaded and declared",
    )
    need(
        all(m in s.handlers and s.handlers[m] and set(s.handlers[m]) <= set(s.officials) for m in s.pending),
        "every bag still to handle has officials handling it",
    )
    need(s.in_hand is None or s.in_hand in s.pending, "the bag in hand is one still to handle")
    for offers, what in [(s.offers, "offers"), (s.table, "table"), (s.deals, "deals")]:
        need(
            all(
                o.merchant in s.merchants and o.player in seats and set(o.inspect + o.passes) <= seats
                for o in offers.values()
            ),
            f"{what} are paid by merchants about seats",
        )
    need(
        set(s.accepted) == set(s.offers) and all(set(a) <= seats for a in s.accepted.values()),
        "accepted lists who agreed to each open offer",
    )
    need(
        set(s.parties) == set(s.deals) and all(set(p) <= set(s.officials) for p in s.parties.values()),
        "parties lists the officials bound by each deal",
    )
    need(
        all(m in s.pending and set(v) <= set(s.officials) for m, v in s.votes.items()),
        "votes are deputies' votes on bags still to handle",
    )
    need(
        all(d in s.officials and (t is None or t in s.officials) for d, t in s.booty_choices.items()),
        "choices are the deputies' say about the Booty",
    )


def _check_over(s: GameState) -> None:
    need(s.round == s.options.rounds, "the game is over after its last round")


PHASE_CHECKS = {
    Phase.MARKET: _check_market,
    Phase.LOAD: _check_load,
    Phase.DECLARATION: _check_declaration,
    Phase.INSPECTION: _check_inspection,
    Phase.OVER: _check_over,
}
"""Each phase's own fields: the check for a position in that phase."""


def _check_gold(s: GameState) -> None:
    """Gold is never made or lost: the seats', the Booty's and the bank's gold add up to what the players started
    with."""
    n = s.options.players
    total = START_GOLD * n
    for values, what in [(s.gold, "gold: a seat owns"), ([s.booty_gold], "booty: the Booty holds"), ([s.bank], "bank")]:
        for value in values:
            if not 0 <= value <= total:
                raise fail(f"{what} 0 to {total} gold (all the gold of a {n}-player game), not {value}")
    held = sum(s.gold) + s.booty_gold + s.bank
    if held != total:
        raise fail(
            f"gold, booty and bank hold {held} gold in all; a {n}-player game has {total} "
            f"({START_GOLD} a player), and no move makes or destroys a coin"
        )


def _check_cards(s: GameState) -> None:
    """Every card of the deck is in exactly one place: each good's count over all places is the deck's."""
    options = s.options
    counts = [0] * N_GOODS
    for place in [*s.hands, *(b for b in s.bags if b is not None), *s.stands, s.removed, s.booty]:
        for number, count in enumerate(place):
            counts[number] += count
    for pile in [s.deck, *s.discards, s.set_aside, s.confiscated]:
        for number in pile:
            counts[number] += 1
    box = deck(options.edition, options.players, options.royal, options.four_plus_removed)
    wrong = [(IDS[i], counts[i], box[IDS[i]]) for i in range(N_GOODS) if counts[i] != box[IDS[i]]]
    if wrong:
        good, found, dealt = wrong[0]
        raise fail(
            f"the cards do not add up: this game's deck has {dealt} {good} and the position places {found} "
            f"({sum(counts)} cards in all for a deck of {sum(box.values())}); every card is in exactly one place "
            "(hands, bags, stands, booty, deck, discards, aside, confiscated, removed)"
        )


__all__ = ["check", "fail"]
