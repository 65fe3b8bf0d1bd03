"""The translation tooling: catalogues of the package's words and of every lesson's prose, and the translated
lessons made from them.  ``python3 -m sheriff_nb.app.translate`` is the one command (TRANSLATING.md):

1. extracts every widget, chart, result and rule-error string with Babel (``pybabel extract``, configured in
   ``pyproject.toml``'s ``[tool.babel]``) into ``sheriff_nb/ui/locale/sheriff_nb.pot`` and merges it into
   ``sheriff_nb/ui/locale/<locale>/LC_MESSAGES/sheriff_nb.po`` (``pybabel update``), which :mod:`sheriff_nb.ui.i18n` reads
   (:mod:`.catalogues`);
2. merges the markdown cells of every English lesson ``notebooks/NN_*.ipynb`` (the one source of truth), one entry
   per cell, and the texts its code cells show the reader (bag labels: :mod:`.code_texts`), into
   ``notebooks/locale/<lang>/NN_*.po`` (:mod:`.notebooks`);
3. writes ``notebooks/<lang>/NN_*.ipynb`` from the English lessons and those catalogues;
4. prints how much of each language is translated.

A language in :data:`COMPLETE` must have every entry translated and none fuzzy (``tests/test_translations.py``).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["LANGUAGES", "COMPLETE", "REPO", "NOTEBOOKS"]

LANGUAGES = ("es", "pt-BR", "ru", "de")
"""The languages the lessons are translated into (codes as in :data:`sheriff_nb.ui.i18n.LANGUAGE_NAMES`; each also
names the lessons' folder, ``notebooks/pt-BR/``)."""
COMPLETE: set[str] = {"es", "pt-BR", "ru", "de"}
"""Languages whose catalogues are finished: CI fails on any missing or fuzzy entry.  A translator adds theirs."""
REPO = Path(__file__).resolve().parents[3]
NOTEBOOKS = REPO / "notebooks"
