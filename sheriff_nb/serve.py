"""``sheriff-nb``: serve the notebooks as Voilà dashboards on this machine.

Runs standalone ``voila`` on the repository's ``notebooks/`` folder, bound to 127.0.0.1,
with what a classroom deployment wants:

* ``--strip_sources=True`` and ``--show_tracebacks=False``: visitors see the dashboard,
  not code, and a failing cell shows Voilà's generic message instead of a traceback;
* a preheated kernel (``--preheat_kernel=True --pool_size=1``): Voilà 0.5.13 keeps, for
  every notebook under the served folder that is not in
  ``VoilaKernelManager.preheat_denylist``, a kernel that has already run the notebook, so
  the first visit paints in about half the time. Preheating works with a folder (it is
  not limited to a single notebook), but each pooled kernel costs a full notebook run and
  about 150-250 MB, and after a visit the pool refills in the background. The default,
  ``--preheat start``, therefore pools only the landing notebook (``00_start_here.ipynb``,
  or the first notebook by name) and denylists the rest; ``--preheat all`` pools every
  notebook, ``--preheat none`` none. Preheat exists only in standalone Voilà, not in the
  ``/voila/render`` server extension that Binder uses.
* kernel culling (``MappingKernelManager.cull_interval/cull_idle_timeout``): Voilà starts
  one kernel per page load; kernels whose page went away without shutting them down are
  stopped after ``--cull-idle`` seconds. Connected (open) pages are never culled.
* ``--Voila.identity_provider_class=sheriff_nb.voila_auth.XsrfCookieIdentityProvider``: a
  visitor who closes the page stops its kernel at once (Voilà 0.5.13 refuses that request
  on pages opened directly, voila#1458; see :mod:`sheriff_nb.voila_auth`).
* ``--Voila.port_retries=0``: a busy port is an error instead of a silent other port, so
  the printed URL is always right.

Command line: ``sheriff-nb [--notebooks DIR] [--port 8866] [--browser] [--preheat
start|all|none] [--warm-cache] [--check] [-- extra voila args]``. ``--check`` starts the
server, waits for HTTP 200, renders the landing notebook once over plain HTTP, reports,
stops, and exits 0 or 1: a smoke test needing no browser. ``--warm-cache`` draws every
lesson's charts into :mod:`sheriff_nb.chart_cache` and exits (Binder's ``postBuild``); a
plain ``sheriff-nb`` does the same in a low-priority background process on its first start
(and after the code or the notebooks change), so later visits open without Altair.

From Python (tests, benchmarks)::

    from sheriff_nb.serve import start
    with start("tests/browser/fixtures", port=0) as server:   # port 0: a free port
        print(server.render_url("demo.ipynb"))

>>> cmd = voila_command("/srv/notebooks", port=9000, preheat=False)
>>> cmd[1:4]
['-m', 'voila', '/srv/notebooks']
>>> "--port=9000" in cmd and "--Voila.ip=127.0.0.1" in cmd and "--no-browser" in cmd
True
>>> "--preheat_kernel=False" in cmd and "--show_tracebacks=False" in cmd
True
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .warm import is_warm, warm

__all__ = [
    "DEFAULT_PORT",
    "ERROR_MARKERS",
    "VoilaServer",
    "check",
    "find_free_port",
    "find_notebooks_dir",
    "landing_notebook",
    "main",
    "preheat_denylist",
    "start",
    "voila_command",
]

DEFAULT_PORT = 8866
HOST = "127.0.0.1"
LANDING = "00_start_here.ipynb"
#: Text that must never appear in a rendered dashboard (Voilà's messages for failing cells).
ERROR_MARKERS = (
    "There was an error when executing cell",
    "An exception occurred at the server",
    "Traceback (most recent call last)",
    "Cell execution timed out",
)


def find_notebooks_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The folder to serve: ``explicit``, else the repository's ``notebooks/`` (next to the
    package, i.e. an editable install or a checkout), else ``./notebooks``.

    >>> find_notebooks_dir(".") == Path(".").resolve()
    True
    """
    if explicit is not None:
        path = Path(explicit).expanduser().resolve()
        if not path.is_dir():
            raise FileNotFoundError(f"not a folder: {path}")
        return path
    candidates = [Path(__file__).resolve().parent.parent / "notebooks", Path.cwd() / "notebooks"]
    for path in candidates:
        if path.is_dir():
            return path.resolve()
    raise FileNotFoundError(
        "no notebooks/ folder found next to the sheriff_nb package or in the current folder; "
        "pass --notebooks DIR"
    )


