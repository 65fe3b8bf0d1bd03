"""Widget behaviour without a kernel (callbacks run synchronously): set a control's value or click a button, then read
the HTML, the Output's outputs and the game state.  Every rule shown comes from the engine."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import ipywidgets as W
import pytest

import sheriff_nb as sn
from sheriff_nb.engine.game import Phase
from sheriff_nb.play.lesson_cast import lesson_game
from sheriff_nb.ui import i18n
from sheriff_nb.ui.widgets import cards as wcards

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

w = sn.widgets


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def text(html: str) -> str:
    """Visible text of widget HTML, entities decoded."""
    import html as h

    return " ".join(h.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def pick(picker, goods):
    """Toggle the first unpicked card of each good in ``goods``."""
    for good in goods:
        index = next(
            i for i, (g, tg) in enumerate(zip(picker.cards, picker.toggles, strict=True)) if g == good and not tg.value
        )
        picker.toggles[index].value = True


# ------------------------------------------------------------------ cards


def test_card_shows_name_value_penalty_and_kind_in_words():
    html = w.card_html("golden_apples")
    assert "ROYAL" in html and "Golden Apples" in html and "counts as 3 Apples" in html
    assert ">6<" in html and ">4<" in html and ">value<" in html and ">penalty<" in html
    legal, contraband = w.card_html("cheese"), w.card_html("crossbow")
    assert "LEGAL" in legal and "solid" in legal
    assert "CONTRABAND" in contraband and "dashed" in contraband  # not colour alone


def test_face_down_card_reveals_nothing():
    html = w.card_html("silk", face_down=True)
    assert "Silk" not in html and "CONTRABAND" not in html and "face down" in html


def test_gallery_has_every_card():
    html = "".join(c.value for c in w.gallery().children if isinstance(c, W.HTML))
    assert html.count("class='sheriff-card") == 15
    basic = "".join(c.value for c in w.gallery(royal=False).children if isinstance(c, W.HTML))
    assert basic.count("class='sheriff-card") == 8


def test_hand_picker_toggles_select_cards():
    picker = w.HandPicker({"apples": 2, "mead": 1})
    seen = []
    picker.on_change(seen.append)
    picker.toggles[2].value = True
    assert picker.selected == ["mead"] and seen == [["mead"]]
    assert picker.toggles[2].description.startswith("✓")
    picker.clear()
    assert picker.selected == []


def test_stand_hides_contraband_from_other_players():
    stand = {"cheese": 2, "silk": 1}
    other = text(w.stand_html(stand, "Will", hidden=True))
    assert "Cheese" in other and "Silk" not in other and "face down" in other
    assert "Silk" in text(w.stand_html(stand, "Will", hidden=False))


def test_discard_piles_per_edition():
    assert text(w.discards_html([["apples"], ["mead", "silk"]])).count("pile") >= 2
    first, _ = lesson_game("market", edition=1)
    assert "left pile (5 cards)" in text(w.discard_piles(first).value)
    second, _ = lesson_game("market", edition=2)
    assert "Discard pile (0 cards)" in text(w.discard_piles(second).value)


# ------------------------------------------------------------------ deck and odds


def test_deck_explorer_player_count_and_royal_toggle():
    explorer = w.deck_explorer()
    assert "204 cards: 144 legal" in text(explorer.summary.value)
    assert "image/svg+xml" in explorer.chart.out.outputs[0]["data"]
    explorer.players.value = 3
    assert "156 cards" in text(explorer.summary.value)
    explorer.royal.value = True
    assert "162 cards" in text(explorer.summary.value)
    svg = explorer.chart.out.outputs[0]["data"]["image/svg+xml"]
    assert "54 cards leave the deck with 3 players" in svg


def test_draw_odds_explorer_matches_the_worked_example():
    odds = w.draw_odds_explorer()
    assert "14.0%" in odds.readout.value and "6 cards from 204" in text(odds.readout.value)
    odds.at_least.value = 2
    assert "0.7%" in odds.readout.value
    odds.cards.value = 1
    assert "in 1 card " in text(odds.readout.value)


# ------------------------------------------------------------------ market


def test_market_first_edition_rulebook_example_12():
    demo = w.market_demo(edition=1)
    game = demo.game
    assert game.discards[0][-2] == "chickens"  # the Chicken is the 2nd card of the left pile
    pick(demo.picker, ["pepper", "silk", "silk"])
    demo.take_left.click()
    demo.take_left.click()
    demo.onto.value = 1
    demo.go.click()
    assert demo.error.value == ""
    assert game.hands[1]["chickens"] == 3
    assert game.discards[1][-3:] == ["pepper", "silk", "silk"]
    assert "drew" in text(demo.result.value) and game.phase is Phase.LOAD


def test_market_refuses_a_discard_draw_after_the_deck_and_changes_nothing():
    demo = w.market_demo(edition=1)
    before = demo.game.snapshot()
    pick(demo.picker, ["silk", "silk"])
    demo.draw_deck.click()
    demo.take_left.click()
    demo.go.click()
    assert "every discard-pile draw must come before any draw from the deck" in text(demo.error.value)
    assert "Traceback" not in demo.error.value
    assert demo.game.snapshot() == before


def test_market_second_edition_odds_follow_the_cards_set_aside():
    demo = w.market_demo()
    assert "lets you start the Market" in text(demo.children[2].value)
    pick(demo.picker, ["silk", "pepper"])
    assert "Chickens in 2 cards from 198 unseen cards" in text(demo.odds.readout.value)
    assert "21.0%" in demo.odds.readout.value  # 1 - (176/198)(175/197)
    demo.go.click()
    assert demo.game.phase is Phase.LOAD and sum(demo.game.hands[1].values()) == 6


# ------------------------------------------------------------------ load the bag


def test_six_card_bag_shows_the_rule_and_changes_nothing():
    loader = w.bag_loader()
    before = loader.game.snapshot()
    for toggle in loader.picker.toggles:
        toggle.value = True
    loader.close_button.click()
    assert "a bag holds 1 to 5 cards; this one holds 6" in text(loader.error.value)
    assert "sheriff-rule-error" in loader.error.value and "Traceback" not in loader.error.value
    assert loader.game.snapshot() == before
    assert loader.game.bags[1] is None and not loader.close_button.disabled


def test_bag_totals_are_live():
    loader = w.bag_loader()
    pick(loader.picker, ["chickens", "chickens", "silk"])
    totals = text(loader.totals.value)
    assert "3 cards · value 16" in totals and "penalty" not in totals  # issue 25: one penalty, the one that counts
    assert "No declaration is honest" in totals and "“3 Chickens” you would pay 4 gold" in totals
    loader.picker.toggles[[g for g in loader.picker.cards].index("silk")].value = False
    assert "Honest only as “2 Chickens”: if the sheriff opens it, he pays you 4 gold." in text(loader.totals.value)


def test_closing_a_bag_loads_it_and_the_others_follow():
    loader = w.bag_loader()
    pick(loader.picker, ["chickens", "chickens", "silk"])
    loader.close_button.click()
    game = loader.game
    assert game.bags[1] == Counter(chickens=2, silk=1)
    assert game.phase is Phase.DECLARATION
    assert "Bag closed" in text(loader.result.value) and "Will Scarlet loads and closes a bag" in text(
        loader.result.value
    )
    assert all(t.disabled for t in loader.picker.toggles) and loader.close_button.disabled
    loader.again.click()
    assert loader.game is not game and loader.game.phase is Phase.LOAD


# ------------------------------------------------------------------ declaration


@pytest.mark.parametrize(
    ("good", "also", "count", "message"),
    [
        ("silk", "", 4, "only legal goods (Apples, Cheese, Bread, Chickens) may be declared; Silk is contraband"),
        ("chickens", "", 3, "the declared count must be the true number of cards in the bag: 4, not 3"),
        ("chickens", "bread", 4, "mixed declarations are not allowed"),
    ],
)
def test_classic_declaration_mistakes_show_the_rule(good, also, count, message):
    form = w.declaration_form()
    before = form.game.snapshot()
    form.good.value, form.also.value, form.count.value = good, also, count
    form.declare_button.click()
    assert message in text(form.error.value)
    assert form.game.snapshot() == before


def test_declared_good_need_not_be_in_the_bag():
    form = w.declaration_form()
    assert form.game.bags[1]["apples"] == 0
    form.good.value, form.count.value = "apples", 4
    form.declare_button.click()
    assert form.error.value == ""
    assert form.game.declarations[1] == ("apples", 4)
    assert "it is a lie" in text(form.result.value)
    assert "Will Scarlet says: 4 Bread" in text(form.result.value)
    assert form.game.phase is Phase.INSPECTION


def test_bag_and_declaration_rule_messages_go_when_their_inputs_change():
    """The same rule as the play dashboard: a red message is about the inputs as they stood when clicked."""
    loader = w.bag_loader()
    for toggle in loader.picker.toggles:
        toggle.value = True
    loader.close_button.click()
    assert "sheriff-rule-error" in loader.error.value
    loader.picker.toggles[0].value = False
    assert loader.error.value == "" and loader.game.bags[1] is None
    form = w.declaration_form()
    for control, fixed in ((form.count, 4), (form.good, "chickens"), (form.also, "")):
        form.good.value, form.also.value, form.count.value = "silk", "bread", 3  # wrong three ways
        form.declare_button.click()
        assert "sheriff-rule-error" in form.error.value
        control.value = fixed
        assert form.error.value == ""


def test_declaration_quiz_rulebook_example_3():
    quiz = w.declaration_quiz()
    assert "the merchant pays 1 Bread × 2 + 1 Silk × 4 = 6" in text(quiz.ask("chickens", 4))
    assert "allowed" in text(quiz.ask("apples", 4))
    assert "Silk is contraband" in text(quiz.ask("silk", 4))
    assert "mixed declarations are not allowed" in text(quiz.ask(("chickens", "bread"), 4))
    assert "4, not 5" in text(quiz.ask("chickens", 5))


# ------------------------------------------------------------------ inspection and bribes


def test_a_bribe_moves_gold_merchant_seat():
    panel = w.inspection_panel("merchant")
    panel.form.gold.value = 6
    panel.offer_button.click()  # Little John takes 6 gold: Deal!
    assert 1 in panel.game.deals
    panel.decide_button.click()  # ...so he must let the bag pass
    assert panel.game.gold[:2] == [56, 44]
    story = text(panel.story.value)
    assert "You offer: 6 gold" in story and "Bribe paid: 6 gold" in story
    assert panel.game.stands[1]["chickens"] == 2 and panel.game.stands[1]["silk"] == 1


def test_counter_offer_then_deal():
    panel = w.inspection_panel("merchant")
    panel.form.gold.value = 2
    panel.offer_button.click()
    assert "Little John asks: 6 gold" in text(panel.story.value)
    assert not panel.accept_button.disabled
    panel.accept_button.click()
    assert panel.game.deals[1].gold == 6
    panel.decide_button.click()
    panel.finish_button.click()
    assert panel.game.round == 1
    assert "Promised but not there, so not paid: 1 Silk" in text(panel.story.value)


def test_caught_without_a_bribe_pays_the_penalties():
    panel = w.inspection_panel("merchant")
    panel.decide_button.click()  # a 4-card bag: Little John opens it
    story = text(panel.story.value)
    assert "A lie!" in story and "1 Bread × 2 + 1 Silk × 4 = 6 gold" in story
    assert panel.game.gold[:2] == [56, 44]


def test_sheriff_seat_binding_term_and_missing_bag_goods():
    panel = w.inspection_panel("sheriff")
    game = panel.game
    assert panel.bag_picker.value == 1  # Alan-a-Dale's bag first; he offers nothing
    panel.bag_picker.value = 3  # Maid Marion opens with an offer
    assert 3 in game.offers and game.offers[3].inspect == (1,)
    panel.accept_button.click()
    panel.pass_button.click()
    assert "not paid: 1 Silk" in text(panel.story.value) and game.gold[3] == 48
    panel.bag_picker.value = 1
    before = game.snapshot()
    panel.pass_button.click()  # the deal said: inspect Alan-a-Dale
    assert "that promise is binding" in text(panel.error.value)
    assert game.snapshot() == before
    panel.inspect_button.click()
    assert "Honest! You pay the penalties: 2 Chickens × 2 = 4 gold" in text(panel.story.value)
    assert game.gold[0] == 52 - 4


def test_sheriff_counter_offer_is_answered():
    panel = w.inspection_panel("sheriff")
    panel.bag_picker.value = 2  # Will Scarlet offers 4
    assert "Will Scarlet offers: 4 gold" in text(panel.status.value)  # above the form and the buttons
    panel.form.gold.value = 20
    panel.offer_button.click()
    assert "Will Scarlet answers: no deal." in text(panel.story.value)
    panel.form.gold.value = 8
    panel.offer_button.click()
    assert game_deal(panel, 2) == 8
    panel.inspect_button.click()
    assert "binding" in text(panel.error.value)
    panel.pass_button.click()
    assert panel.game.gold[2] == 42


def game_deal(panel, seat):
    return panel.game.deals[seat].gold


def test_role_toggle_rebuilds_the_scenario():
    panel = w.inspection_panel("merchant")
    panel.role_picker.value = "sheriff"
    assert panel.seat == 0 and panel.game.names[0] == "You" and panel.game.sheriff == 0


def test_inspect_calculator_gilbert_whitehand():
    calc = w.inspect_calculator({"apples": 1, "cheese": 1, "mead": 2}, "apples")
    assert "= 10 gold" in text(calc.result.value) and "To the stand: 1 Apple" in text(calc.result.value)
    calc.editor.set({"chickens": 4})
    calc.declared.value = "chickens"
    assert "Honest! The sheriff pays the penalties: 4 Chickens × 2 = 8 gold" in text(calc.result.value)
    calc.editor.set({"chickens": 5, "mead": 1})
    assert "a bag holds 1 to 5 cards; this one holds 6" in text(calc.result.value)


def test_debt_calculator_rulebook_example_10():
    debt = w.debt_calculator()
    assert "Pays 0 gold, then 1 Chicken (worth 4); forgiven: 0" in text(debt.result.value)
    debt.stand.set({})
    debt.owed.value = 10
    assert "forgiven: 10" in text(debt.result.value)


# ------------------------------------------------------------------ scoring


def test_scoreboard_david_scores_125():
    board = text(w.scoreboard().value)
    assert "David of Doncaster 66 42 17 125 1" in board
    assert "David of Doncaster wins with 125 points" in board
    assert "Chickens Queen (tie) David of Doncaster, Maid Marion 4 2 each" in board


def test_scoreboard_says_you_win_to_the_reader():
    """The reader's seat is named "You" (lesson 09): "You win with 125 points.", not "You wins" (issue 21)."""
    from sheriff_nb.ui.widgets.scoring import EXAMPLE_GOLD, EXAMPLE_STANDS

    def you(p):
        return "You" if p == "David of Doncaster" else p

    stands = {you(p): s for p, s in EXAMPLE_STANDS.items()}
    board = text(w.scoreboard(stands, {you(p): g for p, g in EXAMPLE_GOLD.items()}).value)
    assert "You win with 125 points." in board and "wins" not in board


