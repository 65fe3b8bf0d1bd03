"""Every lesson in every complete language, in Voilà and Chromium (issue 14): ``notebooks/<lang>/NN_name.ipynb``.

A page fails when it shows fewer widgets than the English lesson, an error or a traceback, an axe-core violation
of WCAG 2.0/2.1 A and AA or a screen reader's problem (:func:`screen_reader.tree_problems`; a chart named by the
English page's title among them) in any of the states :func:`audit.audit` visits in the same load
(``test_accessibility.py`` checks the English pages).  Whether every word
of it went through a catalogue is the pseudo-locale's test (``tests/test_pseudo_locale.py``, no browser), which
replaced the count of common English words this file made.  The languages are those of
:data:`sheriff_nb.app.translate.COMPLETE`; ``SHERIFF_LANGUAGES=es,de`` picks others (a translator checking work in
progress).
"""

from __future__ import annotations

import os
import re

import pytest
from audit import audit, student_url
from screen_reader import chart_names

from conftest import CONTROLS, LESSON_TIMEOUT, READY, press_reveals
from sheriff_nb.app.serve import ERROR_MARKERS
from sheriff_nb.app.translate import COMPLETE
from sheriff_nb.app.translate.notebooks import lessons

LANGUAGES = [lang for lang in os.environ.get("SHERIFF_LANGUAGES", ",".join(sorted(COMPLETE))).split(",") if lang]
LESSONS = [path.name for path in lessons()]
TIMEOUT = LESSON_TIMEOUT
WIDGETS = ".jupyter-widgets.widget-container, " + CONTROLS
_english: dict[str, tuple[int, frozenset[str]]] = {}
"""Each English lesson's widget count and chart titles on first view, from one load shared by every language."""


def _open(open_dashboard, server, path: str, url: str | None = None):
    wait_for = READY.get(path.split("/")[-1], CONTROLS)
    return open_dashboard(url or server.render_url(path), wait_for=wait_for, timeout=TIMEOUT)


@pytest.mark.parametrize("lesson", LESSONS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translated_lesson_shows_every_widget_without_an_error(
    axe_script, open_dashboard, notebooks_server, lang, lesson
):
    if lesson not in _english:
        english = _open(open_dashboard, notebooks_server, lesson)
        _english[lesson] = english.page.locator(WIDGETS).count(), chart_names(english.page)
    widgets, english_titles = _english[lesson]
    dash = _open(
        open_dashboard, notebooks_server, f"{lang}/{lesson}", student_url(notebooks_server, f"{lang}/{lesson}")
    )
    text = dash.text()
    print(f"{lang}/{lesson}: ready in {dash.seconds_to_ready:.1f} s")
    assert not any(marker in text for marker in ERROR_MARKERS)
    dash.assert_clean()
    shown = dash.page.locator(WIDGETS).count()
    assert shown >= widgets, f"{shown} widgets, the English lesson has {widgets}"
    found = audit(dash, f"{lang}/{lesson}", english_titles)  # at 1280 and 400 px, after every Reveal, after a start
    assert not found, f"{len(found)} accessibility problems:\n" + "\n".join(found)


LATIN_WORDS_ALLOWED = frozenset(
    {"openspiel", "nashpy", "nashconv", "merchant_w", "english", "español", "deutsch", "português", "brasil"}
)
"""Latin-script words a Russian page may show: names of programs, a variable of lesson 13, the language picker."""
_WIDGET_TEXTS_JS = """() => {
  const walker = document.createTreeWalker(document.getElementById('rendered_cells'), NodeFilter.SHOW_TEXT);
  const texts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;  // the lesson's own markdown is checked against its catalogue elsewhere
    if (!parent || parent.closest('style, script, code, pre, .jp-RenderedMarkdown, .jp-RenderedLatex')) continue;
    if (parent.closest('[style*="display: none"]') || !parent.getClientRects().length) continue;
    const text = node.textContent.trim();
    if (text) texts.push(text);
  }
  return texts;
}"""


def english_phrases(texts: list[str]) -> list[str]:
    """The texts with no Cyrillic letter and a Latin word of three letters or more not in
    :data:`LATIN_WORDS_ALLOWED`.

    >>> english_phrases(["Мач открывает мешок", "lets Much's bag pass", "p (OpenSpiel)", "p*", "w, merchant_w"])
    ["lets Much's bag pass"]
    """
    found = []
    for text in texts:
        words = {w.lower() for w in re.findall(r"[A-Za-z_ñçêáéíóú]{3,}", text)} - LATIN_WORDS_ALLOWED
        if words and not re.search(r"[А-Яа-яЁё]", text):
            found.append(text)
    return found


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_russian_page_shows_no_english_phrase(open_dashboard, notebooks_server, lesson):
    dash = _open(open_dashboard, notebooks_server, f"ru/{lesson}")
    press_reveals(dash.page)
    english = english_phrases(dash.page.evaluate(_WIDGET_TEXTS_JS))
    assert not english, f"English on ru/{lesson}: {english[:12]}"
