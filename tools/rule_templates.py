"""Rewrite ``raise SomeRuleError(f"...")`` as ``raise SomeRuleError("... {field} ...", field=...)``.

A :class:`sheriff_nb.RuleError` keeps its message's template and fields, so the widgets translate the template (a
gettext msgid, extracted by ``python3 -m sheriff_nb.app.translate``) and fill in the fields; the English message does
not change.  An f-string message has no template to translate, so this tool turns each one into a template whose
fields are named after the expressions they hold (``{size}`` for ``size``, ``{good}`` for
``GOODS[action.good].name``, ``{merchant}`` for ``self._name(merchant)``).  Run it after adding or merging engine
code, then look at the names it chose (``--dry-run`` prints them) and refresh the catalogues::

    python3 tools/rule_templates.py sheriff_nb            # rewrite in place, list what changed
    python3 tools/rule_templates.py --dry-run sheriff_nb  # only list
    python3 -m sheriff_nb.app.translate                       # new templates become new msgids

Only calls of ``RuleError`` and its subclasses (those the package defines, and classes of the scanned files whose
base is one of them) whose only argument is an f-string are
rewritten; everything else is left as it is.  Lines are kept under 120 characters.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

from sheriff_nb.app.translate.extract import rule_error_names

WIDTH = 120
_SHORT = {
    "m": "merchant",
    "s": "seat",
    "n": "n",
    "p": "p",
    "q": "q",
    "e": "error",
    "err": "error",
    "exc": "error",
    "r": "round",
}
"""Names for one-letter variables (the engine's loops use ``m`` for a merchant's seat)."""


def field_name(node: ast.expr) -> str:
    """A placeholder name for the expression ``node``.

    >>> [field_name(ast.parse(x, mode="eval").body) for x in
    ...  ("MIN_BAG", "good.name", "GOODS[action.good].name", "self._name(m)", "len(action.set_aside)",
    ...   "self.gold[m]", "row['name']", "', '.join(names)", "offer.gold")]
    ['min_bag', 'good', 'good', 'merchant', 'set_aside', 'gold', 'name', 'names', 'gold']
    """
    if isinstance(node, ast.Name):
        name = node.id.lstrip("_").lower()
        return _SHORT.get(name, name)
    if isinstance(node, ast.Attribute):
        return field_name(node.value) if node.attr == "name" else node.attr.lstrip("_").lower()
    if isinstance(node, ast.Subscript):
        if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
            return node.slice.value
        if isinstance(node.value, ast.Name) and node.value.id.isupper():  # a table: GOODS[good] names the good
            return field_name(node.slice)
        return field_name(node.value)
    if isinstance(node, ast.Call):
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if node.args and name in {"_name", "seat_name"}:  # a player's name
            inner = field_name(node.args[-1])
            return "player" if inner in {"queue", "both", "value", "min", "max"} else inner
        if node.args and name in {
            "_name",
            "name",
            "join",
            "len",
            "sorted",
            "str",
            "repr",
            "list",
            "min",
            "max",
            "goods_text",
            "get",
        }:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                return re.sub(r"\W+", "_", first.value).strip("_").lower() or "value"
            return field_name(first)
        return name.lstrip("_").lower() or "value"
    if isinstance(node, ast.BinOp):  # "seats 0 to {last}" for players - 1
        last = isinstance(node.op, ast.Sub) and isinstance(node.right, ast.Constant) and node.right.value == 1
        return "last" if last else field_name(node.left)
    return "value"


def template_of(joined: ast.JoinedStr, source: str) -> tuple[str, list[tuple[str, str]]] | None:
    """The template and ``(name, expression source)`` fields of an f-string, or None if it cannot be one."""
    parts, fields, by_source = [], [], {}
    for value in joined.values:
        if isinstance(value, ast.Constant):
            parts.append(str(value.value).replace("{", "{{").replace("}", "}}"))
            continue
        if not isinstance(value, ast.FormattedValue):
            return None
        spec = ""
        if value.format_spec is not None:
            if not all(isinstance(v, ast.Constant) for v in value.format_spec.values):
                return None
            spec = ":" + "".join(str(v.value) for v in value.format_spec.values)
        conversion = {-1: "", 115: "!s", 114: "!r", 97: "!a"}[value.conversion]
        expression = ast.get_source_segment(source, value.value)
        if expression is None:
            return None
        expression = " ".join(line.strip() for line in expression.splitlines())
        name = by_source.get(expression)
        if name is None:
            base = field_name(value.value)
            name, number = base, 2
            while name in {n for n, _ in fields}:
                name, number = f"{base}{number}", number + 1
            by_source[expression] = name
            fields.append((name, expression))
        parts.append("{" + name + conversion + spec + "}")
    return "".join(parts), fields


def _literal(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _chunks(text: str, width: int) -> list[str]:
    """``text`` cut after spaces into pieces whose literals fit ``width`` characters."""
    pieces, current = [], ""
    for word in re.findall(r"\S*\s*", text):
        if current and len(_literal(current + word)) > width:
            pieces.append(current)
            current = ""
        current += word
    return [*pieces, current] if current or not pieces else pieces


def layout(template: str, fields: list[tuple[str, str]], column: int, tail: int) -> str:
    """The new argument text starting at ``column``: the template's literal pieces, then ``name=expression``
    keywords, wrapped at :data:`WIDTH` with ``tail`` characters (the call's closing text) after the last one."""
    width = WIDTH - column
    pieces = [_literal(p) for p in _chunks(template, width - 1)]
    items = [*pieces[:-1], pieces[-1] + ("," if fields else "")]
    keywords = [f"{name}={expression}" for name, expression in fields]
    lines = items[:]
    for index, keyword in enumerate(keywords):
        last = index == len(keywords) - 1
        text = keyword + ("" if last else ",")
        room = width - (tail if last else 0)
        if len(lines[-1]) + 1 + len(text) <= room:
            lines[-1] += " " + text
        else:
            lines.append(text)
    return ("\n" + " " * column).join(lines)


def rewrite(source: str, names: set[str]) -> tuple[str, list[tuple[int, str, list[str]]]]:
    """``source`` with every f-string rule message turned into a template; and ``(line, template, fields)`` per
    change."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def at(lineno: int, col: int) -> int:  # ast columns are UTF-8 byte offsets
        return offsets[lineno - 1] + len(lines[lineno - 1].encode()[:col].decode())

    edits, report = [], []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and len(node.args) == 1
            and not node.keywords
            and isinstance(node.args[0], ast.JoinedStr)
        ):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name not in names:
            continue
        arg = node.args[0]
        made = template_of(arg, source)
        if made is None:
            continue
        template, fields = made
        start, end = at(arg.lineno, arg.col_offset), at(arg.end_lineno, arg.end_col_offset)
        column = start - offsets[arg.lineno - 1]
        line_end = source.find("\n", end)
        tail = len(source[end : line_end if line_end >= 0 else len(source)])
        edits.append((start, end, layout(template, fields, column, tail)))
        report.append((arg.lineno, template, [n for n, _ in fields]))
    for start, end, text in sorted(edits, reverse=True):
        source = source[:start] + text + source[end:]
    return source, sorted(report)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", help="files or folders of Python sources")
    parser.add_argument("--dry-run", action="store_true", help="list the rewrites, change nothing")
    args = parser.parse_args(argv)
    files = sorted({f for p in map(Path, args.paths) for f in ([p] if p.is_file() else p.rglob("*.py"))})
    sources = {f: f.read_text(encoding="utf-8") for f in files}
    names = rule_error_names(list(sources.values()))
    total = 0
    for path, source in sources.items():
        new, report = rewrite(source, names)
        for line, template, fields in report:
            print(f"{path}:{line}: {template!r}  [{', '.join(fields)}]")
        total += len(report)
        if report and not args.dry_run:
            compile(new, str(path), "exec")  # never write a file that no longer parses
            path.write_text(new, encoding="utf-8")
    print(f"{total} rule message(s) {'to rewrite' if args.dry_run else 'rewritten'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
