"""The app as one zip for the phone (``phone.py``): this app's code, templates and catalogues,
and the pure-Python parts of the libraries it runs on, taken from the server's own installation,
so the phone runs exactly the versions the server runs.

Only what the phone imports travels (``tests/web/test_phone.py`` runs the bundle with nothing
but the standard library through every kind of page and answer, and checks that each library in
it is imported): a library's compiled speed-ups stay behind (MarkupSafe and SQLAlchemy fall back
to their Python code), so do the rate limiter and the server's own modules (``throttle.py``), the
time zones (the app keeps UTC) and, of Babel's locale data, all but the app's languages. The
digests of the static files go with it, so the pages the phone draws name the files by the URLs
the server gives them.

Built once per version of the app, never inside a request: ``flask --app assistant phone
build`` (run by gunicorn as it starts, ``gunicorn.conf.py``, and by the browser tests) writes it
under ``instance/phone/`` beside its brotli and gzip forms, named by its SHA-256, which the phone
checks before it runs it (``static/phone/worker.mjs``). Its version is a digest of what goes in
(each file's name, size and time, the libraries' versions, the languages, the static files'
digests): the server sends only a bundle made from the code it runs (``views/phone.py``).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import re
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.metadata import distribution, packages_distributions
from importlib.util import find_spec
from pathlib import Path

from flask import Flask, current_app

from .assets import static_digests

# What the app imports on the phone, and what those import in turn (``tests/web/test_phone.py``
# runs the bundle with nothing else to prove it is whole).
LIBRARIES = (
    "flask",
    "werkzeug",
    "jinja2",
    "markupsafe",
    "itsdangerous",
    "click",
    "blinker",
    "cachetools",
    "wtforms",
    "flask_wtf",
    "flask_babel",
    "babel",
    "pytz",
    "segno",
    "flask_sqlalchemy",
    "sqlalchemy",
    "typing_extensions",
    "openskill",  # the circle's ratings (games/rating.py)
)
LEFT_OUT = re.compile(
    r"(^|/)(__pycache__|tests?)(/|$)|\.(so|pyd|pyi|pyc|c|h|pyx|pxd|po|pot)$"
    # SQLAlchemy's other databases, its extensions, test kit and mypy plugin: the phone has
    # SQLite and the app none of the extensions. pytz's time zones: the app keeps UTC.
    r"|^sqlalchemy/(testing|ext|dialects/(postgresql|mysql|oracle|mssql))/"
    r"|^pytz/zoneinfo/"
)
# The app's modules only the server runs (``create_app``; the phone's app is ``core_app``).
SERVER_ONLY = {"assistant/serving.py", "assistant/cli.py"}
FORMAT = "stored-2"  # the bundle's layout: bumped when it changes
ROOT = Path(__file__).resolve().parent.parent
# One time for every entry, so that the same files always make the same zip.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def bundle(languages: tuple[str, ...], digests: dict[str, str]) -> bytes:
    """The zip: ``app/`` holds this app as its folders are laid out, ``app/site/`` the libraries.
    Stored, not deflated: it travels compressed whole (brotli finds what files share) and the
    phone unpacks it without inflating."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for path, name in contents(languages):
            archive.writestr(zipfile.ZipInfo(name, ZIP_TIME), path.read_bytes())
        for library in LIBRARIES:
            for dist, metadata in metadata_of(library):
                entry = zipfile.ZipInfo(f"app/site/{dist}.dist-info/METADATA", ZIP_TIME)
                archive.writestr(entry, metadata)
        digested = json.dumps(digests, sort_keys=True)
        archive.writestr(zipfile.ZipInfo("app/static-digests.json", ZIP_TIME), digested)
    return out.getvalue()


def contents(languages: tuple[str, ...]) -> Iterator[tuple[Path, str]]:
    """Every file that goes in, and its name in the zip."""
    kept_locale = re.compile(rf"babel/locale-data/(root|{'|'.join(languages)})\.dat$")
    for path, name in files(ROOT, ("assistant", "templates")):
        if name not in SERVER_ONLY:
            yield path, f"app/{name}"
    for library in LIBRARIES:
        where = library_root(library)
        for path, name in files(where.parent, (where.name,)):
            if not name.startswith("babel/locale-data/") or kept_locale.search(name):
                yield path, f"app/site/{name}"


def library_root(name: str) -> Path:
    """A library's package folder, or its module file for a one-file library."""
    spec = find_spec(name)
    if spec is None or spec.origin is None:
        raise LookupError(f"{name} is not installed")
    origin = Path(spec.origin)
    return origin.parent if origin.name == "__init__.py" else origin


