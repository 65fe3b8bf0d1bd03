"""The chart cache: each chart drawn once, then read from memory or disk; never a stale or wrong picture."""

import os
import time
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest
from IPython.core.formatters import format_display_data

import sheriff_nb as sn
from sheriff_nb.app import chart_cache, warm
from sheriff_nb.ui import i18n
from sheriff_nb.ui.charts import ev_chart, title_text, tournament_chart
from sheriff_nb.ui.widgets import chart_slot, explorers

CALLS: list[tuple] = []


def counted_ev_chart(*args, **kwargs):
    """ev_chart, counting the calls (a drawing is a call)."""
    CALLS.append(args)
    return ev_chart(*args, **kwargs)


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path, monkeypatch):
    """Each test: its own cache folder, an empty memory, no idle-time tasks left by earlier tests, no calls counted."""
    monkeypatch.setenv("SHERIFF_NB_CACHE", str(tmp_path / "cache"))
    chart_cache._MEMORY.clear()
    monkeypatch.setitem(chart_cache._WARM, "tasks", [])
    CALLS.clear()
    yield
    chart_cache._MEMORY.clear()


def files():
    folder = chart_cache.cache_dir()
    return sorted(p.name for p in folder.glob("*.json")) if folder.exists() else []


BAG = {"apples": 2, "pepper": 2}


def test_a_chart_is_drawn_once_then_read_from_memory_then_from_disk():
    first = chart_cache.chart(counted_ev_chart, BAG, "apples", p=0.25)
    assert len(CALLS) == 1 and len(files()) == 1
    again = chart_cache.chart(counted_ev_chart, BAG, "apples", p=0.25)
    assert len(CALLS) == 1 and again.bundle == first.bundle
    chart_cache._MEMORY.clear()  # a new kernel
    from_disk = chart_cache.chart(counted_ev_chart, BAG, "apples", p=0.25)
    assert len(CALLS) == 1 and from_disk.bundle == first.bundle


def test_the_cached_picture_is_exactly_what_altair_draws():
    direct = ev_chart(BAG, "apples", p=0.25).altair  # drawn by Altair here, not shown through the cache
    cached = chart_cache.chart(ev_chart, BAG, "apples", p=0.25)
    assert cached.svg == format_display_data(direct)[0]["image/svg+xml"]
    assert cached.bundle["text/plain"] == title_text(direct)
    assert cached._repr_mimebundle_()[0]["image/svg+xml"] == cached.svg


def test_other_arguments_are_other_charts():
    chart_cache.chart(counted_ev_chart, BAG, "apples", p=0.25)
    chart_cache.chart(counted_ev_chart, BAG, "apples", p=0.5)
    chart_cache.chart(counted_ev_chart, BAG, "apples", p=Fraction(1, 4))  # a Fraction is not the float 0.25
    chart_cache.chart(counted_ev_chart, {"apples": 3, "pepper": 1}, "apples", p=0.25)
    assert len(CALLS) == 4 and len(files()) == 4


def test_the_language_is_part_of_the_key():
    english = chart_cache.chart(counted_ev_chart, BAG, "apples", p=0.25)
    try:
        i18n.set_language("es")
        spanish = chart_cache.chart(counted_ev_chart, BAG, "apples", p=0.25)
    finally:
        i18n.set_language("en")
    assert len(CALLS) == 2 and spanish.bundle["text/plain"] != english.bundle["text/plain"]


def test_a_teachers_own_catalogue_is_never_written_to_disk():
    i18n.register("xx", {"Smuggling {goods} pays only while the sheriff inspects less than {p} of bags": "XX {p}"})
    try:
        i18n.set_language("xx")
        assert i18n.revision() > 0
        drawn = chart_cache.chart(counted_ev_chart, BAG, "apples", p=0.25)
    finally:
        i18n.set_language("en")
        i18n._forget("xx")
    assert len(CALLS) == 1 and files() == [] and drawn.svg.startswith("<svg")