def test_scoreboard_of_a_game():
    game, _ = lesson_game("market")
    assert "Little John 0 50 0 50 1" in text(w.scoreboard(game).value)


def test_score_sandbox_one_more_chicken():
    box = w.score_sandbox()
    box.editor.boxes["chickens"].value = 5
    assert "David of Doncaster 70 42 20 132 1" in text(box.board.value)
    box.player.value = "Will Scarlet"
    assert box.coins.value == 30 and box.editor.value["chickens"] == 9


def test_king_queen_table_royal_gouda():
    table = text(w.king_queen_table({"Will": {"cheese": 10, "gouda_cheese": 1}, "Marion": {"cheese": 11}}).value)
    assert "Cheese King Will 12 15" in table and "Cheese Queen Marion 11 10" in table


# ------------------------------------------------------------------ phone layout and speed


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _all_widgets():
    return [
        w.gallery(),
        w.deck_explorer(),
        w.market_demo(1),
        w.market_demo(2),
        w.draw_odds_explorer(),
        w.bag_loader(),
        w.declaration_form(),
        w.declaration_quiz(),
        w.inspection_panel("merchant"),
        w.inspection_panel("sheriff"),
        w.inspect_calculator(),
        w.debt_calculator(),
        w.score_sandbox(),
        w.scoreboard(),
        w.language_picker(),
        w.round_bar(phase="load"),
    ]


