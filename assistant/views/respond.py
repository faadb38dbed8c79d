"""Answering an entry: the page or its fragment, with the right status, input kept on errors."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from flask import redirect, render_template, request, session, url_for

from .. import services
from ..again import again_offered
from ..extensions import db
from ..games.base import Message, RuleError
from ..history import correction_to_undo
from ..i18n import gettext, say
from ..models import Game, Table
from ..play import adapter_for
from ..play.base import KEY, Change, Context, EntryForm, place_error
from ..play.evening import game_money
from ..play.history import signed
from .shown import (
    SheetRows,
    answer_key,
    asked_version,
    is_htmx,
    keep_page,
    keep_sheet_rows,
    kept_page,
    look,
    shared_request,
    sheet_rows_for,
    version_shown,
)


def game_context(game: Game) -> Context:
    loaded = services.load_game(game)
    return Context(loaded, adapter_for(game.kind).view(loaded))


def render_game(
    table: Table,
    game: Game,
    *,
    form: EntryForm | None = None,
    status: int = 200,
    notice: str | None = None,
    said: str | None = None,
    readonly: bool = False,
    taps_lost: bool = False,
    elsewhere: list[str] | None = None,
) -> tuple[str, int]:
    """The game page (or, for htmx, the ``#game`` fragment): with the entry form of this step,
    or read-only for the watch view. ``elsewhere``: what other phones changed since the page
    that asked last showed; ``taps_lost``: a stale form whose taps could not be kept.

    A page with nothing in it for this phone alone is kept for the next phone that asks, and an
    htmx answer leaves out the sheet's rows the phone already shows (``shown.py``)."""
    said = said or said_before_redirect(game)
    own = (
        form is not None
        or status != 200
        or bool(notice or said or taps_lost or elsewhere)
        or not shared_request()
    )
    seen = look(table, game, game.version, readonly=readonly)
    page_key = answer_key(seen)
    html = None if own else kept_page(page_key)
    if html is None:
        rows = sheet_rows_for(seen, version_shown())
        html = render_page(table, game, form, notice, said, readonly, taps_lost, elsewhere, rows)
        keep_sheet_rows(seen, rows)
        if not own:
            keep_page(page_key, html)
    return html, status


def render_page(
    table: Table,
    game: Game,
    form: EntryForm | None,
    notice: str | None,
    said: str | None,
    readonly: bool,
    taps_lost: bool,
    elsewhere: list[str] | None,
    rows: SheetRows,
) -> str:
    ctx = game_context(game)
    adapter = adapter_for(game.kind)
    if table.ended is not None and not readonly:  # the evening has ended: no entry panel
        form = None
        notice = notice or gettext(
            "The evening has ended: this game takes no more entries. Reopen the evening on the"
            " table page to go on."
        )
    elif form is None and not readonly:
        form = adapter.entry_form(ctx)
        if form is not None:
            form.fresh(game.version)
    template = "games/_game.html" if is_htmx() else "games/page.html"
    return render_template(
        template,
        table=table,
        game=game,
        ctx=ctx,
        view=ctx.view,
        form=form,
        notice=notice,
        said=said,
        readonly=readonly,
        standings=adapter.standings(ctx),
        undo_what=None if readonly else undo_label(game, ctx),
        taps_lost=taps_lost,
        elsewhere=elsewhere or [],
        again=None if readonly else again_offered(game),
        money=game_money(game) if game.finished is not None and not readonly else None,
        rows=rows,
    )


def undo_label(game: Game, ctx: Context) -> Message | None:
    """What Undo takes back now: the game's last correction, else its last step."""
    adapter = adapter_for(game.kind)
    if (corrected := correction_to_undo(game, ctx.record.rounds)) is not None:
        return adapter.correction_label(corrected)
    return adapter.undo_label(ctx)


def changed_since(game: Game, most: int = 3) -> list[str]:
    """What changed since the version the polling page shows (the last few sentences)."""
    seen = request.args.get("version", type=int)
    if seen is None or not 0 <= seen < game.version:
        return []
    return [say(m) for m in services.changes_since(game, seen)[-most:]]


def unchanged(game: Game) -> bool:
    """A poll from a page that already shows this version (htmx does not swap a 204)."""
    return request.args.get("version", type=int) == game.version


def submit(
    table: Table,
    game: Game,
    make_form: Callable[[Context], EntryForm | None],
    make_change: Callable[[Context, EntryForm], Change],
    *,
    rerender: Callable[..., Any] | None = None,
    on_stale: Callable[[Game, EntryForm], EntryForm | None] | None = None,
) -> Any:
    """Validate, apply, answer: 303/fragment on success, 422 invalid, 409 stale, replay = ok.

    The version and the key are checked before anything is built: a double tap or a post from
    an older page costs one lookup. A form of the current version that is saved is not looked
    up (a key already used is refused by its unique index), but one that is refused is: a
    phone sends its next request with the version its own answer gave, so a form sent again
    is told "already saved", not judged by the next step.

    Another phone may commit while this request reads the game: whenever this request is
    about to refuse the form, it first asks the database whether the version moved
    meanwhile, and then answers 409 (with the input kept) rather than judging the form by
    the wrong step.
    """
    rerender = rerender or (lambda **kw: render_game(table, game, **kw))
    posted = posted_version()
    form: EntryForm | None = None

    def moved() -> bool:
        return posted is not None and services.current_version(game) != posted

    def saved_before() -> bool:
        return services.already_applied(posted_key())

    def already_saved() -> Any:
        return done(table, game, said=gettext("Already saved."))

    def stale_answer() -> Any:
        db.session.expire_all()  # read the game afresh
        stale = services.Stale(services.changes_since(game, posted or 0))
        posted_form = form or make_form(game_context(game))
        kept = (on_stale or keep_if_same_step)(game, posted_form) if posted_form else None
        lost = posted_form is not None and kept is None
        notice = stale_notice(stale, kept=not lost)
        return rerender(form=kept, status=409, notice=notice, taps_lost=lost)

    if posted is not None and posted != game.version:
        return already_saved() if saved_before() else stale_answer()  # a double tap or a resend
    ctx = game_context(game)
    form = make_form(ctx)
    if form is None:
        if saved_before():  # the last entry, sent again
            return already_saved()
        notice = gettext("The game is over: nothing more can be entered.")
        return rerender(notice=notice, status=422)
    if not form.validate():
        if saved_before():
            return already_saved()
        if moved():
            return stale_answer()
        notice = gettext("This page is out of date: reload it and enter again.")
        return rerender(form=form, status=422, notice=notice if form.damaged else None)
    change: Change | None = None
    try:
        change = make_change(ctx, form)
        summary = services.apply_change(
            game,
            key=form.key.data,
            version=form.version.data,
            rounds=change.rounds,
            summary=change.summary,
            draft=change.draft,
            author=device(),
            replayed=ctx.loaded.replay,
            record=ctx.record,
            describe=change.describe,
            key_checked=True,
            correcting=change.correcting,
        )
    except services.Replayed:
        return already_saved()
    except services.Stale:  # another phone moved the version first, or this form did
        db.session.expire_all()  # read the game afresh
        return already_saved() if saved_before() else stale_answer()
    except RuleError as error:
        if saved_before():
            return already_saved()
        if moved():
            return stale_answer()
        place_error(form, change.fields(error) if change else error, tuple(game.seating))
        return rerender(form=form, status=422)
    return done(table, game, said=say(summary))


def posted_version() -> int | None:
    """The version the form was made from; None when missing or when no game could have it."""
    return asked_version(request.form)


def posted_key() -> str:
    """The form's idempotency key; empty when it is not one the pages make."""
    key = request.form.get("key", "")
    return key if KEY.match(key) else ""


def device() -> str:
    """Which phone entered it (a random name kept in this phone's session), for the log."""
    if "device" not in session:
        session["device"] = secrets.token_hex(4)
    return signed(session["device"], session.get("device_name"))


def done(table: Table, game: Game, *, said: str | None = None) -> Any:
    if is_htmx():
        return render_game(table, game, said=said)
    if said:  # the page after the redirect says it (a correction, or a phone without htmx)
        session["said"] = {"game": game.id, "text": said}
    return redirect(url_for("games.show", token=table.token, game_id=game.id), 303)


def said_before_redirect(game: Game) -> str | None:
    said = session.get("said")
    if not isinstance(said, dict) or said.get("game") != game.id:
        return None
    session.pop("said")
    return str(said.get("text", "")) or None


def stale_notice(stale: services.Stale, *, kept: bool = True) -> str:
    what = "; ".join(say(m) for m in stale.changes) or gettext("the sheet was changed")
    if kept:
        return gettext(
            "Another phone entered meanwhile (%(what)s). Your input is kept: check it and save "
            "again.",
            what=what,
        )
    return gettext(
        "Another phone entered meanwhile (%(what)s). Your taps were for a step the table has "
        "already done, so they were not kept.",
        what=what,
    )


def keep_if_same_step(game: Game, form: EntryForm) -> EntryForm | None:
    """After a stale post: the user's input stays if the table is still at the same step."""
    current = adapter_for(game.kind).entry_form(game_context(game))
    if current is None or current.step.data != request.form.get("step"):
        return None
    return form.carried_to(game.version)


def keep_always(game: Game, form: EntryForm) -> EntryForm:
    return form.carried_to(game.version)
