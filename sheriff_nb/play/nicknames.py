"""Nicknames of a class session: what a student may type (:func:`clean_name`) and when two nicknames are one
(:func:`name_key`).  The roster is projected and a partner's phone shows "Your partner: <nickname>", so a nickname
must be what it looks like: no invisible or formatting characters, no name that looks like a seated one or like
the computer partner, while names in any script (accents typed as separate marks, Hindi, Tamil, Thai vowel signs)
are welcome.

Two nicknames are one when their keys are equal.  The key is the name's compatibility casefold (NFKC, casefold,
NFKC: case never matters, and a fullwidth "Ｎ" or a mathematical bold "𝐍" is the "n" it shows), then its *skeleton*
(Unicode Technical Standard #39: NFD, every character replaced by its prototype in Unicode's table of look-alikes,
NFD again), casefolded (a prototype may be a capital).  The casefold comes first because a skeleton keeps case: the
capital "I" has the prototype "l" but the small "i" has none.  NFKC comes first because the table lists a styled or
fullwidth letter only where it also looks like a letter of another script ("ａ" is there, "ｎ" is not).  The table
is the part of Unicode's ``confusables.txt`` that a nickname can meet, shipped next to this module
(``confusables.txt``: its header says which version, where it came from and its licence).

>>> name_key("Ann") == name_key("ANN") == name_key("Аnn") == name_key("Ａｎｎ") == name_key("𝐀𝐧𝐧")  # Cyrillic А
True
>>> name_key("Ann") == name_key("Anna")
False
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

from .class_rules import COMPUTER, NicknameError

__all__ = [
    "MAX_LENGTH", "MAX_MARKS", "MAX_KEY", "PUNCTUATION", "INVISIBLE", "COMPUTER_NAMES", "clean_name", "name_key",
    "length", "taken_error",
]  # fmt: skip

MAX_LENGTH = 20
"""Characters in a nickname, a letter and the accents or vowel signs on it counting as one (see :func:`length`)."""
MAX_MARKS = 3
"""Accents or other marks on one letter (a Thai or Devanagari letter carries 1 or 2, a Tibetan stack 3): with 20
letters of 3 marks each a nickname is 80 code points, the length of the store's ``name`` column."""
MAX_KEY = 80
"""Code points in a key: the length of the store's ``name_key`` column."""
PUNCTUATION = " .'-_\u2019"
"""What a nickname may hold besides letters, marks and digits (U+2019 is the apostrophe that phones type)."""
INVISIBLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
    (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x16FE4, 0x16FE4), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)  # fmt: skip
"""Ranges of code points that show nothing: Unicode 15.0's Default_Ignorable_Code_Point (the Hangul fillers
U+115F, U+1160, U+3164 and U+FFA0 are letters of this kind; the others are marks such as variation selectors, or
formatting characters), and KHITAN SMALL SCRIPT FILLER (U+16FE4), a blank mark."""
COMPUTER_NAMES = (
    COMPUTER, "the computer",
    "der Computer",
    "el ordenador", "ordenador", "la computadora", "computadora",  # Spain's word, and Latin America's
    "o computador", "computador",
    "компьютер",
)  # fmt: skip
"""What a page calls the odd student's partner, in English, German, Spanish, Portuguese and Russian (with and
without the article; a test checks them against the catalogues): a nickname that looks like one of them is
refused, or a partner's phone would read "Your partner: the computer" for a human."""


def length(name: str) -> int:
    """How many characters a reader sees in ``name``: every code point but the marks (Unicode category M: accents,
    vowel signs, viramas), which sit on the letter before them.

    >>> length("José"), length("Jose\\u0301"), length("अनिल"), length("முருகன்"), length("สมชาย")
    (4, 4, 3, 4, 5)
    """
    return sum(1 for c in name if not unicodedata.category(c).startswith("M"))


