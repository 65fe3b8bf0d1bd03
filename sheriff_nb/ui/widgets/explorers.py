"""The analysis explorers of lessons 07-08, one call each: the expected value of any bag, and the 2x2 inspection
game with its hand arithmetic and a nashpy cross-check (the "place your bets" widget is
:mod:`sheriff_nb.ui.widgets.bet_widget`, the classroom round :mod:`sheriff_nb.ui.widgets.classroom_round`).

Widgets only wire controls to :mod:`sheriff_nb.theory.analysis` and :mod:`sheriff_nb.ui.charts`; charts go into an
``ipywidgets.Output`` the explicit way (:func:`sheriff_nb.ui.display.show`), and every chart already drawn is kept, so
moving a slider back costs nothing.  All text goes through :func:`sheriff_nb.ui.i18n.t`.

>>> ev = ev_explorer({"chickens": 2, "bread": 1, "silk": 1}, "chickens")   # Will Scarlet's bag
>>> "break-even p = 11/21" in ev.readout.value            # against the 2 Chickens his cards allow
True
>>> ev.compare.value = "full"                             # against 4 Chickens, which he does not hold
>>> "break-even p = 3/25" in ev.readout.value
True
"""

from __future__ import annotations

import importlib
import warnings
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

import ipywidgets as W

from ...engine.cards import LEGAL_GOODS, card_id
from ...engine.errors import RuleError
from ...theory import analysis as an
from ...theory.analysis import exact
from .. import display
from ..charts import WIDTH, ev_parts
from ..display import Drawn
from ..i18n import N_, card_name, goods_text, rule_message, t
from ..numbers import chance, fraction, money, number, percent, quote
from ..palette import INK_TEXT, MERCHANT_INK, SHERIFF_INK
from .base import error_html, esc, heading, html_widget, labelled, note, ok_html, scroll_box, table_html, wrap_box
from .cards import GoodsEditor, cards_row_html
from .chart_slot import ChartSlot, drawn, side_by_side
from .scoring import player_name

__all__ = [
    "MUCH_BAG", "COMPARE", "compared_with", "bags_view", "EvExplorer",
    "ev_explorer", "GameExplorer", "game_explorer", "matrix_html", "arithmetic_html", "nashpy_line",
]  # fmt: skip

MUCH_BAG = {"apples": 2, "pepper": 2}
"""The motivating bag: Much the Miller's Son declares 4 Apples and carries 2 Apples + 2 Pepper (lesson 08)."""


# ------------------------------------------------------------------ numbers in words
def _paren(x) -> str:
    """A number ready to multiply: negative numbers in brackets."""
    return f"({fraction(x)})" if exact(x) < 0 else fraction(x)


def _frozen(bag: Mapping[str, int]) -> tuple:
    return tuple(sorted((g, n) for g, n in bag.items() if n))


def declared_menu(value: str) -> W.Dropdown:
    """A labelled menu of the legal goods a bag may be declared as, set to ``value``."""
    return labelled(
        W.Dropdown(
            options=[(card_name(g), g) for g in LEGAL_GOODS], value=card_id(value), layout=W.Layout(width="auto")
        ),
        t("Declared as"),
    )


def _p_slider(value, description: str) -> W.FloatSlider:
    """A chance slider, 0 to 100 %.  It draws no readout of its own (the browser would write it the English way,
    ``25%``): the page shows :func:`percent` beside it, in the page's language."""
    return labelled(
        W.FloatSlider(
            value=float(value),
            min=0,
            max=1,
            step=0.01,
            readout=False,
            continuous_update=False,
            layout=W.Layout(width="340px", max_width="100%"),
        ),
        description,
    )


def bags_view(bags: Mapping[str, Mapping[str, int]]) -> W.HTML:
    """Bags side by side as cards, each under its label: ``bags_view({"honest": {"apples": 4}, ...})``.

    >>> "×2" in bags_view({"the lie": MUCH_BAG}).value
    True
    """
    boxes = "".join(
        f"<div style='margin:0 18px 6px 0;max-width:100%'>{heading(label, 5)}"
        f"{cards_row_html(Counter(bag), size='s')}</div>"
        for label, bag in bags.items()
    )
    return html_widget(f"<div style='display:flex;flex-wrap:wrap;max-width:100%'>{boxes}</div>")


