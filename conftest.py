"""Test-session settings shared by the unit tests, the doctests, the notebooks (nbval) and the browser tests.

The chart cache (:mod:`sheriff_nb.app.chart_cache`) goes to a folder of this session: tests never read charts drawn
by an earlier run, nor write into the user's cache; it is plugged into the display seam as a lesson's ``sn.charts``
plugs it, so the widgets a test imports directly show charts through it too.  So does the class-session store (:mod:`sheriff_nb.play.classroom`,
lessons 17-18).  Set here, at import, so that the kernels nbval starts and the Voilà servers the browser tests
start inherit them.  With pytest-xdist (``-n 2``, as CI runs) the workers share the session's chart cache (it writes
atomically, for kernels drawing at once) and each keeps a class store of its own.

A translated lesson that the real-browser tests render in Voilà in this very session, with a missing browser failing
the run (``SHERIFF_REQUIRE_BROWSER=1``, CI), is not run a second time by nbval: Voilà runs every cell of it and the
test fails on a cell's error (``tests/browser/test_translated_pages.py``).
"""

import os
import re
import tempfile

import pytest

if not os.environ.get("PYTEST_XDIST_WORKER"):  # the session itself (its workers inherit the folder)
    os.environ["SHERIFF_NB_CACHE"] = tempfile.mkdtemp(prefix="sheriff_nb-test-cache-")
os.environ["SHERIFF_NB_CLASS_DB"] = os.path.join(tempfile.mkdtemp(prefix="sheriff_nb-test-class-"), "classroom.sqlite")

from sheriff_nb.app import chart_cache  # noqa: E402 - after the folder is chosen

chart_cache.install()  # as a lesson's `sn.charts` does: tests that import the widgets directly use the cache too

#: the browser test that renders ``notebooks/<lang>/<lesson>`` in Voilà, by its test id
RENDERED = re.compile(
    r"tests/browser/test_translated_pages\.py::test_a_translated_lesson_shows_every_widget_without_an_error\[(.+)-(.+)\]"
)


@pytest.hookimpl(trylast=True)  # after -k and -m: only the renders that will run count
def pytest_collection_modifyitems(config, items):
    """Deselect nbval's cells of the translated lessons this session renders in Voilà (see above)."""
    if os.environ.get("SHERIFF_REQUIRE_BROWSER") != "1":
        return
    rendered = {f"notebooks/{m[1]}/{m[2]}" for item in items if (m := RENDERED.fullmatch(item.nodeid))}
    twice = [item for item in items if item.nodeid.split("::")[0] in rendered]
    if twice:
        config.hook.pytest_deselected(items=twice)
        items[:] = [item for item in items if item.nodeid.split("::")[0] not in rendered]
