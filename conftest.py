"""Test-session settings shared by the unit tests, the doctests, the notebooks (nbval) and the browser tests.

The chart cache (:mod:`sheriff_nb.app.chart_cache`) goes to a folder of this session: tests never read charts drawn
by an earlier run, nor write into the user's cache.  So does the class-session store (:mod:`sheriff_nb.play.classroom`,
lessons 17-18).  Set here, at import, so that the kernels nbval starts and the Voilà servers the browser tests
start inherit them.
"""

import os
import tempfile

os.environ["SHERIFF_NB_CACHE"] = tempfile.mkdtemp(prefix="sheriff_nb-test-cache-")
os.environ["SHERIFF_NB_CLASS_DB"] = os.path.join(tempfile.mkdtemp(prefix="sheriff_nb-test-class-"), "classroom.sqlite")
