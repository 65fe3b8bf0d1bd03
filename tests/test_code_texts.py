"""The texts that lessons' code cells show the reader (bag labels) are translated like the prose.

For every language whose lesson catalogues exist: every code cell of every translated lesson parses; every
reader-visible literal (the rule of :mod:`sheriff_nb.app.translate.code_texts`) differs from the English lesson's and
evaluates to the catalogue's translation.  Then the tool itself, on a lesson of its own: quotes and backslashes in a
translation, a changed English text going fuzzy, a second run changing nothing.
"""

from __future__ import annotations

import ast
import json
import re

import polib
import pytest

from sheriff_nb.app.translate import LANGUAGES, NOTEBOOKS, notebooks
from sheriff_nb.app.translate.code_texts import CONTEXT, code_texts, requote, visible_literals
from sheriff_nb.app.translate.notebooks import lessons, prose_path, translated_notebook, translations

_TOKEN = re.compile("([A-Za-z]*)('''|\"\"\"|'|\")")
"""A string literal's prefix and quotes."""
PRESENT = [lang for lang in LANGUAGES if (NOTEBOOKS / "locale" / lang).is_dir()]


def _code_cells(notebook: dict) -> list[str]:
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]


def test_the_rule_finds_the_bag_labels_of_the_lessons_and_no_prose():
    found = {lesson.name[:2]: code_texts(json.loads(lesson.read_text(encoding="utf-8"))) for lesson in lessons()}
    assert {name: texts for name, texts in found.items() if texts} == {"07": ["Much's honest bag", "Much's lie"]}


def test_ids_card_names_and_cast_names_are_not_reader_texts():
    source = (
        'sn.widgets.bet("07.smuggle", reveals=[sn.charts.ev_chart({"apples": 2}, "apples")])\n'
        'sn.widgets.king_queen_table({"Will Scarlet": {"apples": 3}})\n'
        'sn.widgets.bags_view({"the lie": {"pepper": 2}})'
    )
    assert [literal.text for literal in visible_literals(source)] == ["the lie"]


@pytest.mark.parametrize("lang", PRESENT)
def test_translated_code_cells_parse_and_show_the_catalogues_text_not_english(lang):
    wrong = []
    for lesson in lessons():
        english = json.loads(lesson.read_text(encoding="utf-8"))
        done = translations(lang, lesson.name, CONTEXT)
        made = translated_notebook(lang, lesson)
        for index, (source, theirs) in enumerate(zip(_code_cells(english), _code_cells(made), strict=True)):
            ast.parse(theirs, f"{lang}/{lesson.name}, code cell {index}")
            ours, shown = visible_literals(source), visible_literals(theirs)
            assert len(ours) == len(shown), f"{lang}/{lesson.name}, code cell {index}"
            for text, literal in zip(ours, shown, strict=True):
                value = ast.literal_eval(theirs[literal.start : literal.end])
                if value == text.text or value != done.get(text.text):
                    wrong.append(f"{lang}/{lesson.name}, code cell {index}: {value[:60]!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    "token",
    ['r"""x"""', "r'''x'''", '"""x"""', '"x"', "'x'", "r'x'", 'R"x"', 'u"x"'],
)
@pytest.mark.parametrize(
    "text",
    [
        'La "mentira" de Much',
        "l'été",
        "p\\* = 2/7 and \\(\\frac{1}{2}\\)",
        "\nline one\nline two\n",
        'ends with a quote"',
        "ends with a quote'",
        "ends with a backslash\\",
        "three quotes \"\"\" and ''' inside",
        "\\n is not a newline here",
    ],
)
def test_a_translation_with_quotes_or_backslashes_is_written_as_valid_python_that_evaluates_to_it(token, text):
    written = requote(token, text)
    assert ast.literal_eval(written) == text
    (prefix, quote), (their_prefix, their_quote) = _TOKEN.match(token).groups(), _TOKEN.match(written).groups()
    assert their_quote == quote and written.endswith(quote)
    assert their_prefix in {prefix, prefix.replace("r", "").replace("R", "")}  # a raw literal stays raw if it can


def test_a_raw_literal_stays_raw_when_it_can():
    assert requote('r"""x"""', '\n**p\\* = 2/7**, «¡sí!», "oui"\n') == 'r"""\n**p\\* = 2/7**, «¡sí!», "oui"\n"""'
    assert requote('r"""x"""', 'a """ b') == '"""a \\"\\"\\" b"""'  # raw cannot hold its own closing quotes


LESSON = {
    "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# 01 · A lesson"]},
        {
            "cell_type": "code",
            "execution_count": None,
            "metadata": {},
            "outputs": [],
            "source": [
                "import sheriff_nb as sn\n",
                'sn.widgets.bags_view({"Much\'s lie": {"apples": 2, "pepper": 2}, r"""\n',
                "**p\\* = 2/7 ≈ 29%**\n",
                '""": {"apples": 4}})',
            ],
        },
    ],
    "metadata": {},
    "nbformat": 4,
    "nbformat_minor": 4,
}


@pytest.fixture
def lesson(tmp_path, monkeypatch):
    path = tmp_path / "01_a_lesson.ipynb"
    path.write_text(json.dumps(LESSON), encoding="utf-8")
    monkeypatch.setattr(notebooks, "NOTEBOOKS", tmp_path)
    return path


def _code(made_path) -> str:
    return _code_cells(json.loads(made_path.read_text(encoding="utf-8")))[0]


def test_the_tool_translates_code_texts_keeps_them_in_step_and_changes_nothing_twice(lesson):
    assert notebooks.update_prose("de", lesson) and not notebooks.update_prose("de", lesson)
    po_path = prose_path("de", lesson.name)
    po = polib.pofile(str(po_path))
    assert [(e.msgctxt, e.msgid) for e in po] == [
        (None, "# 01 · A lesson"),
        (CONTEXT, "Much's lie"),
        (CONTEXT, "\n**p\\* = 2/7 ≈ 29%**\n"),
    ]
    po[1].msgstr = 'Muchs „Lüge“ mit "Pfeffer"'
    po[2].msgstr = '\n**p\\* = 2/7 ≈ 29 %**, ein "Zitat" und ein \\\n'
    po.save(str(po_path))
    assert notebooks.write_notebook("de", lesson) and not notebooks.write_notebook("de", lesson)
    made = notebooks.notebook_path("de", lesson.name)
    code = _code(made)
    assert 'r"""\n**p\\* = 2/7 ≈ 29 %**, ein "Zitat" und ein \\\n""": {"apples": 4}})' in code
    assert [literal.text for literal in visible_literals(code)] == [po[1].msgstr, po[2].msgstr]

    changed = json.loads(json.dumps(LESSON))
    changed["cells"][1]["source"][2] = "**p\\* = 2/7 ≈ 28.6%**\n"
    lesson.write_text(json.dumps(changed), encoding="utf-8")
    assert notebooks.update_prose("de", lesson)
    entry = polib.pofile(str(po_path))[2]
    assert (entry.msgctxt, entry.fuzzy, entry.previous_msgid) == (CONTEXT, True, "\n**p\\* = 2/7 ≈ 29%**\n")
    assert entry.msgstr == po[2].msgstr
    notebooks.write_notebook("de", lesson)  # a fuzzy code text shows the English until reviewed
    assert [literal.text for literal in visible_literals(_code(made))] == [po[1].msgstr, "\n**p\\* = 2/7 ≈ 28.6%**\n"]
