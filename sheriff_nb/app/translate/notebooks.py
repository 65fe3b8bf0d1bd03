"""The lessons' prose in other languages: one catalogue per lesson and language, and the translated notebooks.

``notebooks/locale/<lang>/NN_name.po`` holds ONE ENTRY PER MARKDOWN CELL of the English lesson
``notebooks/NN_name.ipynb`` (the msgid is the cell's whole source; identical cells once; no context), then one entry
per reader-visible text of its code cells (context ``code``; :mod:`.code_texts` says which literals those are).
:func:`update_prose` merges the English cells and texts into it with polib: translations are kept, a new cell arrives
empty, a changed cell arrives fuzzy with its old translation and ``#| msgid`` (the previous English), and a removed
cell leaves; the code texts are merged the same way, among themselves.  :func:`translated_notebook` builds
``notebooks/<lang>/NN_name.ipynb`` from the English lesson and that catalogue: markdown cells translated (English
where the entry is empty or fuzzy), code cells as in English except for their translated texts (same rule: English
where empty or fuzzy) and that the first one sets the page's language (so the widgets speak it with no ``?lang=`` in
the address), the title in the package's catalogue, ``metadata.language`` set, links leaving the lesson folder one
level longer, no outputs.

>>> cells = ["# 01 · The goods\\n\\nHello", "Bye"]
>>> po = merge_entries(polib.POFile(), cells); [e.msgid for e in po]
['# 01 · The goods\\n\\nHello', 'Bye']
>>> po[0].msgstr = "# 01 · Los bienes\\n\\nHola"
>>> po = merge_entries(po, ["# 01 · The goods\\n\\nHello!", "Bye"])
>>> po[0].fuzzy, po[0].msgstr, po[0].previous_msgid
(True, '# 01 · Los bienes\\n\\nHola', '# 01 · The goods\\n\\nHello')
>>> relink("[next](02_market.ipynb) · [rules](../docs/rules.md) · <img src='img/a.png'>")
"[next](02_market.ipynb) · [rules](../../docs/rules.md) · <img src='../img/a.png'>"
"""

from __future__ import annotations

import copy
import difflib
import json
import re
from pathlib import Path

import polib

from ...ui.i18n import PLURAL_FORMS
from . import NOTEBOOKS
from .code_texts import CONTEXT as CODE
from .code_texts import code_texts, translate_source

__all__ = [
    "lessons",
    "markdown_cells",
    "prose_path",
    "notebook_path",
    "merge_entries",
    "update_prose",
    "translations",
    "relink",
    "translated_notebook",
    "notebook_text",
    "write_notebook",
    "SET_LANGUAGE",
]

LESSON = re.compile(r"\d\d_\w+\.ipynb")
_LINK = re.compile(r"(\]\(|(?:href|src)=['\"])([^)'\"\s]+)")
SET_LANGUAGE = 'sn.widgets.set_language("{lang}")  # this page speaks {name}: every widget below uses it'
"""The line a translated lesson's first code cell gets after ``import sheriff_nb as sn``."""


def lessons() -> list[Path]:
    """The English lessons, in order."""
    return sorted(p for p in NOTEBOOKS.glob("*.ipynb") if LESSON.fullmatch(p.name))


def markdown_cells(notebook: dict) -> list[str]:
    """The sources of ``notebook``'s markdown cells, each once, in order (the msgids of its catalogue)."""
    seen: dict[str, None] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            seen.setdefault("".join(cell["source"]), None)
    return [text for text in seen if text.strip()]


def prose_path(lang: str, lesson: str) -> Path:
    """``notebooks/locale/<lang>/<lesson>.po`` (``lesson`` is the notebook's file name)."""
    return NOTEBOOKS / "locale" / lang / f"{Path(lesson).stem}.po"


def notebook_path(lang: str, lesson: str) -> Path:
    """``notebooks/<lang>/<lesson>``."""
    return NOTEBOOKS / lang / Path(lesson).name


def _new_catalogue(lang: str) -> polib.POFile:
    po = polib.POFile()
    po.metadata = {
        "Project-Id-Version": "sheriff_nb lessons",
        "Language": lang.replace("-", "_"),
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": PLURAL_FORMS[lang],
    }
    return po


