"""Numbers stated by ``09_play_a_game``."""

from functools import cache

from sheriff_nb.engine.cards import GOODS
from sheriff_nb.play import bots
from sheriff_nb.ui.charts.results import seat_title
from sheriff_nb.ui.widgets.play import play_dashboard

from . import Claim
from .facts import bag_limits, hand_size, max_aside, rounds, sheriff_turns
from .seats import seat_claims

L = "09_play_a_game"
WORDS = {2: "twice", 3: "three times", 6: "six", 9: "nine"}


@cache
def _default_table():
    """The default game's Sheriffs in rounds 1 and 3, who holds the badge in round 2, and the reader's opponents
    (issues 21 and 25: the story describes the game the page deals)."""
    dash = play_dashboard(seed=0)
    dash.setup_box.start_button.click()
    first, n = dash.game.sheriff, len(dash.game.names)
    second = "you" if (first + 1) % n == dash.seat else seat_title(dash.characters[(first + 1) % n])
    rivals = tuple(seat_title(dash.characters[s]) for s in range(n) if s != dash.seat)
    return seat_title(dash.characters[first]), seat_title(dash.characters[(first + 2) % n]), second, rivals


CLAIMS = [
    Claim(L, "You hold {} cards", lambda: WORDS[hand_size()]),
    Claim(
        L,
        "The Silk is worth {} points if it reaches your stand, and {} gold of fines if the sheriff finds it.",
        lambda: (GOODS["silk"].value, GOODS["silk"].penalty),
    ),
    Claim(L, "At the default table the first sheriff is the {}", lambda: _default_table()[0]),
    Claim(L, "Next round {} hold the sheriff's badge", lambda: _default_table()[2]),
    Claim(L, "In round 3 the badge reaches the {}", lambda: _default_table()[1]),
    Claim(
        L,
        "At the default table the {}, the {} and the {} play against you.",
        lambda: _default_table()[3],
        note="the three opponents the page deals, in seat order",
    ),
    Claim(L, "as the sheriff he opens every bag unless he is paid {} gold a card", lambda: bots.Suspicious().per_card),
    Claim(L, "| 1 Market | set aside 0–{} cards, draw back up to {}", lambda: (max_aside(), hand_size())),
    Claim(L, "| 2 Load the bag | put {}–{} cards in the bag, secretly", bag_limits),
    Claim(L, "| 5 End of round | refill to {} |", hand_size),
    Claim(
        L,
        "The game ends when everyone has been sheriff {} ({} with 3 players; with 6 players two Deputies share "
        "the job each round, {} rounds in all).",
        lambda: (WORDS[sheriff_turns(4)], WORDS[sheriff_turns(3)], WORDS[rounds(6)]),
    ),
    *seat_claims(L),
]
