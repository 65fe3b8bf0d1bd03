"""Lesson 11's page (research corner), worded in the reader's language: the line that says where OpenSpiel's numbers
come from, OpenSpiel's tables next to our closed form, and the "place your bets" prompts answered by OpenSpiel's own
numbers.  The numbers are :mod:`sheriff_nb.theory.research`'s: computed here when OpenSpiel is installed, else the
stored OpenSpiel run (:func:`sheriff_nb.theory.research.stored_run`); the CFR chart is
:func:`sheriff_nb.ui.charts.cfr_chart`.

>>> from sheriff_nb.ui.widgets import bet
>>> bet("11.openspiel").answer
'yes, both'
>>> "2/7 = 0.2857" in comparison_table()._repr_html_()
True
"""

from __future__ import annotations

import html
import numbers
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction

from ...engine.card_names import english_goods
from ...theory import analysis as an
from ...theory import research
from ..i18n import N_, goods_text, t
from ..numbers import chance, decimal, fraction, number, percent
from .base import scroll_box
from .bets import register
from .explorers import MUCH_BAG

__all__ = [
    "Html",
    "openspiel_status",
    "run_note",
    "unavailable_note",
    "comparison_table",
    "natural_mapping_table",
    "all_or_nothing_table",
]

TOLERANCE = 1e-9  # OpenSpiel and nashpy compute in floats


WHAT = {
    "comparison": N_("OpenSpiel's equilibria next to ours"),
    "natural_mapping": N_("what the natural mapping does"),
    "all_or_nothing": N_("how many items OpenSpiel's smuggler loads"),
    "cfr_history": N_("CFR learning the equilibrium"),
}
"""What each research function shows, for the note that says it cannot (:func:`unavailable_note`)."""


# ------------------------------------------------------------------ the notes and tables
class Html:
    """A block of HTML for a notebook cell (a plain-text fallback for other front ends)."""

    def __init__(self, html_text: str):
        self.html = html_text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return html.unescape(re.sub(r"<[^>]+>", " ", self.html)).strip()


COLUMNS = (
    N_("bag"),
    N_("p* (ours)"),
    N_("q* (ours)"),
    N_("p (OpenSpiel, natural)"),
    N_("q (OpenSpiel, natural)"),
    N_("load 0"),
    N_("load 1"),
    N_("load 2"),
    N_("load 3"),
    N_("inspect"),
)
"""The research frames' column names (:mod:`sheriff_nb.theory.research`, English like the stored runs), marked for
the catalogues so that the page shows them in its language."""


def _cell(value) -> str:
    """A table cell's text: a float as :func:`~sheriff_nb.ui.numbers.decimal`, a whole number as it is."""
    if isinstance(value, bool | str) or not isinstance(value, numbers.Real):
        return str(value)
    return number(int(value)) if isinstance(value, numbers.Integral) else decimal(value)


def _table(frame, caption: str = "") -> Html:
    """A DataFrame as a compact table without its index, which scrolls sideways on a phone; the first column
    (a name) wraps and is left-aligned, the numbers stay on one line.  Column names are
    translated (:data:`COLUMNS`); numbers are right-aligned, with the true minus and the language's decimal sign.

    >>> import pandas as pd
    >>> "<td style='padding:4px 8px;border-bottom:1px solid #ddd;white-space:nowrap;text-align:right'>−1.3</td>" in (
    ...     _table(pd.DataFrame({"bag": ["x"], "p": [-1.3]})).html)
    True
    """
    cell = "padding:4px 8px;border-bottom:1px solid #ddd"
    first = f"{cell};text-align:left;white-space:normal;min-width:110px;max-width:190px"
    other = f"{cell};white-space:nowrap;text-align:right"
    head = "".join(
        f"<th style='{first if i == 0 else other};background:#f3f3f3'>{html.escape(t(str(c)))}</th>"
        for i, c in enumerate(frame.columns)
    )
    rows = "".join(
        "<tr>"
        + "".join(f"<td style='{first if i == 0 else other}'>{html.escape(_cell(v))}</td>" for i, v in enumerate(row))
        + "</tr>"
        for row in frame.itertuples(index=False)
    )
    note = f"<div style='font-size:12px;color:#444;margin-top:3px'>{html.escape(caption)}</div>" if caption else ""
    return Html(
        scroll_box(
            f"<table style='border-collapse:collapse;font-size:13px'><thead><tr>{head}</tr></thead>"
            f"<tbody>{rows}</tbody></table>",
            "margin:6px 0",
        )
        + note
    )


