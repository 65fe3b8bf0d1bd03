"""Cards as inline SVG/HTML, and the widgets built from them: a gallery, a hand you pick cards
from, a stand, the discard piles.

Each card shows its name, a picture, its value and penalty with words under the numbers, and its
kind three ways (colour from a colour-blind-safe palette, a text label, a border style); a royal
card also says what it counts as.

>>> html = card_html("golden_apples")
>>> "ROYAL" in html and "counts as 3 Apples" in html and "value" in html
True
>>> "CONTRABAND" in card_html("silk", face_down=True)
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping

import ipywidgets as W

from ...engine.cards import GOODS, ORDER, card_id, sorted_ids
from ..i18n import N_, card_name, ngettext, pN_, pt, t
from ..palette import BORDER_STYLE, ERROR_RED, INK, PALETTE, TINT
from .base import (
    FONT,
    close_tree,
    esc,
    heading,
    html_widget,
    note,
    number_grid,
    wrap_box,
)

# ------------------------------------------------------------------ pictures (40x40 SVG bodies)
_APPLE = (
    "<circle cx='20' cy='25' r='12' fill='{c}' stroke='#00000040'/>"
    "<path d='M20 13 C20 9 21 7 23 5' stroke='#5B3A1A' stroke-width='2' fill='none'/>"
    "<path d='M22 10 C26 5 31 6 33 8 C29 12 25 12 22 10Z' fill='#3C8D2F'/>"
    "<ellipse cx='15' cy='21' rx='3' ry='4' fill='#ffffff55'/>"
)
_WEDGE = (
    "<path d='M4 31 L36 31 L36 20 L4 27Z' fill='{c}' stroke='#9A7300'/>"
    "<path d='M4 27 L36 20 L29 13Z' fill='{top}' stroke='#9A7300'/>"
    "<circle cx='26' cy='26' r='2' fill='{hole}'/><circle cx='32' cy='24' r='1.4' fill='{hole}'/>"
    "<circle cx='15' cy='28.5' r='1.3' fill='{hole}'/>"
)
_WHEEL = (
    "<ellipse cx='20' cy='25' rx='15' ry='8' fill='#D98E2B' stroke='#8A5A00'/>"
    "<rect x='5' y='19' width='30' height='6' fill='#D98E2B'/>"
    "<ellipse cx='20' cy='19' rx='15' ry='8' fill='#F6C85F' stroke='#8A5A00'/>"
)
_LOAF = (
    "<path d='M4 30 C3 13 37 13 36 30Z' fill='{c}' stroke='#5B3A1A'/>"
    "<path d='M12 19 L16 24 M19 17 L23 22 M26 18 L30 23' stroke='{cut}' stroke-width='2'/>"
)
_BRICK = (
    "<rect x='6' y='14' width='28' height='17' rx='3' fill='#4A2E1A' stroke='#2A180C'/>"
    "<path d='M10 19 H30 M10 24 H30' stroke='#6B4A30' stroke-dasharray='2 2'/>"
)
_HEN = (
    "<path d='M8 23 C3 16 6 11 9 10 C9 15 11 18 13 19Z' fill='{tail}'/>"
    "<ellipse cx='18' cy='25' rx='11' ry='8' fill='{body}' stroke='#7A6A55'/>"
    "<circle cx='28' cy='16' r='5' fill='{body}' stroke='#7A6A55'/>"
    "<path d='M25 11 q1-4 2-1 q1-4 2 0 q1-3 2 1Z' fill='#D64541'/>"
    "<path d='M33 15 L37 16.5 L33 18Z' fill='#F0A020'/><circle cx='29' cy='15' r='0.9' fill='#222'/>"
    "<path d='M16 32 v4 M21 32 v4' stroke='#F0A020' stroke-width='1.6'/>"
)
_PICTURES = {
    "apples": _APPLE.format(c="#D64541"),
    "green_apples": _APPLE.format(c="#7DBB42"),
    "golden_apples": _APPLE.format(c="#E8B923"),
    "cheese": _WEDGE.format(c="#F4C430", top="#FADB6E", hole="#D9A400"),
    "bleu_cheese": _WEDGE.format(c="#EDE6CF", top="#F7F2E2", hole="#4F6D9A")
    + "<path d='M8 29 L14 27 M20 29 L27 25 M30 28 L34 23' stroke='#4F6D9A' stroke-width='1.2'/>",
    "gouda_cheese": _WHEEL,
    "bread": _LOAF.format(c="#D39A5A", cut="#8B5A2B"),
    "rye_bread": _LOAF.format(c="#8F5E34", cut="#4A2E1A"),
    "pumpernickel_bread": _BRICK,
    "chickens": _HEN.format(body="#F5F0E6", tail="#E6DCC8"),
    "royal_rooster": _HEN.format(body="#E8823A", tail="#2E6E4E"),
    "pepper": (
        "<path d='M11 12 C13 28 24 35 35 33 C27 29 19 22 17 11Z' fill='#C0392B' stroke='#7A1F15'/>"
        "<path d='M12 12 C12 9 14 7 16 6 M11 12 L18 11' stroke='#3C8D2F' stroke-width='2.4' fill='none'/>"
    ),
    "mead": (
        "<rect x='8' y='13' width='19' height='20' rx='3' fill='#E0A526' stroke='#8A5A00'/>"
        "<path d='M27 17 h5 v10 h-5' stroke='#8A5A00' stroke-width='3' fill='none'/>"
        "<path d='M7 15 q3-7 9-3 q5-6 12 1 v3 H7Z' fill='#FFF8E1' stroke='#C9B98F'/>"
    ),
    "silk": (
        "<path d='M5 14 C14 7 21 21 35 12 L35 28 C21 37 14 23 5 30Z' fill='#8E5EA2' stroke='#4B2A5C'/>"
        "<path d='M8 17 C15 12 21 24 32 17' stroke='#C7A6D8' stroke-width='1.5' fill='none'/>"
    ),
    "crossbow": (
        "<path d='M20 36 L20 9' stroke='#6B4A30' stroke-width='3.5'/>"
        "<path d='M5 17 Q20 5 35 17' stroke='#3A2A1A' stroke-width='3' fill='none'/>"
        "<path d='M5 17 L20 23 L35 17' stroke='#8C8C8C' stroke-width='1'/>"
        "<path d='M20 4 L17 9 H23Z' fill='#8C8C8C'/>"
    ),
}
FIGURE_WIDTH = 40
"""Width in px of a card's value and penalty, each a number over its word ("value", "Strafe", ...)."""
_CROWN = "<path d='M25 2 l3 4 l3-4 l3 4 l3-4 v7 h-12z' fill='#E8B923' stroke='#6B5200' stroke-width='0.8'/>"
_BACK = (
    "<rect x='0' y='0' width='40' height='40' fill='#5B4636'/>"
    "<path d='M0 10 L10 0 M0 20 L20 0 M0 30 L30 0 M0 40 L40 0 M10 40 L40 10 M20 40 L40 20 M30 40 L40 30'"
    " stroke='#7A6250' stroke-width='2'/><text x='20' y='27' font-size='18' text-anchor='middle'"
    " fill='#F3E9DC' font-family='DejaVu Sans,sans-serif'>?</text>"
)

