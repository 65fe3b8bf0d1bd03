"""A keyboard is enough (issue 23): lesson 09 played to its final scores with Tab, Space, Enter and the arrows alone,
every control it reaches showing a focus ring; every English lesson with a slider (:data:`conftest.SLIDERS`) walked
by Tab from its top to its end (:func:`walk`), one page load a lesson: its first bet answered by keyboard, every
Reveal pressed when the focus reaches it, every slider moved, every stop showing a focus ring.

A control is reached only by Tab (:func:`audit.tab_to`: until the focus is on it; :func:`walk`: every stop); a button
is pressed with Enter, a toggle (a card of the hand, a player count) with Space, a menu (the bag the sheriff takes)
changed with the arrow keys, a bet's choice made with Space and the arrows, a slider moved with the arrows, Home and
End.  A slider has moved when its handle says so (``aria-valuetext``) and the kernel has answered: what its cell
shows besides its sliders (the words, each picture) is different.
"""

from __future__ import annotations

import pytest
from audit import focused, tab_to

from conftest import BET, CONTROLS, LESSON_TIMEOUT, READY, REVEAL, SLIDERS

NOTEBOOK = "09_play_a_game.ipynb"
STATE_JS = (
    "() => ['.sheriff-play-turn', '.sheriff-play-status', '.sheriff-play-news'].map("
    "s => (document.querySelector(s) || {}).innerHTML || '').join('|')"
)
ACTIONS = (  # what the reader presses when it is on the screen, first come first pressed
    ".sheriff-play-continue",
    ".sheriff-play-go-on",
    ".sheriff-play-let-decide",
    ".sheriff-play-pass",
    ".sheriff-play-choose-first",
    ".sheriff-play-take-bag",
    ".sheriff-play-market",
    ".sheriff-play-declare",
)

MENUS = {
    ".sheriff-play-take-bag": ".sheriff-play-bag-menu select",
    ".sheriff-play-choose-first": ".sheriff-play-first-menu select",
}
"""The menu an action's button waits for (it is disabled until something is chosen)."""


_VISIBLE_JS = """([selector, enabled]) => [...document.querySelectorAll(selector)].some(e =>
  e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden' && (!enabled || !e.disabled))"""


def _visible(page, selector: str, enabled: bool = True) -> bool:
    """Whether a ``selector`` is on the screen (and can be pressed), read at once (the kernel redraws the panel)."""
    return page.evaluate(_VISIBLE_JS, [selector, enabled])


def press(dash, selector: str, key: str = "Enter") -> dict:
    """Reach ``selector`` by Tab, press ``key``, wait for the kernel's answer; returns the focused element."""
    focused = tab_to(dash.page, selector)
    before = dash.page.evaluate(STATE_JS)
    dash.page.keyboard.press(key)
    dash.wait_for_change(lambda: dash.page.evaluate(STATE_JS), before, timeout=LESSON_TIMEOUT)
    dash.settle(quiet_ms=300)
    return focused


def test_lesson_09_is_played_to_the_end_by_keyboard(open_dashboard, notebooks_server):
    dash = open_dashboard(notebooks_server, NOTEBOOK, wait_for=READY[NOTEBOOK], timeout=LESSON_TIMEOUT)
    page, rings = dash.page, {}
    three = tab_to(page, ".sheriff-play-players button")
    page.keyboard.press("Space")  # the first of the toggles: 3 players, the shortest game
    rings["players toggle"] = three["ring"]
    rings["start button"] = press(dash, ".sheriff-play-start")["ring"]
    loading = False  # a card is in the bag being loaded
    for _ in range(300):
        if page.get_by_text("The game is over.").count() and not _visible(page, ".sheriff-play-continue"):
            break
        if _visible(page, ".sheriff-play-load"):
            if not loading:
                rings["card toggle"] = press(dash, ".sheriff-play-turn .sheriff-play-card", "Space")["ring"]
                loading = True
            rings["load button"] = press(dash, ".sheriff-play-load")["ring"]
            continue
        loading = False
        action = next((a for a in ACTIONS if _visible(page, a)), None)
        if action is None:
            waiting = next((a for a in MENUS if _visible(page, a, enabled=False)), None)
            if waiting is None:
                pytest.fail(f"nothing to press; the turn says {page.locator('.sheriff-play-turn').inner_text()!r}")
            tab_to(page, MENUS[waiting])  # its button waits for a choice in its menu
            page.keyboard.press("ArrowDown")
            dash.settle(quiet_ms=300)
            continue
        rings[action] = press(dash, action)["ring"]
    else:
        pytest.fail("the game did not end within 300 key presses of an action")
    dash.wait_for_text("Final scores", timeout=LESSON_TIMEOUT)
    assert all(rings.values()), f"no focus ring on: {[name for name, ring in rings.items() if not ring]}"
    dash.assert_clean()


