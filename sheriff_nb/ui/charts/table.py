"""A chart's "show the numbers" table: the data it draws, as an HTML table a screen reader can walk (issue 23).

The table is read from the chart's Vega-Lite specification (``chart.to_dict()``), so it needs no builder of its own:
each dataset a mark draws becomes a table whose columns are the fields the chart puts on an axis or a legend, headed
by that axis's or legend's title (already in the page's language).  A line chart's series (a colour field without a
title: the legend's entries are the names) become columns, one a series, so a sweep reads row by row: ``chance the
sheriff inspects | honest bag | this bag``.  A share drawn with a ``%`` axis is written as a percentage; numbers
follow the page's locale (:mod:`sheriff_nb.ui.numbers`).  A long sweep keeps every k-th row (and the last), at most
:data:`MAX_ROWS`.

The HTML (:func:`numbers_html`) is a folded ``<details>`` under the picture, its table in a box that scrolls sideways
by itself and takes the keyboard focus.  Chart bundles carry it under :data:`NUMBERS` (drawn once, kept with the
picture by the chart cache); :func:`sheriff_nb.ui.display.two_sizes` puts it into the chart's HTML.

>>> spec = {"data": {"values": [{"p": 0.25, "ev": 3.5, "s": "honest"}, {"p": 0.25, "ev": 1, "s": "lie"}]},
...         "mark": "line", "encoding": {"x": {"field": "p", "title": "chance", "axis": {"format": "%"}},
...         "y": {"field": "ev", "title": "value"}, "color": {"field": "s", "title": None, "type": "nominal"}}}
>>> tables(spec)
[(['chance', 'honest', 'lie'], [['25%', '3.5', '1']])]
>>> html = numbers_html(spec, "Honesty pays")
>>> html.startswith("<details") and "<th scope='col'>honest</th>" in html and 'aria-label="Honesty pays"' in html
True
"""

from __future__ import annotations

import html as html_text
import math
import numbers
from collections.abc import Iterator, Mapping
from typing import Any

from ..i18n import t
from ..numbers import decimal, percent

__all__ = ["NUMBERS", "MAX_ROWS", "tables", "numbers_html"]

NUMBERS = "text/x-sheriff-numbers"
"""The key of a chart bundle's "show the numbers" HTML (never shown by itself: the chart's HTML holds it)."""
MAX_ROWS = 40
"""The most rows a table keeps (a 101-point sweep keeps every third point)."""
CHANNELS = ("x", "y", "x2", "y2", "theta", "color", "strokeDash", "shape", "size", "row", "column", "facet")
"""The channels whose fields a table shows (text marks' labels and tooltips repeat them)."""
SERIES = ("color", "strokeDash", "shape")


def _units(spec: Mapping, data: Any = None) -> Iterator[tuple[Any, Mapping]]:
    """Every single-view part of ``spec`` with the data it draws (its own or the one it inherits)."""
    data = spec.get("data", data)
    if "encoding" in spec:
        yield data, spec["encoding"]
    for key in ("layer", "hconcat", "vconcat", "concat"):
        for part in spec.get(key, ()):
            yield from _units(part, data)
    if isinstance(spec.get("spec"), Mapping):  # a facet's inner chart
        yield from _units(spec["spec"], data)


def _rows(data: Any, datasets: Mapping) -> list[Mapping] | None:
    if not isinstance(data, Mapping):
        return None
    if "values" in data:
        return data["values"]
    return datasets.get(data.get("name"))


def _cell(value: Any, share: bool) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return str(value)
    if share:
        return percent(value, 0 if abs(100 * value - round(100 * value)) < 0.05 else 1)
    return decimal(value, 3)


def _fields(encodings: list[Mapping], titles: Mapping[str, tuple[str, bool]]) -> dict[str, tuple[str, bool, bool]]:
    """field -> (header, written as a share, a series without a title), in the order the channels name them; a field
    is headed by its title anywhere in the chart (a layer of points shares the lines' axes)."""
    found: dict[str, tuple[str, bool, bool]] = {}
    for encoding in encodings:
        for channel in CHANNELS:
            spec = encoding.get(channel)
            field = spec.get("field") if isinstance(spec, Mapping) else None
            if not isinstance(field, str) or field in found:
                continue
            title, share = titles.get(field, ("", False))
            if "legend" in spec and spec["legend"] is None and not title:  # a key the picture never names
                continue
            found[field] = (title, share, channel in SERIES and not title)
    return found if any(info[0] for info in found.values()) else {}


