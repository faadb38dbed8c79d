"""Play on without signal (js/phone.js): what a phone downloads to keep a table, how long it
takes to be ready, and how long a step takes offline, answered on the phone, beside online.

One real Chromium phone (bench/visits.py's: a fresh profile, its service worker) on the bench
server over loopback, a game of Plump for four a few deals in:

* a few steps online (the bids or the tricks of a deal, each from the tap on Save to the page
  saying it was saved);
* "Keep for play without signal" tapped: from the tap to "Ready…", and every file it fetched,
  counted at the server (as transferred) and in the phone's caches (as stored);
* the kept page loaded again and the connection cut at once, the next step entered: from going
  offline to the step shown (the phone starts Python in the background as the page loads);
  then, the page loaded again and ready, the same once more, and a few steps after it;
* where the time goes: the app's worker started on its own in the same phone, its files
  already kept (as after a reload), and on a fresh phone (as when keeping): each stage it
  reports (Pyodide, the bundle, unpacking, importing the app, making it), loading the rows and
  the first and second answer.

Times are taken in the page (``performance.now()``: the tap's event to the DOM showing the
answer), so Playwright's own polling does not count. Bounded: a few steps, every wait with a
time-out.
"""

from __future__ import annotations

import json
import statistics
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page

from bench.records import plump, record
from bench.visits import phone, requests_since

PLAYERS = ("Anna", "Bo", "Cia", "Dan")
PLAYED = 2  # deals already on the sheet when the phone opens the game
ONLINE_STEPS = OFFLINE_STEPS = 8  # the later offline steps, after the first
WAIT_MS = 180_000  # the longest any state is waited for (keeping the table on a slow machine)
READY = r"^Ready to play without signal"

# Installed before every page's own scripts: the moment of the first tap of each step, of the
# connection going, and a watch for a state of the page, all on the page's own clock.
WATCH = """
window.bench = { tapped: null, offline: null, seen: {} };
for (const kind of ["pointerdown", "touchstart", "click"]) {
  document.addEventListener(kind, () => { window.bench.tapped ??= performance.now(); }, true);
}
window.addEventListener("offline", () => { window.bench.offline = performance.now(); });
window.addEventListener("outbox:count", (event) => { window.bench.waiting = event.detail.here; });
window.benchWatch = (name, selector, pattern) => {
  const found = () => {
    const element = document.querySelector(selector);
    return element && !element.hidden && new RegExp(pattern).test(element.textContent.trim());
  };
  const note = () => {
    if (found()) { window.bench.seen[name] ??= performance.now(); return true; }
  };
  if (note()) return;
  const watch = new MutationObserver(() => { if (note()) watch.disconnect(); });
  const everything = { subtree: true, childList: true, characterData: true, attributes: true };
  watch.observe(document, everything);
};
"""

# The worker js/phone.js starts (static/phone/worker.mjs), started and asked on its own.
WORKER_STAGES = """async () => {
  const block = document.querySelector("[data-phone]");
  const worker = new Worker(block.dataset.worker, { type: "module" });
  let asked = 0;
  const ask = (message) => new Promise((resolve, reject) => {
    const id = ++asked;
    const listen = (event) => {
      if (event.data.id !== id) return;
      worker.removeEventListener("message", listen);
      event.data.ok ? resolve(event.data.result) : reject(new Error(event.data.error));
    };
    worker.addEventListener("message", listen);
    worker.postMessage({ id, ...message });
  });
  const table = location.pathname.split("/").slice(0, 3).join("/");
  const headers = { "HX-Request": "true" };
  const page = { method: "GET", path: location.pathname, headers, body: "" };
  try {
    let last = performance.now();
    const lap = () => {
      const now = performance.now(), took = now - last;
      last = now;
      return took;
    };
    const bundle = new URL(block.dataset.bundle, location.href).href;
    const stages = await ask({ op: "start", bundle });
    stages.started = lap();
    const rows = await (await fetch(`${table}/rows`)).text();
    lap();
    await ask({ op: "load", rows });
    stages.rows = lap();
    await ask({ op: "answer", request: page });
    stages["first answer"] = lap();
    await ask({ op: "answer", request: page });
    stages["second answer"] = lap();
    return stages;
  } finally {
    worker.terminate();
  }
}"""

# Every file in the phone's caches (Cache Storage): URL -> bytes as stored, and the origin's
# whole use as the browser counts it (what the page says: "N MB on this phone").
STORED = """async () => {
  const files = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).arrayBuffer();
      files[new URL(request.url).pathname] = body.byteLength;
    }
  }
  const { usage } = await navigator.storage.estimate();
  return { files, usage };
}"""


