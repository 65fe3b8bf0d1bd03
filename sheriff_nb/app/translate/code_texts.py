r"""The texts a lesson's code cells show the reader, so that they are translated like its markdown cells.

A translated lesson copies the English code cells, but a few of their string literals are read on the page.  The
rule: a string literal of a code cell is **reader-visible** when it is a key of the dict written as the first
argument of ``sn.widgets.bags_view(...)`` (the label over a bag).  Prose, worked examples included, is written in
Markdown cells (a worked example that waits for its bet is a Markdown cell tagged ``held-until-reveal``), never in
a code cell's strings.

Every other literal is something the code uses and stays as it is: card ids (``"apples"``), the ids of bets and
strategies (``bet("07.smuggle", ...)``), and the characters' names given to the scoring widgets (proper
nouns).  A literal of the rule must be one plain string token (no f-string, no implicit concatenation).

:func:`visible_literals` finds them with ``ast`` and their exact place in the source; :func:`code_texts` lists a
notebook's, the entries of context :data:`CONTEXT` in the lesson's catalogue; :func:`translate_source` puts
translations in their place, each written by :func:`requote` with the literal's own prefix and quotes.

>>> source = 'sn.widgets.bags_view({"Much\'s lie": {"apples": 2}, r"the 2\\* lie": {"pepper": 2}})'
>>> [(x.text, source[x.start:x.end]) for x in visible_literals(source)]
[("Much's lie", '"Much\'s lie"'), ('the 2\\* lie', 'r"the 2\\* lie"')]
>>> print(translate_source(source, {"Much's lie": 'La "mentira"', "the 2\\* lie": "la 2\\* mentira"}))
sn.widgets.bags_view({"La \"mentira\"": {"apples": 2}, r"la 2\* mentira": {"pepper": 2}})
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
import warnings
from dataclasses import dataclass

__all__ = ["CONTEXT", "BAGS_VIEW", "Literal", "visible_literals", "code_texts", "requote", "translate_source"]

CONTEXT = "code"
"""The ``msgctxt`` of a code text's entry in the lesson catalogue (markdown cells have none)."""
BAGS_VIEW = "sn.widgets.bags_view"
"""Every string key of the dict that is this call's first argument is reader-visible."""
_PREFIX = re.compile(r"([A-Za-z]*)('''|\"\"\"|'|\")")


@dataclass(frozen=True)
class Literal:
    """A reader-visible string literal: its value and where its token is in the source (``source[start:end]``)."""

    text: str
    start: int
    end: int


def _candidates(tree: ast.AST) -> list[ast.expr]:
    """The string nodes (literals and f-strings) the rule names, in no particular order."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if ast.unparse(node.func) == BAGS_VIEW and node.args and isinstance(node.args[0], ast.Dict):
            found += [key for key in node.args[0].keys if key is not None]
    return [
        n for n in found if isinstance(n, ast.JoinedStr) or isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]


def visible_literals(source: str) -> list[Literal]:
    """The reader-visible literals of a code cell's ``source``, in source order; ``[]`` if it is not Python (an
    IPython magic).  Raises ``ValueError`` for a visible text written as several tokens.

    >>> source = 'sn.widgets.bags_view({"½ × 8 = **4**": {"apples": 1}})'
    >>> visible_literals(source), source[22:37]
    ([Literal(text='½ × 8 = **4**', start=22, end=37)], '"½ × 8 = **4**"')
    >>> visible_literals('sn.widgets.bags_view({"a" "b": {"apples": 1}})')
    Traceback (most recent call last):
    ...
    ValueError: a reader-visible text must be one string literal: '"a" "b"'
    >>> visible_literals('sn.widgets.bags_view({f"{n} Apples": {"apples": n}})')
    Traceback (most recent call last):
    ...
    ValueError: a reader-visible text must be one string literal: 'f"{n} Apples"'
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    def offset(line: int, column: int) -> int:  # ast's columns count UTF-8 bytes
        text = source[starts[line - 1] : starts[line]]
        return starts[line - 1] + len(text.encode("utf-8")[:column].decode("utf-8"))

    found = []
    for node in _candidates(tree):
        start, end = offset(node.lineno, node.col_offset), offset(node.end_lineno, node.end_col_offset)
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(source[start:end]).readline) if t.string.strip()]
        if len(tokens) != 1 or isinstance(node, ast.JoinedStr):
            raise ValueError(f"a reader-visible text must be one string literal: {source[start:end]!r}")
        found.append(Literal(node.value, start, end))
    return sorted(found, key=lambda literal: literal.start)


def code_texts(notebook: dict) -> list[str]:
    """The reader-visible texts of ``notebook``'s code cells, each once, in order (the catalogue's code entries)."""
    seen: dict[str, None] = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            for literal in visible_literals("".join(cell["source"])):
                seen.setdefault(literal.text, None)
    return [text for text in seen if text.strip()]


def _evaluates_to(token: str, text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            return ast.literal_eval(token) == text
    except (SyntaxError, ValueError, SyntaxWarning):
        return False


def requote(token: str, text: str) -> str:
    r"""A literal that evaluates to ``text``, written like ``token`` (an existing literal): the same prefix and
    quotes.  Only when a raw literal cannot hold ``text`` (its own closing quotes, a final backslash, a newline
    between single quotes) is it written escaped, without the ``r``.

    >>> print(requote("r'''x'''", "\n$p^* = 2/7$, a \\ and a \"quote\"\n"))
    r'''
    $p^* = 2/7$, a \ and a "quote"
    '''
    >>> print(requote("'x'", "l'été"))
    'l\'été'
    >>> print(requote("r'''x'''", "ends with a quote'"))
    '''ends with a quote\''''
    """
    prefix, quote = _PREFIX.match(token).groups()
    plain = prefix + quote + text + quote
    if "r" in prefix.lower() and _evaluates_to(plain, text):
        return plain
    body = text.replace("\\", "\\\\").replace(quote[0], "\\" + quote[0])
    if len(quote) == 1:
        body = body.replace("\n", "\\n").replace("\r", "\\r")
    return re.sub("[rR]", "", prefix) + quote + body + quote


def translate_source(source: str, done: dict[str, str]) -> str:
    """``source`` with each reader-visible literal whose text ``done`` translates rewritten to the translation."""
    for literal in reversed(visible_literals(source)):
        if done.get(literal.text):
            token = requote(source[literal.start : literal.end], done[literal.text])
            source = source[: literal.start] + token + source[literal.end :]
    return source
