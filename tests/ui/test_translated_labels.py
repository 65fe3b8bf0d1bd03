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
