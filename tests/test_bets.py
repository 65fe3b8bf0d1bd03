"""Every "place your bets" of the lessons 00-06, 09 and 10 holds back its answer until Reveal.

Each lesson is run in this process (no kernel: the widgets work without one, STACK.md §6) and read as its reader
sees it before pressing anything: the markdown, and the text of every widget that is not hidden.  A bet is a
:class:`~sheriff_nb.widgets.explorers.Prediction`; what answers it (an explorer, a table, a worked example) must
be in its hidden answer area, and nothing the reader sees before Reveal may repeat what Reveal shows.
"""

from __future__ import annotations

import ast
import html
import json
import re
from functools import cache
from pathlib import Path

import ipywidgets as W
import pytest

from sheriff_nb import analysis as an
from sheriff_nb import i18n
from sheriff_nb.widgets.explorers import Prediction

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
BETS = {  # lesson -> how many bets it places, each a Prediction
    "01_the_goods": 2, "02_market": 1, "03_load_the_bag": 1, "04_declaration": 1, "05_inspection_and_bribes": 3,
    "06_scoring": 3, "10_tournament": 6,
}
OPEN_BETS = {  # markdown that says "Place your bets" without a Reveal, and why nothing answers it on screen
    "00_start_here": "explains what “Place your bets” means",
    "09_play_a_game": "asks who will win the game the reader is about to play; only playing answers it",
    "10_tournament": "the dashboard runs the tournament only after the bet is placed in it",
}
LESSONS = sorted({*BETS, *OPEN_BETS, "02_market"})


def _cells(lesson: str) -> list[tuple[str, str]]:
    nb = json.loads((NOTEBOOKS / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    return [(c["cell_type"], "".join(c["source"])) for c in nb["cells"]]


@cache
def run(lesson: str) -> tuple[list[str], list[object]]:
    """The lesson's markdown and the object each code cell displays (its last expression), in order."""
    i18n.set_language("en")
    namespace: dict = {"__name__": "__main__"}
    markdown, shown = [], []
    for kind, source in _cells(lesson):
        if kind == "markdown":
            markdown.append(source)
            continue
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, lesson, "exec"), namespace)  # noqa: S102 - the lesson's own code
        if last is not None:
            shown.append(eval(compile(ast.Expression(last.value), lesson, "eval"), namespace))  # noqa: S307
    return markdown, shown


def _plain(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def visible(widget) -> str:
    """The text of everything in ``widget`` that is not hidden (HTML, labels, options, Output contents)."""
    if isinstance(widget, W.Widget) and widget.layout is not None and widget.layout.display == "none":
        return ""
    parts = []
    if isinstance(widget, W.Output):
        for output in widget.outputs:
            data = output.get("data", {})
            parts.append(data.get("text/html") or data.get("image/svg+xml") or data.get("text/plain", ""))
    elif isinstance(widget, W.Widget):
        for name in ("value", "description"):
            if isinstance(getattr(widget, name, None), str):
                parts.append(getattr(widget, name))
        parts += [str(label) for label in getattr(widget, "_options_labels", ())]
        parts += [visible(child) for child in getattr(widget, "children", ())]
    elif hasattr(widget, "_repr_mimebundle_"):
        bundle = widget._repr_mimebundle_()[0]
        parts.append(bundle.get("text/html") or bundle.get("image/svg+xml") or "")
    return _plain(" ".join(parts))


def bets_in(widget) -> list[Prediction]:
    if isinstance(widget, Prediction):
        return [widget]
    return [b for child in getattr(widget, "children", ()) for b in bets_in(child)]


def hide(bet: Prediction) -> None:
    """Back to the state before Reveal (the lessons are run once and shared by the tests)."""
    bet.answer_area.layout.display, bet.result.value = "none", ""


def page_text(lesson: str) -> str:
    markdown, shown = run(lesson)
    return _plain(" ".join(markdown) + " " + " ".join(visible(w) for w in shown))


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_bet_is_a_prediction_with_a_reveal(lesson):
    markdown, shown = run(lesson)
    posed = [m for m in markdown if "Place your bets" in m]
    assert not posed or lesson in OPEN_BETS, f"{lesson} poses a bet in markdown, where nothing can hold back its answer"
    bets = [b for w in shown for b in bets_in(w)]
    assert len(bets) == BETS.get(lesson, 0)
    for b in bets:  # an experiment of lesson 10 plays its games at Reveal: its answer is not known before
        assert (b.answer is None or b.answer in b.choice.options) and b.answer_area.layout.display == "none"


@pytest.mark.parametrize("lesson", sorted(BETS))
def test_nothing_on_screen_answers_a_bet_before_reveal(lesson):
    """What Reveal shows (the answer's explanation, the widgets held back) is nowhere on the page before it."""
    before = page_text(lesson)
    _markdown, shown = run(lesson)
    for b in [b for w in shown for b in bets_in(w)]:
        b.reveal()
        assert b.answer_area.layout.display == "flex"
        answer_text = _plain(b.result.value) + " " + visible(b.answer_area)
        asked = _plain(b.children[0].value) + " " + " ".join(map(str, b.choice.options))
        sentences = [s.strip() for s in re.split(r"(?<=[.:;!?])\s+", answer_text) if len(s.strip()) > 24]
        for sentence in sentences:
            if sentence not in asked:
                assert sentence not in before, f"{lesson}: {sentence!r} is on the page before Reveal"
        hide(b)


def test_the_draw_odds_bet_is_not_answered_by_the_page():
    """The crossbow bet of lesson 02: its answer (about 14%) appears only after Reveal."""
    odds = an.draw_odds("crossbow", 1, cards=6)
    before = page_text("02_market")
    assert f"{float(odds):.3f}" not in before and f"{100 * float(odds):.1f}%" not in before
    bet = next(b for w in run("02_market")[1] for b in bets_in(w))
    bet.reveal()
    assert f"{float(odds):.3f}" in _plain(bet.result.value)
    assert f"{100 * float(odds):.1f}%" in visible(bet.answer_area)  # the explorer's readout, now shown
    hide(bet)
