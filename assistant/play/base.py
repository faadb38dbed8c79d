"""What the web side of every game shares: the entry form, the change, the adapter.

A view never holds a rule: it asks the game's adapter for the form of the current step, lets the
adapter turn the posted form into the new list of rounds, and hands that to the store
(``store/writes.save``); the engine then replays the whole record and refuses what breaks a rule.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField
from wtforms.validators import InputRequired, NumberRange, Regexp
from wtforms.widgets import HiddenInput

from ..games.base import JSON, N_, Message, Record, RuleError
from ..games.spec import ENTERED, Loaded
from ..i18n import form_translations, say
from .standings import Standings

R = TypeVar("R")  # a game's replay (GameSpec.replay)
V = TypeVar("V")  # an adapter's view of it (Adapter.view)
LARGEST_VERSION = 2**31 - 1  # the store's integer columns are 32-bit (models.LARGEST_INTEGER)

KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")  # an idempotency key as the pages make it


class EntryForm(FlaskForm):
    """What every entry form carries: the version it was made from and its idempotency key."""

    class Meta:
        # Every POST is checked by CSRFProtect before its view runs (the pages write the token
        # themselves): a second check by each form repeated the same work.
        csrf = False

        def get_translations(self, form: Any) -> Any:
            return form_translations()

    version = IntegerField(
        widget=HiddenInput(), validators=[InputRequired(), NumberRange(0, LARGEST_VERSION)]
    )
    key = HiddenField(validators=[InputRequired(), Regexp(KEY)])
    step = HiddenField()  # which step the form was made for ("bids-7"): stale posts compare it

    @property
    def damaged(self) -> bool:
        """The hidden fields are missing or could never have been sent by the page."""
        return bool(self.version.errors or self.key.errors)

    def carried_to(self, version: int) -> EntryForm:
        """The input kept for another try on top of ``version`` (the hidden field renders what
        was posted unless told otherwise)."""
        self.version.data = version
        self.version.raw_data = [str(version)]
        return self

    def fresh(self, version: int) -> EntryForm:
        """Ready for the next entry: the current version and a new key."""
        self.version.data = version
        self.key.data = new_key()
        return self


def new_key() -> str:
    """An idempotency key for a form (or an id) of the page being rendered."""
    return secrets.token_urlsafe(12)


def same_field(error: RuleError) -> RuleError:
    return error


@dataclass(frozen=True)
class Change:
    """What an adapter made of a form: the new rounds (and draft) and a sentence for the log.

    ``fields`` maps an engine error about the new rounds onto the form that made them (the
    engine names ``events.3.by``; the form calls that field ``by`` or ``events_3_by``)."""

    rounds: Sequence[Mapping[str, Any]]
    summary: Message
    draft: JSON | None = None
    fields: Callable[[RuleError], RuleError] = same_field
    # The log's sentence from the replay of the new rounds, when it needs the new score (a
    # correction says how the totals moved: ``standings.telling_the_totals``).
    describe: Callable[[Any], Message] | None = None
    correcting: int | None = None  # the round a correction corrects (Undo can take it back)
    players: tuple[str, ...] | None = None  # the game's players when it changes them (a newcomer)


def entered_step(loaded: Loaded[Any], deal: int, what: str, formdata: Any) -> JSON | None:
    """What Undo took back of step ``what`` of ``deal`` (None: nothing, or another step)."""
    if formdata is not None:  # a posted form is what it posts
        return None
    entered = (loaded.draft or {}).get(ENTERED)
    if isinstance(entered, Mapping) and entered.get("deal") == deal and what in entered:
        return dict(entered)
    return None


@dataclass(frozen=True)
class Context(Generic[R, V]):
    """Everything a game's templates need: the game as stored and replayed, and the adapter's
    view of it."""

    loaded: Loaded[R]
    view: V

    @property
    def record(self) -> Record:
        return self.loaded.record


def place_error(form: FlaskForm, error: RuleError, players: tuple[str, ...]) -> None:
    """Put an engine error next to its field: ``bids.Anna`` is the form's ``bids-<seat>``."""
    name = form_field_name(error.field, players)
    target = getattr(form, name, None) if name else None
    if target is None:
        form.form_errors.append(say(error))
    else:
        target.errors = (
            [*target.errors, say(error)] if isinstance(target.errors, list) else [say(error)]
        )


def form_field_name(engine_field: str | None, players: tuple[str, ...]) -> str | None:
    """``"bids.Anna"`` → ``"bids_0"``; ``"trump"`` → ``"trump"``; players become seat numbers."""
    if not engine_field:
        return None
    parts = engine_field.split(".")
    return "_".join(str(players.index(p)) if p in players else p for p in parts)


class Adapter(Generic[R, V]):
    """The web side of one game. Templates live in ``templates/<kind>/`` by convention:
    ``_banner.html``, ``_panel.html`` (the entry step), ``_sheet.html``, ``_round.html`` (the
    correction form of one round), ``rules.html``, and optionally ``_setup.html`` (what the
    set-up shows beside the options, such as the teams). The options themselves come from the
    engine's schema (``assistant/play/options.py``)."""

    kind: str = ""
    # The words of the game's rounds as stored (docs/records.md) for the history of a correction:
    # a key or value of a round ("tricks", "no_quiero") → its text to translate.
    record_words: ClassVar[Mapping[str, str]] = {}

    def round_name(self, number: int) -> Message:
        """Round ``number`` in the game's own words ("Deal 4", "Hand 4")."""
        return Message(N_("Deal {deal}"), {"deal": number})

    def setup_view(self, names: list[str]) -> Any:
        """What ``_setup.html`` shows for these players (None: nothing of the game's own)."""
        return None

    def view(self, loaded: Loaded[R]) -> V:
        """The view model of the game page, derived from the engine's replay."""
        raise NotImplementedError

    def standings(self, ctx: Context[R, V]) -> Standings:
        """The score at a glance, for the strip at the top of the page (``play/standings``)."""
        raise NotImplementedError

    def undo_label(self, ctx: Context[R, V]) -> Message | None:
        """What Undo would take back now ("the tricks of deal 7"; None: nothing to undo). The
        Undo button names it, and the log says it was undone."""
        raise NotImplementedError

    def entry_form(self, ctx: Context[R, V], formdata: Any = None) -> EntryForm | None:
        """The form of the step the table is at (None when the game is over)."""
        raise NotImplementedError

    def entered(self, ctx: Context[R, V], form: EntryForm) -> Change:
        raise NotImplementedError

    def round_form(self, ctx: Context[R, V], number: int, formdata: Any = None) -> EntryForm:
        raise NotImplementedError

    def undo_draft(self, ctx: Context[R, V]) -> JSON | None:
        """The half-built round after Undo takes back its last step (None: it is gone)."""
        return None

    def correction_label(self, number: int) -> Message:
        """What Undo takes back right after round ``number`` was corrected."""
        return Message(N_("the correction of deal {deal}"), {"deal": number})

    def reopened(self, ctx: Context[R, V]) -> JSON | None:
        """When nothing is half built, Undo takes back the last round: the half-built round it
        leaves, so that only the round's last step is undone and what was entered before it
        during the round is kept (a deal's mulles when its count is undone). None: the engine's
        own undo of the rounds is all (the tricks of a deal, a hand)."""
        return None

    def corrected(self, ctx: Context[R, V], number: int, form: EntryForm) -> Change:
        raise NotImplementedError
