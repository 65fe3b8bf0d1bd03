"""Badges that tell a reader where a rule or an example comes from, when it is not simply the rulebook's.

Where the rulebooks leave a choice, the engine follows this project's rulings (rules reference, section Rulings); a
lesson that states one as a rule says so with :func:`ruling_badge`.  A worked example the lessons made up from the rules
(rather than printed in a rulebook) carries :func:`example_badge`.  Both are plain HTML, so a markdown cell can hold
them (every word is on the page, because a phone shows no tooltips); :func:`ruling` is the same as a widget.

>>> "this project's ruling; the rulebooks are silent" in ruling_badge()
True
>>> ruling("A player with none of a good is never its King or Queen.").value.startswith("A player with none")
True
"""

from __future__ import annotations

import html

import ipywidgets as W

from .base import esc, html_widget

RULING_TEXT = "this project's ruling; the rulebooks are silent"
RULING_NOTE = "see “Rulings where the rulebooks are silent” in the rules reference"
EXAMPLE_TEXT = "an example from the rules"
EXAMPLE_NOTE = "worked out from the rules for these pages; no rulebook prints this example"
_STYLE = "font-size:0.85em;font-style:italic;color:{colour}"


def _badge(kind: str, text: str, note: str, colour: str) -> str:
    """Plain italic words in brackets, all on the page (a phone shows no tooltip), not a pill that looks like a
    button."""
    return (
        f'<span class="sheriff-{kind}" style="{_STYLE.format(colour=colour)}">'
        f"({html.escape(text, quote=False)}: {html.escape(note, quote=False)})</span>"
    )


def ruling_badge() -> str:
    """The badge after a sentence that states one of the project's rulings as a rule (HTML for markdown)."""
    return _badge("ruling", RULING_TEXT, RULING_NOTE, "#8A4F00")


def example_badge() -> str:
    """The badge after a worked example that is not a rulebook's own (HTML for markdown)."""
    return _badge("example", EXAMPLE_TEXT, EXAMPLE_NOTE, "#0B5394")


def ruling(text: str) -> W.HTML:
    """``text`` (a rule as the engine plays it) followed by :func:`ruling_badge`, as a widget."""
    return html_widget(f"{esc(text)} {ruling_badge()}")


RULINGS = [
    ("01_the_goods", "so these pages remove the same 54 cards", "the 1st edition with 3 players"),
    ("05_inspection_and_bribes", "pays with **all their gold first**", "a debtor with some gold"),
    ("05_inspection_and_bribes", "| cannot pay | gold first", "a debtor with some gold"),
    ("06_scoring", "A player with none of a good is never its King or Queen.", "a player with 0 of a good"),
]
"""Where the rules lessons state one of the project's rulings as a rule: (lesson, the words just before the badge,
the question of the rules reference's rulings table it answers)."""

EXAMPLES = [
    ("05_inspection_and_bribes", "he pays 2 + 4 = **6**"),
    ("05_inspection_and_bribes", "**Worked example**"),
    ("06_scoring", "**A tie for King**"),
    ("06_scoring", "**A tie for Queen**"),
]
"""Where the rules lessons work an example that is not a rulebook's own: (lesson, the words just before the badge)."""

__all__ = ["ruling_badge", "example_badge", "ruling", "RULINGS", "EXAMPLES", "RULING_TEXT", "EXAMPLE_TEXT"]
