"""A circle's pages: its evenings, the league of each game, what its players owe each other,
and a player's page (renaming him, merging two names that are one person). A new circle is
made from home (``views/home.py``)."""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for

from ..device import device, remember_circle
from ..games.base import RuleError
from ..games.pay import method_of
from ..i18n import reader_locale, say
from ..lookup import circle_or_404, member_or_404
from ..play.pay import PayForm, method_text
from ..store import reads as lookups
from ..store.models import Circle, Member
from ..store.pay import set_member_method
from . import service as circles
from .forms import MergeForm, RenameForm
from .numbers import circle_numbers
from .rivalry import Choice
from .view import circle_view, player_view

bp = Blueprint("circles", __name__, url_prefix="/c/<token>")


@bp.get("/")
def show(token: str) -> str:
    circle = circle_or_404(token)
    remember_circle(circle.token)
    numbers, today = circle_numbers(circle), date.today()
    choice = Choice.of(*(request.args.get(name) for name in ("by", "period", "size")))
    view = numbers.once(
        ("circle", choice, today, reader_locale()),
        lambda: circle_view(numbers.evenings, numbers.rated, choice, today),
    )
    links = {  # each player's page, by his name (drawn once: a name is in every league)
        member.name: url_for(".player", token=token, member_id=member.id)
        for member in circle.members
    }
    return render_template("circles/show.html", circle=circle, view=view, links=links)


@bp.get("/p/<int:member_id>")
def player(token: str, member_id: int) -> tuple[str, int]:
    circle, member = member_or_404(token, member_id)
    return render_player(circle, member)


def render_player(circle: Circle, member: Member, status: int = 200, **forms: Any) -> Any:
    numbers = circle_numbers(circle)
    view = numbers.once(
        ("player", member.name, reader_locale()),
        lambda: player_view(numbers.evenings, numbers.rated, member.name),
    )
    merge = forms.pop("merge_form", None) or MergeForm()
    merge.into.choices = [("", "—")] + [
        (str(m.id), m.name) for m in circle.members if m.id != member.id
    ]
    page = render_template(
        "circles/player.html",
        circle=circle,
        member=member,
        view=view,
        rename_form=forms.pop("rename_form", None) or RenameForm(data={"name": member.name}),
        merge_form=merge,
        pay_form=forms.pop("pay_form", None) or PayForm.filled(method_of(member.pay), prefix="pay"),
        paid_by=method_text(method_of(member.pay)),
    )
    return page, status


@bp.post("/p/<int:member_id>/pay")
def pay(token: str, member_id: int) -> Any:
    """How the circle's player is paid, at every evening of the circle."""
    circle, member = member_or_404(token, member_id)
    form = PayForm(prefix="pay")
    if not form.validate_on_submit():
        return render_player(circle, member, 422, pay_form=form)
    set_member_method(member, form.method)
    return redirect(url_for("circles.player", token=token, member_id=member.id) + "#pay", 303)


@bp.post("/p/<int:member_id>/rename")
def rename(token: str, member_id: int) -> Any:
    circle, member = member_or_404(token, member_id)
    form = RenameForm()
    if form.validate_on_submit():
        try:
            circles.rename(circle, member, form.name.data, device())
            return redirect(url_for("circles.player", token=token, member_id=member.id), 303)
        except RuleError as error:
            form.name.errors = [say(error)]
    return render_player(circle, member, 422, rename_form=form)


@bp.post("/p/<int:member_id>/merge")
def merge(token: str, member_id: int) -> Any:
    circle, member = member_or_404(token, member_id)
    form = MergeForm()
    form.into.choices = [(str(m.id), m.name) for m in circle.members]
    if form.validate_on_submit():
        chosen = form.member_id()
        into = lookups.member_of(circle, chosen) if chosen is not None else None
        try:
            circles.merge(circle, member, into, device())
        except RuleError as error:
            form.into.errors = [say(error)]
        else:
            assert into is not None  # merge refuses None
            return redirect(url_for("circles.player", token=token, member_id=into.id), 303)
    return render_player(circle, member, 422, merge_form=form)
