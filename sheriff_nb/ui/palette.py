"""The one palette of the pages: the charts' colours and the widgets' colours, every one a name here.

The hues are Okabe-Ito's (Okabe & Ito 2008), distinguishable with every common colour-vision deficiency; every use
also carries a text label or a line style, so no meaning rests on colour alone.  The inks are darker shades of the
same hues for text on white, and the tints lighter ones for backgrounds (their contrast was checked by the
accessibility pass, docs/explanation/accessibility.md): change a value here and it changes everywhere.

>>> PALETTE["contraband"] == LIE_C == OKABE_ITO["vermillion"], ACCENT == SHERIFF_C == OKABE_ITO["blue"]
(True, True)
"""

from __future__ import annotations

__all__ = [
    "OKABE_ITO", "HONEST_C", "LIE_C", "SHERIFF_C", "MERCHANT_C", "SERIES",
    "PALETTE", "TINT", "INK", "BORDER_STYLE",
    "ERROR_RED", "OK_GREEN", "INK_TEXT", "MUTED", "ACCENT", "MERCHANT_INK", "SHERIFF_INK", "BUTTONS",
]  # fmt: skip

# ------------------------------------------------------------------ the hues (charts)
OKABE_ITO = {
    "orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
    "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000", "grey": "#999999",
}  # fmt: skip
"""The Okabe-Ito palette (Okabe & Ito 2008), distinguishable with every common colour-vision deficiency."""
HONEST_C, LIE_C = OKABE_ITO["green"], OKABE_ITO["vermillion"]  # as the card borders: legal green, contraband red
SHERIFF_C, MERCHANT_C = OKABE_ITO["blue"], OKABE_ITO["orange"]
SERIES = [OKABE_ITO[c] for c in ("orange", "sky", "purple", "blue", "green", "vermillion", "yellow", "black")]
"""The colours of a chart's lines or bars in order, one per series."""

# ------------------------------------------------------------------ the kinds of goods (cards, deck charts)
PALETTE = {"legal": OKABE_ITO["green"], "contraband": OKABE_ITO["vermillion"], "royal": OKABE_ITO["purple"]}
"""A kind of good's colour: a card's border, the deck chart's bars."""
TINT = {"legal": "#E5F5EF", "contraband": "#FBEBDF", "royal": "#F8ECF3"}
"""A kind's light background (a card's face)."""
INK = {"legal": "#00573F", "contraband": "#8A3A00", "royal": "#7A2F5C"}
"""A kind's dark shade, for text on white or on its tint."""
BORDER_STYLE = {"legal": "solid", "contraband": "dashed", "royal": "double"}
"""A kind's border style: the kind shows without its colour too."""

# ------------------------------------------------------------------ text and actions (widgets)
ERROR_RED, OK_GREEN, INK_TEXT, MUTED = "#B00020", "#00573F", "#222", "#555"
ACCENT = OKABE_ITO["blue"]
"""The one colour of actions (Okabe-Ito blue, 5.3:1 against white text): every button that does something is
filled with it; secondary buttons (undo, go on, new game) stay grey.  Text is never blue, so it never looks like
a link."""
MERCHANT_INK, SHERIFF_INK = "#8A4F00", "#004D80"
"""Dark orange and dark blue: the charts' merchant and sheriff colours, for text."""

BUTTONS = {"primary": "#1565c0", "success": "#2e7d32", "info": "#00707a", "warning": "#a84300", "danger": "#c62828"}
"""The colours of ipywidgets' button styles, darkened so that their white text has 4.5:1 or more (ipywidgets' own
orange and cyan have 2.7:1 and 3.5:1); the lesson page's stylesheet sets them."""
