"""Forms of a circle: naming it, putting a table in it, renaming and merging its players."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from wtforms.validators import DataRequired, InputRequired, Length

from ..play.fields import Prefixed, plain_text


def stripped(text: str | None) -> str | None:
    return text.strip() if text else text


class CircleForm(Prefixed):
    prefix_name = "circle"
    name = StringField(
        _l("Name of the circle"),
        filters=[stripped],
        validators=[
            DataRequired(message=_l("Give the circle a name, such as “The Friday group”.")),
            Length(max=80, message=_l("At most %(max)d characters.")),
            plain_text,
        ],
    )


class JoinForm(Prefixed):
    """Put a table in one of the circles this phone knows."""

    prefix_name = "join"
    circle = SelectField(_l("Circle"), validate_choice=False)


class RenameForm(FlaskForm):
    name = StringField(
        _l("New name"),
        validators=[
            InputRequired(message=_l("Type the new name.")),
            Length(max=40, message=_l("At most %(max)d characters.")),
            plain_text,
        ],
    )


class MergeForm(FlaskForm):
    # Not checked against the choices: a player merged away meanwhile is said as such.
    into = SelectField(
        _l("The same person as"), validate_choice=False, validators=[InputRequired()]
    )

    def member_id(self) -> int | None:
        """The player chosen: an id of digits only (not "²", "1e3" nor thousands of them)."""
        text = self.into.data or ""
        return int(text) if text.isascii() and text.isdigit() and len(text) <= 12 else None
