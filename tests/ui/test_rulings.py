"""Rulings and home-made examples are marked as such in the rules lessons (issue 12, item 4 of "What to deliver")."""

import re
from pathlib import Path

import pytest
from helpers import lesson_markdown

from sheriff_nb.ui.widgets.rulings import EXAMPLES, RULINGS, example_badge, ruling_badge

ROOT = Path(__file__).resolve().parents[2]
LESSONS = [
    "00_start_here",
    "01_the_goods",
    "02_market",
    "03_load_the_bag",
    "04_declaration",
    "05_inspection_and_bribes",
    "06_scoring",
    "09_play_a_game",
    "10_tournament",
    "16_second_edition",
]


def reference_rulings() -> list[str]:
    """The questions of the rules reference's rulings table (each cell starts with its anchor)."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").split('<a id="rulings"></a>')[1]
    cells = [row.split("|")[1] for row in text.splitlines() if row.startswith("| <a id=")]
    return [re.sub(r"<a id=\"[^\"]+\"></a>", "", cell).strip() for cell in cells]


@pytest.mark.parametrize("lesson, words, question", RULINGS)
def test_a_ruling_stated_as_a_rule_carries_the_badge(lesson, words, question):
    assert f"{words} {ruling_badge()}" in lesson_markdown(lesson)
    assert question in reference_rulings()  # it is one of the project's rulings, not a rule of the rulebooks


@pytest.mark.parametrize("lesson, words", EXAMPLES)
def test_an_example_that_is_not_the_rulebooks_carries_the_badge(lesson, words):
    assert f"{words} {example_badge()}" in lesson_markdown(lesson)


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_badge_is_listed_and_no_lesson_cites_rulebook_example_numbers(lesson):
    text = lesson_markdown(lesson)
    assert text.count(ruling_badge()) == sum(1 for name, *_ in RULINGS if name == lesson)
    assert text.count(example_badge()) == sum(1 for name, _ in EXAMPLES if name == lesson)
    assert not re.search(r"example \d", text)  # the rulebooks do not number their examples


@pytest.mark.parametrize("badge", [ruling_badge(), example_badge()])
def test_a_badge_shows_all_its_words_and_does_not_look_like_a_button(badge):
    """The pills had a border like a button's and kept their explanation in a hover title, which a phone cannot
    show and which pointed to a file; the ruling's words now name the rules reference's section by its title."""
    assert "title=" not in badge and "border" not in badge
    assert re.fullmatch(r"<span class=\"sheriff-\w+\" style=\"[^\"]*\">\([^<]+: [^<]+\)</span>", badge)
    if "ruling" in badge:
        assert "“Rulings where the rulebooks are silent” in the rules reference" in badge
        assert "Rulings where the rulebooks are silent" in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