# ------------------------------------------------------------------ a lesson's bets and sliders
SLIDER = ".widget-slider .noUi-handle"
"""A slider's handle: what the keyboard focuses and moves (ipywidgets 8 draws its sliders with noUiSlider)."""
CHOICE = f"{BET} .widget-radio-box input"
"""A bet's option (a radio button)."""

_HANDLE_JS = """(selector) => {
  const handles = [...document.querySelectorAll(selector)].filter(h => h.getClientRects().length);
  const handle = document.activeElement;
  const number = name => parseFloat(handle.getAttribute(name));
  const label = handle.closest('.widget-slider').querySelector('.widget-label').textContent;
  return {index: handles.indexOf(handle), value: number('aria-valuenow'), said: number('aria-valuetext'),
          min: number('aria-valuemin'),
          max: number('aria-valuemax'), label};
}"""
"""The focused handle: its place among the page's visible handles, its position and bounds as the slider counts them
(``aria-valuenow``/``-min``/``-max``, which may be rounded), the readout's number it says (``aria-valuetext``), its
label."""

_CELL_JS = """() => {
  const copy = document.activeElement.closest('[cell-index]').cloneNode(true);
  copy.querySelectorAll('.widget-slider').forEach(slider => slider.remove());
  const pictures = [...copy.querySelectorAll('img')].map(img => `${img.alt} ${img.src}`).join(' ');
  let hash = 0;
  for (let i = 0; i < pictures.length; i++) hash = (hash * 31 + pictures.charCodeAt(i)) | 0;
  return `${copy.textContent.replace(/\\s+/g, ' ').trim()} [pictures ${hash}]`;
}"""
"""What the focused element's cell shows besides its sliders: its words and a hash of its pictures (each one's
description and address), which only the kernel changes."""

_BET_JS = """([bet, choice]) => {
  const here = document.activeElement.closest(bet);
  if (!here) return null;
  const options = [...here.querySelectorAll(choice)];
  const live = here.querySelector('[aria-live]');
  return {bet: [...document.querySelectorAll(bet)].indexOf(here), answered: here.classList.contains('sheriff-answered'),
          checked: options.flatMap((input, i) => input.checked ? [i] : []),
          option: options.filter(input => input.checked).map(input => input.parentElement.innerText).join(''),
          live: live && {politeness: live.getAttribute('aria-live'), role: live.getAttribute('role'),
                         text: live.innerText}};
}"""
"""The bet that has the focus (None: no bet has it): its place among the page's bets, whether it is answered, which
of its options are checked (their places and text), and its live region (where the answer appears)."""


def keys_for(handle: dict) -> tuple[str, str]:
    """One step right, then Home; or, from the far end, one step left, then End.

    >>> keys_for({"value": 3, "min": 0, "max": 12}), keys_for({"value": 20, "min": 0, "max": 20})
    (('ArrowRight', 'Home'), ('ArrowLeft', 'End'))
    """
    return ("ArrowRight", "Home") if handle["value"] < handle["max"] else ("ArrowLeft", "End")


def moved_as_pressed(steps: list[dict]) -> bool:
    """Whether each key moved the handle where it says: a step right or left, Home to the start, End to the end.

    >>> moved_as_pressed([{"value": 3, "min": 0, "max": 5}, {"value": 4, "key": "ArrowRight"},
    ...                   {"value": 0, "min": 0, "key": "Home"}])
    True
    """
    before, step, edge = steps
    moved = step["value"] - before["value"] or step.get("said", 0) - before.get(
        "said", 0
    )  # a rounded step: the readout
    if (moved > 0) != (step["key"] == "ArrowRight"):
        return False
    return edge["value"] == (edge["min"] if edge["key"] == "Home" else edge["max"])


def move(dash, *, redraws: bool = True) -> list[dict]:
    """Move the focused slider by :func:`keys_for`, waiting after each key for the kernel to redraw its cell (unless it
    ``redraws`` nothing); returns the handle before and after each key, with its cell's text."""
    page = dash.page
    steps = [{**page.evaluate(_HANDLE_JS, SLIDER), "cell": page.evaluate(_CELL_JS)}]
    for key in keys_for(steps[0]):
        page.keyboard.press(key)
        if redraws:
            dash.wait_for_change(lambda: page.evaluate(_CELL_JS), steps[-1]["cell"], timeout=LESSON_TIMEOUT)
        dash.settle(quiet_ms=300)
        steps.append({**page.evaluate(_HANDLE_JS, SLIDER), "key": key, "cell": page.evaluate(_CELL_JS)})
    return steps