KIND_LABELS = {"legal": N_("LEGAL"), "contraband": N_("CONTRABAND"), "royal": N_("ROYAL")}
"""The band on a card that names its kind (marked for the catalogues; shown through :func:`~sheriff_nb.ui.i18n.t`)."""


def picture_svg(good: str, size: int = 44) -> str:
    """The card's picture as an inline ``<svg>`` (royal cards wear a crown)."""
    gid = card_id(good)
    body = _PICTURES[gid] + (_CROWN if GOODS[gid].kind == "royal" else "")
    return (
        f"<svg viewBox='0 0 40 40' width='{size}' height='{size}' role='img' aria-label='{esc(card_name(gid))}'"
        f" xmlns='http://www.w3.org/2000/svg'>{body}</svg>"
    )


_SIZES = {  # width, height, picture, name font
    "m": (84, 140, 42, 12),
    "s": (66, 98, 28, 10),
}


def card_html(
    good: str, face_down: bool = False, count: int | None = None, size: str = "m", selected: bool = False
) -> str:
    """One card as HTML.  ``face_down``: the back only (contraband on another player's stand);
    ``count``: a "×n" badge; ``size``: ``"m"`` or ``"s"``; ``selected``: a thick outline."""
    width, height, pic, font = _SIZES[size]
    badge = ""
    if count and count > 1:
        where = "top:17px;right:-6px" if size == "m" else "bottom:-6px;right:-6px"
        badge = (
            f"<span style='position:absolute;{where};background:#222;color:#fff;border-radius:10px;"
            f"padding:0 6px;font-size:12px;font-weight:bold;line-height:18px'>×{count}</span>"
        )
    outline = "box-shadow:0 0 0 3px #0072B2;" if selected else ""
    base = (
        f"position:relative;display:inline-flex;flex-direction:column;align-items:center;width:{width}px;"
        f"height:{height}px;box-sizing:border-box;border-radius:8px;margin:7px 4px 2px 0;{FONT};"
        f"vertical-align:top;flex:none;line-height:1.2;{outline}"
    )
    if face_down:
        return (
            f"<div class='sheriff-card face-down' title='{esc(t('face down'))}' style='{base}"
            f"border:2px solid #3A2A1A;background:#5B4636;color:#F3E9DC;justify-content:center'>"
            f"<svg viewBox='0 0 40 40' width='{pic + 8}' height='{pic + 8}'>{_BACK}</svg>"
            f"<div style='font-size:{font - 1}px;margin-top:4px'>{esc(t('face down'))}</div>{badge}</div>"
        )
    gid = card_id(good)
    info = GOODS[gid]
    kind = info.kind
    label = t(KIND_LABELS[kind])
    tip = t("value {value} points · penalty {penalty} gold", value=info.value, penalty=info.penalty)
    counts = ""
    if info.counts_as:
        as_text = t("counts as {n} {good}", n=info.multiplier, good=card_name(info.counts_as, info.multiplier))
        counts = (
            f"<div style='font-size:{font - 2}px;font-style:italic;color:{INK[kind]};text-align:center;"
            f"line-height:1.1'>{esc(as_text)}</div>"
        )
    figures = ""
    if size == "m":

        def figure(number: int, word: str, colour: str) -> str:
            shown = pt("card", word)
            word_font = min(9, int(FIGURE_WIDTH / (0.6 * len(shown))))  # a long word shrinks, never runs over
            return (
                f"<div style='display:flex;flex-direction:column;align-items:center;width:{FIGURE_WIDTH}px'>"
                f"<span style='font-size:17px;font-weight:bold;color:{colour};line-height:1.1'>{number}</span>"
                f"<span style='font-size:{word_font}px;color:#444;line-height:1;white-space:nowrap'>{esc(shown)}"
                "</span></div>"
            )

        figures = (
            f"<div style='display:flex;justify-content:space-around;width:100%;margin-top:auto;"
            f"padding-bottom:4px'>{figure(info.value, pN_('card', 'value'), '#1A1A1A')}"
            f"{figure(info.penalty, pN_('card', 'penalty'), ERROR_RED)}</div>"
        )
    else:
        figures = (
            f"<div style='margin-top:auto;padding:0 0 3px 6px;font-size:10px;color:#222;align-self:flex-start'>"
            f"<b>{info.value}</b> · <span style='color:{ERROR_RED}'>{info.penalty}</span></div>"
        )
    name = card_name(gid)
    room = width - 10  # inner width: no word of the name or label is ever broken
    name_font = min(font, int(room / (0.72 * max(len(word) for word in name.split()))))
    label_font = min(font - 3, int(room / (0.72 * len(label) + 0.5)))
    return (
        f"<div class='sheriff-card {kind}' data-card='{gid}' title='{esc(name)}: {esc(tip)}' style='{base}"
        f"border:3px {BORDER_STYLE[kind]} {PALETTE[kind]};background:{TINT[kind]}'>"
        f"<div style='width:100%;background:{INK[kind]};color:#fff;font-size:{label_font}px;font-weight:bold;"
        f"letter-spacing:0.3px;text-align:center;line-height:15px;border-radius:4px 4px 0 0'>{esc(label)}</div>"
        f"{picture_svg(gid, pic)}"
        f"<div style='font-size:{name_font}px;font-weight:bold;text-align:center;line-height:1.1;color:#1A1A1A;"
        f"padding:0 2px;overflow-wrap:anywhere'>{esc(name)}</div>{counts}{figures}{badge}</div>"
    )


