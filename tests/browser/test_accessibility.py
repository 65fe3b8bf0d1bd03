"""No axe-core violation of WCAG 2.0/2.1 A and AA on any lesson page (issue 23), in Voilà and Chromium, and nothing
wrong in what a screen reader is given (the accessibility tree, :func:`screen_reader.tree_problems`).

axe-core comes from the npm registry (``.ci/run``: ``npm install --prefix .ci/node axe-core@4.14.1``, or
``$SHERIFF_AXE`` naming an ``axe.min.js``) and is injected into the page with Playwright.  Checked:

* every English lesson at 1280 and 400 px wide, on first view and again after every Reveal is pressed, and lessons
  09, 17 and 18 after their game, session or seat starts: every state in one page load (:func:`audit.audit`);
* the same states of every lesson of every complete language: checked by ``test_translated_pages.py`` on the page
  that test opens anyway (one load a page, not two);
* lessons 17 and 18 during a class's round (the teacher's chart after a round closes, a phone's result): checked by
  ``test_class_pages_browser.py`` on the pages its round opens;
* a slider's handle, reached by Tab, shows a focus ring; a few lessons (:data:`ZOOMED`) do not scroll sideways at
  200 % zoom (a 640 px page).

A failure lists each violating element as ``rule (impact) on page [state]: target html — summary``.
"""

from __future__ import annotations

import pytest
from audit import audit, student_url, tab_to

from conftest import CONTROLS, LESSON_TIMEOUT, READY
from sheriff_nb.app.translate.notebooks import lessons

LESSONS = [path.name for path in lessons()]
ZOOMED = {
    "05_inspection_and_bribes.ipynb",
    "08_inspection_odds.ipynb",
    "09_play_a_game.ipynb",
    "13_safety_and_rivalry.ipynb",
}
"""Lessons also checked at 200 % zoom (a 1280 px window zoomed to 200 % is a 640 px page, drawn at 2 device pixels a
CSS pixel): no sideways scrolling."""
SLIDER_HANDLE = ".widget-slider .noUi-handle"


@pytest.mark.parametrize("lesson", LESSONS)
def test_an_english_lesson_has_no_axe_violation(axe_script, open_dashboard, notebooks_server, lesson):
    dash = open_dashboard(
        student_url(notebooks_server, lesson), wait_for=READY.get(lesson, CONTROLS), timeout=LESSON_TIMEOUT
    )
    found = audit(dash, lesson)
    if dash.page.locator(SLIDER_HANDLE).count():  # a slider reached by Tab shows where the keyboard is
        dash.page.locator("body").focus()
        handle = tab_to(dash.page, SLIDER_HANDLE)
        assert handle["ring"], f"{lesson}: a slider's handle shows no focus ring: {handle}"
    if lesson in ZOOMED:
        dash.assert_no_horizontal_scroll(width=640, height=450)
    assert not found, f"{len(found)} accessibility problems:\n" + "\n".join(found)
