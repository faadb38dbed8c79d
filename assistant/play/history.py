"""A game's history as the page shows it: each change's sentence, when, from which phone, and
for a correction or an undo what it changed in the rounds already entered (round, field, the
value before and after), so that a dispute at the table can be settled."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import DataRequired, Length

from ..games.base import N_
from ..i18n import gettext, say, stored_message
from .base import Adapter
from .fields import plain_text
from .money import number

NOTHING = "–"
NAMED = ":"  # a change's author: the phone's id, then the name it gave itself ("83c2a1f0:Anna's")
PHONE_NAME = 40  # the id (8) and the name fit the author's 64 characters


class Logged(Protocol):
    """A change as the log keeps it (``models.Change``, read by ``services.changes_of``)."""

    @property
    def summary(self) -> Any: ...
    @property
    def created(self) -> datetime: ...
    @property
    def author(self) -> str: ...
    @property
    def version(self) -> int: ...


@dataclass(frozen=True)
class HistoryLine:
    what: str
    when: datetime
    who: str  # "this phone", "Anna's phone", "a phone", "imported"
    version: int
    changes: tuple[str, ...]  # "Deal 1: tricks · Cia 3 → 4"

    @property
    def correction(self) -> bool:
        return bool(self.changes)


def flatten(value: Any, words: Mapping[str, str], path: str = "") -> dict[str, Any]:
    """Every leaf of a round with its path, in the game's words: ``{"tricks": {"Cia": 3}}`` →
    ``{"tricks · Cia": 3}`` (a list's items are numbered from 1)."""
    if isinstance(value, Mapping):
        items: list[tuple[str, Any]] = [(worded(str(k), words), v) for k, v in value.items()]
    elif isinstance(value, list):
        items = [(str(i), v) for i, v in enumerate(value, start=1)]
    else:
        return {path: value}
    found: dict[str, Any] = {}
    for key, item in items:
        found.update(flatten(item, words, f"{path} · {key}" if path else key))
    return found


def worded(text: str, words: Mapping[str, str]) -> str:
    """A key or value of a stored round as the game says it (a name or a card as it is)."""
    return gettext(words[text]) if text in words else text


def shown(value: Any, words: Mapping[str, str]) -> str:
    if value is None:
        return NOTHING
    return worded(value, words) if isinstance(value, str) else number(value)


def differences(
    round_: Mapping[str, Any], adapter: Adapter[Any, Any], words: Mapping[str, str]
) -> tuple[str, ...]:
    """One replaced round said field by field (or taken back whole)."""
    name = say(adapter.round_name(round_["round"]))
    if round_.get("after") is None:
        return (gettext("%(round)s taken back.", round=name),)
    before, after = flatten(round_["before"], words), flatten(round_["after"], words)
    paths = [*before, *[p for p in after if p not in before]]
    return tuple(
        gettext(
            "%(round)s: %(field)s %(old)s → %(new)s",
            round=name,
            field=path,
            old=shown(before.get(path), words),
            new=shown(after.get(path), words),
        )
        for path in paths
        if before.get(path) != after.get(path)
    )


class PhoneNameForm(FlaskForm):
    """The name a phone gives itself once ("Anna's phone"): the history says it for every
    change that phone made."""

    name = StringField(
        _l("The name of this phone"),
        validators=[
            DataRequired(message=_l("Give the phone a name.")),
            Length(max=PHONE_NAME, message=_l("At most %(max)d characters.")),
            plain_text,
        ],
        filters=[lambda text: text.strip() if isinstance(text, str) else text],
    )


def signed(phone: str, name: str | None) -> str:
    """The author a change keeps: the phone's id, and its name once it has one."""
    return f"{phone}{NAMED}{name}" if name else phone


def device_name(author: str, me: str, names: Mapping[str, str] | None = None) -> str:
    """Who made a change: this phone, a phone by the name it gave itself (in any change it
    made, an earlier one too), else "a phone": never its id, a code nobody at the table can
    place ("Name this phone" gives it a name)."""
    phone, _, name = author.partition(NAMED)
    if phone == me.partition(NAMED)[0]:
        return gettext("this phone")
    if author == "import":
        return gettext("imported")
    if name := name or (names or {}).get(phone, ""):
        return name
    return gettext("a phone")


# The words of the fields every game's rounds may carry when people come and go, and of a
# correction of a total (docs/records.md, "People come and go, and adjustments").
PEOPLE_WORDS = {
    "out": N_("not dealt in"),
    "adjust": N_("correction of a total"),
    "player": N_("whose"),
    "points": N_("points"),
    "reason": N_("why"),
    "team": N_("team"),
    "stones": N_("stones"),
    "from": N_("from"),
    "to": N_("to"),
    "chips": N_("chips"),
    "seats": N_("seats"),
    "cards": N_("cards"),
}


def history_lines(
    changes: Sequence[Logged], me: str, adapter: Adapter[Any, Any], players: list[str]
) -> list[HistoryLine]:
    # A player's name is never taken for a word of the record (a player called "out").
    known = {**PEOPLE_WORDS, **adapter.record_words}
    words = {key: text for key, text in known.items() if key not in players}
    names = {}  # the name each phone gave itself, the latest kept
    for change in changes:
        phone, _, name = change.author.partition(NAMED)
        if name:
            names[phone] = name
    lines = []
    for change in changes:
        summary = change.summary
        said = say(stored_message(summary))
        rounds = summary.get("replaced") or []
        details = tuple(line for round_ in rounds for line in differences(round_, adapter, words))
        lines.append(
            HistoryLine(
                said, change.created, device_name(change.author, me, names), change.version, details
            )
        )
    return lines
