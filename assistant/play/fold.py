"""A long sheet folds its old rows: the game page shows the last rows, the whole sheet is one tap
away (``?sheet=all``). The totals stay in sight (the score strip and each sheet's foot)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import request

FOLD_AFTER = 40  # a sheet of more rows than this shows only ...
SHOWN = 20  # ... its last rows on the game page


@dataclass(frozen=True)
class Folded:
    """The rows a page shows, and how many come before them (folded away, 0: none)."""

    rows: Sequence[Any]
    hidden: int
    whole: bool  # the whole sheet was asked for


def whole_sheet() -> bool:
    return request.args.get("sheet") == "all"


def fold(rows: Sequence[Any]) -> Folded:
    whole = whole_sheet()
    if whole or len(rows) <= FOLD_AFTER:
        return Folded(rows, 0, whole and len(rows) > FOLD_AFTER)
    return Folded(rows[-SHOWN:], len(rows) - SHOWN, False)
