"""Every test file has a name of its own: the test folders are not packages, so pytest imports each test file by its
bare name, and a second file of the same name anywhere under tests/ stops the whole run at collection ("import file
mismatch")."""

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_two_test_files_share_a_name():
    names = Counter(path.name for path in TESTS.rglob("test_*.py") if "__pycache__" not in path.parts)
    assert [name for name, n in names.items() if n > 1] == []
