"""The lesson cast shown as lists: who plays in the lessons (:func:`cast_table`, lesson 00) and the seat characters
of lessons 09-10 (:func:`characters_table`); the characters themselves are :mod:`sheriff_nb.play.lesson_cast`'s.

>>> "Little John" in cast_table().value, "Alan-a-Dale" in characters_table().value
(True, True)
"""

from __future__ import annotations

import ipywidgets as W

from ...play import bots
from ...play.lesson_cast import CAST, SHERIFF_ASK
from ..charts.results import seat_title
from ..i18n import pt, t
from .base import esc, heading, html_widget

__all__ = ["ITEM", "cast_table", "characters_table"]

ITEM = "<li style='margin:3px 0;line-height:1.4'>"
"""A list item of the cast's lists (and lesson 10's): a readable line height inside an HTML widget."""


def _like(half: str) -> str:
    """ " (like Alan-a-Dale in the other lessons)" for the seat habit a cast member plays, else ""."""
    names = ", ".join(pt("cast", m.name) for m in CAST if m.half == half)
    return f" <i>({esc(t('like {name} in the other lessons', name=names))})</i>" if names else ""


def cast_table() -> W.HTML:
    """The cast with its habits, as a list that fits a phone (lesson 00), and which seat character of lessons
    09-10 plays each habit."""
    items = []
    for m in CAST:
        seat = bots.MERCHANTS.get(m.half) or bots.SHERIFFS.get(m.half)
        also = f" <i>({esc(t('in lessons 09–10: the {title}', title=t(seat.title)))})</i>" if seat else ""
        items.append(
            f"{ITEM}<b>{esc(pt('cast', m.name))}</b>, {esc(t(m.part))}: {esc(t(m.habit, ask=SHERIFF_ASK))}{also}</li>"
        )
    return html_widget(f"<ul style='padding-left:20px;margin:2px 0;max-width:100%'>{''.join(items)}</ul>")


def characters_table() -> W.HTML:
    """The seat characters of lessons 09-10: each merchant and sheriff habit in one line, the model it assumes if
    it plays lesson 08's game theory, and the cast member of the earlier lessons with the same habit; a seat
    plays one of each, named by both halves."""
    parts = []
    for table, title in ((bots.MERCHANTS, t("As a merchant")), (bots.SHERIFFS, t("As the sheriff"))):
        items = "".join(
            f"{ITEM}<b>{esc(t(c.title))}</b>: {esc(t(c.personality))}{_like(key)}"
            + (f"<br><span style='color:#555'>{esc(t('Model'))}: {esc(t(c.model))}</span>" if c.model else "")
            + "</li>"
            for key, c in table.items()
        )
        parts.append(heading(title, 5) + f"<ul style='padding-left:20px;margin:2px 0'>{items}</ul>")
    pairs = ", ".join(f"<i>{esc(seat_title(k))}</i>" for k in bots.MERCHANTS)
    words = t(
        "A seat plays one of each and is named by both halves. Unless you choose another sheriff, each "
        "merchant plays its own:"
    )
    parts.append(f"<p style='margin:4px 0;line-height:1.4'>{esc(words)} {pairs}.</p>")
    return html_widget("".join(parts))