# ------------------------------------------------------------------ 1. build a bag: expected value
def declarations_html(bag: Counter, p: Fraction, chosen: str) -> str:
    """Every legal declaration of ``bag``: value if passed, if opened, expected value at ``p``; the best in bold."""
    rows, best, best_ev = [], None, None
    size = sum(bag.values())
    for index, good in enumerate(LEGAL_GOODS):
        passed, opened, _ = an.outcomes(bag, good)
        ev = an.expected_value(bag, good, p)
        if best_ev is None or ev > best_ev:
            best, best_ev = index, ev
        mark = " ←" if good == chosen else ""
        rows.append(
            [f"{quote(f'{size} {card_name(good, size)}')}{mark}", fraction(passed), fraction(opened), money(ev)]
        )
    header = [t("declare"), t("if passed"), t("if opened"), t("expected at {p}", p=percent(p))]
    return table_html(header, rows, highlight=best)


def _gains(x: Fraction) -> str:
    return t("gains {x}", x=money(x)) if x > 0 else t("loses {x}", x=money(-x)) if x < 0 else t("changes nothing")


COMPARE = {"hand": N_("the honest bag these cards allow"), "full": N_("a full honest bag (if your hand holds one)")}
"""What the EV explorer compares the bag with: :func:`sheriff_nb.theory.analysis.honest_alternative` (the default), or
``len(bag)`` x the declared good, the honest row of the 2x2 game."""


def compared_with(bag: Counter, declared: str, compare: str = "hand") -> Counter:
    """The honest bag the EV explorer compares ``bag`` with (see :data:`COMPARE`).

    >>> much = Counter(apples=2, pepper=2)
    >>> compared_with(much, "apples"), compared_with(much, "apples", "full")
    (Counter({'apples': 2}), Counter({'apples': 4}))
    """
    return an.honest_alternative(bag, declared) if compare == "hand" else an.baseline(bag, declared)


def ev_text(bag: Counter, declared: str, p: Fraction, compare: str = "hand") -> str:
    """The EV explorer's readout: both expected values with their arithmetic, the verdict, the break-even and the
    best declaration, in words (HTML).  ``compare``: which honest bag (see :data:`COMPARE`)."""
    decl = card_id(declared)
    honest = compared_with(bag, decl, compare)
    lines = [note(t("Expected value = (1 − p) × value if passed + p × value if opened"), colour="#333")]
    evs = []
    for label, b in (
        (t("honest {goods}", goods=goods_text(honest, "no bag")), honest),
        (t("this bag ({goods})", goods=goods_text(bag)), bag),
    ):
        passed, opened, _ = an.baseline_outcomes(b, decl) if b is honest else an.outcomes(b, decl)
        ev = (1 - p) * passed + p * opened
        evs.append(ev)
        lines.append(
            note(
                f"{esc(label)}: {fraction(1 - p)} × {_paren(passed)} + {fraction(p)} × {_paren(opened)} = <b>{money(ev)}</b>",
                colour="#222",
                raw=True,
            )
        )
    detail = an.breakeven_detail(bag, decl, baseline=honest)
    if detail.reason == an.IDENTICAL:
        lines.append(ok_html(t("This bag is honest: whatever the sheriff does, it earns what the honest bag earns.")))
    else:
        gap = evs[1] - evs[0]
        verdict = (
            t("At {p} the lie earns {x} more than honesty.", p=percent(p), x=money(gap))
            if gap > 0
            else t("At {p} honesty earns {x} more than the lie.", p=percent(p), x=money(-gap))
            if gap < 0
            else t("At {p} the lie and honesty earn exactly the same.", p=percent(p))
        )
        lines.append(note(f"<b>{esc(verdict)}</b>", colour="#222", raw=True))
        if detail.p is not None:
            lines.append(
                note(
                    t(
                        "break-even p = {p}: compared with the honest {goods}, this bag {passed} if it passes "
                        "and {opened} if it is opened, so it pays while the sheriff opens fewer than {p_pct} "
                        "of bags.",
                        p=fraction(detail.p),
                        goods=goods_text(honest, "no bag"),
                        passed=_gains(detail.pass_gain),
                        opened=_gains(detail.inspect_gain),
                        p_pct=percent(detail.p),
                    ),
                    colour=INK_TEXT,
                )
            )
        elif detail.reason == an.NEVER:
            lines.append(
                note(
                    t("Lying never pays with this bag: it earns less than honesty even if it always passes."),
                    colour=INK_TEXT,
                )
            )
    best = max(LEGAL_GOODS, key=lambda g: an.expected_value(bag, g, p))
    size = sum(bag.values())
    lines.append(
        note(
            t("Best declaration at {p}: “{n} {good}”.", p=percent(p), n=size, good=card_name(best, size)), colour="#222"
        )
    )
    return "".join(lines)


