"""Time ``sheriff_nb.theory.analysis.bag_table`` (target: <= 50 ms for the 1,286 bags of the basic deck).

Run: ``python benchmarks/bench_analysis.py [repeats]``.  "cold" clears the per-deck cache first (one
``inspect_bag`` and one exact equilibrium per bag and declaration); "warm" is every later call.
"""

from __future__ import annotations

import statistics
import sys
import time
from fractions import Fraction

from sheriff_nb import deck
from sheriff_nb.theory import analysis
from sheriff_nb.theory.bag_table import _static


def timed(call, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return times


def main(repeats: int = 20) -> None:
    import pandas  # noqa: F401  (import cost is not part of the table)

    cases = {
        "basic deck, best declaration (default)": dict(),
        "basic deck, declared='apples'": dict(declared="apples"),
        "basic deck, all 4 declarations (5,144 rows)": dict(best_only=False),
        "basic deck, p_inspect=0.3": dict(p_inspect=0.3),
        "royal deck, best declaration": dict(deck=deck(royal=True)),
    }
    print(f"bag_table timings, {repeats} repeats each (ms)")
    for name, kwargs in cases.items():
        _static.cache_clear()
        cold = timed(lambda kw=kwargs: analysis.bag_table(**kw), 1)[0]
        warm = timed(lambda kw=kwargs: analysis.bag_table(**kw), repeats)
        rows = len(analysis.bag_table(**kwargs))
        print(
            f"  {name:<46} rows={rows:>5}  cold={cold:7.1f}  warm median={statistics.median(warm):6.1f}"
            f"  min={min(warm):6.1f}  max={max(warm):6.1f}"
        )
    probs = [Fraction(k, 20) for k in range(21)]
    per_call = timed(lambda: [analysis.bag_table(p_inspect=p) for p in probs], 3)
    print(f"  slider sweep: 21 probabilities, median {statistics.median(per_call) / 21:.1f} ms per table")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
