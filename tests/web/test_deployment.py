"""What a deployment relies on: the share link under the public address whatever the Host
header says, private files, and rate limits a real table never reaches."""

from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import segno
from flask import Flask
from flask.testing import FlaskClient

from assistant import config, create_app
from assistant.extensions import db
from tests.web.helpers import PLAYERS, import_record, start_game
from tests.web.test_hostile import counts, example


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def usual_umask() -> Iterator[None]:
    """The umask most systems have: files readable by everyone unless made private."""
    old = os.umask(0o022)
    yield
    os.umask(old)


# --- 10. the share link and the QR code ----------------------------------------------------


def qr_of(url: str) -> bytes:
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=6, border=2, dark="#111", light="#fff")
    return out.getvalue()


def test_the_share_link_and_qr_code_use_the_public_url_whatever_the_host(
    app: Flask, client: FlaskClient
) -> None:
    table = start_game(client).token
    app.config["PUBLIC_URL"] = "https://cards.example/"
    link = f"https://cards.example/t/{table}/"
    page = client.get(f"/t/{table}/", headers={"Host": "evil.example"}).text
    assert link in page and "evil.example" not in page
    qr = client.get(f"/t/{table}/qr.svg", headers={"Host": "evil.example"}).data
    assert qr == qr_of(link)


def test_without_a_public_url_only_trusted_hosts_are_answered(
    app: Flask, client: FlaskClient
) -> None:
    table = start_game(client).token
    app.config["TRUSTED_HOSTS"] = ["cards.example"]
    assert client.get(f"/t/{table}/", headers={"Host": "evil.example"}).status_code == 400
    page = client.get(f"/t/{table}/", headers={"Host": "cards.example"})
    assert page.status_code == 200 and f"http://cards.example/t/{table}/" in page.text


def test_the_public_url_is_read_from_the_environment(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PUBLIC_URL", "https://cards.example")
    app = create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/a.db"})
    assert app.config["PUBLIC_URL"] == "https://cards.example"


# --- 11. private files ---------------------------------------------------------------------


def test_the_secret_key_and_its_folder_are_private_from_the_start(
    tmp_path: Path, monkeypatch, usual_umask
) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    instance = tmp_path / "instance"
    config.secret_key(str(instance))
    assert mode(instance) == 0o700
    assert mode(instance / "secret_key") == 0o600
    assert [p.name for p in instance.iterdir()] == ["secret_key"]  # no draft left behind


def test_an_existing_instance_folder_is_made_private(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    instance.mkdir(mode=0o755)
    config.private_folder(instance)
    assert mode(instance) == 0o700


def test_the_sqlite_database_and_its_wal_files_are_private(tmp_path: Path, usual_umask) -> None:
    path = tmp_path / "private.db"
    url = f"sqlite:///{path}"
    app = create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url, "WTF_CSRF_ENABLED": False})
    with app.app_context():
        db.create_all()
        client = app.test_client()
        start_game(client)
        files = [path, path.with_name("private.db-wal"), path.with_name("private.db-shm")]
        assert all(file.exists() for file in files)
        assert {file.name: mode(file) for file in files} == {file.name: 0o600 for file in files}
        db.engine.dispose()


# --- 12. rate limits -----------------------------------------------------------------------


def new_table(client: FlaskClient, game: str = "plump"):  # type: ignore[no-untyped-def]
    data = {"step": "options", "game": game, "first": "Anna", f"{game}-preset": "standard"}
    data |= {f"players-{i}": name for i, name in enumerate(PLAYERS)}
    return client.post("/new", data=data)


def test_an_evening_at_a_busy_club_never_meets_a_limit(app: Flask, client: FlaskClient) -> None:
    """Twenty tables behind one address each start a game and import one: no limit is met."""
    for _ in range(20):
        assert new_table(client).status_code == 303
    token = start_game(client).token
    for _ in range(19):
        assert import_record(client, token, example("plump")).status_code == 303


def test_creating_tables_without_end_is_stopped_with_a_page_that_says_to_wait(
    app: Flask, client: FlaskClient
) -> None:
    app.config["RATELIMIT_CREATE"] = "5 per minute"
    for _ in range(10):  # a form with an error costs nothing
        assert client.post("/new", data={"step": "players"}).status_code == 422
    for _ in range(5):
        assert new_table(client).status_code == 303
    before = counts(app)
    refused = new_table(client)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert "Wait a minute" in refused.text
    assert counts(app) == before
    swedish = client.post("/new?lang=sv", data={"step": "players"})
    assert swedish.status_code == 429 and "Vänta en minut" in swedish.text
    assert new_table(app.test_client()).status_code == 429  # another phone, the same address
    elsewhere = client.post(
        "/new",
        data={"step": "players"},
        environ_overrides={"REMOTE_ADDR": "192.0.2.7"},
    )
    assert elsewhere.status_code == 422  # another network is judged as usual


