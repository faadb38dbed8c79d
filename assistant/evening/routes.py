"""Changing the evening at a table: its name and currency, a game's stake, ending and
reopening it, a payment paid, the whole table as a file, joining a circle."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, redirect, request, session, url_for

from ..circles import service as circles
from ..circles.forms import CircleForm, JoinForm
from ..device import device, remember_circle
from ..download import json_download
from ..extensions import db
from ..games.base import RuleError
from ..i18n import say
from ..lookup import circle_or_404, table_or_404
from ..play.money import money
from ..play.pay import PayForm
from ..store import evening
from ..store import service as services
from ..store.models import Table
from ..store.pay import set_method
from ..store.tablefile import table_file
from . import payments
from .forms import ActionForm, CurrencyForm, StakeForm, TableLanguageForm, TableNameForm
from .table_routes import render_table

bp = Blueprint("evening", __name__, url_prefix="/t/<token>")


def back(table: Table, anchor: str = "") -> Any:
    return redirect(url_for("tables.show", token=table.token) + anchor, 303)


@bp.post("/name")
def name(token: str) -> Any:
    table = table_or_404(token)
    form = TableNameForm()
    if not form.validate_on_submit():
        return render_table(table, status=422, name_form=form)
    table.name = (form.name.data or "").strip()
    db.session.commit()
    return back(table)


@bp.post("/currency")
def currency(token: str) -> Any:
    table = table_or_404(token)
    form = CurrencyForm(unit=table.currency)
    if not form.validate_on_submit():
        return render_table(table, status=422, currency_form=form)
    code, coin = form.currency.data, form.coin.data
    evening.set_currency(table, code, device(), coin, money(coin, code, cents=True))
    return back(table, "#settle")


@bp.post("/language")
def language(token: str) -> Any:
    """The table's language: the phones that have not chosen one of their own show it."""
    table = table_or_404(token)
    form = TableLanguageForm()
    if not form.validate_on_submit():
        return render_table(table, status=422, language_form=form)
    table.language = form.language.data
    db.session.commit()
    return back(table, "#language")


@bp.post("/pay/<int:index>")
def pay(token: str, index: int) -> Any:
    """How the evening's player at ``index`` is paid: remembered, or refused beside its field."""
    table = table_or_404(token)
    names = services.names_at(table)
    if not 0 <= index < len(names):
        abort(404)
    form = PayForm(prefix=f"pay{index}")
    if not form.validate_on_submit():
        return render_table(table, status=422, pay_forms={index: form})
    set_method(table, names[index], form.method)
    return back(table, f"#pay-{index}")


@bp.post("/stakes/<int:game_id>")
def stake(token: str, game_id: int) -> Any:
    table = table_or_404(token)
    game = next((g for g in table.games if g.id == game_id), None)
    if game is None:
        abort(404)
    form = StakeForm(game.kind, request.form, prefix=f"g{game.id}")
    if form.validate():
        shown = "" if form.cents is None else money(form.cents, table.currency, cents=True)
        try:
            evening.set_stake(
                game, form.cents, form.basis.data, key=form.key.data, author=device(), shown=shown
            )
            return back(table, f"#game-{game.id}")
        except RuleError as error:  # the evening ended meanwhile: its forms are gone
            form.amount.errors = [say(error)]
            return render_table(table, status=422, notice=say(error), **{f"stake_{game.id}": form})
    return render_table(table, status=422, **{f"stake_{game.id}": form})


@bp.post("/end")
def end(token: str) -> Any:
    table = table_or_404(token)
    if ActionForm().validate_on_submit():
        evening.end_evening(table, device())  # a second tap finds it ended: nothing more
    return back(table, "#settle")


@bp.post("/reopen")
def reopen(token: str) -> Any:
    table = table_or_404(token)
    if ActionForm().validate_on_submit():
        evening.reopen_evening(table, device())
    return back(table)


@bp.post("/payments/<int:payment_id>/paid")
def paid(token: str, payment_id: int) -> Any:
    return payment_changed(
        token, payment_id, lambda table: payments.mark_paid(table, payment_id, device())
    )


@bp.post("/payments/<int:payment_id>/unpaid")
def unpaid(token: str, payment_id: int) -> Any:
    """A payment marked paid by mistake: owed again."""
    return payment_changed(token, payment_id, lambda table: payments.mark_unpaid(table, payment_id))


def payment_changed(token: str, payment_id: int, change: Callable[[Table], Any]) -> Any:
    """A payment marked paid or owed again: back at it, or its refusal beside it (422)."""
    table = table_or_404(token)
    if not ActionForm().validate_on_submit():
        return back(table, "#settle")
    try:
        change(table)
    except RuleError as error:
        db.session.refresh(table)
        return render_table(table, status=422, paid_errors={payment_id: say(error)})
    return back(table, f"#payment-{payment_id}")


@bp.get("/export")
def export(token: str) -> Response:
    table = table_or_404(token)
    name = f"table-{table.created:%Y-%m-%d}-{table.id}.json"
    return json_download(table_file(table), name)


@bp.post("/circle")
def join_circle(token: str) -> Any:
    """Put the table in a circle this phone knows, or in a new one."""
    table = table_or_404(token)
    if table.circle is not None:  # an evening belongs to one circle: nothing to choose
        return back(table, "#circle")
    if "join-circle" in request.form:
        form = JoinForm()
        if not form.validate_on_submit():
            return back(table, "#circle")
        if form.circle.data not in session.get("circles", []):
            abort(404)  # a circle this phone does not know is not there for it
        circles.join(table, circle_or_404(form.circle.data))
        return back(table, "#circle")
    new = CircleForm()
    if not new.validate_on_submit():
        return render_table(table, status=422, circle_form=new)
    circle = circles.create_circle(new.name.data)
    circles.join(table, circle)
    remember_circle(circle.token)
    return back(table, "#circle")
