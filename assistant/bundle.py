"""The app as one zip for the phone (``phone.py``): this app's code, templates and catalogues,
and the pure-Python parts of the libraries it runs on, taken from the server's own installation,
so the phone runs exactly the versions the server runs.

Only Python files and the data they read travel: a library's compiled speed-ups stay behind
(MarkupSafe and SQLAlchemy fall back to their Python code), and of Babel's locale data only the
app's languages and their regions. The digests of the static files go with it, so the pages the
phone draws name the files by the URLs the server gives them.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Iterator
from importlib.metadata import distribution, packages_distributions
from importlib.util import find_spec
from pathlib import Path

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
    "flask_limiter",
    "limits",
    "deprecated",
    "wrapt",
    "packaging",
    "ordered_set",
)
LEFT_OUT = re.compile(
    r"(^|/)(__pycache__|tests?)(/|$)|\.(so|pyd|pyi|pyc|c|h|pyx|pxd|po|pot)$"
    # SQLAlchemy's other databases, its test kit and its mypy plugin: the phone has SQLite.
    r"|^sqlalchemy/(testing|ext/mypy|ext/asyncio|dialects/(postgresql|mysql|oracle|mssql))/"
)
ROOT = Path(__file__).resolve().parent.parent


def bundle(languages: tuple[str, ...], digests: dict[str, str]) -> bytes:
    """The zip: ``app/`` holds this app as its folders are laid out, ``app/site/`` the libraries."""
    kept_locale = re.compile(rf"babel/locale-data/(root|({'|'.join(languages)})(_\w+)?)\.dat$")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path, name in files(ROOT, ("assistant", "templates")):
            archive.write(path, f"app/{name}")
        for library in LIBRARIES:
            where = library_root(library)
            for path, name in files(where.parent, (where.name,)):
                if name.startswith("babel/locale-data/") and not kept_locale.search(name):
                    continue
                archive.write(path, f"app/site/{name}")
            for dist, metadata in metadata_of(library):
                archive.writestr(f"app/site/{dist}.dist-info/METADATA", metadata)
        archive.writestr("app/static-digests.json", json.dumps(digests, sort_keys=True))
    return out.getvalue()


def library_root(name: str) -> Path:
    """A library's package folder, or its module file for a one-file library."""
    spec = find_spec(name)
    if spec is None or spec.origin is None:
        raise LookupError(f"{name} is not installed")
    origin = Path(spec.origin)
    return origin.parent if origin.name == "__init__.py" else origin


def metadata_of(library: str) -> Iterator[tuple[str, str]]:
    """A library's installed metadata (Flask's test client and others ask for versions)."""
    for name in packages_distributions().get(library, []):
        dist = distribution(name)
        yield f"{name.replace('-', '_')}-{dist.version}", dist.read_text("METADATA") or ""


def files(base: Path, names: tuple[str, ...]) -> Iterator[tuple[Path, str]]:
    for top in names:
        start = base / top
        for path in sorted(start.rglob("*")) if start.is_dir() else [start]:
            name = path.relative_to(base).as_posix()
            if path.is_file() and not LEFT_OUT.search(name):
                yield path, name
