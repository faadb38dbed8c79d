"""The foundation: secret key, database pragmas, CSRF, security headers, languages, sharing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlalchemy import text

from assistant import config, create_app
from assistant.extensions import db
from tests.examples import EXAMPLES
from tests.web.helpers import start_game

HTMX = {"HX-Request": "true"}


def test_the_secret_key_is_generated_once_into_the_instance_folder(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = config.secret_key(str(tmp_path))
    assert len(first) == 64
    assert (tmp_path / "secret_key").read_text().strip() == first
    assert config.secret_key(str(tmp_path)) == first


def test_database_url_takes_postgres_from_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db/table")
    assert config.database_url("/x") == "postgresql+psycopg://u:p@db/table"
    monkeypatch.delenv("DATABASE_URL")
    assert config.database_url("/x").startswith("sqlite:///")


def test_sqlite_keeps_foreign_keys_and_wal(app) -> None:
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("SQLite pragmas: this run uses another database")
    with app.app_context():
        assert db.session.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert db.session.execute(text("PRAGMA journal_mode")).scalar() == "wal"


def test_security_headers_on_every_page(client) -> None:
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "same-origin"


def csrf_client(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A client of an app with CSRF protection on, as in production."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "x",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/c.db",
        }
    )
    with app.app_context():
        db.create_all()
    return app.test_client()


def test_a_post_over_https_passes_the_referrer_check(tmp_path: Path) -> None:
    client = csrf_client(tmp_path)
    page = client.get("/new", base_url="https://table.example")
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page.text).group(1)
    data = {"csrf_token": token, "step": "players", "game": "plump", "players-0": "A"}
    # a browser sends the page as referrer under Referrer-Policy: same-origin
    headers = {"Referer": "https://table.example/new"}
    response = client.post("/new", data=data, base_url="https://table.example", headers=headers)
    assert response.status_code == 422  # judged on its content, not refused by CSRF


def test_no_inline_script_in_any_page(client) -> None:
    game = start_game(client)
    for path in ("/", "/new", game.path, game.path + "rules", f"/t/{game.token}/"):
        page = client.get(path).text
        assert not re.search(r"<script(?![^>]*\bsrc=)", page), path
        assert not re.search(r"\son[a-z]+=", page), path


def test_every_template_sees_every_global_the_app_gives(tmp_path: Path) -> None:
    """Each template's globals are one flat copy of the environment's (``FlatGlobals``), taken
    when it is loaded: safe as long as no template is loaded before the last global is set."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/t.db"})
    assert len(app.jinja_env.cache or {}) == 0  # nothing loaded while the app was put together
    template = app.jinja_env.get_template("games/_game.html")
    assert template.globals.keys() == app.jinja_env.globals.keys()
    assert template.globals["correct_link"] is app.jinja_env.globals["correct_link"]


def test_csrf_protects_every_post(tmp_path: Path) -> None:
    client = csrf_client(tmp_path)
    refused = client.post("/new", data={"step": "players", "game": "plump"})
    assert refused.status_code == 400
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', client.get("/new").text)
    data = {"csrf_token": token.group(1), "step": "players", "game": "plump"}
    data |= {f"players-{i}": n for i, n in enumerate(["Anna", "Bo", "Cia"])}
    assert client.post("/new", data=data).status_code == 200


def wrong_token(token: str) -> str:
    """``token`` with its signature changed in its first character, which carries six bits of
    the signature (the last carries only some of them: a changed last character may decode to
    the same signature)."""
    signed, signature = token.rsplit(".", 1)
    first = "A" if signature[0] != "A" else "B"
    return f"{signed}.{first}{signature[1:]}"


