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
from ..play.options import options_form
from ..throttle import creating, importing

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
@importing
def import_record() -> Any:
    """A game file becomes a new table with the file's players."""
    form = ImportForm()
    if game := form.imported():
        remember(game.table.token, game.table.players)
        return redirect(url_for("games.show", token=game.table.token, game_id=game.id), 303)
    return render_home(form), 422


@bp.route("/new", methods=["GET", "POST"])
@creating
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
        form.step.data = "players"  # step 2 cannot be shown without good players and a game
        return render_setup(form, table=table, status=422)
    names = form.names()
    form.offer_first()
    posted = request.form if form.step.data == "options" else None
    options = options_form(form.game.data, names, posted)
    if form.step.data != "options":
        form.step.data = "options"
        return render_setup(form, options_form=options, table=table)
    if not all([form.check_first(), options.validate()]):
        return render_setup(form, options_form=options, table=table, status=422)
    record_options, settings = options.chosen()
    try:
        table = table or services.create_table(names)
        game = services.create_game(
            table, form.game.data, names, record_options, form.chosen_first(), settings
        )
    except RuleError as error:
        if not options.place(error):
            form.form_errors.append(say(error))
        return render_setup(form, options_form=options, table=table, status=422)
    remember(table.token, names)
    return redirect(url_for("games.show", token=table.token, game_id=game.id), 303)


def render_setup(
    form: SetupForm, *, options_form: Any = None, table: Any = None, status: int = 200
) -> Any:
    spec = find_game(form.game.data) if form.game.data in choice_values(form.game) else None
    setup = adapter_for(spec.kind).setup_view(form.names()) if options_form and spec else None
    return render_template(
        "home/new.html",
        form=form,
        options_form=options_form,
        spec=spec,
        setup=setup,
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
