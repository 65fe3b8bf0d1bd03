"""Lesson 14's widgets: a non-binding promise played on the engine, when a promise pays for itself (one slider:
the chance of meeting again), the last-round unravelling, learners moving around p* and q* (one slider: how long
they have played), and the "place your bets" prompts, answers computed from :mod:`sheriff_nb.theory.repeated` and
:mod:`sheriff_nb.theory.learning`.

>>> explorer = promise_explorer()
>>> explorer.slider.value = Fraction(3, 4)      # Much keeps his promise from about 0.705, Sir Guy from 0.845
>>> "so he keeps it" in explorer.readout.value, "so he breaks it" in explorer.readout.value
(True, True)

Its bets are ``"14.*"`` in :data:`sheriff_nb.ui.widgets.bets.BETS`:

>>> from sheriff_nb.ui.widgets import bet
>>> bet("14.promise").answer, bet("14.last_round").answer
('he breaks it', 'in none')
"""

from __future__ import annotations

import importlib
import json
from fractions import Fraction
from functools import cached_property

import ipywidgets as W

from ...play.schedule import sheriff_rounds, unravel
from ...theory.analysis import exact
from ...theory.learning import START, game_of
from ...theory.repeated import CAST, Promise, merchant_promise, promise_script, sheriff_promise
from .. import display
from ..charts.base import WIDTH
from ..charts.course import learning_parts, promise_parts
from ..i18n import card_name, goods_text, rule_message, t
from ..numbers import chance, fraction, money, number, percent
from ..palette import MERCHANT_INK, SHERIFF_INK
from .base import choice_slider, error_html, esc, html_widget, note, ok_html, scroll_box, table_html
from .bets import register
from .chart_slot import ChartSlot, drawn_by, side_by_side
from .scoring import player_name

__all__ = [
    "promise_demo",
    "PromiseExplorer",
    "promise_explorer",
    "promise_worked",
    "schedule_table",
    "unravel_table",
    "LearningExplorer",
    "learning_explorer",
]

AGAIN = [Fraction(k, 20) for k in range(0, 20)]
"""The slider's stops: 0% to 95% in steps of 5% (both thresholds are irrational: no stop falls on one)."""
LESSON08 = game_of()
LEADER_P = LESSON08.leadership().p_inspect
BETWEEN = next(x for x in AGAIN if merchant_promise().threshold < x < sheriff_promise().threshold)
"""The first stop where Much keeps his promise and Sir Guy breaks his (the "harder" bet's worked example)."""
ROUNDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000]
TIMES = [Fraction(k, 10) for k in range(1, 31)]


# ------------------------------------------------------------------ 1. a promise on the engine
def promise_demo() -> W.HTML:
    """The steps of :func:`sheriff_nb.theory.repeated.promise_script`, each with what the engine said."""
    rows = []
    for step in promise_script():
        said = ok_html(t("allowed")) if step["result"] == "ok" else error_html(rule_message(step["result"]))
        bag = step["bag"]
        inside = (
            ""
            if bag is None
            else note(
                t(
                    "(the bag: {cards}, declared as {n} {good})",
                    cards=goods_text(bag["cards"]),
                    n=bag["declared"][1],
                    good=card_name(bag["declared"][0], bag["declared"][1]),
                ),
                colour="#555",
            )
        )
        rows.append(
            f"<tr><td style='padding:3px 6px;vertical-align:top'>{step['round']}</td>"
            f"<td style='padding:3px 6px;vertical-align:top'><b>{esc(player_name(step['who']))}</b> {esc(t(step['action']))}"
            f"{inside}</td><td style='padding:3px 6px;vertical-align:top;min-width:140px'>{said}</td></tr>"
        )
    head = "".join(
        f"<th style='padding:3px 6px;text-align:left;background:#f3f3f3'>{esc(x)}</th>"
        for x in (t("round"), t("what happens"), t("the engine"))
    )
    return html_widget(
        scroll_box(
            f"<table style='border-collapse:collapse;font-size:13px'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
        )
    )