def cards_row_html(
    goods: Mapping[str, int] | Iterable[str], size: str = "s", grouped: bool = True, face_down: int = 0
) -> str:
    """Several cards in a wrapping row; ``grouped`` shows one card per kind with a ×n badge."""
    counter = (
        Counter(goods)
        if not isinstance(goods, Mapping)
        else Counter({card_id(g): n for g, n in goods.items() if n > 0})
    )
    parts = []
    if grouped:
        parts = [card_html(g, count=counter[g], size=size) for g in sorted(counter, key=ORDER.__getitem__)]
        if face_down:
            parts.append(card_html("apples", face_down=True, count=face_down, size=size))
    else:
        parts = [card_html(g, size=size) for g in sorted_ids(counter.elements())]
        parts += [card_html("apples", face_down=True, size=size)] * face_down
    return f"<div style='display:flex;flex-wrap:wrap;gap:2px 4px;max-width:100%'>{''.join(parts)}</div>"


def legend_html() -> str:
    """What the numbers and colours on a card mean."""
    keys = "".join(
        f"<span style='display:inline-block;margin-right:10px'><span style='display:inline-block;width:12px;"
        f"height:12px;border:2px {BORDER_STYLE[k]} {PALETTE[k]};background:{TINT[k]};vertical-align:middle'></span> "
        f"{esc(t(k.upper()))}</span>"
        for k in PALETTE
    )
    return note(
        keys + "<br>" + esc(t("value = points at the end · penalty = gold paid when an inspection goes against you")),
        colour="#333",
        raw=True,
    )


