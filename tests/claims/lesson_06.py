"""Numbers stated by ``06_scoring``."""

from collections import Counter

from sheriff_nb.engine.cards import GOODS, LEGAL_GOODS
from sheriff_nb.engine.scoring import king_queen_awards
from sheriff_nb.ui import i18n

from . import Claim
from .facts import DAVID, david_total, hand_size, rounds, sheriff_turns

L = "06_scoring"
WORDS = {2: "twice", 3: "3 times"}


def _awards(stands):
    """good -> title -> (players, bonus each) of the engine's King/Queen awards."""
    table: dict = {}
    for good, title, players, _n, bonus in king_queen_awards({p: Counter(s) for p, s in stands.items()}):
        table.setdefault(good, {})[title] = (players, bonus)
    return table


def _bonus(good, title):
    """A lone King's or Queen's bonus, as the engine awards it."""
    stands = {"a": {good: 3}, "b": {good: 2}}
    return _awards(stands)[good][title][1]


def _david_lines():
    return tuple(
        x
        for g in ("apples", "cheese", "bread", "chickens", "pepper", "crossbow")
        for x in (DAVID[g], i18n.card_name(g, DAVID[g]), GOODS[g].value, DAVID[g] * GOODS[g].value)
    )


def _david_sum():
    from sheriff_nb.ui.widgets.scoring import EXAMPLE_GOLD, EXAMPLE_STANDS

    awards = _awards({**EXAMPLE_STANDS, "David of Doncaster": DAVID})
    queen_players, queen_share = awards["chickens"]["Queen"]
    assert "David of Doncaster" in queen_players and len(queen_players) == 2
    goods = [DAVID[g] * GOODS[g].value for g in ("apples", "cheese", "bread", "chickens", "pepper", "crossbow")]
    parts = [*goods, EXAMPLE_GOLD["David of Doncaster"], awards["cheese"]["King"][1], queen_share]
    queen = _bonus("chickens", "Queen")
    return awards["cheese"]["King"][1], queen, f"{queen / 2:g}", queen_share, " + ".join(map(str, parts)), david_total()


def _tie(good, counts):
    stands = {f"p{i}": {good: n} for i, n in enumerate(counts)}
    return _awards(stands)


def _king_tie():
    apples = _tie("apples", [6, 6, 3])["apples"]["King"][1]
    chickens = _tie("chickens", [5, 5, 5])["chickens"]["King"][1]
    return (
        _bonus("apples", "King"),
        _bonus("apples", "Queen"),
        apples,
        _bonus("chickens", "King"),
        _bonus("chickens", "Queen"),
        chickens,
    )


def _queen_tie():
    queen = _tie("apples", [8, 2, 2, 2])["apples"]
    return queen["King"][1], _bonus("apples", "Queen"), f"{_bonus('apples', 'Queen') / 3:.2f}", queen["Queen"][1]


CLAIMS = [
    Claim(L, "everyone draws back up to {} cards", hand_size),
    Claim(
        L,
        "The game ends when every player has been sheriff {} ({} in a 3-player game): {} rounds with 4 players, "
        "{} with 5, {} with 3.",
        lambda: (WORDS[sheriff_turns(4)], WORDS[sheriff_turns(3)], rounds(4), rounds(5), rounds(3)),
    ),
    *(
        Claim(L, f"| {i18n.card_name(g)} | {{}} | {{}} |", lambda g=g: (_bonus(g, "King"), _bonus(g, "Queen")))
        for g in LEGAL_GOODS
    ),
    Claim(
        L,
        "Royal goods add {} or {} to their legal good",
        lambda: tuple(sorted({GOODS[g].multiplier for g in GOODS if GOODS[g].kind == "royal"})),
    ),
    Claim(
        L,
        "David's goods: {} {} × {} = {}, {} {} × {} = {}, {} {} × {} = {}, {} {} × {} = {}, {} {} × {} = {}, "
        "{} {} × {} = {}.",
        _david_lines,
    ),
    Claim(
        L,
        "He is Cheese King ({}) and ties with Maid Marion for Chicken Queen: {} / 2 = {}, rounded down to {}. {} = {}.",
        _david_sum,
    ),
    Claim(L, "Two players tie on Apples: ({} + {}) / 2 = {} each", lambda: _king_tie()[:3]),
    Claim(L, "Three tie on Chickens: ({} + {}) / 3 = {} each.", lambda: _king_tie()[3:]),
    Claim(L, "One Apple King takes {}; three players tie for second: {} / 3 = {}, so {} each.", _queen_tie),
    Claim(
        L,
        "Bonuses are big: {} for Apple King is worth {} Apples.",
        lambda: (_bonus("apples", "King"), {10: "ten"}[_bonus("apples", "King") // GOODS["apples"].value]),
    ),
    Claim(
        L,
        "David's fifth Chicken is worth {} points, not {}",
        lambda: (david_total({"chickens": 1}) - david_total(), GOODS["chickens"].value),
    ),
]
