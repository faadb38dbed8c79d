"""A game's page and everything entered on it."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    redirect,
    render_template,
    request,
    session,
    url_for,
)

from .. import services, tablefile
from ..again import play_again
from ..extensions import db
from ..games.base import RuleError
from ..history import changes_of
from ..i18n import gettext, say
from ..play import adapter_for
from ..play.base import EntryForm
from ..play.conflict import conflict
from ..play.history import PhoneNameForm, history_lines
from ..play.standings import telling_the_totals
from ..records import dump_record
from ..tableforms import AgainForm
from ..throttle import creating
from .lookup import game_or_404, shown_version, watched_or_404
from .respond import (
    changed_since,
    device,
    done,
    game_context,
    is_htmx,
    keep_always,
    render_game,
    submit,
    unchanged,
    undo_label,
)
from .shown import kept_game_page

bp = Blueprint("games", __name__, url_prefix="/t/<token>/g/<int:game_id>")


@bp.get("/")
def show(token: str, game_id: int) -> Any:
    if kept := kept_game_page(game_id, readonly=False, token=token):
        return kept
    table, game = game_or_404(token, game_id)
    return render_game(table, game)


@bp.get("/poll")
def poll(token: str, game_id: int) -> Any:
    """Other phones ask every few seconds; 204 while nothing changed (htmx does not swap it),
    answered from the version alone."""
    asked = request.args.get("version", type=int)
    if shown_version(game_id, asked, token=token):
        return Response(status=204, headers={"ETag": f'"{asked}"'})
    table, game = game_or_404(token, game_id)
    if unchanged(game):
        return Response(status=204, headers={"ETag": f'"{game.version}"'})
    return render_game(table, game, elsewhere=changed_since(game))


@bp.post("/enter")
def enter(token: str, game_id: int) -> Any:
    table, game = game_or_404(token, game_id)
    adapter = adapter_for(game.kind)
    return submit(table, game, lambda ctx: adapter.entry_form(ctx, request.form), adapter.entered)


@bp.post("/undo")
def undo(token: str, game_id: int) -> Any:
    table, game = game_or_404(token, game_id)
    form = EntryForm(request.form)
    if not form.validate():
        return render_game(table, game, status=422, notice=gettext("Undo failed: reload the page."))
    stale = gettext("Another phone changed the sheet: look again.")
    if form.version.data != game.version:  # only a form of an older version can be saved
        if services.already_applied(form.key.data):  # before anything is built
            return done(table, game, said=gettext("Already saved."))
        return render_game(table, game, status=409, notice=stale)
    adapter, ctx = adapter_for(game.kind), game_context(game)
    draft_after = adapter.undo_draft(ctx) if services.in_play(game.draft) else adapter.reopened(ctx)
    said = gettext("Already saved.")
    try:
        said = say(
            services.undo_last(
                game,
                key=form.key.data,
                version=form.version.data,
                draft_after=draft_after,
                author=device(),
                replayed=ctx.loaded.replay,
                record=ctx.record,
                what=undo_label(game, ctx),
                key_checked=True,
            )
        )
    except services.Replayed:
        pass
    except services.Stale:
        db.session.expire_all()  # read the game afresh
        if services.already_applied(form.key.data):  # the same undo won a race
            return done(table, game, said=gettext("Already saved."))
        return render_game(table, game, status=409, notice=stale)
    except RuleError as error:
        if services.already_applied(form.key.data):  # sent again after its own answer
            return done(table, game, said=gettext("Already saved."))
        return render_game(table, game, status=422, notice=say(error))
    return done(table, game, said=said)


@bp.route("/rounds/<int:number>", methods=["GET", "POST"])
def correct(token: str, game_id: int, number: int) -> Any:
    """Correct round ``number`` (1-based): everything after it is recomputed."""
    table, game = game_or_404(token, game_id)
    ctx = game_context(game)
    if not 1 <= number <= len(ctx.record.rounds):
        abort(404)
    adapter = adapter_for(game.kind)
    formdata = request.form if request.method == "POST" else None
    form = adapter.round_form(ctx, number, formdata)

    def rerender(form: EntryForm | None = None, status: int = 200, **kw: Any) -> Any:
        if form is None:
            form = adapter.round_form(ctx, number).fresh(game.version)
        # Stale: another phone changed the game since this form was made (maybe while it
        # waited in this phone's outbox): both versions of the round, to choose from.
        both = conflict(ctx, adapter, number, form) if status == 409 else None
        page = render_template(
            "games/correct.html",
            **{"table": table, "game": game, "ctx": ctx, "form": form, "number": number, **kw},
            conflict=both,
        )
        return page, status

    if request.method == "GET":
        return rerender(form.fresh(game.version))
    return submit(
        table,
        game,
        lambda _ctx: form,
        lambda ctx, valid: replace(
            telling_the_totals(adapter, ctx, adapter.corrected(ctx, number, valid)),
            correcting=number,
        ),
        rerender=rerender,
        on_stale=keep_always,
    )


@bp.post("/again")
@creating
def again(token: str, game_id: int) -> Any:
    """A new game with the same players, rules and stake, the deal one seat on (one tap)."""
    table, game = game_or_404(token, game_id)
    form = AgainForm()
    if not form.validate_on_submit():
        notice = gettext("This page is out of date: reload it and enter again.")
        return render_game(table, game, status=422, notice=notice)
    try:
        started = play_again(game, form.key.data)
    except RuleError as error:  # the evening has ended
        return render_game(table, game, status=422, notice=say(error))
    return redirect(url_for("games.show", token=table.token, game_id=started.id), 303)


@bp.get("/export")
def export(token: str, game_id: int) -> Response:
    _table, game = game_or_404(token, game_id)
    record = dump_record(services.record_of(game))
    name = f"{game.kind}-{game.created:%Y-%m-%d}-{game.id}.json"
    return Response(
        json.dumps(record, ensure_ascii=False, indent=2),
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@bp.get("/sheet.csv")
def sheet_csv(token: str, game_id: int) -> Response:
    """The game's sheet as a spreadsheet: one row per round."""
    _table, game = game_or_404(token, game_id)
    name = f"{game.kind}-{game.created:%Y-%m-%d}-{game.id}.csv"
    return Response(
        "\ufeff" + tablefile.sheet_csv(game, say),  # the mark tells spreadsheets it is UTF-8
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@bp.get("/history")
def history(token: str, game_id: int) -> str:
    """Who entered and changed what, when, from which phone: for disputes at the table."""
    table, game = game_or_404(token, game_id)
    return show_history(table, game, PhoneNameForm(data={"name": session.get("device_name")}))


@bp.post("/phone")
def name_phone(token: str, game_id: int) -> Any:
    """This phone's name, given once, for the history of every game."""
    table, game = game_or_404(token, game_id)
    form = PhoneNameForm()
    if not form.validate():
        return show_history(table, game, form), 422
    device()  # the phone has its id before its name
    session["device_name"] = form.name.data
    return redirect(url_for("games.history", token=token, game_id=game_id), 303)


def show_history(table: Any, game: Any, form: PhoneNameForm) -> str:
    lines = history_lines(changes_of(game), device(), adapter_for(game.kind), game.seating)
    page = "games/history.html"
    return render_template(page, table=table, game=game, lines=lines, phone_form=form)


@bp.get("/rules")
def rules(token: str, game_id: int) -> str:
    table, game = game_or_404(token, game_id)
    return render_template(
        f"{game.kind}/rules.html", table=table, game=game, ctx=game_context(game)
    )


@bp.route("/delete", methods=["GET", "POST"])
def delete(token: str, game_id: int) -> Any:
    table, game = game_or_404(token, game_id)
    form = EntryForm(request.form if request.method == "POST" else None)
    if request.method == "GET":
        return render_template("games/delete.html", table=table, game=game, form=form)
    if form.validate_on_submit():
        services.delete_game(game)
        return redirect(url_for("tables.show", token=table.token), 303)
    notice = gettext("This page is out of date: reload it and enter again.")
    return render_template(
        "games/delete.html", table=table, game=game, form=form, notice=notice
    ), 422


view_bp = Blueprint("view", __name__, url_prefix="/v/<view_token>/g/<int:game_id>")


@view_bp.get("/")
def watch(view_token: str, game_id: int) -> Any:
    """The read-only sheet for a TV or a spectator: no form, it refreshes itself."""
    if is_htmx() and shown_version(
        game_id, request.args.get("version", type=int), view_token=view_token
    ):
        return Response(status=204)
    table, game = watched_or_404(view_token, game_id)
    if is_htmx() and unchanged(game):
        return Response(status=204)
    return render_game(table, game, readonly=True, elsewhere=changed_since(game))
