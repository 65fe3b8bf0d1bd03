"""ipywidgets components for the lessons, built on the rules engine (no rule logic lives here: the widgets
call the engine and show what it says; a broken rule shows its message in red next to the control).

Every widget is made by one call, so a notebook cell is a one-liner::

    import sheriff_nb as sn
    sn.widgets.bag_loader()

All text goes through :func:`sheriff_nb.i18n.t`; call ``sn.widgets.set_language("es")`` (or use
:func:`language_picker`) before building widgets to get them in another language.

>>> import sheriff_nb as sn
>>> sorted(name for name in sn.widgets.__all__ if name.islower())[:3]
['bag_loader', 'bag_summary', 'bags_view']
"""

from __future__ import annotations

import ipywidgets as W

from ..i18n import get_language, languages, set_language, t
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
from .beliefs import (
    BayesExplorer,
    SignalExplorer,
    bayes_explorer,
    belief_bet,
    belief_worked,
    offer_sandbox,
    offer_table,
    signal_explorer,
)
from .bets import bet
from .cards import GoodsEditor, HandPicker, card, card_html, discard_piles, discards_html, gallery, stand, stand_html
from .cast import cast_bots, cast_names, cast_table, characters_table, lesson_game, seat_title
from .deck import DeckExplorer, DrawOdds, deck_chart, deck_explorer, draw_odds_explorer
from .edition2 import (
    BlackMarketForm,
    DeputiesExplorer,
    OptionsExplorer,
    black_market_form,
    deputies_explorer,
    deputy_schedule,
    deputy_worked,
    edition_bet,
    options_explorer,
    royal_example,
    time_limit_story,
)
from .explorers import (
    Classroom,
    EvExplorer,
    GameExplorer,
    Prediction,
    bags_view,
    classroom,
    ev_explorer,
    game_explorer,
    prediction,
    worked,
)
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
from .page import page_style
from .phases import narrate, round_bar
from .play import PlayDashboard, play_dashboard
from .repeated import (
    LearningExplorer,
    PromiseExplorer,
    learning_explorer,
    promise_demo,
    promise_explorer,
    promise_worked,
    repeated_bet,
    schedule_table,
    unravel_table,
)
from .rulings import example_badge, ruling, ruling_badge
from .safety import gambit_export, rivalry_table_html, safety_explorer, safety_tournament
from .scoring import ScoreSandbox, king_queen_table, score_sandbox, scoreboard
from .theory import (
    bribe_explorer,
    count_explorer,
    fine_explorer,
    leadership_explorer,
    place_your_bets,
    rivalry_explorer,
    value_explorer,
    weight_explorer,
)
from .tournament import TournamentDashboard, tournament_dashboard

LESSONS = [
    ("00_start_here.ipynb", "Start here", "what the game is and how to use these pages"),
    ("01_the_goods.ipynb", "The goods", "every card, and what is in the deck"),
    ("02_market.ipynb", "Phase 1: Market", "swap cards, both editions, and the odds"),
    ("03_load_the_bag.ipynb", "Phase 2: Load the bag", "1 to 5 cards, secretly"),
    ("04_declaration.ipynb", "Phase 3: Declaration", "one legal good, the true count"),
    ("05_inspection_and_bribes.ipynb", "Phase 4: Inspection and bribes", "pass, open, bargain"),
    ("06_scoring.ipynb", "Phase 5 and the end: scoring", "King, Queen and the winner"),
    ("07_expected_values.ipynb", "Expected values", "honest or lying: what is a bag worth?"),
    ("08_inspection_odds.ipynb", "Inspection odds: the game theory", "how often to inspect, how often to lie"),
    ("09_play_a_game.ipynb", "Play a game", "a whole game against the characters"),
    ("10_tournament.ipynb", "Tournament", "pick characters, see who wins and why"),
    ("11_research_corner.ipynb", "Research corner", "OpenSpiel's sheriff against our formulas"),
    ("12_signals_and_beliefs.ipynb", "Signals and beliefs", "what an offer tells the sheriff: Bayes' rule"),
    ("13_safety_and_rivalry.ipynb", "Equilibrium or safety?", "what a mix guarantees, and rivalry done right"),
    ("14_repeated_play.ipynb", "Repeated play", "reputation, promises, learning, the last round"),
    ("15_real_hands.ipynb", "Real hands", "from the 2 × 2 game to the cards you hold"),
    ("16_second_edition.ipynb", "The second edition", "six players with Deputies, the Black Market, optional rules"),
    ("17_class_teacher.ipynb", "Play it as a class: the teacher's page", "a live experiment on the class's phones"),
    ("18_class_student.ipynb", "Play it as a class: the student's page", "join with the code, choose, see the result"),
]
"""The lessons in order: file, title, one line (the menu of ``00_start_here``)."""


def page_title(notebook: str) -> str:
    """The browser tab's title of a lesson (its notebook's ``metadata.title``, which Voilà puts in ``<title>``):
    the lesson's name first, so that it shows in a narrow tab.

    >>> page_title("02_market.ipynb")
    'Phase 1: Market · Sheriff of Nottingham'
    """
    return f"{dict((f, title) for f, title, _ in LESSONS)[notebook]} · Sheriff of Nottingham"


