"""The app on the phone (assistant/phone.py): the bundle the server gives is whole (it runs with
nothing but Python's standard library through every kind of page and answer), holds only what
the phone imports, answers what the server answers for the same state and the same change, and
runs again from the bytecode the phone keeps (assistant/bytecode.py)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.bundle import LIBRARIES, make_bundle
from tests.examples import example_records
from tests.web.helpers import (
    PLAYERS,
    imported_game,
    page_forms,
    play_deal,
    seat_fields,
    start_game,
    version_of,
)

# Run by a Python that sees only the bundle and its own standard library (-I -S: no site
# packages, no environment), as Pyodide does on the phone. argv: the unpacked app, then a JSON
# file of tables, each [rows, [request, ...]], and with "keep", a file for the kept bytecode.
ON_ITS_OWN = """
import json, sys, sysconfig
app = sys.argv[1]
sys.path[:0] = [app, app + "/site"]
from assistant.phone import Phone
templates = app.rsplit("/", 1)[0] + "/templates-compiled"
phone = Phone(json.load(open(app + "/static-digests.json")), "ab" * 32, templates)
answers = []
for rows, asked in json.load(open(sys.argv[2])):
    phone.load(json.dumps(rows))
    answers.append([json.loads(phone.answer(*request)) for request in asked])
if sys.argv[3:] == ["keep"]:
    from assistant.bytecode import Keeper
    keeper = Keeper(app.rsplit("/", 1)[0])
    while not keeper.step(0.05):
        pass
    open("kept.zip", "wb").write(keeper.app())