# ------------------------------------------------------------------ 2. when a promise pays for itself
def threshold_text(promise: Promise) -> str:
    """A promise's threshold in closed form and as a decimal: ``(√221 − 5)/14 ≈ 0.705``."""
    return f"{promise.threshold} ≈ {number(float(promise.threshold), 3)}"


def promise_text(promise: Promise, again) -> str:
    """Keeping against breaking for one promise, with the arithmetic (HTML)."""
    d = exact(again)
    ink = MERCHANT_INK if promise.who == "Much" else SHERIFF_INK
    future = promise.future(d)
    power = "δ" if promise.wait == 1 else "δ²"
    worth = (
        t("for ever: keeping is worth more than any one-time gain")
        if future is None
        else f"{fraction(promise.gain)} × {fraction(d) if promise.wait == 1 else f'({fraction(d)})²'} / (1 − ({fraction(d)})²)"
        f" = <b>{money(future)}</b>"
    )
    verdict = t("so he keeps it") if promise.kept(d) else t("so he breaks it")
    t_, g = promise.temptation, promise.gain
    rule = (
        t(
            "He keeps it once G × δ ≥ T × (1 − δ²), with T = {t} and G = {g}: from δ = {d}.",
            t=fraction(t_),
            g=fraction(g),
            d=threshold_text(promise),
        )
        if promise.wait == 1
        else t(
            "He keeps it once G × δ² ≥ T × (1 − δ²), that is δ² ≥ T / (T + G) = {t} / ({t} + {g}) = {s}: from δ = {d}.",
            t=fraction(t_),
            g=fraction(g),
            s=fraction(t_ / (t_ + g)),
            d=threshold_text(promise),
        )
    )
    return note(
        f"<b>{esc(player_name(promise.who))}</b>, {esc(t(promise.what))}: "
        + esc(t("breaking it gains {x} now; keeping it is worth G × {power} / (1 − δ²) = ", x=money(t_), power=power))
        + worth
        + f" — {esc(verdict)}.",
        colour=ink,
        raw=True,
    ) + note(rule, colour="#444")


class PromiseExplorer(W.VBox):
    """One slider: the chance δ that the two meet again.  The chart of keeping against breaking for both promises,
    and the arithmetic."""

    def __init__(self, again=Fraction(1, 2)):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.promises = [merchant_promise(), sheriff_promise()]
        options = [(percent(x, 1) if x.denominator not in (1, 2, 4, 5, 10, 20) else percent(x), x) for x in AGAIN]
        self.slider = choice_slider(options, exact(again), t("meeting again (δ)"), width="380px")
        self.readout = html_widget()
        self.chart = ChartSlot(self._draw)
        self.slider.observe(self.update, names="value")
        self.children = [self.slider, side_by_side(self.chart.out, self.readout)]
        self.update()

    def _draw(self, again, width: int = WIDTH):
        return drawn_by(["promise", again, width], "promise", lambda: promise_parts(again, self.promises), width)

    def update(self, _change=None) -> None:
        """Redo both comparisons and move the chart's marker."""
        d = self.slider.value
        self.readout.value = "".join(promise_text(p, d) for p in self.promises)
        self.chart.show(d)


def promise_explorer(again=Fraction(1, 2)) -> PromiseExplorer:
    """``promise_explorer()``: when is a promise worth keeping? (see :class:`PromiseExplorer`)."""
    return PromiseExplorer(again)


