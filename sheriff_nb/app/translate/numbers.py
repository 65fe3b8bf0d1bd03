"""The numbers a text states, so that a translated lesson can be checked against the English one.

A translation writes numbers its language's way ("0,35" and "1.000" in German, "1 000" in Russian); LaTeX
(``$...$``, ``$$...$$``), inline code, arXiv numbers and addresses (127.0.0.1) stay exactly as in English and are
compared as they are.  Link targets and HTML attributes are left out (a file name's digits are not a statement).

>>> stated_numbers("About 0.35 of 1,000 bags (29%), see [05](05_inspection_and_bribes.ipynb): $p^* = 2/7$", "en")
(['0.35', '1000', '29', '05'], ['$p^* = 2/7$'])
>>> stated_numbers("Etwa 0,35 von 1.000 Beuteln (29 %), siehe [05](05_inspection_and_bribes.ipynb): $p^* = 2/7$", "de")
(['0.35', '1000', '29', '05'], ['$p^* = 2/7$'])
>>> stated_numbers("≈ 1 000 мешков, 2,5 золота", "ru")
(['1000', '2.5'], [])
"""

from __future__ import annotations

import re

__all__ = ["stated_numbers", "DECIMAL_COMMA"]

DECIMAL_COMMA = {"es", "pt-BR", "ru", "de"}
"""Languages that write a decimal comma (and group thousands with a dot or a space)."""
_LATEX = re.compile(r"\$\$.+?\$\$|\$[^$\n]+?\$|`[^`\n]+`|arXiv:? ?\d+\.\d+|\d+(?:\.\d+){3}", re.S)
_HIDDEN = re.compile(r"\]\([^)]*\)|<[^>]*>|https?://\S+")
_NUMBER = re.compile(r"\d+(?:[.,\u00a0\u202f ]\d+)*")


def _normal(number: str, comma: bool) -> str:
    group, decimal = (r"[.\u00a0\u202f ]", ",") if comma else (r",", ".")
    number = re.sub(rf"(?<=\d){group}(?=\d{{3}}(?!\d))", "", number)
    parts = re.split(r"[\u00a0\u202f ]", number)  # what is left with a space is two numbers
    return " ".join(p.replace(decimal, "#").replace(",", " ").replace(".", " ").replace("#", ".") for p in parts)


def stated_numbers(text: str, lang: str) -> tuple[list[str], list[str]]:
    """The numbers of ``text`` (in ``lang``) in order, in English notation, and its verbatim pieces (LaTeX, code)."""
    latex = _LATEX.findall(text)
    prose = _HIDDEN.sub(" ", _LATEX.sub(" ", text))
    comma = lang in DECIMAL_COMMA
    numbers = []
    for match in _NUMBER.finditer(prose):
        numbers += _normal(match.group(0).strip(), comma).split()
    return numbers, latex
