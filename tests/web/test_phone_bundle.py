"""The app for the phone as the server sends it (assistant/views/phone.py, assistant/bundle.py):
made once per version before any request asks for it, named by its SHA-256, sent compressed
as it was compressed once, kept a year by the phone, and counted per address."""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path
from typing import TYPE_CHECKING

import brotli
import pytest
from flask import Flask
from flask.testing import FlaskClient

import assistant.bundle
from tests.conftest import fresh_app
from tests.web.helpers import start_game

if TYPE_CHECKING:
    from assistant.bundle import Built


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The bundle of this version, made as ``flask --app assistant phone build`` makes it."""
    from assistant.bundle import make_bundle

    folder = tmp_path_factory.mktemp("made")
    return make_bundle(fresh_app(f"sqlite:///{folder / 'made.db'}", csrf=False))


@pytest.fixture
def zipping(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every time anything makes a bundle's zip."""
    calls: list[str] = []
    original = assistant.bundle.bundle

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append("bundle")
        return original(*args, **kwargs)

    monkeypatch.setattr(assistant.bundle, "bundle", counted)
    import assistant.views.phone as views

    monkeypatch.setattr(views, "bundle", counted, raising=False)  # where it was once imported
    return calls


def fetched(client: FlaskClient, url: str, encoding: str) -> tuple[int, dict, bytes]:
    with client.get(url, headers={"Accept-Encoding": encoding}) as response:
        return response.status_code, dict(response.headers), response.data


def test_the_first_request_for_the_bundle_zips_nothing(
    app: Flask, runner, tmp_path: Path, zipping: list[str]
) -> None:
    runner.invoke(args=["phone", "build"])  # what the server's start runs (gunicorn.conf.py)
    zipping.clear()
    worker = fresh_app(str(app.config["SQLALCHEMY_DATABASE_URI"]), csrf=False)  # a fresh one
    with worker.test_client().get("/phone/app.zip", follow_redirects=True) as first:
        assert first.status_code == 200 and first.data[:2] == b"PK"
    assert zipping == []


def test_the_bundle_goes_by_its_digest_compressed_once_and_kept_a_year(
    made: Built, client: FlaskClient
) -> None:
    game = start_game(client)
    url = f"/phone/app-{made.sha256}.zip"
    assert f'data-bundle="{url}"' in client.get(game.path).text
    assert f'"{url}"' in client.get("/sw.js").text  # what the service worker keeps
    stored = made.path().read_bytes()
    assert hashlib.sha256(stored).hexdigest() == made.sha256
    for encoding, decode in (("br", brotli.decompress), ("gzip", gzip.decompress)):
        status, headers, body = fetched(client, url, f"{encoding}, identity")
        assert status == 200 and headers["Content-Encoding"] == encoding
        assert body == made.path(encoding).read_bytes() and decode(body) == stored
        assert (
            "immutable" in headers["Cache-Control"]
            and "max-age=31536000" in headers["Cache-Control"]
        )
        assert "Accept-Encoding" in headers["Vary"]
    status, headers, body = fetched(client, url, "identity")
    assert status == 200 and "Content-Encoding" not in headers and body == stored
    moved = client.get("/phone/app.zip")
    assert moved.status_code == 307 and moved.headers["Location"] == url
    assert "no-cache" in moved.headers["Cache-Control"]
    assert client.get(f"/phone/app-{'0' * 64}.zip").status_code == 404


def test_a_server_without_its_bundle_says_so_and_makes_none(
    app: Flask, client: FlaskClient, tmp_path: Path, zipping: list[str]
) -> None:
    app.config["PHONE_BUNDLE_FOLDER"] = str(tmp_path / "nothing")
    game = start_game(client)
    assert 'data-bundle="/phone/app.zip"' in client.get(game.path).text
    answer = client.get("/phone/app.zip")
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "60"
    assert zipping == [] and not (tmp_path / "nothing").exists()


def test_the_bundle_is_counted_per_address(made: Built, app: Flask, client: FlaskClient) -> None:
    app.config["RATELIMIT_PHONE_APP"] = "2 per minute"
    url = f"/phone/app-{made.sha256}.zip"
    for _ in range(2):
        assert fetched(client, url, "br")[0] == 200
    assert fetched(client, url, "br")[0] == 429
    with client.get(url, environ_overrides={"REMOTE_ADDR": "192.0.2.7"}) as elsewhere:
        assert elsewhere.status_code == 200  # another network is counted on its own


def test_the_runtimes_webassembly_goes_as_its_brotli_form_made_beforehand(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """9.6 MB as 2.7: the form kept beside it (static/phone/pyodide-*/vendored.json), never
    compressed inside a request (that would take a worker minutes at brotli's best)."""
    import assistant.serving

    def never(data: bytes) -> bytes:
        raise AssertionError("compressed inside a request")

    monkeypatch.setitem(assistant.serving.ALGORITHMS, "br", never)
    runtime = Path(client.application.static_folder or "static", "phone", "pyodide-314.0.8")
    wasm = runtime / "pyodide.asm.wasm"
    digest = hashlib.sha256(wasm.read_bytes()).hexdigest()[:12]
    address = f"/static/phone/pyodide-314.0.8/pyodide.asm.wasm?v={digest}"
    status, headers, body = fetched(client, address, "gzip, deflate, br")
    assert status == 200 and headers["Content-Type"] == "application/wasm"
    assert headers["Content-Encoding"] == "br" and "immutable" in headers["Cache-Control"]
    assert body == (runtime / "pyodide.asm.wasm.br").read_bytes()
    assert brotli.decompress(body) == wasm.read_bytes() and len(body) < len(wasm.read_bytes()) / 3
    status, headers, body = fetched(client, address, "gzip")
    assert status == 200 and "Content-Encoding" not in headers  # gzip: as it is
