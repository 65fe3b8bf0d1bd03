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
* the lesson shows as many sliders as :data:`conftest.SLIDERS` says (``test_keyboard.py`` reaches each of them by
  Tab, sees its focus ring and moves it by keyboard);
* every lesson, in the last of those states, does not scroll sideways at 200 % zoom (:data:`ZOOMED`).

A failure lists each violating element as ``rule (impact) on page [state]: target html — summary``.
"""

from __future__ import annotations

import pytest
from audit import audit, student_url

from conftest import CONTROLS, LESSON_TIMEOUT, READY, SLIDERS
from sheriff_nb.app.translate.notebooks import lessons

LESSONS = [path.name for path in lessons()]
ZOOMED = {"width": 640, "height": 450}
"""A 1280 x 900 window zoomed to 200 %: a 640 x 450 px page, drawn at 2 device pixels a CSS pixel."""
SLIDER_HANDLE = ".widget-slider .noUi-handle"
_SHOWN_JS = "(selector) => [...document.querySelectorAll(selector)].filter(e => e.getClientRects().length).length"


@pytest.mark.parametrize("lesson", LESSONS)
def test_an_english_lesson_has_no_axe_violation(axe_script, open_dashboard, notebooks_server, lesson):
    dash = open_dashboard(
        student_url(notebooks_server, lesson), wait_for=READY.get(lesson, CONTROLS), timeout=LESSON_TIMEOUT
    )
    found = audit(dash, lesson)
    sliders = dash.page.evaluate(_SHOWN_JS, SLIDER_HANDLE)  # every bet is revealed: every slider is shown
    dash.assert_no_horizontal_scroll(**ZOOMED)
    assert sliders == SLIDERS.get(lesson, 0), f"{lesson} shows {sliders} sliders; conftest.SLIDERS says otherwise"
    assert not found, f"{len(found)} accessibility problems:\n" + "\n".join(found)