_CLASS_PAGES = {"teacher_page": "class_session", "TeacherPage": "class_session", "student_page": "class_student",
                "StudentPage": "class_student"}


def __getattr__(name: str):
    """The class-session pages (lessons 17-18) load their database layer only when first used."""
    if name in _CLASS_PAGES:
        import importlib

        return getattr(importlib.import_module(f".{_CLASS_PAGES[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def contents_html(lang: str | None = None) -> str:
    """Links to every lesson (relative, so they work in Voilà and JupyterLab); with ``lang`` the links keep the
    language (``?lang=es``, read by Voilà pages)."""
    query = f"?lang={lang}" if lang and lang != "en" else ""
    items = "".join(f"<li style='margin:3px 0;line-height:1.35'><a href='{f}{query}' target='_self'>"
                    f"{esc(t(title))}</a> — {esc(t(line))}</li>" for f, title, line in LESSONS)
    return f"<ol start='0' style='padding-left:22px;max-width:100%'>{items}</ol>"


class LanguagePicker(W.VBox):
    """A language menu: switches :func:`t` for widgets built afterwards and rewrites the lesson links so the
    next pages open in that language."""

    def __init__(self):
        super().__init__(layout=W.Layout(max_width="100%"))
        self.menu = W.Dropdown(options=[(name, code) for code, name in languages().items()], value=get_language(),
                               description=t("Language"), style={"description_width": "initial"},
                               layout=W.Layout(width="260px", max_width="100%"))
        self.sample = html_widget()
        self.links = html_widget()
        self.menu.observe(self._picked, names="value")
        self.children = [self.menu, self.sample, self.links]
        self._picked()

    def _picked(self, _change=None) -> None:
        set_language(self.menu.value)
        self.menu.description = t("Language")
        self.sample.value = "".join(card_html(g, size="s") for g in ("apples", "silk", "golden_apples"))
        lang = self.menu.value
        self.links.value = "" if lang == "en" else note(t("Open the lessons in {language}:",
                                                          language=languages()[lang]), colour="#333") + \
            contents_html(lang)


def language_picker() -> LanguagePicker:
    """``sn.widgets.language_picker()``: choose the language of the widgets and of the lesson links."""
    return LanguagePicker()


def contents(lang: str | None = None) -> W.HTML:
    """The list of lessons as a widget (see :func:`contents_html`)."""
    return html_widget(contents_html(lang if lang is not None else get_language()))


__all__ = [
    "card", "card_html", "gallery", "HandPicker", "GoodsEditor", "stand", "stand_html", "discard_piles",
    "discards_html", "deck_explorer", "DeckExplorer", "deck_chart", "draw_odds_explorer", "DrawOdds",
    "market_demo", "MarketDemo", "bag_loader", "BagLoader", "bag_summary", "declaration_form", "DeclarationForm",
    "declaration_quiz", "DeclarationQuiz", "inspection_panel", "InspectionPanel", "inspect_calculator",
    "InspectCalculator", "debt_calculator", "DebtCalculator", "outcomes_table", "scoreboard", "score_sandbox",
    "ScoreSandbox", "king_queen_table", "round_bar", "narrate", "lesson_game", "cast_names", "cast_bots",
    "cast_table", "seat_title", "bet", "ruling", "ruling_badge", "example_badge",
    "experiment",
    "language_picker", "LanguagePicker", "contents", "contents_html", "LESSONS", "error_html", "note",
    "html_widget", "wrap_box", "set_language", "get_language", "languages", "t", "page_style", "page_title",
    "bags_view", "ev_explorer", "EvExplorer", "game_explorer", "GameExplorer", "prediction", "Prediction",
    "place_your_bets", "value_explorer", "count_explorer", "fine_explorer", "weight_explorer", "bribe_explorer",
    "leadership_explorer", "classroom", "Classroom", "play_dashboard", "PlayDashboard", "tournament_dashboard",
    "TournamentDashboard", "characters_table", "worked", "rivalry_explorer", "safety_explorer", "safety_tournament",
    "gambit_export", "rivalry_table_html", "threshold_explorer", "size_table_html", "round_html", "kingmaking_html",
    "bayes_explorer", "BayesExplorer", "signal_explorer", "SignalExplorer", "offer_sandbox", "offer_table",
    "belief_bet", "belief_worked",
    "promise_demo", "promise_explorer", "PromiseExplorer", "promise_worked", "schedule_table", "unravel_table",
    "learning_explorer", "LearningExplorer", "repeated_bet",
    "deputies_explorer", "DeputiesExplorer", "deputy_schedule", "deputy_worked", "black_market_form", "BlackMarketForm",
    "options_explorer", "OptionsExplorer", "time_limit_story", "royal_example", "edition_bet",
    "teacher_page", "TeacherPage", "student_page", "StudentPage",
]
