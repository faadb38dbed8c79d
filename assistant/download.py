"""A file the phone keeps: a game, a table or a night as JSON (``docs/records.md``), a sheet as
CSV. Below every room and the hallway, which each send one."""

from __future__ import annotations

import json
from typing import Any

from flask import Response


def download(text: str, name: str, mimetype: str) -> Response:
    """``text`` as the file ``name``, saved by the browser rather than shown."""
    disposition = f'attachment; filename="{name}"'
    return Response(text, mimetype=mimetype, headers={"Content-Disposition": disposition})


def json_download(data: Any, name: str) -> Response:
    """``data`` as a JSON file ``name``, as a person reads it (indented, letters as they are)."""
    return download(json.dumps(data, ensure_ascii=False, indent=2), name, "application/json")
