"""What only the server does with the app: the extensions and hooks that serve it over a
network (compression, migrations, rate-limit storage, live streams, proxies, the commands).
The phone's own copy of the app (``phone.py``) is built without them: ``create_app`` is
``core_app`` and then ``serve``.

Static files are compressed here once per version, at brotli's and gzip's highest levels (or
sent as the brotli form made beside them, for the phone's runtime); pages and fragments are
compressed on the fly by Flask-Compress.
"""

from __future__ import annotations

import gzip
import os
import threading
from collections.abc import Callable

import brotli  # type: ignore[import-untyped]
from flask import Flask, Response, current_app, request
from flask_compress import Compress
from flask_migrate import Migrate
from werkzeug.security import safe_join

from .assets import YEAR, fingerprint

compress = Compress()
migrate = Migrate(render_as_batch=True)


# The encodings static files are sent in, the phone's preferred first among equals.
ALGORITHMS: dict[str, Callable[[bytes], bytes]] = {
    "br": lambda data: brotli.compress(data, quality=11),
    "gzip": lambda data: gzip.compress(data, compresslevel=9, mtime=0),
}


class Compressed:
    """Static files compressed once, at the highest level, and kept in memory by content."""

    def __init__(self) -> None:
        self._items: dict[tuple[str, str, str], bytes] = {}
        self._lock = threading.Lock()

    def of(self, filename: str, digest: str, algorithm: str, data: bytes) -> bytes:
        key = (filename, digest, algorithm)
        if (known := self._items.get(key)) is None:
            known = ALGORITHMS[algorithm](data)
            with self._lock:
                self._items[key] = known
        return known

    def kept(self, path: str, digest: str) -> bytes:
        """A file's form made beforehand, read once per version of the file."""
        key = (path, digest, "beside")
        if (known := self._items.get(key)) is None:
            with open(path, "rb") as file:
                known = file.read()
            with self._lock:
                self._items[key] = known
        return known


COMPRESSED = Compressed()
TEXT_TYPES = {"text/css", "text/javascript", "application/javascript", "image/svg+xml"}
# A file with its brotli form beside it (``name.br``, made once with the file: the phone's
# runtime, static/phone/, its provenance in vendored.json) is sent as that form, whatever its
# type: its WebAssembly is 9.6 MB, 2.7 as brotli, too long to compress inside a request.
BESIDE = "br"


def compress_static(response: Response, filename: str) -> Response:
    """A static file in the best encoding the phone takes (compressed once per version)."""
    if (
        response.status_code != 200
        or "Content-Encoding" in response.headers
        or request.range is not None
    ):
        return response
    path = safe_join(current_app.static_folder or "static", filename)
    digest = fingerprint(filename)
    if path is None or digest is None:
        return response
    if request.accept_encodings[BESIDE] > 0 and os.path.isfile(f"{path}.{BESIDE}"):
        return encoded(response, filename, BESIDE, COMPRESSED.kept(f"{path}.{BESIDE}", digest))
    algorithm = request.accept_encodings.best_match(tuple(ALGORITHMS))
    if algorithm is None or response.mimetype not in TEXT_TYPES:
        return response
    with open(path, "rb") as file:
        data = file.read()
    return encoded(response, filename, algorithm, COMPRESSED.of(filename, digest, algorithm, data))


def encoded(response: Response, filename: str, algorithm: str, data: bytes) -> Response:
    response.close()  # the file the response would have streamed
    response.direct_passthrough = False
    response.set_data(data)
    response.headers["Content-Encoding"] = algorithm
    response.headers.add("Vary", "Accept-Encoding")
    etag, weak = response.get_etag()
    if etag:
        response.set_etag(f"{etag}:{algorithm}", weak=bool(weak))
    return response


def serve_static(app: Flask) -> None:
    @app.after_request
    def static_file(response: Response) -> Response:
        """A file asked for by its current digest never changes: the phone keeps it a year.
        Every static file goes compressed when the phone takes it."""
        if request.endpoint != "static":
            return response
        filename = (request.view_args or {}).get("filename", "")
        if response.status_code in (200, 304) and request.args.get("v") == fingerprint(filename):
            response.cache_control.no_cache = None
            response.cache_control.public = True
            response.cache_control.max_age = YEAR
            response.cache_control.immutable = True
        return compress_static(response, filename)