def landing_notebook(root: str | os.PathLike[str]) -> str | None:
    """The notebook a visitor should open first: ``00_start_here.ipynb`` if present, else the
    first ``*.ipynb`` by name in ``root`` (not recursive), else None."""
    root = Path(root)
    if (root / LANDING).is_file():
        return LANDING
    names = sorted(p.name for p in root.glob("*.ipynb"))
    return names[0] if names else None


def preheat_denylist(keep: Iterable[str]) -> str:
    """A ``VoilaKernelManager.preheat_denylist`` regex that denies every notebook except ``keep``
    (paths relative to the served folder). Voilà 0.5.13 applies it with ``re.match`` to the
    notebook's *absolute* path when it fills the pools at startup, so the kept names are
    matched as path suffixes.

    >>> deny = re.compile(preheat_denylist(["00_start_here.ipynb"]))
    >>> [bool(deny.match(p)) for p in ("/srv/nb/00_start_here.ipynb", "00_start_here.ipynb", "/srv/nb/01_x.ipynb")]
    [False, False, True]
    """
    alternatives = "|".join(re.escape(name) for name in keep)
    return f"^(?!(?:.*/)?(?:{alternatives})$)"


def voila_command(
    notebooks: str | os.PathLike[str],
    *,
    port: int = DEFAULT_PORT,
    open_browser: bool = False,
    preheat: bool | str | Sequence[str] = False,
    pool_size: int = 1,
    cull_interval: int = 60,
    cull_idle: int = 600,
    extra_args: Sequence[str] = (),
) -> list[str]:
    """The ``voila`` command line (run with this interpreter) for serving ``notebooks``.

    ``preheat``: False (cold kernels), True or ``"all"`` (a pool for every notebook), or
    a notebook name / list of names (relative to ``notebooks``) to pool only those.
    ``cull_idle <= 0`` switches culling off. ``extra_args`` come last, so they win.
    """
    cmd = [
        sys.executable, "-m", "voila", os.fspath(notebooks),
        f"--port={port}",
        f"--Voila.ip={HOST}",
        "--Voila.port_retries=0",
        "--strip_sources=True",
        "--show_tracebacks=False",
        "--theme=light",
        # a closed page may stop its kernel: see sheriff_nb/voila_auth.py
        "--Voila.identity_provider_class=sheriff_nb.voila_auth.XsrfCookieIdentityProvider",
    ]
    if not open_browser:
        cmd.append("--no-browser")
    if preheat is False or preheat == "none" or pool_size < 1:
        cmd.append("--preheat_kernel=False")
    else:
        cmd += ["--preheat_kernel=True", f"--pool_size={pool_size}"]
        if preheat is not True and preheat != "all":
            keep = [preheat] if isinstance(preheat, str) else list(preheat)
            cmd.append(f"--VoilaKernelManager.preheat_denylist={preheat_denylist(keep)}")
    if cull_idle > 0:
        cmd += [
            f"--MappingKernelManager.cull_interval={cull_interval}",
            f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
            "--MappingKernelManager.cull_connected=False",
        ]
    cmd += list(extra_args)
    return cmd


def find_free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def _get(url: str, timeout: float) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:  # noqa: S310 (local URL)
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8", "replace")