class EvExplorer(W.VBox):
    """Build a bag (0–5 of each good), pick the declaration and the inspection probability p: the chart of both
    expected values against p, and a readout of the EVs, the break-even and the best declaration.  The bag is
    compared with the honest bag its own cards allow (:func:`sheriff_nb.theory.analysis.honest_alternative`), or, if the
    reader says his hand holds one, with a full honest bag of as many declared goods (``compare``)."""

    def __init__(
        self,
        bag: Mapping[str, int] | None = None,
        declared: str = "apples",
        p=0.25,
        royal: bool = False,
        compare: str = "hand",
    ):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.editor = GoodsEditor(bag or MUCH_BAG, royal=royal, maximum=5)
        self.declared = declared_menu(declared)
        self.p = _p_slider(p, t("Sheriff opens"))
        self.p_shown = html_widget()
        self.compare = labelled(
            W.Dropdown(
                options=[(t(label), key) for key, label in COMPARE.items()],
                value=compare,
                layout=W.Layout(width="auto", max_width="100%"),
            ),
            t("Compare with"),
        )
        self.readout, self.table = html_widget(), html_widget()
        self.chart = ChartSlot(self._draw)
        self.editor.on_change(lambda _bag: self.update())
        for control in (self.declared, self.p, self.compare):
            control.observe(self.update, names="value")
        self.children = [
            html_widget(heading(t("Your bag"))),
            self.editor,
            wrap_box([self.declared, self.compare]),
            wrap_box([self.p, self.p_shown], align_items="center"),
            side_by_side(self.chart.out, self.readout, self.table),
        ]
        self.update()

    @property
    def bag(self) -> Counter:
        """The bag being explored."""
        return self.editor.value

    @staticmethod
    def _draw(bag: tuple, declared: str, p: float, compare: str, width: int = WIDTH) -> Drawn:
        base = compared_with(Counter(dict(bag)), declared, compare) if compare == "hand" else None  # None: 2x2's
        return drawn("ev", ev_parts(dict(bag), declared, p, baseline=base), width)

    def update(self, _change=None) -> None:
        """Recompute the readout, the table of declarations and the chart."""
        bag, decl, p = self.bag, self.declared.value, exact(self.p.value)
        self.p_shown.value = percent(p)
        try:
            an.outcomes(bag, decl)  # the engine checks the bag (1 to 5 cards)
        except RuleError as broken:
            self.readout.value, self.table.value = error_html(rule_message(broken)), ""
            self.chart.clear()
            return
        self.readout.value = ev_text(bag, decl, p, self.compare.value)
        self.table.value = heading(t("Every declaration of this bag"), 5) + declarations_html(bag, p, decl)
        self.chart.show(_frozen(bag), decl, round(float(p), 4), self.compare.value)


def ev_explorer(
    bag: Mapping[str, int] | None = None, declared: str = "apples", p=0.25, royal: bool = False, compare: str = "hand"
) -> EvExplorer:
    """``ev_explorer()``: build any bag and see when smuggling pays (see :class:`EvExplorer`); ``compare="full"``
    compares with a full honest bag instead of the one the bag's cards allow."""
    if compare not in COMPARE:
        raise ValueError(f"compare is one of {', '.join(COMPARE)}; not {compare!r}")
    return EvExplorer(bag, declared, p, royal, compare)


