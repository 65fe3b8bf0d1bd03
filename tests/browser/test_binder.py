"""Binder's way of serving, in a real browser: a Jupyter server with Voilà's server extension, configured the way
``binder/postBuild`` configures the image, opened at ``/voila/render/notebooks/...`` with a token.

On main before this test, every page's close-time shutdown was refused (``403 '_xsrf' argument missing``) and a
pass over the lessons left one idle kernel per page (26 kernels, 4 GB, in a 1-2 GB pod).
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import time
import urllib.request

import pytest

from conftest import REPO, PageLog, allow_local_only, wait_until_rendered
from sheriff_nb.app.process import VoilaServer, find_free_port, launch

PAGES = ["notebooks/00_start_here.ipynb", "notebooks/04_declaration.ipynb", "tests/browser/fixtures/demo.ipynb"]


def test_postbuild_runs_the_configuration_step_the_tests_run():
    script = (REPO / "binder" / "postBuild").read_text()
    assert "python binder/configure_jupyter.py \"$(python -c 'import sys; print(sys.prefix)')/etc/jupyter\"" in script


@pytest.fixture(scope="module")
def binder_server(tmp_path_factory) -> VoilaServer:
    """``jupyter server`` with a token, its config folder written by binder/configure_jupyter.py (postBuild's step)
    instead of ``$PREFIX/etc/jupyter``; run from the repository's root, as on Binder."""
    config = tmp_path_factory.mktemp("jupyter-config")
    subprocess.run(
        [sys.executable, str(REPO / "binder" / "configure_jupyter.py"), str(config)], check=True, capture_output=True
    )
    token, port = secrets.token_hex(16), find_free_port()
    command = [
        sys.executable,
        "-m",
        "jupyter_server",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        "--allow-root",
        f"--ServerApp.root_dir={REPO}",
    ]
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(config))
    with launch(command, REPO, port, token=token, cwd=REPO, env=env, ready_timeout=120) as server:
        yield server


def kernels(server: VoilaServer) -> list[dict]:
    with urllib.request.urlopen(f"{server.base_url}api/kernels?token={server.token}", timeout=10) as answer:  # noqa: S310
        return json.loads(answer.read())


def test_closed_pages_stop_their_kernels(browser, binder_server):
    assert "sheriff_nb.app.voila_auth | extension was successfully loaded" in binder_server.log_text()
    before = {k["id"] for k in kernels(binder_server)}
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    log = PageLog()
    context.route("**/*", lambda route: allow_local_only(route, log))
    pages = []
    for notebook in PAGES:
        page = context.new_page()
        page.goto(binder_server.render_url(notebook), wait_until="commit", timeout=180_000)
        wait_until_rendered(page, timeout=180)
        pages.append(page)
    opened = {k["id"] for k in kernels(binder_server)} - before
    assert len(opened) == len(PAGES), binder_server.log_text()[-3000:]
    assert any(cookie["name"] == "_xsrf" for cookie in context.cookies()), "no _xsrf cookie: the shutdown is refused"
    for page in pages:
        page.close(run_before_unload=True)
    deadline, left = time.monotonic() + 20, opened
    while left and time.monotonic() < deadline:
        time.sleep(0.25)
        left = opened & {k["id"] for k in kernels(binder_server)}
    context.close()
    assert not left, f"kernels still running after their pages closed:\n{binder_server.log_text()[-3000:]}"
    assert "403 POST /voila/api/shutdown" not in binder_server.log_text()
