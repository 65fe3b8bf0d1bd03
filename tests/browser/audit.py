"""Every state of a lesson page that axe-core checks, in one page load (issue 23): page loads are what a browser test
pays for, so a loaded page is resized and pressed rather than loaded again.

:func:`audit` runs axe-core on the page as it opened (1280 px), narrowed to a phone (400 px), after every Reveal
(at 400 px, then again at 1280 px), and, on the lessons that start something (:data:`STARTS`: lesson 09's game, lesson
17's class session, lesson 18's seat in a session made for it), after it started.  :func:`student_url` is the page
address lesson 18 is audited at: with the code of a session made through the API, as a phone opens the teacher's link.
:func:`page_language` adds the one WCAG A rule axe-core cannot judge, the page's language.
"""

from __future__ import annotations

from collections.abc import Callable

from conftest import LESSON_TIMEOUT, axe_violations, press_reveals

WIDTHS = (1280, 400)
"""The laptop and the phone width every page is checked at."""


def _start_game(page) -> None:
    page.click(".sheriff-play-start")
    page.locator(".sheriff-play-setup").wait_for(state="hidden", timeout=LESSON_TIMEOUT * 1000)


def _create_session(page) -> None:
    page.click(".sheriff-class-create")
    page.locator(".sheriff-class-code").wait_for(state="visible", timeout=LESSON_TIMEOUT * 1000)


def _join_session(page) -> None:
    page.locator(".widget-text input").nth(1).fill("Ann")  # the nickname (the code came with the address)
    page.click(".sheriff-class-join")
    page.locator(".sheriff-class-choice").first.wait_for(state="visible", timeout=LESSON_TIMEOUT * 1000)


STARTS: dict[str, tuple[str, Callable]] = {
    "09_play_a_game.ipynb": ("game started", _start_game),
    "17_class_teacher.ipynb": ("session created", _create_session),
    "18_class_student.ipynb": ("seated in a round", _join_session),
}
"""What a lesson starts, and how a reader starts it."""


def student_url(server, path: str) -> str:
    """``path``'s address; lesson 18's with the join code of a new session (the store the test session shares with
    Voilà's kernels), so the page can take a seat."""
    if not path.endswith("18_class_student.ipynb"):
        return server.render_url(path)
    import sheriff_nb.play.classroom as cl

    session = cl.create_session({"apples": 2, "pepper": 1}, "apples", rounds=3, seed=1)
    return server.render_url(f"{path}?code={session.code}")


def _resize(dash, width: int) -> None:
    dash.page.set_viewport_size({"width": width, "height": 900})
    dash.settle()


def page_language(page, name: str) -> list[str]:
    """WCAG 3.1.1 (language of page), which axe-core cannot judge: the page's ``lang`` is the lesson's language
    (``ru`` for ``ru/08_….ipynb``, ``en`` for an English lesson), so a screen reader reads it with the right voice."""
    expected = name.split("/")[0] if "/" in name else "en"
    lang = page.evaluate("document.documentElement.lang")
    return (
        []
        if lang == expected
        else [f"html-lang on {name}: the page says lang={lang!r}, the lesson speaks {expected!r}"]
    )


def audit(dash, name: str) -> list[str]:
    """axe-core's violations on every state of the opened lesson page ``dash`` (see the module's description); the
    page is left at 1280 px."""
    page, lesson = dash.page, name.split("/")[-1]
    found = page_language(page, name)
    found += axe_violations(page, f"{name} at 1280px", "first view")
    _resize(dash, 400)
    found += axe_violations(page, f"{name} at 400px", "first view")
    if press_reveals(page):
        found += axe_violations(page, f"{name} at 400px", "after every Reveal")
        _resize(dash, 1280)
        found += axe_violations(page, f"{name} at 1280px", "after every Reveal")
    _resize(dash, 1280)
    if lesson in STARTS:
        state, start = STARTS[lesson]
        start(page)
        dash.settle()
        for width in (1280, 400):
            _resize(dash, width)
            found += axe_violations(page, f"{name} at {width}px", state)
        _resize(dash, 1280)
    return found


_FOCUS_JS = """(selector) => {
  const el = document.activeElement;
  const hit = el && el.closest(selector);
  if (!hit || !hit.getClientRects().length) return null;
  const style = getComputedStyle(el);
  const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  return {ring: ring || (style.boxShadow || 'none') !== 'none', tag: el.tagName.toLowerCase(),
          classes: el.className && el.className.baseVal === undefined ? el.className : ''};
}"""


def tab_to(page, selector: str, *, limit: int = 400) -> dict:
    """Press Tab until the keyboard focus is on (or inside) a visible ``selector``; returns what has the focus and
    whether it shows a focus ring (a 2 px outline or a box shadow, as ``:focus-visible`` draws it)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        found = page.evaluate(_FOCUS_JS, selector)
        if found:
            return found
    raise AssertionError(f"{limit} presses of Tab never reached {selector}")