def test_imports_without_end_are_stopped(app: Flask, client: FlaskClient) -> None:
    app.config["RATELIMIT_IMPORT"] = "3 per minute"
    token = start_game(client).token
    for _ in range(3):
        assert import_record(client, token, {"broken": True}).status_code == 422
    assert import_record(client, token, example("plump")).status_code == 429
    fragment = client.post("/import", headers={"HX-Request": "true"})
    assert fragment.status_code == 429 and fragment.headers["HX-Retarget"] == "#main"


def test_circles_and_table_files_count_like_tables_and_imports(
    app: Flask, client: FlaskClient
) -> None:
    app.config["RATELIMIT_CREATE"] = "2 per minute"
    app.config["RATELIMIT_IMPORT"] = "2 per minute"
    for _ in range(2):
        assert client.post("/circles", data={"circle-name": "Friday"}).status_code == 303
    assert client.post("/circles", data={"circle-name": "Friday"}).status_code == 429
    for _ in range(2):
        assert client.post("/import-table").status_code == 422
    assert client.post("/import-table").status_code == 429


@pytest.mark.parametrize(
    "path", ["/t/{wrong}/", "/t/{wrong}/g/1/", "/v/{wrong}/g/1/", "/c/{wrong}/"]
)
def test_guessing_links_is_stopped_but_a_right_link_never_is(
    app: Flask, client: FlaskClient, path: str
) -> None:
    app.config["RATELIMIT_WRONG_LINKS"] = "10 per minute"
    game = start_game(client)
    for n in range(10):
        assert client.get(path.format(wrong=f"wrong-link-{n:04}")).status_code == 404
    assert client.get(path.format(wrong="wrong-link-9999")).status_code == 429
    assert client.get(game.path).status_code == 200  # the table's own phones go on
    assert client.get(f"/t/{game.token}/").status_code == 200


def test_behind_a_trusted_proxy_each_phone_is_counted_by_its_own_address(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'proxy.db'}"
    limits = {"RATELIMIT_WRONG_LINKS": "2 per minute", "TRUSTED_PROXIES": 1}
    app = create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url, **limits})
    with app.app_context():
        db.create_all()
    client = app.test_client()

    def guess(phone: str) -> int:
        headers = {"X-Forwarded-For": phone}
        return client.get("/t/not-a-table/", headers=headers).status_code

    assert [guess("198.51.100.1") for _ in range(3)] == [404, 404, 429]
    assert guess("198.51.100.2") == 404  # another phone behind the same proxy
    with app.app_context():
        db.engine.dispose()


@pytest.mark.parametrize(("level", "pragma"), [(None, 1), ("FULL", 2)])
def test_sqlite_commits_without_waiting_for_the_disk_unless_asked(
    tmp_path: Path, level: str | None, pragma: int
) -> None:
    """WAL with synchronous=NORMAL by default (1); FLASK_SQLITE_SYNCHRONOUS=FULL (2) waits for
    the disk on every commit."""
    settings = {"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'a.db'}"}
    if level:
        settings["SQLITE_SYNCHRONOUS"] = level
    app = create_app(settings)
    with app.app_context():
        assert db.session.execute(db.text("PRAGMA synchronous")).scalar() == pragma
        assert db.session.execute(db.text("PRAGMA journal_mode")).scalar() == "wal"
        db.engine.dispose()


# --- a server's worker ---------------------------------------------------------------------


def test_a_gunicorn_worker_leaves_the_loaded_app_out_of_full_collections() -> None:
    """gunicorn reads gunicorn.conf.py from the folder it starts in: once a worker has loaded
    the app, what exists is frozen (a full collection once took up to 50 ms of a save) and the
    young generation is collected less often. In a process of its own: freezing is for good."""
    check = (
        "import gc, runpy\n"
        "hooks = runpy.run_path('gunicorn.conf.py')\n"
        "assert gc.get_freeze_count() == 0\n"
        "hooks['post_worker_init'](None)\n"
        "print(gc.get_freeze_count() > 10000, gc.get_threshold()[0])\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", check], cwd=root, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["True", str(config.YOUNG_OBJECTS)]
