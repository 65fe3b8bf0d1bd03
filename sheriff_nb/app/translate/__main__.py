"""``python3 -m sheriff_nb.app.translate``: the one command that regenerates every translation file (TRANSLATING.md).

1. ``sheriff_nb/ui/locale/sheriff_nb.pot`` extracted from the package (Babel) and merged into each language's
   ``sheriff_nb/ui/locale/<locale>/LC_MESSAGES/sheriff_nb.po``;
2. every English lesson's markdown cells, and the texts its code cells show the reader (:mod:`.code_texts`),
   merged into ``notebooks/locale/<lang>/NN_name.po``;
3. ``notebooks/<lang>/NN_name.ipynb`` written from the English lessons and those catalogues;
4. a table of how much each language is translated.

Running it twice changes nothing; the tests (tests/test_translations.py) check that nothing is out of date.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from . import COMPLETE, LANGUAGES, REPO
from .catalogues import coverage, extract_code, fill_from, update_code
from .code_texts import CONTEXT as CODE
from .code_texts import code_texts
from .notebooks import lessons, prose_path, translations, update_prose, write_notebook


def regenerate(languages=LANGUAGES) -> list[str]:
    """Bring every translation file up to date; the files it changed."""
    changed = []
    if extract_code():
        changed.append("sheriff_nb/ui/locale/sheriff_nb.pot")
    for lang in languages:
        before = _read(path := _catalogue(lang))
        update_code(lang)
        if _read(path) != before:
            changed.append(str(path.relative_to(REPO)))
        for lesson in lessons():
            if update_prose(lang, lesson):
                changed.append(str(prose_path(lang, lesson.name).relative_to(REPO)))
            if write_notebook(lang, lesson):
                changed.append(f"notebooks/{lang}/{lesson.name}")
    return changed


def _catalogue(lang):
    from ...ui.i18n import catalogue_path

    return catalogue_path(lang)


def _read(path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


def report(languages=LANGUAGES) -> str:
    """Words translated per language: the package's strings and the lessons' prose (markdown cells and the texts
    of code cells), with how many of those code texts are translated."""
    texts = {lesson.name: code_texts(json.loads(lesson.read_text(encoding="utf-8"))) for lesson in lessons()}
    rows = []
    for lang in languages:
        code = coverage(_catalogue(lang))
        prose = [coverage(prose_path(lang, lesson.name)) for lesson in lessons()]
        words = sum(c.words for c in prose)
        done = sum(c.translated_words for c in prose)
        fuzzy = sum(c.fuzzy for c in prose)
        shown = sum(len(set(found) & set(translations(lang, name, CODE))) for name, found in texts.items())
        rows.append(
            f"{lang:6} package {code.share:6.1%} ({code.missing} missing, {code.fuzzy} fuzzy)   "
            f"lessons {done / words if words else 1:6.1%} ({fuzzy} fuzzy entries; "
            f"code texts {shown}/{sum(map(len, texts.values()))})"
            f"{'   complete' if lang in COMPLETE else ''}"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m sheriff_nb.app.translate", description=__doc__.split("\n\n")[0])
    parser.add_argument("languages", nargs="*", default=list(LANGUAGES), help="only these (default: all)")
    parser.add_argument(
        "--fill-from",
        type=Path,
        metavar="PO",
        help="first fill the one language's package catalogue from another .po of it (after a merge)",
    )
    args = parser.parse_args(argv)
    if args.fill_from:
        if len(args.languages) != 1:
            parser.error("--fill-from needs exactly one language")
        update_code(args.languages[0])
        print(f"{fill_from(args.languages[0], args.fill_from)} entries filled from {args.fill_from}")
    changed = regenerate(args.languages)
    print("\n".join(f"updated {path}" for path in changed) or "everything was up to date")
    print(report(args.languages))
    return 0


if __name__ == "__main__":
    sys.exit(main())
