"""Every number and quotation a page shows, in the page's language: one place for integers, decimals, exact
fractions, percentages, signed values and quotation marks.

The decimal sign, the group sign and the percent pattern come from Babel's locale data (CLDR) for the language
:mod:`sheriff_nb.ui.i18n` holds; digits are rounded as Python rounds, so every language states the same number.

A minus is the true minus sign (−) everywhere, in every language (CLDR's own minus for en, es, pt, ru and de is
the hyphen-minus, "-", which a chart or table then mixes with the text's "−"), and a number that rounds to zero
has no sign: ``0.0``, never ``-0.0``.

>>> from fractions import Fraction
>>> fraction(Fraction(2, 7)), money(Fraction(72, 7)), chance(Fraction(2, 7)), signed(16), signed(-8), quote("Yes")
('2/7', '72/7 ≈ 10.29', '2/7 (29%)', '+16', '−8', '“Yes”')
>>> from sheriff_nb.ui.i18n import set_language
>>> set_language("de"), money(Fraction(72, 7)), chance(Fraction(2, 7)), percent(0.125, 1), quote("Ja")
('de', '72/7 ≈ 10,29', '2/7 (29\\xa0%)', '12,5\\xa0%', '„Ja“')
>>> set_language("ru"), number(19.86, 1), signed(-0.25, 2), quote("Да"), set_language("en")
('ru', '19,9', '−0,25', '«Да»', 'en')
"""

from __future__ import annotations

from ..theory.bag_values import exact
from .i18n import get_language, number_symbols

__all__ = [
    "number", "decimal", "percent", "short_number", "measured", "share", "fraction", "money", "chance", "signed", "quote", "vega_locale",
]  # fmt: skip

_MINUS = "−"
_QUOTES = {"en": ("“", "”"), "es": ("«", "»"), "pt-BR": ("“", "”"), "ru": ("«", "»"), "de": ("„", "“")}
"""CLDR's quotation marks (``delimiters/quotationStart`` and ``quotationEnd``; Babel does not ship them)."""


def _written(text: str) -> str:
    """A number Python wrote, in the page's way: the language's decimal sign, the true minus, no sign on a zero."""
    if text.startswith("-"):
        text = _MINUS + text[1:] if text.strip("-0.") else text[1:]
    return text.replace(".", number_symbols(get_language())[0])


def number(x, digits: int = 0) -> str:
    """``x`` with ``digits`` decimals and the language's decimal sign; a whole ``int`` as it is.

    >>> number(10.285, 2), number(7), number(1234.5, 1), number(-2.29, 1), number(-0.04, 1), number(-8)
    ('10.29', '7', '1234.5', '−2.3', '0.0', '−8')
    """
    return _written(str(x) if isinstance(x, int) and not digits else f"{float(x):.{digits}f}")


def decimal(x, digits: int = 4) -> str:
    """A measured value for a table: at most ``digits`` decimals, no trailing zeros.

    >>> decimal(2 / 7), decimal(-1.3), decimal(-0.00001), decimal(3.0)
    ('0.2857', '−1.3', '0', '3')
    """
    return _written(f"{float(x):.{digits}f}".rstrip("0").rstrip(".") if digits else f"{float(x):.0f}")


def percent(x, digits: int = 0) -> str:
    """A share as a percentage in the language's way: ``29%`` in English, ``29 %`` (a no-break space) in Spanish.

    >>> from fractions import Fraction

    >>> percent(Fraction(2, 7)), percent(0.5), percent(Fraction(1, 3), 1)
    ('29%', '50%', '33.3%')
    """
    _, _, prefix, suffix = number_symbols(get_language())
    return prefix + number(100 * float(x), digits) + suffix


def short_number(x) -> str:
    """A number to read off a chart or a table: one decimal, none when it rounds to a whole: ``8``, ``10.3``.

    >>> short_number(8.0), short_number(10.29), short_number(10.02)
    ('8', '10.3', '10')
    """
    x = float(x)
    return number(x, 1) if round(x, 1) != round(x) else number(round(x))


def measured(x, se, share: bool = False) -> str:
    """A simulated mean with its standard error, ``19.8 ± 0.3``; a ``share`` with its error in points, ``36% ± 1``.

    >>> measured(19.79, 0.31), measured(0.357, 0.008, share=True), measured(-10.7, 0.1)
    ('19.8 ± 0.3', '36% ± 1', '−10.7 ± 0.1')
    """
    if share:
        return f"{percent(x)} ± {number(100 * float(se))}"
    return f"{number(x, 1)} ± {number(se, 1)}"


def share(x) -> str:
    """A small chance readably: one decimal, two below 1%: ``4.9%``, ``0.45%``.

    >>> share(0.0494), share(0.00449)
    ('4.9%', '0.45%')
    """
    return percent(x, 2 if float(x) < 0.01 else 1)


def fraction(x) -> str:
    """An exact number as a reader writes it: ``8``, ``−4``, ``2/7`` (a float is read as the decimal it stands for).

    >>> from fractions import Fraction

    >>> fraction(Fraction(2, 7)), fraction(Fraction(-4)), fraction(0.25)
    ('2/7', '−4', '1/4')
    """
    x = exact(x)
    text = str(abs(x.numerator)) if x.denominator == 1 else f"{abs(x.numerator)}/{x.denominator}"
    return _MINUS + text if x < 0 else text


def money(x) -> str:
    """A value exactly, with its decimal in the language when it is not whole: ``10``, ``72/7 ≈ 10.29``.

    >>> from fractions import Fraction

    >>> money(Fraction(72, 7)), money(-10), money(Fraction(-1, 3))
    ('72/7 ≈ 10.29', '−10', '−1/3 ≈ −0.33')
    """
    x = exact(x)
    return fraction(x) if x.denominator == 1 else f"{fraction(x)} ≈ {number(x, 2)}"


def chance(x) -> str:
    """A probability exactly and in percent: ``2/7 (29%)``, ``1/2 (50%)``, ``0 (0%)``.

    >>> from fractions import Fraction

    >>> chance(Fraction(2, 7)), chance(Fraction(1, 2)), chance(0)
    ('2/7 (29%)', '1/2 (50%)', '0 (0%)')
    """
    return f"{fraction(x)} ({percent(x)})"


def signed(x, digits: int = 0) -> str:
    """A change with its sign always written: ``+16``, ``−8``, ``0``; ``digits`` decimals.

    >>> signed(16), signed(-8), signed(0), signed(1.25, 1)
    ('+16', '−8', '0', '+1.2')
    """
    text = number(x, digits)
    return "+" + text if float(x) > 0 else text


def quote(text: str) -> str:
    """``text`` between the language's quotation marks: “…” in English and Brazilian Portuguese, «…» in Spanish and
    Russian, „…“ in German.

    >>> quote("Apples")
    '“Apples”'
    """
    start, end = _QUOTES.get(get_language(), _QUOTES["en"])
    return f"{start}{text}{end}"


def vega_locale() -> dict | None:
    """The language's number format for Vega-Lite's ``config.locale`` (axis labels such as ``29 %``), or None in
    English (charts keep Vega's own defaults).

    >>> from sheriff_nb.ui.i18n import set_language
    >>> vega_locale(), set_language("es"), vega_locale()["number"]["decimal"], set_language("en")
    (None, 'es', ',', 'en')
    """
    lang = get_language()
    if lang == "en":
        return None
    decimal, group, prefix, suffix = number_symbols(lang)
    return {
        "number": {
            "decimal": decimal,
            "thousands": group,
            "grouping": [3],
            "currency": ["", ""],
            "percent": suffix or prefix or "%",
        }
    }