def unavailable_note(missing: research.Unavailable) -> Html:
    """A research function's :class:`~sheriff_nb.theory.research.Unavailable` as the page shows it: a friendly
    note, never a traceback.

    >>> "cannot show CFR learning the equilibrium" in unavailable_note(research.Unavailable("cfr_history")).html
    True
    """
    what = t(WHAT[missing.what])
    return Html(
        f"<div style='border-left:4px solid #E69F00;background:#FFF6E5;padding:6px 10px;margin:4px 0'>"
        f"<b>{html.escape(t('OpenSpiel is not installed here'))}</b> — "
        f"{html.escape(t('so this cell cannot show {what}.', what=what))} "
        f"{html.escape(t('To run it, install the research extra:'))} <code>{research.INSTALL}</code></div>"
    )


def run_note() -> str:
    """Where the research numbers on this machine come from, in one sentence.

    >>> run_note().startswith(("computed here by OpenSpiel", "a stored run of OpenSpiel"))
    True
    """
    if research.available():
        return t("computed here by OpenSpiel {version}", version=research.openspiel_version())
    run = research.stored_run()
    return t(
        "a stored run of OpenSpiel {version} made on {date}, as OpenSpiel is not installed here",
        version=run["openspiel"],
        date=run["date"],
    )


def openspiel_status() -> Html:
    """One line: which OpenSpiel is installed and runs the cells below, or which stored run they show."""
    if research.available():
        text = t(
            "OpenSpiel {version} is installed: the cells below run its solvers.", version=research.openspiel_version()
        )
        return Html(
            f"<div style='border-left:4px solid #009E73;background:#E5F5EF;padding:6px 10px;margin:4px 0'>"
            f"{html.escape(text)}</div>"
        )
    run = research.stored_run()
    text = t(
        "OpenSpiel is not installed here, so the tables and the chart below show a stored run: OpenSpiel "
        "{version} (with nashpy {nashpy}), run on {date}. To run it yourself, install the research extra:",
        version=run["openspiel"],
        nashpy=run["nashpy"],
        date=run["date"],
    )
    return Html(
        f"<div style='border-left:4px solid #E69F00;background:#FFF6E5;padding:6px 10px;margin:4px 0'>"
        f"{html.escape(text)} <code>{research.INSTALL}</code></div>"
    )


def _fraction_and_float(x) -> str:
    return f"{x} = {number(x, 4)}" if Fraction(x).denominator != 1 else f"{x}"


def _source() -> str:
    return t("Numbers: {note}.", note=run_note())


def comparison_table(bags: Iterable[tuple[Mapping[str, int], str]] = research.BAGS) -> Html:
    """:func:`~sheriff_nb.theory.research.comparison` as a table to read: ours exactly (and to 4 places) next to
    OpenSpiel's numbers."""
    bags = list(bags)
    frame = research.comparison(bags)
    if isinstance(frame, research.Unavailable):
        return unavailable_note(frame)
    import pandas as pd

    params = [
        f"{v:g} / {p:g} / {k:g}"
        for v, p, k in zip(frame.item_value, frame.item_penalty, frame.sheriff_penalty, strict=True)
    ]
    shown = pd.DataFrame(
        {
            t("bag"): [goods_text(Counter(bag)) for bag, _ in bags],  # one row per bag, in order
            t("p* (ours)"): frame["p* (ours)"].map(lambda x: _fraction_and_float(Fraction(x))),
            t("p (OpenSpiel)"): frame["p (OpenSpiel)"].map(lambda v: number(v, 4)),
            t("q* (ours)"): frame["q* (ours)"].map(lambda x: _fraction_and_float(Fraction(x))),
            t("q (OpenSpiel)"): frame["q (OpenSpiel)"].map(lambda v: number(v, 4)),
            t("NashConv of ours"): frame["NashConv of ours"].map("{:.1g}".format),
            t("OpenSpiel parameters"): params,
        }
    )
    return _table(
        shown,
        t(
            "OpenSpiel parameters: item_value / item_penalty / sheriff_penalty. OpenSpiel p, q: "
            "the only equilibrium of OpenSpiel's own matrix of its game tree, found by nashpy's "
            "support enumeration. NashConv: what both players together could gain by deviating "
            "from our p* and q* in OpenSpiel's game."
        )
        + " "
        + _source(),
    )


def natural_mapping_table() -> Html:
    """:func:`~sheriff_nb.theory.research.natural_mapping` (of the first of :data:`~sheriff_nb.theory.research.BAGS`)
    as a table to read."""
    frame = research.natural_mapping()
    if isinstance(frame, research.Unavailable):
        return unavailable_note(frame)
    frame = frame.round(4)
    frame["bag"] = goods_text(Counter(research.BAGS[0][0]))
    return _table(frame, _source())


