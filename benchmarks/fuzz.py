#!/usr/bin/env python3
"""Run the fuzz properties of ``tests/test_fuzz.py`` for longer than CI does.

CI runs each property on ~100 fixed examples (Hypothesis profile ``ci``, derandomized). This
script runs the same checks on the same strategies under the ``long`` profile, from a random
seed (printed, so a run can be repeated with ``--seed``), in chunks until the time budget is
spent, and reports per property how many examples ran and which failures were found::

    python benchmarks/fuzz.py --minutes 10
    python benchmarks/fuzz.py --minutes 2 --seed 1234 --property mutated --no-shrink

A failure prints Hypothesis' falsifying example (the files' bytes) and the reproduction blob;
add the input to ``tests/test_fuzz.py`` as an ``@example`` once it is fixed. Exit status: 0
when no property failed, 1 otherwise. Needs the test extras (``pip install -e .[test]``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]

import conftest  # noqa: E402,F401  (registers the Hypothesis profiles)
import test_fuzz  # noqa: E402
from fuzz_strategies import Case, case  # noqa: E402
from hypothesis import Phase, given, seed, settings  # noqa: E402


@dataclass
class Tally:
    name: str
    share: float
    examples: int = 0
    runs: int = 0
    seconds: float = 0.0
    failures: Counter[str] = field(default_factory=Counter)


def _cli_check(c: Case) -> None:
    test_fuzz.test_the_cli_never_prints_a_traceback.hypothesis.inner_test(c)  # type: ignore[attr-defined]


PROPERTIES: dict[str, tuple[Callable[[], object], Callable[[Case], None], float]] = {
    # name: (strategy, check, share of the time budget)
    "generated": (lambda: case(mutate=False), test_fuzz.check_case, 0.45),
    "mutated": (lambda: case(mutate=True), test_fuzz.check_case, 0.45),
    "cli": (lambda: case(), _cli_check, 0.10),
}


def run_chunk(tally: Tally, strategy: object, check: Callable[[Case], None], examples: int, run_seed: int, shrink: bool) -> None:
    def counted(c: Case) -> None:
        tally.examples += 1
        check(c)

    phases = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target] + ([Phase.shrink] if shrink else [])
    prop = settings(settings.get_profile("long"), max_examples=examples, phases=phases)(
        seed(run_seed)(given(strategy)(counted))  # type: ignore[arg-type]
    )
    tally.runs += 1
    try:
        prop()
    except Exception as exc:  # Hypothesis has printed the falsifying example
        head = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"[:160]
        tally.failures[head] += 1
        print(f"\n[{tally.name}] seed {run_seed}: FAILED — {head}", flush=True)
        traceback.print_exc(limit=3)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minutes", type=float, default=10.0, help="total time budget (default 10)")
    ap.add_argument("--seed", type=int, default=None, help="master seed (default: random, printed)")
    ap.add_argument("--chunk", type=int, default=500, help="examples per Hypothesis run (default 500)")
    ap.add_argument("--property", action="append", choices=sorted(PROPERTIES), help="only these properties")
    ap.add_argument("--no-shrink", action="store_true", help="report failures unshrunk (faster)")
    args = ap.parse_args(argv)

    master = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"fuzz: master seed {master} (repeat with --seed {master}); budget {args.minutes:g} min", flush=True)
    rng = random.Random(master)
    names = args.property or list(PROPERTIES)
    total_share = sum(PROPERTIES[n][2] for n in names)
    tallies = [Tally(n, PROPERTIES[n][2] / total_share) for n in names]
    for tally in tallies:
        make_strategy, check, _ = PROPERTIES[tally.name]
        budget = args.minutes * 60 * tally.share
        started = time.monotonic()
        chunk = max(1, args.chunk if tally.name != "cli" else args.chunk // 25)
        while time.monotonic() - started < budget:
            run_chunk(tally, make_strategy(), check, chunk, rng.randrange(2**32), not args.no_shrink)
        tally.seconds = time.monotonic() - started
        print(
            f"[{tally.name}] {tally.examples} examples in {tally.runs} runs, {tally.seconds:.0f} s, "
            f"{sum(tally.failures.values())} failing runs",
            flush=True,
        )

    print("\n| property | examples | runs | seconds | failing runs | distinct failures |")
    print("|---|---:|---:|---:|---:|---|")
    for t in tallies:
        distinct = "; ".join(f"{k} (×{v})" for k, v in t.failures.items()) or "none"
        print(f"| {t.name} | {t.examples} | {t.runs} | {t.seconds:.0f} | {sum(t.failures.values())} | {distinct} |")
    print(f"\nmaster seed {master}")
    return 1 if any(t.failures for t in tallies) else 0


if __name__ == "__main__":
    sys.exit(main())
