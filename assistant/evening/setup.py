"""Setting up a game: a new table (from home) or a new game at a table, in two steps: the
players and the game, then the first dealer (or mano), the options and the stake."""

from __future__ import annotations

from typing import Any

from flask import current_app, redirect, render_template, request, session, url_for

from ..circles import service as circles
from ..device import posted_key, remember
from ..games import find_game
from ..games.base import RuleError
from ..i18n import current_language, say
from ..lookup import circle_or_404
from ..play import adapter_for
from ..play.fields import choice_values
from ..play.options import options_form
from ..store import evening, keys
from ..store import service as services
from ..store.models import Circle, Game, Table
from .again import start_once
from .forms import StakeForm
from .setup_forms import SetupForm


def started(
    form: SetupForm, table: Table | None, names: list[str], options: Any, stake: Any, key: str
) -> tuple[Game, bool]:
    """The game the set-up asks for, at ``table`` or at a new table of ``names``, and whether
    this request started it (a set-up sent again finds the game it started: ``start_once``).
    On the phone (play without signal) a new table is named by the set-up's key, so that the
    phone finds it again each time it replays what it kept; the server gives it its own link
    when it arrives."""
    record_options, settings = options.chosen()
    start_key = setup_key(table, key)
    token = key if key and current_app.config.get("ON_THE_PHONE") else None

    def start() -> Game:
        return evening.start_game(
            table or services.create_table(names, current_language(), token=token),
            form.game.data,
            names,
            record_options,
            form.chosen_first(),
            settings,
            stake=(stake.cents, stake.basis.data) if stake else None,
            name=form.name.data,
            key=start_key,
        )

    return start_once(start_key, start)


def setup_key(table: Table | None, key: str) -> str | None:
    """The set-up's key as kept (``store/keys.py``): at a table, the table's; for a new table,
    its own request's, so that a key seen elsewhere opens no table."""
    if not key:
        return None
    if table is not None:
        return keys.of_start(table.id, key)
    return keys.of_new_table(request.form.items(multi=True), key)


def setup_step(form: SetupForm, table: Any) -> Any:
    """Step 1 checks the players and game; step 2 the first dealer and the options."""
    if request.form.get("back"):  # "change" on step 2: the players and game again
        form.step.data = "players"
        return render_setup(form, table=table)
    if not form.validate() or not form.check_players():
        form.step.data = "players"  # step 2 cannot be shown without good players and a game
        return render_setup(form, table=table, status=422)
    names = form.names()
    form.offer_first()
    posted = request.form if form.step.data == "options" else None
    options = options_form(form.game.data, names, posted)
    stake = setup_stake(form.game.data, posted)
    forms = {"options_form": options, "stake_form": stake, "table": table}
    if form.step.data != "options":
        form.step.data = "options"
        return render_setup(form, **forms)
    if not all([form.check_first(), options.validate(), stake is None or stake.validate()]):
        return render_setup(form, **forms, status=422)
    circle = circle_of(form, table)
    try:
        game, made = started(form, table, names, options, stake, posted_key())
    except RuleError as error:
        if not options.place(error):
            form.form_errors.append(say(error))
        return render_setup(form, **forms, status=422)
    if made:  # (sent again: the game it started, as it is)
        if circle is not None:
            circles.join(game.table, circle)
        remember(game.table.token, names)
    return redirect(url_for("games.show", token=game.table.token, game_id=game.id), 303)


def setup_stake(kind: str, posted: Any) -> StakeForm | None:
    """The stake asked at set-up, for a game whose record does not hold its own."""
    if find_game(kind).evening.stake_option is not None:
        return None
    return StakeForm(kind, posted, prefix="stake", meta={"csrf": False})


def circle_of(form: SetupForm, table: Table | None) -> Circle | None:
    """The circle of the table being set up: the table's, or the one whose link it came from."""
    if table is not None:
        return table.circle
    return circle_or_404(form.circle.data) if form.circle.data else None


def render_setup(
    form: SetupForm,
    *,
    options_form: Any = None,
    stake_form: Any = None,
    table: Any = None,
    status: int = 200,
) -> Any:
    spec = find_game(form.game.data) if form.game.data in choice_values(form.game) else None
    setup = adapter_for(spec.kind).setup_view(form.names()) if options_form and spec else None
    circle = circle_of(form, table)
    recent = session.get("names", [])
    if circle is not None:  # the circle's players first: picked, not typed
        members = [member.name for member in circle.members]
        recent = [*members, *[name for name in recent if name not in members]]
    return render_template(
        "home/new.html",
        form=form,
        options_form=options_form,
        stake_form=stake_form,
        spec=spec,
        setup=setup,
        table=table,
        circle=circle,
        recent=recent,
    ), status
