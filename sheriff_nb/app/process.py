"""A server process and everything it starts: started in its own process group, waited for, stopped with no
kernel left behind (Linux ``/proc``).  :func:`sheriff_nb.app.serve.start` runs Voilà with it; the tests run a Jupyter
server (Binder's way of serving) with :func:`launch` too.

>>> with socket.socket() as taken:
...     taken.bind(("127.0.0.1", 0)); taken.listen()
...     print(port_problem("127.0.0.1", taken.getsockname()[1]).split(" (")[0])
port ... on 127.0.0.1 is already in use
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["HOST", "VoilaServer", "descendants", "find_free_port", "get", "launch", "port_problem"]

HOST = "127.0.0.1"


def find_free_port(host: str = HOST) -> int:
    """A TCP port on ``host`` that was free a moment ago."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def port_problem(host: str, port: int) -> str | None:
    """Why Voilà could not listen on ``host:port`` (None if it can): checked the way tornado binds, so that a
    port held by another server is reported before that server's pages are mistaken for ours."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except PermissionError:
            return f"no permission to listen on port {port} (ports below 1024 need root); pick another with --port"
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                return (
                    f"port {port} on {host} is already in use (another sheriff-nb, Voilà or Jupyter?); "
                    f"stop it, or pick another port with --port"
                )
            return f"cannot listen on {host}:{port}: {err.strerror}"
    return None


def descendants(pid: int) -> list[int]:
    """Process ids of every descendant of ``pid`` (children, grandchildren, ...), from Linux's ``/proc``."""
    found, stack = [], [pid]
    while stack:
        parent = stack.pop()
        try:
            tasks = list(Path(f"/proc/{parent}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            with contextlib.suppress(OSError, ValueError):
                children = [int(c) for c in (task / "children").read_text().split()]
                found += children
                stack += children
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def _end(pids: Iterable[int], grace: float = 5) -> None:
    """Wait up to ``grace`` s for ``pids`` to exit (kernels leave by themselves once Voilà is gone), then kill the
    rest."""
    pids = list(pids)
    deadline = time.monotonic() + grace
    while any(map(_running, pids)) and time.monotonic() < deadline:
        time.sleep(0.1)
    for pid in filter(_running, pids):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


def get(url: str, timeout: float) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:  # noqa: S310 (local URL)
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8", "replace")


@dataclass
class VoilaServer:
    """A running server (see :func:`start`, :func:`launch`). Use it as a context manager or call
    :meth:`stop`. Its output goes to ``log_path`` unless it was started attached."""

    process: subprocess.Popen
    root: Path
    port: int
    command: list[str]
    log_path: Path | None = None
    host: str = HOST
    token: str | None = None
    prefix: str = ""
    _log_file: object = field(default=None, repr=False)
    _temp_log: bool = field(default=False, repr=False)
    _family: set[int] = field(default_factory=set, repr=False)

    @property
    def base_url(self) -> str:
        """The server's address from this computer: 127.0.0.1 unless it listens on one other address only."""
        host = HOST if self.host in ("", "0.0.0.0", "::", "localhost") else self.host
        return f"http://[{host}]:{self.port}/" if ":" in host else f"http://{host}:{self.port}/"

    def _query(self) -> str:
        return f"?token={urllib.parse.quote(self.token)}" if self.token else ""

    @property
    def tree_url(self) -> str:
        return self.base_url + self._query()

    def render_url(self, notebook: str) -> str:
        """URL of a notebook's dashboard; ``notebook`` is relative to the served folder (``prefix`` is the
        folder's path under a Jupyter server's root)."""
        return f"{self.base_url}voila/render/{self.prefix}{notebook.lstrip('/')}{self._query()}"

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
                status, _ = get(self.tree_url, timeout=5)
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

    def watch(self, every: float = 0.5) -> int:
        """Wait until the server exits, remembering its kernels meanwhile; then end any kernel it left behind.
        Returns the exit code."""
        while self.alive():
            self._family.update(descendants(self.process.pid))
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(every)
        _end(self._family)
        return self.process.returncode

    def stop(self, timeout: float = 20) -> int | None:
        """SIGTERM the server's process group (Voilà then shuts its kernels down), SIGKILL it if it lingers, and
        make sure no kernel outlives it. Idempotent; returns the exit code."""
        if self.alive():
            self._family.update(descendants(self.process.pid))
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(5)
        _end(self._family)
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


def _die_with_parent() -> None:
    """In the child, before exec: ask Linux to SIGTERM it when its parent dies (so a killed ``sheriff-nb`` does not
    leave Voilà running)."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def launch(
    cmd: Sequence[str],
    root: str | os.PathLike[str],
    port: int,
    *,
    host: str = HOST,
    token: str | None = None,
    prefix: str = "",
    cwd: str | os.PathLike[str] | None = None,
    env: dict[str, str] | None = None,
    log_path: str | os.PathLike[str] | None = None,
    attached: bool = False,
    die_with_parent: bool = False,
    ready_timeout: float | None = 60,
) -> VoilaServer:
    """Run ``cmd`` (a server listening on ``host``:``port``) in its own process group and, unless
    ``ready_timeout`` is None, wait for HTTP 200.  The log goes to ``log_path`` (default: a temp file, deleted by
    :meth:`VoilaServer.stop`) unless ``attached`` (then it shares this terminal)."""
    log_file, temp_log, path = None, False, None
    if attached:
        stdout = stderr = None
    else:
        if log_path is None:
            fd, name = tempfile.mkstemp(prefix=f"voila-{port}-", suffix=".log")
            os.close(fd)
            path, temp_log = Path(name), True
        else:
            path = Path(log_path)
        log_file = open(path, "w", encoding="utf-8")  # noqa: SIM115 (closed in stop())
        stdout, stderr = log_file, subprocess.STDOUT
    process = subprocess.Popen(
        list(cmd),
        cwd=cwd,
        stdout=stdout,
        stderr=stderr,
        stdin=subprocess.DEVNULL,
        env=dict(env or os.environ, PYTHONUNBUFFERED="1"),
        start_new_session=True,
        preexec_fn=_die_with_parent if die_with_parent else None,  # noqa: PLW1509 - only prctl, before exec
    )
    server = VoilaServer(
        process=process,
        root=Path(root),
        port=port,
        command=list(cmd),
        log_path=path,
        host=host,
        token=token,
        prefix=prefix,
        _log_file=log_file,
        _temp_log=temp_log,
    )
    if ready_timeout is not None:
        try:
            server.wait_ready(ready_timeout)
        except BaseException:
            server.stop()
            raise
    return server
