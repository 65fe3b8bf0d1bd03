"""Every test file has a name of its own: the test folders are not packages, so pytest imports each test file by its
bare name, and a second file of the same name anywhere under tests/ stops the whole run at collection ("import file
mismatch")."""

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_two_test_files_share_a_name():
    names = Counter(path.name for path in TESTS.rglob("test_*.py") if "__pycache__" not in path.parts)
    assert [name for name, n in names.items() if n > 1] == []


def test_the_root_conftest_names_the_translated_pages_test_as_pytest_does():
    """The root conftest skips nbval's run of a translated lesson that the browser test renders anyway; it knows
    that test by its id, so a renamed test would silently run all 76 translated notebooks twice."""
    import ast
    import re

    source = (TESTS.parent / "conftest.py").read_text(encoding="utf-8")
    pattern = next(
        ast.literal_eval(node.value.args[0])
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "RENDERED"
    )
    browser = TESTS / "browser" / "test_translated_pages.py"
    names = [n.name for n in ast.walk(ast.parse(browser.read_text(encoding="utf-8"))) if isinstance(n, ast.FunctionDef)]
    ids = [f"tests/browser/test_translated_pages.py::{name}[ru-08_inspection_odds.ipynb]" for name in names]
    assert [m.groups() for i in ids if (m := re.fullmatch(pattern, i))] == [("ru", "08_inspection_odds.ipynb")]
