"""Light pages: compressed answers, static files under fingerprinted URLs kept for a year, and no
session cookie signed again on every poll."""

from __future__ import annotations

import gzip
import hashlib
import re
from pathlib import Path

import brotli
import pytest

from .helpers import start_game

STATIC = Path(__file__).resolve().parents[2] / "static"


def static_urls(page: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page)


def test_every_static_url_of_a_page_carries_the_files_digest(client) -> None:
    page = client.get(start_game(client).path).text
    urls = static_urls(page)
    assert len(urls) >= 8  # the styles, htmx, the shared scripts, the game's own, the icons
    for url in urls:
        path, digest = url.split("?v=")
        content = (STATIC / path.removeprefix("/static/")).read_bytes()
        assert digest == hashlib.sha256(content).hexdigest()[:12], url


def test_a_fingerprinted_file_is_kept_a_year_and_any_other_is_revalidated(client) -> None:
    url = next(u for u in static_urls(client.get("/").text) if "/js/app.js" in u)
    with client.get(url) as response:
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    for stale in ("/static/js/app.js", "/static/js/app.js?v=000000000000"):
        with client.get(stale) as response:
            assert response.status_code == 200
            assert response.headers["Cache-Control"] == "no-cache", stale


@pytest.mark.parametrize(
    ("encoding", "decode"), [("br", brotli.decompress), ("gzip", gzip.decompress)]
)
def test_pages_and_static_files_go_compressed(client, encoding, decode) -> None:
    game = start_game(client).path
    plain = client.get(game).data
    compressed = client.get(game, headers={"Accept-Encoding": encoding})
    assert compressed.headers["Content-Encoding"] == encoding
    assert "Accept-Encoding" in compressed.headers["Vary"]
    assert len(compressed.data) < len(plain) / 3
    # The same page (but the CSRF token and the keys and ids made anew for every answer).
    same = re.compile(rb"[A-Za-z0-9_.-]{16,}")
    assert same.sub(b"", decode(compressed.data)) == same.sub(b"", plain)
    url = next(u for u in static_urls(plain.decode()) if "htmx" in u)
    with client.get(url, headers={"Accept-Encoding": "br, gzip"}) as response:
        assert response.headers["Content-Encoding"] == "br"
        assert len(response.data) < (STATIC / "js/htmx-4.0.1.min.js").stat().st_size / 2


def test_a_poll_does_not_sign_the_session_cookie_again(client) -> None:
    game = start_game(client).path
    page = client.get(game).text
    version = re.search(r'data-version="(\d+)"', page).group(1)
    response = client.get(f"{game}poll?version={version}")
    assert response.status_code == 204
    assert "Set-Cookie" not in response.headers
