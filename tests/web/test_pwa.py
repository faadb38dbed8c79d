"""The installable app: manifest, service worker and offline page as the server sends them."""

from __future__ import annotations

import json
import re
import shutil
import struct
from pathlib import Path

from assistant.games import GAMES

STATIC = Path(__file__).resolve().parents[2] / "static"


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return struct.unpack(">II", data[16:24])


def status(client, url: str) -> int:
    """GET a URL and close the response (static files are streamed from an open file)."""
    with client.get(url) as response:
        return response.status_code


def test_the_manifest_makes_the_app_installable(client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json(force=True)
    assert manifest["name"] == "The table assistant"
    assert manifest["short_name"]
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    icons = {(icon["sizes"], icon["purpose"]): icon for icon in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    assert icons["512x512", "maskable"]["src"].startswith("/static/icons/icon-512-maskable.png?v=")
    for (sizes, _purpose), icon in icons.items():
        assert icon["type"] == "image/png"
        path = STATIC / icon["src"].removeprefix("/static/").split("?")[0]
        width, height = (int(n) for n in sizes.split("x"))
        assert png_size(path) == (width, height)
        assert status(client, icon["src"]) == 200


def test_the_pages_link_the_manifest_the_icons_and_the_script(client) -> None:
    page = client.get("/").text
    assert 'rel="manifest" href="/manifest.webmanifest?lang=en"' in page  # the page's language
    assert "/static/js/pwa.js" in page
    for href in re.findall(r'rel="(?:icon|apple-touch-icon)" href="([^"]+)"', page):
        assert status(client, href) == 200


def worker(client) -> str:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    return response.text


def precached(script: str) -> list[str]:
    return json.loads(re.search(r"const PRECACHE = (\[.*?\]);", script).group(1))


def test_the_service_worker_precaches_the_static_files_and_the_offline_page(client) -> None:
    script = worker(client)
    precache = precached(script)
    for url in (
        "/static/js/htmx-4.0.1.min.js",
        "/static/js/app.js",
        "/static/js/pwa.js",
        "/static/css/app.css",
        "/static/icons/icon.svg",
    ):
        fingerprinted = [u for u in precache if u.startswith(f"{url}?v=")]
        assert len(fingerprinted) == 1, url
        assert status(client, fingerprinted[0]) == 200, url
    assert "/offline" in precache and status(client, "/offline") == 200
    assert "{{" not in script and "{%" not in script
    # The files come from the browser's cache, which already holds what the page loaded (their
    # URLs change with their content): nothing is downloaded a second time.
    assert 'cache: "reload"' not in script


def test_the_install_icons_are_not_precached(client) -> None:
    """The PNG icons are for installing (the phone keeps its own copy then): a first visit does
    not download 56 KB of them through the service worker."""
    assert not [url for url in precached(worker(client)) if ".png" in url]


def test_the_shared_files_are_precached_and_every_file_is_part_of_the_version(
    app, client, tmp_path
) -> None:
    """A first visit precaches what every page loads, not the other games' own files (a game's
    are kept once its page loads them); a game's own script is cached too, so it must change
    the version."""
    static = Path(app.static_folder)
    # The PNG icons are for installing; a vendored file's provenance is for people.
    files = [
        p for p in static.rglob("*") if p.is_file() and p.suffix != ".png" and p.suffix != ".json"
    ]
    precache = [url.split("?v=")[0] for url in precached(worker(client))]
    game_files = [p for p in files if p.relative_to(static).parts[0] in GAMES]
    assert {p.parent.name for p in game_files} == set(GAMES)  # every game has its own
    # The app for play without signal (some 13 MB) is kept once a table is kept for it.
    # (and the page's side of it, kept/, loaded on a phone that keeps tables)
    phone_files = [p for p in files if p.relative_to(static).parts[0] in ("phone", "kept")]
    assert any(p.suffix == ".wasm" for p in phone_files)
    # The files of one page alone (the table's, a club night's hall) are kept like a game's.
    own = {static / name for name in ("js/evening.js", "js/hall.js", "css/night.css")}
    for path in files:
        url = f"/static/{path.relative_to(static).as_posix()}"
        assert (url in precache) == (path not in [*game_files, *phone_files, *own]), url
    game_scripts = [p for p in game_files if p.suffix == ".js"]
    assert game_scripts  # the games' own scripts live beside their CSS
    copy = tmp_path / "static"
    shutil.copytree(static, copy)
    app.static_folder = str(copy)
    before = re.search(r'const STATIC = "([^"]+)";', worker(client)).group(1)
    target = copy / game_scripts[0].relative_to(static)
    target.write_text(target.read_text() + "\n// changed\n")
    after = re.search(r'const STATIC = "([^"]+)";', worker(client)).group(1)
    assert before != after


def test_the_static_cache_name_carries_a_version(app, client) -> None:
    name = re.search(r'const STATIC = "table-assistant-static-([^"]+)";', worker(client))
    assert name and len(name.group(1)) >= 8  # a digest of the precached files
    app.config["ASSET_VERSION"] = "2026-05-01"
    assert 'const STATIC = "table-assistant-static-2026-05-01";' in worker(client)


def test_the_service_worker_never_caches_posts_fragments_or_polls(client) -> None:
    script = worker(client)
    cacheable = re.search(r"function cacheable\(request\) \{(.*?)\n\}", script, re.S).group(1)
    assert 'if (request.method !== "GET") return false;' in cacheable
    # htmx's fragments are not kept; a whole page htmx asks for (the app in one document) is
    assert 'if (request.headers.has("HX-Request") && !isPage(request)) return false;' in cacheable
    assert '!url.pathname.endsWith("/poll")' in cacheable
    assert "url.origin === self.location.origin" in cacheable
    # Every respondWith is behind that check; caches are only written by page() and asset().
    fetch = re.search(r'addEventListener\("fetch".*?\n\}\);', script, re.S).group(0)
    assert fetch.index("if (!cacheable(request)) return;") < fetch.index("respondWith")
    assert script.count(".put(") == 2
    # Every form is sent by the page (htmx): no form's page is sent, or answered, by the worker.
    assert 'request.method !== "POST"' not in script and "respondWith(send(" not in script


def test_the_offline_page_and_the_outbox_sentences(client, app) -> None:
    response = client.get("/offline")
    assert response.status_code == 200
    assert "No connection" in response.text
    with app.test_request_context():
        from flask import render_template

        outbox = render_template("pwa/_outbox.html")
    assert "data-outbox" in outbox and "hidden" in outbox
    assert 'data-one="Saved on this phone: 1 change waits for the connection."' in outbox
    assert "{n} changes wait" in outbox