def test_arguments_that_are_not_plain_data_are_drawn_every_time():
    frame = sn.simulate(4, players=3, strategies=["honest", "smuggler", "bluffer"], seed=1)

    def counted_tournament_chart(results):
        CALLS.append(("tournament",))
        return tournament_chart(results)

    with pytest.raises(TypeError, match="DataFrame is not plain data"):
        chart_cache.key_text(frame)
    for _ in range(2):
        drawn = chart_cache.chart(counted_tournament_chart, frame)
    assert len(CALLS) == 2 and files() == [] and drawn.svg.startswith("<svg")


def test_cache_off_keeps_charts_in_memory_only(monkeypatch):
    monkeypatch.setenv("SHERIFF_NB_CACHE", "off")
    assert chart_cache.cache_dir() is None
    chart_cache.chart(counted_ev_chart, BAG, "apples", p=0.25)
    chart_cache.chart(counted_ev_chart, BAG, "apples", p=0.25)
    assert len(CALLS) == 1


def test_a_folder_that_cannot_be_written_only_costs_speed(tmp_path, monkeypatch):
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SHERIFF_NB_CACHE", str(blocker))
    drawn = chart_cache.chart(counted_ev_chart, BAG, "apples", p=0.25)
    assert drawn.svg.startswith("<svg") and len(CALLS) == 1


def test_a_damaged_file_is_drawn_again():
    chart_cache.chart(counted_ev_chart, BAG, "apples", p=0.25)
    (path,) = chart_cache.cache_dir().glob("*.json")
    path.write_text("{broken")
    chart_cache._MEMORY.clear()
    redrawn = chart_cache.chart(counted_ev_chart, BAG, "apples", p=0.25)
    assert len(CALLS) == 2 and redrawn.svg.startswith("<svg") and path.read_text().startswith("{")


def test_folders_of_old_code_are_removed_after_a_week_recent_ones_kept():
    base = chart_cache.cache_dir().parent
    old, recent = base / "0000000000000000", base / "1111111111111111"
    for folder in (old, recent):
        folder.mkdir(parents=True)
        (folder / "x.json").write_text("{}")
    week_ago = time.time() - 8 * 86400
    os.utime(old, (week_ago, week_ago))
    chart_cache.chart(counted_ev_chart, BAG, "apples", p=0.25)  # creates this code's folder
    assert not old.exists() and recent.exists() and len(files()) == 1


def test_the_fingerprint_names_the_folder_and_is_stable(tmp_path):
    """The folder is named by the fingerprint; a copy of the package gives the same one, and a copy with one byte
    changed in one module gives another (so charts drawn by other code are never reused)."""
    import shutil

    assert chart_cache.cache_dir().name == chart_cache.fingerprint()
    package = Path(sn.__file__).parent
    same = shutil.copytree(package, tmp_path / "same", ignore=shutil.ignore_patterns("__pycache__"))
    assert len(chart_cache.fingerprint()) == 16 and chart_cache.fingerprint(same) == chart_cache.fingerprint()
    changed = shutil.copytree(package, tmp_path / "changed", ignore=shutil.ignore_patterns("__pycache__"))
    odds = changed / "theory" / "odds.py"
    odds.write_text(odds.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert chart_cache.fingerprint(changed) != chart_cache.fingerprint()


def test_an_explorer_in_a_new_kernel_draws_nothing(monkeypatch):
    first = explorers.ev_explorer()
    shown = first.chart.out.outputs[0]["data"]["image/svg+xml"]
    chart_cache._MEMORY.clear()
    chart_slot._LIVE.clear()  # a new kernel: nothing compiled, nothing in memory

    def no_drawing(*_args, **_kwargs):
        raise AssertionError("the chart should come from the disk")

    monkeypatch.setattr(chart_slot, "live_chart", no_drawing)
    second = explorers.ev_explorer()
    assert second.chart.out.outputs[0]["data"]["image/svg+xml"] == shown


def test_warm_draws_every_lesson_and_marks_the_folder(tmp_path, monkeypatch):
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    cell = "import sheriff_nb as sn\nsn.charts.ev_chart({'apples': 2, 'pepper': 2}, 'apples')"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(cell)]), lessons / "01_a.ipynb")
    assert not warm.is_warm(lessons)
    [(name, seconds, error)] = warm.warm(lessons)
    assert (name, error) == ("01_a.ipynb", None) and seconds > 0
    assert warm.is_warm(lessons) and len(files()) == 2  # its laptop and phone drawings
    chart_cache._MEMORY.clear()
    with monkeypatch.context() as patch:  # the lesson's chart is found, not drawn again
        patch.setattr(chart_cache, "bundle_of", lambda _result: pytest.fail("drawn again"))
        assert chart_cache.chart(ev_chart, {"apples": 2, "pepper": 2}, "apples").svg.startswith("<svg")

    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 / 0")]), lessons / "02_b.ipynb")
    assert not warm.is_warm(lessons)  # the lessons changed
    results = warm.warm(lessons)
    assert results[1][0] == "02_b.ipynb" and results[1][2] == "ZeroDivisionError: division by zero"
    assert not warm.is_warm(lessons)  # a failing lesson leaves the folder unmarked