def test_no_fixed_width_wider_than_a_phone():
    for top in _all_widgets():
        for widget in _walk(top):
            for size in (widget.layout.width, widget.layout.min_width):
                if size and size.endswith("px"):
                    assert float(size[:-2]) <= 380, (type(top).__name__, type(widget).__name__, size)
    html = "".join(x.value for top in _all_widgets() for x in _walk(top) if isinstance(x, W.HTML))
    widths = [int(v) for v in re.findall(r"(?<!max-)width:(\d+)px", html)]
    assert max(widths) <= 380


def test_widgets_follow_the_language():
    i18n.set_language("es")
    loader = w.bag_loader()
    assert loader.close_button.description == "Cerrar la bolsa"
    for toggle in loader.picker.toggles:
        toggle.value = True
    loader.close_button.click()
    assert "una bolsa lleva de 1 a 5 cartas; esta lleva 6" in text(loader.error.value)
    assert "Gallinas" in loader.picker.faces[1].value
    assert "Abrir las lecciones en Español" in text(w.language_picker().links.value)


def test_start_page_links_every_lesson_and_nothing_else():
    start = json.loads((NOTEBOOKS / "00_start_here.ipynb").read_text())
    markdown = "".join("".join(cell["source"]) for cell in start["cells"] if cell["cell_type"] == "markdown")
    linked = set(re.findall(r"\]\((\d\d_[a-z_]+\.ipynb)\)", markdown))
    assert linked == {name for name, *_ in w.LESSONS}


