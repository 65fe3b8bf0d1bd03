"""The look of a lesson page in Voilà: one centred column, text lines of about 75 characters, charts and forms
that fit it, and forms that fold to one column on a phone.

Every lesson's first cell shows :func:`page_style` (``sn.widgets.page_style()``): a ``<style>`` block scoped to
Voilà's ``#rendered_cells``, so it shapes the dashboard and leaves JupyterLab's own interface alone.  It holds what
the widgets cannot say through their own layouts: the width of the column and of a line of text, the phone
layout of the forms (:data:`FORM_CLASS`), choices whose long labels wrap (ipywidgets gives a radio option one line's
height, so on a phone a wrapped answer of a bet ran over the next), HTML that may be narrower than its widest
table (a flex item is as wide as its content by default, so a payoff table too wide for a phone pushed its whole
box sideways, cutting the line above it, instead of scrolling alone), controls as wide as their column but no wider
(ipywidgets adds a 2 px margin each side to a control's ``max-width: 100%``, so a full-width dropdown or slider made
its box scroll 4 px sideways), tables wider than their box (a lesson's Markdown table or a widget's
:func:`~sheriff_nb.ui.widgets.base.scroll_box`) that scroll alone and say so (a faded right edge and a "scroll →"
hint, shown only while the table can scroll: a scroll-driven animation, where the browser has them; the hint has
an empty text alternative, ``content: … / ""``, so a screen reader does not read it inside the table), a card
picker's toggle whose click area covers its card (:data:`~sheriff_nb.ui.widgets.cards.CARD_SLOT_CLASS`), menus of
long entries with their label above them on a phone (:data:`~sheriff_nb.ui.widgets.base.LONG_MENU_CLASS`), and which
of a chart's two drawings shows (the phone one on a screen up to
:data:`PHONE_SCREEN` px wide, see :func:`sheriff_nb.ui.display.from_cache`).

Which drawing an explorer's chart needs (a slider redraws it at every step, so it draws one size, not both) is told
to the kernel by :func:`screen`: an invisible widget shown beside every explorer chart, whose few lines of
JavaScript report whether the screen is up to :data:`PHONE_SCREEN` px wide (the same test as the stylesheet's), and
again whenever that changes (a phone turned sideways).

It also sets the colour of a folding section's title (ipywidgets' grey on grey is below 4.5:1) and of the styled
buttons (:data:`sheriff_nb.ui.palette.BUTTONS`), gives everything the keyboard can focus a visible ring (``:focus-visible``: a 3 px
outline in the accent colour; a slider's number, which can be typed into, too), and lays out a chart's folded
"show the numbers" table (:mod:`sheriff_nb.ui.charts.table`), which scrolls by itself.

The block also carries :data:`SCRIPT`, for what ipywidgets cannot say at all: a slider's handle (the element a
screen reader focuses) gets the slider's label as its name and says the value its readout shows, a button's icon is
hidden from its name, a number box without a description its tooltip, a
lesson's table (which scrolls sideways by itself when it is wider than the column) can take the keyboard focus, and an HTML widget
marked with
:data:`~sheriff_nb.ui.widgets.base.LIVE_CLASS` becomes a polite live region, so a screen reader reads a result that
appears after a click.

>>> bundle = page_style()._repr_html_()
>>> "#rendered_cells" in bundle and "max-width" in bundle and FORM_CLASS in bundle
True
>>> "aria-labelledby" in bundle and f".{LIVE_CLASS}" in bundle and "aria-live" in bundle
True
"""

from __future__ import annotations

import anywidget
import ipywidgets as W
import traitlets

from ..display import PHONE_CLASS, WIDE_CLASS
from ..i18n import t
from ..palette import ACCENT, BUTTONS, MUTED
from .base import FORM_CLASS, LIVE_CLASS, LONG_MENU_CLASS, SCROLL_CLASS, TEXT_WIDTH
from .cards import CARD_SLOT_CLASS

