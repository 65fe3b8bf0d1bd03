"""Worked examples are Markdown cells, held back in Voilà until their bet is revealed (issue 22, item 5).

A lesson's prose is Markdown, worked examples included: a teacher who opens a lesson in JupyterLab reads it as
Markdown, not as strings in code.  A worked example that would answer a bet is a Markdown cell tagged
:data:`HELD` right after the bet's code cell (code cells with the chart or explorer that goes with it may be held
too); the lessons' Voilà template (``sheriff_nb/app/voila_template/``) hides such cells from the first paint and
shows them when the bet before them is revealed (``tests/browser/test_held_cells_browser.py`` watches it in Chromium).
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from sheriff_nb.app import serve
from sheriff_nb.app.translate import LANGUAGES
from sheriff_nb.app.translate.notebooks import lessons, notebook_path

REPO = Path(__file__).resolve().parents[1]
HELD = "held-until-reveal"
TEMPLATE = REPO / "sheriff_nb" / "app" / "voila_template"
BET = re.compile(r"sn\.widgets\.\w*bets?\(")
"""A code cell that shows a "place your bets" (``sn.widgets.bet("NN.name")``)."""


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _held(cell: dict) -> bool:
    return HELD in cell["metadata"].get("tags", ())


def test_every_held_cell_follows_a_bet_or_another_held_cell():
    found, wrong = 0, []
    for lesson in lessons():
        cells = _cells(lesson)
        for index, cell in enumerate(cells):
            if not _held(cell):
                continue
            found += 1
            before = cells[index - 1]
            if not (_held(before) or before["cell_type"] == "code" and BET.search("".join(before["source"]))):
                wrong.append(f"{lesson.name}, cell {index}")
    assert not wrong, f"a held cell is shown by the Reveal of the bet before it; none before: {wrong}"
    assert found >= 22 + 11, "the worked examples of 07, 08, 11, 13 and 15 and the charts that follow them"


def test_no_code_cell_of_a_lesson_holds_prose_in_a_string():
    """Markdown in a code cell's string (the old ``sn.widgets.worked(r\"\"\"...\"\"\")``) is what a teacher read as
    code in JupyterLab: every string literal of a lesson's code cells fits on one line."""
    long = []
    for lesson in lessons():
        for index, cell in enumerate(_cells(lesson)):
            if cell["cell_type"] != "code":
                continue
            for node in ast.walk(ast.parse("".join(cell["source"]))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and "\n" in node.value:
                    long.append(f"{lesson.name}, cell {index}: {node.value[:50]!r}")
    assert not long, long


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translated_lesson_holds_the_same_cells(lang):
    held = 0
    for lesson in lessons():
        english = [(c["cell_type"], _held(c)) for c in _cells(lesson)]
        theirs = [(c["cell_type"], _held(c)) for c in _cells(notebook_path(lang, lesson.name))]
        assert theirs == english, f"{lang}/{lesson.name}"
        held += sum(is_held for _, is_held in theirs)
    assert held >= 22, f"{lang}: the worked examples are held cells"


def test_every_way_of_serving_the_lessons_uses_the_template():
    assert f"--template={serve.TEMPLATE}" in serve.voila_command("notebooks")  # sheriff-nb, the tests
    voila_json = json.loads((REPO / "voila.json").read_text(encoding="utf-8"))  # Binder, JupyterLab's preview
    assert voila_json["VoilaConfiguration"]["template"] == serve.TEMPLATE
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"sheriff_nb/app/voila_template" = "share/jupyter/voila/templates/{serve.TEMPLATE}"' in pyproject


def test_the_template_hides_the_tagged_cells_until_the_bet_is_answered():
    page = (TEMPLATE / "index.html.j2").read_text(encoding="utf-8")
    assert f"[cell-index]:not(.sheriff-shown) .celltag_{HELD} {{ display: none; }}" in page
    assert (
        "sheriff-answered" in page and "sheriff-answered" in (REPO / "sheriff_nb/ui/widgets/bet_widget.py").read_text()
    )
    assert json.loads((TEMPLATE / "conf.json").read_text()) == {"base_template": "lab"}


def test_the_template_is_installed_where_voila_looks():
    """``pip install -e .`` copies the template (pyproject's shared-data): after changing it, install again."""
    from voila.paths import collect_template_paths

    found = [Path(p) for p in collect_template_paths(["voila", "nbconvert"], serve.TEMPLATE)]
    ours = [p for p in found if (p / "index.html.j2").is_file() and (p / "conf.json").is_file()]
    assert ours, f"no Voilà template {serve.TEMPLATE!r} installed: python3 -m pip install -e ."
    assert (ours[0] / "index.html.j2").read_text() == (TEMPLATE / "index.html.j2").read_text(), (
        f"{ours[0]} is older than {TEMPLATE}: python3 -m pip install -e ."
    )
