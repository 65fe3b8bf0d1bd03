"""Issue 14: the translations stay complete and in step with the English lessons (CI fails otherwise).

For every language in :data:`sheriff_nb.app.translate.COMPLETE`: no missing or fuzzy entry in its package catalogue or
lesson catalogues.  For every language whose lesson catalogues exist (``notebooks/locale/<lang>/``): each catalogue
holds exactly the English lesson's markdown cells and then the texts its code cells show (context ``code``), each
translated notebook equals what ``python3 -m sheriff_nb.app.translate`` makes now (so it is not older than its source
or catalogue), and every translated cell and code text states the same numbers and the same LaTeX as the English.
The code texts' own checks (translated notebooks parse, no English text left) are in ``test_code_texts.py``.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import polib
import pytest

import sheriff_nb
from sheriff_nb.app.translate import COMPLETE, LANGUAGES, NOTEBOOKS, notebooks
from sheriff_nb.app.translate.catalogues import POT, problems
from sheriff_nb.app.translate.code_texts import CONTEXT as CODE
from sheriff_nb.app.translate.code_texts import code_texts
from sheriff_nb.app.translate.extract import extract, fstring_rule_messages, rule_templates
from sheriff_nb.app.translate.notebooks import (
    lessons,
    markdown_cells,
    notebook_path,
    notebook_text,
    prose_path,
    translated_notebook,
)
from sheriff_nb.app.translate.numbers import stated_numbers
from sheriff_nb.engine.card_names import CARD_NAMES
from sheriff_nb.ui.i18n import catalogue_path

PRESENT = [lang for lang in LANGUAGES if (NOTEBOOKS / "locale" / lang).is_dir()]
"""Languages whose lesson catalogues are in the repository."""


def _present(lang: str) -> None:
    if lang not in PRESENT:
        pytest.skip(f"no lesson catalogues for {lang} yet (notebooks/locale/{lang}/)")


@pytest.mark.parametrize("lang", sorted(COMPLETE))
def test_a_complete_language_has_no_missing_or_fuzzy_entry(lang):
    found = problems(catalogue_path(lang), POT)
    for lesson in lessons():
        path = prose_path(lang, lesson.name)
        found += [f"{path.name}: missing"] if not path.exists() else problems(path)
    assert not found, "\n".join(found[:40])


def test_every_rule_error_has_a_template_in_the_catalogue():
    """A rule message written as an f-string has no template to translate (tools/rule_templates.py rewrites it)."""
    package = Path(sheriff_nb.__file__).parent
    assert fstring_rule_messages(package.rglob("*.py")) == []
    pot = {entry.msgid for entry in polib.pofile(str(POT))}
    missing = [
        template
        for path in package.rglob("*.py")
        for _, template, _ in rule_templates(path.read_text(encoding="utf-8"))
        if template not in pot
    ]
    assert not missing, f"run python3 -m sheriff_nb.app.translate: {missing[:5]}"


def test_extraction_finds_every_english_card_name_with_its_contexts():
    """The English card names are engine data (no gettext call marks them): extraction reads them from the table,
    each card's printed name as a msgid of context ``card``, its singular and plural of context ``cards``."""
    from babel.messages.extract import extract_from_file
    from babel.messages.frontend import parse_keywords

    path = Path(sheriff_nb.__file__).parent / "engine" / "card_names.py"
    keywords = parse_keywords(["pN_:1c,2", "npN_:1c,2,3"])
    found = {(context, message) for _, message, _, context in extract_from_file(extract, str(path), keywords)}
    expected = {("card", names[0]) for names in CARD_NAMES["en"].values()}
    expected |= {("cards", names[1:]) for names in CARD_NAMES["en"].values()}
    assert found == expected
    template = polib.pofile(str(POT))
    pot = {(e.msgctxt, (e.msgid, e.msgid_plural) if e.msgid_plural else e.msgid) for e in template}
    assert expected <= pot, "run python3 -m sheriff_nb.app.translate"


def test_the_list_of_complete_languages_names_known_languages():
    assert set(LANGUAGES) >= COMPLETE


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_catalogues_hold_exactly_the_english_cells_then_code_texts(lang):
    _present(lang)
    for lesson in lessons():
        english = json.loads(lesson.read_text(encoding="utf-8"))
        expected = [(None, text) for text in markdown_cells(english)] + [(CODE, text) for text in code_texts(english)]
        entries = [(e.msgctxt, e.msgid) for e in polib.pofile(str(prose_path(lang, lesson.name))) if not e.obsolete]
        assert entries == expected, f"{lesson.name}: run python3 -m sheriff_nb.app.translate"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translated_notebooks_are_up_to_date(lang):
    _present(lang)
    stale = [
        lesson.name
        for lesson in lessons()
        if not notebook_path(lang, lesson.name).exists()
        or notebook_path(lang, lesson.name).read_text(encoding="utf-8")
        != notebook_text(translated_notebook(lang, lesson))
    ]
    assert not stale, f"notebooks/{lang}/ out of date (run python3 -m sheriff_nb.app.translate): {stale}"


