"""Boodle at the table when people come and go: who sits out the deal about to be played, who
joins it (its draft's ``out``, set before anything else of the deal), someone new who joins
(``play/newcomer.py``: dealt in from the deal about to be played), and chips moved by hand
with a reason (its draft's ``adjust``, counted after the deal's cards)."""

from __future__ import annotations

from typing import Any

from ...games import boodle
from ...games.base import JSON, N_, Message, RuleError
from ..base import Change, EntryForm
from ..newcomer import checked_name, joined
from .forms import remap
from .moves import move_field
from .view import BoodleContext, BoodleView

# What the deal has once it has begun: who plays it is settled by then.
BEGUN = ("events", "poker_steps", "widow", "stakes", "adjust")


def not_begun(view: BoodleView, draft: JSON, field: str) -> None:
    """Who plays the deal about to be played is settled before anything else of it."""
    if any(draft.get(part) for part in BEGUN):
        raise RuleError(
            N_("Who plays deal {deal} is settled before it starts: Undo its entries to change it"),
            field=field,
            deal=view.replay.next.deal,
        )


def seat_change(view: BoodleView, name: str, rounds: list[JSON], draft: JSON) -> Change:
    """``name`` sits out the deal about to be played (and the next ones: the table plays on as
    it sat) or, if he sat out, joins it; before anything else of the deal is entered."""
    deal = view.replay.next.deal
    not_begun(view, draft, "seat")
    everyone = view.replay.players
    out = set(view.out) ^ {name}
    draft = {**draft, "out": [player for player in everyone if player in out]}
    try:
        boodle.live_deal(view.replay, draft)
    except RuleError as error:
        raise RuleError(error.message, round=error.round, field="seat") from None
    joins = name in view.out
    template = N_("{name} joins deal {deal}.") if joins else N_("{name} sits out deal {deal}.")
    return Change(rounds, Message(template, {"name": name, "deal": deal}), draft)


def move_change(view: BoodleView, form: Any, rounds: list[JSON], draft: JSON) -> Change:
    """Chips moved by hand in the deal being played: from a player to another, or onto a
    boodle card's pile, for a reason."""
    if not form.move_reason.data:
        raise RuleError(N_("Say why the chips are moved (a few words)"), field="move_reason")
    move = {
        "from": form.move_from.data,
        "to": form.move_to.data,
        "chips": form.move_chips.data,
        "reason": form.move_reason.data,
    }
    draft = {**draft, "adjust": [*draft.get("adjust", []), move]}
    try:
        live = boodle.live_deal(view.replay, draft)
    except RuleError as error:
        raise remap(error, move_field) from None
    return Change(rounds, live.steps[-1].message, draft)


def newcomer_change(ctx: BoodleContext, form: EntryForm, draft: JSON) -> Change:
    """Someone new joins from the deal about to be played: listed last, out of every deal
    already played, dealt in to this one with those who play it."""
    view = ctx.view
    not_begun(view, draft, "newcomer")
    name = checked_name(ctx, form)
    most = ctx.loaded.spec.max_players
    if len(view.players) >= most:
        raise RuleError(
            N_("At most {most} players are dealt in: someone sits out first."),
            field="newcomer",
            most=most,
        )
    players, rounds = joined(ctx.record.players, ctx.record.rounds, name)
    draft = {**draft, "out": list(view.out)}  # the newcomer is not out of it
    deal = view.replay.next.deal
    summary = Message(N_("{name} joins from deal {deal}."), {"name": name, "deal": deal})
    return Change(rounds, summary, draft, correcting=1, players=players)
