"""Proves the browser harness on tests/browser/fixtures/demo.ipynb (a slider and a dropdown
driving an Altair svg chart through the explicit Output pattern, plus an HTML readout).

Notebook tests are written the same way, with ``notebooks_server`` instead of ``demo_server``.
"""

from __future__ import annotations

import json
import shutil
import urllib.request
from pathlib import Path

import pytest

from sheriff_nb.app.serve import check, start

FIXTURE = Path(__file__).parent / "fixtures" / "demo.ipynb"


def test_fixture_notebook_is_committed_without_outputs():
    nb = json.loads(FIXTURE.read_text(encoding="utf-8"))
    code = [cell for cell in nb["cells"] if cell["cell_type"] == "code"]
    assert code and all(cell["outputs"] == [] and cell["execution_count"] is None for cell in code)
    assert "widgets" not in nb["metadata"]


def test_demo_renders_offline_without_errors(open_dashboard, demo_server):
    dash = open_dashboard(demo_server, "demo.ipynb")
    text = dash.text()
    assert "Demo dashboard" in text  # the markdown cell
    assert "3 × apple" in text  # the HTML readout
    assert dash.chart_signature() is not None, "no chart on the page"
    assert "setup_charts" not in dash.page.content(), "sources should be stripped"
    dash.assert_clean()  # no error text, no stderr output, no console/page errors
    # Nothing from outside was even requested, except Voilà's own Font Awesome CSS.
    assert dash.log.blocked and not dash.log.unexpected_blocked(), dash.log.blocked
    assert dash.screenshot("demo-1280").stat().st_size > 10_000


def test_slider_and_dropdown_redraw_the_chart(open_dashboard, demo_server):
    dash = open_dashboard(demo_server, "demo.ipynb")
    chart, output = dash.chart_signature(), dash.output_signature()

    dash.nudge_slider(+1)  # keyboard on the handle: 3 -> 4
    dash.wait_for_text("4 × apple")
    chart = dash.wait_for_change(dash.chart_signature, chart)
    assert dash.output_signature() != output

    dash.set_slider(1)  # typed into the readout
    dash.wait_for_text("1 × apple")
    chart = dash.wait_for_change(dash.chart_signature, chart)

    dash.select("chicken")
    dash.wait_for_text("1 × chicken: worth 4 coins")
    dash.wait_for_change(dash.chart_signature, chart)
    dash.settle()
    dash.assert_clean()


def test_no_horizontal_scroll_on_a_phone(open_dashboard, demo_server):
    dash = open_dashboard(demo_server, "demo.ipynb")
    dash.assert_no_horizontal_scroll(width=400)
    assert dash.screenshot("demo-400").exists()


def test_harness_catches_overflow_and_outside_requests(open_dashboard, demo_server):
    """The checks above can fail: a too-wide element and an outside request are reported."""
    dash = open_dashboard(demo_server, "demo.ipynb")
    dash.page.evaluate(
        """() => { const d = document.createElement('div'); d.className = 'too-wide';
                   d.style.width = '900px'; d.style.height = '4px';
                   document.querySelector('#rendered_cells > div').appendChild(d); }"""
    )
    with pytest.raises(AssertionError, match="too-wide"):
        dash.assert_no_horizontal_scroll(width=400)
    dash.page.evaluate("() => fetch('https://outside.invalid/probe.js').catch(() => null)")
    assert dash.log.unexpected_blocked() == ["https://outside.invalid/probe.js"]
    with pytest.raises(AssertionError, match="outside request: https://outside.invalid/probe.js"):
        dash.assert_clean()


# --------------------------------------------------------------------------- serving (no browser needed)


def test_sheriff_nb_check_renders_the_demo():
    ok, message = check(FIXTURE.parent)
    assert ok, message
    assert "demo.ipynb -> HTTP 200" in message


def test_preheat_start_pools_only_the_landing_notebook(tmp_path):
    """`sheriff-nb` preheats 00_start_here.ipynb only (Voilà's denylist regex sees absolute
    paths); the other notebooks still render, with a fresh kernel."""
    for name in ("00_start_here.ipynb", "01_other.ipynb"):
        shutil.copy(FIXTURE, tmp_path / name)
    with start(tmp_path, preheat="start", cwd=tmp_path) as server:
        server.wait_pool_filled("00_start_here.ipynb", timeout=120)
        with urllib.request.urlopen(server.render_url("01_other.ipynb"), timeout=120) as response:
            assert response.status == 200
            assert "There was an error" not in response.read().decode()
        log = server.log_text()
        assert "Kernel pool of 01_other.ipynb" not in log
        assert "Kernel pool of 00_start_here.ipynb is filled with 1 kernel(s)" in log


def test_closing_the_page_stops_its_kernel(open_dashboard, demo_server):
    """Voilà's page asks the server to stop its kernel when it closes; without sheriff_nb.app.voila_auth that request
    is refused (403, no _xsrf cookie on a page opened directly) and the kernel lives until the idle cull."""
    import re
    import time
    import urllib.error

    dash = open_dashboard(demo_server, "demo.ipynb")
    assert any(c["name"] == "_xsrf" for c in dash.page.context.cookies()), "the page did not get an _xsrf cookie"
    kernels = {m.group(1) for url in dash.log.websockets if (m := re.search(r"/api/kernels/([0-9a-f-]+)/", url))}
    assert len(kernels) == 1, dash.log.websockets
    (kernel,) = kernels
    url = demo_server.render_url("demo.ipynb").split("/voila/")[0] + f"/api/kernels/{kernel}"
    with urllib.request.urlopen(url, timeout=10) as answer:  # noqa: S310 (local URL)
        assert answer.status == 200  # running while the page is open
    dash.page.close(run_before_unload=True)
    status, deadline = 200, time.monotonic() + 15
    while status == 200 and time.monotonic() < deadline:
        time.sleep(0.25)
        try:
            with urllib.request.urlopen(url, timeout=10):  # noqa: S310 (local URL)
                status = 200
        except urllib.error.HTTPError as err:
            status = err.code
    assert status == 404, f"the kernel is still running after the page closed:\n{demo_server.log_text()[-2000:]}"
    assert f"403 POST /voila/api/shutdown/{kernel}" not in demo_server.log_text()
