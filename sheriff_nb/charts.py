"""Altair charts of the game theory and of simulated games: data in, Chart out, no hidden state.

Every builder has a ``*_data`` companion that returns the exact DataFrame it plots (so a teacher can print the
numbers behind any chart), draws with the Okabe-Ito colour-blind-safe palette (every colour also carries a label or a
dash pattern), fits a phone (``width=`` defaults to 300 px) and has a title that states the finding, computed from
the data.  Altair is imported inside the functions; call :func:`sheriff_nb.display.setup_charts` once to draw them
offline as SVG.

>>> chart = ev_chart({"apples": 2, "pepper": 2}, "apples")
>>> title_text(chart)
'Smuggling 2 Pepper pays only while the sheriff inspects less than 29% of bags'

The models behind the one-slider explorers use hypothetical numbers (a fine of 7, a contraband worth 12); they go
through :func:`model_game`, which builds the same 2x2 game as :func:`sheriff_nb.analysis.inspection_game` from the
numbers of THEORY §2.1 instead of from cards:

>>> model_game(n=4, c=2, a=2, v=6, f=4).merchant == an.inspection_game({"apples": 2, "pepper": 2}, "apples").merchant
True
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from . import analysis as an
from .cards import CONTRABAND_GOODS, GOODS, card_id, cards
from .i18n import card_name, goods_text, t

__all__ = [
    "OKABE_ITO", "WIDTH", "title_text", "pct", "exact", "model_game", "SCENARIO", "Parts", "LiveChart", "LIVE_SPECS",
    "ev_data", "ev_parts", "ev_chart", "equilibrium_data", "equilibrium_chart",
    "sweep_data", "sweep_title", "sweep_parts", "sweep_chart", "bribe_data", "bribe_title", "bribe_parts",
    "bribe_chart", "leadership_at", "leadership_data", "leadership_parts", "leadership_chart",
    "draw_odds_data", "draw_odds_chart",
    "win_rates", "tournament_chart", "score_breakdown_chart", "convergence_chart",
]  # fmt: skip

OKABE_ITO = {
    "orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
    "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000", "grey": "#999999",
}  # fmt: skip
"""The Okabe-Ito palette (Okabe & Ito 2008), distinguishable with every common colour-vision deficiency."""
HONEST_C, LIE_C = OKABE_ITO["green"], OKABE_ITO["vermillion"]  # as the card borders: legal green, contraband red
SHERIFF_C, MERCHANT_C = OKABE_ITO["blue"], OKABE_ITO["orange"]
SERIES = [OKABE_ITO[c] for c in ("orange", "sky", "purple", "blue", "green", "vermillion", "yellow", "black")]
DASHES = [[1, 0], [6, 3], [2, 2], [8, 2, 2, 2], [4, 4], [1, 3], [10, 4], [3, 6]]
WIDTH = 300
LINE_LEGEND = {"symbolType": "stroke", "symbolSize": 400}
"""Default plot width in px: with axes and padding a chart stays under ~380 px, the width of a phone."""

SCENARIO = {"n": 4, "c": 2, "a": 2, "v": 6, "f": 4, "w": 0}
"""Alan-a-Dale's bag (THEORY §2.1): 4 Apples declared (a = 2), 2 of them replaced by Pepper (v = 6, f = 4)."""


# ------------------------------------------------------------------ helpers
def pct(x, digits: int = 0) -> str:
    """A probability as a percentage: ``pct(Fraction(2, 7)) == '29%'``; ``digits`` decimals.

    >>> pct(Fraction(2, 7)), pct(0.5), pct(Fraction(1, 3), 1)
    ('29%', '50%', '33.3%')
    """
    return f"{100 * float(x):.{digits}f}%"


def exact(x) -> Fraction:
    """A Fraction; a float is read as the short decimal it stands for (a slider's 0.15000000000000002 -> 3/20).

    >>> exact(0.15000000000000002), exact(2), exact("1/3")
    (Fraction(3, 20), Fraction(2, 1), Fraction(1, 3))
    """
    return Fraction(x).limit_denominator(10_000) if isinstance(x, float) else Fraction(x)


def _short(x) -> str:
    """A number to read off a chart: ``8``, ``10.3``."""
    x = float(x)
    return f"{x:.0f}" if x == int(x) else f"{x:.1f}"


def _wrap(text: str, width: int, size: int) -> list[str]:
    """Break a title into lines that fit ``width`` px at font ``size`` (about 0.55 em per character)."""
    return textwrap.wrap(text, max(20, int(width / (0.55 * size)))) or [""]


def _title(text: str, width: int, subtitle: str = ""):
    import altair as alt

    extra = {"subtitle": _wrap(subtitle, width, 11)} if subtitle else {}
    return alt.Title(_wrap(text, width, 13), anchor="start", fontSize=13, subtitleFontSize=11, subtitleColor="#333",
                     **extra)


def title_text(chart) -> str:
    """A chart's title as one string (lines joined with spaces).

    >>> title_text(draw_odds_chart("crossbow"))
    'At least one Crossbow turns up in 14% of 6-card draws'
    """
    title = chart.title
    text = getattr(title, "text", title)
    return " ".join(text) if isinstance(text, list) else str(text)


def _finish(chart):
    """The look shared by every chart (fonts, legend at the bottom, no frame)."""
    return (chart.configure_axis(labelFontSize=11, titleFontSize=11, grid=True, gridColor="#eee")
            .configure_legend(orient="bottom", direction="vertical", labelFontSize=11, titleFontSize=11,
                              labelLimit=330, symbolStrokeWidth=3)
            .configure_view(strokeWidth=0))


def _confiscated(bag: Counter, declared: str) -> Counter:
    """The cards an inspection would take: everything that is not the declared good."""
    return Counter({g: n for g, n in bag.items() if g != card_id(declared)})


# ------------------------------------------------------------------ the model game (hypothetical numbers)
def model_game(n: int = 4, c: int = 2, a=2, v=6, f=4, w=0) -> an.InspectionGame:
    """The 2x2 game of THEORY §2.1 from numbers instead of cards: ``n`` cards declared as a good of value ``a``
    (legal penalty 2), ``c`` of them replaced by contraband of value ``v`` and fine ``f``; sheriff's relative weight
    ``w``.  The same :class:`~sheriff_nb.analysis.InspectionGame` (and solver) as
    :func:`~sheriff_nb.analysis.inspection_game`, so hypothetical fines and values can be explored.

    >>> e = model_game(f=8).equilibrium()          # a doubled fine: p* = 2*4/(2*14+8), q* = 8/(8+16)
    >>> e.p_inspect, e.q_lie
    (Fraction(2, 9), Fraction(1, 3))
    >>> model_game(w=1).sheriff == an.inspection_game({"apples": 2, "pepper": 2}, "apples", w=1).sheriff
    True
    """
    n, c, a, v, f, w = int(n), int(c), exact(a), exact(v), exact(f), exact(w)
    if not 1 <= c <= n:
        raise ValueError(f"the bag holds {n} cards, so 1 to {n} of them can be contraband; not {c}")
    h = n - c
    merchant = ((n * a + 2 * n, n * a), (h * a - c * f, h * a + c * v))
    gold = ((Fraction(-2 * n), Fraction(0)), (c * f, Fraction(0)))
    sheriff = tuple(tuple(gold[r][k] - w * merchant[r][k] for k in range(2)) for r in range(2))
    return an.InspectionGame(Counter(), "apples", w, merchant, sheriff, gold)


