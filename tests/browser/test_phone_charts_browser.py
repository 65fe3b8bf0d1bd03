"""Issue 25, finding #10, in a real browser: on a 400 px phone every chart shown, the explorers' included, is a phone
drawing, before and after a slider step (the page told the kernel it is a phone); on a laptop the step draws the
laptop chart; and a screen that widens gets the laptop drawing of the chart it shows."""

from __future__ import annotations

from conftest import DEFAULT_TIMEOUT

_SHOWN_JS = """() => [...document.querySelectorAll('.sheriff-chart img')]
  .filter(img => img.getBoundingClientRect().width > 0)
  .map(img => {
    const src = img.getAttribute('src'), at = src.indexOf(';base64,');
    const svg = atob(src.slice(at + 8));
    const width = svg.match(/<svg[^>]*?\\swidth="([\\d.]+)"/);
    return [img.className, width ? Math.round(parseFloat(width[1])) : null, src.length];
  })"""


def shown(dash) -> list:
    return dash.page.evaluate(_SHOWN_JS)


def test_explorer_charts_on_a_phone_are_phone_drawings_before_and_after_a_step(page, open_dashboard, notebooks_server):
    page.set_viewport_size({"width": 400, "height": 900})
    dash = open_dashboard(notebooks_server, "08_inspection_odds.ipynb", timeout=DEFAULT_TIMEOUT)
    first = shown(dash)
    assert first and all(width < 400 for _css, width, _size in first), first  # no laptop drawing shrunk to 340 px
    handle = page.locator(".widget-slider .noUi-handle >> visible=true").first
    handle.focus()
    page.keyboard.press("ArrowRight")
    after = dash.wait_for_change(lambda: shown(dash), first, timeout=60)
    assert after and all(width < 400 for _css, width, _size in after), after
    page.set_viewport_size({"width": 1280, "height": 900})  # the screen widens: the kernel draws the laptop size
    dash.wait_for_change(lambda: shown(dash), after, timeout=60)
    dash.settle()
    wide = shown(dash)
    assert wide and all(width > 500 for _css, width, _size in wide), wide
    dash.assert_clean()
