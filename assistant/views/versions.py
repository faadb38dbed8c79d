"""Both versions of a game: what this phone played on without signal, beside what the table has
now (another phone entered meanwhile), to keep one of them.

The phone's own app (``phone.py``) says its version of the game (``mine``: its record and the
round in play, as JSON); the page (``static/kept/versions.js``) sends that here to be shown beside
the table's and, when the players choose it, saved as one change over the table's. Keeping the
table's needs nothing of the server: the phone lets go of what it kept."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from flask import Blueprint, Response, jsonify, render_template, url_for
from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, Regexp
from wtforms.widgets import HiddenInput

from ..games.base import N_, Message, RuleError
from ..i18n import gettext, say
from ..lookup import game_or_404
from ..play import adapter_for
from ..play.base import KEY, Context
from ..play.conflict import apart
from ..store import service as services
from ..store import writes
from ..store.models import LARGEST_INTEGER, Game, Table
from ..store.records import dump_record, parse_record
from .respond import Asked, answer, device
from .shown import game_context

bp = Blueprint("versions", __name__, url_prefix="/t/<token>/g/<int:game_id>/versions")

MAX_MINE = 256 * 1024  # a whole game as JSON: a few KB


class VersionsForm(FlaskForm):
    """This phone's version of the game (``mine``), the names of the steps it kept (``steps``,
    a JSON list) and the version of the table's its changes were made on (``since``); to keep
    it, the table's version it is kept over and a key of its own."""

    class Meta:
        csrf = False  # every POST is checked by CSRFProtect before its view runs

    mine = HiddenField(validators=[InputRequired(), Length(max=MAX_MINE)])
    steps = HiddenField(validators=[Optional(), Length(max=16000)])
    since = IntegerField(
        widget=HiddenInput(), validators=[Optional(), NumberRange(0, LARGEST_INTEGER)]
    )
    version = IntegerField(
        widget=HiddenInput(), validators=[Optional(), NumberRange(0, LARGEST_INTEGER)]
    )
    key = HiddenField(validators=[Optional(), Regexp(KEY)])

    def named_steps(self) -> list[str]:
        try:
            steps = json.loads(self.steps.data or "[]")
        except ValueError:
            return []
        return [str(step) for step in steps] if isinstance(steps, list) else []


@bp.get("/mine")
def mine(token: str, game_id: int) -> Response:
    """This app's version of the game, as the page asks it of the app on the phone."""
    _table, game = game_or_404(token, game_id)
    record = dump_record(services.record_of(game))
    return jsonify({"record": record, "draft": game.draft, "version": game.version})


@bp.post("/")
def show(token: str, game_id: int) -> Any:
    table, game = game_or_404(token, game_id)
    form = VersionsForm()
    return draw(table, game, form, phone_version(game, form))


@bp.post("/keep")
def keep(token: str, game_id: int) -> Any:
    """This phone's version saved over the table's, as one change (if the table is still at
    the version the players chose it over)."""
    table, game = game_or_404(token, game_id)
    form = VersionsForm()
    phone = phone_version(game, form)
    asked = Asked(table, game, draw=partial(draw, table, game, form, phone))
    if phone is None or form.version.data is None or not form.key.data:
        return draw(table, game, form, phone, status=422)
    ctx = game_context(game)
    kept = Message(N_("This phone's version of the game kept over the table's."))
    proposal = writes.Proposal(
        form.key.data, form.version.data, phone.record.rounds, kept, ctx.record,
        ctx.loaded.replay, phone.loaded.draft, device(), players=phone.record.players,
    )  # fmt: skip
    return answer(asked, writes.save(game, proposal))


def phone_version(game: Game, form: VersionsForm) -> Context[Any, Any] | None:
    """The game as the phone sent it, replayed by the engine: the same game (its rules, who
    began) with its own rounds, round in play and players; None when it is not (the form says
    why)."""
    if not form.validate():
        return None
    table = game_context(game)
    try:
        sent = json.loads(form.mine.data)
        if not isinstance(sent, Mapping):
            raise ValueError
        record = parse_record(sent.get("record"))
        draft = sent.get("draft")
        if not isinstance(draft, Mapping | None):
            raise ValueError
        # Every option written out, as the phone's record says them: a game imported from a
        # record that named only some of its options is still the same game.
        ours = parse_record(dump_record(table.record))
        if (record.game, record.first, record.options) != (ours.game, ours.first, ours.options):
            raise ValueError
        spec = table.loaded.spec
        mine = dict(draft) if draft is not None else None
        loaded = replace(table.loaded, record=record, replay=spec.replay(record), draft=mine)
        return Context(loaded, adapter_for(game.kind).view(loaded))
    except (ValueError, RuleError):
        form.form_errors.append(gettext("This phone's version is not one of this game."))
        return None


def draw(
    table: Table,
    game: Game,
    form: VersionsForm,
    phone: Context[Any, Any] | None,
    status: int = 200,
    notice: str | None = None,
    **_parts: Any,
) -> tuple[str, int]:
    """Both versions side by side: each one's score, the rounds where they differ, what the
    table did meanwhile and the steps this phone kept; keep this phone's, or the table's."""
    ctx = game_context(game)
    adapter = adapter_for(game.kind)
    since = form.since.data if form.since.data is not None else game.version
    meanwhile = [say(change) for change in services.changes_since(game.id, since)]
    keeping = VersionsForm(formdata=None, mine=form.mine.data, steps=form.steps.data, since=since)
    keeping.version.data = game.version
    page = render_template(
        "games/versions.html",
        table=table,
        game=game,
        form=form,
        keeping=keeping,
        both=apart(adapter, ctx, phone) if phone is not None else None,
        steps=form.named_steps(),
        meanwhile=meanwhile,
        notice=notice,
        game_url=url_for("games.show", token=table.token, game_id=game.id),
    )
    return page, status
