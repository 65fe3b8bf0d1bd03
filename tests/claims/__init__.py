"""Every number a lesson states, computed from the API and looked for in the lesson as its reader sees it.

A :class:`Claim` names a lesson, a sentence template whose ``{}`` fields are filled with values computed by the
package, and the function that computes them.  ``tests/test_claims.py`` executes each lesson once (nbclient, a real
kernel), collects what a reader sees (:func:`reader_text`: markdown cells, every output's text, HTML without tags,
the text inside SVG charts, and the widgets' text), and checks that each filled template appears in it.  So a
claim fails when the lesson's text and the API disagree, whichever of the two changed.

Claims live in one module per lesson, ``tests/claims/lesson_NN.py``, each defining ``CLAIMS = [Claim(...), ...]``.
Write the template as the reader reads it (markdown escapes such as ``p\\*`` are removed, whitespace is collapsed):

>>> from fractions import Fraction
>>> claim = Claim("08_inspection_odds", "p* = {}", lambda: Fraction(2, 7))
>>> claim.expected()
'p* = 2/7'
>>> Claim("02_market", "{} for Apples", lambda: Fraction(3, 4), fmt=percent).expected()
'75% for Apples'
>>> normalize("p\\\\* =  2/7\\n and **q\\\\***")
'p* = 2/7 and q*'
"""

from __future__ import annotations

import functools
import html
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def percent(x, digits: int = 0) -> str:
    """A probability as the lessons print it: ``percent(Fraction(1, 8), 1) == '12.5%'``."""
    return f"{100 * float(x):.{digits}f}%"


def fraction(x) -> str:
    """An exact value as ``a/b`` (or a whole number)."""
    return str(Fraction(x))


@dataclass(frozen=True)
class Claim:
    """``template`` filled with ``value()`` (a value, or a tuple of values for several ``{}``), each passed
    through ``fmt`` (strings are taken as they are), must appear in ``lesson``'s reader text."""

    lesson: str
    template: str
    value: Callable[[], object]
    fmt: Callable[[object], str] = fraction
    note: str = field(default="", compare=False)

    def expected(self) -> str:
        values = self.value()
        values = values if isinstance(values, tuple) else (values,)
        return self.template.format(*(v if isinstance(v, str) else self.fmt(v) for v in values))

    def __str__(self) -> str:
        return f"{self.lesson}: {self.template}"


def normalize(text: str) -> str:
    """Text as a reader sees it: no markdown emphasis or escapes, one space between words."""
    escaped = re.sub(r"\\([*_`#\[\]()|<>$-])", lambda m: f"\0{ord(m.group(1))}\0", text)
    plain = re.sub(r"\*\*|__|\*|`", "", escaped)
    plain = re.sub("\0(\\d+)\0", lambda m: chr(int(m.group(1))), plain)
    return re.sub(r"\s+", " ", plain).strip()


def _html_text(markup: str) -> str:
    markup = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def _output_texts(outputs: Iterable[dict]) -> Iterable[str]:
    for output in outputs:
        data = output.get("data", {})
        if "text/html" in data:
            yield _html_text("".join(data["text/html"]))
        if "image/svg+xml" in data:  # a chart's HTML shows this picture (as an <img>): its words are read too
            yield _html_text("".join(data["image/svg+xml"]))
        if not {"text/html", "image/svg+xml"} & data.keys() and "text/plain" in data:
            yield "".join(data["text/plain"])
        if output.get("output_type") == "stream":
            yield "".join(output.get("text", ""))


def _widget_texts(nb: dict) -> Iterable[str]:
    state = nb.get("metadata", {}).get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    for model in state.get("state", {}).values():
        values = model.get("state", {})
        for key in ("value", "description", "placeholder"):
            if isinstance(values.get(key), str):
                yield _html_text(values[key])
        if isinstance(values.get("options"), list):
            yield " ".join(map(str, values["_options_labels"] if "_options_labels" in values else values["options"]))
        yield from _output_texts(values.get("outputs", ()))


@functools.cache
def reader_text(lesson: str) -> str:
    """Execute ``notebooks/<lesson>.ipynb`` in a kernel and return everything its reader sees, normalized."""
    import nbformat
    from nbclient import NotebookClient

    path = NOTEBOOKS / f"{lesson}.ipynb"
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    parts = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            parts.append(cell.source)
        elif cell.cell_type == "code":
            parts.extend(_output_texts(cell.get("outputs", ())))
    parts.extend(_widget_texts(json.loads(nbformat.writes(nb))))
    return normalize("\n".join(parts))


def all_claims() -> list[Claim]:
    """Every ``CLAIMS`` list of the ``lesson_*.py`` modules beside this file."""
    import importlib

    claims = []
    for module in sorted(Path(__file__).parent.glob("lesson_*.py")):
        claims.extend(importlib.import_module(f"{__name__}.{module.stem}").CLAIMS)
    return claims