def _titles(spec: Mapping) -> dict[str, tuple[str, bool]]:
    """field -> (its first title in the chart, whether an axis writes it as a percentage)."""
    titles: dict[str, tuple[str, bool]] = {}
    for _data, encoding in _units(spec):
        for channel in CHANNELS:
            part = encoding.get(channel)
            if not isinstance(part, Mapping) or not isinstance(part.get("field"), str):
                continue
            title, share = titles.get(part["field"], ("", False))
            title = title or (part["title"] if isinstance(part.get("title"), str) else "")
            share = share or "%" in str((part.get("axis") or {}).get("format", "")) + str(part.get("format", ""))
            titles[part["field"]] = (title, share)
    return titles


def _thin(rows: list) -> list:
    if len(rows) <= MAX_ROWS:
        return rows
    step = math.ceil(len(rows) / (MAX_ROWS - 1))
    return rows[::step] + ([rows[-1]] if (len(rows) - 1) % step else [])


def _pivot(rows: list[Mapping], fields: dict) -> tuple[list[str], list[list[str]]] | None:
    """The rows with one column a series, when the chart draws one value per series at each point of its axis."""
    series = [f for f, info in fields.items() if info[2]]
    others = [f for f in fields if f not in series]
    if len(series) != 1 or len(others) != 2:
        return None
    (name,), (at, value) = series, others
    if len({row.get(at) for row in rows}) * 2 > len(rows):  # the series do not share their points: no grid
        return None
    names = list(dict.fromkeys(row.get(name) for row in rows))
    table: dict[Any, dict[Any, Any]] = {}
    for row in rows:
        table.setdefault(row.get(at), {})[row.get(name)] = row.get(value)
    header = [fields[at][0]] + [str(n) for n in names]
    body = [[_cell(x, fields[at][1])] + [_cell(ys.get(n), fields[value][1]) for n in names] for x, ys in table.items()]
    return header, _thin(body)


def tables(spec: Mapping, datasets: Mapping | None = None) -> list[tuple[list[str], list[list[str]]]]:
    """The (header, rows) of every dataset ``spec`` draws (``datasets``: named datasets besides the spec's own)."""
    datasets = {**spec.get("datasets", {}), **(datasets or {})}
    grouped: dict[int, tuple[list[Mapping], list[Mapping]]] = {}
    for data, encoding in _units(spec):
        rows = _rows(data, datasets)
        if rows:
            grouped.setdefault(id(rows), (rows, []))[1].append(encoding)
    found, titles = [], _titles(spec)
    for rows, encodings in grouped.values():
        fields = _fields(encodings, titles)
        if not fields:
            continue
        pivoted = _pivot(rows, fields)
        if pivoted is None:
            header = [info[0] for info in fields.values()]
            body = [[_cell(row.get(f), info[1]) for f, info in fields.items()] for row in rows]
            pivoted = header, _thin(body)
        if pivoted not in found:
            found.append(pivoted)
    return found


def numbers_html(spec: Mapping, title: str, datasets: Mapping | None = None) -> str:
    """The folded "show the numbers" HTML of the chart ``spec`` (titled ``title``); empty if it draws no table."""
    esc = html_text.escape
    parts = []
    for header, body in tables(spec, datasets):
        head = "".join(f"<th scope='col'>{esc(h)}</th>" for h in header)
        rows = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in body)
        parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
    if not parts:
        return ""
    return (
        f"<details class='sheriff-numbers'><summary>{esc(t('Show the numbers'))}</summary>"
        f'<div class="sheriff-numbers-scroll" role="region" tabindex="0" aria-label="{esc(title)}">'
        + "".join(parts)
        + "</div></details>"
    )
