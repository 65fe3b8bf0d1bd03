"""``sheriff-nb``: serve the notebooks as Voilà dashboards, to one reader or to a class.

Runs standalone ``voila`` on the repository's ``notebooks/`` folder, by default on 127.0.0.1 (this computer only),
with what a deployment shared by many visitors wants:

* ``--strip_sources=True`` and ``--show_tracebacks=False``: visitors see the dashboard, not code, and a failing
  cell shows Voilà's generic message instead of a traceback (``MappingKernelManager.allow_tracebacks=False`` does
  the same for errors raised after the page is drawn; widget callbacks never send one:
  :mod:`sheriff_nb.ui.widgets.base`);
* preheated kernels (``--preheat_kernel=True --pool_size=N``): Voilà 0.5.13 keeps, for every notebook under the
  served folder that is not in ``VoilaKernelManager.preheat_denylist``, ``N`` kernels that have already run the
  notebook, so a visit paints in about half the time.  Each pooled kernel costs a notebook run and about 75 MB, and
  after a visit the pool refills in the background.  The default, ``--preheat start``, pools only the landing
  notebook (``00_start_here.ipynb``, or the first notebook by name); ``--preheat all`` pools every notebook,
  ``--preheat NAME`` that one, ``--preheat none`` none; ``--class-size N`` sizes the pools for a class that opens
  the pages at once (and waits :data:`CLASS_FILL_DELAY` s before refilling, so refills do not slow the class's
  first minutes).  Preheat exists only in standalone Voilà, not in Binder's ``/voila/render`` server extension;
* limits (:mod:`sheriff_nb.app.kernels`): at most ``--max-kernels`` kernels (default: what the free memory holds), past
  it a visitor gets HTTP 503 "The class is full, try again in a minute"; a kernel busy for ``--busy-timeout`` s in a
  row is stopped; kernels of pages that went away are culled after ``--cull-idle`` s (open pages never are);
* kernels talk to Voilà over IPC sockets (``KernelManager.transport=ipc``): many kernels starting at once never
  collide on a TCP port, and nothing listens on the network but Voilà;
* Voilà waits ``VoilaExecutor.iopub_timeout`` = :data:`IOPUB_TIMEOUT` s for a cell's output instead of 4 s: under a
  class's load a slow cell's widgets were dropped from the page without an error;
* ``--Voila.identity_provider_class=sheriff_nb.app.voila_auth.XsrfCookieIdentityProvider``: a visitor who closes the
  page stops its kernel at once (:mod:`sheriff_nb.app.voila_auth`);
* ``--host ADDRESS`` (e.g. ``0.0.0.0``) serves the network, with a printed warning; ``--token`` requires the
  printed link's token (Voilà's own ``Voila.token``; a page opened with it keeps working through a cookie);
* process hygiene: a busy port is one clear error (Voilà's ``port_retries=0`` backs it up); Ctrl+C, ``SIGTERM``
  and ``SIGHUP`` (closing the terminal) stop Voilà and every kernel; if Voilà dies, ``sheriff-nb`` says so and exits
  non-zero, leaving no kernel behind.

Command line: ``sheriff-nb [--notebooks DIR] [--host 127.0.0.1] [--port 8866] [--token [TOKEN]] [--browser]
[--preheat start|all|none|NAME] [--class-size N] [--max-kernels N] [--busy-timeout S] [--cull-idle S]
[--warm-cache] [--check] [-- extra voila args]``.  ``--check`` starts the server, waits for HTTP 200, renders the
landing notebook once over plain HTTP, reports, stops, and exits 0 or 1: a smoke test needing no browser.
``--warm-cache`` draws every lesson's charts into :mod:`sheriff_nb.app.chart_cache` and exits (Binder's ``postBuild``);
a plain ``sheriff-nb`` does the same in a low-priority background process on its first start (and after the code
or the notebooks change), so later visits open without Altair.

From Python (tests, benchmarks)::

    from sheriff_nb.app.serve import start
    with start("tests/browser/fixtures", port=0) as server:   # port 0: a free port
        print(server.render_url("demo.ipynb"))

>>> cmd = voila_command("/srv/notebooks", port=9000, preheat=False)
>>> cmd[1:4]
['-m', 'voila', '/srv/notebooks']
>>> "--port=9000" in cmd and "--Voila.ip=127.0.0.1" in cmd and "--no-browser" in cmd
True
>>> "--preheat_kernel=False" in cmd and "--show_tracebacks=False" in cmd and "--KernelManager.transport=ipc" in cmd
True
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from .process import HOST, VoilaServer, find_free_port, get, launch, port_problem
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
LANDING = "00_start_here.ipynb"
KERNEL_MANAGER = "sheriff_nb.app.kernels.ClassroomKernelManager"
#: The lessons' Voilà template (``sheriff_nb/app/voila_template/``, installed with the package): Voilà's lab
#: template, and a cell tagged ``held-until-reveal`` hidden until the bet before it is revealed.
TEMPLATE = "sheriff"
#: Seconds Voilà waits for a cell's output after the cell ran (Voilà's own default is 4).
IOPUB_TIMEOUT = 60
#: Seconds a preheated pool waits before refilling when it is sized for a class (Voilà's own default is 1): the
#: refill runs the lesson once per kernel taken, so it waits until the class has opened its pages.
CLASS_FILL_DELAY = 120
#: Text that must never appear in a rendered dashboard: Voilà's messages for failing cells, and the widget manager's
#: for a widget view it could not draw ("Error displaying widget: model not found" when the page's widget has no
#: model in the kernel, "Error displaying widget" when its view failed).
ERROR_MARKERS = (
    "There was an error when executing cell",
    "An exception occurred at the server",
    "Traceback (most recent call last)",
    "Cell execution timed out",
    "Error displaying widget",
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
    candidates = [Path(__file__).resolve().parents[2] / "notebooks", Path.cwd() / "notebooks"]
    for path in candidates:
        if path.is_dir():
            return path.resolve()
    raise FileNotFoundError(
        "no notebooks/ folder found next to the sheriff_nb package or in the current folder; pass --notebooks DIR"
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
    host: str = HOST,
    port: int = DEFAULT_PORT,
    token: str | None = None,
    open_browser: bool = False,
    preheat: bool | str | Sequence[str] = False,
    pool_size: int = 1,
    fill_delay: float | None = None,
    cull_interval: int = 60,
    cull_idle: int = 600,
    max_kernels: int = 0,
    busy_timeout: int = 300,
    extra_args: Sequence[str] = (),
) -> list[str]:
    """The ``voila`` command line (run with this interpreter) for serving ``notebooks``.

    ``preheat``: False (cold kernels), True or ``"all"`` (a pool for every notebook), or a notebook name / list of
    names (relative to ``notebooks``) to pool only those; ``pool_size`` kernels per pool, refilled ``fill_delay`` s
    after a visit took one (None: Voilà's 1 s).  ``cull_idle <= 0`` switches idle culling off; ``max_kernels`` 0
    derives the cap from the free memory, ``busy_timeout`` 0 lets busy kernels run forever (see
    :mod:`sheriff_nb.app.kernels`).  ``token``: visitors need ``?token=...`` once.  ``extra_args`` come last and replace
    the same options above (Voilà refuses an option given twice).

    >>> [a for a in voila_command("nb", extra_args=["--VoilaExecutor.iopub_timeout=5"]) if "iopub" in a]
    ['--VoilaExecutor.iopub_timeout=5']
    """
    cmd = [
        sys.executable,
        "-m",
        "voila",
        os.fspath(notebooks),
        f"--port={port}",
        f"--Voila.ip={host}",
        "--Voila.port_retries=0",
        "--strip_sources=True",
        "--show_tracebacks=False",
        "--MappingKernelManager.allow_tracebacks=False",
        "--theme=light",
        f"--template={TEMPLATE}",  # Voilà's lab template + worked examples held until their bet's Reveal
        # a closed page may stop its kernel: see sheriff_nb/app/voila_auth.py
        "--Voila.identity_provider_class=sheriff_nb.app.voila_auth.XsrfCookieIdentityProvider",
        f"--VoilaConfiguration.multi_kernel_manager_class={KERNEL_MANAGER}",
        f"--ClassroomKernelManager.max_kernels={max_kernels}",
        f"--ClassroomKernelManager.busy_timeout={busy_timeout}",
        "--KernelManager.transport=ipc",
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
    ]
    if token:
        cmd.append(f"--Voila.token={token}")
    if not open_browser:
        cmd.append("--no-browser")
    if preheat is False or preheat == "none" or pool_size < 1:
        cmd.append("--preheat_kernel=False")
    else:
        cmd += ["--preheat_kernel=True", f"--pool_size={pool_size}"]
        if fill_delay is not None:
            cmd.append(f"--VoilaKernelManager.fill_delay={fill_delay}")
        if preheat is not True and preheat != "all":
            keep = [preheat] if isinstance(preheat, str) else list(preheat)
            cmd.append(f"--VoilaKernelManager.preheat_denylist={preheat_denylist(keep)}")
    if cull_idle > 0:
        cmd += [
            f"--MappingKernelManager.cull_interval={cull_interval}",
            f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
            "--MappingKernelManager.cull_connected=False",
        ]
    overridden = {arg.split("=", 1)[0] for arg in extra_args if arg.startswith("--")}
    return [arg for arg in cmd if arg.split("=", 1)[0] not in overridden] + list(extra_args)


def start(
    notebooks: str | os.PathLike[str] | None = None,
    *,
    host: str = HOST,
    port: int = 0,
    token: str | None = None,
    preheat: bool | str | Sequence[str] = False,
    pool_size: int = 1,
    fill_delay: float | None = None,
    cull_interval: int = 60,
    cull_idle: int = 600,
    max_kernels: int = 0,
    busy_timeout: int = 300,
    extra_args: Sequence[str] = (),
    cwd: str | os.PathLike[str] | None = None,
    log_path: str | os.PathLike[str] | None = None,
    attached: bool = False,
    open_browser: bool = False,
    die_with_parent: bool = False,
    ready_timeout: float | None = 60,
) -> VoilaServer:
    """Start standalone Voilà on ``notebooks`` (default: :func:`find_notebooks_dir`) with :func:`launch`.

    ``port=0`` picks a free port. ``preheat`` and the limits as in :func:`voila_command`; ``preheat="start"`` means
    the landing notebook.  ``cwd`` is where Voilà looks for a ``voila.json``; command-line flags override that file.
    """
    root = find_notebooks_dir(notebooks)
    port = port or find_free_port(HOST if host in ("0.0.0.0", "") else host)
    if preheat == "start":
        landing = landing_notebook(root)
        preheat = [landing] if landing else False
    cmd = voila_command(
        root,
        host=host,
        port=port,
        token=token,
        open_browser=open_browser,
        preheat=preheat,
        pool_size=pool_size,
        fill_delay=fill_delay,
        cull_interval=cull_interval,
        cull_idle=cull_idle,
        max_kernels=max_kernels,
        busy_timeout=busy_timeout,
        extra_args=extra_args,
    )
    return launch(
        cmd,
        root,
        port,
        host=host,
        token=token,
        cwd=cwd,
        log_path=log_path,
        attached=attached,
        die_with_parent=die_with_parent,
        ready_timeout=ready_timeout,
    )


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
        status, html = get(url, timeout=timeout)
        took = time.monotonic() - t0
        found = [marker for marker in ERROR_MARKERS if marker in html]
        ok = status == 200 and not found
        message = f"voila answered at {server.tree_url} in {ready:.1f} s; {url} -> HTTP {status} in {took:.1f} s" + (
            f"; error text in page: {found}" if found else ""
        )
        if not ok:
            message += "\n" + server.log_text()[-4000:]
        return ok, message


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sheriff-nb",
        description="Serve the Sheriff of Nottingham notebooks as Voilà dashboards (this computer only, "
        "unless --host says otherwise).",
        epilog="Arguments after `--` go to voila unchanged (e.g. -- --theme=dark).  A class on one machine: "
        "sheriff-nb --host 0.0.0.0 --token --class-size 30 --preheat 09_play_a_game.ipynb",
    )
    parser.add_argument("--notebooks", metavar="DIR", help="folder to serve (default: the repository's notebooks/)")
    parser.add_argument(
        "--host",
        default=HOST,
        help=f"address to listen on (default {HOST}: this computer only; 0.0.0.0: every network)",
    )
    parser.add_argument(
        "--port", type=int, default=None, help=f"port (default {DEFAULT_PORT}; with --check any free one; 0 = any free)"
    )
    parser.add_argument(
        "--token",
        nargs="?",
        const="",
        default=None,
        metavar="TOKEN",
        help="require this token (none given: a random one) in the first link a visitor opens",
    )
    parser.add_argument("--browser", action="store_true", help="open a web browser")
    parser.add_argument(
        "--preheat",
        default="start",
        help="kernel pool: 'start' (landing notebook only, default), 'all', 'none', or a notebook name",
    )
    parser.add_argument(
        "--class-size",
        type=int,
        default=1,
        metavar="N",
        help="visitors expected at once: kernels kept ready per preheated notebook (default 1)",
    )
    parser.add_argument(
        "--max-kernels",
        type=int,
        default=0,
        metavar="N",
        help="most kernels alive at once; past it visitors get 'the class is full' "
        "(default 0: what the free memory holds)",
    )
    parser.add_argument(
        "--busy-timeout",
        type=int,
        default=300,
        metavar="S",
        help="stop a kernel busy for S seconds in a row (0 = never; default 300)",
    )
    parser.add_argument(
        "--cull-idle",
        type=int,
        default=600,
        metavar="S",
        help="stop kernels of closed pages after S idle seconds (0 = never; default 600)",
    )
    parser.add_argument(
        "--warm-cache",
        action="store_true",
        help="draw every lesson's charts into the chart cache, report, exit (Binder's postBuild)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="start, render the landing notebook once over HTTP, stop; exit 0 if it worked",
    )
    parser.add_argument("voila_args", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    return parser


def _preheat_arg(value: str) -> bool | str:
    return {"none": False, "no": False, "off": False, "all": True, "start": "start"}.get(value, value)


def _is_loopback(host: str) -> bool:
    """``127.0.0.1``, ``::1`` and ``localhost`` are this computer only.

    >>> [_is_loopback(h) for h in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "192.168.1.20")]
    [True, True, True, False, False]
    """
    if host == "localhost":
        return True
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(host).is_loopback
    return False


def _network_addresses(host: str) -> list[str]:
    """Addresses other computers may use to reach ``host`` (for the printed links)."""
    if host not in ("0.0.0.0", "::", ""):
        return [host]
    found = set()
    with contextlib.suppress(OSError):
        found |= {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 1))  # picks the outgoing interface; sends nothing
        found.add(probe.getsockname()[0])
    return sorted(a for a in found if not a.startswith("127.")) or [socket.gethostname()]


def _say(*lines: str) -> None:
    """Print to the terminal, which may be gone (SIGHUP)."""
    with contextlib.suppress(OSError):
        print("\n".join(lines), flush=True)


class _Stopped(Exception):
    """SIGTERM or SIGHUP arrived."""


def _stop_on_signals() -> None:
    def stopped(signum, _frame):
        raise _Stopped(signal.Signals(signum).name)

    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, stopped)


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
    port = DEFAULT_PORT if args.port is None else args.port or find_free_port()
    problem = port_problem(args.host, port)
    if problem:
        print(f"sheriff-nb: {problem}", file=sys.stderr)
        return 1
    token = None if args.token is None else args.token or secrets.token_urlsafe(12)
    _stop_on_signals()
    warming = None
    try:
        server = start(
            root,
            host=args.host,
            port=port,
            token=token,
            preheat=preheat,
            pool_size=max(args.class_size, 1),
            fill_delay=CLASS_FILL_DELAY if args.class_size > 1 else None,
            cull_idle=args.cull_idle,
            max_kernels=args.max_kernels,
            busy_timeout=args.busy_timeout,
            extra_args=extra,
            attached=True,
            open_browser=args.browser,
            die_with_parent=True,
            ready_timeout=120,
        )
    except RuntimeError as err:
        print(f"sheriff-nb: {err}", file=sys.stderr)
        return 1
    except (KeyboardInterrupt, _Stopped):
        return 0
    try:
        warming = None if is_warm(root) else _warm_in_background(root)
        _banner(server, args.host, warming is not None)
        code = server.watch()
        _say(
            f"sheriff-nb: Voilà stopped unexpectedly (exit code {code}); its kernels were stopped too. "
            "See the messages above; start sheriff-nb again to serve the pages."
        )
        return code or 1
    except (KeyboardInterrupt, _Stopped):
        return 0
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        server.stop()
        if warming and warming.poll() is None:
            warming.terminate()


def _banner(server: VoilaServer, host: str, warming: bool) -> None:
    landing = landing_notebook(server.root)
    lines = ["", f"  Sheriff of Nottingham dashboards: {server.tree_url}"]
    if landing:
        lines.append(f"  Start here: {server.render_url(landing)}")
    if not _is_loopback(host):
        lines.append("")
        lines.append(f"  WARNING: listening on {host}: anyone who can reach this computer over the network can open")
        lines.append(
            "  these pages, and every page runs Python on this computer."
            + ("" if server.token else " Add --token to require the link's token.")
        )
        for address in _network_addresses(host):
            query = server.tree_url[len(server.base_url) :]
            lines.append(f"  From another computer: http://{address}:{server.port}/{query}")
    if warming:
        lines.append("  First start: drawing the lessons' charts in the background (about a minute).")
    lines.append("  Stop with Ctrl+C.\n")
    _say(*lines)


def _warm_report(root: Path) -> int:
    """``--warm-cache``: run :func:`sheriff_nb.app.warm.warm` and print one line per notebook."""
    results = warm(root)
    for name, seconds, error in results:
        print(f"{name}: {'FAILED ' + error if error else 'drawn'} ({seconds:.1f} s)")
    return 1 if any(error for _name, _seconds, error in results) else 0


def _warm_in_background(root: Path) -> subprocess.Popen:
    """``--warm-cache`` in a low-priority child process, so the server answers visitors meanwhile."""
    return subprocess.Popen(
        [sys.executable, "-m", "sheriff_nb.app.serve", "--warm-cache", "--notebooks", str(root)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        preexec_fn=lambda: os.nice(10),  # noqa: PLW1509 - only os.nice, before exec
    )


if __name__ == "__main__":
    raise SystemExit(main())
