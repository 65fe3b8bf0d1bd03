"""Shared pieces of every widget: phone-friendly layouts, the
rule-error line and a helper that applies an action and reports a broken rule instead of a traceback.

Every widget is also safe from its browser (a crafted message changes only what a reader may change, and no
failure reaches the page): :mod:`sheriff_nb.ui.widgets.hardening`, installed when this module is imported.
:func:`guarded` wraps a callback so that any error shows a short message in the dashboard (a broken rule shows the
rule).

>>> "✘ a bag holds 1 to 5 cards" in error_html("a bag holds 1 to 5 cards")
True
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from ...engine.errors import RuleError
from ..i18n import N_, rule_message, t
from ..palette import ACCENT, ERROR_RED, INK, INK_TEXT, MUTED, OK_GREEN, PALETTE, TINT
from .hardening import server_log

FONT = "font-family:system-ui,-apple-system,Segoe UI,Roboto,DejaVu Sans,sans-serif"
TEXT_WIDTH = "40em"
"""The widest a line of explanation gets (about 75 characters)."""


def esc(text: Any) -> str:
    """HTML-escape any value."""
    return html.escape(str(text))


LIVE_CLASS = "sheriff-live"
"""The class of an HTML widget whose new text a screen reader reads out (a polite live region: the lesson page's
script, :data:`sheriff_nb.ui.widgets.page.SCRIPT`, gives it ``role="status"`` and ``aria-live="polite"``)."""


def live(widget: W.DOMWidget) -> W.DOMWidget:
    """Mark ``widget`` as a live region (:data:`LIVE_CLASS`): a result shown after a click is read out.

    >>> live(html_widget())._dom_classes
    ('sheriff-live',)
    """
    widget.add_class(LIVE_CLASS)
    return widget


def wrap_box(children=(), gap: str = "6px", **layout) -> W.Box:
    """A row that wraps onto new lines on narrow screens (phones)."""
    layout = {"align_items": "flex-end", **layout}
    return W.Box(
        list(children), layout=W.Layout(display="flex", flex_flow="row wrap", max_width="100%", grid_gap=gap, **layout)
    )


def column(children=(), **layout) -> W.VBox:
    """A full-width column that never overflows a phone screen."""
    return W.VBox(list(children), layout=W.Layout(max_width="100%", width="100%", overflow="hidden", **layout))


def html_widget(value: str = "", **layout) -> W.HTML:
    """An HTML widget that shrinks to the screen."""
    return W.HTML(value, layout=W.Layout(max_width="100%", **layout))


def button(text: str, style: str = "", tooltip: str = "", icon: str = "") -> W.Button:
    """A button sized to its text, never stretched to the width of its column.  Any ``style`` (ipywidgets'
    ``"primary"``, ``"success"``, …) makes it an action in the one :data:`ACCENT` colour; ``""`` a secondary one.

    >>> button("Inspect", "danger").style.button_color == ACCENT, button("Undo").style.button_color
    (True, None)
    """
    widget = W.Button(
        description=text,
        tooltip=tooltip or text,
        icon=icon,
        layout=W.Layout(width="auto", max_width="100%", min_width="44px", height="auto", align_self="flex-start"),
    )
    if style:
        widget.style.button_color, widget.style.text_color = ACCENT, "white"
        widget.add_class("sheriff-action")
    return widget


def destructive_button(text: str, icon: str = "trash") -> W.Button:
    """A secondary :func:`button` for an action that destroys something (deleting a class session): red text and
    outline, never the filled accent of the page's actions, so it does not pass for one of them.

    >>> b = destructive_button("Delete")
    >>> b.style.button_color, b.style.text_color == ERROR_RED, ERROR_RED in b.layout.border
    (None, True, True)
    """
    widget = button(text, icon=icon)
    widget.style.text_color, widget.style.button_color = ERROR_RED, None
    widget.layout.border = f"1px solid {ERROR_RED}"
    widget.add_class("sheriff-destructive")
    return widget


def labelled(widget: W.Widget, label: str) -> W.Widget:
    """Put a short label in a widget's description, shown in full (never cut); the widget keeps its natural width
    (a menu is as wide as its longest entry, not as its column)."""
    widget.description = label
    widget.style.description_width = "initial"
    widget.layout.max_width = "100%"
    widget.layout.align_self = widget.layout.align_self or "flex-start"
    return widget


def choice_slider(options, value, label: str, width: str = "360px") -> W.SelectionSlider:
    """A named slider over ``options`` (``(shown text, value)`` pairs) that reports only where it is let go, not every
    step of a drag (each step redraws a chart).

    >>> slider = choice_slider([("0%", 0), ("50%", 0.5)], 0.5, "belief")
    >>> slider.description, slider.value, slider.continuous_update
    ('belief', 0.5, False)
    """
    slider = W.SelectionSlider(
        options=options, value=value, continuous_update=False, layout=W.Layout(width=width, max_width="100%")
    )
    return labelled(slider, label)


def edition_toggle(edition: int = 2) -> W.ToggleButtons:
    """The choice between the rulebook editions, ``1`` or ``2`` (the Market, the play and the tournament pages)."""
    return W.ToggleButtons(
        options=[(t("1st edition (2014)"), 1), (t("2nd edition (2020)"), 2)],
        value=edition,
        style={"button_width": "auto"},
        layout=W.Layout(max_width="100%"),
    )


SCROLL_CLASS = "sheriff-scroll"
"""The CSS class of a :func:`scroll_box`: on a page whose table is wider than its box, the page style
(:mod:`sheriff_nb.ui.widgets.page`) fades its right edge and shows a "scroll →" hint above it."""

LONG_MENU_CLASS = "sheriff-long-menu"
"""The CSS class of a labelled menu whose entries are long (a seat's character): on a phone the page style puts
its label above it, so the menu has the whole width and its entries are not cut."""

FORM_CLASS = "sheriff-form"
"""The CSS class of a :func:`form_grid`: two columns on a laptop, one on a phone (see
:mod:`sheriff_nb.ui.widgets.page`)."""


def form_grid(rows, label_width: str = "max-content") -> W.GridBox:
    """Labelled controls in a grid: the labels in one column, each control (or row of controls) at its natural
    width in the next, so that every control starts at the same place; on a phone the label goes above its control.
    ``rows`` holds ``(label, control)`` pairs; a label is a string or an ``HTML`` widget (to change it later), a
    control a widget or a list of widgets (one row).  A control without a description of its own takes the label's
    text as its tooltip, which is its name for a screen reader (the label beside it is another widget).

    >>> grid = form_grid([("Gold", W.IntText()), ("Cards from your bag", [W.IntText(), W.Dropdown()])])
    >>> len(grid.children), grid.layout.grid_template_columns
    (4, 'max-content minmax(0, max-content)')
    >>> grid.children[1].tooltip, grid.children[3].children[1].tooltip
    ('Gold', 'Cards from your bag')
    """
    children = []
    for label, control in rows:
        name = html.unescape(re.sub(r"<[^>]*>", "", label.value if isinstance(label, W.Widget) else label)).strip()
        for widget in control if isinstance(control, list) else [control]:
            if (
                isinstance(widget, W.ValueWidget)
                and not isinstance(widget, W.HTML | W.Label)
                and not widget.description
            ):
                widget.tooltip = name
        children.append(label if isinstance(label, W.Widget) else form_label(label))
        children.append(control if isinstance(control, W.Widget) else wrap_box(control, align_items="center"))
    grid = W.GridBox(
        children,
        layout=W.Layout(
            grid_template_columns=f"{label_width} minmax(0, max-content)",
            grid_gap="4px 12px",
            align_items="center",
            justify_items="flex-start",
            max_width="100%",
        ),
    )
    grid.add_class(FORM_CLASS)
    return grid


def form_label(text: str = "") -> W.HTML:
    """A label of a :func:`form_grid` row (HTML-escaped)."""
    return W.HTML(f"<span style='{FONT};font-size:13px'>{esc(text)}</span>", layout=W.Layout(max_width="100%"))


def number_grid(boxes: list[W.Widget], number: float = 4.5) -> W.GridBox:
    """Labelled number boxes in aligned columns, as many as fit the screen (one on a phone): every label as wide
    as the longest (never cut: "Pumpernickel Bread" whole), every box ``number`` em wide.

    >>> grid = number_grid([W.IntText(description="Apples"), W.IntText(description="Pumpernickel Bread")])
    >>> grid.children[0].style.description_width, grid.children[1].layout.width
    ('11.3em', '15.8em')
    """
    align_labels(*boxes)
    width = f"{float(boxes[0].style.description_width.removesuffix('em')) + number:.1f}em"
    for box in boxes:
        box.layout.width = width
    return W.GridBox(
        boxes,
        layout=W.Layout(
            grid_template_columns=f"repeat(auto-fill, minmax({width}, max-content))",
            grid_gap="2px 16px",
            max_width="100%",
        ),
    )


def align_labels(*widgets: W.Widget) -> None:
    """Give stacked labelled controls one label width, so that the controls start in one column (a grid, not a
    ragged edge); the width fits the longest label, which is never cut.

    >>> a, b = labelled(W.Dropdown(), "Your seat"), labelled(W.Dropdown(), "Seat 2")
    >>> align_labels(a, b); a.style.description_width == b.style.description_width == "5.9em"
    True
    """
    longest = max(len(w.description) for w in widgets)
    for widget in widgets:
        widget.style.description_width = f"{0.6 * longest + 0.5:.1f}em"


def heading(text: str, level: int = 4) -> str:
    """A small heading as HTML."""
    return f"<h{level} style='{FONT};margin:8px 0 4px 0;line-height:1.3'>{esc(text)}</h{level}>"


def scroll_box(inner: str, style: str = "") -> str:
    """``inner`` (a table) in a box as wide as its column that scrolls sideways, and says so, when the table is
    wider (``style``: more CSS for the box).  The box takes the keyboard focus, so a keyboard can scroll it too.

    >>> scroll_box("<table></table>", "margin:6px 0")
    "<div class='sheriff-scroll' tabindex='0' style='max-width:100%;overflow-x:auto;margin:6px 0'><table></table></div>"
    """
    extra = f";{style}" if style else ""
    return f"<div class='{SCROLL_CLASS}' tabindex='0' style='max-width:100%;overflow-x:auto{extra}'>{inner}</div>"


def note(text: str, colour: str = INK_TEXT, raw: bool = False) -> str:
    """One line of explanation, at most :data:`TEXT_WIDTH` wide (``raw=True``: ``text`` is already HTML)."""
    body = text if raw else esc(text)
    return (
        f"<div style='{FONT};color:{colour};margin:2px 0;line-height:1.4;max-width:{TEXT_WIDTH};"
        f"overflow-wrap:anywhere'>{body}</div>"
    )


def error_html(message: str) -> str:
    """The styled line that shows which rule a move broke (never a traceback)."""
    return (
        f"<div role='alert' class='sheriff-rule-error' style='{FONT};color:{ERROR_RED};"
        f"border-left:4px solid {ERROR_RED};background:#FDECEE;padding:4px 8px;margin:4px 0;line-height:1.35;"
        f"overflow-wrap:anywhere'>✘ {esc(message)}</div>"
    )


def ok_html(message: str, raw: bool = False) -> str:
    """A styled success line."""
    body = message if raw else esc(message)
    return (
        f"<div style='{FONT};color:{OK_GREEN};border-left:4px solid {OK_GREEN};background:#E5F5EF;"
        f"padding:4px 8px;margin:4px 0;line-height:1.35;overflow-wrap:anywhere'>✔ {body}</div>"
    )


class Confirm(W.VBox):
    """A question asked before a large move goes through (offering half your gold, say): :meth:`ask` shows it with
    "Yes, …" and "Change it"; Yes runs the move, "Change it" or any change to the move (:meth:`cancel`) hides it.

    >>> done = []
    >>> box = Confirm(); box.ask("Offer 30 of your 50 gold?", "Yes, offer 30 gold", lambda: done.append(30))
    >>> box.layout.display, box.yes.description
    (None, 'Yes, offer 30 gold')
    >>> box.answer(); done, box.layout.display
    ([30], 'none')
    """

    def __init__(self) -> None:
        super().__init__(
            layout=W.Layout(
                display="none", max_width="100%", border=f"2px solid {ACCENT}", padding="4px 10px", margin="6px 0"
            )
        )
        self.add_class("sheriff-confirm")
        self.text = html_widget()
        self.yes = button("", "primary", icon="check")
        self.yes.add_class("sheriff-confirm-yes")
        self.no = button(t("Change it"), icon="pencil")
        self.no.add_class("sheriff-confirm-no")
        self.no.on_click(lambda _b: self.cancel())
        self.move: Callable[[], Any] | None = None
        self.children = [self.text, wrap_box([self.yes, self.no])]

    def ask(self, question: str, yes: str, move: Callable[[], Any]) -> None:
        """Show ``question``; the Yes button says ``yes`` and :meth:`answer` will run ``move``."""
        self.text.value = note(question)
        self.yes.description = self.yes.tooltip = yes
        self.move = move
        self.layout.display = None

    def answer(self) -> Any:
        """Yes: hide the question and run the move (what the Yes button's callback calls)."""
        move = self.move
        self.cancel()
        return move() if move else None

    def cancel(self) -> None:
        """Forget the question (the move changed, or the reader said "Change it")."""
        self.move = None
        self.layout.display = "none"


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


FAILED = N_("That did not work; the error was written to the server's log.")


def report_failure(error: W.HTML | None, failure: Exception, where: str) -> None:
    """Show ``failure`` in ``error`` the reader's way: a broken rule's own words, anything else a short message
    while its traceback goes to :func:`server_log`."""
    if isinstance(failure, RuleError):
        message = rule_message(failure)
    else:
        message = t(FAILED)
        server_log().error("sheriff_nb: %s failed", where, exc_info=failure)
    if error is not None:
        error.value = error_html(message)


def guarded(error: W.HTML) -> Callable[[Callable], Callable]:
    """Decorate a callback so that any exception it raises appears in ``error`` as a short message (a broken rule:
    the rule's words; anything else: :data:`FAILED`, the traceback going to :func:`server_log`), never as a
    traceback on the page.

    >>> error = W.HTML()
    >>> guarded(error)(lambda: 1 / 0)()
    >>> "the error was written to the server" in error.value
    True
    """

    def decorate(callback: Callable) -> Callable:
        @functools.wraps(callback)
        def run(*args, **kwargs):
            try:
                return callback(*args, **kwargs)
            except Exception as failure:  # noqa: BLE001 - shown and logged, see report_failure
                report_failure(error, failure, getattr(callback, "__qualname__", repr(callback)))
                return None

        return run

    return decorate


def screen_text(widget: W.Widget) -> str:
    """Everything a widget tree shows: HTML values, labels, descriptions, tooltips and menu entries (for tests:
    what is on the reader's screen)."""
    parts: list[str] = []
    if getattr(widget, "layout", None) is not None and widget.layout.display == "none":
        return ""
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            parts.append(value)
    parts += [str(label) for label in getattr(widget, "_options_labels", ())]
    for child in getattr(widget, "children", ()):
        parts.append(screen_text(child))
    return "\n".join(p for p in parts if p)


_NUMBER_CELL = re.compile(r"[+−]?\d[\d.,/ \u00a0≈±%−]*|—")
"""A table cell that holds a number (``16``, ``−4``, ``72/7 ≈ 10.29``, ``36% ± 1``) or none (``—``)."""


def table_html(header: list[str], rows: list[list[Any]], highlight: int | None = None, raw: bool = False) -> str:
    """A compact table that scrolls sideways on a phone instead of overflowing; a column of numbers is
    right-aligned, header included, so its digits line up.

    >>> html_text = table_html(["round", "who"], [[1, "Ann"], [12, "Bob"]])
    >>> html_text.count("text-align:right"), html_text.count("text-align:left")
    (3, 3)
    """
    cell = "padding:3px 5px;border-bottom:1px solid #ddd;vertical-align:top"
    width = max([len(header), *map(len, rows)])
    numeric = [
        not raw and bool(rows) and all(i < len(row) and _NUMBER_CELL.fullmatch(str(row[i])) for row in rows)
        for i in range(width)
    ]
    align = [f"{cell};text-align:{'right' if right else 'left'}" for right in numeric]
    head = "".join(f"<th style='{align[i]};background:#f3f3f3'>{esc(h)}</th>" for i, h in enumerate(header))
    body = []
    for index, row in enumerate(rows):
        shade = "background:#FFF4CC;font-weight:bold" if index == highlight else ""
        body.append(
            "<tr style='"
            + shade
            + "'>"
            + "".join(f"<td style='{align[i]}'>{v if raw else esc(v)}</td>" for i, v in enumerate(row))
            + "</tr>"
        )
    return scroll_box(
        f"<table style='{FONT};border-collapse:collapse;font-size:13px;line-height:1.3'>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


__all__ = [
    "close_tree",
    "edition_toggle",
    "ACCENT",
    "INK_TEXT",
    "MUTED",
    "TEXT_WIDTH",
    "align_labels",
    "form_grid",
    "form_label",
    "FORM_CLASS",
    "SCROLL_CLASS",
    "LONG_MENU_CLASS",
    "scroll_box",
    "destructive_button",
    "screen_text",
    "Confirm",
    "number_grid",
    "PALETTE",
    "TINT",
    "INK",
    "esc",
    "wrap_box",
    "column",
    "html_widget",
    "button",
    "labelled",
    "heading",
    "note",
    "error_html",
    "ok_html",
    "try_apply",
    "guarded",
    "report_failure",
    "table_html",
    "t",
]


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