__all__ = ["page_style", "COLUMN", "STYLE", "SCRIPT", "PHONE_SCREEN", "Screen", "screen"]

COLUMN = "820px"
"""The width of a lesson's column on a laptop: a 600 px chart, a form or a table, and text lines of
:data:`~sheriff_nb.ui.widgets.base.TEXT_WIDTH` (about 75 characters) with room to spare."""

PHONE_SCREEN = 640
"""Screens up to this width in CSS px show each chart's phone drawing (the laptop one needs about 600 px)."""

BUTTON_COLOURS = "\n".join(
    f"#rendered_cells .jupyter-button.mod-{name} {{ background-color: {colour}; color: #fff; }}"
    for name, colour in BUTTONS.items()
)

STYLE = f"""
#rendered_cells > div {{ max-width: {COLUMN}; margin: 0 auto; box-sizing: border-box; }}
#rendered_cells .jp-RenderedMarkdown {{ font-size: 15px; line-height: 1.55; }}
#rendered_cells .jp-RenderedMarkdown :is(p, li, blockquote, dl) {{ max-width: {TEXT_WIDTH}; }}
#rendered_cells .jp-RenderedMarkdown :is(h1, h2, h3) {{ max-width: {TEXT_WIDTH}; line-height: 1.25; }}
#rendered_cells .jp-RenderedMarkdown table {{ font-size: 14px; }}
#rendered_cells .jp-RenderedMarkdown a, #rendered_cells .widget-html-content a {{ color: {ACCENT}; }}
#rendered_cells :is(.jp-RenderedImage, .jp-RenderedSVG) img {{ max-width: 100%; height: auto; }}
#rendered_cells .widget-radio-box label {{ height: auto; min-height: var(--jp-widgets-radio-item-height);
  line-height: 1.35; display: flex; align-items: flex-start; padding: 4px 0; }}
#rendered_cells .widget-radio-box input {{ height: auto; flex: none; order: -1; margin-top: 2px; }}
#rendered_cells .{FORM_CLASS} > .widget-html {{ align-self: center; }}
#rendered_cells .widget-html > .widget-html-content {{ min-width: 0; }}
#rendered_cells .jupyter-widget-Collapse-header {{ color: #222; }}
{BUTTON_COLOURS}
#rendered_cells :is(button, input, select, textarea, summary, a, [tabindex], [contenteditable],
  .noUi-handle):focus-visible {{
  outline: 3px solid {ACCENT} !important; outline-offset: 2px; }}
#rendered_cells .sheriff-numbers {{ margin: 4px 0 10px; font-size: 13px; }}
#rendered_cells .sheriff-numbers summary {{ cursor: pointer; color: {ACCENT}; width: fit-content; }}
#rendered_cells .sheriff-numbers-scroll {{ max-width: 100%; max-height: 340px; overflow: auto; }}
#rendered_cells .sheriff-numbers table {{ border-collapse: collapse; margin-top: 4px; }}
#rendered_cells .sheriff-numbers :is(th, td) {{ padding: 2px 8px; border-bottom: 1px solid #ddd; text-align: right; }}
#rendered_cells .widget-inline-hbox[style*="max-width: 100%"] {{
  max-width: calc(100% - 2 * var(--jp-widgets-margin)) !important; }}
@media (max-width: 560px) {{
  #rendered_cells .{FORM_CLASS} {{ grid-template-columns: minmax(0, 1fr) !important; }}
  #rendered_cells .{FORM_CLASS} > .widget-html {{ margin-top: 6px; }}
  #rendered_cells .{LONG_MENU_CLASS} {{ flex-wrap: wrap; height: auto; }}
  #rendered_cells .{LONG_MENU_CLASS} > select {{ flex: 1 1 100%; width: 100%;
    height: var(--jp-widgets-inline-height); }}
}}
#rendered_cells .{CARD_SLOT_CLASS} {{ position: relative; }}
#rendered_cells .{CARD_SLOT_CLASS} .widget-toggle-button {{ position: static; }}
#rendered_cells .{CARD_SLOT_CLASS} .widget-toggle-button::after {{ content: ""; position: absolute; inset: 0; }}
#rendered_cells .{CARD_SLOT_CLASS}:hover .widget-toggle-button:enabled {{ box-shadow: 0 0 0 2px {ACCENT}; }}
#rendered_cells .jp-RenderedMarkdown table {{ display: block; width: fit-content; max-width: 100%; overflow-x: auto; }}
#rendered_cells :is(.jp-RenderedMarkdown table, .{SCROLL_CLASS}) {{
  scrollbar-width: thin; scrollbar-color: #8a8a8a #eee; }}
@supports (animation-timeline: scroll()) {{
  #rendered_cells :is(.jp-RenderedMarkdown table, .{SCROLL_CLASS}) {{
    animation: sheriff-scroll-fade linear both; animation-timeline: scroll(self inline); }}
  #rendered_cells :is(.jp-RenderedMarkdown table, .{SCROLL_CLASS})::before {{
    content: var(--sheriff-scroll-hint) / ""; display: block; position: sticky; left: 0; height: 0; overflow: hidden;
    text-align: right; font-size: 12px; line-height: 1.5em; color: {MUTED};
    animation: sheriff-scroll-hint linear both; animation-timeline: scroll(nearest inline); }}
}}
@keyframes sheriff-scroll-fade {{
  from, 96% {{ mask-image: linear-gradient(#000 1.5em, transparent 1.5em),
    linear-gradient(to right, #000 calc(100% - 32px), transparent); }}
  to {{ mask-image: none; }}
}}
@keyframes sheriff-scroll-hint {{ from, to {{ height: 1.5em; }} }}
@media (max-width: {PHONE_SCREEN}px) {{
  #rendered_cells .{WIDE_CLASS} {{ display: none !important; }}
  #rendered_cells .{PHONE_CLASS} {{ display: block !important; }}
}}
"""
"""The stylesheet, scoped to Voilà's page (``#rendered_cells``)."""