# ------------------------------------------------------------------ 2. the 2x2 inspection game
def matrix_html(
    game: an.InspectionGame, names: tuple[str, str] = ("Much", "Sir Guy"), labels: tuple[str, str] | None = None
) -> str:
    """The bimatrix as an HTML table: rows honest / lie, columns inspect / pass, each cell (merchant, sheriff)."""
    merchant, sheriff = map(player_name, names)
    honest_label, lie_label = labels or (t("honest"), t("lie"))
    cell = "padding:6px 8px;border:1px solid #bbb;text-align:center;white-space:nowrap"

    def pay(r: int, c: int) -> str:
        return (
            f"<b style='color:{MERCHANT_INK}'>{fraction(game.merchant[r][c])}</b> , "
            f"<b style='color:{SHERIFF_INK}'>{fraction(game.sheriff[r][c])}</b>"
        )

    head = "".join(f"<th style='{cell};background:#EAF2FA'>{esc(t(x))}</th>" for x in ("Inspect", "Let it pass"))
    body = "".join(
        f"<tr><th style='{cell};background:#FDF1E3;text-align:left'>{esc(label)}</th>"
        f"<td style='{cell}'>{pay(r, 0)}</td><td style='{cell}'>{pay(r, 1)}</td></tr>"
        for r, label in enumerate((honest_label, lie_label))
    )
    key = t("each cell: ({merchant}'s value, {sheriff}'s gold)", merchant=merchant, sheriff=sheriff)
    return scroll_box(
        f"<table style='border-collapse:collapse;font-size:14px;"
        f"margin:4px 0'><thead><tr><th style='{cell}'>{esc(merchant)} ↓ · {esc(sheriff)} →</th>{head}</tr>"
        f"</thead><tbody>{body}</tbody></table>"
    ) + note(key, colour="#444")


def arithmetic_html(game: an.InspectionGame, names: tuple[str, str] = ("Much", "Sir Guy")) -> str:
    """p* and q* by hand, from the matrix (the indifference principle), then both values."""
    merchant, sheriff = map(player_name, names)
    (hi, hp), (li, lp) = game.merchant
    (s_hi, s_hp), (s_li, s_lp) = game.sheriff
    e = game.equilibrium()
    if not e.kind.startswith("mixed"):
        return note(t(e.explanation), colour="#222")
    gain, loss = lp - hp, hi - li
    catch, cost = s_li - s_lp, s_hp - s_hi
    lines = [
        heading(t("{sheriff}'s p*: make {merchant} indifferent", sheriff=sheriff, merchant=merchant), 5),
        note(
            t(
                "Lying instead of honesty gains {merchant} {lp} − {hp} = {g} if the bag passes and loses "
                "{hi} − {li} = {l} if it is opened.",
                merchant=merchant,
                lp=fraction(lp),
                hp=fraction(hp),
                g=fraction(gain),
                hi=fraction(hi),
                li=_paren(li),
                l=fraction(loss),
            ),
            colour="#222",
        ),
        note(
            f"(1 − p) × {fraction(gain)} = p × {fraction(loss)} &nbsp;⇒&nbsp; <b>p* = {fraction(gain)} / ({fraction(gain)} + "
            f"{fraction(loss)}) = {chance(e.p_inspect)}</b>",
            colour=SHERIFF_INK,
            raw=True,
        ),
        heading(t("{merchant}'s q*: make {sheriff} indifferent", sheriff=sheriff, merchant=merchant), 5),
        note(
            t(
                "Opening gains {sheriff} {sl} − {slp} = {r} against a lie and costs him {shp} − {shi} = {k} against "
                "an honest bag.",
                sheriff=sheriff,
                sl=fraction(s_li),
                slp=_paren(s_lp),
                r=fraction(catch),
                shp=fraction(s_hp),
                shi=_paren(s_hi),
                k=fraction(cost),
            ),
            colour="#222",
        ),
        note(
            f"q × {fraction(catch)} = (1 − q) × {fraction(cost)} &nbsp;⇒&nbsp; <b>q* = {fraction(cost)} / ({fraction(cost)} + "
            f"{fraction(catch)}) = {chance(e.q_lie)}</b>",
            colour=MERCHANT_INK,
            raw=True,
        ),
        note(
            t(
                "Each player's mix is set by the other player's payoffs. In equilibrium {merchant} expects "
                "{mv} per bag and {sheriff} {sv}.",
                merchant=merchant,
                sheriff=sheriff,
                mv=money(e.merchant_value),
                sv=money(e.sheriff_value),
            ),
            colour="#222",
        ),
    ]
    return "".join(lines)


