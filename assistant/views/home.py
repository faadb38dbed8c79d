"""Home and setting up a new table (players, game, first dealer, options)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, redirect, render_template, request, session, url_for

from ..circles import service as circles
from ..circles.forms import CircleForm
from ..evening import service as evening
from ..evening.again import start_once
from ..evening.forms import StakeForm, TableFileForm
from ..evening.view import evening_view
from ..games import find_game
from ..games.base import RuleError
from ..i18n import current_language, say
from ..play import adapter_for
from ..play.fields import choice_values
from ..play.options import options_form
from ..store import keys, tablefile
from ..store import service as services
from ..store.models import Circle, Game, Table
from ..throttle import creating, importing
from .forms import ImportForm, SetupForm
from .or_404 import circle_or_404
from .respond import posted_key

bp = Blueprint("home", __name__)
RECENT_TABLES = 8
RECENT_NAMES = 16


@bp.get("/")
def index() -> str:
    return render_home()


def render_home(**forms: Any) -> str:
    """Home: this phone's tables (each with its name, date, games and leader) and circles."""
    tables = [t for t in (services.get_table(tok) for tok in session.get("tables", [])) if t]
    known = [c for c in (circles.get_circle(tok) for tok in session.get("circles", [])) if c]
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


def started(
    form: SetupForm, table: Any, names: list[str], options: Any, stake: Any, key: str
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


def circle_of(form: SetupForm, table: Any) -> Circle | None:
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


def remember(token: str, names: list[str]) -> None:
    """This device remembers its tables and the names it has typed (nothing else knows them)."""
    session["tables"] = [token, *[t for t in session.get("tables", []) if t != token]][
        :RECENT_TABLES
    ]
    session["names"] = [*names, *[n for n in session.get("names", []) if n not in names]][
        :RECENT_NAMES
    ]
    session.permanent = True
