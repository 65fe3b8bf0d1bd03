"""A class choosing at once: N student processes join a session and submit a choice at the same moment (a barrier
releases them together), on SQLite and, if ``SHERIFF_NB_TEST_PG`` is set, on PostgreSQL.  Reports how long each
join and each submit took (median, p95, max, in ms), the wall time of the whole burst, and checks that nothing was
lost (every student seated and every choice stored).

Run: ``python benchmarks/class_session_load.py [students]`` (default 40).  Timings depend on the machine's load: quote
``uptime``'s load average with them.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import statistics
import sys
import tempfile
import time

import sheriff_nb.play.classroom as cl


def _student(db: str, code: str, number: int, start, out) -> None:
    cl.session(code, db=db)  # the page has its connection already: time the burst, not the first connect
    start.wait()
    t0 = time.perf_counter()
    seat = cl.join(code, f"student{number:02d}", db=db)
    t1 = time.perf_counter()
    start.wait()
    t2 = time.perf_counter()
    cl.submit(code, seat.name, 1, cl.ROLES[seat.role][number % 2], db=db)
    out.put((t1 - t0, time.perf_counter() - t2))


def burst(db: str, students: int) -> dict:
    s = cl.create_session({"apples": 2, "pepper": 2}, "apples", db=db)
    ctx = mp.get_context("fork")
    start, out = ctx.Barrier(students), ctx.Queue()
    workers = [ctx.Process(target=_student, args=(db, s.code, i, start, out)) for i in range(students)]
    begin = time.perf_counter()
    for w in workers:
        w.start()
    times = [out.get(timeout=600) for _ in workers]
    wall = time.perf_counter() - begin
    for w in workers:
        w.join()
    status = cl.status(s.code, db)
    lost = (students - status.joined) + (students - status.chosen)
    joins, submits = ([1000 * t[i] for t in times] for i in (0, 1))
    cl.delete_session(s.code, db)

    def summary(xs: list[float]) -> str:
        xs = sorted(xs)
        return f"median {statistics.median(xs):6.1f}  p95 {xs[int(0.95 * (len(xs) - 1))]:6.1f}  max {xs[-1]:6.1f}"

    return {"join": summary(joins), "submit": summary(submits), "wall": wall, "lost": lost}


def main(students: int = 40) -> None:
    stores = {"sqlite": os.path.join(tempfile.mkdtemp(), "class.sqlite")}
    if os.environ.get("SHERIFF_NB_TEST_PG"):
        stores["postgresql"] = os.environ["SHERIFF_NB_TEST_PG"]
    print(f"{students} students at once; load average {os.getloadavg()[0]:.2f}")
    for name, db in stores.items():
        r = burst(db, students)
        print(f"{name:10s} join ms:   {r['join']}")
        print(f"{name:10s} submit ms: {r['submit']}")
        print(f"{name:10s} burst wall {r['wall']:.1f} s (process start-up included); lost: {r['lost']}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
