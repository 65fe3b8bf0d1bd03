"""ipywidgets components for the lessons, built on the rules engine (no rule logic lives here: the widgets
call the engine and show what it says; a broken rule shows its message in red next to the control).

Every widget is made by one call, so a notebook cell is a one-liner::

    import sheriff_nb as sn
    sn.widgets.bag_loader()

All text goes through :func:`sheriff_nb.ui.i18n.t`; call ``sn.widgets.set_language("es")`` (or use
:func:`language_picker`) before building widgets to get them in another language.

>>> import sheriff_nb as sn
>>> sorted(name for name in sn.widgets.__all__ if name.islower())[:3]
['all_or_nothing_table', 'bag_loader', 'bag_summary']
"""

from __future__ import annotations

from pathlib import Path

import ipywidgets as W

from ..charts.results import seat_title
from ..i18n import N_, get_language, languages, set_language, t
from . import rules_bets  # noqa: F401  (registers the bets of lessons 01-06)
from .bag import (
    BagLoader,
    DeclarationForm,
    DeclarationQuiz,
    bag_loader,
    bag_summary,
    declaration_form,
    declaration_quiz,
)
from .base import error_html, esc, html_widget, note, wrap_box
from .belief_bets import belief_worked, offer_table
from .beliefs import BayesExplorer, bayes_explorer
from .bet_widget import Prediction, prediction
from .bets import bet
from .bribe_explorers import bribe_explorer, leadership_explorer
from .cards import GoodsEditor, HandPicker, card, card_html, discard_piles, discards_html, gallery, stand, stand_html
from .cast_tables import cast_table, characters_table
from .classroom_round import Classroom, classroom
from .deck import DeckExplorer, DrawOdds, deck_chart, deck_explorer, draw_odds_explorer
from .edition2 import (
    BlackMarketForm,
    DeputiesExplorer,
    OptionsExplorer,
    black_market_form,
    deputies_explorer,
    deputy_schedule,
    deputy_worked,
    options_explorer,
    royal_example,
    time_limit_story,
)
from .explorers import EvExplorer, GameExplorer, bags_view, ev_explorer, game_explorer
from .findings import experiment
from .hands import kingmaking_html, round_html, size_table_html, threshold_explorer
from .inspection import (
    DebtCalculator,
    InspectCalculator,
    InspectionPanel,
    debt_calculator,
    inspect_calculator,
    inspection_panel,
    outcomes_table,
)
from .market import MarketDemo, market_demo
from .narration import narrate
from .openspiel import all_or_nothing_table, comparison_table, natural_mapping_table, openspiel_status
from .page import page_style
from .phases import round_bar
from .play import PlayDashboard, play_dashboard
from .repeated import (
    LearningExplorer,
    PromiseExplorer,
    learning_explorer,
    promise_demo,
    promise_explorer,
    promise_worked,
    schedule_table,
    unravel_table,
)
from .rulings import example_badge, ruling, ruling_badge
from .safety import gambit_export, gambit_file, rivalry_table_html, safety_explorer, safety_tournament
from .scoring import ScoreSandbox, king_queen_table, score_sandbox, scoreboard
from .signal_map import SignalExplorer, offer_sandbox, signal_explorer
from .theory import (
    count_explorer,
    fine_explorer,
    rivalry_explorer,
    value_explorer,
    weight_explorer,
)
from .tournament import TournamentDashboard, tournament_dashboard

