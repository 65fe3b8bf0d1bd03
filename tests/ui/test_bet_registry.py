"""One way to place a bet (issue 22): every lesson calls ``sn.widgets.bet("NN.name")``, its keys filed under its own
lesson number in the one registry, every registered bet asked by its lesson, and no other bet front door left."""

import ast
import json
from pathlib import Path

import pytest

import sheriff_nb as sn
from sheriff_nb.ui.widgets.bets import BETS, lesson_bets

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
OLD_DOORS = ("place_your_bets", "belief_bet", "repeated_bet", "edition_bet", "all_bets")


def bet_calls(notebook: Path) -> list[str]:
    """The first arguments of the ``sn.widgets.bet(...)`` calls in ``notebook``'s code cells."""
    keys = []
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            for node in ast.walk(ast.parse("".join(cell["source"]))):
                if isinstance(node, ast.Call) and ast.unparse(node.func) == "sn.widgets.bet":
                    keys.append(node.args[0].value)
    return keys


def test_every_lesson_asks_its_own_bets_and_every_bet_is_asked():
    asked = {notebook.name[:2]: bet_calls(notebook) for notebook in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))}
    for lesson, keys in asked.items():
        assert sorted(keys) == lesson_bets(lesson), lesson
    assert sorted(key for keys in asked.values() for key in keys) == sorted(BETS)


def test_the_old_front_doors_are_gone():
    assert not [name for name in OLD_DOORS if hasattr(sn.widgets, name) or name in sn.widgets.__all__]
    for notebook in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"):
        assert not [name for name in OLD_DOORS if name in notebook.read_text(encoding="utf-8")], notebook.name


@pytest.mark.parametrize(
    "key, says",
    [
        ("16.splt", "lesson 16's bets: 16.black_market, 16.booty, 16.split, 16.time"),
        ("equilibrium", "did you mean 08.equilibrium or 12.equilibrium?"),
        ("99.x", "lessons with bets: 01, 02, 03"),
    ],
)
def test_an_unknown_key_names_the_keys_that_could_be_meant(key, says):
    with pytest.raises(ValueError, match=f"no bet '{key}'") as error:
        sn.widgets.bet(key)
    assert says in str(error.value)
