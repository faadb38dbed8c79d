"""Boodle's options at set-up: presets, or the ante, the spare hand and the money per chip."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import RadioField, StringField
from wtforms.validators import Length, ValidationError

from ...games.base import JSON
from ..fields import PadField, choices

PRESETS: dict[str, JSON] = {
    "standard": {},
    "swap": {"widow": "swap"},
    "free": {"ante": {"free": 6}, "widow": "auction"},
}


def parse_money(text: str | None) -> int | float | None:
    """``"0,50"`` or ``"0.5"`` → 0.5; ``""`` → None; anything else is a ValueError."""
    text = (text or "").strip().replace(",", ".")
    if not text:
        return None
    value = float(text)
    if not 0 < value < 1_000_000:
        raise ValueError(text)
    return int(value) if value.is_integer() else value


class BoodleOptionsForm(FlaskForm):
    class Meta:
        csrf = False  # part of the set-up form, which carries the token

    preset = RadioField(
        _l("Rules"),
        choices=choices(
            [
                ("standard", _l("Classic: 1 chip on each card, the dealer 2; spare hand dead")),
                ("swap", _l("Classic, and the dealer may swap his hand for the spare hand")),
                ("free", _l("Free stake of 6 chips; the spare hand is auctioned")),
                ("custom", _l("Custom")),
            ]
        ),
        default="standard",
    )
    ante = RadioField(
        _l("Antes"),
        choices=choices(
            [
                ("standard", _l("1 chip on each card, the dealer 2")),
                ("free", _l("A free stake placed as each player likes")),
            ]
        ),
        default="standard",
    )
    free = PadField(
        _l("Chips in a free stake (the dealer twice as many)"),
        low=1,
        high=50,
        required=False,
        default=6,
    )
    widow = RadioField(
        _l("The spare hand"),
        choices=choices(
            [
                ("dead", _l("Dead: never used")),
                ("swap", _l("The dealer may swap his hand for it, blind")),
                ("auction", _l("Auctioned unseen; the price goes to the dealer")),
            ]
        ),
        default="dead",
    )
    chip_value = StringField(_l("Money per chip (empty: chips only)"))
    currency = StringField(_l("Currency"), validators=[Length(max=8)], default="")

    def validate_chip_value(self, field: Any) -> None:
        try:
            parse_money(field.data)
        except ValueError:
            raise ValidationError(
                _l("Enter the money one chip is worth, such as 0.50, or leave it empty.")
            ) from None

    def validate_free(self, field: Any) -> None:
        if self.preset.data == "custom" and self.ante.data == "free" and field.data is None:
            raise ValidationError(_l("Tap how many chips each player places."))


def options_json(form: BoodleOptionsForm) -> JSON:
    if form.preset.data in PRESETS:
        options = dict(PRESETS[form.preset.data])
    else:
        free = form.free.data if form.ante.data == "free" else None
        options = {"ante": {"free": free} if free else "standard", "widow": form.widow.data}
    options["chip_value"] = parse_money(form.chip_value.data)
    return options