stdlib = sysconfig.get_paths()["stdlib"]
files = {name: getattr(module, "__file__", None) or "" for name, module in sys.modules.items()}
print(json.dumps({
    "answers": answers,
    "outside": sorted(n for n, f in files.items() if f and not f.startswith((app, stdlib))),
    "libraries": sorted({n.split(".")[0] for n, f in files.items() if f.startswith(app + "/site")}),
    "compiled": sorted(n for n, f in files.items() if f.startswith(app) and f.endswith(".pyc")),
    "from source": sorted(n for n, f in files.items() if f.startswith(app) and f.endswith(".py")),
}))
"""
HTMX = json.dumps({"HX-Request": "true", "Accept-Language": "en"})
PAGE = json.dumps({"Accept-Language": "en"})


@pytest.fixture(scope="module")
def bundle_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.conftest import fresh_app

    folder = tmp_path_factory.mktemp("phone")
    app = fresh_app(f"sqlite:///{folder / 'server.db'}", csrf=False)
    make_bundle(app)  # as the server makes it before it serves (once per version of the code)
    with app.test_client().get("/phone/app.zip", follow_redirects=True) as zipped:
        assert zipped.status_code == 200
        data = zipped.data
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        assert not [name for name in names if name.endswith((".so", ".pyd"))]
        archive.extractall(folder / "unpacked")
    return folder / "unpacked" / "app"


def on_the_phone(folder: Path, tables: list, tmp_path: Path, *more: str) -> dict:
    (tmp_path / "tables.json").write_text(json.dumps(tables))
    script = [sys.executable, "-I", "-S", "-c", ON_ITS_OWN, str(folder)]
    done = subprocess.run(
        [*script, str(tmp_path / "tables.json"), *more],
        capture_output=True,
        text=True,
        timeout=600,
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
    asked = [["GET", game.path, HTMX, ""], ["POST", game.path + "enter", HTMX, body]]
    asked.append(["GET", game.path, PAGE, ""])

    phone = on_the_phone(bundle_folder, [[rows, asked]], tmp_path)

    assert phone["outside"] == []  # nothing came from beyond the bundle and the standard library
    shown, saved, whole = phone["answers"][0]
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
    # ... and the bundle it runs by its digest, as the server names its own.
    assert f"/phone/app-{'ab' * 32}.zip" in whole["text"]


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


def every_kind_of_page(client: FlaskClient) -> list:
    """For a game of every kind (an example record each): its rows, and what the phone is asked
    for it: the game (a page and a fragment), the table's page, the next game's set-up, the
    history, the rules, a correction's page; every form of the game page, of the correction and
    of the table's page posted as drawn; a new table's set-up."""
    tables = []
    for kind in ("plump", "mus", "mulle", "boodle"):
        game = imported_game(client, json.loads(example_records(kind)[0].read_text()))
        table = f"/t/{game.token}/"
        pages = [game.path, table, f"{table}new", f"{game.path}history", f"{game.path}rules"]
        pages.append(f"{game.path}rounds/1")
        asked = [["GET", path, PAGE, ""] for path in pages] + [["GET", game.path, HTMX, ""]]
        for path, headers in ((game.path, HTMX), (f"{game.path}rounds/1", PAGE), (table, PAGE)):
            for form in page_forms(client.get(path).text):
                asked.append(["POST", form.action, headers, urlencode(form.current)])
        players = {f"players-{n}": name for n, name in enumerate(PLAYERS)}
        setup = urlencode({"step": "players", "game": kind, **players})
        asked += [["GET", "/new", PAGE, ""], ["POST", "/new", PAGE, setup]]
        tables.append([client.get(f"{table}rows").get_json(), asked])
    return tables


def test_the_bundle_holds_what_the_phone_imports_and_no_rate_limiter(
    client, bundle_folder: Path, tmp_path: Path
) -> None:
    tables = every_kind_of_page(client)

    phone = on_the_phone(bundle_folder, tables, tmp_path)

    statuses = [answer["status"] for answers in phone["answers"] for answer in answers]
    assert len(statuses) > 80 and max(statuses) < 500, statuses
    assert {200, 303, 422} <= set(statuses)  # pages, saved changes and refused ones
    assert phone["outside"] == []
    # Every library that travels is imported: none of them rides along unused ...
    assert phone["libraries"] == sorted(LIBRARIES)
    # ... and neither the rate limiter nor the server's own modules travel.
    site = {path.name.split("-")[0].split(".")[0].lower() for path in bundle_folder.glob("site/*")}
    server_only = {"flask_limiter", "limits", "deprecated", "wrapt", "packaging", "ordered_set"}
    assert site & server_only == set()
    assert not (bundle_folder / "assistant/serving.py").exists()
    assert not list(bundle_folder.glob("site/pytz/zoneinfo/*"))


def test_the_app_starts_again_from_the_bytecode_it_kept(
    client: FlaskClient, bundle_folder: Path, tmp_path: Path
) -> None:
    """What the first start compiled and kept (Keeper: modules and templates) is what the next
    start imports, and it answers as the first did (CPython's bytecode here, Pyodide's on the
    phone)."""
    tables = every_kind_of_page(client)[:1]
    first = on_the_phone(bundle_folder, tables, tmp_path, "keep")
    again = tmp_path / "again"
    with zipfile.ZipFile(tmp_path / "kept.zip") as kept:
        kept.extractall(again)
        assert not [name for name in kept.namelist() if "__pycache__" in name]
        assert [name for name in kept.namelist() if name.startswith("templates-compiled/")]

    second = on_the_phone(again / "app", tables, tmp_path / "again")

    assert first["compiled"] == []
    assert len(second["compiled"]) > 400  # the app and its libraries, as bytecode
    assert second["from source"] == []  # nothing the first start imported is compiled again
    assert [[a["status"] for a in answers] for answers in second["answers"]] == [
        [a["status"] for a in answers] for answers in first["answers"]
    ]
    assert second["outside"] == []


def test_the_app_on_the_phone_has_no_rate_limit_and_the_server_has(app: Flask) -> None:
    from assistant.throttle import LIMITER

    assert app.extensions[LIMITER].enabled
    phone = subprocess.run(
        [sys.executable, "-c", "import assistant.phone, sys; print(sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "flask_limiter" not in phone.stdout and "assistant.cli" not in phone.stdout
