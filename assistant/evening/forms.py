"""Forms of the evening: a stake, the table's name, currency and language, play again, ending
the evening, a payment paid, a table file (a circle's forms are in ``circles/forms.py``)."""

from __future__ import annotations

import secrets
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import HiddenField, RadioField, SelectField, SelectMultipleField, StringField
from wtforms.validators import InputRequired, Length, Optional, Regexp, ValidationError

from ..games import find_game
from ..games.evening_money import CURRENCIES
from ..games.names import same_name, typed_name
from ..i18n import gettext, languages
from ..play.fields import Prefixed, choices, plain_text
from ..play.money import COINS, BadAmount, money, parse_cents, typed

KEY = Regexp(r"^[A-Za-z0-9_-]{8,64}$")


class StakeForm(FlaskForm):
    """Money on one game: an amount per unit (empty: no stake) and how it is counted."""

    amount = StringField(_l("Money per unit"), validators=[Length(max=12)])
    basis = RadioField(_l("Counted"), validate_choice=False)
    key = HiddenField(validators=[KEY])

    def __init__(self, kind: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rules = find_game(kind).evening
        self.rules = rules
        self.basis.choices = choices([(b.name, _l(b.label)) for b in rules.bases])
        if not self.basis.data:
            self.basis.data = rules.bases[0].name
        if not self.key.data:
            self.key.data = secrets.token_urlsafe(12)
        self.cents: int | None = None

    @classmethod
    def filled(cls, kind: str, cents: int | None, basis: str, **kwargs: Any) -> StakeForm:
        return cls(kind, data={"amount": typed(cents), "basis": basis}, **kwargs)

    @property
    def per(self) -> str:
        """What one unit is, for the label: "per chip", "per game won, team to team"."""
        known = {basis.name for basis in self.rules.bases}
        # A refused basis is re-rendered with its message; the label says the default's unit.
        name = self.basis.data if self.basis.data in known else None
        return gettext(self.rules.basis(name).per)

    def validate(self, extra_validators: Any = None) -> bool:
        ok: bool = super().validate(extra_validators)
        try:
            self.cents = parse_cents(self.amount.data)
        except BadAmount as error:
            self.amount.errors = [*self.amount.errors, str(error.args[0])]
            ok = False
        if self.basis.data not in [b.name for b in self.rules.bases]:
            self.basis.errors = [gettext("Choose how the stake is counted.")]
            ok = False
        return ok


class TableNameForm(Prefixed):
    prefix_name = "table"
    name = StringField(
        _l("Name of the evening"),
        validators=[Length(max=80, message=_l("At most %(max)d characters.")), plain_text],
    )


class CurrencyForm(FlaskForm):
    """The evening's money: its currency, and the coin its payments are rounded to."""

    currency = SelectField(_l("Currency"), validate_choice=True)
    coin = SelectField(_l("Payments rounded to"), coerce=int, validate_choice=True, default=1)

    def __init__(self, *args: Any, unit: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.currency.choices = [(code, code or gettext("none")) for code in CURRENCIES]
        self.coin.choices = [
            (coin, money(coin, unit, cents=True) if coin > 1 else gettext("the cent"))
            for coin in COINS
        ]


class TableLanguageForm(Prefixed):
    """The table's language: what the phones that have not chosen one of their own show."""

    prefix_name = "language"
    language = RadioField(_l("Language of the table"), validate_choice=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.language.choices = languages()

    def validate_language(self, field: RadioField) -> None:
        if field.data not in dict(languages()):
            raise ValidationError(gettext("Choose one of the languages."))


class AgainForm(FlaskForm):
    """Play again with the same players: one tap, its key makes sending it twice harmless. Or
    with the list changed (``changed``): who of the game and of the table plays on, and someone
    new who joins."""

    key = HiddenField(validators=[InputRequired(), KEY])
    changed = HiddenField()
    playing = SelectMultipleField(_l("Who plays the next game"), validate_choice=False)
    joins = StringField(
        _l("Someone new (a name, or leave it empty)"),
        filters=[typed_name],
        validators=[Optional(), Length(max=40, message=_l("At most %(max)d characters."))],
    )

    def validate_joins(self, field: StringField) -> None:
        plain_text(self, field)

    def players(self, seating: list[str], others: list[str], kind: str) -> list[str] | None:
        """The next game's players in seating order (someone new sits last); None, with the
        reason on its field, when the list cannot play ``kind``."""
        if not self.changed.data:
            return list(seating)
        offered = [*seating, *others]
        picked = self.playing.data or []
        if stranger := next((name for name in picked if name not in offered), None):
            self.playing.errors = [gettext("%(name)s is not at this table.", name=stranger)]
            return None
        names = [name for name in offered if name in picked]
        new = (self.joins.data or "").strip()
        if new and same_name(new) in {same_name(name) for name in offered}:
            there = gettext("%(name)s is at the table already: tick the name above.", name=new)
            self.joins.errors = [there]
            return None
        names += [new] if new else []
        return names if self.playable(names, kind) else None

    def playable(self, names: list[str], kind: str) -> bool:
        spec = find_game(kind)
        if spec.min_players <= len(names) <= spec.max_players:
            return True
        low, high = spec.min_players, spec.max_players
        self.playing.errors = [
            gettext(
                "%(game)s is played by %(low)s to %(high)s players; you named %(n)s.",
                game=spec.title, low=low, high=high, n=len(names),
            )
        ]  # fmt: skip
        return False


class ActionForm(FlaskForm):
    """A button that changes the evening: its CSRF token and nothing else."""


class TableFileForm(FlaskForm):
    table = FileField(_l("Table file (.json)"), validators=[FileRequired()])