@dataclass
class VoilaServer:
    """A running standalone Voilà (see :func:`start`). Use it as a context manager or call
    :meth:`stop`. Its output goes to ``log_path`` unless it was started attached."""

    process: subprocess.Popen
    root: Path
    port: int
    command: list[str]
    log_path: Path | None = None
    _log_file: object = field(default=None, repr=False)
    _temp_log: bool = field(default=False, repr=False)

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}/"

    @property
    def tree_url(self) -> str:
        return self.base_url

    def render_url(self, notebook: str) -> str:
        """URL of a notebook's dashboard; ``notebook`` is relative to the served folder."""
        return f"{self.base_url}voila/render/{notebook.lstrip('/')}"

    def log_text(self) -> str:
        if self.log_path is None or not self.log_path.exists():
            return ""
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def alive(self) -> bool:
        return self.process.poll() is None

    def wait_ready(self, timeout: float = 60) -> None:
        """Block until the tree page answers HTTP 200 (raises RuntimeError on exit/timeout)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.alive():
                raise RuntimeError(f"voila exited with {self.process.returncode}:\n{self.log_text()[-4000:]}")
            with contextlib.suppress(OSError):
                status, _ = _get(self.tree_url, timeout=5)
                if status == 200:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"voila not ready after {timeout:.0f} s:\n{self.log_text()[-4000:]}")

    def wait_for_log(self, pattern: str, timeout: float = 120) -> re.Match[str]:
        """Block until ``pattern`` (a regex) appears in the server log; returns the match."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            match = regex.search(self.log_text())
            if match:
                return match
            if not self.alive():
                break
            time.sleep(0.2)
        raise RuntimeError(f"{pattern!r} not in the voila log after {timeout:.0f} s:\n{self.log_text()[-4000:]}")

    def wait_pool_filled(self, notebook: str, timeout: float = 180) -> None:
        """With preheat: block until Voilà logs that ``notebook``'s kernel pool is full."""
        self.wait_for_log(rf"Kernel pool of {re.escape(notebook)} is filled", timeout)

    def stop(self, timeout: float = 20) -> int | None:
        """SIGTERM the server's process group (Voilà then shuts its kernels down), SIGKILL
        it if it lingers. Idempotent; returns the exit code."""
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(5)
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None
        if self._temp_log and self.log_path is not None:
            self.log_path.unlink(missing_ok=True)
        return self.process.returncode

    def __enter__(self) -> VoilaServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start(
    notebooks: str | os.PathLike[str] | None = None,
    *,
    port: int = 0,
    preheat: bool | str | Sequence[str] = False,
    pool_size: int = 1,
    cull_interval: int = 60,
    cull_idle: int = 600,
    extra_args: Sequence[str] = (),
    cwd: str | os.PathLike[str] | None = None,
    log_path: str | os.PathLike[str] | None = None,
    attached: bool = False,
    open_browser: bool = False,
    ready_timeout: float | None = 60,
) -> VoilaServer:
    """Start standalone Voilà on ``notebooks`` (default: :func:`find_notebooks_dir`) in its own
    process group and, unless ``ready_timeout`` is None, wait for HTTP 200.

    ``port=0`` picks a free port. The log goes to ``log_path`` (default: a temp file, deleted
    by :meth:`VoilaServer.stop`) unless ``attached`` (then it shares this terminal).
    ``preheat`` as in :func:`voila_command`; ``preheat="start"`` means the landing notebook.
    ``cwd`` is where Voilà looks for a ``voila.json``; command-line flags override that file.
    """
    root = find_notebooks_dir(notebooks)
    port = port or find_free_port()
    if preheat == "start":
        landing = landing_notebook(root)
        preheat = [landing] if landing else False
    cmd = voila_command(
        root, port=port, open_browser=open_browser, preheat=preheat, pool_size=pool_size,
        cull_interval=cull_interval, cull_idle=cull_idle, extra_args=extra_args,
    )
    log_file = None
    temp_log = False
    if attached:
        stdout = stderr = None
        path = None
    else:
        if log_path is None:
            fd, name = tempfile.mkstemp(prefix=f"voila-{port}-", suffix=".log")
            os.close(fd)
            path = Path(name)
            temp_log = True
        else:
            path = Path(log_path)
        log_file = open(path, "w", encoding="utf-8")  # noqa: SIM115 (closed in stop())
        stdout, stderr = log_file, subprocess.STDOUT
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    process = subprocess.Popen(
        cmd, cwd=cwd, stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL, env=env,
        start_new_session=True,
    )
    server = VoilaServer(
        process=process, root=root, port=port, command=cmd, log_path=path, _log_file=log_file, _temp_log=temp_log
    )
    if ready_timeout is not None:
        try:
            server.wait_ready(ready_timeout)
        except BaseException:
            server.stop()
            raise
    return server


