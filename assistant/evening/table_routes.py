"""A table: the evening (its games, standings and settle-up), a new game with the same players,
sharing, importing a record."""

from __future__ import annotations

import io
from typing import Any

import segno
from flask import (
    Blueprint,
    Response,
    current_app,
    redirect,
    render_template,
    request,
    session,
    url_for,
)

from ..circles.forms import CircleForm, JoinForm
from ..device import remember
from ..i18n import use_table_language
from ..lookup import found_or_404, table_or_404
from ..store import reads as lookups
from ..store import service as services
from ..store.evening import load_evening
from ..store.models import Table
from ..throttle import creating, importing
from .again import again_offered
from .forms import ActionForm, CurrencyForm, StakeForm, TableLanguageForm, TableNameForm
from .setup import render_setup, setup_step
from .setup_forms import MAX_PLAYERS, ImportForm, SetupForm
from .share import share_of
from .view import GameLine, evening_view

bp = Blueprint("tables", __name__, url_prefix="/t/<token>")


@bp.get("/")
def show(token: str) -> Any:
    table = table_or_404(token)
    remember(table.token, table.players)
    return render_table(table)


def stake_form(line: GameLine, posted: dict[str, Any]) -> StakeForm:
    """The stake form of one game of the evening: as posted (with its errors), else filled."""
    game = line.game
    form: StakeForm | None = posted.pop(f"stake_{game.id}", None)
    if form is not None:
        return form
    stake = line.result.stake
    cents = None if stake is None else round(stake.amount * 100)
    basis = stake.basis.name if stake else line.result.spec.evening.bases[0].name
    return StakeForm.filled(game.kind, cents, basis, prefix=f"g{game.id}")


def render_table(table: Table, *, status: int = 200, **forms: Any) -> tuple[str, int]:
    """The evening's page; ``forms`` that were posted (with their errors) replace fresh ones:
    ``stake_<game id>``, ``name_form``, ``currency_form``, ``language_form``, ``import_form``,
    ``circle_form``;
    ``paid_errors`` maps a payment's id to what went wrong with it."""
    # Taken before the evening is read: a change in between shows as a change, never goes unseen.
    stamp = (lookups.table_stamp(table.token) or ("", None))[0]
    view = evening_view(load_evening(table))
    stakes = {line.game.id: stake_form(line, forms) for line in view.games}
    known = [c for c in (lookups.get_circle(t) for t in session.get("circles", [])) if c]
    join_form = JoinForm()
    join_form.circle.choices = [(c.token, c.name) for c in known]
    defaults: dict[str, Any] = {
        "name_form": TableNameForm(data={"name": table.name}),
        "currency_form": CurrencyForm(
            data={"currency": table.currency, "coin": table.coin}, unit=table.currency
        ),
        "language_form": TableLanguageForm(data={"language": table.language}),
        "import_form": ImportForm(),
        "circle_form": CircleForm(),
        "action_form": ActionForm(),
        "join_form": join_form,
        "paid_errors": {},
        "notice": None,
    }
    page = render_template(
        "tables/show.html",
        table=table,
        view=view,
        share=share_of(view),
        stakes=stakes,
        share_url=share_link(table),
        stamp=stamp,
        again=again_offered(table.games[-1] if table.games else None),
        circle_known=table.circle is not None and table.circle in known,
        **{**defaults, **forms},
    )
    return page, status


@bp.get("/changed")
def changed(token: str) -> Any:
    """The table page asks every few seconds whether the evening changed since it was drawn:
    204 while not, else a line that says so (the page is not redrawn under a thumb that is
    typing a stake)."""
    stamp, language = found_or_404(lookups.table_stamp(token))
    if stamp == request.args.get("seen"):
        return Response(status=204)
    use_table_language(language)
    return render_template("tables/_changed.html", table_url=url_for("tables.show", token=token))


@bp.route("/new", methods=["GET", "POST"])
@creating
def new_game(token: str) -> Any:
    table = table_or_404(token)
    if request.method == "GET":
        known = services.names_at(table)[:MAX_PLAYERS]  # a substitute of a game too
        form = SetupForm(data={"players": known, "game": request.args.get("game")})
        return render_setup(form, table=table)
    return setup_step(SetupForm(request.form), table)


@bp.post("/import")
@importing
def import_record(token: str) -> Any:
    table = table_or_404(token)
    form = ImportForm()
    if game := form.imported(table):
        return redirect(url_for("games.show", token=table.token, game_id=game.id), 303)
    return render_table(table, status=422, import_form=form)


@bp.get("/qr.svg")
def qr_code(token: str) -> Response:
    table = table_or_404(token)
    out = io.BytesIO()
    segno.make(share_link(table), error="m").save(
        out, kind="svg", scale=6, border=2, dark="#111", light="#fff"
    )
    return Response(out.getvalue(), mimetype="image/svg+xml")


def share_link(table: Table) -> str:
    """The table's link as the other phones open it: under ``PUBLIC_URL`` when it is set (a
    request's Host header is whatever its sender wrote), else at this request's own address."""
    if public := current_app.config.get("PUBLIC_URL"):
        return str(public).rstrip("/") + url_for("tables.show", token=table.token)
    return url_for("tables.show", token=table.token, _external=True)
