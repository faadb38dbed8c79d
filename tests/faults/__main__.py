"""``python -m tests.faults [--seeds N] [--first S] [--seed S ...] [--database URL] [--keep
DIR]``: runs the fault harness's seeds one after the other and prints each one's outcome, the
report of each that failed, and the pass rate (``make faults``); ``--keep`` keeps what each
seed's pages said and what the network did to its changes (``DIR/seed-N.jsonl``)."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections import Counter
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.faults.harness import run
from tests.faults.phones import launch


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.faults")
    parser.add_argument("--seeds", type=int, default=200, help="how many seeds (default 200)")
    parser.add_argument("--first", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--seed", type=int, action="append", help="only this seed (repeatable)")
    parser.add_argument("--database", default=os.environ.get("TEST_DATABASE_URL"))
    parser.add_argument("--keep", type=Path, help="keep what each seed's pages said here")
    args = parser.parse_args()
    # Stopped (SIGTERM, or SIGINT where a background job ignores it): the run's server, proxies
    # and browser are put away on the way out, not left behind.
    signal.signal(signal.SIGTERM, stop)
    seeds = args.seed or list(range(args.first, args.first + args.seeds))
    where = "PostgreSQL" if args.database else "SQLite"
    passed = 0
    found: Counter[str] = Counter()  # seeds failed by each kind of problem
    began = time.monotonic()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for number, seed in enumerate(seeds, start=1):
            result = run(seed, browser, args.database, args.keep)
            passed += result.passed
            verdict = "ok" if result.passed else "FAILED"
            print(
                f"[{number}/{len(seeds)}] seed {seed} on {where}: {verdict} in "
                f"{result.seconds:.0f}s, faults {result.faults}"
                + (f"; {result.keeper}" if result.keeper else ""),
                flush=True,
            )
            if not result.passed:
                found.update(result.kinds())
                print(result.report(), flush=True)
        browser.close()
    minutes = (time.monotonic() - began) / 60
    load = os.getloadavg()
    print(
        f"\n{passed} of {len(seeds)} seeds passed ({passed / len(seeds):.1%}) on {where} in "
        f"{minutes:.0f} min; load average at the end {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}"
    )
    for kind, count in found.most_common():
        print(f"  {count} seeds: {kind}")
    return 0 if passed == len(seeds) else 1


def stop(signum: int, frame: object) -> None:
    raise SystemExit(f"stopped by signal {signum}")


if __name__ == "__main__":
    sys.exit(main())
