"""``sheriff-nb`` as a process: one clear error for a busy port, no kernel left behind however it stops, and a
network address only with a warning (and a token when asked).  Real Voilà and kernels, no browser.

On main before these tests: with the port busy it printed a banner for the other server and then a misleading
CRITICAL error; closing the terminal (SIGHUP) left Voilà and its kernels running; a dead Voilà went unexplained.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from sheriff_nb.app.process import descendants, find_free_port, get

FIXTURES = Path(__file__).resolve().parents[1] / "browser" / "fixtures"


class SheriffNb:
    """``python -m sheriff_nb.app.serve --notebooks FIXTURES ...`` in the background, its output in a file."""

    def __init__(self, tmp_path: Path, *args: str):
        self.port = find_free_port()
        self.output = tmp_path / "sheriff-nb.out"
        env = dict(os.environ, SHERIFF_NB_CACHE=str(tmp_path / "cache"))  # a first start: the warm-up runs too
        with open(self.output, "w") as out:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "sheriff_nb.app.serve",
                    "--notebooks",
                    str(FIXTURES),
                    "--port",
                    str(self.port),
                    *args,
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=env,
            )

    def text(self) -> str:
        return self.output.read_text(errors="replace")

    def wait_for(self, words: str, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while words not in self.text():
            assert self.process.poll() is None, self.text()
            assert time.monotonic() < deadline, self.text()
            time.sleep(0.2)

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path}"

    def end(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


@pytest.fixture
def sheriff_nb(tmp_path):
    started = []

    def run(*args: str) -> SheriffNb:
        started.append(SheriffNb(tmp_path, *args))
        return started[-1]

    yield run
    for server in started:
        server.end()


def running(pids) -> list[int]:
    alive = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if state not in "ZX":
            alive.append(pid)
    return alive


def wait_gone(pids, timeout: float = 30) -> list[int]:
    deadline = time.monotonic() + timeout
    while running(pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    return running(pids)


def test_a_busy_port_is_one_clear_error(sheriff_nb):
    with socket.socket() as other_server:
        other_server.bind(("127.0.0.1", 0))
        other_server.listen()
        server = sheriff_nb("--port", str(other_server.getsockname()[1]))
        assert server.process.wait(60) == 1
    lines = server.text().strip().splitlines()
    assert len(lines) == 1 and "is already in use" in lines[0] and "--port" in lines[0], lines


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_every_way_of_stopping_leaves_no_process_behind(sheriff_nb, stop):
    server = sheriff_nb()
    server.wait_for("Stop with Ctrl+C")
    status, _page = get(server.url("voila/render/demo.ipynb"), timeout=120)  # a visitor's kernel
    assert status == 200
    family = descendants(server.process.pid)
    assert len(running(family)) >= 3, server.text()  # Voilà, the preheated kernel, the visitor's kernel
    server.process.send_signal(stop)
    assert server.process.wait(60) == 0, server.text()
    assert wait_gone(family) == [], server.text()


def test_if_voila_dies_sheriff_nb_says_so_and_leaves_no_kernel(sheriff_nb):
    server = sheriff_nb()
    server.wait_for("Stop with Ctrl+C")
    assert get(server.url("voila/render/demo.ipynb"), timeout=120)[0] == 200
    family = descendants(server.process.pid)
    voila = next(pid for pid in family if b"-m\0voila" in Path(f"/proc/{pid}/cmdline").read_bytes())
    os.kill(voila, signal.SIGKILL)  # as the kernel's OOM killer would
    assert server.process.wait(60) != 0
    assert "Voilà stopped unexpectedly" in server.text()
    assert wait_gone(family) == [], server.text()


def test_a_network_address_is_served_with_a_warning_and_a_token(sheriff_nb):
    server = sheriff_nb("--host", "0.0.0.0", "--token", "class-of-2026")
    server.wait_for("Stop with Ctrl+C")
    text = server.text()
    assert "WARNING: listening on 0.0.0.0: anyone who can reach this computer" in text
    assert f":{server.port}/?token=class-of-2026" in text
    opener = urllib.request.build_opener(NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as refused:
        opener.open(server.url("voila/render/demo.ipynb"), timeout=60)
    assert refused.value.code in (302, 403)  # to the login page: no token, no kernel
    assert get(server.url("voila/render/demo.ipynb?token=class-of-2026"), timeout=120)[0] == 200


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args, **_kwargs):
        return None