def promise_worked(key: str) -> W.HTML:
    """The worked example that answers the bet ``key`` (``"promise"``, ``"harder"``)."""
    much, guy = merchant_promise(), sheriff_promise()
    if key == "promise":
        lines = [
            note(
                t(
                    "Breaking it: when Much is sheriff he opens Sir Guy's bag, which hides 2 Pepper as always "
                    "under their pact, and takes the fine: T = {t} gold, now.",
                    t=fraction(much.temptation),
                ),
                colour=MERCHANT_INK,
            ),
            note(
                t(
                    "Keeping it: the roles swap at every meeting, so Much is a merchant at every second later "
                    "meeting, the next one first. Each of those is worth {p} (his lie passes) instead of lesson 08's "
                    "{n} when nobody trusts anybody: G = {g}. At the meetings in between he is sheriff and gets {z} "
                    "either way (he passes Sir Guy's lie; lesson 08's sheriff value is {z} too).",
                    p=fraction(much.kept_value),
                    n=money(much.broken_value),
                    g=money(much.gain),
                    z=fraction(LESSON08.payoffs(0, 1)[1]),
                ),
                colour=MERCHANT_INK,
            ),
            promise_text(much, Fraction(1, 2)),
        ]
    elif key == "harder":
        lines = [
            note(
                t(
                    "Sir Guy announced lesson 08's rate, p* = {p}, and merchants who believe him smuggle. Opening "
                    "every bag of this meeting earns {a} instead of {b}: T = {t}. Once caught, nobody believes "
                    "him and he earns lesson 08's {n} instead of {b}: G = {g} at each of his later turns as sheriff, "
                    "every second meeting, the first two meetings on. Here, at δ = {d}:",
                    p=fraction(LEADER_P),
                    a=fraction(guy.temptation + guy.kept_value),
                    b=money(guy.kept_value),
                    t=money(guy.temptation),
                    n=fraction(guy.broken_value),
                    g=money(guy.gain),
                    d=chance(BETWEEN),
                ),
                colour=SHERIFF_INK,
            ),
            promise_text(guy, BETWEEN),
            promise_text(much, BETWEEN),
        ]
    else:
        raise ValueError(f"no worked example {key!r}")
    return html_widget("".join(lines))


# ------------------------------------------------------------------ 3. the last round
def schedule_table(players: int = 4) -> W.HTML:
    """Who is sheriff in which round, from a whole game played on the engine (the cast's names for 4 players)."""
    rounds = sheriff_rounds(players)
    names = CAST if players == 4 else [t("seat {n}", n=s) for s in range(players)]
    rows = [[player_name(names[s]), ", ".join(map(str, r)), str(max(r))] for s, r in rounds.items()]
    return html_widget(table_html([t("player"), t("sheriff in rounds"), t("last time sheriff")], rows))


def unravel_table() -> W.HTML:
    """Backward induction over Much's and Sir Guy's meetings (:func:`sheriff_nb.theory.repeated.unravel`)."""
    rows = []
    for row in unravel():
        protects = (
            t("nothing: no later meeting")
            if not row["later"]
            else t("nothing: the later meetings are played as in lesson 08 anyway")
        )
        rows.append(
            [
                str(row["round"]),
                player_name(CAST[row["sheriff"]]),
                player_name(CAST[row["merchant"]]),
                str(row["later"]),
                protects,
                t("no") if not row["kept"] else t("yes"),
            ]
        )
    return html_widget(
        note(t("Much and Sir Guy's meetings, from the last back to the first:"), colour="#222")
        + table_html(
            [
                t("round"),
                t("sheriff"),
                t("merchant"),
                t("later meetings"),
                t("what keeping a promise protects"),
                t("kept?"),
            ],
            rows,
        )
    )


