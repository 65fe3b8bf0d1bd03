"""The README's Python examples run and print what they say."""

import contextlib
import io
import re
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
