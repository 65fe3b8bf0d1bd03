"""Words on the play pages that a reader of a translated page must see in their language (issue 14)."""

import pytest

from sheriff_nb.play.bots import strategy
from sheriff_nb.ui.i18n import set_language, t


@pytest.fixture
def russian():
    set_language("ru")
    yield
    set_language("en")


def test_a_seat_description_is_translated_with_both_halves(russian):
    words = t(strategy("smuggler+trusting").personality)
    assert "as a merchant" not in words and "as sheriff" not in words
    assert words == (
        "в роли торговца "
        + t(strategy("smuggler").merchant.personality)
        + "; в роли шерифа "
        + t(strategy("trusting").sheriff.personality)
    )
    assert "прячет" in words  # the halves themselves are Russian


def _button(picker, chosen=False):
    picker.set_hand({"apples": 1})
    picker.toggles[0].value = chosen
    return picker.toggles[0].description


def test_the_card_buttons_say_what_they_do_in_the_readers_language(russian):
    from sheriff_nb.ui.widgets.bag import BagLoader
    from sheriff_nb.ui.widgets.inspection import OfferForm
    from sheriff_nb.ui.widgets.market import MarketDemo
    from sheriff_nb.ui.widgets.play import PlayDashboard

    play, stand = PlayDashboard(), OfferForm().stand
    pickers = {
        "load": BagLoader().picker,
        "play load": play.forms["load"].picker,
        "market": MarketDemo().picker,
        "play market": play.forms["market"].picker,
        "offer": stand,
    }
    buttons = {key: (_button(p), _button(p, chosen=True)) for key, p in pickers.items()}
    assert buttons == {
        "load": ("выбрать", "✓ в мешке"),
        "play load": ("выбрать", "✓ в мешке"),
        "market": ("отложить", "✓ отложена"),
        "play market": ("отложить", "✓ отложена"),
        "offer": ("предложить", "✓ выбрана"),
    }


@pytest.mark.parametrize(
    ("good", "forms"),
    [
        ("chickens", "1 Курица · 2 Курицы · 5 Куриц · 21 Курица"),
        ("pepper", "1 Перец · 2 Перца · 5 Перцев · 21 Перец"),
        ("mead", "1 Медовуха · 2 Медовухи · 5 Медовух · 21 Медовуха"),
        ("crossbow", "1 Арбалет · 2 Арбалета · 5 Арбалетов · 21 Арбалет"),
        ("rye_bread", "1 Ржаной хлеб · 2 Ржаных хлеба · 5 Ржаных хлебов · 21 Ржаной хлеб"),
        ("pumpernickel_bread", "1 Пумперникель · 2 Пумперникеля · 5 Пумперникелей · 21 Пумперникель"),
        ("cheese", "1 Сыр · 2 Сыра · 5 Сыров · 21 Сыр"),  # the pattern the others follow
    ],
)
def test_a_russian_count_of_cards_takes_the_form_its_number_needs(russian, good, forms):
    from sheriff_nb.ui.i18n import goods_text

    assert " · ".join(goods_text({good: n}) for n in (1, 2, 5, 21)) == forms
