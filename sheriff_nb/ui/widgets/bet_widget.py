"""The "place your bets" widget: a question, its options and a Reveal button that compares the guess with the
answer computed by the caller, explains it, and only then shows what would have given it away (``reveals``).

Every lesson's bets are built from it by :func:`sheriff_nb.ui.widgets.bets.bet`; :func:`prediction` makes one by hand.

>>> bet = prediction("2 + 2?", ["3", "4"], "4", "Count them.")
>>> bet.reveal_button.click(); bet.correct is None and "No bet placed" in bet.result.value
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets as W

from ..display import show
from ..i18n import t
from .base import button, error_html, esc, html_widget, live, note, ok_html, wrap_box

__all__ = ["BET_CLASS", "Prediction", "prediction"]

BET_CLASS = "sheriff-bet"
"""The CSS class of every bet (a page test finds a bet's choices, its Reveal and its answer inside it)."""


class Prediction(W.VBox):
    """ "Place your bets": a question, radio buttons and a reveal button that compares the guess with ``answer``
    (one of ``options``, computed by the caller) and then explains.

    Whatever would give the answer away (the chart, explorer or table that follows the bet) goes in ``reveals``:
    widgets, or anything displayable (shown through an ``Output``), kept hidden until Reveal.  A worked example is
    prose: it goes in the Markdown cells after the bet's cell, tagged ``held-until-reveal``, which the lessons' Voilà
    template (``sheriff_nb/app/voila_template/``) hides until this widget gets the class ``sheriff-answered``.

    >>> bet = Prediction("2 + 2?", ["3", "4"], "4", "Count them.", reveals=[W.HTML("2 + 2 = 4")])
    >>> bet.answer_area.layout.display
    'none'
    >>> bet.choice.value = "3"; bet.reveal_button.click()
    >>> "Not quite" in bet.result.value and "4" in bet.result.value, bet.correct, bet.answer_area.layout.display
    (True, False, 'flex')

    A guess changed after Reveal is judged again: a browser may send a choice after the Reveal's click (ipywidgets
    holds a control's next change while the kernel is busy with its last one), and the verdict must be the last
    choice's, never blank.

    >>> bet.choice.value = "4"; "Right!" in bet.result.value, bet.correct
    (True, True)
    """

    def __init__(
        self, question: str, options: Iterable[str], answer: str, explanation: str = "", reveals: Iterable[Any] = ()
    ):
        super().__init__(
            layout=W.Layout(max_width="100%", border="1px solid #E69F00", padding="6px 12px", margin="8px 0")
        )
        self.add_class(BET_CLASS)
        self.answer, self.explanation, self.correct, self.revealed = answer, explanation, None, False
        options = list(options)
        if answer not in options:
            raise ValueError(f"the answer {answer!r} is not one of the options {options}")
        self.choice = W.RadioButtons(options=options, value=None, layout=W.Layout(width="auto", max_width="100%"))
        self.reveal_button = button(t("Reveal"), "warning", icon="eye")
        self.reveal_button.add_class("sheriff-reveal")
        self.reveal_button.on_click(lambda _b: self.reveal())
        self.result = live(html_widget())
        self.choice.observe(lambda _c: self.revealed and self.reveal(), names="value")
        self.answer_area = W.VBox(
            [_as_widget(item) for item in reveals], layout=W.Layout(display="none", max_width="100%")
        )
        self.children = [
            html_widget(
                note(
                    f"<b style='color:#8A4F00'>{esc(t('Place your bets'))}:</b> {esc(question)}",
                    colour="#222",
                    raw=True,
                )
            ),
            self.choice,
            wrap_box([self.reveal_button]),
            self.result,
            self.answer_area,
        ]

    def reveal(self) -> bool | None:
        """Show whether the guess was right, the answer, the explanation and what ``reveals`` held back; returns
        True/False (None: no guess).  The widget then has the class ``sheriff-answered`` (a page test waits for it)."""
        self.revealed = True
        self.answer_area.layout.display = "flex"
        self.add_class("sheriff-answered")
        why = f" {esc(self.explanation)}" if self.explanation else ""
        if self.choice.value is None:
            self.correct = None
            self.result.value = note(
                f"{esc(t('No bet placed. The answer:'))} <b>{esc(self.answer)}</b>.{why}", colour="#333", raw=True
            )
        elif self.choice.value == self.answer:
            self.correct = True
            self.result.value = ok_html(f"{esc(t('Right!'))} <b>{esc(self.answer)}</b>.{why}", raw=True)
        else:
            self.correct = False
            self.result.value = error_html(
                t(
                    "Not quite: you said “{guess}”; the answer is “{answer}”.",
                    guess=self.choice.value,
                    answer=self.answer,
                )
            ) + (note(self.explanation, colour="#333") if self.explanation else "")
        return self.correct


def prediction(
    question: str, options: Iterable[str], answer: str, explanation: str = "", reveals: Iterable[Any] = ()
) -> Prediction:
    """``prediction(question, options, answer, explanation, reveals=[...])``: a "place your bets" widget that keeps
    ``reveals`` hidden until Reveal (see :class:`Prediction`); ready-made ones with computed answers:
    :func:`sheriff_nb.ui.widgets.bets.bet`."""
    return Prediction(question, options, answer, explanation, reveals)


def _as_widget(item: Any) -> W.Widget:
    """``item`` itself if it is a widget, else an ``Output`` showing it (a chart, HTML, a DataFrame)."""
    if isinstance(item, W.Widget):
        return item
    out = W.Output(layout=W.Layout(max_width="100%"))
    show(out, item)
    return out
