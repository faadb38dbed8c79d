"""Circles: the people who play together, their evenings, renaming and merging their names
(what the circle's games add up to: ``numbers.py``).

A player of a circle is known by his name in the records of the circle's tables: renaming him
rewrites those records (every game is replayed to check that only his name changed), merging
two names that are one person renames the one into the other.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_babel import format_date

from ..extensions import db
from ..games import find_game
from ..games.base import N_, Message, RuleError
from ..games.names import check_typed_name, same_name
from ..store import evening as evenings
from ..store import service as services
from ..store.models import Change, Circle, Game, Member, Table


def create_circle(name: str) -> Circle:
    circle = Circle(name=name.strip())
    db.session.add(circle)
    db.session.commit()
    return circle


def add_members(circle: Circle, names: Iterable[str]) -> None:
    known = {member.name for member in circle.members}
    for name in names:
        if name not in known:
            circle.members.append(Member(name=name))
            known.add(name)


def join(table: Table, circle: Circle) -> None:
    """The table becomes one of the circle's evenings; its players, players of the circle."""
    table.circle = circle
    add_members(circle, services.names_at(table))
    db.session.commit()


# --- renaming and merging --------------------------------------------------------------------


def swap_name(value: Any, old: str, new: str) -> Any:
    """``value`` (JSON) with every key and every text equal to ``old`` replaced by ``new``."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [swap_name(item, old, new) for item in value]
    if isinstance(value, dict):
        return {(new if k == old else k): swap_name(v, old, new) for k, v in value.items()}
    return value


def swap_in_summary(summary: Any, old: str, new: str) -> Any:
    """A change's summary (``{"template": ..., "params": ...}``, nested) with the name replaced
    in its values only: the templates are the app's own sentences, whatever a player is
    called (one called "Tricks of deal {deal} saved." renamed "{deal:>99999999}" made the
    history 100 MB)."""
    if isinstance(summary, dict):
        return {
            (new if key == old else key): value
            if key == "template"
            else swap_in_summary(value, old, new)
            for key, value in summary.items()
        }
    if isinstance(summary, list):
        return [swap_in_summary(item, old, new) for item in summary]
    return swap_name(summary, old, new)


def where(table: Table) -> str:
    return table.name or str(format_date(table.created, "medium"))


def check_name(circle: Circle, member: Member, name: str) -> str:
    name = name.strip()
    if not name:
        raise RuleError(N_("Type the new name."), field="name")
    name = check_typed_name(name, field="name")
    for other in circle.members:
        if other.id != member.id and same_name(other.name) == same_name(name):
            raise RuleError(
                N_("There is already a player called {name}: merge the two instead."),
                field="name",
                name=other.name,
            )
    return name


def rename(circle: Circle, member: Member, new: str, author: str) -> None:
    """``member`` is called ``new`` from now on, in every record of the circle's tables."""
    new = check_name(circle, member, new)
    if new != member.name:
        rewrite(circle, member.name, new, author)
        member.name = new
    db.session.commit()


def merge(circle: Circle, member: Member, into: Member | None, author: str) -> None:
    """Two names that are one person: ``member``'s games become ``into``'s."""
    if into is None:
        raise RuleError(N_("Choose the name that is the same person."), field="into")
    if into.id == member.id:
        raise RuleError(N_("A name cannot be merged into itself."), field="into")
    names = {member.name, into.name}
    for table in circle.tables:
        for game in table.games:
            if names <= set(game.seating):
                raise RuleError(
                    N_("{name} and {other} played {game} together at {evening}: two people."),
                    field="into",
                    name=member.name,
                    other=into.name,
                    game=find_game(game.kind).title,
                    evening=where(table),
                )
        if any({p.payer, p.payee} == names for p in table.payments):
            raise RuleError(
                N_("{name} and {other} have a payment between them at {evening}: two people."),
                field="into",
                name=member.name,
                other=into.name,
                evening=where(table),
            )
    rewrite(circle, member.name, into.name, author)
    into.pay = into.pay or member.pay  # how one of the two names was paid
    db.session.delete(member)
    db.session.commit()


def rewrite(circle: Circle, old: str, new: str, author: str) -> None:
    """Every record, draft, log entry and payment of the circle's tables says ``new`` for
    ``old``; each game is replayed and must come to the same result under the new name."""
    changed: list[Table] = []
    for table in circle.tables:
        if old not in services.names_at(table):
            continue
        changed.append(table)
        players = [new if name == old else name for name in table.players]
        table.players = list(dict.fromkeys(players))
        for game in table.games:
            if old in game.seating:
                rewrite_game(table, game, old, new, author)
        for payment in table.payments:
            payment.payer = new if payment.payer == old else payment.payer
            payment.payee = new if payment.payee == old else payment.payee
        table.pay = swap_name(table.pay or {}, old, new)
    db.session.flush()
    evenings.settle_again(changed)


def rewrite_game(table: Table, game: Game, old: str, new: str, author: str) -> None:
    spec = find_game(game.kind)
    before = spec.result(services.load_game(game).replay)
    game.seating = swap_name(game.seating, old, new)
    game.first = swap_name(game.first, old, new)
    game.options = swap_name(game.options, old, new)
    game.draft = swap_name(game.draft, old, new)
    for entry in game.entries:
        entry.payload = swap_name(entry.payload, old, new)
    for change in db.session.execute(db.select(Change).filter_by(game_id=game.id)).scalars():
        change.summary = swap_in_summary(change.summary, old, new)
    try:
        after = spec.result(spec.replay(services.record_of(game)))
    except RuleError:
        after = None
    if after != swap_name(before, old, new):
        db.session.rollback()
        raise RuleError(
            N_(
                "The name {old} is also one of the game's own words in {game} at {evening}, so"
                " it cannot be renamed safely."
            ),
            field="name",
            old=old,
            game=spec.title,
            evening=where(table),
        )
    summary = Message(N_("{old} is now called {new}."), {"old": old, "new": new})
    evenings.log(game, summary, author)