SCRIPT = f"""(() => {{
  if (window.sheriffAccessible) return;
  window.sheriffAccessible = true;
  let next = 0;
  const name = () => {{
    for (const tip of document.querySelectorAll('[title="null"]')) tip.removeAttribute('title');
    for (const handle of document.querySelectorAll('.widget-slider .noUi-handle:not([aria-labelledby])')) {{
      const slider = handle.closest('.widget-slider');
      const label = slider.querySelector(':scope > .widget-label');
      if (!label.id) label.id = `sheriff-slider-label-${{next++}}`;
      if (!label.textContent.trim()) label.textContent = slider.title;
      handle.setAttribute('aria-labelledby', label.id);
    }}
    for (const handle of document.querySelectorAll('.widget-slider .noUi-handle')) {{
      const readout = handle.closest('.widget-slider').querySelector('.widget-readout');
      const shown = readout && readout.textContent.trim();  // noUiSlider says its own count from 0, not the value
      if (shown && handle.getAttribute('aria-valuetext') !== shown) handle.setAttribute('aria-valuetext', shown);
    }}
    for (const icon of document.querySelectorAll('#rendered_cells i.fa:not([aria-hidden])')) {{
      icon.setAttribute('aria-hidden', 'true');  // an icon font's glyph (a button's, a folding title's) is no word
    }}
    for (const label of document.querySelectorAll('label.widget-label[for]')) {{
      const control = document.getElementById(label.htmlFor);
      // an empty label, even hidden, hides the control's own tooltip from its name: Chromium names it by neither
      const tip = label.textContent.trim() ? '' : label.title || (control && control.title);
      if (control && tip && control.getAttribute('aria-label') !== tip) control.setAttribute('aria-label', tip);
    }}
    for (const table of document.querySelectorAll('.jp-RenderedMarkdown table:not([tabindex])')) {{
      table.tabIndex = 0;  // a lesson's table scrolls sideways by itself when it is wider than the column
    }}
    for (const region of document.querySelectorAll('.{LIVE_CLASS}:not([aria-live])')) {{
      region.setAttribute('role', 'status');
      region.setAttribute('aria-live', 'polite');
    }}
  }};
  new MutationObserver(name).observe(document.documentElement, {{childList: true, subtree: true,
    characterData: true, attributes: true, attributeFilter: ['title', 'aria-valuetext']}});
  name();
}})();"""
"""Runs once per page and watches it: names every slider's handle by its label (``aria-labelledby``; a slider without
a description by its tooltip) and has it say the value its readout shows (``aria-valuetext``: noUiSlider's own is
its step count from the minimum, "3" for a slider from 3 showing 6), removes the ``title="null"`` ipywidgets writes
on a label without a tooltip, hides the icons of buttons and folding titles (an icon font's private-use glyph) from
the screen reader, names a control without a description by its tooltip (ipywidgets puts a number box's
tooltip on its hidden label only, and a menu's or a text box's on the control, where its empty label keeps Chromium
from naming it by it), lets the keyboard focus a lesson's table (wider than the column,
it scrolls sideways by itself, and a keyboard scrolls only what has the focus) and makes every :data:`~sheriff_nb.ui.widgets.base.LIVE_CLASS` widget a polite live
region (``role="status"``)."""