def card(good: str, **options) -> W.HTML:
    """A single card widget: ``sn.widgets.card("golden apples")``."""
    return html_widget(card_html(good, **options))


def gallery(royal: bool = True, goods: Iterable[str] | None = None) -> W.VBox:
    """Every card of the game (legal, contraband and, with ``royal``, the 12 royal goods), with a legend."""
    ids = [card_id(g) for g in goods] if goods else [g for g in GOODS if royal or GOODS[g].kind != "royal"]
    rows = []
    for kind in ("legal", "contraband", "royal"):
        members = [g for g in ids if GOODS[g].kind == kind]
        if members:
            rows.append(heading(t(KIND_LABELS[kind]).capitalize(), 5))
            rows.append(
                f"<div style='display:flex;flex-wrap:wrap;max-width:100%'>"
                f"{''.join(card_html(g) for g in members)}</div>"
            )
    return W.VBox([html_widget(legend_html()), html_widget("".join(rows))], layout=W.Layout(max_width="100%"))


CARD_SLOT_CLASS = "sheriff-card-slot"
"""The CSS class of a :class:`HandPicker` card with its toggle: the page style (:mod:`sheriff_nb.ui.widgets.page`)
stretches the toggle's click area over the card's face, so clicking the card is pressing its (real) button."""


