"""A pseudo-locale for tests: every entry of the package catalogue is its English text between ``⟦`` and ``⟧``, so
any word on a page that is outside the markers never went through a catalogue (``tests/test_pseudo_locale.py``).

It is made in memory from ``sheriff_nb.pot`` (no ``.po`` file, not one of the lessons' languages), and its
``{fields}`` and HTML stay as they are, so every template still fills in.  A lesson in the pseudo-locale
(:func:`pseudo_notebook`) is built as a translated lesson is, from a lesson catalogue whose every cell and code text
is marked the same way.

>>> from sheriff_nb.ui.i18n import card_name, ngettext, set_language, t
>>> register_pseudo()
'qps'
>>> set_language("qps"); t("Close the bag"), card_name("cheese", 2), ngettext("{n} card", "{n} cards", 3)
'qps'
('⟦Close the bag⟧', '⟦Cheese⟧', '⟦3 cards⟧')
>>> from sheriff_nb.app.translate.notebooks import lessons
>>> lesson = pseudo_notebook(lessons()[7])   # 07: its prose, its worked examples and its bag labels marked
>>> [c["source"][0][:6] for c in lesson["cells"] if c["cell_type"] == "markdown"][0]
'⟦# 07 '
>>> code = ["".join(c["source"]) for c in lesson["cells"] if c["cell_type"] == "code"]
>>> any('bags_view({"' + OPEN in source for source in code), 'set_language("qps")' in code[0]
(True, True)
>>> from sheriff_nb.ui import i18n
>>> set_language("en"); i18n._forget("qps")   # as a test does when done
'en'
"""

from __future__ import annotations

import json
from pathlib import Path

from babel.messages.pofile import read_po

from ...ui.i18n import catalogue_path, register
from .code_texts import code_texts
from .notebooks import markdown_cells, translated_notebook

__all__ = ["PSEUDO", "OPEN", "CLOSE", "register_pseudo", "pseudo_notebook"]

PSEUDO, OPEN, CLOSE = "qps", "⟦", "⟧"
"""The pseudo-locale's code (a private-use one, never offered to readers) and its markers."""


def register_pseudo(code: str = PSEUDO) -> str:
    """Register ``code`` in this process: every msgid of the package catalogue translated as ``⟦msgid⟧``."""
    with catalogue_path("en").parent.parent.parent.joinpath("sheriff_nb.pot").open("rb") as handle:
        template = read_po(handle)
    catalogue: dict = {}
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            catalogue[(message.context, message.id[0])] = tuple(f"{OPEN}{form}{CLOSE}" for form in message.id)
        else:
            catalogue[(message.context, message.id)] = f"{OPEN}{message.id}{CLOSE}"
    register(code, catalogue)
    return code


def pseudo_notebook(lesson: Path, lang: str = PSEUDO) -> dict:
    """The English ``lesson`` as a notebook dict in the pseudo-locale ``lang``, made as a translated lesson is
    (:func:`.notebooks.translated_notebook`): every markdown cell and every code text ``⟦marked⟧``, the first code
    cell setting the language.  ``lang`` must be registered (:func:`register_pseudo`) to run it."""
    english = json.loads(lesson.read_text(encoding="utf-8"))

    def marked(texts: list[str]) -> dict[str, str]:
        return {text: f"{OPEN}{text}{CLOSE}" for text in texts}

    return translated_notebook(lang, lesson, prose=marked(markdown_cells(english)), code=marked(code_texts(english)))
