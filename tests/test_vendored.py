"""What the app vendors is what its source published: each vendored file's SHA-256 is written
beside it (``vendored.json``, with the npm package, its tarball and the tarball's integrity; a
second package in the same folder under ``also``), every file of a vendored folder is accounted
for, and a file compressed here is exactly its original, compressed (the server sends that
form, assistant/serving.py)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import brotli
import pytest

STATIC = Path(__file__).resolve().parents[1] / "static"
PROVENANCE = sorted(STATIC.rglob("vendored.json"))
INTEGRITY = re.compile(r"sha512-[A-Za-z0-9+/]{86}==")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def packages(said: dict[str, Any]) -> list[dict[str, Any]]:
    """Each package a provenance file speaks of: its own, and those ``also`` vendored there."""
    return [said, *said.get("also", [])]


def test_htmx_and_pyodide_say_where_they_come_from() -> None:
    folders = {path.parent.relative_to(STATIC).as_posix() for path in PROVENANCE}
    assert folders == {"js", "phone/pyodide-314.0.8"}


@pytest.mark.parametrize("provenance", PROVENANCE, ids=lambda p: p.parent.name)
def test_each_vendored_file_is_the_one_its_source_published(provenance: Path) -> None:
    for said in packages(json.loads(provenance.read_text())):
        package = said["source"]["package"]
        name, version = package.rsplit("@", 1)
        assert said["source"]["tarball"] == (
            f"https://registry.npmjs.org/{name}/-/{name}-{version}.tgz"
        )
        assert INTEGRITY.fullmatch(said["source"]["integrity"])
        assert said["sha256"]
        for file, digest in {**said["sha256"], **said.get("written here", {})}.items():
            assert sha256(provenance.parent / file) == digest, file
            assert version in file or version in provenance.parent.name  # the version in sight


@pytest.mark.parametrize("provenance", PROVENANCE, ids=lambda p: p.parent.name)
def test_a_form_compressed_here_is_its_original(provenance: Path) -> None:
    said = json.loads(provenance.read_text())
    for file, made in said.get("compressed here", {}).items():
        assert made["of"] in said["sha256"] and file == f"{made['of']}.br"
        assert sha256(provenance.parent / file) == made["sha256"], file
        original = (provenance.parent / made["of"]).read_bytes()
        assert brotli.decompress((provenance.parent / file).read_bytes()) == original


def test_nothing_in_the_runtimes_folder_is_unaccounted_for() -> None:
    (runtime,) = (path for path in PROVENANCE if "pyodide" in path.parent.name)
    said = json.loads(runtime.read_text())
    listed = {*said["sha256"], *said["written here"], *said["compressed here"], runtime.name}
    assert {path.name for path in runtime.parent.iterdir()} == listed


def test_every_minified_script_is_accounted_for() -> None:
    said = json.loads((STATIC / "js/vendored.json").read_text())
    recorded = {file for package in packages(said) for file in package["sha256"]}
    assert {path.name for path in (STATIC / "js").glob("*.min.js")} == recorded
    assert recorded == {"htmx-4.0.1.min.js", "hx-head-4.0.1.min.js", "idb-keyval-6.3.0.min.js"}
