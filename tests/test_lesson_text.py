"""Issue 12's wrong or misleading sentences in lessons 00-06, 09 and 10 stay gone, and the cast keeps its habits
wherever it appears (the numbers themselves are checked by tests/claims)."""

import re
from collections import Counter
from pathlib import Path

import pytest
from helpers import lesson_markdown

import sheriff_nb as sn
from sheriff_nb.engine.cards import LEGAL_GOODS
from sheriff_nb.play import lesson_cast as cast
from sheriff_nb.play.bots import Honest, bot_view
from sheriff_nb.ui.charts.results import seat_title
from sheriff_nb.ui.widgets import bet
from sheriff_nb.ui.widgets.rules_bets import GILBERT_BAG

GONE = [
    ("01_the_goods", "7 special cards", "there are 7 kinds of royal goods, 12 cards"),
    ("01_the_goods", "Alan-a-Dale holds", "Alan-a-Dale never smuggles"),
    ("02_market", "rarely more than a 1-in-4 shot", "five draws find a Chicken 45% of the time, an Apple 75%"),
    ("02_market", "rulebook, Little John", "Little John is the sheriff of these lessons, never a merchant"),
    ("03_load_the_bag", "what an inspection would make someone pay", "who pays which penalties depends on the bag"),
    ("04_declaration", "the only information the sheriff gets", "he also sees stands, set-aside cards and offers"),
    ("05_inspection_and_bribes", "does not depend on which legal good", "the same bag is fined 10 or 12"),
    ("05_inspection_and_bribes", "| Little John |", "Little John is the sheriff of these lessons, never a merchant"),
    ("05_inspection_and_bribes", "Alan-a-Dale)", "Alan-a-Dale never pays a bribe (the bargainer is Friar Tuck)"),
    ("06_scoring", "let a bag pass just to stop a rival", "passing a bag helps its owner, it stops nobody"),
    ("10_tournament", "contraband worth more", "royal goods are worth 4 to 9, some less than Pepper"),
    ("10_tournament", "hard to exploit", "an equilibrium mix guarantees nothing in a general-sum game"),
    ("10_tournament", "fewer bags are opened?", "both seats play the Suspicious sheriff: inspections do not change"),
]


@pytest.mark.parametrize("lesson, words, why", GONE, ids=[f"{lesson}: {words}" for lesson, words, _ in GONE])
def test_a_wrong_sentence_stays_gone(lesson, words, why):
    assert words not in lesson_markdown(lesson), why


def test_the_fine_depends_on_the_good_named():
    fines = {good: sn.inspect_bag(GILBERT_BAG, declared=good).gold_to_sheriff for good in LEGAL_GOODS}
    assert fines == {"apples": 10, "cheese": 10, "bread": 12, "chickens": 12}  # issue 12, item 4
    question = bet("05.fine_by_name")
    assert question.answer == f"{fines['cheese']} and {fines['bread']}"
    assert "depends on the good you name" in question.explanation


def test_little_john_is_the_sheriff_and_alan_a_dale_honest_in_every_lesson_game():
    """The games behind lessons 02-05: Little John sits as sheriff; Alan-a-Dale carries the truth and offers nothing."""
    for stage in cast.STAGES:
        for role in ("merchant", "sheriff"):
            game, bots = cast.lesson_game(stage, role)
            assert "Little John" not in game.names[1:]
            assert game.sheriff == 0
    game, bots = cast.lesson_game("inspection", "sheriff")
    alan = game.names.index("Alan-a-Dale")
    bag, (good, count) = Counter(game.bags[alan]), game.declarations[alan]
    assert bag == Counter({good: count})  # honest
    view = bot_view(game, alan)
    assert bots[alan].offer(view) is None  # never pays
    assert isinstance(bots[alan], Honest)  # the Honest merchant under his own name


def test_seat_characters_that_look_like_sheriffs_say_they_are_honest_merchants():
    """Issue 12, item 7: the "Suspicious" and "Equilibrium" seats are honest merchants; their names say so now."""
    for key in ("suspicious", "equilibrium", "greedy"):
        assert seat_title(key).startswith("Honest merchant · ")
    assert any(seat_title(k) == "Honest merchant · Trusting sheriff" for k in cast.SEATS)  # Trusting can be chosen
    assert re.search(r"\bTrusting\b", " ".join(seat_title(k) for k in sn.widgets.tournament.STRATEGIES))


LESSONS = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "notebooks").glob("[0-9][0-9]_*.ipynb"))


@pytest.mark.parametrize("lesson, following", zip(LESSONS[:-1], LESSONS[1:], strict=True), ids=LESSONS[:-1])
def test_every_lesson_footer_links_on_to_the_next_lesson(lesson, following):
    footer = lesson_markdown(lesson).rsplit("---", 1)[1]
    assert re.search(rf"\[{following[:2]} [^]]+ →\]\({following}\.ipynb\)", footer), footer  # UX review #38
