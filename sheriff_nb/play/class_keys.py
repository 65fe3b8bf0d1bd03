"""The secrets of a class session: the teacher key that reopens the teacher's page and the seat key that gives a
student their seat back, and the limits on wrong tries.

A key is :data:`KEY_LENGTH` characters of :data:`~sheriff_nb.play.class_rules.CODE_LETTERS` (31 letters and digits
that a projector or a phone cannot mix up), shown in groups of four: 31¹⁶ ≈ 2⁷⁹ keys, so nobody guesses one, with or
without the limits below.  Both pages keep their key in the browser (a teacher or a student never has to type it on
the same device); it is shown so that it can be typed on another one.

Wrong tries are limited twice: a page (one kernel) pauses after :data:`PAGE_TRIES` wrong keys in a row, and a session
refuses keys of a kind for a while once :data:`SESSION_TRIES` wrong ones came within :data:`TRY_WINDOW` seconds.

>>> key = new_key()
>>> len(key), key.count("-"), clean_key(key.lower()) == clean_key(key)
(19, 3, True)
>>> clean_key(" k7qx m4pd-2hz9 wq7r ")
'K7QXM4PD2HZ9WQ7R'
>>> show_key("K7QXM4PD2HZ9WQ7R")
'K7QX-M4PD-2HZ9-WQ7R'
"""

from __future__ import annotations

import re
import secrets

from .class_rules import CODE_LETTERS

__all__ = [
    "KEY_LENGTH", "PAGE_TRIES", "PAGE_PAUSE", "SESSION_TRIES", "TRY_WINDOW", "new_key", "clean_key", "show_key",
    "keys_match",
]  # fmt: skip

KEY_LENGTH = 16
"""Characters of a key (about 79 bits)."""
PAGE_TRIES = 3
"""Wrong keys in a row after which a page pauses."""
PAGE_PAUSE = 30
"""Seconds a page pauses after :data:`PAGE_TRIES` wrong keys (doubled at each further pause)."""
SESSION_TRIES = 20
"""Wrong keys of one kind (seat or teacher) a session takes within :data:`TRY_WINDOW` seconds, from all pages."""
TRY_WINDOW = 600


def new_key() -> str:
    """A fresh random key, shown in groups of four (``K7QX-M4PD-2HZ9-WQ7R``)."""
    return show_key("".join(secrets.choice(CODE_LETTERS) for _ in range(KEY_LENGTH)))


def clean_key(typed: object) -> str:
    """A key as typed (any case, spaces, dashes) in its stored form; anything else is dropped, so a wrong key stays
    wrong."""
    return re.sub(r"[\s-]", "", str(typed or "")).upper()[: 4 * KEY_LENGTH]


def show_key(key: str) -> str:
    """A key in groups of four, as the pages show it."""
    clean = clean_key(key)
    return "-".join(clean[i : i + 4] for i in range(0, len(clean), 4))


def keys_match(typed: object, stored: str) -> bool:
    """Whether ``typed`` is the key ``stored`` (in constant time)."""
    return secrets.compare_digest(clean_key(typed).encode(), clean_key(stored).encode())
