"""The organiser's forms: a new night (its game, format, draw and who came), who comes late or
leaves, and a result for a table that did not report."""

from __future__ import annotations

import re
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    BooleanField,
    FieldList,
    HiddenField,
    IntegerField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from ..games import GAMES
from ..games.base import has_control
from ..games.names import INVISIBLE, has_invisible, typed_name
from ..games.night import DrawMode, Format, NightRules
from ..i18n import gettext
from ..play.fields import Prefixed, choices, plain_text

FORMATS = choices(
    [
        (Format.ROUNDS.value, _l("Rounds at redrawn tables, with rank points")),
        (Format.ELIMINATION.value, _l("Mus: elimination “a N ceros”, groups A and B")),
        (Format.BLOCKS.value, _l("Mus: blocks with promotion and relegation")),
        (Format.LEAGUE.value, _l("Mus: a league, every pair against every other")),
        (Format.BRACKET.value, _l("Mus: a winners' and losers' bracket, out after two losses")),
    ]
)
DRAWS = choices(
    [
        (DrawMode.RANDOM.value, _l("By lot")),
        (DrawMode.RANKING.value, _l("By the ranking so far: the best together")),
        (DrawMode.SPREAD.value, _l("Spreading the ranks: the best apart")),
        (DrawMode.STAY.value, _l("Tables move on: the winner stays, the others move on")),
        (DrawMode.LADDER.value, _l("Tables move on: the better half up a table, the rest down")),
    ]
)
# The rules a night's tables play by: the game's standard, or one of its other presets.
PRESETS = choices(
    [
        ("", _l("Each game's standard rules")),
        *(
            (preset.name, f"{spec.title}: {preset.label}")
            for spec in GAMES.values()
            for preset in spec.options.presets[1:]
        ),
    ]
)
PAIR_SEPARATOR = re.compile(r"\s*[&+/]\s*")  # "Ane & Bea", "Ane + Bea", "Ane/Bea"


def names_of(line: str) -> list[str]:
    """An entrant from a line: a player's name, or a pair's two names joined by & (or + or /)."""
    return [name for name in PAIR_SEPARATOR.split(line.strip()) if name]


def plain_lines(form: FlaskForm, field: Any) -> None:
    """Names a line each: no control character but the line breaks, nothing invisible."""
    if has_control((field.data or "").replace("\n", "").replace("\r", "")):
        raise ValidationError(
            gettext("A name cannot hold a control character (such as a line break).")
        )
    lines = (field.data or "").splitlines()
    if any(has_invisible(name) for line in lines for name in names_of(line)):
        raise ValidationError(gettext(INVISIBLE))


def name_field(label: Any, most: int) -> Any:
    """A typed name (or a pair's, Ane & Bea): required, at most ``most`` characters, plain
    text, kept as typed_name keeps it."""
    return StringField(
        label,
        validators=[
            InputRequired(_l("Type the name.")),
            Length(max=most, message=_l("At most %(max)d characters.")),
            plain_text,
        ],
        filters=[typed_name],
    )


class NightForm(Prefixed):
    prefix_name = "night"
    name = StringField(
        _l("Name of the night"),
        validators=[Length(max=80, message=_l("At most %(max)d characters.")), plain_text],
    )
    game = SelectField(
        _l("Game"), choices=choices([(kind, spec.title) for kind, spec in GAMES.items()])
    )
    format = SelectField(_l("Format"), choices=FORMATS)
    draw = SelectField(_l("How the tables are drawn"), choices=DRAWS)
    rounds = IntegerField(
        _l("Rounds (stages of two rounds in blocks)"),
        default=3,
        validators=[InputRequired(_l("Give a number.")), NumberRange(1, 30)],
    )
    final = IntegerField(
        _l("A final table of the best (0: none)"),
        default=0,
        validators=[InputRequired(_l("Give a number.")), NumberRange(0, 10)],
    )
    minutes = IntegerField(
        _l("Time limit of a round, in minutes (0: none)"),
        default=0,
        validators=[InputRequired(_l("Give a number.")), NumberRange(0, 600)],
    )
    losses = IntegerField(
        _l("Mus elimination: a pair is out after this many lost matches"),
        default=2,
        validators=[InputRequired(_l("Give a number.")), NumberRange(1, 9)],
    )
    b_group = BooleanField(_l("Mus elimination: a group B after the first loss"), default=True)
    preset = SelectField(_l("The rules at the tables"), choices=PRESETS, default="")
    confirm = BooleanField(
        _l("A table's result counts once a player of the other side confirms it"), default=True
    )
    late = IntegerField(
        _l("The last round a late arrival may join (0: any)"),
        default=0,
        validators=[Optional(), NumberRange(0, 30)],
    )
    entrants = TextAreaField(
        _l("Who came: one player a line (for Mus one pair a line: Ane & Bea)"),
        validators=[
            InputRequired(_l("Write who came, one a line.")),
            Length(max=12000, message=_l("At most %(max)d characters.")),
            plain_lines,
        ],
        filters=[typed_name],
    )
    circle = HiddenField()

    def rules(self) -> NightRules:
        return NightRules(
            self.game.data,
            Format(self.format.data),
            draw=DrawMode(self.draw.data),
            rounds=self.rounds.data or 1,
            final=self.final.data or 0,
            losses=self.losses.data or 1,
            b_group=bool(self.b_group.data),
            confirm=bool(self.confirm.data),
            late=self.late.data or 0,
            preset=self.preset.data or "",
        )

    def validate_preset(self, field: Any) -> None:
        spec = GAMES.get(self.game.data or "")
        if field.data and spec is not None and spec.options.preset(field.data) is None:
            raise ValidationError(
                gettext("%(game)s has no such rules: choose its own.", game=spec.title)
            )

    def entrant_names(self) -> list[list[str]]:
        return [names_of(line) for line in (self.entrants.data or "").splitlines() if line.strip()]


class RosterForm(Prefixed):
    """Someone comes late or leaves, from the next round to be drawn."""

    prefix_name = "roster"
    names = name_field(_l("Player (for Mus the pair: Ane & Bea)"), most=90)
    move = SelectField(
        _l("Comes or goes"),
        choices=choices([("arrive", _l("Arrives late")), ("withdraw", _l("Withdraws"))]),
    )


class SubstituteForm(Prefixed):
    """A pair's member replaced from the next round to be drawn (one member only, all night)."""

    prefix_name = "sub"
    pair = name_field(_l("The pair (Ane & Bea)"), most=90)
    out = name_field(_l("Who is replaced"), most=40)
    into = name_field(_l("Who plays instead"), most=40)


class ResultForm(Prefixed):
    """The organiser's result for a table: one total a seat, in the order drawn."""

    prefix_name = "result"
    totals = FieldList(
        IntegerField(
            validators=[
                InputRequired(_l("Give a number.")),
                NumberRange(-1_000_000, 1_000_000, message=_l("A total of at most a million.")),
            ]
        ),
        min_entries=0,
        max_entries=10,
    )


class NightFileForm(Prefixed):
    prefix_name = "file"
    night = FileField(
        _l("Night file (.json)"), validators=[FileRequired(_l("Choose a night file."))]
    )
