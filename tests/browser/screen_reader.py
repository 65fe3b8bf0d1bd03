"""What a screen reader is given (issue 23): Chromium's own accessibility tree, the one NVDA, JAWS, Orca or TalkBack
read, taken over the DevTools protocol (``Accessibility.getFullAXTree``) from a lesson page served by Voilà.

:func:`read_tree` takes it; :func:`outline` writes it as a reader meets it, one ``role: name`` line per node in
reading order (``tools/screen_reader_outline.py`` prints it for a teacher); :func:`tree_problems` is what the browser
tests assert on it: every chart picture is an image named by the title drawn on it (in the page's language), followed
by a "show the numbers" disclosure whose table opens; no name is one of Vega's English labels (nor, on a translated
page, an English chart title); every answered bet's result is in a polite live region; no control has an empty name;
no name is ``null`` or holds an icon font's glyph; a slider says the value its readout shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

CONTROLS = frozenset(
    {"button", "textbox", "spinbutton", "combobox", "slider", "checkbox", "radio", "switch", "searchbox", "listbox"}
    | {"ToggleButton", "PopUpButton", "DisclosureTriangle", "link"}
)
"""The roles of what a reader can press, type into or move: each needs a name."""
SILENT = frozenset({"generic", "none", "InlineTextBox", "LineBreak", "LayoutTable", "LayoutTableRow"})
"""Roles a reader does not announce (their content is read through their children)."""
INLINE = frozenset({"strong", "emphasis", "code", "mark", "superscript", "subscript", "time", "abbr"})
"""Roles inside a line of text: read as part of it."""
BLOCKS = frozenset({"paragraph", "LabelText", "rowgroup", "row", "ListMarker", "MenuListPopup", "Pre", "Figcaption"})
"""Roles that start a new line of text but are not announced as such."""
VEGA_GUIDE = re.compile(r"\b[XY]-axis titled\b|\blegend titled\b|^Title text\b")
"""The English labels Vega gives an axis (``X-axis titled …``), a legend (``Color legend titled …``) or a title
(``Title text '…'``) when a chart's ARIA is on."""
VEGA_MARK = re.compile(r"^[\w ]+: [^;:]*(; [\w ]+: [^;:]*)+$")
"""The label Vega gives a mark of an SVG chart when its ARIA is on: field names and values, ``card: Apples; part:
copies`` (lesson text may read the same, so it counts only on an SVG's nodes)."""
UNSAYABLE = re.compile(r"^(null|undefined|NaN)$|[\ue000-\uf8ff]")
"""A name a script left empty in words (``null``), or an icon font's glyph (a private-use character) in a name."""
SLIDER_HANDLES = ".widget-slider .noUi-handle"
"""A slider's handle, the node a reader focuses (:class:`ipywidgets.IntSlider` and its kin)."""
_READOUTS_JS = """(selector) => [...document.querySelectorAll(selector)].map(handle => {
  const readout = handle.closest('.widget-slider').querySelector('.widget-readout');
  return readout && readout.getClientRects().length ? readout.textContent.trim() : null;
})"""
ANSWERED = ".sheriff-answered > .sheriff-live"
"""An answered bet's result line (the bet's one live child; lesson 10's experiments put a games bar before it)."""


def is_vega_label(node: Node) -> bool:
    """Whether ``node`` is named by one of Vega's English labels (:data:`VEGA_GUIDE`, :data:`VEGA_MARK`).

    >>> [is_vega_label(Node(r, n)) for r, n in (("graphics-symbol", "card: Apples; part: copies"),
    ...     ("graphics-object", "Y-axis titled 'gold'"), ("graphics-symbol", "Gold: 12; 3 bags"),
    ...     ("cell", "pass: Much wins; open: Will wins"))]
    [True, True, False, False]
    """
    svg = node.role.startswith("graphics-") or node.role.startswith("Svg")
    return bool(VEGA_GUIDE.search(node.name) or (svg and VEGA_MARK.search(node.name)))


@dataclass
class Node:
    """One node of the accessibility tree: its role, its accessible name and value (a slider's value-text), its ARIA
    live setting (``polite``, ``assertive`` or ``""``), its element (a backend DOM node id) and its children;
    ``ignored`` nodes are not read themselves, but their children may be."""

    role: str
    name: str
    value: str = ""
    live: str = ""
    ignored: bool = False
    dom: int | None = None
    children: list[Node] = field(default_factory=list)

    def walk(self) -> Iterator[Node]:
        """This node and everything under it, in reading order."""
        yield self
        for child in self.children:
            yield from child.walk()

    def read(self) -> Iterator[Node]:
        """The nodes a reader meets in this subtree (neither ignored nor silent), in reading order."""
        return (node for node in self.walk() if not node.ignored and node.role not in SILENT | INLINE)


def _value(part: dict | None) -> str:
    value = (part or {}).get("value")
    return "" if value is None else str(value)


