"""Kernels for a server that a whole class shares: a cap on live kernels, and busy kernels stopped.

Voilà starts one kernel per page load, and nothing in Jupyter limits how many: past the machine's memory the
kernels (or Voilà itself) are killed and every visitor's page goes blank.  :class:`ClassroomKernelManager` is
Jupyter's own kernel manager with three limits:

* **a cap on live kernels** (``max_kernels``; 0, the default, derives it from the memory available when the server
  starts: :func:`default_max_kernels`), counting kernels still starting and Voilà's preheated ones;
* **a memory floor**: no new kernel while less than ``kernel_memory`` bytes are free (in the container's memory
  limit, if any: :func:`available_memory`);
* past either, the visitor gets HTTP 503 "The class is full, try again in a minute" (:class:`ClassFull`), shown by
  Voilà's error page, instead of a kernel that the kernel OOM killer would take;
* **busy kernels are stopped** once they stayed busy ``busy_timeout`` seconds in a row (Jupyter's idle culler never
  stops a busy kernel nor one whose page is open, so one crafted click could hold a kernel for hours);
* **kernels no page ever connected to are stopped** ``connect_timeout`` seconds after their last activity: a page
  load cut off before its script ran (flaky classroom Wi-Fi) never opens the kernel's websocket nor sends the
  shutdown beacon, and its kernel would hold a place under the cap until the idle culler (10 minutes).  The clock
  runs only while the kernel is idle, so a kernel still running its notebook for a slow page is left alone.  A
  kernel counts as connected from its first websocket on (Jupyter's ``notify_connect``); kernels of pages that did
  connect are the idle culler's.  So are Voilà's preheated kernels, in their pool (connected by nobody, by design)
  and once handed to a visitor: a page served from a pool is sent while the kernel is idle, and under a class's
  load eight such pages took more than 90 s to connect, so idleness says nothing about them.

Standalone Voilà uses it through ``VoilaConfiguration.multi_kernel_manager_class`` (``sheriff-nb`` passes it; Voilà
wraps it in its preheating manager), a Jupyter server (Binder, JupyterHub) through ``ServerApp.kernel_manager_class``
(``binder/jupyter_server_config.json``).  Every setting is a traitlet: ``--ClassroomKernelManager.max_kernels=40``.

>>> default_max_kernels(available=8 * GIB, kernel_memory=250 * MIB, reserve=512 * MIB)
30
>>> default_max_kernels(available=600 * MIB, kernel_memory=250 * MIB, reserve=512 * MIB)  # always at least one
1
"""

from __future__ import annotations

import time
from pathlib import Path

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.ioloop import PeriodicCallback
from tornado.web import HTTPError
from traitlets import Integer

__all__ = ["ClassFull", "ClassroomKernelManager", "available_memory", "default_max_kernels", "MIB", "GIB"]

MIB, GIB = 1 << 20, 1 << 30
#: What one visitor's kernel may take: about 75 MB idle, up to about 250 MB once a lesson has drawn Altair charts.
KERNEL_MEMORY = 250 * MIB
#: Kept free for the server's own growth (Voilà takes about 170 MB with a dozen pages open) and the system.
RESERVE = 256 * MIB
FULL = "The class is full, try again in a minute"


class ClassFull(HTTPError):
    """HTTP 503 with a plain reason: what a visitor past the cap sees (Voilà's error page shows
    ``503: The class is full, try again in a minute``; the API answers the same reason in JSON)."""

    def __init__(self, why: str):
        super().__init__(503, why, reason=FULL)


def _read_int(path: str) -> int | None:
    try:
        text = Path(path).read_text().strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def _fields(path: str) -> dict[str, int]:
    """``name value`` lines (``/proc/meminfo``, a cgroup's ``memory.stat``) as a dict; values in kB are made bytes."""
    fields = {}
    try:
        for line in Path(path).read_text().splitlines():
            name, value, *unit = line.replace(":", " ").split()
            fields[name] = int(value) * (1024 if unit == ["kB"] else 1)
    except (OSError, ValueError):
        pass
    return fields