def _numbers_differ(entries, lang: str, where: str) -> list[str]:
    """The finished entries (markdown cells and code texts alike) that state other numbers or LaTeX than English."""
    wrong = []
    for entry in entries:
        if not entry.msgstr or entry.fuzzy:
            continue
        numbers, latex = stated_numbers(entry.msgid, "en")
        their_numbers, their_latex = stated_numbers(entry.msgstr, lang)
        if Counter(numbers) != Counter(their_numbers) or Counter(latex) != Counter(their_latex):
            wrong.append(
                f"{where}: {entry.msgctxt or 'cell'} {entry.msgid[:60]!r}: English {sorted(numbers)} {latex}, "
                f"{lang} {sorted(their_numbers)} {their_latex}"
            )
    return wrong


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translated_cells_and_code_texts_state_the_english_numbers(lang):
    _present(lang)
    wrong, held = [], 0
    for lesson in lessons():
        cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
        worked = {"".join(c["source"]) for c in cells if "held-until-reveal" in c["metadata"].get("tags", ())}
        entries = list(polib.pofile(str(prose_path(lang, lesson.name))))
        held += sum(e.msgctxt is None and e.msgid in worked and bool(e.msgstr) for e in entries)
        wrong += _numbers_differ(entries, lang, lesson.name)
    assert not wrong, "\n".join(wrong)
    assert held >= 22, "the worked examples of 07, 08, 11, 13 and 15 (held until Reveal) are among the entries checked"


def test_a_code_text_whose_translation_changes_a_number_is_caught():
    english = "\nWith f = 8: p\\* = **2/9**, about 22.2%.\n"
    right = polib.POEntry(msgctxt=CODE, msgid=english, msgstr="\nCon f = 8: p\\* = **2/9**, alrededor del 22,2 %.\n")
    wrong = polib.POEntry(msgctxt=CODE, msgid=english, msgstr="\nCon f = 8: p\\* = **2/9**, alrededor del 22 %.\n")
    assert _numbers_differ([right], "es", "08") == []
    assert _numbers_differ([wrong], "es", "08") == [
        f"08: code {english!r}: English ['2', '22.2', '8', '9'] [], es ['2', '22', '8', '9'] []"
    ]


# ---------------------------------------------------------------- the tool itself, on a lesson of its own
LESSON = {
    "cells": [
        {
            "cell_type": "markdown",
            "metadata": {},
            "source": ["# 01 · A lesson\n", "\n", "See [the next](02_next.ipynb)."],
        },
        {
            "cell_type": "code",
            "execution_count": 3,
            "metadata": {},
            "outputs": [{"output_type": "stream", "name": "stdout", "text": ["x"]}],
            "source": ["import sheriff_nb as sn\n", "sn.widgets.page_style()"],
        },
        {"cell_type": "markdown", "metadata": {}, "source": ["About 0.35 of the bags, [rules](../docs/rules.md)."]},
    ],
    "metadata": {"title": "x"},
    "nbformat": 4,
    "nbformat_minor": 4,
}


@pytest.fixture
def tmp_notebooks(tmp_path, monkeypatch):
    (tmp_path / "01_a_lesson.ipynb").write_text(json.dumps(LESSON), encoding="utf-8")
    monkeypatch.setattr(notebooks, "NOTEBOOKS", tmp_path)
    return tmp_path


def test_the_tool_keeps_translations_marks_changed_cells_and_changes_nothing_twice(tmp_notebooks):
    lesson = tmp_notebooks / "01_a_lesson.ipynb"
    assert notebooks.update_prose("de", lesson) and not notebooks.update_prose("de", lesson)
    po_path = tmp_notebooks / "locale" / "de" / "01_a_lesson.po"
    po = polib.pofile(str(po_path))
    assert po.metadata["Language"] == "de" and "nplurals=2" in po.metadata["Plural-Forms"]
    po[1].msgstr = "Etwa 0,35 der Beutel, [Regeln](../docs/rules.md)."
    po.save(str(po_path))
    assert notebooks.write_notebook("de", lesson) and not notebooks.write_notebook("de", lesson)
    made = json.loads((tmp_notebooks / "de" / "01_a_lesson.ipynb").read_text(encoding="utf-8"))
    assert "".join(made["cells"][2]["source"]) == "Etwa 0,35 der Beutel, [Regeln](../../docs/rules.md)."
    assert "".join(made["cells"][0]["source"]).endswith("[the next](02_next.ipynb).")  # untranslated: English
    code = made["cells"][1]
    assert code["outputs"] == [] and code["execution_count"] is None
    assert code["source"][1] == notebooks.SET_LANGUAGE.format(lang="de", name="Deutsch") + "\n"
    assert made["metadata"]["language"] == "de"

    changed = dict(
        LESSON,
        cells=[
            *LESSON["cells"][:2],
            dict(LESSON["cells"][2], source=["About 0.35 of all bags, [rules](../docs/rules.md)."]),
        ],
    )
    lesson.write_text(json.dumps(changed), encoding="utf-8")
    assert notebooks.update_prose("de", lesson)
    entry = polib.pofile(str(po_path))[1]
    assert entry.fuzzy and entry.previous_msgid == "About 0.35 of the bags, [rules](../docs/rules.md)."
    assert entry.msgstr == "Etwa 0,35 der Beutel, [Regeln](../docs/rules.md)."
    notebooks.write_notebook("de", lesson)  # a fuzzy cell shows the English until reviewed
    made = json.loads((tmp_notebooks / "de" / "01_a_lesson.ipynb").read_text(encoding="utf-8"))
    assert "".join(made["cells"][2]["source"]) == "About 0.35 of all bags, [rules](../../docs/rules.md)."


def test_a_rewritten_cell_under_the_same_heading_keeps_its_old_translation_as_fuzzy():
    po = polib.POFile()
    po.append(
        polib.POEntry(msgid="## Language\n\nThe explanations stay in English.", msgstr="## Sprache\n\nNur Englisch.")
    )
    merged = notebooks.merge_entries(po, ["## Language\n\nEvery lesson is in five languages: pick one below."])
    assert merged[0].fuzzy and merged[0].msgstr == "## Sprache\n\nNur Englisch."
    assert merged[0].previous_msgid == "## Language\n\nThe explanations stay in English."
