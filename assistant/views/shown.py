"""A game page shown: its model built once per version and kept (``store/kept.py``) with its
sheet, drawn with what belongs to one phone alone; how a game is asked for (a page or an htmx
fragment, and which version the asking phone shows); what makes one rendering of a game differ
from another (its ``look``, the key of what is kept for it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import Response, g, render_template, request, session, url_for
from flask_wtf import FlaskForm
from markupsafe import Markup

from ..device import is_htmx
from ..i18n import reader_locale, say, use_table_language
from ..play import adapter_for
from ..play.base import Context, EntryForm
from ..play.fold import whole_sheet
from ..play.page import GameFacts, GamePage, TableFacts, game_page
from ..store import reads as lookups
from ..store import service as services
from ..store.kept import kept
from ..store.models import LARGEST_INTEGER, Game, Table
from ..store.pay import methods_at


def look(table: Table, game: Game, *, readonly: bool) -> tuple[Any, ...]:
    """Everything that makes one rendering of a game differ from another, but for one phone's
    own notices: the game's version, the language, the watch view, the whole sheet, the ended
    evening (which closes a game without a new version of it)."""
    ended = table.ended is not None
    return look_of(game.id, game.created, game.version, ended, table.updated, readonly=readonly)


def look_of(
    game_id: int,
    created: datetime,
    version: int,
    ended: bool,
    updated: datetime,
    *,
    readonly: bool,
) -> tuple[Any, ...]:
    """``updated``: the table's last change of its own (how a player is paid shows on a page)."""
    # As read from the database (a game made in this request may still hold the UTC time it
    # was given): naive.
    made, changed = created.replace(tzinfo=None), updated.replace(tzinfo=None)
    return (game_id, made, version, reader_locale(), readonly, whole_sheet(), ended, changed)


def asked_version(values: Any) -> int | None:
    """The ``version`` a form or a query carries; None when missing or when no game could have
    it."""
    version = values.get("version", type=int)
    return version if version is not None and 0 <= version <= LARGEST_INTEGER else None


def page_of(game: Game, *, readonly: bool = False) -> GamePage[Any, Any]:
    """The game's page model, built once per look (``shown.look``: its version, the language,
    the watch view …) and kept (``store/kept.py``). A request asking twice gets the same page, even
    if the process dropped it meanwhile: a form made from it is drawn with it."""
    key = look(game.table, game, readonly=readonly)
    asked: dict[tuple[Any, ...], GamePage[Any, Any]] = g.setdefault("pages", {})
    page: GamePage[Any, Any] | None = asked.get(key) or kept().pages.get(key)
    if page is None:
        loaded = services.load_game(game)  # the game may be read again, of a newer version
        key = look(game.table, game, readonly=readonly)
        facts, table = game_facts(game), table_facts(game.table, readonly=readonly)
        page = game_page(adapter_for(game.kind), facts, table, loaded, readonly=readonly)
        kept().pages.put(key, page)
    asked[key] = page
    return page


def kept_answer(
    game_id: int, *, readonly: bool, polled: bool = False, **token: str
) -> str | Response | None:
    """A game page drawn from the model and sheet kept for the game's version, found with one
    light query and no object of the store, and what changed since the version a poll shows.
    ``polled``: a poll, answered 204 from that same query where the phone shows the version
    already (before the session is read: no cookie). None: none kept, or the phone has a line
    of its own to be told after a redirect."""
    if not 0 < game_id <= LARGEST_INTEGER or (found := lookups.look_at(game_id, **token)) is None:
        return None
    version, created, ended, language, updated = found
    if polled and request.args.get("version", type=int) == version:
        return Response(status=204, headers={"ETag": f'"{version}"'})
    said = session.get("said")
    if isinstance(said, dict) and said.get("game") == game_id:
        return None
    use_table_language(language)  # before the language is read into the key
    key = look_of(game_id, created, version, ended, updated, readonly=readonly)
    page, sheet = kept().pages.get(key), kept().sheets.get(key)
    if page is None or sheet is None:
        return None
    parts = Parts(elsewhere=changed_since(game_id, version))
    return draw_game(page, parts, sheet=sheet, whole=not is_htmx())


def game_context(game: Game) -> Context[Any, Any]:
    return page_of(game).ctx


def game_facts(game: Game) -> GameFacts:
    """What of the stored game its page shows (the stake only once the game has finished)."""
    finished = game.finished is not None
    stake = game.stake if finished else None
    return GameFacts(
        game.id,
        game.kind,
        game.version,
        tuple(game.seating),
        game.first,
        dict(game.settings or {}),
        finished,
        game.corrected,
        None if stake is None else (stake.cents, stake.basis),
    )


