"""The README's Python examples run and print what they say."""

import contextlib
import io
import re
from fractions import Fraction
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks():
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_readme_round_prints_the_fine_and_the_scores():
    blocks = python_blocks()
    assert blocks, "README has no Python example"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(blocks[0], {})
    lines = out.getvalue().splitlines()
    assert lines[0] == "4"
    assert lines[1].split() == ["goods", "gold", "bonus", "total", "rank", "legal", "contraband"]
    rows = {line.split()[0]: [int(x) for x in line.split()[1:]] for line in lines[3:]}
    # Marion is Chicken King with 2 (+10), Alan Queen with 1 (+5); the sheriff has only the fine
    assert rows["Sheriff"][:4] == [0, 54, 0, 54]
    assert rows["Alan"][:4] == [4, 46, 5, 55] and rows["Marion"][:4] == [8, 50, 10, 68]
    assert [rows[p][4] for p in ("Marion", "Alan", "Sheriff")] == [1, 2, 3]


def test_readme_api_tour_runs_and_its_comments_are_true():
    import sheriff_nb as sn
    from sheriff_nb.theory import analysis as an

    namespace = {}
    exec(python_blocks()[1], namespace)
    bag = namespace["bag"]
    assert sum(sn.deck(edition=2, players=3, royal=True).values()) == 162
    equilibrium = an.inspection_game(bag, "apples").equilibrium()
    assert (equilibrium.p_inspect, equilibrium.q_lie) == (Fraction(2, 7), Fraction(1, 2))
    assert tuple(an.bribe_range(bag, "apples")) == (8, 20)
    table = sn.score({"Will": {"cheese": 10, "gouda_cheese": 1}, "Marion": {"cheese": 11}}, {"Will": 40, "Marion": 45})
    assert table.loc["Will", "bonus"] == 15
