"""Bytes over the wire for a game page: a first visit, and a repeat visit once the service worker
has the static files (Chromium through Playwright, counted by the DevTools protocol)."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import BrowserContext, Page, sync_playwright

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage"]  # fmt: skip


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


def transferred(page: Page, url: str) -> dict[str, int]:
    """Load ``url``: the bytes received over the network, in all and for static files."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    sizes = {"all": 0, "static": 0, "requests": 0}
    cdp.on(
        "Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"])
    )

    def finished(event: dict) -> None:
        size = int(event["encodedDataLength"])
        sizes["all"] += size
        sizes["requests"] += 1
        if "/static/" in urls.get(event["requestId"], ""):
            sizes["static"] += size

    cdp.on("Network.loadingFinished", finished)
    page.goto(url, wait_until="networkidle")
    cdp.detach()
    return sizes


def first_and_repeat(url: str) -> dict[str, dict[str, int]]:
    with phone() as context:
        page = context.new_page()
        first = transferred(page, url)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null || true")
        repeat = transferred(context.new_page(), url)
    return {"first": first, "repeat": repeat}