# ------------------------------------------------------------------ live charts: compile once, swap the data
@dataclass(frozen=True)
class Parts:
    """Everything that changes between two states of an explorer chart: its named datasets (lists of records) and
    its title.  The chart's structure (marks, scales, axes) does not change, so it is compiled only once."""

    datasets: dict
    title: str
    subtitle: str = ""


def _records(frame) -> list[dict]:
    """DataFrame rows as JSON-safe dicts (NaN -> None)."""
    return [{k: (None if isinstance(v, float) and v != v else v) for k, v in row.items()}
            for row in frame.to_dict("records")]


def _named(name: str):
    import altair as alt

    return alt.NamedData(name)


def _assemble(layers: list, parts: Parts, width: int, height: int):
    """Layer charts drawn from named datasets, the datasets and the title attached at the top level."""
    import altair as alt

    return _finish(alt.layer(*layers).properties(width=width, height=height, datasets=parts.datasets,
                                                 title=_title(parts.title, width, parts.subtitle)))


class LiveChart:
    """An explorer chart compiled to Vega once; :meth:`svg` draws it for new :class:`Parts` by swapping the named
    datasets and the title, so a slider callback pays neither Altair nor the Vega-Lite compiler, only Vega's drawing.

    >>> live = LiveChart(_sweep_spec, sweep_parts(sweep_data("f", [2, 4, 8]), "f", current=4), param="f")
    >>> svg = live.svg(sweep_parts(sweep_data("f", [2, 4, 8]), "f", current=8))
    >>> svg.startswith("<svg") and "22%" in svg and "33%" in svg       # the markers now read p* = 2/9, q* = 1/3
    True
    """

    def __init__(self, spec: Callable, parts: Parts, width: int = WIDTH, height: int | None = None, **static):
        import vl_convert as vlc

        self.width = width
        sizes = {"width": width} | ({"height": height} if height else {})
        try:
            from altair.utils._importers import vl_version_for_vl_convert

            self._version = {"vl_version": vl_version_for_vl_convert()}
        except ImportError:  # pragma: no cover - another altair
            self._version = {}
        self.vega = vlc.vegalite_to_vega(spec(parts, **static, **sizes).to_dict(), **self._version)
        self.names = {d["name"]: i for i, d in enumerate(self.vega["data"])}

    def svg(self, parts: Parts) -> str:
        """The chart for ``parts`` as SVG text."""
        import vl_convert as vlc

        data = list(self.vega["data"])
        for name, rows in parts.datasets.items():
            data[self.names[name]] = {**data[self.names[name]], "values": rows}
        title = {**self.vega.get("title", {}), "text": _wrap(parts.title, self.width, 13)}
        title.pop("subtitle", None)
        if parts.subtitle:
            title["subtitle"] = _wrap(parts.subtitle, self.width, 11)
        return vlc.vega_to_svg({**self.vega, "data": data, "title": title})


# ------------------------------------------------------------------ 1. EV of honest vs lying
def ev_data(bag, declared: str, baseline=None, steps: int = 20):
    """Expected value of the honest baseline and of ``bag`` at inspection probabilities 0, 1/steps, ..., 1.

    Columns: ``p`` (float), ``option`` (``honest``/``lie``), ``series`` (its name on the chart), ``ev`` (float) and
    ``exact`` (the Fraction as text).  The baseline defaults to ``len(bag)`` x ``declared``.

    >>> frame = ev_data({"apples": 2, "pepper": 2}, "apples", steps=4)
    >>> frame[frame.p == 0.25][["option", "exact"]].values.tolist()
    [['honest', '10'], ['lie', '11']]
    """
    import pandas as pd

    bag = cards(bag)
    base = an._baseline(bag, declared, baseline)  # noqa: SLF001 - the same default baseline as breakeven()
    rows = []
    for option, b in (("honest", base), ("lie", bag)):
        passed, inspected, _ = an.outcomes(b, declared, allow_empty=True)
        for i in range(steps + 1):
            p = Fraction(i, steps)
            ev = (1 - p) * passed + p * inspected
            rows.append({"p": float(p), "option": option, "series": _EV_SERIES[option](), "ev": float(ev),
                         "exact": str(ev)})
    return pd.DataFrame(rows)


_EV_SERIES = {"honest": lambda: t("honest bag"), "lie": lambda: t("this bag")}


def ev_parts(bag, declared: str, p=None, baseline=None, naive: bool = False) -> Parts:
    """The datasets (``lines``, ``rules``, ``current``) and title of :func:`ev_chart`."""
    bag = cards(bag)
    base = an._baseline(bag, declared, baseline)  # noqa: SLF001
    detail = an.breakeven_detail(bag, declared, baseline)
    extra = _confiscated(bag, declared) if baseline is None else bag - cards(baseline)
    what = t("Smuggling {goods}", goods=goods_text(extra)) if baseline is None else t(
        "Adding {goods}", goods=goods_text(extra))
    if detail.p is not None:
        title = t("{what} pays only while the sheriff inspects less than {p} of bags", what=what, p=pct(detail.p))
    elif detail.reason == an.NEVER:
        title = t("Honesty beats {what} at every inspection rate", what=what[0].lower() + what[1:])
    elif detail.reason == an.ALWAYS:
        title = t("{what} pays at every inspection rate, even if every bag is opened", what=what)
    else:
        title = t("This bag is the honest bag: both lines are the same")
    subtitle = t("honest bag: {a} · this bag: {b}, declared as {n} {good}", a=goods_text(base), b=goods_text(bag),
                 n=sum(bag.values()), good=card_name(declared, sum(bag.values())))
    rules = []
    if detail.p is not None:
        rules.append({"at": float(detail.p), "text": t("break-even {p}", p=pct(detail.p)), "kind": "breakeven"})
    if naive and extra:
        v = sum(GOODS[g].value * k for g, k in extra.items())
        f = sum(GOODS[g].penalty * k for g, k in extra.items())
        guess = Fraction(v, v + f)
        rules.append({"at": float(guess), "text": t("naive {p}", p=pct(guess)), "kind": "naive"})
        subtitle = t("The newcomer's rule {v}/({v}+{f}) = {p} forgets the {k} gold an opened honest bag earns",
                     v=v, f=f, p=pct(guess), k=2 * sum(base.values()))
    current = []
    if p is not None:
        at = exact(p)
        values = [an.expected_value(b, declared, at) if b else Fraction(0) for b in (base, bag)]
        above = int(values[1] >= values[0])  # the higher point's label goes above, the lower one's below
        current = [{"p": float(at), "series": _EV_SERIES[o](), "ev": float(v), "text": _short(v), "up": i == above}
                   for i, (o, v) in enumerate(zip(("honest", "lie"), values, strict=True))]
    lines = _records(ev_data(bag, declared, baseline, steps=1)[["p", "series", "ev"]])
    return Parts({"lines": lines, "rules": rules, "current": current}, title, subtitle)


