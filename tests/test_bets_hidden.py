"""Every "place your bets" of lessons 12, 14 and 16 holds back its answer: before Reveal, nothing a reader can see
between the top of the page and the lesson's closing summary ("What it means") gives the answer away.

The lessons' cells are run in this process (they are one-line calls into the package), and the text a reader sees is
collected from the markdown and from every widget, skipping what a bet keeps hidden (its ``reveals``) and the bet's
own explanation (shown only after Reveal).  Each bet's answer must not appear in that text, apart from the bet's own
list of options.
"""

from __future__ import annotations

import ast
import html
import json
import re
from pathlib import Path

import ipywidgets as W
import pytest

from sheriff_nb.widgets.explorers import Prediction

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = ["12_signals_and_beliefs", "14_repeated_play", "16_second_edition"]
SUMMARY = "## What it means"


def run_cells(lesson: str) -> list[tuple[str, object]]:
    """(markdown text, None) or ("", the value of a code cell's last expression), in page order, up to the summary."""
    cells = json.loads((NOTEBOOKS / f"{lesson}.ipynb").read_text(encoding="utf-8"))["cells"]
    namespace: dict = {}
    shown: list[tuple[str, object]] = []
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            if source.startswith(SUMMARY):
                break
            shown.append((source, None))
            continue
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, lesson, "exec"), namespace)  # noqa: S102 - the lesson's own cells
        if last is not None:
            shown.append(("", eval(compile(ast.Expression(last.value), lesson, "eval"), namespace)))  # noqa: S307
    return shown


def visible_text(widget) -> str:
    """The text a reader sees in ``widget`` before touching it."""
    if isinstance(widget, Prediction):
        question = widget.children[0]
        return visible_text(question)  # options are the bet's own; result and reveals are empty/hidden
    if isinstance(widget, W.Widget) and getattr(widget.layout, "display", None) == "none":
        return ""
    parts = []
    if isinstance(widget, (W.HTML, W.HTMLMath, W.Label)):
        parts.append(html.unescape(re.sub(r"<[^>]+>", " ", widget.value)))
    if isinstance(widget, W.Output):
        for output in widget.outputs:
            data = output.get("data", {})
            parts.append(html.unescape(re.sub(r"<[^>]+>", " ", str(data.get("text/html", data.get("image/svg+xml",
                                                                                                    ""))))))
    if hasattr(widget, "description") and isinstance(widget.description, str):
        parts.append(widget.description)
    for child in getattr(widget, "children", ()):
        parts.append(visible_text(child))
    return " ".join(parts)


def page(lesson: str) -> tuple[str, list[tuple[Prediction, str]]]:
    """The visible text up to the summary, and each bet with the visible text that follows it up to the next bet."""
    texts, bets = [], []
    for markdown, value in run_cells(lesson):
        if markdown:
            texts.append(markdown)
        elif isinstance(value, W.Widget):
            found = find_bets(value)
            texts.append(visible_text(value))
            bets.extend((bet, len(texts)) for bet in found)
    whole = re.sub(r"\s+", " ", " ".join(texts))
    regions = []
    for index, (bet, start) in enumerate(bets):
        end = bets[index + 1][1] - 1 if index + 1 < len(bets) else len(texts)
        regions.append((bet, re.sub(r"\s+", " ", " ".join(texts[start:end]))))
    return whole, regions


def numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+/\d+|\d+%", text))


def visible(tell: str, text: str) -> bool:
    return bool(re.search(rf"(?<![\w/]){re.escape(tell.lower())}(?![\w/])", text.lower()))


def find_bets(widget) -> list[Prediction]:
    if isinstance(widget, Prediction):
        return [widget]
    return [b for child in getattr(widget, "children", ()) for b in find_bets(child)]


@pytest.mark.parametrize("lesson", [x for x in LESSONS if (NOTEBOOKS / f"{x}.ipynb").exists()])
def test_no_bet_is_answered_before_reveal(lesson):
    text, bets = page(lesson)
    assert bets, f"{lesson} has no bet"
    for bet, after in bets:
        assert bet.answer_area.layout.display == "none" and bet.result.value == ""
        question = bet.children[0].value
        # the answer, and every number in it (a fraction or a percentage), appear nowhere a reader can see yet
        # (the bet's own options are not part of the text)
        for tell in [bet.answer, *numbers(bet.answer)]:
            assert not visible(tell, text), f"{lesson}: {tell!r}, the answer to {question[-80:]!r}, is visible"
        # and what follows the bet (up to the next one) does not give away the numbers of its explanation
        for tell in numbers(bet.explanation) - numbers(question):
            assert not visible(tell, after), f"{lesson}: {tell!r} follows {question[-80:]!r} before Reveal"
        revealed = [visible_text(item) for item in bet.answer_area.children]
        assert any(revealed) or bet.explanation, f"{lesson}: the bet {bet.answer!r} explains nothing"
