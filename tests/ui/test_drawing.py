"""What a chart builder returns (a Drawing): the picture when shown, the Altair chart when used as one."""

import altair as alt
import pytest

import sheriff_nb as sn
from sheriff_nb.ui import charts
from sheriff_nb.ui.charts import Drawing, equilibrium_chart, ev_chart, title_text

BAG = {"apples": 2, "pepper": 2}


def builders():
    return sorted(name for name in charts.__all__ if name.endswith("_chart"))


@pytest.mark.parametrize("name", builders())
def test_every_public_builder_returns_a_drawing_of_its_own_chart(name):
    builder = getattr(charts, name)
    assert builder.__wrapped__.__name__ == name  # the pure builder stays reachable (the cache calls it)


def test_calling_a_builder_builds_nothing_until_the_chart_is_used():
    drawing = ev_chart(BAG, "apples", p=0.25)
    assert isinstance(drawing, Drawing) and drawing.chart is None
    assert getattr(drawing, "_repr_html_", None) is None and drawing.chart is None  # Jupyter's probes build nothing
    assert repr(drawing) == "ev_chart({'apples': 2, 'pepper': 2}, 'apples', p=0.25)"
    assert title_text(drawing) == "Smuggling 2 Pepper pays only while the sheriff inspects less than 29% of bags"
    assert isinstance(drawing.chart, alt.TopLevelMixin)  # built on first use, then kept
    assert drawing.altair is drawing.chart


def test_used_as_a_chart_it_is_the_altair_chart():
    drawing = ev_chart(BAG, "apples", p=0.25)
    direct = ev_chart.__wrapped__(BAG, "apples", p=0.25)
    assert drawing.to_dict() == direct.to_dict()
    assert drawing.properties(width=200).to_dict()["width"] == 200
    assert equilibrium_chart().to_dict() != direct.to_dict()  # another builder, another chart


def test_a_lesson_shows_the_chart_it_calls_from_the_drawings_kept_on_disk(tmp_path, monkeypatch):
    from IPython.core.formatters import format_display_data

    from sheriff_nb.app import chart_cache
    from sheriff_nb.ui.charts.table import NUMBERS
    from sheriff_nb.ui.display import PHONE_WIDTH, two_sizes

    monkeypatch.setenv("SHERIFF_NB_CACHE", str(tmp_path))
    monkeypatch.setattr(chart_cache, "_MEMORY", type(chart_cache._MEMORY)())
    shown = format_display_data(sn.charts.ev_chart(BAG, "apples", p=0.25))[0]
    laptop = chart_cache.chart(ev_chart.__wrapped__, BAG, "apples", p=0.25).bundle
    phone = chart_cache.chart(ev_chart.__wrapped__, BAG, "apples", p=0.25, width=PHONE_WIDTH).bundle
    assert shown["image/svg+xml"] == laptop["image/svg+xml"] != phone["image/svg+xml"]
    pictures = laptop["image/svg+xml"], phone["image/svg+xml"], laptop["text/plain"], laptop[NUMBERS]
    assert shown["text/html"] == two_sizes(*pictures)  # both drawings and the laptop's "show the numbers" table
    assert shown["text/plain"] == title_text(ev_chart(BAG, "apples", p=0.25))
    assert len(list(tmp_path.rglob("*.json"))) == 2  # the laptop and the phone drawing
    chart_cache._MEMORY.clear()  # a new kernel finds it on disk: nothing is drawn
    monkeypatch.setattr(chart_cache, "bundle_of", lambda _result: pytest.fail("drawn again"))
    assert format_display_data(sn.charts.ev_chart(BAG, "apples", p=0.25))[0] == shown
