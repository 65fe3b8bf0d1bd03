"""Every "place your bets" of every lesson holds back its answer until Reveal (issue 12, item 6).

Each lesson is run in this process (its cells are short calls into the package; widgets work without a kernel,
ipywidgets runs callbacks synchronously) and read as its reader sees it before pressing anything: the markdown and the
text of every widget, skipping what a bet keeps hidden (its verdict and its ``reveals``).  A bet is a
:class:`~sheriff_nb.ui.widgets.bet_widget.Prediction`.  For each bet:

* what Reveal shows (its explanation and what it held back) and the page has not taught above the bet appears
  nowhere on the page before Reveal, sentence by sentence;
* a numeric answer, and the numbers of its explanation (fractions, percentages, decimals), that the reader has not
  met before the bet do not appear on the bet's own screen: from the bet to the next bet or ``##`` heading.

A bet posed in markdown cannot hold anything back, so markdown only leads into the bet widgets that follow it,
except where :data:`OPEN_BETS` says why nothing on screen answers it.
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

from sheriff_nb.ui import i18n
from sheriff_nb.ui.widgets.bet_widget import Prediction

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(path.stem for path in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
OPEN_BETS = {  # markdown that says "Place your bets" without a Reveal, and why nothing answers it on screen
    "00_start_here": "explains what “Place your bets” means",
    "10_tournament": "the dashboard runs the tournament only after the bet is placed in it",
}
NUMBER = re.compile(r"−?\d+/\d+|\d+(?:\.\d+)?%|\d+\.\d+")


def plain(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def _bundle_text(bundle: dict) -> str:
    for kind in ("text/markdown", "text/html", "image/svg+xml", "text/plain"):
        if kind in bundle:
            return plain(str(bundle[kind]))
    return ""


def visible(obj, revealed: bool = False) -> str:
    """The text a reader sees of a cell's result (``revealed``: after pressing every Reveal in it)."""
    if isinstance(obj, Prediction):
        shown = [plain(obj.children[0].value), *map(str, obj.choice.options)]
        if revealed:
            shown += [obj.explanation, *(visible(child, True) for child in obj.answer_area.children)]
        return " ".join(shown)
    if isinstance(obj, W.Widget) and getattr(obj.layout, "display", None) == "none":
        return ""
    if isinstance(obj, W.Output):
        return " ".join(_bundle_text(output.get("data", {})) for output in obj.outputs)
    if isinstance(obj, W.Box):
        return " ".join(visible(child, revealed) for child in obj.children)
    if isinstance(obj, W.HTML | W.HTMLMath | W.Label):
        return plain(obj.value)
    if isinstance(obj, W.Widget):
        texts = [
            str(getattr(obj, name)) for name in ("description", "value") if isinstance(getattr(obj, name, None), str)
        ]
        return " ".join(texts + [str(label) for label in getattr(obj, "_options_labels", ())])
    if hasattr(obj, "_repr_mimebundle_"):
        bundle = obj._repr_mimebundle_()
        return _bundle_text(bundle[0] if isinstance(bundle, tuple) else bundle)
    if hasattr(obj, "_repr_html_"):
        return plain(obj._repr_html_())
    return ""


def bets_in(obj) -> list[Prediction]:
    if isinstance(obj, Prediction):
        return [obj]
    return [bet for child in getattr(obj, "children", ()) for bet in bets_in(child)]


HELD = "held-until-reveal"
"""The cell tag of a worked example that the page shows only once the bet before it is revealed."""


@cache
def cells(lesson: str) -> list[tuple[str, str, object]]:
    """``(kind, source, result)`` per cell: a markdown cell's result is its text, a code cell's the value of its
    last expression (what Jupyter displays).  A cell tagged ``held-until-reveal`` (a worked example after its bet)
    is kind ``"held"``: the page shows it only once the bet before it is revealed."""
    i18n.set_language("en")
    namespace: dict = {"__name__": "__main__"}
    out = []
    for cell in json.loads((NOTEBOOKS / f"{lesson}.ipynb").read_text(encoding="utf-8"))["cells"]:
        source = "".join(cell["source"])
        held = HELD in cell["metadata"].get("tags", ())
        if cell["cell_type"] == "markdown":
            out.append(("held" if held else "markdown", source, source))
            continue
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, lesson, "exec"), namespace)  # noqa: S102 - the lesson's own code
        result = eval(compile(ast.Expression(last.value), lesson, "eval"), namespace) if last else None  # noqa: S307
        out.append(("held code" if held else "code", source, result))
    return out


def on_page(kind: str, result: object, revealed: bool) -> str:
    """What a cell shows a reader, before or after every Reveal: a held cell nothing before."""
    if kind.startswith("held") and not revealed:
        return ""
    return plain(result) if kind in ("markdown", "held") else visible(result, revealed)


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.:;!?])\s+", text) if len(s.strip()) > 24]


@pytest.mark.parametrize("lesson", LESSONS)
def test_bets_are_predictions_whose_answers_wait_for_reveal(lesson):
    page = cells(lesson)
    for i, (kind, source, _) in enumerate(page):  # markdown may only lead into the bet widgets that follow it
        if kind == "markdown" and "Place your bets" in source and lesson not in OPEN_BETS:
            following = next((result for kind, _, result in page[i + 1 :] if kind == "code"), None)
            assert bets_in(following), f"{lesson} poses a bet in markdown, where nothing can hold it back"
    texts = [on_page(kind, result, False) for kind, _, result in page]
    revealed = [on_page(kind, result, True) for kind, _, result in page]
    before = " ".join(texts)
    at = [i for i, (_, _, result) in enumerate(page) if bets_in(result)]
    for i in at:
        for bet in bets_in(page[i][2]):
            assert bet.answer_area.layout.display == "none" and bet.result.value == ""
            assert bet.answer is None or bet.answer in bet.choice.options  # None: an experiment played at Reveal
            seen = " ".join(revealed[:i] + [texts[i]])  # taught above the bet (earlier bets revealed) or asked
            shown = " ".join([bet.explanation, *(visible(child, True) for child in bet.answer_area.children)])
            for sentence in sentences(plain(shown)):
                if sentence not in seen:
                    assert sentence not in before, f"{lesson}: {sentence!r} is on the page before Reveal"
            new = {n for n in NUMBER.findall(bet.explanation) if n not in seen}
            end = next(
                (
                    j
                    for j in range(i + 1, len(page))
                    if j in at or (page[j][0] == "markdown" and re.search(r"^## ", page[j][1], re.M))
                ),
                len(page),
            )
            screen = " ".join(texts[i + 1 : end])
            if bet.answer and re.search(r"\d", bet.answer) and bet.answer not in " ".join(revealed[:i]):
                new.add(bet.answer)  # a numeric answer ("4 gold", "about 14%") is itself a give-away
            answered = sorted(n for n in new if re.search(rf"(?<![\w/.]){re.escape(n)}(?![\w/])", screen))
            assert not answered, f"{lesson}: {answered} answer a bet before Reveal: {screen[:300]!r}"


def test_reveal_shows_what_the_bet_held_back():
    """The lesson 02 crossbow bet: the explorer with the odds is hidden, then shown by Reveal."""
    bet = next(bet for _, _, result in cells("02_market") for bet in bets_in(result))
    bet.reveal()
    try:
        assert bet.answer_area.layout.display == "flex" and "%" in visible(bet.answer_area, True)
        assert bet.answer in plain(bet.result.value)
    finally:
        bet.answer_area.layout.display, bet.result.value = "none", ""