def test_language_picker_opens_the_chosen_languages_start_page(monkeypatch):
    monkeypatch.chdir(NOTEBOOKS)  # the English start page's kernel runs in notebooks/
    picker = w.language_picker()
    assert "sheriff-open-language" not in picker.links.value
    assert all(f"href='{lang}/00_start_here.ipynb'" in picker.links.value for lang in ("es", "pt-BR", "ru", "de"))
    picker.menu.value = "es"
    assert i18n.get_language() == "es"
    assert "class='sheriff-open-language' href='es/00_start_here.ipynb'" in picker.links.value
    assert "Manzanas" in picker.sample.value
    listed = re.findall(r"lang='([\w-]+)'>", picker.links.value.split("</a><br>")[1])
    assert listed == ["en", "pt-BR", "ru", "de"]  # every language but the chosen one, English too (UX review #41)
    picker.menu.value = "en"


def test_a_translated_start_page_lists_the_other_languages(tmp_path, monkeypatch):
    (tmp_path / "ru").mkdir()
    monkeypatch.chdir(tmp_path / "ru")  # notebooks/ru/: the Russian start page's kernel
    html = w.languages_html("ru")
    assert "sheriff-open-language" not in html and "href='../00_start_here.ipynb'" in html
    assert "href='../de/00_start_here.ipynb'" in html and "ru/00_start_here" not in html