#: cgroup v2 and v1 files: memory limit, usage, statistics, and the statistic of reclaimable page cache.
CGROUPS = (
    ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory.current", "/sys/fs/cgroup/memory.stat", "inactive_file"),
    (
        "/sys/fs/cgroup/memory/memory.limit_in_bytes",
        "/sys/fs/cgroup/memory/memory.usage_in_bytes",
        "/sys/fs/cgroup/memory/memory.stat",
        "total_inactive_file",
    ),
)


def available_memory() -> int:
    """Bytes this server may still use: the smaller of the machine's ``MemAvailable`` and what is left under the
    container's memory limit (cgroup v2 ``memory.max``, or v1 ``memory.limit_in_bytes``), if there is one; the
    container's usage counts without its reclaimable page cache (as Kubernetes counts a pod's working set)."""
    meminfo = _fields("/proc/meminfo")
    free = meminfo.get("MemAvailable", meminfo.get("MemFree", 4 * GIB))
    for limit_file, usage_file, stat_file, cache in CGROUPS:
        limit, usage = _read_int(limit_file), _read_int(usage_file)
        if limit is not None and usage is not None and limit < meminfo.get("MemTotal", 1 << 62):
            working_set = usage - min(_fields(stat_file).get(cache, 0), usage)
            free = min(free, max(limit - working_set, 0))
    return free


