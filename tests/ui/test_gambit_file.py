"""The Gambit files lessons 12 and 13 show: the file stays English, because Gambit reads only printable ASCII
labels, and a key beside it says what each label means in the page's language."""

from __future__ import annotations

import html
import io
import re

import pytest

from sheriff_nb.theory import analysis as an
from sheriff_nb.theory import signals
from sheriff_nb.ui.i18n import set_language
from sheriff_nb.ui.widgets.safety import GAMBIT_FILE_CLASS, GAMBIT_KEY, gambit_file

gbt = pytest.importorskip("pygambit")

GAMES = {"13": an.inspection_game({"apples": 2, "pepper": 2}, "apples"), "12": signals.offer_game()}


@pytest.fixture
def german():
    set_language("de")
    yield
    set_language("en")


def test_gambit_refuses_a_label_that_is_not_ascii():
    """Why the file is not translated: a German label makes it unreadable."""
    text = GAMES["13"].to_efg().replace('"pass"', '"passieren lassen"').replace('"merchant"', '"Händler"')
    with pytest.raises(ValueError, match="ASCII"):
        gbt.read_efg(io.StringIO(text))


@pytest.mark.parametrize("lesson", GAMES)
def test_the_page_shows_the_readable_file_and_a_german_key_to_its_labels(lesson, german):
    game = GAMES[lesson]
    shown = gambit_file(game).value
    [text] = re.findall(rf"<pre class='{GAMBIT_FILE_CLASS}'[^>]*>(.*?)</pre>", shown, re.S)
    assert html.unescape(text) == game.to_efg()
    tree = gbt.read_efg(io.StringIO(html.unescape(text)))
    words = {a.label for p in tree.players for i in p.infosets for a in i.actions} | {p.label for p in tree.players}
    assert words <= set(GAMBIT_KEY)  # every action and player label has a key entry
    for word in words:
        assert f"<code class='{GAMBIT_FILE_CLASS}'>{word}</code> = " in shown
    assert "den Beutel passieren lassen" in shown and "Gambit liest nur Bezeichnungen" in shown
