"""Shared pieces of every widget: the colour-blind-safe palette, phone-friendly layouts, the
rule-error line and a helper that applies an action and reports a broken rule instead of a traceback.

>>> "✘ a bag holds 1 to 5 cards" in error_html("a bag holds 1 to 5 cards")
True
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from ..i18n import rule_message, t
from ..rules import RuleError

# Okabe-Ito colours (safe for the common colour-vision deficiencies); every use also carries a text label.
PALETTE = {"legal": "#009E73", "contraband": "#D55E00", "royal": "#CC79A7"}
TINT = {"legal": "#E5F5EF", "contraband": "#FBEBDF", "royal": "#F8ECF3"}
INK = {"legal": "#00573F", "contraband": "#8A3A00", "royal": "#7A2F5C"}
BORDER_STYLE = {"legal": "solid", "contraband": "dashed", "royal": "double"}
ERROR_RED, OK_GREEN, NOTE_BLUE = "#B00020", "#00573F", "#0B4F8A"
FONT = "font-family:system-ui,-apple-system,Segoe UI,Roboto,DejaVu Sans,sans-serif"


def esc(text: Any) -> str:
    """HTML-escape any value."""
    return html.escape(str(text))


def wrap_box(children=(), gap: str = "6px", **layout) -> W.Box:
    """A row that wraps onto new lines on narrow screens (phones)."""
    return W.Box(list(children), layout=W.Layout(display="flex", flex_flow="row wrap", align_items="flex-end",
                                                 max_width="100%", grid_gap=gap, **layout))


def column(children=(), **layout) -> W.VBox:
    """A full-width column that never overflows a phone screen."""
    return W.VBox(list(children), layout=W.Layout(max_width="100%", width="100%", overflow="hidden", **layout))


def html_widget(value: str = "", **layout) -> W.HTML:
    """An HTML widget that shrinks to the screen."""
    return W.HTML(value, layout=W.Layout(max_width="100%", **layout))


def button(text: str, style: str = "", tooltip: str = "", icon: str = "") -> W.Button:
    """A button sized to its text (ipywidgets' default width is too wide for phones)."""
    return W.Button(description=text, button_style=style, tooltip=tooltip or text, icon=icon,
                    layout=W.Layout(width="auto", max_width="100%", min_width="44px", height="auto"))


def labelled(widget: W.Widget, label: str) -> W.Widget:
    """Put a short label in a widget's description, shown in full (never cut)."""
    widget.description = label
    widget.style.description_width = "initial"
    widget.layout.max_width = "100%"
    return widget


def heading(text: str, level: int = 4) -> str:
    """A small heading as HTML."""
    return f"<h{level} style='{FONT};margin:8px 0 4px 0;line-height:1.3'>{esc(text)}</h{level}>"


def note(text: str, colour: str = NOTE_BLUE, raw: bool = False) -> str:
    """One line of explanation (``raw=True``: ``text`` is already HTML)."""
    body = text if raw else esc(text)
    return f"<div style='{FONT};color:{colour};margin:2px 0;line-height:1.35;overflow-wrap:anywhere'>{body}</div>"


def error_html(message: str) -> str:
    """The styled line that shows which rule a move broke (never a traceback)."""
    return (f"<div role='alert' class='sheriff-rule-error' style='{FONT};color:{ERROR_RED};"
            f"border-left:4px solid {ERROR_RED};background:#FDECEE;padding:4px 8px;margin:4px 0;line-height:1.35;"
            f"overflow-wrap:anywhere'>✘ {esc(message)}</div>")


def ok_html(message: str, raw: bool = False) -> str:
    """A styled success line."""
    body = message if raw else esc(message)
    return (f"<div style='{FONT};color:{OK_GREEN};border-left:4px solid {OK_GREEN};background:#E5F5EF;"
            f"padding:4px 8px;margin:4px 0;line-height:1.35;overflow-wrap:anywhere'>✔ {body}</div>")


def try_apply(game, action, error: W.HTML | None) -> tuple[bool, dict | None]:
    """Apply ``action`` (or the action that ``action()`` makes) to ``game``; on a broken rule, in making the action
    or in applying it, show the rule's message in ``error`` and change nothing."""
    try:
        event = game.apply(action() if callable(action) else action)
    except RuleError as broken:
        if error is not None:
            error.value = error_html(rule_message(broken))
        return False, None
    if error is not None:
        error.value = ""
    return True, event


def guarded(error: W.HTML) -> Callable[[Callable], Callable]:
    """Decorate a callback so a RuleError it raises appears in ``error`` instead of as a traceback."""
    def decorate(callback: Callable) -> Callable:
        def run(*args, **kwargs):
            try:
                return callback(*args, **kwargs)
            except RuleError as broken:
                error.value = error_html(rule_message(broken))
                return None
        return run
    return decorate


def pct(x: float) -> str:
    """A probability as a percentage with one decimal."""
    return f"{100 * float(x):.1f}%"


def table_html(header: list[str], rows: list[list[Any]], highlight: int | None = None, raw: bool = False) -> str:
    """A compact table that scrolls sideways on a phone instead of overflowing."""
    cell = "padding:3px 5px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"
    head = "".join(f"<th style='{cell};background:#f3f3f3'>{esc(h)}</th>" for h in header)
    body = []
    for index, row in enumerate(rows):
        shade = "background:#FFF4CC;font-weight:bold" if index == highlight else ""
        body.append("<tr style='" + shade + "'>" + "".join(
            f"<td style='{cell}'>{v if raw else esc(v)}</td>" for v in row) + "</tr>")
    return (f"<div style='max-width:100%;overflow-x:auto'><table style='{FONT};border-collapse:collapse;"
            f"font-size:13px;line-height:1.3'><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>")


__all__ = ["close_tree",
           "PALETTE", "TINT", "INK", "esc", "wrap_box", "column", "html_widget", "button", "labelled", "heading",
           "note", "error_html", "ok_html", "try_apply", "guarded", "pct", "table_html", "t"]


def close_tree(widget: W.Widget) -> None:
    """Close a widget and everything inside it (old cards of a picker that is dealt again), so that neither the
    kernel nor the page keeps them."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    for part in ("layout", "style"):
        trait = getattr(widget, part, None)
        if isinstance(trait, W.Widget):
            trait.close()
    widget.close()
