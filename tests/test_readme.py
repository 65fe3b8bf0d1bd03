"""The README's and the tutorial's Python examples run and print what they say; the API reference is current."""

import contextlib
import io
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
TUTORIAL = ROOT / "docs" / "tutorial.md"


def python_blocks(doc: Path = README) -> list[str]:
    return re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), flags=re.S)


def run(block: str) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(block, {})
    return out.getvalue().splitlines()


def test_readme_round_prints_the_fine_and_the_scores():
    blocks = python_blocks()
    assert blocks, "README has no Python example"
    lines = run(blocks[0])
    assert lines[0] == "4"
    assert lines[1].split() == ["goods", "gold", "bonus", "total", "rank", "legal", "contraband"]
    rows = {line.split()[0]: [int(x) for x in line.split()[1:]] for line in lines[3:]}
    # Marion is Chicken King with 2 (+10), Alan Queen with 1 (+5); the sheriff has only the fine
    assert rows["Sheriff"][:4] == [0, 54, 0, 54]
    assert rows["Alan"][:4] == [4, 46, 5, 55] and rows["Marion"][:4] == [8, 50, 10, 68]
    assert [rows[p][4] for p in ("Marion", "Alan", "Sheriff")] == [1, 2, 3]


def test_tutorial_api_tour_runs_and_its_comments_are_true():
    import sheriff_nb as sn
    from sheriff_nb.theory import analysis as an

    namespace = {}
    exec(python_blocks(TUTORIAL)[1], namespace)
    bag = namespace["bag"]
    assert sum(sn.deck(edition=2, players=3, royal=True).values()) == 162
    equilibrium = an.inspection_game(bag, "apples").equilibrium()
    assert (equilibrium.p_inspect, equilibrium.q_lie) == (Fraction(2, 7), Fraction(1, 2))
    assert tuple(an.bribe_range(bag, "apples")) == (8, 20)
    table = sn.score({"Will": {"cheese": 10, "gouda_cheese": 1}, "Marion": {"cheese": 11}}, {"Will": 40, "Marion": 45})
    assert table.loc["Will", "bonus"] == 15


def test_tutorial_game_says_who_moves_then_prints_the_fine():
    lines = run(python_blocks(TUTORIAL)[0])
    assert lines[:2] == ["[1, 2] load", "4"]
    assert lines[-1].split()[:5] == ["Marion", "8", "50", "10", "68"]


def test_the_readme_names_the_test_command_ci_runs():
    """.ci/run's pytest line (its workers and how they share the tests) is the one the README states."""
    ci = re.findall(r"^python3 -m pytest.*$", (ROOT / ".ci" / "run").read_text(encoding="utf-8"), flags=re.M)
    assert len(ci) == 1
    assert f"`{ci[0]}`" in " ".join(README.read_text(encoding="utf-8").split())


def test_the_api_reference_is_generated_from_the_current_docstrings():
    # a fresh interpreter, as the tool runs: what other tests imported cannot change the page
    check = subprocess.run(
        [sys.executable, "tools/api_reference.py", "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert check.returncode == 0, check.stdout + check.stderr
    page = (ROOT / "docs" / "reference" / "api.md").read_text(encoding="utf-8")
    assert "### `inspection_game(" in page and "One kind of goods card" in page
