"""Shared test helpers (the engine's positions are in ``tests/engine/positions.py``)."""

import json
from pathlib import Path


def lesson_markdown(lesson: str) -> str:
    """The markdown cells of ``notebooks/<lesson>.ipynb`` as one line of text (whitespace collapsed)."""
    path = Path(__file__).resolve().parents[1] / "notebooks" / f"{lesson}.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return " ".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")