class _Style:
    """A ``<style>`` block as an output (``text/html``); no widget, so it applies before the widgets load."""

    def _repr_html_(self) -> str:
        hint = t("scroll →").replace("\\", "").replace('"', "")
        return f'<style>#rendered_cells {{ --sheriff-scroll-hint: "{hint}"; }}{STYLE}</style><script>{SCRIPT}</script>'

    def _repr_mimebundle_(self, include=None, exclude=None) -> tuple[dict[str, str], dict]:
        return {"text/html": self._repr_html_(), "text/plain": ""}, {}


def page_style() -> _Style:
    """``sn.widgets.page_style()``, the first cell of every lesson: the page's column, text width and phone
    layout (see the module's description)."""
    return _Style()


_SCREEN_ESM = f"""
export default {{
  render({{ model, el }}) {{
    el.classList.add("sheriff-screen");
    const narrow = window.matchMedia("(max-width: {PHONE_SCREEN}px)");
    const tell = () => {{
      if (model.get("narrow") !== narrow.matches) {{ model.set("narrow", narrow.matches); model.save_changes(); }}
    }};
    tell();
    narrow.addEventListener("change", tell);
    return () => narrow.removeEventListener("change", tell);
  }},
}};
"""


class Screen(anywidget.AnyWidget):
    """What the reader's screen needs: ``narrow`` is ``True`` on a screen up to :data:`PHONE_SCREEN` px wide (the
    stylesheet's phone drawings), ``False`` on a wider one, ``None`` until a page has shown the widget (a kernel
    still running the notebook, a test, a script).  Invisible; its JavaScript ships with the package (anywidget),
    so it works offline.

    >>> Screen().narrow is None, Screen().layout.display
    (True, 'none')
    """

    _esm = traitlets.Unicode(_SCREEN_ESM).tag(sync=True)
    narrow = traitlets.Bool(None, allow_none=True).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(layout=W.Layout(display="none"), **kwargs)


_SCREEN: list[Screen] = []


def screen() -> Screen:
    """The kernel's one :class:`Screen` (a kernel serves one page): every explorer shows it beside its chart, so the
    first page that draws an explorer tells the kernel how wide the reader's screen is.

    >>> screen() is screen()
    True
    """
    if not _SCREEN:
        _SCREEN.append(Screen())
    return _SCREEN[0]
