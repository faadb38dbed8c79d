"""A phone's CPU for the benchmarks' Chromium: its renderer processes (each page with its
workers, and the service worker) run a quarter of the time, so everything the phone's own
processor does takes four times as long; the network and the server do not.

Why not Chromium's own CPU throttling (DevTools' ``Emulation.setCPUThrottlingRate``, Lighthouse's
mobile setting): it slows a page's main thread only. ``calibrate`` shows it every run: a fixed
busy loop timed inside a page and inside that page's dedicated worker, on their own clock, with
no slowing, with that setting at 4 and with this one (Chromium refuses the setting sent to the
worker itself: "only supported for pages, not workers"). The app on the phone runs in a
worker (static/phone/worker.mjs), so this one stops and resumes the renderer processes
(SIGSTOP/SIGCONT: stopped 15 ms of every 20), as a slower processor would.

Only this process's own descendants are touched; every one is let go when it ends.
"""

from __future__ import annotations

import contextlib
import os
import signal
import statistics
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Route

RATE = 4  # Lighthouse's mobile profile: a phone about four times slower than a desktop
PERIOD = 0.02  # seconds: short beside what the benchmarks time (a step, 150 ms)


def descendants(root: int) -> list[int]:
    """Every process under ``root`` (by /proc), oldest first."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def renderers() -> list[int]:
    pids = []
    for pid in descendants(os.getpid()):
        with contextlib.suppress(OSError):
            if b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes():
                pids.append(pid)
    return pids


class SlowCpu:
    """``with SlowCpu():`` every renderer of this process's browsers runs 1/``rate`` of the time."""

    def __init__(self, rate: float = RATE) -> None:
        self.running = PERIOD / rate
        self.stopped = PERIOD - self.running
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.cycle, daemon=True)

    def __enter__(self) -> SlowCpu:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        self.thread.join()

    def cycle(self) -> None:
        pids: list[int] = []
        looked = 0.0
        try:
            while not self.done.is_set():
                if time.monotonic() - looked > 0.5:  # new pages, new processes
                    pids, looked = renderers(), time.monotonic()
                send(pids, signal.SIGSTOP)
                time.sleep(self.stopped)
                send(pids, signal.SIGCONT)
                time.sleep(self.running)
        finally:
            send(renderers(), signal.SIGCONT)


def send(pids: list[int], which: signal.Signals) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, which)


# A page and its worker, each timing the same loop on its own clock (no server, no CSP).
CALIBRATION = "http://calibration.invalid/"
LOOP = "let x = 0; for (let i = 0; i < n; i++) x = (x * 31 + i) | 0; return x;"
PAGE = f"""<!doctype html><title>calibration</title><script>
function busy(n) {{ const t = performance.now(); (function () {{ {LOOP} }})(); return performance.now() - t; }}
const worker = new Worker("worker.js");
window.inWorker = (n) => new Promise((done) => {{ worker.onmessage = (e) => done(e.data); worker.postMessage(n); }});
</script>"""  # noqa: E501
WORKER = f"""onmessage = (e) => {{ const n = e.data, t = performance.now();
(function () {{ {LOOP} }})(); postMessage(performance.now() - t); }};"""
LOOPS = 30_000_000


def calibrate(context: BrowserContext, rounds: int = 3) -> dict[str, Any]:
    """ms of the loop on the page's main thread and in its worker: as it is, with Chromium's
    throttling at ``RATE``, and with ``SlowCpu``; the medians of ``rounds`` each, alternated."""

    def serve(route: Route) -> None:
        worker = route.request.url.endswith("worker.js")
        kind = "text/javascript" if worker else "text/html"
        route.fulfill(status=200, content_type=kind, body=WORKER if worker else PAGE)

    context.route(f"{CALIBRATION}**", serve)
    page = context.new_page()
    page.goto(CALIBRATION)
    devtools = context.new_cdp_session(page)
    times: dict[str, dict[str, list[float]]] = {}

    def timed(name: str) -> None:
        for where, call in (("page", "busy"), ("worker", "inWorker")):
            spent = page.evaluate(f"{call}({LOOPS})")
            times.setdefault(name, {}).setdefault(where, []).append(spent)

    page.evaluate(f"inWorker({LOOPS})")  # both compiled before anything is timed
    for _ in range(rounds):
        timed("as it is")
        devtools.send("Emulation.setCPUThrottlingRate", {"rate": RATE})
        timed(f"DevTools' CPU throttling at {RATE}")
        devtools.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        with SlowCpu():
            timed(f"renderers running 1/{RATE} of the time")
    page.close()
    context.unroute(f"{CALIBRATION}**")
    return {
        name: {where: statistics.median(spent) for where, spent in found.items()}
        for name, found in times.items()
    }
