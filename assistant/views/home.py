"""Home: this phone's tables and circles, a game file or a table file brought in, a new
circle, and the way to set up a new table (its steps are the evening's: ``evening/setup.py``)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, session, url_for

from ..circles import service as circles
from ..circles.forms import CircleForm
from ..device import remember, remember_circle
from ..evening.forms import TableFileForm
from ..evening.setup import render_setup, setup_step
from ..evening.setup_forms import ImportForm, SetupForm
from ..evening.view import evening_view
from ..games.base import RuleError
from ..i18n import current_language, say
from ..store import evening, tablefile
from ..store import reads as lookups
from ..store import service as services
from ..throttle import creating, importing

bp = Blueprint("home", __name__)
new_circle_bp = Blueprint("new_circle", __name__)


@bp.get("/")
def index() -> str:
    return render_home()


def render_home(**forms: Any) -> str:
    """Home: this phone's tables (each with its name, date, games and leader) and circles."""
    tables = [t for t in (services.get_table(tok) for tok in session.get("tables", [])) if t]
    known = [c for c in (lookups.get_circle(tok) for tok in session.get("circles", [])) if c]
    return render_template(
        "home/index.html",
        tables=[evening_view(evening.load_evening(table)) for table in tables],
        circles=known,
        **{
            "import_form": ImportForm(),
            "table_form": TableFileForm(),
            "circle_form": CircleForm(),
            **forms,
        },
    )


@bp.post("/import")
@importing
def import_record() -> Any:
    """A game file becomes a new table with the file's players."""
    form = ImportForm()
    if game := form.imported():
        remember(game.table.token, game.table.players)
        return redirect(url_for("games.show", token=game.table.token, game_id=game.id), 303)
    return render_home(import_form=form), 422


@bp.post("/import-table")
@importing
def import_table() -> Any:
    """A table file becomes a new table with all its games (or, if one is broken, nothing)."""
    form = TableFileForm()
    if form.validate_on_submit():
        text = form.table.data.read().decode("utf-8", errors="replace")
        try:
            table = tablefile.import_table(text, current_language())
        except RuleError as error:
            form.table.errors = [say(error)]
        else:
            remember(table.token, table.players)
            return redirect(url_for("tables.show", token=table.token), 303)
    return render_home(table_form=form), 422


@bp.route("/new", methods=["GET", "POST"])
@creating
def new_table() -> Any:
    form = SetupForm(request.form if request.method == "POST" else None)
    if request.method == "GET":
        form.circle.data = request.args.get("circle", "")
        return render_setup(form)
    return setup_step(form, table=None)


@new_circle_bp.post("/circles")
@creating
def create() -> Any:
    form = CircleForm()
    if not form.validate_on_submit():
        return render_home(circle_form=form), 422
    circle = circles.create_circle(form.name.data)
    remember_circle(circle.token)
    return redirect(url_for("circles.show", token=circle.token), 303)
