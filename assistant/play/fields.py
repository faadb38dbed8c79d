"""Form fields the games share: a pad of number buttons, a choice of symbols; and what the
rooms' forms share: a name's check (``plain_text``), a form with a prefix of its own."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import Field, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError

from ..games.base import RuleError, has_control
from ..games.names import INVISIBLE, has_invisible
from ..i18n import gettext
from ..keeping import made_once


class PadField(Field):
    """A whole number picked on a pad of buttons (``low``..``high``); text and gaps are refused.

    The value stays as the user posted it when it is wrong, so the form shows it again.
    """

    def __init__(
        self, label: Any = None, *, low: int = 0, high: int = 99, required: bool = True, **kw: Any
    ) -> None:
        super().__init__(label, **kw)
        self.low, self.high, self.required = low, high, required
        self.raw: str | None = None

    def process_formdata(self, valuelist: list[str]) -> None:
        self.raw = valuelist[0].strip() if valuelist else None
        self.data = None
        if self.raw:
            try:
                self.data = int(self.raw)
            except ValueError:
                self.data = None

    def pre_validate(self, form: Any) -> None:
        if not self.raw:
            if self.required:
                raise ValidationError(_l("Tap a number."))
            return
        if self.data is None:
            raise ValidationError(_l("%(value)s is not a number.", value=self.raw[:20]))
        if not self.low <= self.data <= self.high:
            raise ValidationError(
                _l("Choose from %(low)s to %(high)s.", low=self.low, high=self.high)
            )

    def _value(self) -> str:
        return self.raw if self.raw is not None else ("" if self.data is None else str(self.data))


class ChoiceField(Field):
    """One of a few fixed values (a suit, a lance answer); anything else is refused."""

    def __init__(
        self, label: Any = None, *, values: tuple[str, ...] = (), required: bool = False, **kw: Any
    ) -> None:
        super().__init__(label, **kw)
        self.values, self.required = values, required

    def process_formdata(self, valuelist: list[str]) -> None:
        self.data = valuelist[0].strip() if valuelist and valuelist[0].strip() else None

    def pre_validate(self, form: Any) -> None:
        if self.data is None:
            if self.required:
                raise ValidationError(_l("Choose one."))
            return
        if self.data not in self.values:
            raise ValidationError(_l("%(value)s is not one of the choices.", value=self.data[:20]))


def plain_text(form: FlaskForm, field: Any) -> None:
    """A name is printed on sheets and stored in records: no control character in it, and
    nothing that shows nothing (two names would look alike)."""
    if has_control(field.data or ""):
        raise ValidationError(
            gettext("A name cannot hold a control character (such as a line break).")
        )
    if has_invisible(field.data or ""):
        raise ValidationError(gettext(INVISIBLE))


class Prefixed(FlaskForm):
    """A form whose fields have their own prefix: several forms share a page, ids stay unique."""

    prefix_name = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("prefix", self.prefix_name)
        super().__init__(*args, **kwargs)


def input_value(field: Field) -> str:
    """The text an input shows for ``field`` (the templates' ``input_value`` filter), so that
    a refused form gives back what was typed, to be mended.

    A text field shows its ``data``: what was typed, unless the app has set it anew (the next
    step's name). Any other field shows the text posted (WTForms keeps it in ``raw_data``; a
    number that is not one has no ``data``), else its value as the field formats it
    (``formatted()``, where it has one: money in the reader's decimal sign) or as plain text."""
    if field.raw_data and not isinstance(field, StringField):
        return str(field.raw_data[0])
    formatted = getattr(field, "formatted", None)
    if formatted is not None:
        return str(formatted())
    return "" if field.data is None else str(field.data)


def choices(pairs: list[tuple[str, Any]]) -> list[SelectChoice]:
    """WTForms choices from (value, label) pairs (plain tuples are deprecated there)."""
    return [SelectChoice(value, label) for value, label in pairs]


def choice_values(field: Any) -> set[str]:
    return {choice.value for choice in field.choices}


def pad_keys(
    name: str, values: Iterable[Any], chosen: Any = None, forbidden: Any = None, reason: str = ""
) -> Markup:
    """The keys of a number pad (``macros.html``, ``number_pad``), built in one go: a panel has
    a pad per player and a key per number, and a template loop per key costs many times more.
    ``chosen`` is the number tapped (as posted, or None), ``forbidden`` a number the pad
    refuses with ``reason``.

    The same pad comes back again and again (a seat's bids for so many cards, in deal after
    deal and at every table), and its keys cost ~0.1 ms to put together: each is made once."""
    picked = None if chosen is None else str(chosen)
    return made_once(_pad_keys, name, tuple(values), picked, forbidden, reason)


def _pad_keys(
    name: str, values: tuple[Any, ...], picked: str | None, forbidden: Any, reason: str
) -> Markup:
    why = Markup(' disabled title="{}"').format(reason)
    keys = [
        KEY.format(
            forbidden=REFUSED if forbidden is not None and value == forbidden else "",
            name=name,
            value=value,
            checked=CHECKED if picked == str(value) else "",
            why=why if forbidden is not None and value == forbidden else "",
        )
        for value in values
    ]
    return Markup("\n").join(keys)


def all_or_none(form: Any, asked: dict[str, str]) -> bool:
    """Whether the form's fields of ``asked`` (a field's name: what to ask when it is left
    empty) are filled in: False when none is, True when all are; a RuleError beside the first
    left empty when only some are (an adjustment or a move half entered)."""
    values = {name: form[name].data for name in asked}
    empty = [name for name, value in values.items() if value is None or value == ""]
    if len(empty) == len(asked):
        return False
    if empty:
        raise RuleError(asked[empty[0]], field=empty[0])
    return True


# One key of a pad; Markup.format escapes every text put in it.
KEY = Markup(
    '<label class="key{forbidden}"><input type="radio" name="{name}" value="{value}"'
    "{checked}{why}><span>{value}</span></label>"
)
REFUSED, CHECKED = Markup(" forbidden"), Markup(" checked")
