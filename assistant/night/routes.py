"""The organiser's pages of a club night: a new night, its page (who is in it, each round's
tables with their links, the ranking), drawing a round, starting a table, who comes or goes,
and a result for a table that did not report."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for

from ..games import find_game
from ..games.base import RuleError
from ..games.night.rules import check_rules
from ..i18n import current_language, say
from ..lookup import night_or_404
from ..store import reads as lookups
from ..store.models import Night as NightRow
from ..throttle import creating, importing, night_changing
from . import service
from .forms import NightFileForm, NightForm, ResultForm, RosterForm, names_of
from .nightfile import import_night, night_file
from .view import night_view

bp = Blueprint("nights", __name__, url_prefix="/n/<token>")
new_bp = Blueprint("new_night", __name__)


@new_bp.get("/nights/new")
def new() -> str:
    form = NightForm(circle=request.args.get("circle"))
    return render_template("nights/new.html", form=form, file_form=NightFileForm())


@new_bp.post("/nights")
@creating
def create() -> Any:
    form = NightForm()
    if form.validate_on_submit() and (row := created(form)) is not None:
        return redirect(url_for("nights.show", token=row.token), 303)
    return render_template("nights/new.html", form=form, file_form=NightFileForm()), 422


@new_bp.post("/nights/import")
@importing
def import_file() -> Any:
    """A night file becomes a new night with its tables (or, if it does not hold, nothing)."""
    form = NightFileForm()
    if form.validate_on_submit():
        text = form.night.data.read().decode("utf-8", errors="replace")
        try:
            row = import_night(text, current_language())
            return redirect(url_for("nights.show", token=row.token), 303)
        except RuleError as error:
            form.night.errors = [say(error)]
    return render_template("nights/new.html", form=NightForm(), file_form=form), 422


@bp.get("/export")
def export(token: str) -> Response:
    row = night_or_404(token)
    name = f"night-{row.created:%Y-%m-%d}-{row.id}.json"
    return Response(
        json.dumps(night_file(row), ensure_ascii=False, indent=2),
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def created(form: NightForm) -> NightRow | None:
    """The night the form describes, stored; else None with the reason beside its field."""
    circle = lookups.get_circle(form.circle.data) if form.circle.data else None
    rules = form.rules()
    try:
        check_rules(rules, find_game(rules.game))
    except RuleError as error:
        form.format.errors = [say(error)]
        return None
    try:
        return service.create_night(
            rules,
            form.entrant_names(),
            circle=circle,
            name=form.name.data or "",
            minutes=form.minutes.data or 0,
        )
    except RuleError as error:
        form.entrants.errors = [say(error)]
        return None


@bp.get("/")
def show(token: str) -> str:
    return render_night(night_or_404(token))


def render_night(row: NightRow, status: int = 200, **forms: Any) -> Any:
    view = night_view(service.engine_night(service.with_games(row)), service.table_tokens(row))
    page = render_template(
        "nights/show.html",
        night=row,
        view=view,
        roster_form=forms.get("roster_form") or RosterForm(),
        result_forms=forms.get("result_forms", {}),
        draw_error=forms.get("draw_error"),
    )
    return page, status


@bp.post("/draw")
@night_changing
def draw(token: str) -> Any:
    row = night_or_404(token)
    try:
        service.draw_next(row)
    except RuleError as error:
        return render_night(row, 422, draw_error=say(error))
    return redirect(url_for("nights.show", token=token), 303)


@bp.post("/r/<int:number>/t/<int:table>/start")
@creating
def start(token: str, number: int, table: int) -> Any:
    row = night_or_404(token)
    try:
        service.start_table(row, number, table, current_language())
    except RuleError:
        abort(404)
    return redirect(url_for("nights.show", token=token, _anchor=f"t{number}-{table}"), 303)


@bp.post("/roster")
@night_changing
def roster(token: str) -> Any:
    row = night_or_404(token)
    form = RosterForm()
    if form.validate_on_submit():
        try:
            service.change_roster(row, names_of(form.names.data), arrive=form.move.data == "arrive")
            return redirect(url_for("nights.show", token=token), 303)
        except RuleError as error:
            form.names.errors = [say(error)]
    return render_night(row, 422, roster_form=form)


@bp.post("/r/<int:number>/t/<int:table>/result")
@night_changing
def result(token: str, number: int, table: int) -> Any:
    row = night_or_404(token)
    drawn = service.drawn_table(row, number, table)
    if drawn is None:
        abort(404)
    form = ResultForm()
    if form.validate_on_submit():
        totals = dict(zip(drawn.seats, form.totals.data, strict=False))
        try:
            service.enter_result(row, number, table, totals)
            return redirect(url_for("nights.show", token=token, _anchor=f"t{number}-{table}"), 303)
        except RuleError as error:
            form.form_errors.append(say(error))
    return render_night(row, 422, result_forms={(number, table): form})
