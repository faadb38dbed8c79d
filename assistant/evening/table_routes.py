"""A table: the evening (its games, standings and settle-up), a new game with the same players,
sharing, importing a record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import (
    Blueprint,
    Response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)

from ..circles.forms import CircleForm, JoinForm
from ..device import remember
from ..games.pay import CASH, PayMethod
from ..games.tonight import Evening
from ..i18n import current_language, in_language, use_table_language
from ..links import qr_code as qr_of_address
from ..links import shared
from ..lookup import found_or_404, table_or_404
from ..play.pay import PayForm, method_text
from ..store import reads as lookups
from ..store import service as services
from ..store.evening import load_evening
from ..store.models import Table
from ..throttle import creating, importing
from .again import again_offered
from .forms import ActionForm, CurrencyForm, StakeForm, TableLanguageForm, TableNameForm
from .setup import render_setup, setup_step
from .setup_forms import MAX_PLAYERS, ImportForm, SetupForm
from .share import Share, share_of
from .view import EveningView, GameLine, evening_view

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
    evening = load_evening(table)
    view = evening_view(evening)
    stakes = {line.game.id: stake_form(line, forms) for line in view.games}
    posted = forms.pop("pay_forms", {})
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
        share=told(table, evening, view),
        pay_forms=pay_forms(table, evening.table.pay, posted),
        pay_forms_posted=bool(posted),
        stakes=stakes,
        share_url=share_link(table),
        stamp=stamp,
        again=again_offered(table.games[-1] if table.games else None),
        circle_known=table.circle is not None and table.circle in known,
        **{**defaults, **forms},
    )
    return page, status


def pay_forms(
    table: Table, methods: Mapping[str, PayMethod], posted: Mapping[int, PayForm]
) -> list[tuple[str, PayForm, str]]:
    """A form for each player of the evening, by his place in it: as posted (with its errors),
    else filled with how he is paid; and how he is paid, in a few words."""
    forms = []
    for index, name in enumerate(services.names_at(table)):
        method = methods.get(name, CASH)
        form = posted.get(index) or PayForm.filled(method, prefix=f"pay{index}")
        forms.append((name, form, method_text(method)))
    return forms


def told(table: Table, evening: Evening, view: EveningView) -> Share:
    """The evening to send, in the table's language (the group chat's), whatever this phone
    reads."""
    if not table.language or table.language == current_language():
        return share_of(view)
    with in_language(table.language):
        return share_of(evening_view(evening))


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
    return qr_of_address(share_link(table_or_404(token)))


def share_link(table: Table) -> str:
    """The table's link as the other phones open it (``links.shared``)."""
    return shared("tables.show", token=table.token)
