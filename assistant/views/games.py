"""A game's page and everything entered on it."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
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

from ..device import device, is_htmx
from ..download import download, json_download
from ..evening.again import chosen_players, play_again, started_at
from ..evening.forms import AgainForm
from ..games.base import Message, RuleError
from ..games.spec import in_play
from ..i18n import gettext, say
from ..lookup import game_or_404, watched_or_404
from ..play import adapter_for
from ..play.base import Adapter, Change, Context, EntryForm
from ..play.conflict import conflict
from ..play.history import PhoneNameForm, history_lines
from ..play.standings import telling_the_totals
from ..store import service as services
from ..store import tablefile, writes
from ..store.models import Game, Table
from ..store.records import dump_record
from ..throttle import creating
from .respond import Asked, answer, keep_always, look_again, submit
from .shown import (
    changed_since,
    game_context,
    kept_answer,
    page_of,
    render_game,
    unchanged,
)

bp = Blueprint("games", __name__, url_prefix="/t/<token>/g/<int:game_id>")


@bp.get("/")
def show(token: str, game_id: int) -> Any:
    if (kept := kept_answer(game_id, readonly=False, token=token)) is not None:
        return kept
    table, game = game_or_404(token, game_id)
    return render_game(table, game)


@bp.get("/poll")
def poll(token: str, game_id: int) -> Any:
    """Other phones ask every few seconds; 204 while nothing changed (htmx does not swap it),
    else the page another phone's save made: both from the game's look alone, where kept."""
    if (kept := kept_answer(game_id, readonly=False, polled=True, token=token)) is not None:
        return kept
    table, game = game_or_404(token, game_id)
    if unchanged(game):
        return Response(status=204, headers={"ETag": f'"{game.version}"'})
    return render_game(table, game, elsewhere=changed_since(game.id, game.version))


@bp.post("/enter")
def enter(token: str, game_id: int) -> Any:
    table, game = game_or_404(token, game_id)
    adapter = adapter_for(game.kind)
    make_form = partial(adapter.entry_form, formdata=request.form)
    return submit(Asked(table, game, make_form=make_form), adapter.entered)


@bp.post("/undo")
def undo(token: str, game_id: int) -> Any:
    table, game = game_or_404(token, game_id)
    form = EntryForm(request.form)
    if not form.validate():
        return render_game(table, game, status=422, notice=gettext("Undo failed: reload the page."))
    asked = Asked(table, game)
    if form.version.data != game.version:  # only a form of an older version can be saved
        return answer(asked, writes.late(game, form.key.data, form.version.data))
    page = page_of(game)
    ctx, adapter = page.ctx, page.adapter
    draft = adapter.undo_draft(ctx) if in_play(game.draft) else adapter.reopened(ctx)
    proposed = writes.Proposal(
        form.key.data, form.version.data, ctx.record.rounds, Message(""), ctx.record,
        ctx.loaded.replay, draft, device(),
    )  # fmt: skip
    undone = writes.undone(game, proposed, page.undo)
    if isinstance(undone, writes.Refused):
        return answer(asked, writes.refused(game, form.key.data, form.version.data, undone.error))
    return answer(asked, writes.save(game, undone))


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
    draw = partial(draw_correction, table, game, number)
    if request.method == "GET":
        return draw(form.fresh(game.version))
    asked = Asked(table, game, form, draw=draw, keep=keep_always)
    return submit(asked, partial(corrected, adapter, number))


def corrected(
    adapter: Adapter[Any, Any], number: int, ctx: Context[Any, Any], form: EntryForm
) -> Change:
    """The correction of round ``number``, with a log sentence that says how the totals moved."""
    change = telling_the_totals(adapter, ctx, adapter.corrected(ctx, number, form))
    return replace(change, correcting=number)


def draw_correction(
    table: Table, game: Game, number: int, form: EntryForm | None = None, status: int = 200,
    **parts: Any,
) -> Any:  # fmt: skip
    """The correction page of round ``number``; after a stale post (another phone changed the
    game since this form was made, maybe while it waited in this phone's outbox) both versions
    of the round, to choose from."""
    ctx, adapter = game_context(game), adapter_for(game.kind)
    if number > len(ctx.record.rounds):  # another phone took the round back (Undo) meanwhile
        return render_game(table, game, status=409, notice=look_again())
    if form is None:
        form = adapter.round_form(ctx, number).fresh(game.version)
    both = conflict(ctx, adapter, number, form) if status == 409 else None
    page = render_template(
        "games/correct.html",
        **{"table": table, "game": game, "ctx": ctx, "form": form, "number": number, **parts},
        conflict=both,
    )
    return page, status


@bp.post("/again")
@creating
def again(token: str, game_id: int) -> Any:
    """A new game with the same players (or the list changed), rules and stake, the deal one
    seat on (one tap)."""
    table, game = game_or_404(token, game_id)
    form = AgainForm()
    if not form.validate_on_submit() and not form.joins.errors:
        notice = gettext("This page is out of date: reload it and enter again.")
        return render_game(table, game, status=422, notice=notice)
    if (started := started_at(table, form.key.data)) is None:  # else sent again: that game
        if (chosen := chosen_players(game, form)) is None:
            return render_game(table, game, status=422, again=form)
        try:
            started = play_again(game, form.key.data, chosen)
        except RuleError as error:  # the evening has ended, or the rules do not fit them
            return render_game(table, game, status=422, notice=say(error))
    return redirect(url_for("games.show", token=table.token, game_id=started.id), 303)


@bp.get("/export")
def export(token: str, game_id: int) -> Response:
    _table, game = game_or_404(token, game_id)
    record = dump_record(services.record_of(game))
    name = f"{game.kind}-{game.created:%Y-%m-%d}-{game.id}.json"
    return json_download(record, name)


@bp.get("/sheet.csv")
def sheet_csv(token: str, game_id: int) -> Response:
    """The game's sheet as a spreadsheet: one row per round."""
    _table, game = game_or_404(token, game_id)
    name = f"{game.kind}-{game.created:%Y-%m-%d}-{game.id}.csv"
    # the mark at its start tells spreadsheets it is UTF-8
    return download("\ufeff" + tablefile.sheet_csv(game, say), name, "text/csv")


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
    lines = history_lines(services.changes_of(game), device(), adapter_for(game.kind), game.seating)
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
    kept = kept_answer(game_id, readonly=True, polled=is_htmx(), view_token=view_token)
    if kept is not None:
        return kept
    table, game = watched_or_404(view_token, game_id)
    if is_htmx() and unchanged(game):
        return Response(status=204)
    return render_game(table, game, readonly=True, elsewhere=changed_since(game.id, game.version))
