"""Someone new joins a game in play, between deals (Plump and Boodle, whose rounds may carry
``out``, docs/records.md): the name is written last in ``players`` (he sits last) and in the
``out`` of every round already entered; he is dealt in from the next deal. The games' own part
(the next deal's set-up, a starting score) is theirs; the name and the rounds are checked and
made here, once for both."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import StringField

from ..games.base import JSON, N_, RuleError
from ..games.names import check_typed_name, same_name, typed_name
from ..games.spec import GameSpec
from .base import Context, EntryForm

STEP = "newcomer"  # the step a newcomer's form posts


def newcomer_field() -> StringField:
    """The newcomer's name, as a game's form asks it."""
    return StringField(_l("Name"), filters=[typed_name])


class NewcomerForm(EntryForm):
    """Someone new joins: his name (a game adds its own choices, such as a starting score)."""

    newcomer = newcomer_field()


def is_newcomer(formdata: Any) -> bool:
    """Whether a posted form is someone new joining."""
    return formdata is not None and formdata.get("step") == STEP


def checked_name(ctx: Context[Any, Any], form: EntryForm) -> str:
    """The newcomer's name (``form.newcomer``) as the set-up checks a name, said beside the
    field when wrong."""
    name = form.newcomer.data or ""
    players = ctx.record.players
    if not name:
        raise RuleError(N_("Type the name of who joins."), field="newcomer")
    name = check_typed_name(name, field="newcomer")
    if same_name(name) in (same_name(player) for player in players):
        raise RuleError(
            N_("{name} is already at this game: tap that name to deal them in."),
            field="newcomer",
            name=name,
        )
    spec: GameSpec[Any] = ctx.loaded.spec
    if len(players) >= spec.most_listed:
        raise RuleError(
            N_("A game lists at most {most} players."), field="newcomer", most=spec.most_listed
        )
    if not ctx.record.rounds:
        raise RuleError(
            N_("Before the first deal, start the game again with {name} in it."),
            field="newcomer",
            name=name,
        )
    return name


def joined(
    players: Sequence[str], rounds: Sequence[Mapping[str, Any]], name: str
) -> tuple[tuple[str, ...], list[JSON]]:
    """The players with ``name`` last, and the rounds already entered with him out of each."""
    return (*players, name), [{**r, "out": [*r.get("out", []), name]} for r in rounds]