def verdicts(option: str) -> list[str]:
    """What a bet says when it judges ``option``, right or wrong (English pages)."""
    return [f"Right! {option}", f"you said “{option}”"]


def walk(dash, *, redraws: bool = True, limit: int = 1500) -> dict:
    """Tab through the whole page once, from its top to its end, as a reader with a keyboard: the first bet reached
    gets its second option (Space on the first, then ArrowDown), every bet's Reveal is pressed with Enter when the
    focus reaches it (what it holds back comes next), every slider is moved (:func:`move`).  Returns every stop
    (:func:`audit.focused`), the first bet when chosen and when answered, and each slider's steps."""
    page, walked = dash.page, {"stops": [], "chosen": None, "answered": None, "sliders": []}
    for _ in range(limit):
        page.keyboard.press("Tab")
        stop = focused(page, "#rendered_cells")
        if stop is None:
            if walked["stops"]:
                return walked  # past the page's end
            continue
        walked["stops"].append(stop)
        bet = page.evaluate(_BET_JS, [BET, CHOICE])
        if page.evaluate(f"() => document.activeElement.matches('{SLIDER}')"):
            walked["sliders"].append(move(dash, redraws=redraws))
        elif bet and not bet["answered"] and walked["chosen"] is None and focused(page, CHOICE):
            page.keyboard.press("Space")
            page.keyboard.press("ArrowDown")
            walked["chosen"] = page.evaluate(_BET_JS, [BET, CHOICE])
        elif bet and not bet["answered"] and focused(page, REVEAL):
            page.keyboard.press("Enter")
            mine = walked["chosen"] is not None and walked["chosen"]["bet"] == bet["bet"]
            page.wait_for_function(  # the answer is in its live region; the chosen bet's, for the chosen option
                f"([args, verdicts]) => {{ const live = ({_BET_JS})(args).live;"
                " return live && live.text && verdicts.some(verdict => live.text.includes(verdict)); }",
                arg=[[BET, CHOICE], verdicts(walked["chosen"]["option"]) if mine else [""]],
                timeout=LESSON_TIMEOUT * 1000,
            )
            dash.settle(quiet_ms=300)
            if mine:
                walked["answered"] = page.evaluate(_BET_JS, [BET, CHOICE])
    raise AssertionError(f"{limit} presses of Tab never reached the page's end")


def run_the_tournament(dash) -> None:
    """Lesson 10's slider sets how many games the tournament plays: bet on the first seat and run it, by keyboard."""
    page = dash.page
    tab_to(page, ".sheriff-tournament-bet button")
    page.keyboard.press("Space")
    tab_to(page, ".sheriff-tournament-run")
    page.keyboard.press("Enter")


SHOWN_LATER = {"10_tournament.ipynb": (run_the_tournament, "10 games played")}
"""The lessons whose slider changes nothing shown until a button is pressed: what presses it, and what then shows
the slider's value (its Home)."""


@pytest.mark.parametrize("lesson", sorted(SLIDERS))
def test_a_lesson_s_bets_and_sliders_work_by_keyboard(open_dashboard, notebooks_server, lesson):
    dash = open_dashboard(notebooks_server, lesson, wait_for=READY.get(lesson, CONTROLS), timeout=LESSON_TIMEOUT)
    page, later = dash.page, SHOWN_LATER.get(lesson)
    walked = walk(dash, redraws=later is None)
    chosen, answered = walked["chosen"], walked["answered"]
    assert chosen and chosen["checked"] == [1], f"the first bet's second option is not chosen: {chosen}"
    assert answered and (answered["live"]["politeness"], answered["live"]["role"]) == ("polite", "status"), answered
    assert any(verdict in answered["live"]["text"] for verdict in verdicts(chosen["option"])), answered
    assert not page.locator(f"{BET}:not(.sheriff-answered)").count(), "Tab did not reach every bet's Reveal"
    sliders = walked["sliders"]
    reached = [(steps[0]["index"], steps[0]["label"]) for steps in sliders]
    assert [index for index, _ in reached] == list(range(SLIDERS[lesson])), f"Tab reached the sliders {reached}"
    for steps in sliders:
        assert moved_as_pressed(steps), f"{steps[0]['label']}: {[(s.get('key'), s['value']) for s in steps]}"
    assert not [stop for stop in walked["stops"] if not stop["ring"]], "stops without a focus ring"
    if later:
        press, shown = later
        press(dash)
        dash.wait_for_text(shown, timeout=LESSON_TIMEOUT)
    dash.assert_clean()