def clean_name(name: str) -> str:
    """The nickname ``name`` as the class sees it: NFC, runs of white space made one space, no space at either
    end.  A nickname is 1 to :data:`MAX_LENGTH` characters (:func:`length`) made of letters, marks, digits and
    :data:`PUNCTUATION`, with at least one letter or digit that shows; anything else raises
    :class:`NicknameError` and says why.

    >>> clean_name("  Jose\\u0301   María ") == "José María"
    True
    >>> clean_name("O'Brien"), clean_name("Jean-Luc"), clean_name("Ann 2"), clean_name("สมชาย")
    ("O'Brien", 'Jean-Luc', 'Ann 2', 'สมชาย')
    >>> clean_name("\\u3164")
    Traceback (most recent call last):
    ...
    sheriff_nb.play.class_rules.NicknameError: 'ㅤ' has no letter or digit that shows: a nickname needs one
    >>> clean_name("Ann\\u200b")
    Traceback (most recent call last):
    ...
    sheriff_nb.play.class_rules.NicknameError: 'Ann\\u200b' holds U+200B (ZERO WIDTH SPACE), a character that does not show: type the nickname without it
    >>> clean_name("the cOmputer")
    Traceback (most recent call last):
    ...
    sheriff_nb.play.class_rules.NicknameError: 'the cOmputer' looks like 'the computer', the name of the computer partner: pick another nickname
    """
    name = unicodedata.normalize("NFC", re.sub(r"\s+", " ", str(name or ""))).strip()
    for c in name:
        if not _allowed(c):
            raise NicknameError(
                "a nickname is made of letters, digits, spaces and - _ . ' only; {name!r} holds {char!r}",
                name=name,
                char=c,
            )
    if not name:
        _check_length(name)
    if not any(_shows(c) and unicodedata.category(c)[0] in "LN" for c in name):
        raise NicknameError("{name!r} has no letter or digit that shows: a nickname needs one", name=name)
    for c in name:
        if not _shows(c):
            raise NicknameError(
                "{name!r} holds {char}, a character that does not show: type the nickname without it",
                name=name,
                char=_char_name(c),
            )
    _check_marks(name)
    _check_length(name)
    key = name_key(name)
    if len(key) > MAX_KEY:
        raise NicknameError(
            "{name!r} is too long for a nickname once its letters are written out: pick a shorter one", name=name
        )
    computer = _computers().get(key)
    if computer:
        raise NicknameError(
            "{name!r} looks like {computer!r}, the name of the computer partner: pick another nickname",
            name=name,
            computer=computer,
        )
    return name


def name_key(name: str) -> str:
    """The key under which the class knows ``name``: equal keys are names that differ only in case or look alike
    (see the module's docstring).  ``name`` is a nickname as :func:`clean_name` returns it.

    >>> name_key("Ann"), name_key("Sam") == name_key("Sarn"), name_key("Ann 1") == name_key("Ann l")
    ('ann', True, True)
    """
    table = _prototypes()
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    skeleton = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", folded))
    return unicodedata.normalize("NFD", skeleton).casefold()


def taken_error(name: str, seated: str, code: str) -> NicknameError:
    """The refusal of ``name`` in session ``code``, whose student ``seated`` has the same key."""
    if name.casefold() == seated.casefold():
        return NicknameError(
            "the nickname {name!r} is already taken in session {code}: pick another (or type "
            "your seat key to take your seat back)",
            name=seated,
            code=code,
        )
    return NicknameError(
        "{typed!r} looks like the nickname {name!r}, already in session {code}: pick another (or type "
        "your seat key to take your seat back)",
        typed=name,
        name=seated,
        code=code,
    )


def _allowed(c: str) -> bool:
    return unicodedata.category(c)[0] in "LMN" or c in PUNCTUATION or not _shows(c)


def _shows(c: str) -> bool:
    n = ord(c)
    return unicodedata.category(c) not in ("Cc", "Cf") and not any(lo <= n <= hi for lo, hi in INVISIBLE)


def _char_name(c: str) -> str:
    kind = "a control character" if unicodedata.category(c) == "Cc" else "unassigned"
    return f"U+{ord(c):04X} ({unicodedata.name(c, kind)})"


def _check_marks(name: str) -> None:
    marks = None  # marks on the current letter; None after a space or punctuation (no letter to sit on)
    for c in name:
        if unicodedata.category(c)[0] in "LN":
            marks = 0
        elif not unicodedata.category(c).startswith("M"):
            marks = None
        elif marks is None:
            raise NicknameError(
                "in {name!r} the mark {char} has no letter before it to sit on", name=name, char=_char_name(c)
            )
        else:
            marks += 1
            if marks > MAX_MARKS:
                raise NicknameError(
                    "in {name!r} a letter carries more than {max_marks} accents or marks",
                    name=name,
                    max_marks=MAX_MARKS,
                )


def _check_length(name: str) -> None:
    count = length(name)
    if not 1 <= count <= MAX_LENGTH:
        raise NicknameError(
            "a nickname is 1 to {max_length} characters (a letter and its accents count as one); {name!r} has {count}",
            max_length=MAX_LENGTH,
            name=name,
            count=count,
        )


@cache
def _computers() -> dict[str, str]:
    """The computer partner's names by their keys."""
    return {name_key(name): name for name in COMPUTER_NAMES}


@cache
def _prototypes() -> dict[str, str]:
    """The look-alike table: each source character's prototype."""
    table = {}
    for line in Path(__file__).with_name("confusables.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            source, prototype = line.split(";")
            table[chr(int(source, 16))] = "".join(chr(int(h, 16)) for h in prototype.split())
    return table