# ------------------------------------------------------------------ 4. learning
class LearningExplorer(W.VBox):
    """One slider: how long the learners have played (rounds of fictitious play, or time for the replicator
    dynamics).  Their path in the (q, p) plane against the equilibrium, and where they are now."""

    def __init__(self, kind: str = "fictitious", at=None):
        super().__init__(layout=W.Layout(max_width="100%"))
        if kind not in ("fictitious", "replicator"):
            raise ValueError(f"kind is 'fictitious' or 'replicator'; not {kind!r}")
        self.kind = kind
        self.clock = "rounds" if kind == "fictitious" else "time"
        stops = ROUNDS if kind == "fictitious" else TIMES
        at = exact(at) if at is not None else (Fraction(100) if kind == "fictitious" else Fraction(1))
        options = [(str(x) if kind == "fictitious" else number(x, 1), x) for x in stops]
        label = t("rounds played") if kind == "fictitious" else t("time")
        self.slider = choice_slider(options, int(at) if kind == "fictitious" else at, label, width="380px")
        self.readout = html_widget()
        self.chart = ChartSlot(self._draw)
        self.slider.observe(self.update, names="value")
        self.children = [self.slider, side_by_side(self.chart.out, self.readout)]
        self.update()
        display.warm_up(lambda: importlib.import_module("nashpy"), lambda: self.path)

    @cached_property
    def path(self):
        """The whole run (computed by nashpy once, when first needed)."""
        from ...theory.learning import fictitious_play, replicator

        return (
            fictitious_play(rounds=ROUNDS[-1])
            if self.kind == "fictitious"
            else replicator(duration=float(TIMES[-1]), steps=600)
        )

    def _draw(self, at, width: int = WIDTH):
        key = ["learning", self.kind, at, width]
        return drawn_by(key, "learning", lambda: learning_parts(self.path, float(at), self.clock), width)

    def _text(self, at) -> str:
        path = self.path
        row = path[path[self.clock] <= float(at)].iloc[-1]
        if self.kind == "fictitious":
            (honest0, lies0), (inspect0, pass0) = START
            return "".join(
                [
                    note(
                        t(
                            "After {n} rounds Much has lied in {l} of them and Sir Guy has opened {i} bags.",
                            n=int(row.rounds),
                            l=fraction(row.lies - lies0),
                            i=fraction(row.inspections - inspect0),
                        ),
                        colour="#222",
                    ),
                    note(
                        t(
                            "With their first hunches ({l0} lie and {h0} honest bag; {i0} inspection and {p0} pass) the "
                            "records they reply to are q = {q} lies and p = {p} inspections.",
                            l0=fraction(lies0),
                            h0=fraction(honest0),
                            i0=fraction(inspect0),
                            p0=fraction(pass0),
                            q=percent(row.q, 1),
                            p=percent(row.p, 1),
                        ),
                        colour="#222",
                    ),
                    note(
                        t(
                            "Equilibrium: q* = {q}, p* = {p}. Each round both play a pure best reply to the other's "
                            "record; only the averages close in, slowly, by spiralling.",
                            q=percent(row.q_star, 1),
                            p=percent(row.p_star, 1),
                        ),
                        colour="#444",
                    ),
                ]
            )
        return "".join(
            [
                note(
                    t(
                        "At time {x}: {q} of merchants lie and {p} of sheriffs inspect (q* = {qs}, p* = {ps}).",
                        x=number(at, 1),
                        q=percent(row.q),
                        p=percent(row.p),
                        qs=percent(row.q_star),
                        ps=percent(row.p_star),
                    ),
                    colour="#222",
                ),
                note(
                    t(
                        "Lying spreads while few sheriffs inspect; then inspecting pays and spreads; then honesty; then "
                        "passing. The loop never shrinks: a quantity H that depends only on the two shares "
                        "(sheriff_nb.theory.learning.orbit_constant) stays at {h} all along.",
                        h=number(row.constant, 3).replace("-", "−"),
                    ),
                    colour="#444",
                ),
            ]
        )

    def update(self, _change=None) -> None:
        """Move along the path."""
        at = self.slider.value
        self.readout.value = display.html(["learning text", self.kind, at], lambda: self._text(at))
        self.chart.show(at)


def learning_explorer(kind: str = "fictitious", at=None) -> LearningExplorer:
    """``learning_explorer("fictitious")`` or ``learning_explorer("replicator")`` (see :class:`LearningExplorer`)."""
    return LearningExplorer(kind, at)


