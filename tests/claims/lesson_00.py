"""Numbers stated by ``00_start_here``."""

from sheriff_nb.engine.game import Phase
from sheriff_nb.play import lesson_cast as cast
from sheriff_nb.ui.widgets import LESSONS

from . import Claim
from .facts import bag_limits, david_total, hand_size, little_john_opens_from, max_aside, sheriff_turns

L = "00_start_here"
WORDS = {2: "twice", 3: "three times"}


CLAIMS = [
    Claim(
        L,
        "learn to play Sheriff of Nottingham in {} short pages",
        lambda: {6: "six"}[sum(1 for f, *_ in LESSONS if "01" <= f[:2] <= "06")],
        note="lessons 01-06",
    ),
    Claim(
        L,
        "the {} phases of a round",
        lambda: {5: "five"}[len([p for p in Phase if p is not Phase.OVER]) + 1],
        note="four playing phases of the engine + the end of the round",
    ),
    Claim(L, "Everyone is sheriff {} ({} with 3 players)", lambda: (WORDS[sheriff_turns(4)], WORDS[sheriff_turns(3)])),
    Claim(L, "set aside up to {} cards, draw back up to {}", lambda: (max_aside(), hand_size())),
    Claim(L, "put {} to {} cards from your hand in your bag", bag_limits),
    Claim(L, "hands refill to {}", hand_size),
    Claim(
        L,
        "takes any deal worth {0} or more (gold plus goods at face value) and asks {0} for less",
        lambda: cast.SHERIFF_ASK,
    ),
    Claim(
        L,
        "opens every other bag of {} or more cards, lets 1 or {} pass",
        lambda: (little_john_opens_from(), little_john_opens_from() - 1),
    ),
    Claim(
        L,
        "offers {} gold and pays up to {}",
        lambda: (cast.WillScarlet().opening, cast.WillScarlet().limit),
        note="Will Scarlet",
    ),
    Claim(
        L,
        "offers {} gold, a card her bag does not hold and a binding “inspect someone else”; pays up to {}",
        lambda: (cast.MaidMarion().opening, cast.MaidMarion().limit),
        note="Maid Marion",
    ),
    Claim(L, "ends the game with {} points", david_total, note="David of Doncaster, the rulebook's example"),
]
