"""Every state of a lesson page that axe-core and the accessibility tree are checked in, in one page load (issue 23):
page loads are what a browser test pays for, so a loaded page is resized and pressed rather than loaded again.

:func:`audit` runs axe-core on the page as it opened (1280 px), narrowed to a phone (400 px), after every Reveal
(at 400 px, then again at 1280 px), and, on the lessons that start something (:data:`STARTS`: lesson 09's game, lesson
17's class session, lesson 18's seat in a session made for it), after it started; in the first view at 1280 px, after
the Reveals at both widths and after the start, it also reads what a screen reader is given
(:func:`screen_reader.tree_problems`: charts named by their titles, their tables, live answers, named controls).
:func:`student_url` is the page address lesson 18 is audited at: with the code of a session made through the API, as
a phone opens the teacher's link.
:func:`page_language` adds the one WCAG A rule axe-core cannot judge, the page's language.
"""

from __future__ import annotations

from collections.abc import Callable

from screen_reader import tree_problems

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


def audit(dash, name: str, english: frozenset[str] = frozenset()) -> list[str]:
    """axe-core's violations and the screen reader's problems (``english``: the English page's chart titles, which a
    translated page must not name a chart by) on every state of the opened lesson page ``dash`` (see the module's
    description); the page is left at 1280 px."""
    page, lesson = dash.page, name.split("/")[-1]
    found = page_language(page, name)
    found += axe_violations(page, f"{name} at 1280px", "first view")
    found += tree_problems(page, f"{name} at 1280px", "first view", english)
    _resize(dash, 400)
    found += axe_violations(page, f"{name} at 400px", "first view")
    if press_reveals(page):
        found += axe_violations(page, f"{name} at 400px", "after every Reveal")
        found += tree_problems(page, f"{name} at 400px", "after every Reveal", english)
        _resize(dash, 1280)
        found += axe_violations(page, f"{name} at 1280px", "after every Reveal")
        found += tree_problems(page, f"{name} at 1280px", "after every Reveal", english)
    _resize(dash, 1280)
    if lesson in STARTS:
        state, start = STARTS[lesson]
        start(page)
        dash.settle()
        found += tree_problems(page, f"{name} at 1280px", state, english)
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


def focused(page, selector: str) -> dict | None:
    """What has the keyboard focus if it is on (or inside) a visible ``selector``, and whether it shows a focus ring
    (a 2 px outline or a box shadow, as ``:focus-visible`` draws it); None if the focus is elsewhere."""
    return page.evaluate(_FOCUS_JS, selector)


def tab_to(page, selector: str, *, key: str = "Tab", limit: int = 400) -> dict:
    """Press Tab (or ``key``: ``"Shift+Tab"`` goes back) until the keyboard focus is on (or inside) a visible
    ``selector``; returns :func:`focused`."""
    for _ in range(limit):
        page.keyboard.press(key)
        found = focused(page, selector)
        if found:
            return found
    raise AssertionError(f"{limit} presses of {key} never reached {selector}")


_STOP_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body || !el.getClientRects().length) return null;
  const first = window.sheriffFirstStop === el;
  window.sheriffFirstStop = window.sheriffFirstStop || el;
  const r = el.getBoundingClientRect();
  const cells = document.getElementById('rendered_cells');  // Voila's lab template scrolls in it, not the window
  const down = scrollY + (cells ? cells.scrollTop : 0);
  const words = (el.innerText || el.value || el.getAttribute('aria-label') || el.title || '').trim();
  return {first, top: r.top + down, bottom: r.bottom + down, left: r.left, right: r.right,
          name: `${el.tagName.toLowerCase()} ${words.slice(0, 30)}`};
}"""


def _reads_before(a: dict, b: dict) -> bool:
    """Whether a stop at ``a`` comes before one at ``b`` in reading order: ``b`` lower down, or on the same line
    (they overlap vertically) and further right.

    >>> line = {"top": 0, "bottom": 20, "left": 0, "right": 50}
    >>> _reads_before(line, {**line, "left": 60}), _reads_before(line, {**line, "top": 30, "bottom": 50, "left": -9})
    (True, True)
    >>> _reads_before({**line, "left": 60}, line)
    False
    """
    below = b["top"] >= a["bottom"] - 2
    same_line = b["top"] < a["bottom"] and a["top"] < b["bottom"]
    return below or (same_line and b["left"] >= a["left"])


def tab_order(page, *, limit: int = 200) -> tuple[list[str], list[str]]:
    """Tab through the whole page once, from where the focus is, until it comes back to its first stop; returns
    every stop's name and the steps that go against the reading order (see :func:`_reads_before`), which should be
    none.  The step from the page's last control back to its first (through the document itself) is no such step."""
    page.evaluate("() => { window.sheriffFirstStop = null; }")
    stops: list[dict] = []
    backwards: list[str] = []
    wrapped = False  # the focus went through the document itself: past the last control, back to the first
    for _ in range(limit):
        page.keyboard.press("Tab")
        stop = page.evaluate(_STOP_JS)
        if stop is None:
            wrapped = True
            continue
        if stop["first"]:
            return [s["name"] for s in stops], backwards
        if stops and not wrapped and not _reads_before(stops[-1], stop):
            backwards.append(f"{stops[-1]['name']!r} -> {stop['name']!r}")
        stops.append(stop)
        wrapped = False
    raise AssertionError(f"{limit} presses of Tab never came back to the first stop")
