"""A class session's results as CSV text a spreadsheet opens safely.

A nickname such as ``-A1`` (or, from any other text column, ``=1+1``, ``@SUM(...)``) would be read by a spreadsheet as
a formula; :func:`spreadsheet_safe` writes such a cell as text, the way OWASP advises against CSV injection.

>>> import pandas as pd
>>> print(csv_text(pd.DataFrame({"name": ["-A1", "Ann"], "payoff": [3, -4]}), ("name",)), end="")
name,payoff
'-A1,3
Ann,-4
"""

from __future__ import annotations

import io
from collections.abc import Iterable

__all__ = ["FORMULA_STARTS", "spreadsheet_safe", "csv_text"]

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet read a cell as a formula."""


def spreadsheet_safe(text: object) -> object:
    """A text cell a spreadsheet shows as text: one that starts like a formula gets a leading apostrophe; other
    values are kept.

    >>> spreadsheet_safe("=1+1"), spreadsheet_safe("-A1"), spreadsheet_safe("Ann"), spreadsheet_safe(-4)
    ("'=1+1", "'-A1", 'Ann', -4)
    """
    return "'" + text if isinstance(text, str) and text.startswith(FORMULA_STARTS) else text


def csv_text(frame, text_columns: Iterable[str]) -> str:
    """``frame`` as CSV text (no index), its ``text_columns`` made :func:`spreadsheet_safe`."""
    frame = frame.copy()
    for column in text_columns:
        frame[column] = frame[column].map(spreadsheet_safe)
    buffer = io.StringIO()
    frame.to_csv(buffer, index=False)
    return buffer.getvalue()