def default_max_kernels(
    available: int | None = None, kernel_memory: int = KERNEL_MEMORY, reserve: int = RESERVE
) -> int:
    """How many kernels fit in ``available`` bytes (default: :func:`available_memory` now), keeping ``reserve``
    for the server: at least 1."""
    available = available_memory() if available is None else available
    return max(1, (available - reserve) // kernel_memory)


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with a cap on live kernels, a memory floor and a time limit on busy kernels
    (see the module's text)."""

    max_kernels = Integer(0, config=True, help="Most kernels alive at once (0: derived from the free memory).")
    kernel_memory = Integer(
        KERNEL_MEMORY, config=True, help="Bytes one kernel may take: the memory floor, and the unit of the default cap."
    )
    busy_timeout = Integer(
        300, config=True, help="Stop a kernel that has been busy this many seconds in a row (0: never)."
    )
    connect_timeout = Integer(
        45,
        config=True,
        help="Stop a kernel that no page ever connected to once it has been idle this many seconds (0: never); "
        "kernels waiting in Voilà's preheated pools are not counted.",
    )
    busy_check_interval = Integer(5, config=True, help="Seconds between two looks at the kernels.")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._starting = 0
        self._busy_since: dict[str, float] = {}
        self._connected: set[str] = set()
        self._unclaimed_since: dict[str, float] = {}
        self._watch: PeriodicCallback | None = None
        if self.max_kernels <= 0:
            self.max_kernels = default_max_kernels(kernel_memory=self.kernel_memory)
        self.log.info(
            "At most %d kernels at once; busy kernels are stopped after %d s, kernels no page connected to after %d s",
            self.max_kernels,
            self.busy_timeout,
            self.connect_timeout,
        )

    def live_kernels(self) -> int:
        """Kernels running or starting."""
        return len(self.list_kernel_ids()) + self._starting

    def refusal(self) -> str | None:
        """Why a new kernel may not start now (None: it may)."""
        live = self.live_kernels()
        if live >= self.max_kernels:
            return f"{live} kernels are running, the most this server allows (max_kernels={self.max_kernels})"
        free = available_memory()
        if free < self.kernel_memory:
            return f"only {free // MIB} MB of memory are free, a kernel needs {self.kernel_memory // MIB} MB"
        return None

    async def start_kernel(self, *, kernel_id: str | None = None, path: str | None = None, **kwargs) -> str:
        if kernel_id is not None and kernel_id in self:
            return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        why = self.refusal()
        if why is not None:
            self.log.warning("No new kernel: %s", why)
            raise ClassFull(why)
        self._starting += 1
        try:
            kernel_id = await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        finally:
            self._starting -= 1
        if self._watch is None:  # started with the first kernel, on the server's event loop
            self._watch = PeriodicCallback(self.stop_kernels_past_limits, 1000 * self.busy_check_interval)
            self._watch.start()
        return kernel_id

    def notify_connect(self, kernel_id: str) -> None:
        """A websocket opened to ``kernel_id`` (Jupyter calls this for every connection): its page is there."""
        if kernel_id in self._kernel_connections:
            self._connected.add(kernel_id)
            self._unclaimed_since.pop(kernel_id, None)
        super().notify_connect(kernel_id)

    async def stop_kernels_past_limits(self) -> list[str]:
        """One look at the kernels: shut down every kernel seen busy at each look for more than ``busy_timeout``
        seconds, and every kernel no page connected to that has been idle ``connect_timeout`` seconds; then, under
        preheating Voilà, let pools that a full server left short refill.  Returns the stopped kernels' ids."""
        now, stopped = time.monotonic(), []
        reasons = {**self._unclaimed_kernels(now), **self._long_busy_kernels(now)}
        for kernel_id, why in reasons.items():
            self.log.warning("Stopping kernel %s: %s", kernel_id, why)
            try:
                await self.shutdown_kernel(kernel_id)
                stopped.append(kernel_id)
            except Exception:  # noqa: BLE001 - already gone: nothing to stop
                self.log.info("Kernel %s was already gone", kernel_id)
        self._refill_pools()
        return stopped

    def _long_busy_kernels(self, now: float) -> dict[str, str]:
        """The kernels busy at every look for more than ``busy_timeout`` seconds, with why they are stopped."""
        found = {}
        for kernel_id in list(self._kernels):
            if getattr(self._kernels[kernel_id], "execution_state", None) != "busy":
                self._busy_since.pop(kernel_id, None)
                continue
            since = self._busy_since.setdefault(kernel_id, now)
            if 0 < self.busy_timeout < now - since:
                found[kernel_id] = f"busy for {now - since:.0f} s (busy_timeout={self.busy_timeout})"
        return found

    def _unclaimed_kernels(self, now: float) -> dict[str, str]:
        """The kernels no page ever connected to, not preheated by Voilà, and idle for more than ``connect_timeout``
        seconds (counted from the later of their last activity and the first look that saw them), with why they
        are stopped."""
        preheated, found = self._preheated_kernel_ids(), {}
        for kernel_id in list(self._kernels):
            kernel = self._kernels[kernel_id]
            if kernel_id in self._connected or kernel_id in preheated or self.connect_timeout <= 0:
                self._unclaimed_since.pop(kernel_id, None)
                continue
            since = self._unclaimed_since.setdefault(kernel_id, now)
            last_activity = getattr(kernel, "last_activity", None)
            if last_activity is not None:
                since = max(since, now - (utcnow() - last_activity).total_seconds())
            if getattr(kernel, "execution_state", None) != "busy" and now - since > self.connect_timeout:
                found[kernel_id] = (
                    f"no page connected to it, idle for {now - since:.0f} s (connect_timeout={self.connect_timeout})"
                )
        return found

    def _preheated_kernel_ids(self) -> set[str]:
        """The kernels preheating Voilà started for its pools, waiting there or handed to a visitor (Voilà's
        ``notebook_data`` keeps their ids until they stop; the preheating manager is a subclass at run time)."""
        return {kernel_id for data in getattr(self, "notebook_data", {}).values() for kernel_id in data["kernel_ids"]}

    def _refill_pools(self) -> None:
        """Voilà's preheating manager (a subclass at run time) keeps a pool of started kernels per notebook and refills
        it only when a visitor takes one; a pooled kernel refused because the server was full stays in its pool as a
        failed start (the next visitor gets the 503), and the pool stays short for good.  Once there is room, drop
        such starts and top every pool up (``fill_if_needed`` starts only what a pool lacks, counting starts still
        under way)."""
        pools = getattr(self, "_pools", None)
        if not pools or self.refusal() is not None:
            return
        for notebook, pool in list(pools.items()):
            pool[:] = [task for task in pool if not (task.done() and (task.cancelled() or task.exception()))]
            self.fill_if_needed(delay=0, notebook_name=notebook)

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False):
        self._busy_since.pop(kernel_id, None)
        if not restart:
            self._connected.discard(kernel_id)
            self._unclaimed_since.pop(kernel_id, None)
        return await super().shutdown_kernel(kernel_id, now=now, restart=restart)
