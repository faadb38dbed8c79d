"""What only the server does with the app: the extensions and hooks that serve it over a
network (compression, migrations, rate-limit storage, live streams, proxies, the commands).
The phone's own copy of the app (``phone.py``) is built without them: ``create_app`` is
``core_app`` and then ``serve``.

Static files are compressed here once per version, at brotli's and gzip's highest levels; pages
and fragments are compressed on the fly by Flask-Compress.
"""

from __future__ import annotations

import gzip
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


COMPRESSED = Compressed()
TEXT_TYPES = {"text/css", "text/javascript", "application/javascript", "image/svg+xml"}


def compress_static(response: Response, filename: str) -> Response:
    """A static file in the best encoding the phone takes (compressed once per version)."""
    if (
        response.status_code != 200
        or response.mimetype not in TEXT_TYPES
        or "Content-Encoding" in response.headers
        or request.range is not None
    ):
        return response
    algorithm = request.accept_encodings.best_match(tuple(ALGORITHMS))
    digest = fingerprint(filename)
    if algorithm is None or digest is None:
        return response
    path = safe_join(current_app.static_folder or "static", filename)
    assert path is not None  # the file has a fingerprint
    with open(path, "rb") as file:
        data = file.read()
    response.close()  # the file the response would have streamed
    response.direct_passthrough = False
    response.set_data(COMPRESSED.of(filename, digest, algorithm, data))
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
