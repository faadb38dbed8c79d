"""Answering an entry: the page or its fragment, with the right status, input kept on errors."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from flask import redirect, request, session, url_for

from ..device import device, is_htmx, posted_key
from ..games.base import Message, RuleError
from ..i18n import gettext, say
from ..play.base import Change, Context, EntryForm, place_error, same_field
from ..store import keys, writes
from ..store.models import Game, Table
from .shown import asked_version, game_context, page_of, render_game


@dataclass(frozen=True)
class Asked:
    """The post a save answers: the game, the form that was posted (None: none was built yet,
    or the post carries no input, as an Undo), how the page is drawn again (``draw``) and
    what of a stale form's input is kept (``keep``)."""

    table: Table
    game: Game
    form: EntryForm | None = None
    make_form: Callable[[Context[Any, Any]], EntryForm | None] | None = None
    draw: Callable[..., Any] | None = None
    keep: Callable[[Game, EntryForm], EntryForm | None] | None = None
    fields: Callable[[RuleError], RuleError] = same_field

    def again(self, **parts: Any) -> Any:
        draw = self.draw or partial(render_game, self.table, self.game)
        return draw(**parts)


def submit(asked: Asked, make_change: Callable[[Context[Any, Any], EntryForm], Change]) -> Any:
    """Validate, propose, answer: 303/fragment when saved, 422 invalid, 409 stale, a post sent
    again is "already saved"."""
    asked, outcome = proposed(asked, make_change)
    return answer(asked, outcome)


def proposed(
    asked: Asked, make_change: Callable[[Context[Any, Any], EntryForm], Change]
) -> tuple[Asked, writes.Outcome | None]:
    """The post as its form made it, and what became of it (None: the game is over).

    The version and the key are checked before anything is built: a double tap or a post from
    an older page costs one lookup. A form of the current version is not looked up before it
    is saved (a key already used is refused by its unique index); one that is refused is,
    and the version asked again (``writes.refused``), so a form sent again is told "already
    saved" and one overtaken by another phone is stale, not judged by the wrong step."""
    game, key = asked.game, posted_key()
    posted = posted_version()
    if posted is not None and posted != game.version:  # a double tap or a resend
        return asked, writes.late(game, key, posted)
    ctx = game_context(game)
    form = asked.make_form(ctx) if asked.make_form else asked.form
    asked = replace(asked, form=form)
    if form is None:  # the game is over
        return asked, writes.AlreadySaved() if keys.applied(game.id, key) else None
    if not form.validate():
        return asked, writes.refused(game, key, posted, None)
    try:
        change = make_change(ctx, form)
    except RuleError as error:
        return asked, writes.refused(game, key, posted, error)
    proposal = writes.Proposal(
        form.key.data, form.version.data, change.rounds, change.summary, ctx.record,
        ctx.loaded.replay, change.draft, device(), change.describe, change.correcting,
        change.players,
    )  # fmt: skip
    return replace(asked, fields=change.fields), writes.save(game, proposal)


def answer(asked: Asked, outcome: writes.Outcome | None) -> Any:
    """The answer to a save's outcome (None: the game takes no more entries): the game after a
    save, else the page the post came from again, saying why nothing was saved."""
    match outcome:
        case writes.Saved(summary):
            return done(asked.table, asked.game, said=say(summary))
        case writes.AlreadySaved():
            return done(asked.table, asked.game, said=gettext("Already saved."))
    return asked.again(**not_saved(asked, outcome))


def not_saved(asked: Asked, outcome: writes.Outcome | None) -> dict[str, Any]:
    """How the page is drawn again when nothing was saved: its status, notice and form."""
    match outcome:
        case writes.Refused(error):
            return refused_parts(asked, error)
        case writes.Stale(changes):
            return stale_parts(asked, changes)
    return {"status": 422, "notice": gettext("The game is over: nothing more can be entered.")}


def refused_parts(asked: Asked, error: RuleError | None) -> dict[str, Any]:
    """422: the rule broken said next to its field (or above the page), the input kept."""
    form = asked.form
    if form is None:
        return {"status": 422, "notice": say(error) if error else None}
    if error is not None:
        place_error(form, asked.fields(error), tuple(asked.game.seating))
        return {"status": 422, "form": form}
    notice = gettext("This page is out of date: reload it and enter again.")
    return {"status": 422, "form": form, "notice": notice if form.damaged else None}


def stale_parts(asked: Asked, changes: list[Message]) -> dict[str, Any]:
    """409: another phone saved first. The posted input is kept where the table is still at
    its step (``keep``); a post without input is told to look again. An entry's input is read
    again into the form of the step the table is at now (a deal set up again meanwhile may deal
    other players in), never drawn in the fields of the step it was posted on."""
    posted = asked.form
    if asked.make_form is not None:
        posted = asked.make_form(game_context(asked.game))
        if posted is None:  # the game ended meanwhile: nothing more to enter
            return {"status": 409, "notice": stale_notice(changes, kept=False), "taps_lost": True}
    if posted is None:
        return {"status": 409, "notice": look_again()}
    kept_form = (asked.keep or keep_if_same_step)(asked.game, posted)
    notice = stale_notice(changes, kept=kept_form is not None)
    return {"status": 409, "form": kept_form, "notice": notice, "taps_lost": kept_form is None}


def posted_version() -> int | None:
    """The version the form was made from; None when missing or when no game could have it."""
    return asked_version(request.form)


def done(table: Table, game: Game, *, said: str | None = None) -> Any:
    if is_htmx():
        return render_game(table, game, said=said)
    if said:  # the page after the redirect says it (a correction, or a phone without htmx)
        session["said"] = {"game": game.id, "text": said}
    return redirect(url_for("games.show", token=table.token, game_id=game.id), 303)


def look_again() -> str:
    """409 where nothing of this phone's can be kept or shown beside the change."""
    return gettext("Another phone changed the sheet: look again.")


def stale_notice(changes: list[Message], *, kept: bool = True) -> str:
    # Each change's sentence inside the brackets, without its full stop: "(Bo folds)."
    said = [say(m).removesuffix(".") for m in changes]
    what = "; ".join(said) or gettext("the sheet was changed")
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
    page = page_of(game)
    current = page.adapter.entry_form(page.ctx)
    if current is None or current.step.data != request.form.get("step"):
        return None
    return form.carried_to(game.version)


def keep_always(game: Game, form: EntryForm) -> EntryForm:
    return form.carried_to(game.version)
