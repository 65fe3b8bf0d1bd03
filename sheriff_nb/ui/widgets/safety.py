"""Lesson 13's widgets: what a mix guarantees (one slider), a live tournament of an Equilibrium sheriff against one
who never opens a bag, the Gambit export, and the lesson's "place your bets" prompts (answers computed).

>>> explorer = safety_explorer()
>>> explorer.slider.value = Fraction(2, 7)
>>> "guarantees <b>−16/7 ≈ −2.29</b>" in explorer.readout.value
True
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from urllib.parse import quote

import ipywidgets as W

from ...play import tournaments
from ...theory import analysis as an
from ...theory import safety
from .. import display
from ..charts import guarantee_parts
from ..charts.base import WIDTH
from ..display import Drawn
from ..i18n import N_, ngettext, pN_, pt, t
from ..numbers import chance, measured, money, percent
from ..palette import INK_TEXT
from .base import choice_slider, esc, html_widget, labelled, note, table_html
from .bets import register
from .chart_slot import ChartSlot, drawn, side_by_side
from .explorers import MUCH_BAG
from .progress import GamesBar

__all__ = [
    "SafetyExplorer",
    "safety_explorer",
    "SafetyTournament",
    "safety_tournament",
    "tournament_question",
    "tournament_answer",
    "gambit_export",
    "RIVALRY_CASES",
    "rivalry_table_html",
]

_NAMES = {"sheriff": "Sir Guy", "merchant": "Much"}
_MIX = {"sheriff": N_("opens bags with probability"), "merchant": N_("lies with probability")}
_REPLY_WORDS = {  # marked for the catalogues: lesson 13's readout was half English on translated pages
    "sheriff": (N_("if Much is honest"), N_("if Much lies")),
    "merchant": (N_("if Sir Guy inspects"), N_("if Sir Guy passes")),
}


def _game(w=0, merchant_w=0) -> an.InspectionGame:
    return an.inspection_game(MUCH_BAG, "apples", w, merchant_w)


class SafetyExplorer(W.VBox):
    """One slider: the mix of ``player`` (Sir Guy's inspection rate, or Much's lying rate); the chart of his expected
    payoff against each pure reply of the other, and what the mix guarantees next to the safest and the equilibrium
    mixes."""

    def __init__(self, player: str = "sheriff", w=0, merchant_w=0, value=0):
        super().__init__(layout=W.Layout(max_width="100%"))
        if player not in _NAMES:
            raise ValueError(f"player is 'sheriff' or 'merchant'; not {player!r}")
        self.player, self.game = player, _game(w, merchant_w)
        self.safe = safety.maximin(self.game, player)
        e = self.game.equilibrium()
        self.equilibrium = e.p_inspect if player == "sheriff" else e.q_lie
        stops = sorted({Fraction(k, 100) for k in range(101)} | {self.safe.probability, self.equilibrium})
        options = [(percent(x, 1) if x in (self.safe.probability, self.equilibrium) else percent(x), x) for x in stops]
        label = t("Sir Guy opens") if player == "sheriff" else t("Much lies")
        self.slider = choice_slider(options, Fraction(value), label)
        self.readout = html_widget()
        self.chart = ChartSlot(self._draw)
        self.slider.observe(self.update, names="value")
        self.children = [self.slider, side_by_side(self.chart.out, self.readout)]
        self.update()

    def _draw(self, x: Fraction, width: int = WIDTH) -> Drawn:
        return drawn("guarantee", guarantee_parts(self.game, self.player, current=x), width, player=self.player)

    def update(self, _change=None) -> None:
        """The payoff against each reply, the guarantee, and the two reference mixes."""
        x = self.slider.value
        name, other = (
            pt("cast", _NAMES[p]) for p in (self.player, "merchant" if self.player == "sheriff" else "sheriff")
        )
        pairs = safety.lines(self.game, self.player)
        against = "; ".join(
            f"{t(words)}: {money((1 - x) * a + x * b)}"
            for words, (a, b) in zip(_REPLY_WORDS[self.player], pairs, strict=True)
        )
        worst = safety.guarantee(self.game, self.player, x)
        eq_worst = safety.guarantee(self.game, self.player, self.equilibrium)
        self.readout.value = (
            note(
                t(
                    "{name} {mix} {x}. Per bag he expects {against}.",
                    name=name,
                    mix=t(_MIX[self.player]),
                    x=chance(x),
                    against=against,
                ),
                colour="#222",
            )
            + note(
                t("Whatever {other} does, this mix guarantees {g}.", other=other, g=f"<b>{money(worst)}</b>"),
                colour="#222",
                raw=True,
            )
            + note(
                t(
                    "Safest mix: {s}, which guarantees {v}. Equilibrium mix: {e}, which guarantees {ev}.",
                    s=chance(self.safe.probability),
                    v=money(self.safe.value),
                    e=chance(self.equilibrium),
                    ev=money(eq_worst),
                ),
                colour=INK_TEXT,
            )
        )
        self.chart.show(x)


def safety_explorer(player: str = "sheriff", w=0, merchant_w=0, value=0) -> SafetyExplorer:
    """``safety_explorer()``: what each inspection rate guarantees Sir Guy (``player="merchant"``: each lying rate,
    Much); ``w``, ``merchant_w``: relative scoring, as in :func:`sheriff_nb.theory.analysis.inspection_game`."""
    return SafetyExplorer(player, w, merchant_w, value)


# ------------------------------------------------------------------ the live tournament
_PLAYED: dict[tuple[str, int, int], object] = {}


def _tournament(merchant: str, games: int, seed: int, progress=None):
    """:func:`sheriff_nb.play.tournaments.tournament`, played once per process; ``progress`` as in ``simulate``."""
    key = (merchant, games, seed)
    if key not in _PLAYED:
        _PLAYED[key] = tournaments.tournament(merchant, games, seed, progress=progress)
    return _PLAYED[key]


_TABLES = {"honest": N_("honest merchants"), "smuggler": N_("smugglers"), "bluffer": N_("bluffers (lie at q*)")}
_SHERIFFS = {"equilibrium": N_("Equilibrium: opens at p*"), "trusting": N_("Trusting: never opens")}


def average_text(mean, se: float) -> str:
    """A simulated average with its standard error (``−8.5 ± 0.7``); exactly, when every game gave the same
    (``0``: the Trusting sheriff never opens a bag).

    >>> from fractions import Fraction
    >>> average_text(Fraction(-17, 2), 0.74), average_text(Fraction(0), 0.0)
    ('−8.5 ± 0.7', '0')
    """
    return measured(mean, se) if se else money(mean)


def tournament_html(merchant: str, games: int = tournaments.GAMES, seed: int = 0, progress=None) -> str:
    """The sheriffs' gold per game at a table of ``merchant`` characters, as a table with a sentence (HTML)."""
    frame = _tournament(merchant, games, seed, progress)
    rows = [
        [t(_SHERIFFS[r.sheriff]), average_text(r.mean, r.se), money(r.worst), money(r.best), percent(r.losing)]
        for r in frame.itertuples()
    ]
    table = table_html(
        [t("sheriff"), t("gold a game (average ± its error)"), t("worst game"), t("best game"), t("games below 0")],
        rows,
    )
    words = t(
        "{n} games, 4 players, every merchant plays {who}; each number is the gold a sheriff gained while he "
        "was sheriff (simulated now: sn.simulate).",
        n=games,
        who=t(_TABLES[merchant]),
    )
    return note(words, colour="#333") + table