def _utf8(text: str | None) -> str:
    """A value-text as the page wrote it: Chromium 150's DevTools protocol sends ``aria-valuetext`` (not names)
    as its UTF-8 bytes read as Latin-1 ("20\u00a0%" arrives as "20\u00c2\u00a0%").

    >>> _utf8("20\u00c2\u00a0%") == "20\u00a0%", _utf8("6"), _utf8("уверенность"), _utf8(None)
    (True, '6', 'уверенность', '')
    """
    try:
        return (text or "").encode("latin-1").decode("utf-8")
    except UnicodeError:  # not bytes read as Latin-1 (a later Chromium that sends it right)
        return text or ""


def nodes_of(ax_nodes: list[dict]) -> Node:
    """The root of the tree that ``Accessibility.getFullAXTree``'s ``nodes`` describe.

    >>> root = nodes_of([{"nodeId": "1", "role": {"value": "RootWebArea"}, "name": {"value": "08"}, "childIds": ["2"]},
    ...     {"nodeId": "2", "role": {"value": "status"}, "name": {"value": ""}, "backendDOMNodeId": 7,
    ...      "properties": [{"name": "live", "value": {"value": "polite"}}]}])
    >>> [(n.role, n.name, n.live, n.dom) for n in root.walk()]
    [('RootWebArea', '08', '', None), ('status', '', 'polite', 7)]
    """
    made = {}
    for raw in ax_nodes:
        properties = {p["name"]: p.get("value", {}).get("value") for p in raw.get("properties", ())}
        made[raw["nodeId"]] = Node(
            role=_value(raw.get("role")),
            name=" ".join(_value(raw.get("name")).split()),
            value=_utf8(properties.get("valuetext")) or _value(raw.get("value")),  # what a reader says of a slider
            live=str(properties.get("live") or ""),
            ignored=bool(raw.get("ignored")),
            dom=raw.get("backendDOMNodeId"),
        )
    for raw in ax_nodes:
        made[raw["nodeId"]].children = [made[c] for c in raw.get("childIds", ()) if c in made]
    return made[ax_nodes[0]["nodeId"]]


def read_tree(page) -> Node:
    """The accessibility tree of a Playwright ``page`` as Chromium gives it to a screen reader."""
    session = page.context.new_cdp_session(page)
    try:
        return nodes_of(session.send("Accessibility.getFullAXTree")["nodes"])
    finally:
        session.detach()


def dom_ids(page, selector: str) -> list[int]:
    """The backend DOM node ids of the elements matching ``selector``, in document order (what an accessibility
    node's ``dom`` names)."""
    session = page.context.new_cdp_session(page)
    try:
        root = session.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        found = session.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})["nodeIds"]
        return [session.send("DOM.describeNode", {"nodeId": node})["node"]["backendNodeId"] for node in found]
    finally:
        session.detach()


def outline(root: Node) -> list[str]:
    """What a reader meets, in order: ``role: name = value`` for each node announced (``role [polite]`` for a live
    region), and the text between them, a line a paragraph or a label (a text already said as its node's name, a
    heading's or a button's, is not repeated).

    >>> page = Node("RootWebArea", "08", children=[Node("heading", "Odds", children=[Node("StaticText", "Odds")]),
    ...     Node("paragraph", "", children=[Node("StaticText", "Bluff"), Node("strong", "", children=[
    ...     Node("StaticText", "often.")])]), Node("generic", "", children=[Node("slider", "p", value="20%")]),
    ...     Node("status", "", live="polite", children=[Node("StaticText", "Right!")])])
    >>> outline(page)
    ['RootWebArea: 08', 'heading: Odds', 'Bluff often.', 'slider: p = 20%', 'status [polite]', 'Right!']
    """
    lines: list[str] = []
    text: list[str] = []

    def flush() -> None:
        if text:
            lines.append(" ".join(text))
            text.clear()

    def visit(node: Node, said: str) -> None:
        if node.ignored or node.role in SILENT | INLINE:
            for child in node.children:
                visit(child, said)
            return
        if node.role == "StaticText":
            if node.name and node.name not in said:
                text.append(node.name)
            return
        flush()
        if node.role not in BLOCKS:
            role = node.role + (f" [{node.live}]" if node.live else "")
            named = f"{role}: {node.name}" if node.name else role
            lines.append(named + (f" = {node.value}" if node.value else ""))
            said = "" if node.role == "RootWebArea" else node.name
        for child in node.children:
            visit(child, said)
        flush()

    visit(root, "")
    flush()
    return lines