def test_warm_also_draws_the_states_a_reader_clicks_to_next(tmp_path, monkeypatch):
    """The deck explorer queues its 3 other states for the kernel's idle time; --warm-cache draws them too, so a
    visitor's kernel shows every state from disk (lesson 01 stayed at about 250 MB, Altair loaded, before)."""
    from sheriff_nb.ui.widgets.deck import deck_chart

    lessons = tmp_path / "lessons"
    lessons.mkdir()
    cell = "import sheriff_nb as sn\nsn.widgets.deck_explorer()"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(cell)]), lessons / "01_deck.ipynb")
    assert [error for _name, _seconds, error in warm.warm(lessons)] == [None]
    chart_cache._MEMORY.clear()
    monkeypatch.setattr(chart_cache, "bundle_of", lambda _result: pytest.fail("drawn in the kernel"))
    for players in (3, 4):
        for royal in (False, True):
            for width in (440, 200):  # the deck explorer's laptop and phone drawings (the screen not yet known)
                assert chart_cache.chart(deck_chart, players, royal, width=width).svg.startswith("<svg")


def test_warm_up_runs_the_tasks_in_order_and_survives_a_failing_one():
    ran = []
    first = chart_cache.warm_up(lambda: ran.append(1), lambda: 1 / 0, lambda: ran.append(2), quiet=0)
    first.join(timeout=60)
    chart_cache.warm_up(lambda: ran.append(3), quiet=0).join(timeout=60)  # a later call: a new thread if needed
    assert ran == [1, 2, 3]  # the failing task did not stop the others
    assert chart_cache._WARM["thread"] is None and not chart_cache._WARM["tasks"]


IDLE_KERNEL = """
import json, sys, threading, time
import sheriff_nb as sn
from sheriff_nb.app import chart_cache
chart_cache.warm_up.__kwdefaults__["quiet"] = 0.2  # the warm-up's wait for an idle kernel, shortened
{setup}
time.sleep(0.5)  # idle past that wait
for thread in threading.enumerate():
    if thread.name == "sheriff-warm-up":
        thread.join(60)
print(json.dumps(sorted(m for m in ("pandas", "altair", "vl_convert") if m in sys.modules)))
"""


def loaded_when_idle(setup: str) -> list[str]:
    """What a fresh process (as a kernel) has imported once it ran ``setup`` and stayed idle past the warm-up's
    wait (the chart cache folder is this test's)."""
    import json
    import subprocess
    import sys
    import textwrap

    code = IDLE_KERNEL.format(setup=textwrap.dedent(setup))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_lesson_that_shows_charts_from_disk_loads_neither_pandas_nor_altair():
    """Every chart read from disk used to start the warm-up of pandas + Altair + vl-convert (about 160 MB per
    kernel) even where no control draws a new chart."""
    lesson_chart = 'sn.charts.ev_chart({"apples": 2, "pepper": 2}, "apples", p=0.25)._repr_mimebundle_()'
    loaded_when_idle(lesson_chart)  # drawn once, kept on disk
    assert (
        loaded_when_idle(f"""
        {lesson_chart}
        assert chart_cache._MEMORY  # shown (from the file)
    """)
        == []
    )