class SafetyTournament(W.VBox):
    """Pick who the merchants are; the Equilibrium and the Trusting sheriffs' gold per game, simulated live."""

    def __init__(self, games: int = tournaments.GAMES, seed: int = 0, merchant: str = "honest"):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.games, self.seed = games, seed
        self.table = labelled(
            W.ToggleButtons(
                options=[(t(label), key) for key, label in _TABLES.items()],
                value=merchant,
                style={"button_width": "auto"},
            ),
            t("merchants"),
        )
        self.result, self.bar = html_widget(), GamesBar()
        self.table.observe(self.update, names="value")
        self.children = [self.table, self.bar, self.result]
        self.update()
        for merchant in _TABLES:  # the other tables, simulated while the reader reads (not on his click)
            display.warm_up(lambda m=merchant: self._html(m))

    def _html(self, merchant: str, progress=None) -> str:
        key = ["safety_tournament", merchant, self.games, self.seed, t("sheriff")]
        return display.html(key, lambda: tournament_html(merchant, self.games, self.seed, progress))

    def update(self, _change=None) -> None:
        """Simulate (or recall) the table and show it; a bar counts the games if they take more than half a
        second."""
        self.bar.start(self.games)
        self.result.value = self._html(self.table.value, self.bar.played)
        self.bar.finish()


def safety_tournament(games: int = tournaments.GAMES, seed: int = 0, merchant: str = "honest") -> SafetyTournament:
    """``safety_tournament()``: a live tournament of sheriffs at tables of honest, smuggling or bluffing merchants."""
    return SafetyTournament(games, seed, merchant)


