"""The phone's Python compiled once and kept between starts (``static/phone/worker.mjs``).

Starting the app on the phone used to compile every module it imports from source, every time:
the app's, its libraries' (SQLAlchemy alone is 5 MB of source) and the standard library's,
about half of a start. The server cannot compile them for the phone (its CPython is not the
phone's), so the phone does, once per version of the bundle: on a start without them the
import writes each module's bytecode beside its source (the worker lets it: Pyodide does not by
default), and once the app has answered, a
``Keeper`` gathers, a step at a time (the worker answers the page between steps):

* the app as it was unpacked, each module imported so far as its bytecode in place of its
  source (a module without a source is imported from its bytecode, unchecked: it is kept by the
  bundle's version and never meets another source);
* the standard library's zip as Pyodide mounts it, with each module imported so far compiled
  beside its source (hash-based and unchecked, PEP 552: the zip is the runtime's own and never
  changes under it), which the next start mounts in place of the original.

The worker keeps both by the bundle's digest and unpacks them in place of the bundle next time.
"""

from __future__ import annotations

import io
import marshal
import os
import sys
import time
import zipfile
from collections.abc import Iterator, Sequence
from importlib.util import MAGIC_NUMBER, cache_from_source, source_hash
from pathlib import Path

UNCHECKED_HASH = (1).to_bytes(4, "little")  # PEP 552's flags: hash-based, source not checked


def stdlib_zip() -> Path | None:
    """Where the runtime mounted its standard library's zip (``os`` is one of its modules);
    None where it is a folder (a server's CPython)."""
    where = Path(os.__file__).parent
    return where if where.is_file() else None


class Keeper:
    """The app under ``root`` and the standard library, compiled as far as this start imported
    them: ``step`` until it says done, then ``app`` and ``stdlib`` are the zips to keep."""

    def __init__(self, root: str, stdlib: Path | None = None) -> None:
        self.root = Path(root)
        self.stdlib_path = stdlib or stdlib_zip()
        self.app_out = io.BytesIO()
        self.stdlib_out = io.BytesIO(self.stdlib_path.read_bytes() if self.stdlib_path else b"")
        self.work: Iterator[None] = self.everything()

    def step(self, seconds: float) -> bool:
        """A few ``seconds`` of the work; whether it is done."""
        until = time.perf_counter() + seconds
        # One piece of work after another while there is time; done when none is left.
        return all(time.perf_counter() < until for _ in self.work)

    def app(self) -> bytes:
        return self.app_out.getvalue()

    def stdlib(self) -> bytes:
        return self.stdlib_out.getvalue()

    def everything(self) -> Iterator[None]:
        modules = list(sys.modules.values())  # what this start imported, fixed now
        with zipfile.ZipFile(self.app_out, "w", zipfile.ZIP_STORED) as app:
            yield from self.gather_app(app)
        if self.stdlib_path is not None:
            with zipfile.ZipFile(self.stdlib_out, "a", zipfile.ZIP_STORED) as stdlib:
                yield from compile_stdlib(stdlib, f"{self.stdlib_path}/", modules)

    def gather_app(self, archive: zipfile.ZipFile) -> Iterator[None]:
        for folder, folders, names in os.walk(self.root):
            folders[:] = sorted(name for name in folders if name != "__pycache__")
            for name in sorted(names):
                path = os.path.join(folder, name)
                compiled = bytecode_of(path)
                if compiled is None:
                    archive.write(path, os.path.relpath(path, self.root))
                else:
                    archive.write(compiled, os.path.relpath(path, self.root) + "c")
                yield


def bytecode_of(path: str) -> str | None:
    """The bytecode the import wrote for a module's source, if it did."""
    if not path.endswith(".py"):
        return None
    compiled = cache_from_source(path)
    return compiled if os.path.isfile(compiled) else None


def compile_stdlib(
    archive: zipfile.ZipFile, inside: str, modules: Sequence[object]
) -> Iterator[None]:
    """Bytecode beside the source of each module of the zip (mounted at ``inside``) imported."""
    names = set(archive.namelist())
    for module in modules:
        source_path = getattr(module, "__file__", None) or ""
        if not source_path.startswith(inside) or not source_path.endswith(".py"):
            continue
        name = source_path[len(inside) :]
        if f"{name}c" in names:
            continue
        names.add(f"{name}c")
        source = archive.read(name)
        archive.writestr(f"{name}c", pyc(source, source_path))
        yield


def pyc(source: bytes, path: str) -> bytes:
    """A module's bytecode file, hash-based and unchecked (PEP 552), as the import compiles it."""
    code = compile(source, path, "exec", dont_inherit=True)
    return MAGIC_NUMBER + UNCHECKED_HASH + source_hash(source) + marshal.dumps(code)
