"""Another phone's table beside a fuzzer's: its keys (a new table's set-up, a change, a game
started by play again) are among what the fuzzer sends, at its own table and at ``/new``;
whatever it sends, nothing of this table opens to it, nor is its change told "already saved"
by another table's key (``test_fuzz.py``)."""

from __future__ import annotations

import io

from flask import Flask

from tests.examples import example_records
from tests.web.helpers import page_forms

SETUP_KEY, CHANGE_KEY, START_KEY = "their-setup-key-01", "their-change-key-01", "their-start-01"
KEYS = (SETUP_KEY, CHANGE_KEY, START_KEY)
PLAYERS = ["Mallory", "Nils", "Olga"]
FINISHED = next(p for p in example_records("plump") if p.name == "plump-come-and-go.json")


def their_table(app: Flask) -> str:
    """Their table set up, a stake put on its game and a game played again there, each with
    one of ``KEYS``: its token."""
    phone = app.test_client()
    (upload,) = [f for f in page_forms(phone.get("/").text) if f.action == "/import"]
    csrf = upload.fields["csrf_token"][0]
    setup = {"csrf_token": csrf, "step": "options", "game": "plump", "first": "Mallory",
             "plump-preset": "standard", "key": SETUP_KEY}  # fmt: skip
    setup |= {f"players-{i}": name for i, name in enumerate(PLAYERS)}
    game = phone.post("/new", data=setup).headers["Location"]
    token, game_id = game.split("/")[2], game.split("/")[4]
    stake = {"csrf_token": csrf, f"g{game_id}-amount": "1", f"g{game_id}-key": CHANGE_KEY}
    assert phone.post(f"/t/{token}/stakes/{game_id}", data=stake).status_code == 303
    upload = {"csrf_token": csrf, "record": (io.BytesIO(FINISHED.read_bytes()), "g.json")}
    finished = phone.post(f"/t/{token}/import", data=upload, content_type="multipart/form-data")
    again = {"csrf_token": csrf, "key": START_KEY}
    assert phone.post(finished.headers["Location"] + "again", data=again).status_code == 303
    return token