def check(
    notebooks: str | os.PathLike[str] | None = None,
    *,
    port: int = 0,
    notebook: str | None = None,
    preheat: bool | str | Sequence[str] = False,
    timeout: float = 180,
) -> tuple[bool, str]:
    """Start Voilà, wait for HTTP 200, render ``notebook`` (default: the landing notebook)
    once over plain HTTP, stop. Returns ``(ok, message)``; ok means 200 and none of
    :data:`ERROR_MARKERS` in the page."""
    begin = time.monotonic()
    with start(notebooks, port=port, preheat=preheat, ready_timeout=timeout) as server:
        ready = time.monotonic() - begin
        notebook = notebook or landing_notebook(server.root)
        if notebook is None:
            return True, f"voila answered at {server.tree_url} in {ready:.1f} s; no notebook to render"
        url = server.render_url(notebook)
        t0 = time.monotonic()
        status, html = _get(url, timeout=timeout)
        took = time.monotonic() - t0
        found = [marker for marker in ERROR_MARKERS if marker in html]
        ok = status == 200 and not found
        message = (
            f"voila answered at {server.tree_url} in {ready:.1f} s; {url} -> HTTP {status} "
            f"in {took:.1f} s" + (f"; error text in page: {found}" if found else "")
        )
        if not ok:
            message += "\n" + server.log_text()[-4000:]
        return ok, message


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sheriff-nb",
        description="Serve the Sheriff of Nottingham notebooks as Voilà dashboards on 127.0.0.1.",
        epilog="Arguments after `--` go to voila unchanged (e.g. -- --theme=dark).",
    )
    parser.add_argument("--notebooks", metavar="DIR", help="folder to serve (default: the repository's notebooks/)")
    parser.add_argument("--port", type=int, default=None,
                        help=f"port (default {DEFAULT_PORT}; with --check any free one; 0 = any free)")
    parser.add_argument("--browser", action="store_true", help="open a web browser")
    parser.add_argument(
        "--preheat", default="start",
        help="kernel pool: 'start' (landing notebook only, default), 'all', 'none', or a notebook name",
    )
    parser.add_argument("--cull-idle", type=int, default=600, metavar="S",
                        help="stop kernels of closed pages after S idle seconds (0 = never; default 600)")
    parser.add_argument("--warm-cache", action="store_true",
                        help="draw every lesson's charts into the chart cache, report, exit (Binder's postBuild)")
    parser.add_argument("--check", action="store_true",
                        help="start, render the landing notebook once over HTTP, stop; exit 0 if it worked")
    parser.add_argument("voila_args", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    return parser


def _preheat_arg(value: str) -> bool | str:
    return {"none": False, "no": False, "off": False, "all": True, "start": "start"}.get(value, value)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    extra = [a for a in args.voila_args if a != "--"]
    try:
        root = find_notebooks_dir(args.notebooks)
    except FileNotFoundError as err:
        print(f"sheriff-nb: {err}", file=sys.stderr)
        return 2
    preheat = _preheat_arg(args.preheat)
    if args.warm_cache:
        return _warm_report(root)
    if args.check:
        ok, message = check(root, port=args.port or 0, preheat=preheat)
        print(("OK: " if ok else "FAILED: ") + message)
        return 0 if ok else 1
    try:
        server = start(
            root, port=DEFAULT_PORT if args.port is None else args.port, preheat=preheat,
            cull_idle=args.cull_idle, extra_args=extra, attached=True, open_browser=args.browser, ready_timeout=120,
        )
    except RuntimeError as err:
        print(f"sheriff-nb: {err}", file=sys.stderr)
        return 1
    warming = None if is_warm(root) else _warm_in_background(root)
    landing = landing_notebook(root)
    print(f"\n  Sheriff of Nottingham dashboards: {server.tree_url}")
    if landing:
        print(f"  Start here: {server.render_url(landing)}")
    if warming:
        print("  First start: drawing the lessons' charts in the background (about a minute).")
    print("  Stop with Ctrl+C.\n", flush=True)
    try:
        return server.process.wait()
    except KeyboardInterrupt:
        return server.stop() or 0
    finally:
        server.stop()
        if warming and warming.poll() is None:
            warming.terminate()


def _warm_report(root: Path) -> int:
    """``--warm-cache``: run :func:`sheriff_nb.warm.warm` and print one line per notebook."""
    results = warm(root)
    for name, seconds, error in results:
        print(f"{name}: {'FAILED ' + error if error else 'drawn'} ({seconds:.1f} s)")
    return 1 if any(error for _name, _seconds, error in results) else 0


def _warm_in_background(root: Path) -> subprocess.Popen:
    """``--warm-cache`` in a low-priority child process, so the server answers visitors meanwhile."""
    return subprocess.Popen(
        [sys.executable, "-m", "sheriff_nb.serve", "--warm-cache", "--notebooks", str(root)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
        preexec_fn=lambda: os.nice(10),  # noqa: PLW1509 - only os.nice, before exec
    )


if __name__ == "__main__":
    raise SystemExit(main())