def metadata_of(library: str) -> Iterator[tuple[str, str]]:
    """A library's installed metadata (libraries ask for their own versions)."""
    for name in installed().get(library, []):
        dist = distribution(name)
        yield f"{name.replace('-', '_')}-{dist.version}", dist.read_text("METADATA") or ""


@cache
def installed() -> Mapping[str, list[str]]:
    """Each installed package's distributions (a look through every installed one)."""
    return packages_distributions()


def files(base: Path, names: tuple[str, ...]) -> Iterator[tuple[Path, str]]:
    for top in names:
        start = base / top
        for path in sorted(start.rglob("*")) if start.is_dir() else [start]:
            name = path.relative_to(base).as_posix()
            if path.is_file() and not LEFT_OUT.search(name):
                yield path, name


@cache
def version(languages: tuple[str, ...], digested: str) -> str:
    """The version of the bundle these would make: what goes in, by name, size and time (a stat
    of each file, made once per process), the libraries' versions, and ``digested``, the
    static files' digests as JSON."""
    digest = hashlib.sha256(f"{FORMAT}\0{languages}\0{digested}\0".encode())
    for path, name in contents(languages):
        stat = path.stat()
        digest.update(f"{name}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    for library in LIBRARIES:
        digest.update("".join(dist for dist, _ in metadata_of(library)).encode())
    return digest.hexdigest()[:20]


@dataclass(frozen=True)
class Built:
    """A bundle made and kept in ``folder``: ``app-<sha256>.zip``, ``.zip.br`` and ``.zip.gz``."""

    folder: Path
    sha256: str

    def path(self, encoding: str | None = None) -> Path:
        suffix = {None: "", "br": ".br", "gzip": ".gz"}[encoding]
        return self.folder / f"app-{self.sha256}.zip{suffix}"


def built(folder: Path, key: str) -> Built | None:
    """The bundle of version ``key``, if it was made."""
    try:
        sha256 = json.loads((folder / f"{key}.json").read_text())["sha256"]
    except (OSError, ValueError, KeyError):
        return None
    made = Built(folder, sha256)
    return made if made.path().is_file() else None


def build(folder: Path, languages: tuple[str, ...], digests: dict[str, str]) -> Built:
    """The bundle of this version, made and kept in ``folder`` unless it is there already."""
    key = version(languages, json.dumps(digests, sort_keys=True))
    if found := built(folder, key):
        return found
    import brotli  # type: ignore[import-untyped]  # the server's, as serving.py's

    data = bundle(languages, digests)
    made = Built(folder, hashlib.sha256(data).hexdigest())
    folder.mkdir(parents=True, exist_ok=True)
    # Compressed once per version at levels that keep a start of the server short (brotli's
    # 11 would take a minute or more for some 10 % less).
    keep(made.path("br"), brotli.compress(data, quality=9, lgwin=24))
    keep(made.path("gzip"), gzip.compress(data, compresslevel=6, mtime=0))
    keep(made.path(), data)
    keep(folder / f"{key}.json", json.dumps({"sha256": made.sha256}).encode())
    forget_all_but(folder, {made.sha256, key})
    return made


def keep(path: Path, data: bytes) -> None:
    """``data`` in ``path``, whole or not at all (another process may be reading it)."""
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    partial.write_bytes(data)
    os.replace(partial, path)


def forget_all_but(folder: Path, names: set[str]) -> None:
    """Older bundles and their versions, but the newest one before this (a server restarting
    still answers the pages it drew a moment ago)."""
    older = [p for p in folder.glob("*.json") if p.stem not in names]
    for stale in sorted(older, key=lambda p: p.stat().st_mtime)[:-1]:
        if (made := built(folder, stale.stem)) and made.sha256 not in names:
            for encoding in (None, "br", "gzip"):
                made.path(encoding).unlink(missing_ok=True)
        stale.unlink(missing_ok=True)


KEPT = "phone-bundle"  # the bundle of this version, in ``app.extensions`` once it is found


def current_bundle() -> Built | None:
    """The bundle made for the code this server runs, if it was made."""
    if (made := current_app.extensions.get(KEPT)) is None:
        made = built(bundle_folder(current_app), bundle_version())
        if made is not None:  # looked for again until it is made
            current_app.extensions[KEPT] = made
    return made


def bundle_version() -> str:
    languages = tuple(current_app.config["LANGUAGES"])
    return version(languages, json.dumps(static_digests(), sort_keys=True))


def bundle_folder(app: Flask) -> Path:
    return Path(app.config.get("PHONE_BUNDLE_FOLDER") or Path(app.instance_path, "phone"))


def make_bundle(app: Flask) -> Built:
    """The bundle of this version, made now unless it was (the command, a test's set-up)."""
    with app.app_context():
        languages = tuple(app.config["LANGUAGES"])
        made = build(bundle_folder(app), languages, static_digests())
    app.extensions[KEPT] = made
    return made