def table_facts(table: Table, *, readonly: bool = False) -> TableFacts:
    """The table as its game's page shows it; the watch view's without the share's token (it
    is the key to enter, which a TV's page never gives away)."""
    ended = table.ended is not None
    token = "" if readonly else table.token
    pay = {} if readonly else methods_at(table)  # a TV never shows a number to pay to
    players = tuple(table.players)
    night = table.night_id is not None
    return TableFacts(
        token, table.view_token, table.currency, ended, players, pay, table.created, night
    )


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
    again: FlaskForm | None = None,
) -> tuple[str, int]:
    """The game page (or, for htmx, the ``#game`` fragment): with the entry form of this step,
    or read-only for the watch view. ``elsewhere``: what other phones changed since the page
    that asked last showed; ``taps_lost``: a stale form whose taps could not be kept."""
    said = said or said_before_redirect(game)
    page = page_of(game, readonly=readonly)
    key, sheets = look(table, game, readonly=readonly), kept().sheets
    if (sheet := sheets.get(key)) is None:
        sheets.put(key, sheet := draw_sheet(page))
    parts = Parts(form, notice, said, taps_lost, elsewhere or [], again)
    return draw_game(page, parts, sheet=sheet, whole=not is_htmx()), status


@dataclass(frozen=True)
class Parts:
    """What a page shows for one phone alone: its entry form (None: a fresh one of the step),
    its notice, what its last tap did, whether its taps were lost, what other phones did, and
    the play-again form it sent that could not start a game."""

    form: EntryForm | None = None
    notice: str | None = None
    said: str | None = None
    taps_lost: bool = False
    elsewhere: Sequence[str] = ()
    again: FlaskForm | None = None  # play again with a changed list, as sent (its errors)


def drawn_model(page: GamePage[Any, Any]) -> dict[str, Any]:
    """The page model as the templates know its parts (``base``: the page's own address;
    ``enter``: where its entry forms post; ``corrections``: where a round's correction is, its
    number after it: ``games.correct``). The watch view has neither: they are the share's."""
    table, game = page.table, page.game
    if page.readonly:
        base = url_for("view.watch", view_token=table.view_token, game_id=game.id)
        enter = corrections = None
    else:
        base = url_for("games.show", token=table.token, game_id=game.id)
        enter = url_for("games.enter", token=table.token, game_id=game.id)
        # Round 0's address without its number, built once for the sheet's every row.
        zero = url_for("games.correct", token=table.token, game_id=game.id, number=0)
        corrections = zero.removesuffix("0")
    return {"page": page, "base": base, "enter": enter, "corrections": corrections,
            "table": page.table, "game": page.game, "ctx": page.ctx, "view": page.ctx.view,
            "readonly": page.readonly, "standings": page.standings, "undo_what": page.undo,
            "again": page.again, "money": page.money}  # fmt: skip


def draw_sheet(page: GamePage[Any, Any]) -> Markup:
    """The game's sheet: the same for every phone that reads the game the same way."""
    html = render_template(f"{page.game.kind}/_sheet.html", **drawn_model(page))
    return Markup(html)  # noqa: S704  # nosec B704  # our own template's output, escaped there


def draw_game(
    page: GamePage[Any, Any],
    parts: Parts = Parts(),
    *,
    sheet: Markup | None = None,
    whole: bool = True,
) -> str:
    """The page drawn from its model and one phone's own parts (a fresh entry form of the step
    when none is given); ``whole``: the page, else its ``#game`` fragment (htmx)."""
    model, sheet_html = drawn_model(page), sheet or draw_sheet(page)
    form = parts.form
    if not page.entering:
        form = None
    elif form is None and (form := page.adapter.entry_form(page.ctx)) is not None:
        form.fresh(page.game.version)
    return render_template(
        "games/page.html" if whole else "games/_game.html",
        **model,
        sheet_html=sheet_html,
        form=form,
        notice=parts.notice or page.closed,
        said=parts.said,
        taps_lost=parts.taps_lost,
        elsewhere=list(parts.elsewhere),
        again_sent=parts.again,
    )


def changed_since(game_id: int, version: int, most: int = 3) -> list[str]:
    """What changed since the version the polling page shows (the last few sentences), of a
    game now at ``version``."""
    seen = request.args.get("version", type=int)
    if seen is None or not 0 <= seen < version:
        return []
    return [say(message) for message in services.changes_since(game_id, seen, most)]


def unchanged(game: Game) -> bool:
    """A poll from a page that already shows this version (htmx does not swap a 204)."""
    return request.args.get("version", type=int) == game.version


def said_before_redirect(game: Game) -> str | None:
    said = session.get("said")
    if not isinstance(said, dict) or said.get("game") != game.id:
        return None
    session.pop("said")
    return str(said.get("text", "")) or None