# ------------------------------------------------------------------ 5. place your bets
@register("14.promise")
def _bet_promise():
    much = merchant_promise()
    options = [t("he keeps it"), t("he breaks it")]
    again = Fraction(1, 2)
    return (
        t(
            "Much promised to let Sir Guy's bag pass when Much is sheriff. After each meeting there is a {a} in {b} "
            "chance that they meet again with the roles swapped, and a broken promise is never trusted again. "
            "Does a Much who counts his gold keep it?",
            a=again.numerator,
            b=again.denominator,
        ),
        options,
        options[0] if much.kept(again) else options[1],
        t("He keeps promises only when the chance of meeting again is at least {d}.", d=threshold_text(much)),
    )


@register("14.harder")
def _bet_harder():
    much, guy = merchant_promise(), sheriff_promise()
    options = [
        t("Much's promise to pass Sir Guy's bag"),
        t("Sir Guy's promise to open only {a} bags in {b}", a=LEADER_P.numerator, b=LEADER_P.denominator),
        t("both the same"),
    ]
    m, g = float(much.threshold), float(guy.threshold)
    answer = options[0] if m > g else options[1] if g > m else options[2]
    return (
        t("Which promise needs the longer future (a higher chance of meeting again) to be worth keeping?"),
        options,
        answer,
        t("Much's from {m}, Sir Guy's from {g}.", m=threshold_text(much), g=threshold_text(guy)),
    )


@register("14.last_round")
def _bet_last_round():
    rows = unravel()
    last = rows[0]["round"]
    end = max(max(r) for r in sheriff_rounds(4).values())
    options = [
        t("in rounds 1 to {r}, before Much's last turn as sheriff", r=last - 1),
        t("only in round 1"),
        t("in none"),
    ]
    answer = options[2] if not any(r["kept"] for r in rows) else options[0]
    return (
        t(
            "Everyone knows the game ends after round {end}, and Much is sheriff for the last time in round {r}. In "
            "which rounds can a fully rational Sir Guy trust Much's “I'll let you pass when I'm sheriff”?",
            end=end,
            r=last,
        ),
        options,
        answer,
        t(
            "In none: in round {r} nothing is left to protect, so Much breaks it; knowing that, nothing earlier is "
            "protected either, back to round 1.",
            r=last,
        ),
    )


def _fictitious():
    from ...theory.learning import fictitious_play

    row = fictitious_play(rounds=1000).iloc[-1]
    close = abs(row.p - row.p_star) < 0.02 and abs(row.q - row.q_star) < 0.02
    options = [t("close to p* and q*"), t("still far from them"), t("stuck at always or never")]
    return (
        t(
            "Much and Sir Guy stop calculating. Each round, each plays the best reply to the other's record so far "
            "(fictitious play). After 1000 rounds, their averages are…"
        ),
        options,
        options[0] if close else options[1],
        t(
            "p = {p}, q = {q} against p* = {ps}, q* = {qs}.",
            p=percent(row.p, 1),
            q=percent(row.q, 1),
            ps=percent(row.p_star, 1),
            qs=percent(row.q_star, 1),
        ),
    )


def _replicator():
    from ...theory.learning import replicator

    path = replicator()
    settles = float(path.constant.iloc[-1] - path.constant.iloc[0]) > 1e-3  # H grows only if the loop shrinks
    options = [t("they settle at p* and q*"), t("they circle around p* and q* for ever"), t("lying dies out")]
    return (
        t(
            "Now whole populations learn: the merchants who lie become more numerous while lying earns more than "
            "honesty, and the sheriffs who inspect while inspecting earns more than passing (replicator "
            "dynamics). Where do they end up?"
        ),
        options,
        options[0] if settles else options[1],
        t(
            "The shares go round a closed loop: inspecting swings between {a} and {b}.",
            a=percent(path.p.min()),
            b=percent(path.p.max()),
        ),
    )


def _kept(name: str, build) -> list:
    """The bet ``build`` makes, made once and kept on disk (its answer runs nashpy: fast to open afterwards)."""
    return json.loads(display.html(["lesson 14 bet", name], lambda: json.dumps(build())))


@register("14.fictitious")
def _bet_fictitious():
    return _kept("fictitious", _fictitious)


@register("14.replicator")
def _bet_replicator():
    return _kept("replicator", _replicator)
