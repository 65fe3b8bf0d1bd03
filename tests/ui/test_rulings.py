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
]


def readme_rulings() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8").split("## Rulings where the rulebooks are silent")[1]
    return [row.split("|")[1].strip() for row in text.split("\n## ")[0].splitlines() if row.startswith("| ")]


@pytest.mark.parametrize("lesson, words, question", RULINGS)
def test_a_ruling_stated_as_a_rule_carries_the_badge(lesson, words, question):
    assert f"{words} {ruling_badge()}" in lesson_markdown(lesson)
    assert question in readme_rulings()  # it is one of the project's rulings, not a rule of the rulebooks


@pytest.mark.parametrize("lesson, words", EXAMPLES)
def test_an_example_that_is_not_the_rulebooks_carries_the_badge(lesson, words):
    assert f"{words} {example_badge()}" in lesson_markdown(lesson)


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_badge_is_listed_and_no_lesson_cites_rulebook_example_numbers(lesson):
    text = lesson_markdown(lesson)
    assert text.count(ruling_badge()) == sum(1 for name, *_ in RULINGS if name == lesson)
    assert text.count(example_badge()) == sum(1 for name, _ in EXAMPLES if name == lesson)
    assert not re.search(r"example \d", text)  # RULES.md numbers its examples; the rulebooks do not
