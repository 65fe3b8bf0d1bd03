"""Numbers the characters table of lessons 09 and 10 states (its one-line habits and models)."""

from collections import Counter

from sheriff_nb.play import bots
from sheriff_nb.theory import analysis as an

from . import Claim


def seat_claims(lesson: str) -> list[Claim]:
    lesson_08 = an.inspection_game(Counter(apples=2, pepper=2), "apples").equilibrium()  # lesson 08's own bag
    return [
        Claim(lesson, "opens every bag unless paid at least {} gold a card", lambda: bots.Suspicious().per_card),
        Claim(
            lesson,
            "with its price, {} gold a card",
            lambda: bots.Greedy().price({"declarations": {1: ("apples", 1)}}, 1),
        ),
        Claim(
            lesson,
            "p = c(6 − a) / (10c + 2n), {} for “4 Apples”",
            lambda: lesson_08.p_inspect,
            note="the Equilibrium sheriff's model: lesson 08's p* for 4 Apples",
        ),
    ]