def _ev_spec(parts: Parts, width: int = WIDTH, height: int = 190):
    import altair as alt

    order = [_EV_SERIES["honest"](), _EV_SERIES["lie"]()]
    colour = alt.Color("series:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[HONEST_C, LIE_C]),
                       legend=LINE_LEGEND)
    dash = alt.StrokeDash("series:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[[1, 0], [6, 3]]))
    x = alt.X("p:Q", title=t("chance the sheriff inspects"), axis=alt.Axis(format="%", tickCount=5),
              scale=alt.Scale(domain=[0, 1]))
    naive = alt.datum.kind == "naive"
    layers = [
        alt.Chart(_named("lines")).mark_line(strokeWidth=3).encode(
            x=x, y=alt.Y("ev:Q", title=t("expected value (points + gold)")), color=colour, strokeDash=dash),
        alt.Chart(_named("rules")).mark_rule(strokeWidth=1.5).encode(
            x="at:Q", color=alt.condition(naive, alt.value(OKABE_ITO["grey"]), alt.value("#333")),
            strokeDash=alt.condition(naive, alt.value([2, 2]), alt.value([1, 0]))),
        alt.Chart(_named("current")).mark_point(size=90, filled=True, opacity=1).encode(
            x="p:Q", y="ev:Q", color=colour, shape=alt.value("circle")),
    ]
    for kind, y, ink in (("breakeven", 0, "#111"), ("naive", height - 16, "#555")):
        layers.append(alt.Chart(_named("rules")).transform_filter(alt.datum.kind == kind).mark_text(
            align="left", dx=4, baseline="top", fontSize=11, color=ink).encode(x="at:Q", y=alt.value(y),
                                                                             text="text:N"))
    for up in (True, False):
        layers.append(alt.Chart(_named("current")).transform_filter(alt.datum.up == up).mark_text(
            align="right", dx=-6, dy=-11 if up else 12, fontSize=12, fontWeight="bold").encode(
            x="p:Q", y="ev:Q", text="text:N", color=colour))
    return _assemble(layers, parts, width, height)


def ev_chart(bag, declared: str, p=None, baseline=None, naive: bool = False, width: int = WIDTH, height: int = 190):
    """Expected value of honesty and of ``bag`` against the inspection probability, the break-even marked.

    ``p``: the reader's inspection probability (points on both lines); ``baseline``: the honest bag to compare
    with (default ``len(bag)`` x ``declared``; a smaller honest bag asks THEORY §2.2's marginal-card question);
    ``naive``: also mark the newcomer's rule v/(v+f), which forgets that an opened honest bag pays 2 per card.

    >>> chart = ev_chart({"apples": 3, "pepper": 1}, "apples", baseline={"apples": 3}, naive=True)
    >>> title_text(chart)
    'Adding 1 Pepper pays only while the sheriff inspects less than 38% of bags'
    >>> chart.title.subtitle[0].startswith("The newcomer's rule 6/(6+4) = 60% forgets")
    True
    >>> [r["kind"] for r in chart.to_dict()["datasets"]["rules"]]
    ['breakeven', 'naive']
    """
    return _ev_spec(ev_parts(bag, declared, p, baseline, naive), width, height)


# ------------------------------------------------------------------ 2. equilibrium vs contraband carried
def equilibrium_data(declared: str = "apples", size: int = 4, goods: Sequence[str] = CONTRABAND_GOODS, w=0):
    """p* and q* for bags of ``size`` cards declared as ``declared``, with c = 1..size of them replaced by each of
    ``goods`` (computed by :func:`sheriff_nb.analysis.inspection_game`).

    Columns: ``good`` (name), ``contraband`` (c), ``p_inspect``, ``q_lie`` (floats), ``p_exact``, ``q_exact``.

    >>> frame = equilibrium_data(goods=["pepper", "crossbow"])
    >>> frame[frame.contraband == 2][["good", "p_exact", "q_exact"]].values.tolist()
    [['Pepper', '2/7', '1/2'], ['Crossbow', '7/17', '1/2']]
    """
    import pandas as pd

    rows = []
    decl = card_id(declared)
    for good in goods:
        for c in range(1, size + 1):
            bag = Counter({decl: size - c, card_id(good): c})
            e = an.inspection_game(+bag, decl, w).equilibrium()
            rows.append({"good": card_name(good), "contraband": c, "p_inspect": float(e.p_inspect),
                         "q_lie": float(e.q_lie), "p_exact": str(e.p_inspect), "q_exact": str(e.q_lie),
                         "kind": e.kind})
    return pd.DataFrame(rows)


def equilibrium_chart(data=None, width: int = WIDTH, height: int = 120):
    """Two panels against the number of contraband cards: the sheriff's p* and the merchant's q*, one line per
    contraband good.  ``data``: a frame from :func:`equilibrium_data` (default: 4 Apples declared).

    >>> chart = equilibrium_chart()
    >>> title_text(chart)
    'Pepper, Mead, Silk and Crossbow give the same q*: only the sheriff reacts to what the contraband is worth'
    >>> " ".join(chart.title.subtitle)  # doctest: +NORMALIZE_WHITESPACE
    '2 of 4 cards smuggled: the merchant lies with q* = 50% whatever the good; the sheriff inspects with p* from 29%
    (Pepper) to 41% (Crossbow)'
    """
    import altair as alt

    data = equilibrium_data() if data is None else data
    names = list(dict.fromkeys(data["good"]))
    size = int(data["contraband"].max())
    mid = data[data.contraband == max(1, size // 2)]
    same_q = data.groupby("contraband")["q_lie"].agg(lambda s: s.max() - s.min()).max() < 1e-12
    goods = ", ".join(names[:-1]) + " " + t("and") + " " + names[-1] if len(names) > 1 else names[0]
    if same_q:
        title = t("{goods} give the same q*: only the sheriff reacts to what the contraband is worth", goods=goods)
    else:
        title = t("The contraband carried changes both p* and q*")
    low, high = mid.loc[mid.p_inspect.idxmin()], mid.loc[mid.p_inspect.idxmax()]
    q_text = (t("the merchant lies with q* = {q} whatever the good", q=pct(mid.q_lie.iloc[0])) if same_q
              else t("q* from {a} to {b}", a=pct(mid.q_lie.min()), b=pct(mid.q_lie.max())))
    subtitle = t("{c} of {n} cards smuggled: {q}; the sheriff inspects with p* from {a} ({g1}) to {b} ({g2})",
                 c=int(mid.contraband.iloc[0]), n=size, q=q_text, a=pct(low.p_inspect), g1=low.good,
                 b=pct(high.p_inspect), g2=high.good)
    colour = alt.Color("good:N", title=None, sort=names, scale=alt.Scale(domain=names, range=SERIES[:len(names)]),
                       legend=alt.Legend(orient="bottom", direction="horizontal", columns=4, symbolType="stroke"))
    dash = alt.StrokeDash("good:N", title=None, sort=names, scale=alt.Scale(domain=names, range=DASHES[:len(names)]))

    def panel(field: str, exact: str, label: str, bottom: bool):
        x = alt.X("contraband:O", title=t("contraband cards in the bag (c)") if bottom else None,
                  axis=alt.Axis(labelAngle=0))
        return alt.Chart(data).mark_line(point=True, strokeWidth=2.5).encode(
            x=x, y=alt.Y(f"{field}:Q", title=label, axis=alt.Axis(format="%", tickCount=4),
                         scale=alt.Scale(domain=[0, 1])),
            color=colour, strokeDash=dash,
            tooltip=["good:N", "contraband:O", alt.Tooltip(f"{exact}:N", title=label)],
        ).properties(width=width, height=height)

    bottom = panel("q_lie", "q_exact", t("merchant lies q*"), True)
    if same_q and len(names) > 1:
        note = alt.Chart(data.iloc[:1]).mark_text(align="right", baseline="top", fontSize=11, color="#333").encode(
            x=alt.value(width - 4), y=alt.value(4), text=alt.value(t("all {n} lines lie on top of each other",
                                                                     n=len(names))))
        bottom = alt.layer(bottom, note)
    chart = alt.vconcat(panel("p_inspect", "p_exact", t("sheriff inspects p*"), False), bottom, spacing=6)
    return _finish(chart.properties(title=_title(title, width, subtitle)))


# ------------------------------------------------------------------ 3. one parameter at a time (model game)
PARAMETERS = {
    "v": ("the contraband's value v", "contraband value v"),
    "c": ("the number of contraband cards c", "contraband cards c"),
    "f": ("the fine f", "fine per contraband card f"),
    "w": ("the sheriff's rivalry weight w", "sheriff's rivalry weight w"),
    "n": ("the bag size n", "cards in the bag n"),
    "a": ("the declared good's value a", "declared good's value a"),
}
_WHO = {"p_inspect": lambda: t("sheriff inspects (p*)"), "q_lie": lambda: t("merchant lies (q*)")}


def sweep_data(param: str, values: Iterable, **scenario):
    """p*, q* and the values of :func:`model_game` as ``param`` (``v``, ``c``, ``f``, ``w``, ``n`` or ``a``) runs
    through ``values``; the other numbers come from ``scenario`` (default :data:`SCENARIO`, Alan's bag).

    >>> sweep_data("f", [2, 4, 8])[["f", "p_exact", "q_exact"]].values.tolist()
    [[2.0, '1/3', '2/3'], [4.0, '2/7', '1/2'], [8.0, '2/9', '1/3']]
    """
    import pandas as pd

    if param not in PARAMETERS:
        raise ValueError(f"param must be one of {', '.join(PARAMETERS)}; got {param!r}")
    rows = []
    for x in values:
        numbers = {**SCENARIO, **scenario, param: x}
        e = model_game(**numbers).equilibrium()
        rows.append({param: float(x), "p_inspect": float(e.p_inspect), "q_lie": float(e.q_lie),
                     "p_exact": str(e.p_inspect), "q_exact": str(e.q_lie), "kind": e.kind,
                     "merchant_value": float(e.merchant_value), "sheriff_value": float(e.sheriff_value)})
    return pd.DataFrame(rows)


def sweep_title(data, param: str) -> str:
    """The finding of a sweep in words: which of p* and q* moved, from what to what.

    >>> sweep_title(sweep_data("w", [0, 0.5, 1]), "w")
    "As the sheriff's rivalry weight w rises from 0 to 1, q* falls from 50% to 36%; p* stays at 29%"
    """
    x0, x1 = float(data[param].iloc[0]), float(data[param].iloc[-1])
    parts, still = [], []
    for field, name in (("p_inspect", "p*"), ("q_lie", "q*")):
        first, last = float(data[field].iloc[0]), float(data[field].iloc[-1])
        if float(data[field].max() - data[field].min()) > 1e-12:
            verb = t("rises") if last > first else t("falls")
            parts.append(t("{name} {verb} from {a} to {b}", name=name, verb=verb, a=pct(first), b=pct(last)))
        else:
            still.append(t("{name} stays at {a}", name=name, a=pct(first)))
    changes = "; ".join(([f" {t('and')} ".join(parts)] if parts else []) + still)
    return t("As {what} rises from {a} to {b}, {changes}", what=t(PARAMETERS[param][0]), a=_short(x0), b=_short(x1),
             changes=changes)


def sweep_parts(data, param: str, current=None, marks: Mapping | None = None) -> Parts:
    """The datasets (``lines``, ``marks``, ``current``) and title of :func:`sweep_chart`."""
    long = data.melt(id_vars=[param], value_vars=list(_WHO), var_name="who", value_name="chance")
    long["who"] = long["who"].map({k: f() for k, f in _WHO.items()})
    lines = _records(long.rename(columns={param: "x"}))
    tick_marks = [{"x": float(k), "text": v} for k, v in (marks or {}).items()]
    here = []
    if current is not None:
        row = data.iloc[(data[param] - float(current)).abs().argsort().iloc[0]]
        here = [{"x": float(current), "who": _WHO[k](), "chance": float(row[k]), "text": pct(row[k])} for k in _WHO]
    return Parts({"lines": lines, "marks": tick_marks, "current": here}, sweep_title(data, param))


def _sweep_spec(parts: Parts, param: str, width: int = WIDTH, height: int = 170):
    import altair as alt

    order = [f() for f in _WHO.values()]
    colour = alt.Color("who:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[SHERIFF_C, MERCHANT_C]),
                       legend=LINE_LEGEND)
    dash = alt.StrokeDash("who:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[[1, 0], [6, 3]]))
    whole = {"format": "d", "tickMinStep": 1} if param in ("c", "n") else {}
    x = alt.X("x:Q", title=t(PARAMETERS[param][1]), axis=alt.Axis(tickCount=6, **whole))
    layers = [
        alt.Chart(_named("lines")).mark_line(strokeWidth=3).encode(
            x=x, y=alt.Y("chance:Q", title=t("probability"), axis=alt.Axis(format="%", tickCount=5),
                         scale=alt.Scale(domain=[0, 1])), color=colour, strokeDash=dash),
        alt.Chart(_named("marks")).mark_tick(color="#555", thickness=1.5, size=8).encode(x="x:Q",
                                                                                        y=alt.value(height)),
        alt.Chart(_named("marks")).mark_text(angle=270, align="left", dx=4, fontSize=10, color="#444").encode(
            x="x:Q", y=alt.value(height - 6), text="text:N"),
        alt.Chart(_named("current")).mark_rule(color="#333", strokeDash=[2, 2]).encode(x="x:Q"),
        alt.Chart(_named("current")).mark_point(size=80, filled=True, opacity=1).encode(x="x:Q", y="chance:Q",
                                                                                        color=colour),
        alt.Chart(_named("current")).mark_text(align="left", dx=7, dy=-7, fontSize=11, fontWeight="bold").encode(
            x="x:Q", y="chance:Q", text="text:N", color=colour),
    ]
    return _assemble(layers, parts, width, height)


def sweep_chart(data, param: str, current=None, marks: Mapping | None = None, width: int = WIDTH,
                height: int = 170):
    """p* (sheriff, blue, solid) and q* (merchant, orange, dashed) against one parameter, from :func:`sweep_data`.

    ``current``: the slider's value (a vertical rule with both numbers); ``marks``: labelled x positions, e.g. the
    real cards ``{6: "Pepper", 9: "Crossbow"}``.

    >>> chart = sweep_chart(sweep_data("v", range(3, 13)), "v", current=6)
    >>> title_text(chart)
    "As the contraband's value v rises from 3 to 12, p* rises from 9% to 50%; q* stays at 50%"
    >>> [r["text"] for r in chart.to_dict()["datasets"]["current"]]
    ['29%', '50%']
    """
    return _sweep_spec(sweep_parts(data, param, current, marks), param, width, height)


# ------------------------------------------------------------------ 4. bribes
def bribe_data(bag, declared: str, p_inspect=1, w=0, steps: int = 20):
    """The bribe range as the sheriff's belief that the bag is a lie runs from 0 to 1 (THEORY §2.4).

    Columns ``belief``, ``sheriff_min``, ``merchant_max``, ``midpoint`` (NaN where no deal is possible), ``deal``.

    >>> frame = bribe_data({"apples": 2, "pepper": 2}, "apples", steps=2)
    >>> frame[["belief", "sheriff_min", "merchant_max", "midpoint"]].values.tolist()
    [[0.0, 0.0, 20.0, 10.0], [0.5, 0.0, 20.0, 10.0], [1.0, 8.0, 20.0, 14.0]]
    """
    import pandas as pd

    rows = []
    for i in range(steps + 1):
        q = Fraction(i, steps)
        low, high = an.bribe_range(bag, declared, p_inspect, q, w)
        mid = an.bribe_midpoint(bag, declared, p_inspect, q, w)
        rows.append({"belief": float(q), "sheriff_min": float(low), "merchant_max": float(high),
                     "midpoint": float("nan") if mid is None else float(mid), "deal": low <= high,
                     "min_exact": str(low), "max_exact": str(high)})
    return pd.DataFrame(rows)


_BRIBE_LINES = {"sheriff_min": lambda: t("sheriff's minimum"), "merchant_max": lambda: t("merchant's maximum"),
                "midpoint": lambda: t("midpoint (fair split)")}


def bribe_title(bag, declared: str, belief=1, p_inspect=1, w=0) -> str:
    """The bargaining range at ``belief`` in one sentence."""
    q = exact(belief)
    low, high = an.bribe_range(bag, declared, p_inspect, q, w)
    who = t("a sure sheriff") if q == 1 else t("a sheriff {q} sure", q=pct(q))
    if low <= high:
        return t("{who} and the merchant both gain from any bribe from {low} to {high} gold; the fair split is {mid}",
                 who=who[0].upper() + who[1:], low=_short(low), high=_short(high), mid=_short((low + high) / 2))
    return t("No deal: {who} wants at least {low} gold, the merchant pays at most {high}", who=who, low=_short(low),
             high=_short(high))


def bribe_parts(bag, declared: str, belief=1, p_inspect=1, w=0, data=None) -> Parts:
    """The datasets (``zone``, ``lines``, ``current``) and title of :func:`bribe_chart` (``data``: a
    :func:`bribe_data` frame already computed)."""
    data = bribe_data(bag, declared, p_inspect, w) if data is None else data
    q = exact(belief)
    low, high = an.bribe_range(bag, declared, p_inspect, q, w)
    long = data.melt(id_vars=["belief"], value_vars=list(_BRIBE_LINES), var_name="line", value_name="gold").dropna()
    long["line"] = long["line"].map({k: f() for k, f in _BRIBE_LINES.items()})
    points = [("sheriff_min", low), ("merchant_max", high)] + ([("midpoint", (low + high) / 2)] if low <= high else [])
    here = [{"belief": float(q), "gold": float(v), "line": _BRIBE_LINES[k](), "text": _short(v)} for k, v in points]
    zone = _records(data[data.deal][["belief", "sheriff_min", "merchant_max"]])
    top = 1.15 * float(max(data.merchant_max.max(), data.sheriff_min.max(), 1))
    return Parts({"zone": zone, "lines": _records(long), "current": here, "top": [{"gold": top}]},
                 bribe_title(bag, declared, q, p_inspect, w))


def _bribe_spec(parts: Parts, width: int = WIDTH, height: int = 170):
    import altair as alt

    order = [f() for f in _BRIBE_LINES.values()]
    colour = alt.Color("line:N", title=None, sort=order, legend=LINE_LEGEND,
                       scale=alt.Scale(domain=order, range=[SHERIFF_C, MERCHANT_C, "#555555"]))
    dash = alt.StrokeDash("line:N", title=None, sort=order, scale=alt.Scale(domain=order,
                                                                              range=[[1, 0], [6, 3], [2, 2]]))
    x = alt.X("belief:Q", title=t("sheriff's belief that the bag hides contraband"),
              axis=alt.Axis(format="%", tickCount=5), scale=alt.Scale(domain=[0, 1]))
    y = alt.Y("gold:Q", title=t("bribe (gold)"))
    layers = [
        alt.Chart(_named("zone")).mark_area(color=OKABE_ITO["green"], opacity=0.18).encode(
            x=x, y=alt.Y("sheriff_min:Q", title=t("bribe (gold)")), y2="merchant_max:Q"),
        alt.Chart(_named("top")).mark_point(opacity=0).encode(y=y),  # head-room above the highest line
        alt.Chart(_named("lines")).mark_line(strokeWidth=2.5).encode(x=x, y=y, color=colour, strokeDash=dash),
        alt.Chart(_named("current")).mark_rule(color="#333", strokeDash=[2, 2]).encode(x="belief:Q"),
        alt.Chart(_named("current")).mark_point(size=70, filled=True, opacity=1).encode(x="belief:Q", y="gold:Q",
                                                                                       color=colour),
        alt.Chart(_named("current")).mark_text(align="right", dx=-6, dy=-9, fontSize=11, fontWeight="bold").encode(
            x="belief:Q", y="gold:Q", text="text:N", color=colour),
    ]
    return _assemble(layers, parts, width, height)


def bribe_chart(bag, declared: str, belief=1, p_inspect=1, w=0, width: int = WIDTH, height: int = 170):
    """The bargaining zone against the sheriff's belief: his minimum (blue), the merchant's maximum (orange), the
    zone between them shaded, the midpoint (fair split) dotted; the reader's ``belief`` marked.

    >>> title_text(bribe_chart({"apples": 2, "pepper": 2}, "apples"))
    'A sure sheriff and the merchant both gain from any bribe from 8 to 20 gold; the fair split is 14'
    >>> title_text(bribe_chart({"apples": 2, "pepper": 2}, "apples", p_inspect=Fraction(1, 4)))
    'No deal: a sure sheriff wants at least 8 gold, the merchant pays at most 5'
    """
    return _bribe_spec(bribe_parts(bag, declared, belief, p_inspect, w), width, height)


# ------------------------------------------------------------------ 5. leadership
def leadership_at(game: an.InspectionGame, p) -> tuple[str, Fraction, Fraction]:
    """``(response, sheriff's payoff, merchant's payoff)`` when the sheriff announces ``p``: the merchant's best
    response, ties broken in the sheriff's favour (as in :func:`sheriff_nb.analysis.leadership`).

    >>> leadership_at(model_game(), Fraction(1, 2))
    ('honest', Fraction(-4, 1), Fraction(12, 1))
    """
    p = exact(p)
    honest, lie = game.payoffs(p, 0), game.payoffs(p, 1)
    if lie[0] > honest[0] or (lie[0] == honest[0] and lie[1] >= honest[1]):
        return "lie", lie[1], lie[0]
    return "honest", honest[1], honest[0]


def leadership_data(game: an.InspectionGame, steps: int = 100):
    """What a sheriff who *announces* his inspection probability p earns, p = 0, 1/steps, ..., 1 and the game's own
    p*, when the merchant best-responds (:func:`leadership_at`).  Columns ``p``, ``response``, ``sheriff``,
    ``merchant``, ``exact``.

    >>> frame = leadership_data(model_game(), steps=4)
    >>> frame[["p", "response", "sheriff"]].round(3).values.tolist()[:4]
    [[0.0, 'lie', 0.0], [0.25, 'lie', 2.0], [0.286, 'lie', 2.286], [0.5, 'honest', -4.0]]
    """
    import pandas as pd

    points = {Fraction(i, steps) for i in range(steps + 1)} | {game.equilibrium().p_inspect}
    rows = []
    for p in sorted(points):
        response, sheriff, merchant = leadership_at(game, p)
        rows.append({"p": float(p), "response": response, "sheriff": float(sheriff), "merchant": float(merchant),
                     "exact": str(sheriff)})
    return pd.DataFrame(rows)


_RESPONSES = {"lie": lambda: t("merchant lies"), "honest": lambda: t("merchant is honest")}


def leadership_parts(game: an.InspectionGame, p=None, data=None) -> Parts:
    """The datasets (``lines``, ``nash``, ``best``, ``current``) and title of :func:`leadership_chart`."""
    data = leadership_data(game, steps=20) if data is None else data
    lead = game.leadership()
    title = t("Announcing p* = {p} earns the sheriff {v} gold per bag, instead of {nash} at the Nash equilibrium",
              p=pct(lead.p_inspect), v=_short(lead.sheriff_value), nash=_short(lead.nash_sheriff_value))
    lines = data[["p", "response", "sheriff"]].assign(does=data["response"].map({k: f() for k, f in
                                                                               _RESPONSES.items()}))
    best = [{"p": float(lead.p_inspect), "sheriff": float(lead.sheriff_value),
             "text": t("best: {p}", p=pct(lead.p_inspect))}]
    here = [] if p is None else [{"p": float(exact(p)), "sheriff": float(leadership_at(game, p)[1])}]
    return Parts({"lines": _records(lines), "nash": [{"y": float(lead.nash_sheriff_value)}], "best": best,
                  "current": here}, title)


def _leadership_spec(parts: Parts, width: int = WIDTH, height: int = 170):
    import altair as alt

    order = [f() for f in _RESPONSES.values()]
    colour = alt.Color("does:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[LIE_C, HONEST_C]),
                       legend=LINE_LEGEND)
    x = alt.X("p:Q", title=t("inspection probability the sheriff announces"), axis=alt.Axis(format="%", tickCount=5),
              scale=alt.Scale(domain=[0, 1]))
    layers = [
        alt.Chart(_named("nash")).mark_rule(color="#555", strokeDash=[2, 2]).encode(y="y:Q"),
        alt.Chart(_named("lines")).mark_line(strokeWidth=3).encode(
            x=x, y=alt.Y("sheriff:Q", title=t("sheriff's gold per bag")), color=colour, detail="response:N"),
        alt.Chart(_named("best")).mark_point(size=90, shape="diamond", filled=True, color="#111").encode(
            x="p:Q", y="sheriff:Q"),
        alt.Chart(_named("best")).mark_text(align="left", dx=8, dy=-6, fontSize=11).encode(x="p:Q", y="sheriff:Q",
                                                                                           text="text:N"),
        alt.Chart(_named("current")).mark_rule(color="#333", strokeDash=[4, 2]).encode(x="p:Q"),
        alt.Chart(_named("current")).mark_point(size=70, filled=True, color="#111").encode(x="p:Q", y="sheriff:Q"),
    ]
    return _assemble(layers, parts, width, height)


def leadership_chart(game: an.InspectionGame | None = None, p=None, width: int = WIDTH, height: int = 170):
    """The committed sheriff's earnings per bag against the probability he announces (THEORY §2.5), the line
    coloured by the merchant's best response; the Nash value (an unannounced p*) dotted; ``p`` marked.

    >>> title_text(leadership_chart())
    'Announcing p* = 29% earns the sheriff 2.3 gold per bag, instead of 0 at the Nash equilibrium'
    """
    return _leadership_spec(leadership_parts(model_game() if game is None else game, p), width, height)


LIVE_SPECS = {"ev": _ev_spec, "sweep": _sweep_spec, "bribe": _bribe_spec, "leadership": _leadership_spec}
"""The explorer charts that :class:`LiveChart` can redraw from new :class:`Parts`."""


# ------------------------------------------------------------------ 6. draw odds
def _target_name(good: str) -> str:
    kinds = {"legal": t("legal good"), "contraband": t("contraband card"), "royal": t("royal good")}
    return kinds.get(good.strip().lower()) or card_name(good, 1)


def draw_odds_data(good: str, cards: int = 6, deck: Mapping[str, int] | None = None):
    """P(at least k ``good`` in ``cards`` cards) for k = 1..``cards`` (``sheriff_nb.analysis.draw_odds``).

    >>> draw_odds_data("contraband", cards=2)[["k", "exact"]].values.tolist()
    [[1, '1735/3451'], [2, '295/3451']]
    """
    import pandas as pd

    rows = [{"k": k, "chance": float(x), "exact": str(x)} for k in range(1, cards + 1)
            for x in [an.draw_odds(good, k, cards=cards, deck=deck)]]
    return pd.DataFrame(rows)


def draw_odds_chart(good: str, cards: int = 6, deck: Mapping[str, int] | None = None, at_least: int | None = None,
                    width: int = WIDTH, height: int = 150):
    """Bars: the chance of at least k ``good`` (a card or a kind) among ``cards`` drawn; ``at_least`` highlighted.

    >>> chart = draw_odds_chart("contraband", at_least=2)
    >>> title_text(chart), chart.title.subtitle[0]
    ('At least one contraband card turns up in 88% of 6-card draws', 'At least 2: 57%')
    """
    import altair as alt

    data = draw_odds_data(good, cards, deck)
    data["chosen"] = data["k"] == (at_least or 1)
    data["text"] = [("<1%" if 0 < x < 0.005 else pct(x)) for x in data["chance"]]
    name = _target_name(good)
    title = t("At least one {good} turns up in {p} of {cards}-card draws", good=name, p=pct(data.chance.iloc[0]),
              cards=cards)
    subtitle = ""
    if at_least and at_least > 1:
        subtitle = t("At least {k}: {p}", k=at_least, p=pct(data.chance.iloc[at_least - 1]))
    bars = alt.Chart(data).mark_bar(size=max(8, width // (cards + 2))).encode(
        x=alt.X("k:O", title=t("at least k"), axis=alt.Axis(labelAngle=0)),
        y=alt.Y("chance:Q", title=t("chance"), axis=alt.Axis(format="%", tickCount=5), scale=alt.Scale(domain=[0, 1])),
        color=alt.condition(alt.datum.chosen, alt.value(OKABE_ITO["blue"]), alt.value(OKABE_ITO["sky"])),
        tooltip=["k:O", alt.Tooltip("chance:Q", format=".2%"), "exact:N"])
    labels = bars.mark_text(dy=-6, fontSize=11, color="#222").encode(text="text:N", color=alt.value("#222"))
    return _finish(alt.layer(bars, labels).properties(width=width, height=height,
                                                      title=_title(title, width, subtitle)))


# ------------------------------------------------------------------ 7. tournaments (sn.simulate)
def win_rates(frame):
    """Per strategy: ``games`` played, ``wins`` (a win shared by k players counts 1/k), ``win_rate``, ``fair_share``
    (1 / players per game), ``mean_total``, sorted by win rate.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"game": [0, 0, 1, 1], "strategy": ["a", "b", "a", "b"], "rank": [1, 2, 1, 1],
    ...                       "total": [50, 40, 30, 30]})
    >>> win_rates(frame)[["strategy", "wins", "win_rate"]].values.tolist()
    [['a', 1.5, 0.75], ['b', 0.5, 0.25]]
    """
    df = frame.copy()
    winners = df[df["rank"] == 1].groupby("game")["rank"].transform("size")
    df["win"] = 0.0
    df.loc[winners.index, "win"] = 1.0 / winners
    players = df.groupby("game").size().mean()
    out = df.groupby("strategy").agg(games=("game", "nunique"), seats=("game", "size"), wins=("win", "sum"),
                                     mean_total=("total", "mean")).reset_index()
    out["win_rate"] = out["wins"] / out["seats"]
    out["fair_share"] = 1 / players
    return out.sort_values(["win_rate", "mean_total"], ascending=False).reset_index(drop=True)


def _strategy_label(name: str) -> str:
    return " + ".join(t(part.capitalize()) for part in str(name).split("+"))


def tournament_chart(frame, width: int = WIDTH):
    """Win rate (bars, the fair share 1/players dashed) and final-score distribution (box plots) per strategy, from
    a :func:`sheriff_nb.simulate` frame.

    >>> import sheriff_nb as sn
    >>> games = sn.simulate(4, players=3, strategies=["honest", "smuggler", "bluffer"], seed=1)
    >>> title_text(tournament_chart(games)).endswith("of 4 games; a fair share is 33%")
    True
    """
    import altair as alt

    rates = win_rates(frame)
    rates["label"] = rates["strategy"].map(_strategy_label)
    rates["text"] = rates["win_rate"].map(pct)
    order = list(rates["label"])
    games = int(frame["game"].nunique())
    best, worst = rates.iloc[0], rates.iloc[-1]
    title = t("{best} wins {p} of {n} games; a fair share is {fair}", best=best.label, p=pct(best.win_rate),
              n=games, fair=pct(best.fair_share))
    subtitle = t("{worst} wins least: {q}; average scores {a} vs {b}", worst=worst.label, q=pct(worst.win_rate),
                 a=_short(best.mean_total), b=_short(worst.mean_total)) if len(rates) > 1 else ""
    colour = alt.Color("label:N", legend=None, sort=order, scale=alt.Scale(domain=order,
                                                                           range=SERIES[:len(order)]))
    y = alt.Y("label:N", sort=order, title=None)
    bars = alt.Chart(rates).mark_bar().encode(
        y=y, x=alt.X("win_rate:Q", title=t("share of games won"), axis=alt.Axis(format="%", tickCount=5),
                     scale=alt.Scale(domain=[0, max(0.5, float(rates.win_rate.max()) * 1.15)])),
        color=colour, tooltip=["label:N", alt.Tooltip("win_rate:Q", format=".1%"), "games:Q"])
    text = bars.mark_text(align="left", dx=3, fontSize=11).encode(text="text:N", color=alt.value("#222"))
    fair = alt.Chart(rates.iloc[:1]).mark_rule(strokeDash=[4, 3], color="#333").encode(x="fair_share:Q")
    fair_text = alt.Chart(rates.iloc[:1].assign(fair_text=t("fair share"))).mark_text(
        align="left", dx=3, baseline="bottom", fontSize=10, color="#333").encode(
        x="fair_share:Q", y=alt.value(-1), text="fair_text:N")
    top = alt.layer(bars, text, fair, fair_text).properties(width=width, height=26 * len(order))
    df = frame.assign(label=frame["strategy"].map(_strategy_label))
    box = alt.Chart(df).mark_boxplot(extent="min-max", size=14).encode(
        y=alt.Y("label:N", sort=order, title=None), x=alt.X("total:Q", title=t("final score")),
        color=colour).properties(width=width, height=26 * len(order))
    return _finish(alt.vconcat(top, box, spacing=10).properties(title=_title(title, width, subtitle)))


# ------------------------------------------------------------------ 8. final score breakdown
def score_breakdown_chart(scores, width: int = WIDTH):
    """Stacked bars per player: goods, gold and the King/Queen bonus, winner on top (``sn.score`` or
    ``Game.scores()`` frame, indexed by player).

    >>> import sheriff_nb as sn
    >>> from sheriff_nb.widgets.scoring import EXAMPLE_STANDS, EXAMPLE_GOLD
    >>> title_text(score_breakdown_chart(sn.score(EXAMPLE_STANDS, EXAMPLE_GOLD)))
    'David of Doncaster wins with 125 points: 66 from goods, 42 gold and 17 from King/Queen bonuses'
    """
    import altair as alt

    frame = scores.reset_index().rename(columns={scores.index.name or "index": "player"})
    frame["player"] = frame["player"].astype(str)
    frame = frame.sort_values(["rank", "total"], ascending=[True, False])
    parts = {"goods": t("goods"), "gold": t("gold"), "bonus": t("King/Queen bonus")}
    long = frame.melt(id_vars=["player", "total"], value_vars=list(parts), var_name="part", value_name="points")
    long["part_label"] = long["part"].map(parts)
    long["order"] = long["part"].map({k: i for i, k in enumerate(parts)})
    winners = frame[frame["rank"] == 1]
    w = winners.iloc[0]
    names = " & ".join(winners["player"])
    title = t("{names} {verb} with {total} points: {goods} from goods, {gold} gold and {bonus} from King/Queen bonuses",
              names=names, verb=t("win") if len(winners) > 1 else t("wins"), total=int(w.total), goods=int(w.goods),
              gold=int(w.gold), bonus=int(w.bonus))
    order = list(parts.values())
    y = alt.Y("player:N", sort=list(frame["player"]), title=None)
    bars = alt.Chart(long).mark_bar().encode(
        y=y, x=alt.X("sum(points):Q", title=t("points")),
        color=alt.Color("part_label:N", title=None, sort=order,
                        scale=alt.Scale(domain=order, range=[HONEST_C, MERCHANT_C, OKABE_ITO["purple"]]),
                        legend=alt.Legend(orient="bottom", direction="horizontal")),
        order=alt.Order("order:Q"), tooltip=["player:N", "part_label:N", "points:Q"])
    totals = alt.Chart(frame).mark_text(align="left", dx=4, fontSize=11, fontWeight="bold").encode(
        y=y, x="total:Q", text="total:Q")
    return _finish(alt.layer(bars, totals).properties(width=width - 60, height=30 * len(frame),
                                                      title=_title(title, width)))


# ------------------------------------------------------------------ 9. learning the equilibrium (research corner)
def convergence_chart(history, width: int = WIDTH, height: int = 160):
    """A learner's average strategy over iterations (columns ``iteration``, ``p``, ``q``, ``p_star``, ``q_star``, e.g.
    :func:`sheriff_nb.research.cfr_history`), the closed-form p* and q* as dotted targets.

    >>> import pandas as pd
    >>> history = pd.DataFrame({"iteration": [1, 10, 100], "p": [0.5, 0.3, 0.286], "q": [0.5, 0.45, 0.499],
    ...                         "p_star": 2 / 7, "q_star": 0.5})
    >>> title_text(convergence_chart(history))
    'After 100 iterations the learners inspect 28.6% (p* = 28.6%) and smuggle 49.9% (q* = 50.0%)'
    """
    import altair as alt

    last = history.iloc[-1]
    title = t("After {n} iterations the learners inspect {p} (p* = {ps}) and smuggle {q} (q* = {qs})",
              n=int(last.iteration), p=pct(last.p, 1), ps=pct(last.p_star, 1), q=pct(last.q, 1),
              qs=pct(last.q_star, 1))
    who = {"p": t("sheriff inspects"), "q": t("smuggler loads"), "p_star": "p*", "q_star": "q*"}
    long = history.melt(id_vars=["iteration"], value_vars=list(who), var_name="line", value_name="chance")
    long["line"] = long["line"].map(who)
    order = list(who.values())
    colour = alt.Color("line:N", title=None, sort=order,
                       legend=alt.Legend(**LINE_LEGEND, columns=2, direction="horizontal"),
                       scale=alt.Scale(domain=order, range=[SHERIFF_C, MERCHANT_C, SHERIFF_C, MERCHANT_C]))
    dash = alt.StrokeDash("line:N", title=None, sort=order,
                          scale=alt.Scale(domain=order, range=[[1, 0], [6, 3], [2, 2], [2, 2]]))
    chart = alt.Chart(long).mark_line(strokeWidth=2.5).encode(
        x=alt.X("iteration:Q", title=t("iterations (log scale)"),
                scale=alt.Scale(type="log", domain=[1, int(last.iteration)], nice=False)),
        y=alt.Y("chance:Q", title=t("probability"), axis=alt.Axis(format="%", tickCount=5),
                scale=alt.Scale(domain=[0, 1])),
        color=colour, strokeDash=dash, tooltip=["line:N", "iteration:Q", alt.Tooltip("chance:Q", format=".3f")])
    return _finish(chart.properties(width=width, height=height, title=_title(title, width)))