def test_contents_links_every_lesson():
    html = w.contents_html()
    lessons = sorted(path.name for path in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    assert [name for name, *_ in w.LESSONS] == lessons
    for name in lessons:
        assert f"href='{name}" in html
    assert wcards.card_html("apples").count("sheriff-card") == 1


@pytest.mark.parametrize("language", ["en", "es", "pt-BR", "ru", "de"])
def test_a_cards_value_and_penalty_words_fit_under_their_numbers(language):
    """The words under a card's value and penalty sit in 40 px boxes side by side; the German "Strafwert" and the
    Russian "стоимость" (9 letters at 9 px) ran over each other.  Each word's font now fits its box, and the
    catalogues use the short words (Strafe, цена, multa) so it stays at 9 px."""
    i18n.set_language(language)
    try:
        html = wcards.card_html("crossbow")
        words = re.findall(r"font-size:(\d+)px;color:#444;line-height:1;white-space:nowrap'>([^<]+)<", html)
    finally:
        i18n.set_language("en")
    assert len(words) == 2
    for size, word in words:
        assert int(size) * 0.6 * len(word) <= wcards.FIGURE_WIDTH, (word, size)
        assert int(size) == 9, f"{word!r} had to shrink to {size} px: a shorter word reads better"


def test_the_declaration_count_starts_at_the_bags_true_count():
    """Issue 25: lesson 04's form started at 1 for a 4-card bag; it starts at the true count, as lesson 09's does."""
    form = w.declaration_form()
    assert form.count.value == sum(form.game.bags[1].values()) == 4


def test_the_six_card_bet_options_read_alike_and_the_rule_is_the_explanation():
    """Issue 25: only the right answer read like an engine message with a reason; the rule now explains it."""
    bet = w.bet("03.six_cards")
    assert bet.answer == "a red line, and the bag stays open"
    assert not any("refuses" in option or "holds" in option for option in bet.choice.options)
    assert "The engine refuses: a bag holds 1 to 5 cards; this one holds 6." in bet.explanation


def test_the_merchants_offer_form_says_why_it_lists_goods_the_bag_lacks():
    """Issue 25: the menu of cards from the bag lists every good (lesson 05: a promise may name cards the bag does
    not hold); the merchant's form says so."""
    from sheriff_nb.ui.widgets.base import screen_text

    panel = w.inspection_panel("merchant")
    assert "lists every good: the rules let you promise cards your bag does not hold" in screen_text(panel.form)


def test_the_signal_sandbox_names_its_region_by_the_legend():
    """Issue 25: "the orange region" was ambiguous (the map has two orange hues); the tip names the legend entry."""
    from sheriff_nb.ui.widgets.base import screen_text

    tips = screen_text(w.offer_sandbox().children[0])
    assert "the region marked “semi-separating: some liars offer”" in tips and "orange" not in tips