class HandPicker(W.VBox):
    """A hand of cards; each card has a toggle button under it, whose click area covers the card in Voilà (the
    page says "click a card"): a real button, so a keyboard reaches it too.  ``selected`` lists the chosen card ids.  The
    button says ``verb`` and, once on, ``chosen``: English marked ``pN_("card button", ...)`` and ``pN_("card chosen",
    ...)`` for the catalogues (the contexts tell "set aside" the button from "set aside" the card), translated when
    shown.

    >>> picker = HandPicker({"apples": 2, "silk": 1})
    >>> picker.toggles[0].value = True; picker.toggles[2].value = True
    >>> picker.selected
    ['apples', 'silk']
    """

    def __init__(
        self,
        hand: Mapping[str, int] | Iterable[str] = (),
        verb: str = pN_("card button", "pick"),
        chosen: str = pN_("card chosen", "chosen"),
    ):
        super().__init__(layout=W.Layout(max_width="100%"))
        self._callbacks: list[Callable[[list[str]], None]] = []
        self.verb, self.chosen = verb, chosen
        self.set_hand(hand)

    def set_hand(self, hand: Mapping[str, int] | Iterable[str]) -> None:
        """Show a new hand; nothing is selected (the old cards' widgets are closed)."""
        for child in self.children:
            close_tree(child)
        items = Counter(hand) if isinstance(hand, Mapping) else Counter(card_id(g) for g in hand)
        self.cards = sorted_ids(items.elements())
        self.toggles: list[W.ToggleButton] = []
        self.faces: list[W.HTML] = []
        slots = []
        for good in self.cards:
            face = W.HTML(card_html(good), layout=W.Layout(margin="0"))
            toggle = W.ToggleButton(
                value=False,
                description=pt("card button", self.verb),
                tooltip=card_name(good),
                layout=W.Layout(width="84px", height="30px", margin="2px 0 6px 0", padding="0 2px"),
                style={"font_size": "12px"},
            )  # "✓ set aside" fits without an ellipsis
            toggle.observe(self._toggled, names="value")
            self.toggles.append(toggle)
            self.faces.append(face)
            slot = W.VBox([face, toggle], layout=W.Layout(width="88px", align_items="flex-start"))  # card + margin
            slot.add_class(CARD_SLOT_CLASS)
            slots.append(slot)
        self.children = [wrap_box(slots, gap="0px 2px")] if slots else [html_widget(note(t("empty")))]

    @property
    def selected(self) -> list[str]:
        """The chosen cards, in rulebook order."""
        return [g for g, toggle in zip(self.cards, self.toggles, strict=True) if toggle.value]

    def on_change(self, callback: Callable[[list[str]], None]) -> None:
        """Call ``callback(selected)`` whenever a card is picked or put back."""
        self._callbacks.append(callback)

    def clear(self) -> None:
        """Un-pick every card."""
        for toggle in self.toggles:
            toggle.value = False

    def _toggled(self, change) -> None:
        index = self.toggles.index(change["owner"])
        on = change["new"]
        toggle = self.toggles[index]
        toggle.description = "✓ " + pt("card chosen", self.chosen) if on else pt("card button", self.verb)
        toggle.button_style = "info" if on else ""
        self.faces[index].value = card_html(self.cards[index], selected=on)
        for callback in self._callbacks:
            callback(self.selected)


class GoodsEditor(W.VBox):
    """A number box per good (legal and contraband, plus royal with ``royal``): edits a Counter.

    >>> editor = GoodsEditor({"cheese": 2})
    >>> editor.boxes["mead"].value = 1
    >>> dict(editor.value)
    {'cheese': 2, 'mead': 1}
    """

    def __init__(
        self,
        goods: Mapping[str, int] | None = None,
        royal: bool = False,
        maximum: int = 20,
        kinds: Iterable[str] = ("legal", "contraband", "royal"),
    ):
        super().__init__(layout=W.Layout(max_width="100%"))
        self._callbacks: list[Callable[[Counter], None]] = []
        start = Counter({card_id(g): n for g, n in (goods or {}).items()})
        ids = [g for g in GOODS if GOODS[g].kind in kinds and (royal or GOODS[g].kind != "royal" or start[g])]
        self.boxes: dict[str, W.BoundedIntText] = {}
        for good in ids:
            box = W.BoundedIntText(
                value=start[good],
                min=0,
                max=maximum,
                description=card_name(good),
                tooltip=card_name(good),
                layout=W.Layout(margin="1px 0"),
            )
            box.observe(self._changed, names="value")
            self.boxes[good] = box
        self.children = [number_grid(list(self.boxes.values()))] if self.boxes else []

    @property
    def value(self) -> Counter:
        """The goods as a Counter (zeros dropped)."""
        return Counter({g: box.value for g, box in self.boxes.items() if box.value})

    def set(self, goods: Mapping[str, int]) -> None:
        """Show other goods (fires the callbacks once)."""
        goods = Counter({card_id(g): n for g, n in goods.items()})
        callbacks, self._callbacks = self._callbacks, []
        for good, box in self.boxes.items():
            box.value = goods[good]
        self._callbacks = callbacks
        self._changed()

    def on_change(self, callback: Callable[[Counter], None]) -> None:
        """Call ``callback(goods)`` after every change."""
        self._callbacks.append(callback)

    def _changed(self, _change=None) -> None:
        for callback in self._callbacks:
            callback(self.value)


