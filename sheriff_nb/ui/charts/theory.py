"""Charts of one bag's game (lessons 07, 08 and 13): honesty against lying as the inspection rate grows, the
equilibrium p* and q* against the contraband carried, and p* and q* as one number of the model game moves.

The one-number sweeps use hypothetical numbers (a fine of 7, a contraband worth 12) through
:func:`sheriff_nb.theory.analysis.model_game`, starting from :data:`SCENARIO`, Much the Miller's Son's bag.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from ...engine.cards import CONTRABAND_GOODS, GOODS, card_id, cards
from ...theory import analysis as an
from ...theory.analysis import exact, model_game
from ..i18n import N_, card_name, goods_text, t
from ..numbers import percent, short_number
from ..palette import HONEST_C, LIE_C, MERCHANT_C, OKABE_ITO, SERIES, SHERIFF_C
from .base import (
    DASHES,
    LINE_LEGEND,
    TEXT_SIZE,
    WIDTH,
    Parts,
    assemble,
    chart_title,
    finish,
    json_records,
    named_data,
    title_text,  # noqa: F401 - the doctests read titles with it
)
from .drawing import drawing

__all__ = [
    "SCENARIO", "PARAMETERS", "ev_data", "ev_parts", "ev_chart", "equilibrium_data", "equilibrium_chart",
    "sweep_data", "sweep_title", "sweep_parts", "sweep_chart",
]  # fmt: skip

SCENARIO = {"n": 4, "c": 2, "a": 2, "v": 6, "f": 4, "w": 0, "merchant_w": 0}
"""Much the Miller's Son's bag (lesson 08): 4 Apples declared (a = 2), 2 of them replaced by Pepper (v = 6, f = 4)."""


def _confiscated(bag: Counter, declared: str) -> Counter:
    """The cards an inspection would take: everything that is not the declared good."""
    return Counter({g: n for g, n in bag.items() if g != card_id(declared)})


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
    base = an.baseline(bag, declared, baseline)  # the same default baseline as breakeven()
    rows = []
    for option, b in (("honest", base), ("lie", bag)):
        passed, inspected, _ = an.baseline_outcomes(b, declared) if option == "honest" else an.outcomes(b, declared)
        for i in range(steps + 1):
            p = Fraction(i, steps)
            ev = (1 - p) * passed + p * inspected
            rows.append(
                {"p": float(p), "option": option, "series": _EV_SERIES[option](), "ev": float(ev), "exact": str(ev)}
            )
    return pd.DataFrame(rows)


_EV_SERIES = {"honest": lambda: t("honest bag"), "lie": lambda: t("this bag")}


def ev_parts(bag, declared: str, p=None, baseline=None, naive: bool = False) -> Parts:
    """The datasets (``lines``, ``rules``, ``current``) and title of :func:`ev_chart`."""
    bag = cards(bag)
    base = an.baseline(bag, declared, baseline)
    detail = an.breakeven_detail(bag, declared, baseline)
    extra = _confiscated(bag, declared) if baseline is None else bag - base
    if baseline is None and all(GOODS[g].kind != "legal" for g in extra):
        what = t("Smuggling {goods}", goods=goods_text(extra))
    elif baseline is None:  # legal cards of another good are not smuggled: they replace declared ones
        what = t("Replacing {honest} with {goods}", honest=goods_text(base - bag), goods=goods_text(extra))
    elif base <= bag and an.baseline_declaration(base, declared) == card_id(declared):
        what = t("Adding {goods}", goods=goods_text(extra))  # the honest cards stay: the rest is added on top
    else:
        what = t("This bag instead of {honest}", honest=goods_text(base, "no bag"))
    if detail.p is not None:
        title = t("{what} pays only while the sheriff inspects less than {p} of bags", what=what, p=percent(detail.p))
    elif detail.reason == an.NEVER:
        title = t("Honesty beats {what} at every inspection rate", what=what[0].lower() + what[1:])
    elif detail.reason == an.ALWAYS:
        title = t("{what} pays at every inspection rate, even if every bag is opened", what=what)
    else:
        title = t("This bag is the honest bag: both lines are the same")
    subtitle = t(
        "honest bag: {a} · this bag: {b}, declared as {n} {good}",
        a=goods_text(base, "no bag"),
        b=goods_text(bag),
        n=sum(bag.values()),
        good=card_name(declared, sum(bag.values())),
    )
    rules = []
    if detail.p is not None:
        rules.append({"at": float(detail.p), "text": t("break-even {p}", p=percent(detail.p)), "kind": "breakeven"})
    if naive and extra:
        v = sum(GOODS[g].value * k for g, k in extra.items())
        f = sum(GOODS[g].penalty * k for g, k in extra.items())
        guess = Fraction(v, v + f)
        rules.append({"at": float(guess), "text": t("naive {p}", p=percent(guess)), "kind": "naive"})
        subtitle = t(
            "The newcomer's rule {v}/({v}+{f}) = {p} forgets the {k} gold an opened honest bag earns",
            v=v,
            f=f,
            p=percent(guess),
            k=2 * sum(base.values()),
        )
    current = []
    if p is not None:
        at = exact(p)
        (hp, hi, _), (lp, li, _) = an.baseline_outcomes(base, declared), an.outcomes(bag, declared)
        values = [(1 - at) * hp + at * hi, (1 - at) * lp + at * li]
        above = int(values[1] >= values[0])  # the higher point's label goes above, the lower one's below
        # ... on the side where the two lines part (the higher one rising faster goes right): no label on a line
        slopes = (hi - hp, li - lp)
        right = slopes[above] >= slopes[1 - above]
        current = [
            {
                "p": float(at),
                "series": _EV_SERIES[o](),
                "ev": float(v),
                "text": short_number(v),
                "up": i == above,
                "right": right,
            }
            for i, (o, v) in enumerate(zip(("honest", "lie"), values, strict=True))
        ]
    lines = json_records(ev_data(bag, declared, baseline, steps=1)[["p", "series", "ev"]])
    return Parts({"lines": lines, "rules": rules, "current": current}, title, subtitle)


def ev_spec(parts: Parts, width: int = WIDTH, height: int = 260):
    """The expected-value chart's Altair spec from its data ``parts`` (the live chart redraws it with new data)."""
    import altair as alt

    order = [_EV_SERIES["honest"](), _EV_SERIES["lie"]()]
    colour = alt.Color(
        "series:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[HONEST_C, LIE_C]), legend=LINE_LEGEND
    )
    dash = alt.StrokeDash("series:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[[1, 0], [6, 3]]))
    x = alt.X(
        "p:Q",
        title=t("chance the sheriff inspects"),
        axis=alt.Axis(format="%", tickCount=5),
        scale=alt.Scale(domain=[0, 1]),
    )
    naive = alt.datum.kind == "naive"
    layers = [
        alt.Chart(named_data("lines"))
        .mark_line(strokeWidth=3)
        .encode(x=x, y=alt.Y("ev:Q", title=t("expected value (points + gold)")), color=colour, strokeDash=dash),
        alt.Chart(named_data("rules"))
        .mark_rule(strokeWidth=1.5)
        .encode(
            x="at:Q",
            color=alt.condition(naive, alt.value(OKABE_ITO["grey"]), alt.value("#333")),
            strokeDash=alt.condition(naive, alt.value([2, 2]), alt.value([1, 0])),
        ),
        alt.Chart(named_data("current"))
        .mark_point(size=90, filled=True, opacity=1)
        .encode(x="p:Q", y="ev:Q", color=colour, shape=alt.value("circle")),
    ]
    for kind, y, ink in (("breakeven", 0, "#111"), ("naive", height - 16, "#555")):
        layers.append(
            alt.Chart(named_data("rules"))
            .transform_filter(alt.datum.kind == kind)
            .mark_text(align="left", dx=4, baseline="top", fontSize=TEXT_SIZE, color=ink)
            .encode(x="at:Q", y=alt.value(y), text="text:N")
        )
    for up in (True, False):
        for right in (True, False):
            layers.append(
                alt.Chart(named_data("current"))
                .transform_filter((alt.datum.up == up) & (alt.datum.right == right))
                .mark_text(
                    align="left" if right else "right",
                    dx=6 if right else -6,
                    dy=-16 if up else 18,
                    fontSize=TEXT_SIZE,
                    fontWeight="bold",
                )
                .encode(x="p:Q", y="ev:Q", text="text:N", color=colour)
            )
    return assemble(layers, parts, width, height)


@drawing
def ev_chart(bag, declared: str, p=None, baseline=None, naive: bool = False, width: int = WIDTH, height: int = 260):
    """Expected value of honesty and of ``bag`` against the inspection probability, the break-even marked.

    ``p``: the reader's inspection probability (points on both lines); ``baseline``: the honest bag to compare
    with (default ``len(bag)`` x ``declared``; a smaller honest bag, such as
    :func:`~sheriff_nb.theory.analysis.honest_alternative`, asks lesson 07's marginal-card question);
    ``naive``: also mark the newcomer's rule v/(v+f), which forgets that an opened honest bag pays 2 per card.

    >>> chart = ev_chart({"apples": 3, "pepper": 1}, "apples", baseline={"apples": 3}, naive=True)
    >>> title_text(chart)
    'Adding 1 Pepper pays only while the sheriff inspects less than 38% of bags'
    >>> chart.title.subtitle[0].startswith("The newcomer's rule 6/(6+4) = 60% forgets")
    True
    >>> [r["kind"] for r in chart.to_dict()["datasets"]["rules"]]
    ['breakeven', 'naive']
    >>> will = {"chickens": 2, "bread": 1, "silk": 1}
    >>> title_text(ev_chart(will, "chickens", baseline=an.honest_alternative(will, "chickens")))
    'Adding 1 Bread + 1 Silk pays only while the sheriff inspects less than 52% of bags'
    """
    return ev_spec(ev_parts(bag, declared, p, baseline, naive), width, height)


# ------------------------------------------------------------------ 2. equilibrium vs contraband carried
def equilibrium_data(declared: str = "apples", size: int = 4, goods: Sequence[str] = CONTRABAND_GOODS, w=0):
    """p* and q* for bags of ``size`` cards declared as ``declared``, with c = 1..size of them replaced by each of
    ``goods`` (computed by :func:`sheriff_nb.theory.analysis.inspection_game`).

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
            rows.append(
                {
                    "good": card_name(good),
                    "contraband": c,
                    "p_inspect": float(e.p_inspect),
                    "q_lie": float(e.q_lie),
                    "p_exact": str(e.p_inspect),
                    "q_exact": str(e.q_lie),
                    "kind": e.kind,
                }
            )
    return pd.DataFrame(rows)


def _equilibrium_titles(data, names: list[str]) -> tuple[str, str, bool]:
    """The finding of :func:`equilibrium_chart` (whether every good gives the same q*), its subtitle at half the
    bag smuggled, and that same-q* flag."""
    size = int(data["contraband"].max())
    mid = data[data.contraband == max(1, size // 2)]
    same_q = data.groupby("contraband")["q_lie"].agg(lambda s: s.max() - s.min()).max() < 1e-12
    goods = ", ".join(names[:-1]) + " " + t("and") + " " + names[-1] if len(names) > 1 else names[0]
    if same_q:
        title = t("{goods} give the same q*: only the sheriff reacts to what the contraband is worth", goods=goods)
    else:
        title = t("The contraband carried changes both p* and q*")
    low, high = mid.loc[mid.p_inspect.idxmin()], mid.loc[mid.p_inspect.idxmax()]
    q_text = (
        t("the merchant lies with q* = {q} whatever the good", q=percent(mid.q_lie.iloc[0]))
        if same_q
        else t("q* from {a} to {b}", a=percent(mid.q_lie.min()), b=percent(mid.q_lie.max()))
    )
    subtitle = t(
        "{c} of {n} cards smuggled: {q}; the sheriff inspects with p* from {a} ({g1}) to {b} ({g2})",
        c=int(mid.contraband.iloc[0]),
        n=size,
        q=q_text,
        a=percent(low.p_inspect),
        g1=low.good,
        b=percent(high.p_inspect),
        g2=high.good,
    )
    return title, subtitle, same_q


@drawing
def equilibrium_chart(data=None, width: int = WIDTH, height: int = 170):
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
    title, subtitle, same_q = _equilibrium_titles(data, names)
    colour = alt.Color(
        "good:N",
        title=None,
        sort=names,
        scale=alt.Scale(domain=names, range=SERIES[: len(names)]),
        legend=alt.Legend(orient="bottom", direction="horizontal", columns=4, symbolType="stroke"),
    )
    dash = alt.StrokeDash("good:N", title=None, sort=names, scale=alt.Scale(domain=names, range=DASHES[: len(names)]))

    def panel(field: str, exact: str, label: str, bottom: bool):
        x = alt.X(
            "contraband:O", title=t("contraband cards in the bag (c)") if bottom else None, axis=alt.Axis(labelAngle=0)
        )
        return (
            alt.Chart(data)
            .mark_line(point=True, strokeWidth=2.5)
            .encode(
                x=x,
                y=alt.Y(
                    f"{field}:Q", title=label, axis=alt.Axis(format="%", tickCount=4), scale=alt.Scale(domain=[0, 1])
                ),
                color=colour,
                strokeDash=dash,
                tooltip=["good:N", "contraband:O", alt.Tooltip(f"{exact}:N", title=label)],
            )
            .properties(width=width, height=height)
        )

    bottom = panel("q_lie", "q_exact", t("merchant lies q*"), True)
    if same_q and len(names) > 1:
        note = (
            alt.Chart(data.iloc[:1])
            .mark_text(align="right", baseline="top", fontSize=TEXT_SIZE, color="#333")
            .encode(
                x=alt.value(width - 4),
                y=alt.value(4),
                text=alt.value(t("all {n} lines lie on top of each other", n=len(names))),
            )
        )
        bottom = alt.layer(bottom, note)
    chart = alt.vconcat(panel("p_inspect", "p_exact", t("sheriff inspects p*"), False), bottom, spacing=6)
    return finish(chart.properties(title=chart_title(title, width, subtitle)))


# ------------------------------------------------------------------ 3. one parameter at a time (model game)
PARAMETERS = {
    "v": (N_("the contraband's value v"), N_("contraband value v")),
    "c": (N_("the number of contraband cards c"), N_("contraband cards c")),
    "f": (N_("the fine f"), N_("fine per contraband card f")),
    "w": (N_("the sheriff's rivalry weight w"), N_("sheriff's rivalry weight w")),
    "merchant_w": (N_("the merchant's rivalry weight"), N_("merchant's rivalry weight")),
    "rivalry": (N_("the rivalry weight of both players"), N_("rivalry weight w = merchant_w (both)")),
    "n": (N_("the bag size n"), N_("cards in the bag n")),
    "a": (N_("the declared good's value a"), N_("declared good's value a")),
}
_WHO = {"p_inspect": lambda: t("sheriff inspects (p*)"), "q_lie": lambda: t("merchant lies (q*)")}


def sweep_data(param: str, values: Iterable, **scenario):
    """p*, q* and the values of :func:`model_game` as ``param`` (a key of :data:`PARAMETERS`: ``v``, ``c``, ``f``,
    ``w``, ``merchant_w``, ``n``, ``a``, or ``rivalry``: both weights at once) runs through ``values``; the other
    numbers come from ``scenario`` (default :data:`SCENARIO`, Much's bag).

    >>> sweep_data("f", [2, 4, 8])[["f", "p_exact", "q_exact"]].values.tolist()
    [[2.0, '1/3', '2/3'], [4.0, '2/7', '1/2'], [8.0, '2/9', '1/3']]
    >>> sweep_data("rivalry", [0, 1])[["rivalry", "p_exact", "q_exact"]].values.tolist()    # the duel: both fall
    [[0.0, '2/7', '1/2'], [1.0, '2/11', '4/11']]
    """
    import pandas as pd

    if param not in PARAMETERS:
        raise ValueError(f"param must be one of {', '.join(PARAMETERS)}; got {param!r}")
    rows = []
    for x in values:
        numbers = {**SCENARIO, **scenario, **({"w": x, "merchant_w": x} if param == "rivalry" else {param: x})}
        e = model_game(**numbers).equilibrium()
        rows.append(
            {
                param: float(x),
                "p_inspect": float(e.p_inspect),
                "q_lie": float(e.q_lie),
                "p_exact": str(e.p_inspect),
                "q_exact": str(e.q_lie),
                "kind": e.kind,
                "merchant_value": float(e.merchant_value),
                "sheriff_value": float(e.sheriff_value),
            }
        )
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
            parts.append(t("{name} {verb} from {a} to {b}", name=name, verb=verb, a=percent(first), b=percent(last)))
        else:
            still.append(t("{name} stays at {a}", name=name, a=percent(first)))
    changes = "; ".join(([f" {t('and')} ".join(parts)] if parts else []) + still)
    return t(
        "As {what} rises from {a} to {b}, {changes}",
        what=t(PARAMETERS[param][0]),
        a=short_number(x0),
        b=short_number(x1),
        changes=changes,
    )


def sweep_parts(data, param: str, current=None, marks: Mapping | None = None) -> Parts:
    """The datasets (``lines``, ``marks``, ``current``) and title of :func:`sweep_chart`."""
    long = data.melt(id_vars=[param], value_vars=list(_WHO), var_name="who", value_name="chance")
    long["who"] = long["who"].map({k: f() for k, f in _WHO.items()})
    lines = json_records(long.rename(columns={param: "x"}))
    tick_marks = [{"x": float(k), "text": v} for k, v in (marks or {}).items()]
    here = []
    if current is not None:
        at = int((data[param] - float(current)).abs().argsort().iloc[0])
        row, last = data.iloc[at], data.iloc[min(at + 1, len(data) - 1)]
        # the number goes above the point, on the side where its line runs lower: never on the line
        here = [
            {
                "x": float(current),
                "who": _WHO[k](),
                "chance": float(row[k]),
                "text": percent(row[k]),
                "right": float(last[k]) <= float(row[k]),
            }
            for k in _WHO
        ]
    return Parts({"lines": lines, "marks": tick_marks, "current": here}, sweep_title(data, param))


def sweep_spec(parts: Parts, param: str, width: int = WIDTH, height: int = 240):
    """The sweep chart's Altair spec over ``param`` from its data ``parts`` (the live chart redraws it)."""
    import altair as alt

    order = [f() for f in _WHO.values()]
    colour = alt.Color(
        "who:N",
        title=None,
        sort=order,
        scale=alt.Scale(domain=order, range=[SHERIFF_C, MERCHANT_C]),
        legend=LINE_LEGEND,
    )
    dash = alt.StrokeDash("who:N", title=None, sort=order, scale=alt.Scale(domain=order, range=[[1, 0], [6, 3]]))
    whole = {"format": "d", "tickMinStep": 1} if param in ("c", "n") else {}
    x = alt.X("x:Q", title=t(PARAMETERS[param][1]), axis=alt.Axis(tickCount=6, **whole))
    marks = parts.datasets.get("marks") or []
    # The other layers share the x scale.  With the named marks, whose own axis sits on top, the axes are independent
    # and only the lines draw the bottom one; without them the layers' axes merge, and one without an axis took the
    # bottom axis away (the sweeps over c, n, f and w had no x axis), so each layer repeats the lines' axis.
    plain = alt.X("x:Q", axis=None) if marks else x
    layers = [
        alt.Chart(named_data("lines"))
        .mark_line(strokeWidth=3)
        .encode(
            x=x,
            y=alt.Y(
                "chance:Q",
                title=t("probability"),
                axis=alt.Axis(format="%", tickCount=5),
                scale=alt.Scale(domain=[0, 1]),
            ),
            color=colour,
            strokeDash=dash,
        ),
        alt.Chart(named_data("current")).mark_rule(color="#333", strokeDash=[2, 2]).encode(x=plain),
        alt.Chart(named_data("current"))
        .mark_point(size=80, filled=True, opacity=1)
        .encode(x=plain, y="chance:Q", color=colour),
    ] + [
        alt.Chart(named_data("current"))
        .transform_filter(alt.datum.right == right)
        .mark_text(
            align="left" if right else "right", dx=7 if right else -7, dy=-10, fontSize=TEXT_SIZE, fontWeight="bold"
        )
        .encode(x=plain, y="chance:Q", text="text:N", color=colour)
        for right in (True, False)
    ]
    if marks:  # named x positions (the real cards): faint rules, their names above the plot, never on a line
        names = ", ".join(f"{json.dumps(_js_number(m['x']))}: {json.dumps(m['text'])}" for m in marks)
        top = alt.Axis(
            orient="top",
            values=[m["x"] for m in marks],
            labelExpr=f"{{{names}}}[datum.value]",
            labelAngle=-90,
            labelAlign="left",
            labelBaseline="middle",
            title=None,
            grid=False,
            domain=False,
            tickSize=4,
            labelColor="#444",
            labelPadding=4,
        )
        layers.insert(
            1,
            alt.Chart(named_data("marks")).mark_rule(color="#999", strokeDash=[1, 3]).encode(x=alt.X("x:Q", axis=top)),
        )
    return assemble(layers, parts, width, height, independent_x=bool(marks))


def _js_number(x: float) -> str:
    """How JavaScript writes a number (``6``, ``0.25``, ``0.3333333333333333``): the key a Vega label expression
    looks ``datum.value`` up by.

    >>> _js_number(6.0), _js_number(0.25), _js_number(1 / 3)
    ('6', '0.25', '0.3333333333333333')
    """
    x = float(x)
    return str(int(x)) if x == int(x) else repr(x)


@drawing
def sweep_chart(data, param: str, current=None, marks: Mapping | None = None, width: int = WIDTH, height: int = 240):
    """p* (sheriff, blue, solid) and q* (merchant, orange, dashed) against one parameter, from :func:`sweep_data`.

    ``current``: the slider's value (a vertical rule with both numbers); ``marks``: labelled x positions, e.g. the
    real cards ``{6: "Pepper", 9: "Crossbow"}``.

    >>> chart = sweep_chart(sweep_data("v", range(3, 13)), "v", current=6)
    >>> title_text(chart)
    "As the contraband's value v rises from 3 to 12, p* rises from 9% to 50%; q* stays at 50%"
    >>> [r["text"] for r in chart.to_dict()["datasets"]["current"]]
    ['29%', '50%']
    """
    return sweep_spec(sweep_parts(data, param, current, marks), param, width, height)
