"""The classroom round of lesson 08: students play paper rounds of one bag (honest or lie, open or pass), type
the tally of the four outcomes, and see their rates next to the equilibrium's p* and q* and the noise that chance
alone makes.

>>> room = classroom()
>>> room.boxes[("lie", "pass")].value = 4
>>> "lied in 4 of 4" in room.readout.value
True
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import ipywidgets as W

from ...engine.cards import card_id, cards
from ...theory import analysis as an
from ..i18n import t
from ..numbers import chance, money, percent
from .base import esc, html_widget, note, table_html
from .explorers import MUCH_BAG

__all__ = ["Classroom", "classroom"]


class Classroom(W.VBox):
    """Students play paper rounds of one bag (merchant: honest or lie; sheriff: open or pass) and type the tally of
    the four outcomes; the widget compares their rates with p* and q* and with the noise that chance alone makes.

    >>> room = Classroom()
    >>> room.boxes[("lie", "inspect")].value = 3; room.boxes[("lie", "pass")].value = 7
    >>> room.boxes[("honest", "inspect")].value = 2; room.boxes[("honest", "pass")].value = 8
    >>> "5/20 (25%)" in room.readout.value and "lied in 10 of 20" in room.readout.value
    True
    """

    def __init__(self, bag: Mapping[str, int] | None = None, declared: str = "apples"):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.bag, self.declared = cards(bag or MUCH_BAG), card_id(declared)
        self.game = an.inspection_game(self.bag, self.declared)
        self.boxes: dict[tuple[str, str], W.BoundedIntText] = {}
        cells: list[W.Widget] = [html_widget("")] + [html_widget(f"<b>{esc(t(c))}</b>") for c in ("opened", "passed")]
        for row, row_label in (("honest", t("honest bag")), ("lie", t("lying bag"))):
            cells.append(html_widget(f"<b>{esc(row_label)}</b>"))
            for col, col_label in (("inspect", t("opened")), ("pass", t("passed"))):
                box = W.BoundedIntText(
                    value=0, min=0, max=999, tooltip=f"{row_label} · {col_label}", layout=W.Layout(width="90px")
                )
                box.observe(self.update, names="value")
                self.boxes[(row, col)] = box
                cells.append(box)
        grid = W.GridBox(
            cells,
            layout=W.Layout(
                grid_template_columns="110px 100px 100px", grid_gap="4px", align_items="center", max_width="100%"
            ),
        )
        self.readout = html_widget()
        self.children = [
            html_widget(note(t("Type how many rounds ended each way:"), colour="#333")),
            grid,
            self.readout,
        ]
        self.update()

    def update(self, _change=None) -> None:
        """Compare the tally with the equilibrium."""
        n = {k: box.value for k, box in self.boxes.items()}
        total = sum(n.values())
        if not total:
            self.readout.value = note(t("No rounds yet: play a few, then type the results."), colour="#666")
            return
        e = self.game.equilibrium()
        lies = n[("lie", "inspect")] + n[("lie", "pass")]
        opened = n[("honest", "inspect")] + n[("lie", "inspect")]
        rows = []
        for what, count, target in ((t("merchants lied"), lies, e.q_lie), (t("sheriffs opened"), opened, e.p_inspect)):
            rate = Fraction(count, total)
            spread = 2 * (float(target) * (1 - float(target)) / total) ** 0.5
            close = abs(float(rate) - float(target)) <= spread
            rows.append(
                [
                    what,
                    f"{count}/{total} ({percent(rate)})",
                    chance(target),
                    f"± {percent(spread)}",
                    t("yes") if close else t("no"),
                ]
            )
        table = table_html(
            [t("in class"), t("observed"), t("equilibrium"), t("chance alone: about"), t("within chance?")], rows
        )
        merchant = (
            sum(
                self.game.merchant[r][c] * n[(rk, ck)]
                for r, rk in enumerate(("honest", "lie"))
                for c, ck in enumerate(("inspect", "pass"))
            )
            / total
        )
        sheriff = (
            sum(
                self.game.sheriff[r][c] * n[(rk, ck)]
                for r, rk in enumerate(("honest", "lie"))
                for c, ck in enumerate(("inspect", "pass"))
            )
            / total
        )
        summary = t(
            "Your merchants lied in {lies} of {n} rounds and earned {m} per bag (equilibrium: {me}); your "
            "sheriffs earned {s} per bag (equilibrium: {se}).",
            lies=lies,
            n=total,
            m=money(merchant),
            me=money(e.merchant_value),
            s=money(sheriff),
            se=money(e.sheriff_value),
        )
        self.readout.value = table + note(summary, colour="#222")


def classroom(bag: Mapping[str, int] | None = None, declared: str = "apples") -> Classroom:
    """``classroom()``: type a class's paper rounds and compare them with p* and q* (see :class:`Classroom`)."""
    return Classroom(bag, declared)