def test_an_answers_token_keeps_working_and_a_wrong_one_is_refused(tmp_path: Path) -> None:
    """The forms of a POST's answer carry a CSRF token that works for the next POST (Undo);
    a wrong one is refused."""
    client = csrf_client(tmp_path)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', client.get("/new").text)
    data = {"csrf_token": token.group(1), "step": "players", "game": "plump"}
    data |= {f"players-{i}": n for i, n in enumerate(["Anna", "Bo", "Cia"])}
    assert client.post("/new", data=data).status_code == 200
    data |= {"step": "options", "first": "Anna", "plump-preset": "standard"}
    game = client.post("/new", data=data).headers["Location"]
    page = client.get(game).text
    sent = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    form = re.search(r'<form[^>]*action="([^"]+enter)"[\s\S]*?</form>', page)
    hidden = dict(re.findall(r'name="(version|key|step)" value="([^"]*)"', form.group(0)))
    bids = {f"bids_{seat}": 0 for seat in range(3)} | hidden
    headers = {"HX-Request": "true", "X-CSRFToken": sent}
    answer = client.post(form.group(1), data=bids, headers=headers)
    assert answer.status_code == 200, answer.text
    tokens = set(re.findall(r'name="csrf_token" value="([^"]+)"', answer.text))
    assert len(tokens) == 1
    undo = re.search(r'action="([^"]+undo)"[\s\S]*?</form>', answer.text)
    undo_data = dict(re.findall(r'name="(version|key)" value="([^"]*)"', undo.group(0)))
    with_token = undo_data | {"csrf_token": tokens.pop()}
    assert client.post(undo.group(1), data=with_token, headers=HTMX).status_code == 200
    wrong = HTMX | {"X-CSRFToken": wrong_token(sent)}
    assert client.post(undo.group(1), data=undo_data, headers=wrong).status_code == 400


def test_swedish_is_chosen_from_the_browser_or_the_link(client) -> None:
    assert "Ny" in client.get("/", headers={"Accept-Language": "sv-SE,sv;q=0.9"}).text
    assert "New table" in client.get("/?lang=en").text
    assert "Ny" in client.get("/?lang=sv").text


def test_the_home_page_remembers_this_phones_tables(client) -> None:
    game = start_game(client)
    page = client.get("/").text
    assert f"/t/{game.token}/" in page
    assert "Continue" in page


def test_names_are_escaped(client) -> None:
    game = start_game(client, players=["<b>Anna</b>", "Bo", "Cia"], first="Bo")
    page = client.get(game.path).text
    assert "<b>Anna</b>" not in page
    assert "&lt;b&gt;Anna&lt;/b&gt;" in page


def test_the_qr_code_is_an_svg_of_the_link(client) -> None:
    game = start_game(client)
    response = client.get(f"/t/{game.token}/qr.svg")
    assert response.mimetype == "image/svg+xml"
    assert response.data.startswith(b"<?xml") or b"<svg" in response.data[:200]


def test_deleting_a_game_asks_first(client) -> None:
    game = start_game(client)
    assert "Delete this game?" in client.get(game.path + "delete").text
    response = client.post(game.path + "delete", data={"version": 0, "key": "delete-key-1"})
    assert response.status_code == 303
    assert client.get(game.path).status_code == 404


def test_a_game_file_imported_at_home_becomes_a_new_table(client) -> None:
    import io

    record = EXAMPLES / "plump-three-deals.json"
    upload = {"record": (io.BytesIO(record.read_bytes()), "game.json")}
    response = client.post("/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).text
    assert "Deal 4 of 19" in page
    bad = {"record": (io.BytesIO(b'{"format": "table-assistant/1", "game": "go"}'), "x.json")}
    response = client.post("/import", data=bad, content_type="multipart/form-data")
    assert response.status_code == 422
    assert "is not supported" in response.text


def test_migrations_build_exactly_the_models(tmp_path: Path) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from flask_migrate import upgrade

    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "x",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/m.db",
        }
    )
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection), db.metadata)
    assert diff == []


def test_settings_outside_the_record_are_kept_per_game(client) -> None:
    game = start_game(client, game="mus", players=["Anna", "Ben", "Carla", "Dan"], silent="y")
    assert "This table plays silent Mus" in client.get(game.path + "rules").text
    assert "silent" not in client.get(game.path + "export").get_json()["options"]
    boodle = start_game(
        client, game="boodle", players=["Anna", "Bo", "Cia"], chip_value="0.5", currency="kr"
    )
    from tests.web.helpers import post_entry

    for fields in (
        {"action": "boodle", "card": "QD", "by": "Anna"},
        {"action": "out", "out": "Anna", "cards_left_1": 3, "cards_left_2": 5},
    ):
        post_entry(client, boodle, fields)
    page = client.get(boodle.path).text
    assert " kr" in page
