"""The app on the phone starts from what it kept (static/phone/worker.mjs): once a table is kept
and its app has answered, the phone keeps the Python it compiled, and a page opened again with
the signal cut for real (tests/relay.py, and the browser offline) starts from that bytecode and
answers the next step; a bundle that is not the one the page names is never run."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.on_the_phone import keep_for_play_without_signal
from tests.browser.test_offline import BIDS, start_plump, tap_pads
from tests.relay import Relay

pytestmark = pytest.mark.browser

# Each start of the app on the phone, as its worker answers "start", and each refusal.
STARTS = """(() => {
  window.starts = [];
  window.refused = [];
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => {
        if (data && data.ok && data.result && data.result.from) window.starts.push(data.result);
        if (data && data.ok === false) window.refused.push(data.error);
      });
    }
  };
})();"""
# Resolves once the phone kept the compiled app and standard library (a few seconds after the
# app first answered), or fails after a bound.
BYTECODE_KEPT = """() => new Promise((done, fail) => {
  const until = Date.now() + 300000;
  (async function look() {
    const kept = await (await caches.open("phone-compiled")).keys();
    if (kept.length >= 2) return done(kept.map((request) => new URL(request.url).pathname));
    if (Date.now() > until) return fail(new Error("no bytecode kept"));
    setTimeout(look, 250);
  })();
})"""


@pytest.fixture
def relay(live_server: str) -> Iterator[Relay]:
    with Relay(live_server) as relay:
        yield relay


def test_a_kept_table_opened_again_without_signal_starts_from_its_bytecode(
    page: Page, relay: Relay
) -> None:
    page.context.add_init_script(STARTS)
    start_plump(page, relay.url)
    keep_for_play_without_signal(page)
    bundle = page.locator("[data-phone]").get_attribute("data-bundle")
    assert bundle and re.fullmatch(r"/phone/app-[0-9a-f]{64}\.zip", bundle)
    digest = bundle.split("-")[1].split(".")[0]
    kept = page.evaluate(BYTECODE_KEPT)
    assert sorted(kept) == [
        f"/static/phone/compiled/app-{digest}.zip",
        f"/static/phone/compiled/stdlib-{digest}.zip",
    ]
    assert [start["from"] for start in page.evaluate("window.starts")] == ["source"]

    relay.cut()
    page.context.set_offline(True)
    page.reload()
    tap_pads(page, BIDS)
    page.get_by_role("button", name="Save bids").tap()
    expect(page.locator("#game .said")).to_contain_text("Bids of deal 1 saved", timeout=180_000)

    assert [start["from"] for start in page.evaluate("window.starts")] == ["kept bytecode"]
    assert page.evaluate("window.refused") == []


# The worker asked to start the bundle the page names, but told another digest.
ANOTHER_DIGEST = """(digest) => new Promise((done) => {
  const block = document.querySelector("[data-phone]");
  const worker = new Worker(block.dataset.worker, { type: "module" });
  worker.onmessage = ({ data }) => { worker.terminate(); done(data); };
  worker.postMessage({ id: 1, op: "start", bundle: block.dataset.bundle, digest });
})"""


def test_a_bundle_that_is_not_the_one_the_page_names_is_never_run(page: Page, relay: Relay) -> None:
    start_plump(page, relay.url)
    answer = page.evaluate(ANOTHER_DIGEST, "0" * 64)
    assert answer["ok"] is False
    assert "not the one the page names" in answer["error"]
    assert f"the page names {'0' * 64}" in answer["error"]