LESSONS = [
    ("00_start_here.ipynb", N_("Start here"), N_("what the game is and how to use these pages")),
    ("01_the_goods.ipynb", N_("The goods"), N_("every card, and what is in the deck")),
    ("02_market.ipynb", N_("Phase 1: Market"), N_("swap cards, both editions, and the odds")),
    ("03_load_the_bag.ipynb", N_("Phase 2: Load the bag"), N_("1 to 5 cards, secretly")),
    ("04_declaration.ipynb", N_("Phase 3: Declaration"), N_("one legal good, the true count")),
    ("05_inspection_and_bribes.ipynb", N_("Phase 4: Inspection and bribes"), N_("pass, open, bargain")),
    ("06_scoring.ipynb", N_("Phase 5 and the end: scoring"), N_("King, Queen and the winner")),
    ("07_expected_values.ipynb", N_("Expected values"), N_("honest or lying: what is a bag worth?")),
    ("08_inspection_odds.ipynb", N_("Inspection odds: the game theory"), N_("how often to inspect, how often to lie")),
    ("09_play_a_game.ipynb", N_("Play a game"), N_("a whole game against the characters")),
    ("10_tournament.ipynb", N_("Tournament"), N_("pick characters, see who wins and why")),
    ("11_research_corner.ipynb", N_("Research corner"), N_("OpenSpiel's sheriff against our formulas")),
    ("12_signals_and_beliefs.ipynb", N_("Signals and beliefs"), N_("what an offer tells the sheriff: Bayes' rule")),
    ("13_safety_and_rivalry.ipynb", N_("Equilibrium or safety?"), N_("what a mix guarantees, and rivalry done right")),
    ("14_repeated_play.ipynb", N_("Repeated play"), N_("reputation, promises, learning, the last round")),
    ("15_real_hands.ipynb", N_("Real hands"), N_("from the 2 × 2 game to the cards you hold")),
    (
        "16_second_edition.ipynb",
        N_("The second edition"),
        N_("six players with Deputies, the Black Market, optional rules"),
    ),
    (
        "17_class_teacher.ipynb",
        N_("Play it as a class: the teacher's page"),
        N_("a live experiment on the class's phones"),
    ),
    (
        "18_class_student.ipynb",
        N_("Play it as a class: the student's page"),
        N_("join with the code, choose, see the result"),
    ),
]
"""The lessons in order: file, title, one line (the menu of ``00_start_here``)."""


def page_title(notebook: str) -> str:
    """The browser tab's title of a lesson in the current language (its notebook's ``metadata.title``, which Voilà
    puts in ``<title>``): the lesson's name first, so that it shows in a narrow tab.

    >>> page_title("02_market.ipynb")
    'Phase 1: Market · Sheriff of Nottingham'
    """
    title = dict((f, title) for f, title, _ in LESSONS)[notebook]
    return t("{lesson} · Sheriff of Nottingham", lesson=t(title))


_CLASS_PAGES = {
    "teacher_page": "class_teacher",
    "TeacherPage": "class_teacher",
    "student_page": "class_student",
    "StudentPage": "class_student",
}


