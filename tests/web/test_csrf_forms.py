"""Every form a page posts carries the phone's CSRF token: the tests elsewhere run with the check
off, so a form that forgot its token (the delete form did: its form class leaves the token to
the pages) only failed on a real phone, with "Not saved"."""

from __future__ import annotations

import re
from collections import deque
from html import unescape
from urllib.parse import urlsplit

from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import page_forms, play_deal, start_game

NOT_PAGES = ("/export", "/static/", "/qr", ".svg", ".png", ".json", "/manifest")


def pages_of(client: FlaskClient, starts: list[str], most: int = 60) -> dict[str, str]:
    """The app's pages reachable from ``starts`` by their links (GET only), at most ``most``."""
    found: dict[str, str] = {}
    queue = deque(starts)
    while queue and len(found) < most:
        path = queue.popleft()
        if path in found or any(part in path for part in NOT_PAGES):
            continue
        response = client.get(path)
        if response.status_code != 200 or "text/html" not in response.content_type:
            continue
        found[path] = response.text
        for href in re.findall(r'<a\b[^>]*href="([^"#]+)', response.text):
            link = urlsplit(unescape(href))
            if not link.netloc and link.path.startswith(("/t/", "/c/", "/new")):
                queue.append(link.path + (f"?{link.query}" if link.query else ""))
    return found


def test_every_form_of_every_page_carries_the_token(app: Flask, client: FlaskClient) -> None:
    plump = start_game(client)
    bids = {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3}
    play_deal(client, plump, bids, {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 3}, trump="S")
    others = [start_game(client, kind).path for kind in ("mus", "mulle", "boodle")]
    app.config["WTF_CSRF_ENABLED"] = True
    pages = pages_of(client, ["/", "/new", plump.path, *others, f"/t/{plump.token}/"])
    assert any(path.endswith("/delete") for path in pages)  # the crawl reached the forms
    assert any("/rounds/" in path for path in pages)
    missing = [
        (path, form.action or "(itself)")
        for path, page in pages.items()
        for form in page_forms(page)
        if not any(name.endswith("csrf_token") and value for name, value in form.current.items())
    ]
    assert not missing, "\n".join(map(str, missing))


def test_a_game_is_deleted_through_its_page(app: Flask, client: FlaskClient) -> None:
    game = start_game(client)
    app.config["WTF_CSRF_ENABLED"] = True
    (form,) = page_forms(client.get(game.path + "delete").text)
    response = client.post(game.path + "delete", data=form.current)
    assert response.status_code == 303
    assert client.get(game.path).status_code == 404