class Steps:
    """The planned steps of the game, tapped on its page: each deal's bids (everybody 0), then
    its tricks (the first bidder takes them all; the last player's are filled in by the page)."""

    def __init__(self, count: int) -> None:
        deals = plump(PLAYED + (count + 1) // 2, PLAYERS)[PLAYED:]
        self.planned = [
            (number, kind, deal[kind])
            for number, deal in enumerate(deals, start=PLAYED + 1)
            for kind in ("bids", "tricks")
        ]

    def prepare(self, page: Page) -> str:
        """Taps the next step's numbers; the button that saves them (not tapped yet)."""
        _, kind, values = self.planned[0]
        players = list(values)
        for player in players[:-1] if kind == "tricks" else players:
            pad = f"#entry fieldset[data-field={kind}_{PLAYERS.index(player)}]"
            page.locator(f"{pad} label.key").nth(values[player]).tap()
        if kind == "tricks":
            last = f"#entry fieldset[data-field=tricks_{PLAYERS.index(players[-1])}]"
            filled = "([pad, v]) => document.querySelector(pad + ' input:checked')?.value === v"
            page.wait_for_function(filled, arg=[last, str(values[players[-1]])])
        return f"Save {kind}"

    def save(self, page: Page, button: str) -> float:
        """Taps Save; ms from the tap to the page saying the step was saved."""
        number, kind, _ = self.planned.pop(0)
        said = f"{kind.capitalize()} of deal {number} saved"
        return tap_until(page, page.get_by_role("button", name=button), "#game .said", said)

    def step(self, page: Page) -> float:
        return self.save(page, self.prepare(page))


def tap_until(page: Page, target: Any, selector: str, pattern: str) -> float:
    """Taps ``target``; ms from the tap to ``selector`` matching ``pattern`` (the page's clock)."""
    name = f"{selector} {pattern}"
    page.evaluate("window.bench.tapped = null")
    target.tap()
    page.evaluate("([n, s, p]) => window.benchWatch(n, s, p)", [name, selector, pattern])
    page.wait_for_function("(name) => window.bench.seen[name]", arg=name, timeout=WAIT_MS)
    return float(page.evaluate("(name) => window.bench.seen[name] - window.bench.tapped", name))


def open_game(context: BrowserContext, url: str) -> Page:
    """The game's page in a page of its own, controlled by the service worker."""
    page = context.new_page()
    page.goto(url, wait_until="load")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("navigator.serviceWorker.controller !== null"):
        page.reload(wait_until="load")  # the first load ran before the worker took over
    return page


def keep(page: Page, log: Path) -> dict[str, Any]:
    """Taps "Keep for play without signal": the time to "Ready…", each file fetched meanwhile
    (transferred and stored) and the totals."""
    start = log.stat().st_size
    button = page.get_by_role("button", name="Keep for play without signal")
    ready_ms = tap_until(page, button, "[data-phone-said]", READY)
    page.wait_for_load_state("networkidle")
    sent = requests_since(log, start)
    stored = page.evaluate(STORED)
    files = [
        {"path": path, "transferred": size, "stored": stored["files"].get(path.split("?")[0])}
        for path, size in sent
    ]
    return {
        "ready_ms": ready_ms,
        "files": files,
        "transferred": sum(f["transferred"] for f in files),
        "stored": sum(f["stored"] or 0 for f in files),
        "usage": stored["usage"],
        "said": page.locator("[data-phone-said]").text_content(),
    }


def offline_first_step(page: Page, steps: Steps, *, wait_ready: bool) -> dict[str, float]:
    """The kept page loaded again; the next step's numbers tapped, the connection cut (at once,
    or once the page says it is ready) and the step saved: ms from going offline to the step
    shown, and from the tap on Save."""
    page.reload(wait_until="load")
    page.evaluate(f"window.benchWatch('ready', '[data-phone-said]', {json.dumps(READY)})")
    if wait_ready:
        page.wait_for_function("() => window.bench.seen.ready", timeout=WAIT_MS)
    button = steps.prepare(page)
    page.context.set_offline(True)
    page.wait_for_function("() => window.bench.offline !== null")
    saved = steps.save(page, button)
    offline, shown = page.evaluate("[window.bench.offline, window.bench.tapped]")
    return {"from offline": shown + saved - offline, "from the tap": saved}


def back_online(page: Page) -> None:
    """The connection back, and the outbox sent (nothing left waiting)."""
    page.evaluate("window.bench.waiting = null")
    page.context.set_offline(False)
    page.wait_for_function("() => window.bench.waiting === 0", timeout=WAIT_MS)


def spread(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median_ms": statistics.median(ordered), "p95_ms": p95, "steps": len(ordered)}


def worker_stages(context: BrowserContext, url: str) -> dict[str, float]:
    page = open_game(context, url)
    try:
        return dict(page.evaluate(WORKER_STAGES))
    finally:
        page.close()


def server_version(url: str) -> int:
    with urllib.request.urlopen(url) as response:  # the bench server, on loopback
        page = response.read().decode()
    return int(page.split('data-version="', 1)[1].split('"', 1)[0])


def offline_runtime(base: str, import_game: Any, log: Path) -> dict[str, Any]:
    """Everything above, on a game stored through ``import_game`` (a record -> its path)."""
    game = {**record("plump", 0), "players": list(PLAYERS), "first_dealer": PLAYERS[0]}
    game["rounds"] = plump(PLAYED, PLAYERS)
    url = base + import_game(game)
    before = server_version(url)
    total = ONLINE_STEPS + 2 + OFFLINE_STEPS
    steps = Steps(total)
    results: dict[str, Any] = {}
    with phone() as context:
        context.add_init_script(WATCH)
        page = open_game(context, url)
        online = [steps.step(page) for _ in range(ONLINE_STEPS)]
        results["keep"] = keep(page, log)
        first = offline_first_step(page, steps, wait_ready=False)
        back_online(page)
        ready_first = offline_first_step(page, steps, wait_ready=True)
        later = [steps.step(page) for _ in range(OFFLINE_STEPS)]
        back_online(page)
        results["steps"] = {
            "online": spread(online),
            "offline, first, right after the page loaded": first,
            "offline, first, once the page was ready": ready_first,
            "offline, later": spread(later),
        }
        results["sent back"] = {"saved": server_version(url) - before, "made": total}
        page.close()
        results["stages, files kept"] = worker_stages(context, url)
    with phone() as fresh:
        results["stages, fresh phone"] = worker_stages(fresh, url)
    return results