def stand_html(stand: Mapping[str, int], name: str, hidden: bool = True) -> str:
    """A merchant's stand as another player sees it (``hidden``): legal goods face up, contraband and royal goods
    face down.  ``stand`` is a Counter or a :meth:`Game.view` stand (with a ``face_down`` count)."""
    shown = Counter({g: n for g, n in stand.items() if g in GOODS and (GOODS[g].kind == "legal" or not hidden)})
    down = int(stand.get("face_down", 0)) + (sum(n for g, n in stand.items() if g in GOODS) - sum(shown.values()))
    title = heading(t("{name}'s stand", name=name) if hidden else t("Your stand"), 5)
    if not shown and not down:
        return title + note(t("nothing yet"), colour="#666")
    return title + cards_row_html(shown, size="s", face_down=down)


def stands_table_html(game, viewer: int) -> str:
    """Everyone's gold and stand in one compact table, as ``viewer`` may see them."""
    from ..i18n import goods_text
    from .base import table_html

    view = game.view(viewer)
    rows = []
    for seat, name in enumerate(game.names):
        shown = view["stands"][seat]
        up = {g: n for g, n in shown.items() if g in GOODS and GOODS[g].kind == "legal"}
        down = {g: n for g, n in shown.items() if g in GOODS and GOODS[g].kind != "legal"}
        hidden = int(shown.get("face_down", 0))
        text = goods_text(up, empty="nothing yet")
        if down:
            text += " · " + t("face down") + ": " + goods_text(down)
        elif hidden:
            text += " · " + ngettext("{n} face-down card", "{n} face-down cards", hidden)
        rows.append([name, view["gold"][seat], text])
    return table_html([t("player"), t("gold"), t("stand")], rows, highlight=viewer)


def stand(game, seat: int, viewer: int | None = None) -> W.HTML:
    """The stand of ``seat`` as ``viewer`` sees it (default: its owner, who sees everything)."""
    viewer = seat if viewer is None else viewer
    return html_widget(stand_html(game.view(viewer)["stands"][seat], game.names[seat], hidden=viewer != seat))


def discards_html(piles: list[list[str]], set_aside: Iterable[str] = ()) -> str:
    """The discard piles, face up (1st edition: two piles of which only the tops can be taken; 2nd: one).  Under
    each top card, the cards beneath it from the top down (only the top one can be taken)."""
    parts = []
    names = [t("left pile"), t("right pile")] if len(piles) == 2 else [t("Discard pile")]
    for name, pile in zip(names, piles, strict=True):
        top = card_html(pile[-1], size="m") if pile else empty_slot_html()
        size = ngettext("{n} card", "{n} cards", len(pile))
        below = ", ".join(card_name(g, 1) for g in reversed(pile[:-1]))
        under = esc(t("Beneath it, from the top down: {cards}", cards=below)) if below else ""
        parts.append(
            f"<div style='display:inline-flex;flex-direction:column;max-width:165px;margin-right:8px'>"
            f"<b style='{FONT};font-size:13px'>{esc(name)} ({esc(size)})</b>{top}"
            f"<div style='{FONT};font-size:12px;color:#444;max-width:165px;line-height:1.3'>{under}</div>"
            f"</div>"
        )
    aside = list(set_aside)
    extra = ""
    if aside:
        extra = note(t("set aside") + ": " + ", ".join(card_name(g) for g in sorted_ids(aside)), colour="#333")
    title = heading(t("Discard piles (face up, anyone may look)"), 5) if len(piles) == 2 else ""
    return title + f"<div style='display:flex;flex-wrap:wrap'>{''.join(parts)}</div>" + extra


def empty_slot_html(size: str = "m") -> str:
    """A dashed outline where a card could lie (an empty pile)."""
    width, height, _pic, font = _SIZES[size]
    return (
        f"<div style='display:inline-flex;align-items:center;justify-content:center;width:{width}px;"
        f"height:{height}px;box-sizing:border-box;border:2px dashed #999;border-radius:8px;margin:7px 4px 2px 0;"
        f"{FONT};font-size:{font}px;color:#777'>{esc(t('empty'))}</div>"
    )


def discard_piles(game) -> W.HTML:
    """The game's discard piles as a widget."""
    return html_widget(discards_html(game.discards, game.set_aside))


__all__ = [
    "CARD_SLOT_CLASS",
    "card_html",
    "picture_svg",
    "cards_row_html",
    "legend_html",
    "card",
    "gallery",
    "HandPicker",
    "GoodsEditor",
    "stand_html",
    "stands_table_html",
    "stand",
    "discards_html",
    "discard_piles",
]
