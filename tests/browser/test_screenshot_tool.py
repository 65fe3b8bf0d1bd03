"""The screenshot tool knows how many Reveals a lesson's page must show (issue 25: a page that drew none of its bets
was reported as fine)."""

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(REPO / "tools")]
from screenshots import bets_placed, missing_reveals  # noqa: E402

from sheriff_nb.ui.widgets.bets import lesson_bets  # noqa: E402


def test_every_lesson_page_must_show_one_reveal_per_registered_bet():
    for notebook in sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        assert bets_placed(notebook) == len(lesson_bets(notebook.name[:2])), notebook.name


def test_a_page_that_drew_fewer_reveals_than_its_bets_is_not_whole():
    lesson = REPO / "notebooks" / "08_inspection_odds.ipynb"
    assert missing_reveals(lesson, 0) == ["the lesson places 7 bets but the page showed 0 Reveal(s)"]
    assert missing_reveals(lesson, 6) != [] and missing_reveals(lesson, 7) == []