def all_or_nothing_table() -> Html:
    """:func:`~sheriff_nb.theory.research.all_or_nothing` as a table to read (one row per equilibrium)."""
    frame = research.all_or_nothing()
    if isinstance(frame, research.Unavailable):
        return unavailable_note(frame)
    return _table(
        frame.round(4),
        t(
            "Probability of each load in every equilibrium nashpy finds in OpenSpiel's "
            "matrix, and the sheriff's inspection probability."
        )
        + " "
        + _source(),
    )


# ------------------------------------------------------------------ the prompts
def _much_row() -> dict:
    frame = research.comparison()
    return frame[frame["bag"] == english_goods(MUCH_BAG)].iloc[0].to_dict()  # the data names bags in English


@register("11.openspiel")
def _bet_openspiel():
    options = [t("yes, both"), t("only p*"), t("only q*"), t("neither")]
    e = an.inspection_game(MUCH_BAG, "apples").equilibrium()
    row = _much_row()
    same_p = abs(row["p (OpenSpiel)"] - float(e.p_inspect)) < TOLERANCE
    same_q = abs(row["q (OpenSpiel)"] - float(e.q_lie)) < TOLERANCE
    answer = options[0 if same_p and same_q else 1 if same_p else 2 if same_q else 3]
    return (
        t(
            "OpenSpiel builds its own game tree from the three numbers above, and nashpy solves OpenSpiel's matrix "
            "of that tree; neither uses our p* and q* formulas. Will they find our p* and q* for Much's bag?"
        ),
        options,
        answer,
        t(
            "OpenSpiel: inspect {p:.4f}, load {q:.4f}; ours: {ps}, {qs} ({source}).",
            p=row["p (OpenSpiel)"],
            q=row["q (OpenSpiel)"],
            ps=chance(e.p_inspect),
            qs=chance(e.q_lie),
            source=run_note(),
        ),
    )


@register("11.all_or_nothing")
def _bet_all_or_nothing():
    options = [t("0 or 3, never 1 or 2"), t("always 1"), t("any number, equally often"), t("always 3")]
    table = research.all_or_nothing()
    extremes = bool(((table["load 1"].abs() < TOLERANCE) & (table["load 2"].abs() < TOLERANCE)).all())
    return (
        t("OpenSpiel's smuggler may load 0, 1, 2 or 3 items. In equilibrium he loads…"),
        options,
        options[0] if extremes else options[2],
        t(
            "Every equilibrium nashpy finds in OpenSpiel's matrix loads 0 or 3: the edge over honesty is linear in "
            "the number of items."
        ),
    )


@register("11.natural")
def _bet_natural():
    x = research.parts(MUCH_BAG, "apples")
    e = an.inspection_game(MUCH_BAG, "apples").equilibrium()
    row = research.natural_mapping().iloc[0]
    options = [t("the sheriff's p*"), t("the smuggler's loading rate"), t("both"), t("neither")]
    moved_p = abs(row["p (OpenSpiel, natural)"] - float(e.p_inspect)) > TOLERANCE
    moved_q = abs(row["q (OpenSpiel, natural)"] - float(e.q_lie)) > TOLERANCE
    answer = options[2 if moved_p and moved_q else 0 if moved_p else 1 if moved_q else 3]
    natural = x["K"] / (x["K"] + x["L"])  # the sheriff's indifference when a catch pays him L instead of R
    return (
        t(
            "Suppose we tell OpenSpiel that a caught smuggler pays the sheriff everything the merchant loses "
            "(L = {l} instead of the fine R = {r}). What changes?",
            l=fraction(x["L"]),
            r=fraction(x["R"]),
        ),
        options,
        answer,
        t(
            "p* stays {p} (it depends only on the smuggler's payoffs); the loading rate becomes K/(K+L) = "
            "{k}/({k}+{l}) = {q} instead of q* = {qs}.",
            p=chance(e.p_inspect),
            k=fraction(x["K"]),
            l=fraction(x["L"]),
            q=chance(natural),
            qs=chance(e.q_lie),
        ),
    )


@register("11.cfr")
def _bet_cfr():
    options = [t("yes, close to p* and q*"), t("no, it keeps cycling"), t("no, it settles on always or never")]
    last = research.cfr_history().iloc[-1]
    close = abs(last.p - last.p_star) < 0.01 and abs(last.q - last.q_star) < 0.01
    return (
        t(
            "CFR plays the game against itself a thousand times and knows no formula. Does its average strategy "
            "find p* and q*?"
        ),
        options,
        options[0] if close else options[1],
        t(
            "After {n} iterations: inspect {p}, load {q} (p* = {ps}, q* = {qs}).",
            n=int(last.iteration),
            p=percent(last.p, 2),
            q=percent(last.q, 2),
            ps=percent(last.p_star, 2),
            qs=percent(last.q_star, 2),
        ),
    )