def __getattr__(name: str):
    """The class-session pages (lessons 17-18) load their database layer only when first used."""
    if name in _CLASS_PAGES:
        import importlib

        return getattr(importlib.import_module(f".{_CLASS_PAGES[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def contents_html() -> str:
    """Links to every lesson, titles in the current language (relative links, so they work in Voilà and JupyterLab
    and stay in the folder of the page's language)."""
    items = "".join(
        f"<li style='margin:3px 0;line-height:1.35'><a href='{f}' target='_self'>"
        f"{esc(t(title))}</a> — {esc(t(line))}</li>"
        for f, title, line in LESSONS
    )
    return f"<ol start='0' style='padding-left:22px;max-width:100%'>{items}</ol>"


def start_page(lang: str, here: str | None = None) -> str:
    """The relative link from a lesson in ``here``'s folder (default: the folder the kernel runs in, which is the
    notebook's own in Voilà and JupyterLab) to the start page of ``lang`` (``notebooks/<lang>/``; English at the
    top).

    >>> start_page("ru", here="en"), start_page("en", here="ru"), start_page("de", here="pt-BR")
    ('ru/00_start_here.ipynb', '../00_start_here.ipynb', '../de/00_start_here.ipynb')
    """
    here = page_language() if here is None else here
    up = "" if here == "en" else "../"
    return f"{up}00_start_here.ipynb" if lang == "en" else f"{up}{lang}/00_start_here.ipynb"


def page_language() -> str:
    """The language of the lesson folder the kernel runs in (``notebooks/<lang>/``; ``en`` for ``notebooks/``)."""
    return Path.cwd().name if Path.cwd().name in languages() else "en"


def languages_html(chosen: str | None = None) -> str:
    """The start page of every other language, each in its own words; a ``chosen`` language other than the page's
    first, as a button-like link.

    The list names every language but the ``chosen`` one (the page's by default), the page's own included, so a
    reader who picked Russian on the English page still sees the way back to English.

    >>> html = languages_html("ru"); "ru/00_start_here.ipynb" in html, html.count("<a "), html.count("lang='ru'")
    (True, 5, 1)
    >>> "lang='en'" in html, "lang='en'" in languages_html()
    (True, False)
    """
    chosen = chosen or page_language()
    links = [
        f"<a href='{start_page(code)}' target='_self' lang='{code}'>{esc(name)}</a>"
        for code, name in languages().items()
        if code != chosen
    ]
    lead = ""
    if chosen != page_language():
        lead = (
            f"<a class='sheriff-open-language' href='{start_page(chosen)}' target='_self' lang='{chosen}' "
            f"style='display:inline-block;margin:4px 0;padding:5px 12px;border-radius:4px;background:#0072B2;"
            f"color:#fff;text-decoration:none;font-weight:bold'>"
            f"{esc(t('Open the lessons in {language}', language=languages()[chosen]))} →</a><br>"
        )
    return f"<div style='line-height:1.6;max-width:100%'>{lead}{esc(t('Every language:'))} {' · '.join(links)}</div>"


class LanguagePicker(W.VBox):
    """A language menu: switches :func:`t` for the widgets of this page built afterwards, and offers the chosen
    language's start page (``notebooks/<lang>/00_start_here.ipynb``, every lesson translated); below, the start page
    of every language."""

    def __init__(self):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.menu = W.Dropdown(
            options=[(name, code) for code, name in languages().items()],
            value=get_language(),
            description=t("Language"),
            style={"description_width": "initial"},
            layout=W.Layout(width="260px", max_width="100%"),
        )
        self.sample = html_widget()
        self.links = html_widget()
        self.menu.observe(self._picked, names="value")
        self.children = [self.menu, self.sample, self.links]
        self._picked()

    def _picked(self, _change=None) -> None:
        set_language(self.menu.value)
        self.menu.description = t("Language")
        self.sample.value = "".join(card_html(g, size="s") for g in ("apples", "silk", "golden_apples"))
        self.links.value = languages_html(self.menu.value)


def language_picker() -> LanguagePicker:
    """``sn.widgets.language_picker()``: choose a language; the link then opens its start page."""
    return LanguagePicker()


def contents() -> W.HTML:
    """The list of lessons as a widget (see :func:`contents_html`)."""
    return html_widget(contents_html())


__all__ = [
    "card",
    "card_html",
    "gallery",
    "HandPicker",
    "GoodsEditor",
    "stand",
    "stand_html",
    "discard_piles",
    "discards_html",
    "deck_explorer",
    "DeckExplorer",
    "deck_chart",
    "draw_odds_explorer",
    "DrawOdds",
    "market_demo",
    "MarketDemo",
    "bag_loader",
    "BagLoader",
    "bag_summary",
    "declaration_form",
    "DeclarationForm",
    "declaration_quiz",
    "DeclarationQuiz",
    "inspection_panel",
    "InspectionPanel",
    "inspect_calculator",
    "InspectCalculator",
    "debt_calculator",
    "DebtCalculator",
    "outcomes_table",
    "scoreboard",
    "score_sandbox",
    "ScoreSandbox",
    "king_queen_table",
    "round_bar",
    "narrate",
    "cast_table",
    "characters_table",
    "seat_title",
    "bet",
    "ruling",
    "ruling_badge",
    "example_badge",
    "experiment",
    "start_page",
    "languages_html",
    "language_picker",
    "LanguagePicker",
    "contents",
    "contents_html",
    "LESSONS",
    "error_html",
    "note",
    "html_widget",
    "wrap_box",
    "set_language",
    "get_language",
    "languages",
    "t",
    "page_style",
    "page_title",
    "bags_view",
    "ev_explorer",
    "EvExplorer",
    "game_explorer",
    "GameExplorer",
    "prediction",
    "Prediction",
    "value_explorer",
    "count_explorer",
    "fine_explorer",
    "weight_explorer",
    "bribe_explorer",
    "leadership_explorer",
    "classroom",
    "Classroom",
    "play_dashboard",
    "PlayDashboard",
    "tournament_dashboard",
    "TournamentDashboard",
    "characters_table",
    "rivalry_explorer",
    "safety_explorer",
    "safety_tournament",
    "gambit_export",
    "gambit_file",
    "rivalry_table_html",
    "openspiel_status",
    "comparison_table",
    "natural_mapping_table",
    "all_or_nothing_table",
    "threshold_explorer",
    "size_table_html",
    "round_html",
    "kingmaking_html",
    "bayes_explorer",
    "BayesExplorer",
    "signal_explorer",
    "SignalExplorer",
    "offer_sandbox",
    "offer_table",
    "belief_worked",
    "promise_demo",
    "promise_explorer",
    "PromiseExplorer",
    "promise_worked",
    "schedule_table",
    "unravel_table",
    "learning_explorer",
    "LearningExplorer",
    "deputies_explorer",
    "DeputiesExplorer",
    "deputy_schedule",
    "deputy_worked",
    "black_market_form",
    "BlackMarketForm",
    "options_explorer",
    "OptionsExplorer",
    "time_limit_story",
    "royal_example",
    "teacher_page",
    "TeacherPage",
    "student_page",
    "StudentPage",
]
