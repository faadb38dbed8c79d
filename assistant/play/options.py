"""The options step of the set-up, for every game: one form built from the game's option schema.

The schema (``GameSpec.options``, see ``assistant/games/options.py``) says what to ask; this
module makes the WTForms form of it: a ``preset`` radio (the game's presets and "Custom"), then
one field per option, named ``<kind>-<option>``. The template macro ``options_fields`` in
``templates/macros.html`` draws it: a choice is a column of keys (a list beyond five), a flag a
checkbox, a number a pad (a list when it offers "none" or many numbers), money and text an input.

Only what is in force is checked: the custom options under "Custom", and always what every preset
asks (the money per chip, the settings). A value that will not do, a number the chosen rules need
and the engine's own refusal of the options each put their message next to the field.
"""

from __future__ import annotations

from typing import Any, ClassVar

from flask_babel import format_decimal
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, RadioField
from wtforms.validators import ValidationError

from ..games import find_game
from ..games.base import JSON, Record, RuleError
from ..games.options import CUSTOM, Option, OptionsSchema
from ..i18n import gettext, say
from ..keeping import made_once
from .fields import choices

MAX_KEYS = 5  # a choice of more is a list
MAX_PAD = 12  # a number with more keys (or with "none") is a list


class OptionField(Field):
    """One option of the schema. ``data`` is the option's value (None when empty or wrong);
    ``raw`` the text as posted, shown again when it is wrong."""

    def __init__(self, option: Option, **kw: Any) -> None:
        super().__init__(_l(option.label), default=option.default, **kw)
        self.option = option
        self.raw: str | None = None
        self.problem: RuleError | None = None

    def process_formdata(self, valuelist: list[str]) -> None:
        if self.option.kind == "flag":  # an unticked checkbox posts nothing
            self.raw = valuelist[0] if valuelist else ""
        elif not valuelist:
            return  # not posted: the default stays
        else:
            self.raw = valuelist[0]
        try:
            self.data = self.option.parse(self.raw)
        except RuleError as error:
            self.data, self.problem = None, error

    def pre_validate(self, form: Any) -> None:
        if self.problem is not None:
            raise ValidationError(say(self.problem))

    def formatted(self) -> str:
        """The value as the table would type it (``input_value`` shows it while nothing is
        posted)."""
        if self.data is None:
            return ""
        if self.option.kind == "money":  # the locale's decimal sign, as the table types it
            return str(format_decimal(self.data, format="0.00##"))
        return str(self.data)

    @property
    def help(self) -> str:
        return gettext(self.option.help) if self.option.help else ""

    @property
    def entries(self) -> list[tuple[str, str]]:
        """(value, label) of every key or list entry: "none" first where it is offered."""
        option = self.option
        found = [("", gettext(option.none_label))] if option.none_label else []
        if option.kind == "choice":
            found += [(str(c.value), gettext(c.label)) for c in option.choices]
        elif option.kind == "number":
            found += [(str(n), str(n)) for n in option.keys]
        return found

    @property
    def shape(self) -> str:
        """How the macro draws it: ``keys``, ``pad``, ``select``, ``check`` or ``input``."""
        kind = self.option.kind
        if kind == "choice":
            return "keys" if len(self.entries) <= MAX_KEYS else "select"
        if kind == "number":
            pad = not self.option.none_label and len(self.option.keys) <= MAX_PAD
            return "pad" if pad else "select"
        return "check" if kind == "flag" else "input"


class OptionsForm(FlaskForm):
    """The options of one game (a subclass per game is made by :func:`options_form_class`)."""

    class Meta:
        csrf = False  # part of the set-up form, which carries the token

    kind: ClassVar[str]
    schema: ClassVar[OptionsSchema]
    preset: RadioField

    def __init__(self, formdata: Any = None, *, players: list[str] | None = None) -> None:
        super().__init__(formdata, prefix=self.kind)
        self.players = list(players or [])

    def option_fields(self, *, always: bool) -> list[OptionField]:
        return [self[o.name] for o in self.schema.options if o.asked_always == always]

    @property
    def custom_fields(self) -> list[OptionField]:
        """The options chosen under "Custom" (the presets set them otherwise)."""
        return self.option_fields(always=False)

    @property
    def always_fields(self) -> list[OptionField]:
        """What every preset asks: the money per chip, the settings."""
        return self.option_fields(always=True)

    @property
    def custom(self) -> bool:
        return bool(self.preset.data == CUSTOM)

    @property
    def opened(self) -> bool:
        """The custom rules are open: chosen, or one of them has something to say."""
        return self.custom or any(field.errors for field in self.custom_fields)

    def values(self) -> JSON:
        """Every option's value in force (the preset's, or the custom ones), flat."""
        chosen = {
            field.option.name: field.data for field in self.custom_fields + self.always_fields
        }
        return self.schema.values(None if self.custom else self.preset.data, chosen)

    def validate(self, extra_validators: Any = None) -> bool:
        ok = self.preset.validate(self)
        in_force = self.always_fields + (self.custom_fields if self.custom else [])
        for field in in_force:
            ok = field.validate(self) and ok
        values = self.values()
        for option in self.schema.missing(values):
            if self[option.name].errors:
                continue  # what was posted will not do: that is said already
            if option.error:
                self.add_error(option.name, gettext(option.error))
            elif option.kind == "number":
                self.add_error(option.name, gettext("Tap a number."))
            else:
                self.add_error(option.name, gettext("Choose one."))
            ok = False
        return ok and self.engine_accepts(values)

    def engine_accepts(self, values: JSON) -> bool:
        """The engine's word on the options (for these players, when known)."""
        spec = find_game(self.kind)
        options = self.schema.record(values)
        try:
            if self.players:
                spec.score(Record(self.kind, tuple(self.players), self.players[0], options))
            else:
                spec.normalize_options(options)
        except RuleError as error:
            if not self.place(error):
                self.form_errors.append(say(error))
            return False
        return True

    def chosen(self) -> tuple[JSON, JSON]:
        """What ``services.create_game`` takes: the record's options and the settings."""
        values = self.values()
        return self.schema.record(values), self.schema.settings(values)

    def place(self, error: RuleError) -> bool:
        """An engine error about the options next to the option it names (``options.ante.free``
        → ``free``, else ``ante``), or above the options; False when it is not about them."""
        path = (error.field or "").split(".")
        if path[0] != "options":
            return False
        names = {option.name for option in self.schema.options}
        name = next((part for part in reversed(path[1:]) if part in names), None)
        if name is None:
            self.form_errors.append(say(error))
        else:
            self.add_error(name, say(error))
        return True

    def add_error(self, name: str, message: str) -> None:
        field = self[name]
        field.errors = [*field.errors, message]


def options_form_class(kind: str) -> type[OptionsForm]:
    """The form class of game ``kind``'s options, made once from its schema."""
    schema = find_game(kind).options
    presets = [(preset.name, _l(preset.label)) for preset in schema.presets]
    attrs: dict[str, Any] = {
        "kind": kind,
        "schema": schema,
        "preset": RadioField(
            _l("Rules"),
            choices=choices([*presets, (CUSTOM, _l("Custom"))]),
            default=schema.presets[0].name,
        ),
    }
    for option in schema.options:
        attrs[option.name] = OptionField(option)
    return type(f"{kind.title()}OptionsForm", (OptionsForm,), attrs)


def options_form(kind: str, players: list[str], formdata: Any = None) -> OptionsForm:
    """The options step of game ``kind`` for these players (``formdata`` as posted, or None)."""
    return made_once(options_form_class, kind)(formdata, players=players)
