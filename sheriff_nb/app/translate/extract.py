"""Babel's extraction method for this package: every gettext call (``t``, ``pt``, ``ngettext``, ``npt``, the
``N_`` markers, the engine's ``Phrase``), plus the message templates of rule errors and the English card names.

An engine error is raised as ``BagSizeError("a bag holds {low} to {high} cards; ...", low=1, ...)``: the engine
knows nothing of translation, so there is no gettext call to find.  :func:`extract` also yields the first argument of
every call of a :class:`~sheriff_nb.RuleError` class whose first argument is a plain string: a new engine message
becomes a new msgid by itself.  An f-string message has no template, so it cannot be translated;
:func:`fstring_rule_messages` lists them (a test keeps the list empty; ``tools/rule_templates.py`` rewrites them).

The English card names are data of the engine too (:data:`~sheriff_nb.engine.card_names.CARD_NAMES`, ``"en"``):
:func:`card_names` reads them from that table as the msgids of contexts ``card`` (the printed name) and ``cards``
(the words for one card and for several).

``pyproject.toml``'s ``[tool.babel]`` names this function, so ``pybabel extract -F pyproject.toml`` uses it too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

from babel.messages.extract import extract_python

__all__ = ["extract", "rule_error_names", "rule_templates", "fstring_rule_messages", "card_names"]


def rule_error_names(sources: Iterable[str] = ()) -> set[str]:
    """``RuleError`` and the names of its subclasses: those of the installed package (every module that defines
    one is imported by ``import sheriff_nb``, or by the class pages) and those the ``sources`` define.

    >>> {"RuleError", "BagSizeError", "NicknameError"} <= rule_error_names()
    True
    """
    from ...engine.errors import RuleError
    from ...play import class_rules  # noqa: F401 (the class pages' errors)
    from ...ui import widgets  # noqa: F401 (every module that defines a rule error)

    names, stack = set(), [RuleError]
    while stack:
        cls = stack.pop()
        names.add(cls.__name__)
        stack.extend(cls.__subclasses__())
    trees = [ast.parse(source) for source in sources]
    grew = True
    while grew:  # classes defined in the sources, subclasses of a known one
        grew = False
        for tree in trees:
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.ClassDef)
                    and node.name not in names
                    and any(isinstance(base, ast.Name) and base.id in names for base in node.bases)
                ):
                    names.add(node.name)
                    grew = True
    return names


def _rule_calls(tree: ast.AST, names: set[str]) -> Iterator[ast.Call]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            if (func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)) in names:
                yield node


def rule_templates(source: str, names: set[str] | None = None) -> list[tuple[int, str, list[str]]]:
    """``(line, template, field names)`` of every rule error raised with a template in ``source``.

    >>> rule_templates('raise BagSizeError("a bag holds {low} cards", low=1)')
    [(1, 'a bag holds {low} cards', ['low'])]
    """
    tree = ast.parse(source)
    names = names or rule_error_names([source])
    found = []
    for call in _rule_calls(tree, names):
        first = call.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value:
            found.append((call.lineno, first.value, [k.arg for k in call.keywords if k.arg]))
    return sorted(found)


def fstring_rule_messages(paths: Iterable[Path]) -> list[str]:
    """``file:line`` of every rule error raised with an f-string (no template: it cannot be translated)."""
    files = sorted(Path(p) for p in paths)
    sources = {path: path.read_text(encoding="utf-8") for path in files}
    names = rule_error_names(sources.values())
    return [
        f"{path}:{call.lineno}"
        for path, source in sources.items()
        for call in _rule_calls(ast.parse(source), names)
        if isinstance(call.args[0], ast.JoinedStr)
    ]


def calls_in_fstrings(source: str, keywords: dict) -> list[tuple[int, str, tuple[str, ...]]]:
    """``(line, keyword, string arguments)`` of the gettext calls written inside f-strings, which Babel's Python
    extractor skips (``f"({t('about 1 time in {n}', n=k)})"``).

    >>> calls_in_fstrings('x = f"({t(' + repr('about 1 time in {n}') + ', n=3)})"', {"t": None})
    [(1, 't', ('about 1 time in {n}',))]
    """
    found = []
    for joined in ast.walk(ast.parse(source)):
        if not isinstance(joined, ast.JoinedStr):
            continue
        for node in ast.walk(joined):
            if not isinstance(node, ast.Call) or node is joined:
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            args = tuple(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
            if name in keywords and args and len(args) == len(node.args[: len(args)]):
                found.append((node.lineno, name, args))
    return found


def card_names(source: str) -> list[tuple[int, str, tuple[str, ...]]]:
    """``(line, marker, arguments)`` for the English names of a ``CARD_NAMES`` table in ``source``: each card's
    printed name as ``pN_("card", ...)`` and its singular and plural as ``npN_("cards", ...)``, the calls that
    would mark them in code.

    >>> card_names('CARD_NAMES = {"en": {"apples": ("Apples", "Apple", "Apples")}, "de": {}}')
    [(1, 'pN_', ('card', 'Apples')), (1, 'npN_', ('cards', 'Apple', 'Apples'))]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", None)
        if getattr(target, "id", None) != "CARD_NAMES" or not isinstance(node.value, ast.Dict):
            continue
        for lang, names in zip(node.value.keys, node.value.values, strict=True):
            if isinstance(lang, ast.Constant) and lang.value == "en":
                for entry in names.values:
                    printed, singular, plural = ast.literal_eval(entry)
                    found += [
                        (entry.lineno, "pN_", ("card", printed)),
                        (entry.lineno, "npN_", ("cards", singular, plural)),
                    ]
    return found


def extract(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """A Babel extraction method: Babel's Python extractor, the gettext calls inside f-strings it skips, the
    rule errors' templates (as ``(line, None, template, comments)``: the template is the msgid), then the English
    card names (:func:`card_names`)."""
    yield from extract_python(fileobj, keywords, comment_tags, options)
    fileobj.seek(0)
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for line, name, args in calls_in_fstrings(source, keywords):
        yield line, name, args if len(args) > 1 else args[0], []
    for line, template, fields in rule_templates(source):
        note = f"rule message; fields: {', '.join('{' + f + '}' for f in fields)}" if fields else "rule message"
        yield line, None, template, [note]
    for line, name, args in card_names(source):
        yield line, name, args, []
