"""Answering an entry: the page or its fragment, with the right status, input kept on errors."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from flask import redirect, render_template, request, session, url_for
from markupsafe import Markup

from .. import lookups, services, writes
from ..evening import stake_of
from ..games import find_game
from ..games.base import Message, RuleError
from ..i18n import gettext, say, use_table_language
from ..kept import kept
from ..models import LARGEST_INTEGER, Game, Table
from ..play import adapter_for
from ..play.base import KEY, Change, Context, EntryForm, place_error, same_field
from ..play.page import GameFacts, GamePage, TableFacts, game_page
from .shown import asked_version, is_htmx, look, look_of


def page_of(game: Game, *, readonly: bool = False) -> GamePage[Any]:
    """The game's page model, built once per look (``shown.look``: its version, the language,
    the watch view …) and kept (``kept.py``)."""
    key = look(game.table, game, readonly=readonly)
    pages = kept().pages
    page: GamePage[Any] | None = pages.get(key)
    if page is None:
        adapter, loaded = adapter_for(game.kind), services.load_game(game)
        facts, table = game_facts(game), table_facts(game.table)
        page = game_page(adapter, facts, table, loaded, readonly=readonly)
        pages.put(key, page)
    return page


def kept_answer(game_id: int, *, readonly: bool, **token: str) -> str | None:
    """A game page drawn from the model and sheet kept for the game's version, found with one
    light query and no object of the store (None: none kept, or the phone has a line of its
    own to be told after a redirect)."""
    said = session.get("said")
    if not 0 < game_id <= LARGEST_INTEGER or (
        isinstance(said, dict) and said.get("game") == game_id
    ):
        return None
    if (found := lookups.look_at(game_id, **token)) is None:
        return None
    version, created, ended, language = found
    use_table_language(language)  # before the language is read into the key
    key = look_of(game_id, created, version, ended, readonly=readonly)
    page, sheet = kept().pages.get(key), kept().sheets.get(key)
    if page is None or sheet is None:
        return None
    return draw_game(page, sheet=sheet, whole=not is_htmx())


def game_context(game: Game) -> Context[Any]:
    return page_of(game).ctx


def game_facts(game: Game) -> GameFacts:
    """What of the stored game its page shows (the stake only once the game has finished)."""
    finished = game.finished is not None
    stake = stake_of(game, find_game(game.kind)) if finished else None
    return GameFacts(
        game.id,
        game.kind,
        game.version,
        tuple(game.seating),
        game.first,
        dict(game.settings or {}),
        finished,
        game.corrected,
        None if stake is None else (stake.amount, stake.basis),
    )


def table_facts(table: Table) -> TableFacts:
    return TableFacts(table.token, table.view_token, table.currency, table.ended is not None)


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
    that asked last showed; ``taps_lost``: a stale form whose taps could not be kept."""
    page = page_of(game, readonly=readonly)
    said = said or said_before_redirect(game)
    key, sheets = look(table, game, readonly=readonly), kept().sheets
    if (sheet := sheets.get(key)) is None:
        sheets.put(key, sheet := draw_sheet(page))
    parts = Parts(form, notice, said, taps_lost, elsewhere or [])
    return draw_game(page, parts, sheet=sheet, whole=not is_htmx()), status


@dataclass(frozen=True)
class Parts:
    """What a page shows for one phone alone: its entry form (None: a fresh one of the step),
    its notice, what its last tap did, whether its taps were lost, what other phones did."""

    form: EntryForm | None = None
    notice: str | None = None
    said: str | None = None
    taps_lost: bool = False
    elsewhere: Sequence[str] = ()


def drawn_model(page: GamePage[Any]) -> dict[str, Any]:
    """The page model as the templates know its parts (``base``: the page's own address)."""
    table, game = page.table, page.game
    if page.readonly:
        base = url_for("view.watch", view_token=table.view_token, game_id=game.id)
    else:
        base = url_for("games.show", token=table.token, game_id=game.id)
    return {"page": page, "base": base, "table": page.table, "game": page.game, "ctx": page.ctx,
            "view": page.ctx.view, "readonly": page.readonly, "standings": page.standings,
            "undo_what": page.undo, "again": page.again, "money": page.money}  # fmt: skip


def draw_sheet(page: GamePage[Any]) -> Markup:
    """The game's sheet: the same for every phone that reads the game the same way."""
    html = render_template(f"{page.game.kind}/_sheet.html", **drawn_model(page))
    return Markup(html)  # noqa: S704  # nosec B704  # our own template's output, escaped there


def draw_game(
    page: GamePage[Any], parts: Parts = Parts(), *, sheet: Markup | None = None, whole: bool = True
) -> str:
    """The page drawn from its model and one phone's own parts (a fresh entry form of the step
    when none is given); ``whole``: the page, else its ``#game`` fragment (htmx)."""
    form = parts.form
    if not page.entering:
        form = None
    elif form is None and (form := adapter_for(page.game.kind).entry_form(page.ctx)) is not None:
        form.fresh(page.game.version)
    return render_template(
        "games/page.html" if whole else "games/_game.html",
        **drawn_model(page),
        sheet_html=sheet or draw_sheet(page),
        form=form,
        notice=parts.notice or page.closed,
        said=parts.said,
        taps_lost=parts.taps_lost,
        elsewhere=list(parts.elsewhere),
    )


