"""The kernel manager a class shares (sheriff_nb.app.kernels): a cap with a plain 503, and busy kernels stopped.

Jupyter's manager alone starts a kernel for every page load until the machine runs out of memory, and never stops
a busy kernel: one crafted click kept a kernel busy for hours.  Real kernels, no Voilà (see
tests/browser/test_classroom.py for the pages).
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from sheriff_nb.app.kernels import GIB, MIB, ClassFull, ClassroomKernelManager, available_memory, default_max_kernels


def run(coroutine):
    """Run ``coroutine`` on its own event loop, in a thread of its own (the browser tests' Playwright keeps a loop
    running in the main thread)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, asyncio.wait_for(coroutine, 300)).result()


def test_the_default_cap_comes_from_the_free_memory():
    assert default_max_kernels(available=24 * GIB) == (24 * GIB - 256 * MIB) // (250 * MIB) == 97
    assert default_max_kernels(available=1200 * MIB) == 3  # a 1.2 GB container: three kernels, not an OOM
    assert 0 < available_memory() < 1 << 50
    assert ClassroomKernelManager().max_kernels == default_max_kernels()


def test_past_the_cap_a_new_kernel_is_refused_with_a_plain_503(tmp_path):
    async def scenario():
        manager = ClassroomKernelManager(max_kernels=1, connection_dir=str(tmp_path))
        first = await manager.start_kernel(kernel_name="python3")
        try:
            with pytest.raises(ClassFull) as refused:
                await manager.start_kernel(kernel_name="python3")
            assert manager.list_kernel_ids() == [first]  # the first visitor's kernel is untouched
            await manager.shutdown_kernel(first)
            second = await manager.start_kernel(kernel_name="python3")  # room again
            await manager.shutdown_kernel(second)
        finally:
            await manager.shutdown_all()
        return refused.value

    refused = run(scenario())
    assert refused.status_code == 503 and refused.reason == "The class is full, try again in a minute"
    assert "max_kernels=1" in refused.log_message


def test_kernels_starting_at_once_count_toward_the_cap(tmp_path):
    """A class arriving at once: the starts overlap, and a kernel counts from the moment it is asked for."""

    async def scenario():
        manager = ClassroomKernelManager(max_kernels=2, connection_dir=str(tmp_path))
        results = await asyncio.gather(
            *(manager.start_kernel(kernel_name="python3") for _ in range(4)), return_exceptions=True
        )
        started = [r for r in results if isinstance(r, str)]
        await manager.shutdown_all()
        return started, [r for r in results if isinstance(r, ClassFull)]

    started, refused = run(scenario())
    assert len(started) == 2 and len(refused) == 2


def test_a_kernel_busy_past_the_time_limit_is_stopped(tmp_path):
    async def scenario():
        manager = ClassroomKernelManager(busy_timeout=2, busy_check_interval=1, connection_dir=str(tmp_path))
        busy = await manager.start_kernel(kernel_name="python3")
        idle = await manager.start_kernel(kernel_name="python3")
        client = manager.get_kernel(busy).client()
        client.start_channels()
        await client.wait_for_ready(timeout=60)
        while manager.get_kernel(busy).execution_state != "idle":  # the manager hears the kernel's status
            await asyncio.sleep(0.1)
        client.execute("import time; time.sleep(600)")  # as a click that sizes work from a crafted slider
        deadline = time.monotonic() + 180  # a bound for a loaded machine; it takes about 3 s
        while busy in manager and time.monotonic() < deadline:
            await asyncio.sleep(0.5)
        client.stop_channels()
        alive = manager.list_kernel_ids()
        await manager.shutdown_all()
        return busy, idle, alive

    busy, idle, alive = run(scenario())
    assert busy not in alive and idle in alive  # an idle kernel (an open page) stays


class PoolingManager(ClassroomKernelManager):
    """The manager as preheating Voilà extends it: ``notebook_data`` names the kernels it started for its pools,
    ``_pools`` maps a notebook to the tasks that start them, and ``fill_if_needed`` tops a pool up."""

    def fill_if_needed(self, delay=None, notebook_name=None, **kwargs):
        self.refills.append(notebook_name)


def test_a_kernel_no_page_connected_to_is_stopped_but_connected_and_pooled_ones_stay(tmp_path):
    """A page load cut off before its script ran never connects to its kernel: the kernel goes once it has been
    idle ``connect_timeout`` seconds, freeing its place under the cap, instead of waiting 10 minutes for the idle
    culler.  A kernel whose page connected, and one Voilà preheated (in its pool or handed to a visitor), stay."""

    async def scenario():
        manager = PoolingManager(connect_timeout=3, connection_dir=str(tmp_path))
        manager.refills = []
        dropped, connected, pooled = [await manager.start_kernel(kernel_name="python3") for _ in range(3)]
        manager.notify_connect(connected)  # what Jupyter's kernel websocket does when the page's script opens it
        manager.notify_disconnect(connected)  # the page went away without its beacon: the idle culler's business
        manager.notebook_data = {"lesson.ipynb": {"kernel_ids": {pooled}}}
        manager._pools = {"lesson.ipynb": []}

        async def look_until_stopped(kernel_id):
            """Look every half second (as the server does every few seconds) until ``kernel_id`` is stopped; how
            long that took and what else was stopped meanwhile."""
            begin, stopped = time.monotonic(), []
            while kernel_id not in stopped and time.monotonic() - begin < 120:
                stopped += await manager.stop_kernels_past_limits()
                await asyncio.sleep(0.5)
            return time.monotonic() - begin, stopped

        took, stopped = await look_until_stopped(dropped)
        for _ in range(3):  # well past the time limit
            await asyncio.sleep(1)
            stopped += await manager.stop_kernels_past_limits()
        alive = manager.list_kernel_ids()
        refills = list(manager.refills)
        await manager.shutdown_all()
        return dropped, connected, pooled, took, stopped, alive, refills

    dropped, connected, pooled, took, stopped, alive, refills = run(scenario())
    assert stopped == [dropped] and took > 3
    assert sorted(alive) == sorted([connected, pooled])
    assert refills and set(refills) == {"lesson.ipynb"}  # after each look the pools may fill the freed places


def test_a_kernel_running_its_notebook_for_a_slow_page_is_not_stopped(tmp_path):
    """While the notebook runs (the kernel is busy, or was active a moment ago) the page has not been sent yet, so
    it cannot have connected: the clock waits."""

    async def scenario():
        manager = ClassroomKernelManager(connect_timeout=2, connection_dir=str(tmp_path))
        kernel_id = await manager.start_kernel(kernel_name="python3")
        client = manager.get_kernel(kernel_id).client()
        client.start_channels()
        await client.wait_for_ready(timeout=60)
        client.execute("import time; time.sleep(4)")  # a slow cell
        stopped = []
        for _ in range(8):
            await asyncio.sleep(0.5)
            stopped += await manager.stop_kernels_past_limits()
        busy_stops = list(stopped)
        deadline = time.monotonic() + 60
        while kernel_id in manager and time.monotonic() < deadline:  # the cell ended: 2 s idle, then stopped
            await asyncio.sleep(0.5)
            stopped += await manager.stop_kernels_past_limits()
        client.stop_channels()
        await manager.shutdown_all()
        return kernel_id, busy_stops, stopped

    kernel_id, busy_stops, stopped = run(scenario())
    assert busy_stops == [] and stopped == [kernel_id]
