"""The app on the phone (assistant/phone.py): the bundle the server gives is whole (it runs with
nothing but Python's standard library), and on a table's rows it answers what the server
answers for the same state and the same change."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.web.helpers import PLAYERS, play_deal, seat_fields, start_game, version_of

# Run by a Python that sees only the bundle and its own standard library (-I -S: no site
# packages, no environment), as Pyodide does on the phone.
ON_ITS_OWN = """
import json, sys, sysconfig
app = sys.argv[1]
sys.path[:0] = [app, app + "/site"]
from assistant.phone import Phone
phone = Phone(json.load(open(app + "/static-digests.json")))
phone.load(open(sys.argv[2]).read())
asked = json.load(open(sys.argv[3]))
answers = [json.loads(phone.answer(*request)) for request in asked]
stdlib = sysconfig.get_paths()["stdlib"]
outside = sorted(
    name for name, module in sys.modules.items()
    if (getattr(module, "__file__", None) or app).startswith(app) is False
    and not module.__file__.startswith(stdlib)
)
print(json.dumps({"answers": answers, "outside": outside}))
"""


@pytest.fixture(scope="module")
def bundle_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.conftest import fresh_app

    folder = tmp_path_factory.mktemp("phone")
    app = fresh_app(f"sqlite:///{folder / 'server.db'}", csrf=False)
    zipped = app.test_client().get("/phone/app.zip")
    assert zipped.status_code == 200
    with zipfile.ZipFile(io.BytesIO(zipped.data)) as archive:
        names = archive.namelist()
        assert not [name for name in names if name.endswith((".so", ".pyd"))]
        archive.extractall(folder)
    return folder / "app"


def on_the_phone(folder: Path, rows: dict, requests: list[list[str]], tmp_path: Path) -> dict:
    (tmp_path / "rows.json").write_text(json.dumps(rows))
    (tmp_path / "asked.json").write_text(json.dumps(requests))
    script = [sys.executable, "-I", "-S", "-c", ON_ITS_OWN, str(folder)]
    done = subprocess.run(
        [*script, str(tmp_path / "rows.json"), str(tmp_path / "asked.json")],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def game_section(page: str) -> str:
    """The game as drawn, without what differs by drawing (each form's own new key, and the
    CSRF token: the server checks the page's own when a change made on the phone arrives)."""
    found = re.search(r'<section id="game".*?</section>\s*(?=<footer|</main>|$)', page, re.S)
    assert found, page[:500]
    drawn = re.sub(r'name="key" value="[^"]*"', 'name="key"', found.group(0))
    return re.sub(r'(name="csrf_token"[^>]*value=)"[^"]*"', r'\1""', drawn)


def test_the_bundle_runs_alone_and_answers_as_the_server(
    client, bundle_folder: Path, tmp_path: Path
) -> None:
    game = start_game(client)
    deal_1 = {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3}, {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 3}
    play_deal(client, game, *deal_1)
    rows = client.get(f"/t/{game.token}/rows").get_json()
    bids = {"version": version_of(client, game), "key": "phone-bids-2"}
    bids.update(seat_fields("bids", {"Cia": 0, "Dan": 2, "Anna": 4, "Bo": 2}))
    body = "&".join(f"{name}={value}" for name, value in bids.items())
    htmx = json.dumps({"HX-Request": "true", "Accept-Language": "en"})
    page = json.dumps({"Accept-Language": "en"})
    asked = [
        ["GET", game.path, htmx, ""],
        ["POST", game.path + "enter", htmx, body],
        ["GET", game.path, page, ""],
    ]

    phone = on_the_phone(bundle_folder, rows, asked, tmp_path)

    assert phone["outside"] == []  # nothing came from beyond the bundle and the standard library
    shown, saved, whole = phone["answers"]
    server_shown = client.get(game.path, headers={"HX-Request": "true"})
    server_saved = client.post(game.path + "enter", data=bids, headers={"HX-Request": "true"})
    assert shown["status"] == server_shown.status_code == 200
    assert saved["status"] == server_saved.status_code == 200
    assert game_section(shown["text"]) == game_section(server_shown.text)
    assert game_section(saved["text"]) == game_section(server_saved.text)
    assert "Deal 2 of 19" in saved["text"] and 'data-version="3"' in saved["text"]
    assert PLAYERS[0] in saved["text"]
    # A whole page names the same files as the server's (its game's own CSS and script too).
    server_whole = client.get(game.path).text
    assert head(whole["text"]) == head(server_whole)
    assert "plump/plump.js?v=" in head(whole["text"])
    assert "data-on-the-phone" in whole["text"] and "data-on-the-phone" not in server_whole


def head(page: str) -> str:
    found = re.search(r"<head>.*</head>", page, re.S)
    assert found
    return found.group(0)


def test_a_table_set_up_twice_with_one_key_is_one_table(client, app) -> None:
    """The outbox may send a set-up kept offline again (its answer lost): one table, one game."""
    data = {
        "step": "players",
        "game": "plump",
        **{f"players-{i}": n for i, n in enumerate(PLAYERS)},
    }
    data.update(
        {"step": "options", "first": "Anna", "plump-preset": "standard", "key": "setup-key-1"}
    )
    first = client.post("/new", data=data)
    again = client.post("/new", data=data)
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    from assistant.extensions import db
    from assistant.store import keys
    from assistant.store.models import Game, Table

    with app.app_context():
        assert len(db.session.execute(db.select(Table)).scalars().all()) == 1
        start_key = db.session.execute(db.select(Game)).scalar_one().start_key
    assert start_key == keys.of_new_table(data.items(), "setup-key-1")  # the key of this set-up