def merge_entries(po: polib.POFile, cells: list[str], context: str | None = None) -> polib.POFile:
    """A catalogue holding exactly ``cells`` (in order) as entries of ``context``, translations taken from ``po``'s
    entries of that context: kept for an unchanged cell; for a changed one, fuzzy with the previous English, the
    translation of the closest removed cell (or of the removed cell under the same heading); empty for a new one."""
    old = {entry.msgid: entry for entry in po if not entry.obsolete and entry.msgctxt == context}
    gone = [msgid for msgid in old if msgid not in set(cells)]
    fresh = polib.POFile(wrapwidth=po.wrapwidth)
    fresh.metadata, fresh.header = dict(po.metadata), po.header
    for text in cells:
        if text in old:
            fresh.append(old[text])
            continue
        entry = polib.POEntry(msgctxt=context, msgid=text, msgstr="")
        candidates = [g for g in gone if old[g].msgstr]
        close = difflib.get_close_matches(text, candidates, n=1, cutoff=0.6)
        close = close or [g for g in candidates if g.startswith("#") and g.split("\n")[0] == text.split("\n")[0]]
        if close:
            entry.msgstr, entry.previous_msgid = old[close[0]].msgstr, close[0]
            entry.flags.append("fuzzy")
        fresh.append(entry)
    return fresh


def update_prose(lang: str, lesson: Path) -> bool:
    """Merge the English ``lesson``'s markdown cells, then its code cells' texts, into its ``lang`` catalogue (made
    if missing); True if the file changed."""
    path = prose_path(lang, lesson.name)
    po = polib.pofile(str(path), wrapwidth=78) if path.exists() else _new_catalogue(lang)
    english = json.loads(lesson.read_text(encoding="utf-8"))
    merged = merge_entries(po, markdown_cells(english))
    merged.extend(merge_entries(po, code_texts(english), CODE))
    text = str(merged)
    if path.exists() and str(polib.pofile(str(path), wrapwidth=78)) == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    merged.save(str(path))
    return True


def translations(lang: str, lesson: str, context: str | None = None) -> dict[str, str]:
    """The finished translations of a lesson's cells (or, with ``context="code"``, of its code texts): English ->
    translation (no fuzzy, no empty)."""
    path = prose_path(lang, lesson)
    if not path.exists():
        return {}
    return {
        e.msgid: e.msgstr
        for e in polib.pofile(str(path))
        if e.msgstr and not e.fuzzy and not e.obsolete and e.msgctxt == context
    }


def relink(markdown: str) -> str:
    """Relative links of a cell as seen from ``notebooks/<lang>/``: a lesson stays in the language's folder, any
    other file (``../README.md``, an image) is one folder further up."""

    def fix(match: re.Match) -> str:
        lead, target = match.groups()
        if re.match(r"[a-z][a-z0-9+.-]*:|#|/", target) or LESSON.fullmatch(target.split("#")[0].split("?")[0]):
            return match.group(0)
        return lead + "../" + target

    return _LINK.sub(fix, markdown)


def _source_lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def translated_notebook(
    lang: str, lesson: Path, prose: dict[str, str] | None = None, code: dict[str, str] | None = None
) -> dict:
    """``notebooks/<lang>/<lesson>`` as a notebook dict, made from the English lesson and the catalogues (or from
    ``prose`` and ``code``, the translations of its cells and of its code texts, when given: the pseudo-locale's)."""
    from ...ui import i18n
    from ...ui.widgets import LESSONS, page_title

    english = json.loads(lesson.read_text(encoding="utf-8"))
    done = translations(lang, lesson.name) if prose is None else prose
    code_done = translations(lang, lesson.name, CODE) if code is None else code
    notebook = copy.deepcopy(english)
    language_set = False
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            cell["source"] = _source_lines(relink(done.get(source, source)))
        elif cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
            source = translate_source(source, code_done)
            cell["source"] = _source_lines(source)
            if not language_set and "import sheriff_nb as sn\n" in source:
                line = SET_LANGUAGE.format(lang=lang, name=i18n.languages()[lang])
                cell["source"] = _source_lines(
                    source.replace("import sheriff_nb as sn\n", f"import sheriff_nb as sn\n{line}\n", 1)
                )
                language_set = True
    if lesson.name in {f for f, _, _ in LESSONS}:
        before = i18n.get_language()
        try:
            i18n.set_language(lang)
            notebook["metadata"]["title"] = page_title(lesson.name)
        finally:
            i18n.set_language(before)
    notebook["metadata"]["language"] = lang
    return notebook


def notebook_text(notebook: dict) -> str:
    """A notebook as Jupyter writes it (one-space indent, UTF-8 kept, a final newline)."""
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def write_notebook(lang: str, lesson: Path) -> bool:
    """Write ``notebooks/<lang>/<lesson>``; True if it changed."""
    path = notebook_path(lang, lesson.name)
    text = notebook_text(translated_notebook(lang, lesson))
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True
