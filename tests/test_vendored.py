"""The JavaScript vendored in static/js is what its package published: each file's SHA-256 as
static/js/VENDORED.md records it beside its version and source, and no other file there is
someone else's unrecorded."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "static" / "js"
ROW = re.compile(r"^\| (\S+\.js) \| (.+?) \| (\S+) \| (https://\S+) \| .+? \| ([0-9a-f]{64}) \|$")


def recorded() -> dict[str, str]:
    lines = (ROOT / "static/js/VENDORED.md").read_text(encoding="utf-8").splitlines()
    return {found[1]: found[5] for line in lines if (found := ROW.match(line))}


def test_every_vendored_file_is_the_one_its_package_published() -> None:
    files = recorded()
    assert set(files) == {"htmx-4.0.1.min.js", "hx-head-4.0.1.min.js", "idb-keyval-6.3.0.min.js"}
    for name, digest in files.items():
        assert hashlib.sha256((SCRIPTS / name).read_bytes()).hexdigest() == digest, name


def test_every_minified_file_here_is_recorded() -> None:
    minified = {path.name for path in SCRIPTS.glob("*.min.js")}
    assert minified == set(recorded())
