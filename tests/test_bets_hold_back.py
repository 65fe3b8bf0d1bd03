"""Issue 12 item 6 for the theory lessons 07, 08, 11, 13 and 15: nothing that answers a "place your bets" is visible
before Reveal.

Each lesson's cells are run in this process (they are one-line calls into the package) and what a reader sees is
collected cell by cell: markdown, and the text of every widget *except* what a bet holds back (its ``reveals`` and
its verdict).  For every bet, the numbers of its explanation (fractions, percentages, decimals) that the reader has
not already seen before the bet (earlier bets revealed) must not appear between the bet and the end of its section
(the next bet or the next ``##`` heading): that is the screen on which the reader places the bet.
"""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path

import ipywidgets as W
import nbformat
import pytest

import sheriff_nb as sn
from sheriff_nb.widgets.explorers import Prediction

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = ["07_expected_values", "08_inspection_odds", "11_research_corner", "13_safety_and_rivalry", "15_real_hands"]
NUMBER = re.compile(r"−?\d+/\d+|\d+(?:\.\d+)?%|\d+\.\d+")
BET = re.compile(r"place_your_bets\(|prediction\(")


def _plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def _bundle_text(data: dict) -> str:
    for kind in ("text/markdown", "text/html", "image/svg+xml", "text/plain"):
        if kind in data:
            return _plain(data[kind]) if kind != "text/markdown" else data[kind]
    return ""


def visible(obj, revealed: bool = False) -> str:
    """The text a reader sees of a cell's result before pressing its Reveal (``revealed``: after)."""
    if isinstance(obj, Prediction):
        question = [_plain(obj.children[0].value), *map(str, obj.choice.options)]
        return " ".join(question + ([obj.explanation, visible(obj.answer_area, True)] if revealed else []))
    if isinstance(obj, W.Output):
        return " ".join(_bundle_text(o.get("data", {})) for o in obj.outputs)
    if isinstance(obj, W.Box):
        return " ".join(visible(child, revealed) for child in obj.children)
    if isinstance(obj, W.HTML | W.Label):
        return _plain(obj.value)
    if isinstance(obj, W.Widget):
        return " ".join(str(getattr(obj, name, "")) for name in ("description", "value") if hasattr(obj, name))
    if hasattr(obj, "_repr_mimebundle_"):
        return _bundle_text(obj._repr_mimebundle_()[0] if isinstance(obj._repr_mimebundle_(), tuple)
                            else obj._repr_mimebundle_())
    if hasattr(obj, "_repr_html_"):
        return _plain(obj._repr_html_())
    return "" if obj is None else str(obj)


def run(source: str, namespace: dict):
    """Run a cell; return the value of its last expression (what Jupyter displays)."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<cell>", "exec"), namespace)
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace) if last else None


def lesson_cells(lesson: str) -> list[tuple[str, str, object]]:
    """(kind, source, result) per cell; markdown cells have their source as result."""
    nb = nbformat.read(NOTEBOOKS / f"{lesson}.ipynb", as_version=4)
    namespace = {"sn": sn}
    out = []
    for cell in nb.cells:
        result = cell.source if cell.cell_type == "markdown" else run(cell.source, namespace)
        out.append((cell.cell_type, cell.source, result))
    return out


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_bet_holds_back_its_answer(lesson):
    cells = lesson_cells(lesson)
    texts = [visible(result) for _, _, result in cells]
    revealed = [visible(result, revealed=True) for _, _, result in cells]
    bets = [i for i, (kind, source, _) in enumerate(cells) if kind == "code" and BET.search(source)]
    assert bets, f"{lesson} has no bet"
    for i in bets:
        kind, source, bet = cells[i]
        assert "reveals=" in source, f"{lesson}: the bet in cell {i} holds nothing back"
        assert isinstance(bet, Prediction) and bet.answer_area.children, f"{lesson}: cell {i} reveals nothing"
        seen = " ".join(revealed[:i] + [texts[i]])  # the earlier bets were revealed on the way down
        new = {n for n in NUMBER.findall(bet.explanation) if n not in seen}
        end = next((j for j in range(i + 1, len(cells))
                    if j in bets or (cells[j][0] == "markdown" and re.search(r"^## ", cells[j][1], re.M))), len(cells))
        screen = " ".join(texts[i + 1: end])
        answered = sorted(n for n in new if n in screen)
        assert not answered, f"{lesson}: {answered} answer the bet of cell {i} before Reveal: {screen[:400]!r}"
