"""Chromium finds nothing missing for installing the app (a normal profile, not incognito)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser

# Resolves once the page's service worker has finished activating.
ACTIVATED = """navigator.serviceWorker.ready.then((registration) => new Promise((resolve) => {
  const worker = registration.active;
  if (worker.state === "activated") resolve(worker.state);
  worker.addEventListener("statechange", () => {
    if (worker.state === "activated") resolve(worker.state);
  });
}))"""


def test_chromium_can_install_the_app(
    browser_type, browser_type_launch_args: dict, live_server: str, tmp_path: Path, shot
) -> None:
    context = browser_type.launch_persistent_context(
        str(tmp_path / "profile"), **browser_type_launch_args, **PHONE
    )
    try:
        page = context.new_page()
        page.goto(live_server + "/")
        assert page.evaluate(ACTIVATED) == "activated"
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert manifest["url"].endswith("/manifest.webmanifest?lang=en")
        shot(page, "install-home")
        page.goto(live_server + "/?lang=sv")  # the app is named in the page's language
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"].endswith("/manifest.webmanifest?lang=sv")
        assert json.loads(manifest["data"])["name"] == "Bordsassistenten"
    finally:
        context.close()
