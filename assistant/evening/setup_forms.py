"""The set-up's forms, shared by every game: setting up a table (or a new game at one), importing
a game file."""

from __future__ import annotations

import secrets

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import FieldList, HiddenField, RadioField, StringField
from wtforms.validators import Length, Optional

from ..games import GAMES
from ..games.base import RuleError, has_control
from ..games.names import INVISIBLE, has_invisible, same_name, typed_name
from ..i18n import current_language, gettext, say
from ..play.fields import choice_values, choices, plain_text
from ..store import service as services
from ..store.models import Game, Table

MAX_PLAYERS = 8
DRAW = "draw"


class SetupForm(FlaskForm):
    """Step 1: the players in seating order and the game; step 2: first dealer and options."""

    step = HiddenField(default="players")
    name = StringField(
        _l("Name of the evening (optional)"),
        validators=[
            Optional(),
            Length(max=80, message=_l("At most %(max)d characters.")),
            plain_text,
        ],
    )
    circle = HiddenField()  # the share token of the circle the new table belongs to
    players = FieldList(
        StringField(_l("Name"), filters=[typed_name], validators=[Optional(), Length(max=40)]),
        min_entries=MAX_PLAYERS,
        max_entries=MAX_PLAYERS,
    )
    game = RadioField(_l("Game"), validate_choice=False)
    first = RadioField(_l("Who deals first?"), validate_choice=False)

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.game.choices = choices([(kind, spec.title) for kind, spec in GAMES.items()])

    def offer_first(self) -> None:
        """Step 2 offers the named players as first dealer (or mano), or a draw."""
        self.first.choices = choices([(name, name) for name in self.names()] + [(DRAW, DRAW)])

    def check_first(self) -> bool:
        if self.first.data in choice_values(self.first):
            return True
        spec = GAMES.get(self.game.data or "")
        if spec is not None and spec.first_field == "first_mano":  # the question asked it so
            self.first.errors = [str(_l("Choose who is mano first, or let the app draw."))]
        else:
            self.first.errors = [str(_l("Choose who deals first, or let the app draw."))]
        return False

    def chosen_first(self) -> str:
        """The first dealer (or mano): the one chosen, or one drawn at random."""
        return secrets.choice(self.names()) if self.first.data == DRAW else self.first.data

    def names(self) -> list[str]:
        return [name.strip() for name in self.players.data if name and name.strip()]

    def check_players(self) -> bool:
        """Names given, no two alike, as many as the game takes (errors kept on the form)."""
        names = self.names()
        spec = GAMES.get(self.game.data or "")
        if spec is None or self.game.data not in choice_values(self.game):
            self.game.errors = [str(_l("Choose a game."))]
            return False
        if any(has_control(name) for name in names):
            self.players.errors = [
                str(_l("A name cannot hold a control character (such as a line break)."))
            ]
            return False
        if any(has_invisible(name) for name in names):
            self.players.errors = [gettext(INVISIBLE)]
            return False
        if len({same_name(n) for n in names}) != len(names):
            self.players.errors = [str(_l("Two players have the same name."))]
            return False
        if not spec.min_players <= len(names) <= spec.max_players:
            self.players.errors = [
                str(
                    _l(
                        "%(game)s is played by %(low)s to %(high)s players; you named %(n)s.",
                        game=spec.title,
                        low=spec.min_players,
                        high=spec.max_players,
                        n=len(names),
                    )
                )
            ]
            return False
        return True


class ImportForm(FlaskForm):
    record = FileField(_l("Game file (.json)"), validators=[FileRequired()])

    def imported(self, table: Table | None = None) -> Game | None:
        """The uploaded record stored as a new game (at ``table``, else at a new table of its
        players); None, with the reason on the field, when it was not stored."""
        if not self.validate_on_submit():
            return None
        text = self.record.data.read().decode("utf-8", errors="replace")
        try:
            return services.import_record(text, table, language=current_language())
        except RuleError as error:
            self.record.errors = [say(error, with_round=True)]
            return None