def test_the_play_dashboard_loads_the_chart_renderer_only_for_the_last_round():
    """Lesson 09's kernel stays small while a game is played; the final chart's renderer comes in the last round."""
    assert (
        loaded_when_idle("""
        dash = sn.widgets.play_dashboard(players=3, seed=5)
        dash.setup_box.start_button.click()
    """)
        == []
    )
    assert loaded_when_idle("""
        dash = sn.widgets.play_dashboard(players=3, seed=5)
        dash.setup_box.start_button.click()
        dash.game.state.round = dash.game.options.rounds - 1  # as if the last round had come (the state: game.round reads it)
        dash.refresh()
    """) == ["altair", "pandas", "vl_convert"]


def test_a_widget_that_draws_new_charts_prepares_the_renderer():
    assert loaded_when_idle("sn.widgets.draw_odds_explorer()") == ["altair", "pandas", "vl_convert"]


def test_sheriff_nb_warm_cache_reports_each_lesson(tmp_path, capsys):
    from sheriff_nb.app import serve

    lessons = tmp_path / "lessons"
    lessons.mkdir()
    cell = "import sheriff_nb as sn\nsn.charts.equilibrium_chart()"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(cell)]), lessons / "08_x.ipynb")
    assert serve.main(["--warm-cache", "--notebooks", str(lessons)]) == 0
    assert capsys.readouterr().out.startswith("08_x.ipynb: drawn (")
    assert warm.is_warm(lessons) and len(files()) == 2  # its laptop and phone drawings
    nbformat.write(
        nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("raise ValueError('no')")]), lessons / "09_y.ipynb"
    )
    assert serve.main(["--warm-cache", "--notebooks", str(lessons)]) == 1
    assert "09_y.ipynb: FAILED ValueError: no" in capsys.readouterr().out


LESSON_KERNEL = """
import json, sys
import sheriff_nb as sn
{cell}
from sheriff_nb.app import chart_cache
folder = chart_cache.cache_dir()
print(json.dumps([str(folder), sorted(p.name for p in folder.glob("*.json"))]))
"""


@pytest.mark.parametrize(
    "cell",
    [
        'sn.charts.ev_chart({"apples": 2, "pepper": 2}, "apples", p=0.25)._repr_mimebundle_()',  # a chart cell
        "sn.widgets.ev_explorer()",  # a widget's first chart, shown through ui.display
    ],
)
def test_a_lesson_kernel_shows_its_charts_through_the_disk_cache(cell):
    """ui imports nothing of app: the lesson's ``import sheriff_nb as sn`` plugs the cache into the display seam
    (``sn.charts`` / ``sn.widgets``), so a fresh kernel, as in JupyterLab or Voilà, writes its charts to disk and the
    next kernel finds them there."""
    import json
    import subprocess
    import sys

    def kernel() -> tuple[Path, list[str]]:
        code = LESSON_KERNEL.format(cell=cell)
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
        folder, names = json.loads(done.stdout.strip().splitlines()[-1])
        return Path(folder), names

    folder, written = kernel()
    assert folder.parent.parent == Path(os.environ["SHERIFF_NB_CACHE"])  # this test's folder
    assert written  # the charts went to disk
    assert kernel() == (folder, written)  # a second kernel found them there: nothing new drawn


def test_install_plugs_the_cache_into_the_display_seam():
    """Without the app, ui's display draws straight through Altair and keeps nothing; install() plugs the cache in."""
    from sheriff_nb.ui import display

    previous = display.use(display.Uncached())
    try:
        display.chart(counted_ev_chart, BAG, "apples", p=0.25)
        display.chart(counted_ev_chart, BAG, "apples", p=0.25)
        assert len(CALLS) == 2 and files() == []  # drawn twice, nothing kept
        chart_cache.install()
        display.chart(counted_ev_chart, BAG, "apples", p=0.25)
        display.chart(counted_ev_chart, BAG, "apples", p=0.25)
        assert len(CALLS) == 3 and len(files()) == 1  # drawn once more, then kept
    finally:
        display.use(previous)
