"""No English reaches what a screen reader is given on a translated page (issue 23), proved in the pseudo-locale.

A lesson is built in the pseudo-locale (:func:`sheriff_nb.app.translate.pseudo.pseudo_notebook`: every catalogue
entry and every cell ``⟦English⟧``), served by Voilà from a folder of this test and opened in Chromium; every Reveal
is pressed.  Every name and value in the accessibility tree (what the page's chart pictures, buttons, menus, sliders,
tables and texts are called), read in order (a lesson cell's ``⟦`` and ``⟧`` are the first and last of its nodes),
must then be marked, bar the proper names the unit test allows (``tests/test_pseudo_locale.py``) and a Gambit file's
text (lesson 13), and the tree must have nothing :func:`screen_reader.tree_problems` reports.
Every English and translated lesson's tree is checked on the loads of ``test_accessibility.py`` and
``test_translated_pages.py`` (:func:`audit.audit`).
"""

from __future__ import annotations

import json

import pytest
from screen_reader import dom_ids, read_tree, tree_problems
from test_pseudo_locale import ALLOWED, NOTEBOOKS, leaked_words, where

from conftest import CONTROLS, LESSON_TIMEOUT, press_reveals
from sheriff_nb.ui.widgets.safety import GAMBIT_FILE_CLASS

LESSONS = ("08_inspection_odds.ipynb", "13_safety_and_rivalry.ipynb")
"""Lessons with charts, "show the numbers" tables, sliders and bets, checked in the pseudo-locale."""
GAMBIT_FILE = f".{GAMBIT_FILE_CLASS}"
"""A Gambit file's text, English by design (its key, which says what each label means, is checked)."""
REGISTER = "from sheriff_nb.app.translate.pseudo import register_pseudo\nregister_pseudo()\n"
"""The first cell's first lines: the kernel makes the pseudo-locale's catalogue (it is no file)."""


@pytest.fixture(scope="module")
def pseudo_server(voila_factory, tmp_path_factory):
    from sheriff_nb.app.translate.pseudo import pseudo_notebook, register_pseudo
    from sheriff_nb.ui import i18n

    folder = tmp_path_factory.mktemp("pseudo")
    register_pseudo()
    try:
        for lesson in LESSONS:
            notebook = pseudo_notebook(NOTEBOOKS / lesson)
            first = next(cell for cell in notebook["cells"] if cell["cell_type"] == "code")
            first["source"] = [REGISTER, *first["source"]]
            (folder / lesson).write_text(json.dumps(notebook, ensure_ascii=False), encoding="utf-8")
    finally:
        i18n._forget("qps")
    return voila_factory(folder)


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_screen_reader_hears_no_english_on_a_translated_page(open_dashboard, pseudo_server, lesson):
    dash = open_dashboard(pseudo_server, lesson, wait_for=CONTROLS, timeout=LESSON_TIMEOUT)
    dash.assert_clean()
    assert press_reveals(dash.page)
    root = read_tree(dash.page)
    files = [node for node in root.walk() if node.dom in dom_ids(dash.page, GAMBIT_FILE)]
    kept = {id(node) for file in files for node in file.walk()}  # Gambit reads ASCII labels: the file stays English
    heard = [node for node in root.read() if id(node) not in kept]
    said = "\n".join(f"{node.name} {node.value}" for node in heard)  # in reading order: a cell's ⟦ … ⟧ spans nodes
    english = leaked_words(said) - ALLOWED
    assert not english, f"English in the accessibility tree of {lesson}: {where(said, english)}"
    assert [node.name for node in heard if node.role == "image"], "no chart picture in the tree"
    found = tree_problems(dash.page, f"qps/{lesson}", "after every Reveal")
    assert not found, "\n".join(found)
