"""Home and setting up a new table (players, game, first dealer, options)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, session, url_for

from .. import services
from ..forms import ImportForm, SetupForm
from ..games import find_game
from ..games.base import RuleError
from ..i18n import say
from ..play import adapter_for
from ..play.fields import choice_values

bp = Blueprint("home", __name__)
RECENT_TABLES = 8
RECENT_NAMES = 16


@bp.get("/")
def index() -> str:
    return render_home(ImportForm())


def render_home(import_form: ImportForm) -> str:
    tables = [t for t in (services.get_table(tok) for tok in session.get("tables", [])) if t]
    return render_template("home/index.html", tables=tables, import_form=import_form)


@bp.post("/import")
def import_record() -> Any:
    """A game file becomes a new table with the file's players."""
    form = ImportForm()
    if game := form.imported():
        remember(game.table.token, game.table.players)
        return redirect(url_for("games.show", token=game.table.token, game_id=game.id), 303)
    return render_home(form), 422


@bp.route("/new", methods=["GET", "POST"])
def new_table() -> Any:
    form = SetupForm(request.form if request.method == "POST" else None)
    if request.method == "GET":
        return render_setup(form)
    return setup_step(form, table=None)


def setup_step(form: SetupForm, table: Any) -> Any:
    """Step 1 checks the players and game; step 2 the first dealer and the options."""
    if request.form.get("back"):  # "change" on step 2: the players and game again
        form.step.data = "players"
        return render_setup(form, table=table)
    if not form.validate() or not form.check_players():
        return render_setup(form, table=table, status=422)
    adapter = adapter_for(form.game.data)
    names = form.names()
    form.offer_first()
    options_form = adapter.options_form(request.form if form.step.data == "options" else None)
    if form.step.data != "options":
        form.step.data = "options"
        return render_setup(form, options_form=options_form, table=table)
    if not all([form.check_first(), options_form.validate()]):
        return render_setup(form, options_form=options_form, table=table, status=422)
    first = form.chosen_first()
    try:
        table = table or services.create_table(names)
        game = services.create_game(
            table,
            form.game.data,
            names,
            adapter.options_from(options_form),
            first,
            adapter.settings_from(options_form),
        )
    except RuleError as error:
        form.form_errors.append(say(error))
        return render_setup(form, options_form=options_form, table=table, status=422)
    remember(table.token, names)
    return redirect(url_for("games.show", token=table.token, game_id=game.id), 303)


def render_setup(
    form: SetupForm, *, options_form: Any = None, table: Any = None, status: int = 200
) -> Any:
    spec = find_game(form.game.data) if form.game.data in choice_values(form.game) else None
    return render_template(
        "home/new.html",
        form=form,
        options_form=options_form,
        spec=spec,
        table=table,
        recent=session.get("names", []),
    ), status


def remember(token: str, names: list[str]) -> None:
    """This device remembers its tables and the names it has typed (nothing else knows them)."""
    session["tables"] = [token, *[t for t in session.get("tables", []) if t != token]][
        :RECENT_TABLES
    ]
    session["names"] = [*names, *[n for n in session.get("names", []) if n not in names]][
        :RECENT_NAMES
    ]
    session.permanent = True
