"""Merge this repository's Jupyter server and Voilà settings into a Jupyter config folder (``binder/postBuild`` step).

    python binder/configure_jupyter.py "$(python -c 'import sys; print(sys.prefix)')/etc/jupyter"

Writes two files in the folder, keeping whatever they already hold (sections are merged key by key):

* ``jupyter_server_config.json`` from ``binder/jupyter_server_config.json``: the server extension that lets a closed
  dashboard stop its kernel (``sheriff_nb.app.voila_auth``), the kernel manager with a cap and a busy-time limit
  (``sheriff_nb.app.kernels``), kernels on IPC sockets, culling, Voilà's wait for a cell's output.  A Jupyter server
  reads these only from ``jupyter_server_config.{json,py}`` of each config folder;
* ``voila.json`` from the repository's ``voila.json``: the ``VoilaConfiguration`` section that Voilà's server
  extension reads (no code shown, no tracebacks).

Any folder of ``jupyter --paths`` works; the tests pass a temporary one as ``JUPYTER_CONFIG_DIR``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SOURCES = {
    "jupyter_server_config.json": REPO / "binder" / "jupyter_server_config.json",
    "voila.json": REPO / "voila.json",
}


def configure(folder: Path) -> list[Path]:
    """Merge :data:`SOURCES` into ``folder`` (created if missing); returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, source in SOURCES.items():
        target = folder / name
        merged = json.loads(target.read_text()) if target.exists() else {}
        for section, values in json.loads(source.read_text()).items():
            merged.setdefault(section, {}).update(values)
        target.write_text(json.dumps(merged, indent=2) + "\n")
        written.append(target)
    return written


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python binder/configure_jupyter.py CONFIG_FOLDER")
    for path in configure(Path(sys.argv[1])):
        print(f"configure_jupyter: wrote {path}")