_CHART_TITLES_JS = """(selector) => [...document.querySelectorAll(selector)].map(chart => {
  // the title drawn on the chart's shown picture: its svg's title text, the lines joined (a word broken after a hyphen
  // on a phone's narrow title stays one)
  const img = [...chart.querySelectorAll(':scope > img')].find(i => i.getClientRects().length > 0);
  if (!img) return null;
  const src = img.getAttribute('src') || '', at = src.indexOf(';base64,');
  const svg = at >= 0 ? new TextDecoder().decode(Uint8Array.from(atob(src.slice(at + 8)), c => c.charCodeAt(0)))
                      : decodeURIComponent(src.slice(src.indexOf(',') + 1));
  // the chart's own title is drawn last: a faceted chart's headers (lesson 01's kinds) are titles too
  const title = [...new DOMParser().parseFromString(svg, 'image/svg+xml').querySelectorAll('.role-title-text text')].pop();
  const lines = title ? [...title.querySelectorAll('tspan')].map(t => t.textContent) : [];
  const joined = lines.reduce((text, line) => text + (!text || text.endsWith('-') ? '' : ' ') + line, '');
  return (lines.length ? joined : title ? title.textContent : '').replace(/\\s+/g, ' ').trim();
})"""
IMAGES = ("image", "img")
"""The roles of a picture (Chromium's ``image``; ``img`` in ARIA)."""
CHARTS = ".sheriff-chart"
"""A lesson chart: its drawings (the laptop and the phone one, or its one drawing) and its numbers."""
OPEN_NUMBERS_JS = """(open) => {
  const folded = [...document.querySelectorAll('.sheriff-chart details' + (open ? ':not([open])' : '.sheriff-opened'))];
  for (const details of folded) { details.open = open; details.classList.toggle('sheriff-opened', open); }
}"""


def chart_names(page) -> frozenset[str]:
    """The names a reader hears for the chart pictures shown on ``page`` (on an English page: the English titles)."""
    return frozenset(node.name for node in read_tree(page).read() if node.role in IMAGES and node.name)


def chart_problems(page, by_dom: dict[int, Node]) -> list[str]:
    """A shown chart whose picture is not an image named by the title drawn on it, or whose "show the numbers"
    disclosure is missing or holds no table (in a tree read with every disclosure open)."""
    problems = []
    for title, dom in zip(page.evaluate(_CHART_TITLES_JS, CHARTS), dom_ids(page, CHARTS), strict=True):
        chart = by_dom.get(dom)
        if title is None:
            continue  # not shown (a bet holds it back)
        heard = list(chart.read()) if chart else []
        images = [node.name for node in heard if node.role in IMAGES]
        if images != [title]:
            problems.append(f"a chart titled {title!r} is heard as the images {images}")
        if not any(node.role == "DisclosureTriangle" for node in heard) or not any(n.role == "table" for n in heard):
            problems.append(f"the chart {title!r} has no 'show the numbers' table a reader can open")
    return problems


def tree_problems(page, name: str, state: str, english: frozenset[str] = frozenset()) -> list[str]:
    """What a screen reader would be given wrong on ``page`` (the lesson ``name`` in ``state``): the chart problems
    of :func:`chart_problems` (every "show the numbers" opened for the check, then folded again), a name that is
    one of Vega's English labels (:func:`is_vega_label`) or one of ``english`` (the English page's chart titles, for a
    translated page), an answered bet whose result is in no live region, a control without a name, a name that says
    ``null`` or holds an icon's glyph (:data:`UNSAYABLE`), a slider whose value-text is not what its readout shows."""
    page.evaluate(OPEN_NUMBERS_JS, True)
    try:
        root = read_tree(page)
        by_dom = {node.dom: node for node in root.walk() if node.dom is not None}
        problems = chart_problems(page, by_dom)
        answers = [by_dom.get(dom) for dom in dom_ids(page, ANSWERED)]
    finally:
        page.evaluate(OPEN_NUMBERS_JS, False)
    heard = list(root.read())
    problems += [f"Vega's English label: {n.role} {n.name!r}" for n in heard if is_vega_label(n)]
    problems += [f"an English chart title: {n.role} {n.name!r}" for n in heard if n.name in english]
    problems += [f"an unnamed control: {n.role}" for n in heard if n.role in CONTROLS and not n.name]
    problems += [f"a name no reader should hear: {n.role} {n.name!r}" for n in heard if UNSAYABLE.search(n.name)]
    shown = page.evaluate(_READOUTS_JS, SLIDER_HANDLES)
    for readout, dom in zip(shown, dom_ids(page, SLIDER_HANDLES), strict=True):
        handle = by_dom.get(dom)
        if readout is not None and handle is not None and handle.value != readout:
            problems.append(f"the slider {handle.name!r} shows {readout!r} but says {handle.value!r}")
    live = {id(n) for region in root.walk() if region.live in ("polite", "assertive") for n in region.walk()}
    for answer in answers:
        said = " ".join(n.name for n in answer.read() if n.role == "StaticText") if answer else ""
        if not answer or id(answer) not in live or not said:
            problems.append(f"a bet's answer {said[:60]!r} is not read out: no text, or in no live region")
    return [f"screen reader on {name} [{state}]: {problem}" for problem in problems]