# ------------------------------------------------------------------ the Gambit export
GAMBIT_FILE_CLASS = "sheriff-gambit-file"
"""The CSS class of a Gambit file's text on the page: its labels stay English (Gambit reads only printable ASCII
labels), and :data:`GAMBIT_KEY` says what they mean in the page's language."""

GAMBIT_KEY = {
    "merchant": pN_("Gambit file", "the merchant (player 1)"),
    "sheriff": pN_("Gambit file", "the sheriff (player 2)"),
    "honest": pN_("Gambit file", "an honest bag"),
    "lie": pN_("Gambit file", "a lying bag"),
    "liar": pN_("Gambit file", "the merchant whose bag is a lie"),
    "offer": pN_("Gambit file", "a bribe is offered with the bag"),
    "silent": pN_("Gambit file", "no bribe comes with the bag"),
    "silence": pN_("Gambit file", "the sheriff sees a bag that comes with no offer"),
    "pass": pN_("Gambit file", "let the bag pass"),
    "inspect": pN_("Gambit file", "inspect the bag"),
    "open": pN_("Gambit file", "open the bag"),
}
"""Each English word a Gambit file uses as a label, and what it means (translated on the page)."""


def gambit_file(game) -> W.HTML:
    """``game``'s Gambit ``.efg`` text (one bag's inspection game, or lesson 12's offer game: anything with
    ``to_efg()``), a link that saves it as a file, how to open it in Gambit, and a key to its English labels in the
    page's language (Gambit reads only plain ASCII labels, so the file itself stays English)."""
    text = game.to_efg()
    link = (
        f"<a download='sheriff.efg' href='data:text/plain;charset=utf-8,{quote(text)}' "
        f"style='font-weight:bold'>{esc(t('Download sheriff.efg'))}</a>"
    )
    how = t(
        "Open it in Gambit (free, gambit-project.org): File → Open, then Tools → Equilibrium; or in Python: "
        'pygambit.read_efg("sheriff.efg") and pygambit.nash.lcp_solve(game).'
    )
    used = set(re.findall(r"[a-z]+", text))
    key = "; ".join(
        f"<code class='{GAMBIT_FILE_CLASS}'>{word}</code> = {esc(pt('Gambit file', meaning))}"
        for word, meaning in GAMBIT_KEY.items()
        if word in used
    )
    why = t("Gambit reads only plain ASCII labels, so the file keeps its English words. They mean:")
    pre = (
        "font-size:12px;line-height:1.35;white-space:pre-wrap;overflow-wrap:anywhere;max-width:100%;"
        "background:#f6f6f6;padding:6px;margin:4px 0"
    )
    return html_widget(
        f"<pre class='{GAMBIT_FILE_CLASS}' lang='en' style='{pre}'>{html.escape(text)}</pre>{link}"
        + note(how, colour="#333")
        + note(f"{esc(why)} {key}.", colour="#333", raw=True)
    )


def gambit_export(bag=None, declared: str = "apples", w=0, merchant_w=0) -> W.HTML:
    """One bag's inspection game (Much's by default) as a Gambit file: :func:`gambit_file`."""
    return gambit_file(an.inspection_game(bag or MUCH_BAG, declared, w, merchant_w))


# ------------------------------------------------------------------ place your bets
@register("13.safety")
def _bet_safety():
    game = _game()
    p = game.equilibrium().p_inspect
    honest = game.payoffs(p, 0)[1]
    options = [t("0, the equilibrium value"), t("more than 0"), t("less than 0")]
    answer = options[0] if honest == 0 else options[1] if honest > 0 else options[2]
    return (
        t(
            "Much stays honest every time. Sir Guy keeps opening bags at his equilibrium rate, {p}. Per bag, Sir Guy "
            "earns on average…",
            p=chance(p),
        ),
        options,
        answer,
        t(
            "{p} × (−8) = {v}: every bag he opens is honest and costs him 8. The equilibrium value 0 assumed "
            "that Much lies half the time.",
            p=chance(p),
            v=money(honest),
        ),
    )