def changed_since(game: Game, most: int = 3) -> list[str]:
    """What changed since the version the polling page shows (the last few sentences)."""
    seen = request.args.get("version", type=int)
    if seen is None or not 0 <= seen < game.version:
        return []
    return [say(m) for m in services.changes_since(game, seen)[-most:]]


def unchanged(game: Game) -> bool:
    """A poll from a page that already shows this version (htmx does not swap a 204)."""
    return request.args.get("version", type=int) == game.version


@dataclass(frozen=True)
class Asked:
    """The post a save answers: the game, the form that was posted (None: none was built yet,
    or the post carries no input, as an Undo), how the page is drawn again (``draw``) and
    what of a stale form's input is kept (``keep``)."""

    table: Table
    game: Game
    form: EntryForm | None = None
    make_form: Callable[[Context[Any]], EntryForm | None] | None = None
    draw: Callable[..., Any] | None = None
    keep: Callable[[Game, EntryForm], EntryForm | None] | None = None
    fields: Callable[[RuleError], RuleError] = same_field

    def again(self, **parts: Any) -> Any:
        draw = self.draw or partial(render_game, self.table, self.game)
        return draw(**parts)


def submit(asked: Asked, make_change: Callable[[Context[Any], EntryForm], Change]) -> Any:
    """Validate, propose, answer: 303/fragment when saved, 422 invalid, 409 stale, a post sent
    again is "already saved".

    The version and the key are checked before anything is built: a double tap or a post from
    an older page costs one lookup. A form of the current version is not looked up before it
    is saved (a key already used is refused by its unique index); one that is refused is,
    and the version asked again (``writes.refused``), so a form sent again is told "already
    saved" and one overtaken by another phone is stale, not judged by the wrong step."""
    game, key = asked.game, posted_key()
    posted = posted_version()
    if posted is not None and posted != game.version:  # a double tap or a resend
        return answer(asked, writes.late(game, key, posted))
    ctx = game_context(game)
    form = asked.make_form(ctx) if asked.make_form else asked.form
    asked = replace(asked, form=form)
    if form is None:  # the game is over
        return answer(asked, writes.AlreadySaved() if services.already_applied(key) else None)
    if not form.validate():
        return answer(asked, writes.refused(game, key, posted, None))
    try:
        change = make_change(ctx, form)
    except RuleError as error:
        return answer(asked, writes.refused(game, key, posted, error))
    proposal = writes.Proposal(
        form.key.data, form.version.data, change.rounds, change.summary, ctx.record,
        ctx.loaded.replay, change.draft, device(), change.describe, change.correcting,
    )  # fmt: skip
    return answer(replace(asked, fields=change.fields), writes.save(game, proposal))


def answer(asked: Asked, outcome: writes.Outcome | None) -> Any:
    """The answer to a save's outcome (None: the game takes no more entries)."""
    match outcome:
        case writes.Saved(summary):
            return done(asked.table, asked.game, said=say(summary))
        case writes.AlreadySaved():
            return done(asked.table, asked.game, said=gettext("Already saved."))
        case writes.Stale(changes):
            return stale_answer(asked, changes)
        case writes.Refused(error):
            return refused_answer(asked, error)
    notice = gettext("The game is over: nothing more can be entered.")
    return asked.again(notice=notice, status=422)


def stale_answer(asked: Asked, changes: list[Message]) -> Any:
    """409: another phone saved first. The posted input is kept where the table is still at
    its step (``keep``); a post without input is told to look again."""
    posted = asked.form
    if posted is None and asked.make_form is not None:
        posted = asked.make_form(game_context(asked.game))
    if posted is None:
        notice = gettext("Another phone changed the sheet: look again.")
        return asked.again(status=409, notice=notice)
    kept_form = (asked.keep or keep_if_same_step)(asked.game, posted)
    notice = stale_notice(changes, kept=kept_form is not None)
    return asked.again(form=kept_form, status=409, notice=notice, taps_lost=kept_form is None)


def refused_answer(asked: Asked, error: RuleError | None) -> Any:
    """422: the rule broken said next to its field (or above the page), the input kept."""
    form = asked.form
    if form is None:
        return asked.again(status=422, notice=say(error) if error else None)
    if error is not None:
        place_error(form, asked.fields(error), tuple(asked.game.seating))
        return asked.again(form=form, status=422)
    notice = gettext("This page is out of date: reload it and enter again.")
    return asked.again(form=form, status=422, notice=notice if form.damaged else None)


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
    return session["device"]


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


def stale_notice(changes: list[Message], *, kept: bool = True) -> str:
    what = "; ".join(say(m) for m in changes) or gettext("the sheet was changed")
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