def nashpy_line(game: an.InspectionGame) -> str:
    """nashpy's support enumeration on the same matrices, compared with the closed form (HTML).

    >>> "nashpy agrees" in nashpy_line(an.inspection_game(MUCH_BAG, "apples"))
    True
    """
    e = game.equilibrium()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nashpy warns about degenerate games; we compare all it finds
        found = [(float(col[0]), float(row[1])) for row, col in game.to_nashpy().support_enumeration()]
    match = any(abs(p - float(e.p_inspect)) < 1e-9 and abs(q - float(e.q_lie)) < 1e-9 for p, q in found)
    listed = "; ".join(f"p = {number(p, 4)}, q = {number(q, 4)}" for p, q in found) or t("none")
    if match:
        extra = "" if len(found) == 1 else " " + t("({n} equilibria; ours is one of them)", n=len(found))
        return ok_html(t("nashpy agrees: support enumeration finds {found}", found=listed) + extra)
    return error_html(
        t("nashpy finds {found}, not p* = {p}, q* = {q}", found=listed, p=fraction(e.p_inspect), q=fraction(e.q_lie))
    )


class GameExplorer(W.VBox):
    """The 2x2 inspection game of a bag you build: the matrix with both payoffs, p* and q* by hand, nashpy's check."""

    def __init__(
        self,
        bag: Mapping[str, int] | None = None,
        declared: str = "apples",
        w=0,
        names: tuple[str, str] = ("Much", "Sir Guy"),
        editor: bool = True,
        merchant_w=0,
    ):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.w, self.merchant_w, self.names = exact(w), exact(merchant_w), names
        self.editor = GoodsEditor(bag or MUCH_BAG, maximum=5)
        self.declared = declared_menu(declared)
        self.matrix, self.arithmetic, self.check = html_widget(), html_widget(), html_widget()
        self._cache: dict = {}
        self.editor.on_change(lambda _bag: self.update())
        self.declared.observe(self.update, names="value")
        display.warm_up(lambda: importlib.import_module("nashpy"))  # for the next bag's cross-check
        controls = [
            html_widget(heading(t("The lie: what is really in the bag"))),
            self.editor,
            wrap_box([self.declared]),
        ]
        self.children = (controls if editor else []) + [self.matrix, self.arithmetic, self.check]
        self.update()

    def update(self, _change=None) -> None:
        """Rebuild the matrix, the arithmetic and the nashpy line."""
        key = (_frozen(self.editor.value), self.declared.value)
        if key not in self._cache:
            bag = self.editor.value
            try:
                game = an.inspection_game(bag, self.declared.value, self.w, self.merchant_w)
            except RuleError as broken:
                self._cache[key] = (error_html(rule_message(broken)), "", "")
            else:
                size = sum(bag.values())
                labels = (
                    t("honest: {goods}", goods=goods_text({self.declared.value: size})),
                    t("lie: {goods}", goods=goods_text(bag)),
                )
                check = display.html(["nashpy_line", game.merchant, game.sheriff], lambda: nashpy_line(game))
                self._cache[key] = (matrix_html(game, self.names, labels), arithmetic_html(game, self.names), check)
        self.matrix.value, self.arithmetic.value, self.check.value = self._cache[key]


def game_explorer(
    bag: Mapping[str, int] | None = None,
    declared: str = "apples",
    w=0,
    names: tuple[str, str] = ("Much", "Sir Guy"),
    editor: bool = True,
    merchant_w=0,
) -> GameExplorer:
    """``game_explorer()``: the 2x2 game of one bag, solved by hand and by nashpy (see :class:`GameExplorer`); ``w``
    and ``merchant_w`` are the relative-scoring weights of :func:`sheriff_nb.theory.analysis.inspection_game`."""
    return GameExplorer(bag, declared, w, names, editor, merchant_w)