@register("13.merchant_safety")
def _bet_merchant_safety():
    game = _game()
    safe, q = safety.maximin(game, "merchant"), game.equilibrium().q_lie
    choices = [Fraction(0), safe.probability, q, Fraction(1)]
    options = [
        t("never lie"),
        t("lie {x} of the time", x=chance(safe.probability)),
        t("lie {x} of the time (q*)", x=chance(q)),
        t("always lie"),
    ]
    best = max(choices, key=lambda x: (safety.guarantee(game, "merchant", x), -x))
    return (
        t("Much wants a guarantee, whatever Sir Guy does. Which lying rate secures him the most?"),
        options,
        options[choices.index(best)],
        t(
            "Lying {s} of the time secures {v}, his equilibrium value; q* = {q} secures only {g} (if Sir Guy opens "
            "every bag); never lying secures {h}.",
            s=chance(safe.probability),
            v=money(safe.value),
            q=chance(q),
            g=money(safety.guarantee(game, "merchant", q)),
            h=money(safety.guarantee(game, "merchant", 0)),
        ),
    )


def tournament_question() -> tuple[str, list[str]]:
    """The question of the bet ``13.tournament`` and its options."""
    return (
        t(
            "A table where every merchant is honest. Which sheriff ends with more gold: the Equilibrium one, who "
            "opens bags at p*, or the Trusting one, who never opens?"
        ),
        [t("the Equilibrium sheriff"), t("the Trusting sheriff"), t("both the same")],
    )


def tournament_answer(options: list[str], table) -> str:
    """The option of :func:`tournament_question` that a tournament's :func:`~sheriff_nb.play.tournaments.summary`
    at the honest table gives."""
    means = table.set_index("sheriff")["mean"]
    eq, trusting = means["equilibrium"], means["trusting"]
    return options[0] if eq > trusting else options[1] if trusting > eq else options[2]


@register("13.tournament")
def _bet_tournament():
    table = _tournament("honest", tournaments.GAMES, 0)
    question, options = tournament_question()
    rows = table.set_index("sheriff")
    eq, trusting = (average_text(rows.loc[s, "mean"], rows.loc[s, "se"]) for s in ("equilibrium", "trusting"))
    return (
        question,
        options,
        tournament_answer(options, table),
        ngettext(
            "Over {n} game: Equilibrium {e} a game, Trusting {tr}.",
            "Over {n} games: Equilibrium {e} a game, Trusting {tr}.",
            tournaments.GAMES,
            e=eq,
            tr=trusting,
        ),
    )


@register("13.duel")
def _bet_duel():
    before, duel = _game().equilibrium(), _game(1, 1).equilibrium()
    options = [t("more often"), t("less often"), t("just as often")]
    answer = (
        options[0]
        if duel.p_inspect > before.p_inspect
        else options[1]
        if duel.p_inspect < before.p_inspect
        else options[2]
    )
    return (
        t(
            "Now both keep score against each other: every point one gains counts as a point lost by the other "
            "(w = merchant_w = 1, a duel). Compared with page 08, Sir Guy inspects…"
        ),
        options,
        answer,
        t(
            "p* falls from {a} to {b}, and q* from {c} to {d}. Much now also counts Sir Guy's gold, so a fine he "
            "pays, or the compensation an opened honest bag takes from Sir Guy, weighs on him twice: fewer "
            "openings keep him indifferent. Sir Guy counts Much's gain, so a lie that passes costs him too: "
            "fewer lies keep him indifferent.",
            a=chance(before.p_inspect),
            b=chance(duel.p_inspect),
            c=chance(before.q_lie),
            d=chance(duel.q_lie),
        ),
    )


# ------------------------------------------------------------------ rivalry, case by case
RIVALRY_CASES = [
    (Fraction(0), Fraction(0)),
    (Fraction(1), Fraction(0)),
    (Fraction(0), Fraction(1)),
    (Fraction(1), Fraction(1)),
    (Fraction(1, 4), Fraction(1, 4)),
]
"""The (w, merchant_w) pairs of lesson 13's table: nobody, Sir Guy only, Much only, both (a duel), five players."""


def rivalry_table_html(cases=RIVALRY_CASES) -> W.HTML:
    """For each (w, merchant_w): p*, q*, whether the game is zero-sum, and what p* guarantees Sir Guy."""
    rows = []
    for w, m in cases:
        game = _game(w, m)
        e = game.equilibrium()
        rows.append(
            [
                f"{w}, {m}",
                chance(e.p_inspect),
                chance(e.q_lie),
                t("yes") if game.zero_sum else t("no"),
                money(safety.guarantee(game, "sheriff", e.p_inspect)),
                money(safety.maximin(game, "sheriff").value),
            ]
        )
    header = ["w, merchant_w", "p*", "q*", t("zero-sum?"), t("p* guarantees Sir Guy"), t("the most he can secure")]
    return html_widget(table_html(header, rows))
