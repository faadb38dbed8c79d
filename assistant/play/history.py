"""A game's history as the page shows it: each change's sentence, when, from which phone, and
for a correction or an undo what it changed in the rounds already entered (round, field, the
value before and after), so that a dispute at the table can be settled."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..games.base import Message
from ..i18n import gettext, say
from ..models import Change
from .money import number

NOTHING = "–"


@dataclass(frozen=True)
class HistoryLine:
    what: str
    when: datetime
    who: str  # "this phone", "phone 3f2a", "imported"
    version: int
    changes: tuple[str, ...]  # "Round 1: tricks · Cia 3 → 4"

    @property
    def correction(self) -> bool:
        return bool(self.changes)


def flatten(value: Any, path: str = "") -> dict[str, Any]:
    """Every leaf of a round with its path: ``{"tricks": {"Cia": 3}}`` → ``{"tricks · Cia": 3}``."""
    if isinstance(value, Mapping):
        items: list[tuple[str, Any]] = [(str(k), v) for k, v in value.items()]
    elif isinstance(value, list):
        items = [(str(i), v) for i, v in enumerate(value, start=1)]
    else:
        return {path: value}
    found: dict[str, Any] = {}
    for key, item in items:
        found.update(flatten(item, f"{path} · {key}" if path else key))
    return found


def shown(value: Any) -> str:
    return NOTHING if value is None else number(value)


def differences(round_: Mapping[str, Any]) -> tuple[str, ...]:
    """One replaced round said field by field (or taken back whole)."""
    number = round_["round"]
    if round_.get("after") is None:
        return (gettext("Round %(n)s taken back.", n=number),)
    before, after = flatten(round_["before"]), flatten(round_["after"])
    paths = [*before, *[p for p in after if p not in before]]
    return tuple(
        gettext(
            "Round %(n)s: %(field)s %(old)s → %(new)s",
            n=number,
            field=path,
            old=shown(before.get(path)),
            new=shown(after.get(path)),
        )
        for path in paths
        if before.get(path) != after.get(path)
    )


def device_name(author: str, me: str) -> str:
    if author == me:
        return gettext("this phone")
    if author == "import":
        return gettext("imported")
    return gettext("phone %(id)s", id=author[:4]) if author else gettext("unknown phone")


def history_lines(changes: list[Change], me: str) -> list[HistoryLine]:
    lines = []
    for change in changes:
        summary = change.summary
        said = say(Message(summary.get("template", ""), summary.get("params", {})))
        rounds = summary.get("replaced") or []
        details = tuple(line for round_ in rounds for line in differences(round_))
        lines.append(
            HistoryLine(
                said, change.created, device_name(change.author, me), change.version, details
            )
        )
    return lines
