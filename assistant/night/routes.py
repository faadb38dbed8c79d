"""The organiser's pages of a club night: a new night, its page (this round's tables with their
links and progress first, then the ranking, then the rounds before), drawing a round, closing
it before its tables are done, a table's result entered or corrected, who comes, goes or plays
for a pair's member, and the night ended early."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for

from ..device import device, is_htmx
from ..download import json_download
from ..games import find_game
from ..games.base import RuleError
from ..games.night.rules import check_rules
from ..i18n import current_language, say
from ..links import qr_code
from ..lookup import night_or_404
from ..store import reads as lookups
from ..store.models import Night as NightRow
from ..throttle import creating, importing, night_changing
from . import results, service, tables
from .forms import NightFileForm, NightForm, ResultForm, RosterForm, SubstituteForm, names_of
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
    return json_download(night_file(row), name)


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
def show(token: str) -> Any:
    """The organiser's page; for the stream's nudge (htmx), only this round's part."""
    row = night_or_404(token)
    if is_htmx():
        view = night_view(tables.read(row), service.table_links(row))
        watched = service.watched(row)
        return render_template("nights/_now.html", night=row, view=view, watched=watched)
    return render_night(row)


def render_night(row: NightRow, status: int = 200, **forms: Any) -> Any:
    view = night_view(tables.read(row), service.table_links(row))
    page = render_template(
        "nights/show.html",
        night=row,
        view=view,
        roster_form=forms.get("roster_form") or RosterForm(),
        substitute_form=forms.get("substitute_form") or SubstituteForm(),
        draw_error=forms.get("draw_error"),
        watched=service.watched(row),
    )
    return page, status


def back(token: str, anchor: str | None = None) -> Any:
    return redirect(url_for("nights.show", token=token, _anchor=anchor), 303)


@bp.post("/draw")
@night_changing
def draw(token: str) -> Any:
    row = night_or_404(token)
    try:
        service.draw_next(row, current_language(), device())
    except RuleError as error:
        return render_night(row, 422, draw_error=say(error))
    return back(token, "now")


@bp.get("/close")
def closing(token: str) -> Any:
    """What closing the round now does: its unfinished tables, named, and the button."""
    row = night_or_404(token)
    view = night_view(tables.read(row), service.table_links(row))
    return render_template("nights/close.html", night=row, view=view)


@bp.post("/close")
@night_changing
def close(token: str) -> Any:
    """Close the round now: its unfinished tables end as their games stand."""
    row = night_or_404(token)
    try:
        results.close_round(row, device())
    except RuleError as error:
        return render_night(row, 422, draw_error=say(error))
    return back(token, "now")


@bp.post("/end")
@night_changing
def end(token: str) -> Any:
    service.end_night(night_or_404(token))
    return back(token)


@bp.get("/r/<int:number>/t/<int:table>/")
def table_page(token: str, number: int, table: int) -> Any:
    """One table for the organiser: its players, link and QR code to show, its progress, its
    result to enter or correct, and the results he entered before."""
    return render_table(night_or_404(token), (number, table))


def render_table(row: NightRow, key: tables.Key, form: Any = None, status: int = 200) -> Any:
    view = night_view(tables.read(row), service.table_links(row))
    line = view.table(key)
    if line is None:
        abort(404)
    at = service.started(row, *key)
    address = service.shared_link_of(at) if at is not None else ""
    page = render_template(
        "nights/table.html", night=row, view=view, t=line, form=form, address=address
    )
    return page, status


@bp.get("/r/<int:number>/t/<int:table>/qr.svg")
def qr(token: str, number: int, table: int) -> Response:
    """The table's link as a QR code: its players' phones open their game with it."""
    at = service.started(night_or_404(token), number, table)
    if at is None:
        abort(404)
    return qr_code(service.shared_link_of(at))


@bp.post("/r/<int:number>/t/<int:table>/start")
@creating
def start(token: str, number: int, table: int) -> Any:
    row = night_or_404(token)
    try:
        service.start_table(row, number, table, current_language())
    except RuleError:
        abort(404)
    return back(token, f"t{number}-{table}")


@bp.post("/roster")
@night_changing
def roster(token: str) -> Any:
    row = night_or_404(token)
    form = RosterForm()
    if form.validate_on_submit():
        try:
            service.change_roster(row, names_of(form.names.data), arrive=form.move.data == "arrive")
            return back(token)
        except RuleError as error:
            form.names.errors = [say(error)]
    return render_night(row, 422, roster_form=form)


@bp.post("/substitute")
@night_changing
def substitute(token: str) -> Any:
    row = night_or_404(token)
    form = SubstituteForm()
    if form.validate_on_submit():
        try:
            service.substitute(row, names_of(form.pair.data), form.out.data, form.into.data)
            return back(token)
        except RuleError as error:
            form.pair.errors = [say(error)]
    return render_night(row, 422, substitute_form=form)


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
            results.enter_result(row, number, table, totals, device())
            return back(token, f"t{number}-{table}")
        except RuleError as error:
            form.form_errors.append(say(error))
    return render_table(row, (number, table), form, 422)
