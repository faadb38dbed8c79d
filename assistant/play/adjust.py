"""A correction of a total with its reason, entered with a deal's correction (Plump and Mulle,
which count points): whose total, the points and why become an entry of that round's ``adjust``
(docs/records.md, "Adjustments"); the deal's own points stay as the cards made them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import StringField
from wtforms.validators import Length, Optional

from ..games.base import MAX_REASON, N_, Message
from .base import EntryForm
from .fields import ChoiceField, PadField, all_or_none

# The entries a correction of a round keeps as they were: who sat it out, its cards, the table's
# adjustments (the form asks the deal's own entries again, and one adjustment more).
KEPT_BY_A_CORRECTION = ("out", "cards", "adjust")


def add_adjust_fields(form_class: type[EntryForm], players: Sequence[str]) -> None:
    """The correction form's fields for a correction of a total: whose, the points, why."""
    form_class.adjust_player = ChoiceField(_l("Whose total"), values=tuple(players))
    form_class.adjust = PadField(_l("Points"), low=-1000, high=1000, required=False)
    form_class.adjust_reason = StringField(
        _l("Why"),
        filters=[lambda t: t.strip() if isinstance(t, str) else t],
        validators=[Optional(), Length(max=MAX_REASON)],
    )


def corrected_round(
    form: EntryForm, before: Mapping[str, Any], entry: Mapping[str, Any]
) -> dict[str, Any]:
    """The round as corrected: the deal's ``entry`` as the form gives it, what a correction
    keeps of the round ``before`` it, and the adjustment the form adds (if any)."""
    kept = {key: value for key, value in before.items() if key in KEPT_BY_A_CORRECTION}
    adjust = adjusted(form, kept)
    if adjust is not None:
        kept["adjust"] = adjust
    return {**kept, **entry}


def adjusted(form: EntryForm, round_: Mapping[str, Any]) -> list[Mapping[str, Any]] | None:
    """The round's ``adjust`` with the one the form adds (None: the form adds none)."""
    asked = {
        "adjust_player": N_("Tap whose total to correct."),
        "adjust": N_("Give the points, such as 10 or -10."),
        "adjust_reason": N_("Say why, as the sheet will."),
    }
    if not all_or_none(form, asked):
        return None
    player, points, reason = (form[name].data for name in asked)
    entry = {"player": player, "points": points, "reason": reason}
    return [*round_.get("adjust", []), entry]


def correction_summary(number: int, form: EntryForm) -> Message:
    """A deal's correction as the history says it: with the adjustment it adds, whose total,
    the points and why (the history says which phone entered it)."""
    reason = (form.adjust_reason.data or "").strip()
    if form.adjust_player.data is None or not form.adjust.data or not reason:
        return Message(N_("Deal {deal} corrected."), {"deal": number})
    return Message(
        N_("Deal {deal} corrected: {player} {points} ({reason})."),
        {
            "deal": number,
            "player": form.adjust_player.data,
            "points": f"{form.adjust.data:+d}",
            "reason": reason,
        },
    )
