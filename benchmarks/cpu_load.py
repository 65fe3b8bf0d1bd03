"""Keep the machine's cores busy for a while: the load under which a lesson page must still come out whole.

Each worker is a separate Python process that spins until its own deadline, so it stops by itself even if whoever
started it dies; :func:`busy_cores` also stops the workers when its block ends.  The browser test
``tests/browser/test_under_load.py`` opens lessons inside ``busy_cores()``; by hand::

    python3 benchmarks/cpu_load.py                 # every core, 60 s
    python3 benchmarks/cpu_load.py --workers 2 --seconds 90

>>> with busy_cores(1, seconds=5) as workers:
...     [worker.poll() for worker in workers]       # spinning
[None]
>>> [worker.returncode is not None for worker in workers]  # stopped when the block ended
[True]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator

SPIN = "import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end:\n    pass\n"
"""What one worker runs: a busy loop with its own deadline."""


@contextlib.contextmanager
def busy_cores(workers: int | None = None, seconds: float = 180) -> Iterator[list[subprocess.Popen]]:
    """Run ``workers`` spinning processes (default: one per core) for at most ``seconds`` s; they are stopped when
    the block ends, however it ends."""
    count = workers or os.cpu_count() or 1
    spinning = [
        subprocess.Popen([sys.executable, "-c", SPIN.format(seconds=float(seconds))], stdin=subprocess.DEVNULL)
        for _ in range(count)
    ]
    try:
        yield spinning
    finally:
        for worker in spinning:
            worker.kill()
        for worker in spinning:
            worker.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=None, help="spinning processes (default: one per core)")
    parser.add_argument("--seconds", type=float, default=60, help="how long (default 60)")
    args = parser.parse_args(argv)
    with busy_cores(args.workers, args.seconds) as spinning:
        for worker in spinning:
            worker.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
