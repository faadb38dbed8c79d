"""Chips moved by hand in an earlier deal, on that deal's correction: each move it has can be
taken off (a tap), and one more added, from a player dealt in to another or onto a boodle
card's pile, with its reason (the round's ``adjust``, docs/records.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, StringField
from wtforms.validators import Length

from ...games.base import JSON, MAX_REASON, N_
from ...games.boodle.rules import BoodleCard
from ..base import EntryForm
from ..fields import ChoiceField, PadField, all_or_none
from .poker_forms import MOST_CHIPS

CARDS = tuple(card.value for card in BoodleCard)


def add_move_fields(cls: type[EntryForm], players: Sequence[str], moves: int) -> None:
    """A tick to take off each of the deal's ``moves``, and the fields of one move more."""
    for index in range(moves):
        setattr(cls, f"remove_move_{index}", BooleanField(_l("Take off")))
    cls.move_from = ChoiceField(_l("From"), values=tuple(players))
    cls.move_to = ChoiceField(_l("To"), values=(*players, *CARDS))
    cls.move_chips = PadField(_l("Chips"), low=1, high=MOST_CHIPS, required=False)
    cls.move_reason = StringField(
        _l("Why"),
        filters=[lambda t: t.strip() if isinstance(t, str) else t],
        validators=[Length(max=MAX_REASON)],
    )


def corrected_moves(form: EntryForm, moves: Sequence[Mapping[str, Any]]) -> list[JSON]:
    """The deal's moves as corrected: those not taken off, and the one the form adds."""
    kept: list[JSON] = [dict(m) for i, m in enumerate(moves) if not form[f"remove_move_{i}"].data]
    asked = {
        "move_from": N_("Who gives the chips?"),
        "move_to": N_("Who gets the chips, or which pile?"),
        "move_chips": N_("How many chips?"),
        "move_reason": N_("Say why the chips are moved (a few words)"),
    }
    if not all_or_none(form, asked):
        return kept
    giver, to, chips, reason = (form[name].data for name in asked)
    return [*kept, {"from": giver, "to": to, "chips": chips, "reason": reason}]


def move_field(field: str) -> str | None:
    """An engine error about the deal's ``adjust`` → the added move's fields."""
    return "move_from" if field.startswith("adjust") else None
