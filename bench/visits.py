"""Bytes a phone downloads for a game page: a first visit, and a returning phone's visit once the
service worker has the static files.

Counted at the server, which sees every download whoever asks for it: the page, the browser's
own requests and the service worker's precache alike (Chromium's DevTools do not show the
worker's). The bench server writes an access log line per request (method, path, status, and
the body's bytes as sent, compressed where the phone took it); a visit is the lines it added.
A real Chromium (Playwright, the system's Chromium) makes the visits with a fresh profile, so
its HTTP cache and service worker are those of a phone that never saw the site, then of the
same phone coming back. Headers are not counted (a few hundred bytes a request).
"""

from __future__ import annotations

import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, sync_playwright

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage"]  # fmt: skip
# What gunicorn logs of each request (bench/server.py): method, path?query, status, body bytes.
LOG_FORMAT = "%(m)s %(U)s?%(q)s %(s)s %(B)s"


@contextmanager
def phone() -> Iterator[BrowserContext]:
    folder = tempfile.mkdtemp(prefix="bench-phone-")
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            folder, executable_path=CHROMIUM, args=ARGS, headless=True,
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
        )  # fmt: skip
        try:
            yield context
        finally:
            context.close()
            shutil.rmtree(folder, ignore_errors=True)


def requests_since(log: Path, start: int) -> list[tuple[str, int]]:
    """(path, body bytes) of every GET the server answered since ``start`` (a log offset)."""
    with log.open() as file:
        file.seek(start)
        lines = file.read().splitlines()
    out = []
    for line in lines:
        method, path, _status, size = line.split(" ")
        if method == "GET":
            out.append((path.removesuffix("?"), 0 if size == "-" else int(size)))
    return out


def summary(requests: list[tuple[str, int]]) -> dict[str, Any]:
    static = [(path, size) for path, size in requests if path.startswith("/static/")]
    twice = [path for path, n in Counter(path for path, _ in requests).items() if n > 1]
    return {
        "bytes": sum(size for _, size in requests),
        "requests": len(requests),
        "static_bytes": sum(size for _, size in static),
        "static_requests": len(static),
        "fetched_twice": twice,
        "files": requests,
    }


def first_and_repeat(url: str, log: Path) -> dict[str, dict[str, Any]]:
    """A first visit of ``url`` (until the service worker has installed), then the same phone
    opening it again."""
    with phone() as context:
        start = log.stat().st_size
        page = context.new_page()
        page.goto(url, wait_until="networkidle")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # precache done
        page.wait_for_load_state("networkidle")
        first = requests_since(log, start)
        page.close()
        start = log.stat().st_size
        again = context.new_page()
        again.goto(url, wait_until="networkidle")
        repeat = requests_since(log, start)
    return {"first": summary(first), "repeat": summary(repeat)}
