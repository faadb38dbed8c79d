"""Plump at the table when people come and go.

* The next deal's set-up: who is dealt in (a tap on a name: he sits this deal out, or joins),
  and the cards where the schedule's no longer fit the pack. It is kept in the game's draft
  (``{"setup": {"deal": 5, "out": ["Bo"], "cards": 8}}``), so that every phone shows it, until
  the deal's bids are saved with it as the round's ``out`` and ``cards``.
* Someone new joins (``play/newcomer.py``): dealt in from the next deal, from 0 or from the
  lowest total, which the last deal played carries at once as an adjustment with its reason
  (he is not dealt in to it, as the record format allows): the strip and the sheet count it
  from the tap.
* A correction of a total with its reason: ``play/adjust.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from wtforms import StringField

from ...games import plump
from ...games.base import JSON, N_, Message, Record, RuleError
from ...games.plump.comings import EVERYONE, contenders
from ...i18n import gettext
from ..base import Change, Context, EntryForm
from ..fields import PadField
from ..newcomer import STEP, NewcomerForm, checked_name, joined

SETUP = "setup"  # the draft's key for the next deal's set-up


def chosen(draft: Mapping[str, Any] | None, nxt: plump.PlumpNext | None) -> Mapping[str, Any]:
    """The set-up the table chose for the next deal (empty: none, or one of another deal)."""
    setup = (draft or {}).get(SETUP)
    if nxt is None or nxt.in_play or not isinstance(setup, Mapping):
        return {}
    return setup if setup.get("deal") == nxt.deal else {}


def coming(
    replay: plump.PlumpReplay, record: Record, draft: Mapping[str, Any] | None
) -> plump.PlumpNext | None:
    """The next deal as the table has set it up (else as the rounds leave it)."""
    setup = chosen(draft, replay.next)
    if not setup:
        return replay.next
    before = replay.deals[-1].seats if replay.deals else None
    try:
        return plump.set_up(record, before, replay.options, setup["out"], setup.get("cards"))
    except (RuleError, KeyError, TypeError):  # a set-up the rounds no longer allow
        return replay.next


class SetupForm(EntryForm):
    """A tap of the set-up: a player's seat to deal in or leave out, or the cards to deal."""

    toggle = PadField(low=0, high=9, required=False)
    cards = PadField(low=1, high=52, required=False)


def setup_form(nxt: plump.PlumpNext, formdata: Any = None) -> SetupForm:
    form = SetupForm(formdata)
    form.step.data = f"setup-{nxt.deal}"
    return form


def is_setup(formdata: Any) -> bool:
    """Whether a posted form is a tap of the set-up (not the bids)."""
    return formdata is not None and str(formdata.get("step", "")).startswith("setup-")


def set_up(ctx: Context[Any, Any], form: EntryForm) -> Change:
    """The set-up after a tap: the rounds stay as they are, the draft holds the set-up."""
    nxt, players = ctx.view.coming, ctx.record.players
    setup = chosen(ctx.loaded.draft, nxt)
    out, cards = list(nxt.seats.out), setup.get("cards")
    if form.toggle.data is not None and form.toggle.data < len(players):
        name = players[form.toggle.data]
        joins = name in out
        out = [p for p in out if p != name] if joins else [*out, name]
        cards = None  # the cards follow the players now dealt in
        template = (
            N_("Deal {deal}: {name} is dealt in.") if joins else N_("Deal {deal}: {name} sits out.")
        )
        summary = Message(template, {"deal": nxt.deal, "name": name})
    elif form.cards.data is not None:
        cards = form.cards.data
        summary = Message(
            N_("Deal {deal}: {cards} cards each."), {"deal": nxt.deal, "cards": cards}
        )
    else:
        raise RuleError(N_("Tap a player, or the cards to deal."))
    replay = ctx.view.replay
    before = replay.deals[-1].seats if replay.deals else None
    plump.set_up(ctx.record, before, replay.options, out, cards)  # a RuleError says why not
    choice: JSON = {"deal": nxt.deal, "out": out, **({"cards": cards} if cards else {})}
    if setup.get("adjust"):
        choice["adjust"] = setup["adjust"]  # a newcomer's starting score stays
    return Change(ctx.record.rounds, summary, draft={**(ctx.loaded.draft or {}), SETUP: choice})


class PlumpNewcomerForm(NewcomerForm):
    """Someone new joins, and where his total starts: ``0`` or ``lowest``."""

    start = StringField()


def newcomer_form(formdata: Any = None) -> PlumpNewcomerForm:
    form = PlumpNewcomerForm(formdata)
    form.step.data = STEP
    return form


def starting(setup: Mapping[str, Any], players: tuple[str, ...], out: list[str]) -> JSON:
    """What the deal a newcomer joins carries of a set-up kept from before a starting score
    went into the record at once (a draft saved then): his starting score (if he is still
    listed and dealt in to it)."""
    dealt_in = set(players) - set(out)
    adjust = [a for a in setup.get("adjust", []) if a["player"] in dealt_in]
    return {"adjust": adjust} if adjust else {}


def newcomer_joins(ctx: Context[Any, Any], form: PlumpNewcomerForm) -> Change:
    """Someone new joins from the next deal: listed last, out of every deal already entered."""
    name, start = checked_name(ctx, form), form.start.data
    if start not in ("0", "lowest"):
        raise RuleError(N_("Tap where the total starts: 0 or the lowest."), field="newcomer")
    nxt, replay = ctx.view.coming, ctx.view.replay
    players, rounds = joined(ctx.record.players, ctx.record.rounds, name)
    out = list(nxt.seats.out)
    before = replay.deals[-1].seats if replay.deals else None
    try:
        plump.set_up(replace(ctx.record, players=players, rounds=tuple(rounds)), before,
                     replay.options, out)  # fmt: skip
    except RuleError as error:
        raise RuleError(error.message, field="newcomer") from None
    lowest = min(replay.totals[p] for p in nxt.bidding_order)
    if start == "lowest" and lowest:  # on the last deal played, counted from this tap on
        reason = gettext("joins from the lowest total")
        start_at = {"player": name, "points": lowest, "reason": reason}
        rounds[-1] = {**rounds[-1], "adjust": [*rounds[-1].get("adjust", []), start_at]}
    setup: JSON = {"deal": nxt.deal, "out": out}
    template = (
        N_("{name} joins from deal {deal}, from the lowest total ({points}).")
        if start == "lowest"
        else N_("{name} joins from deal {deal}, from 0.")
    )
    summary = Message(template, {"name": name, "deal": nxt.deal, "points": lowest})
    draft = {**(ctx.loaded.draft or {}), SETUP: setup}
    return Change(rounds, summary, draft=draft, correcting=1, players=players)


WINNERS = "winners"  # the step of the finished game's "Count everyone who played"


def out_of_the_running(replay: plump.PlumpReplay) -> tuple[str, ...]:
    """Who played in a finished game but is not counted for the win (he left), unless the
    table counts everyone who played."""
    if not replay.finished:
        return ()
    running = contenders(replay.deals)
    played = {player for deal in replay.deals for player in deal.bidding_order}
    return tuple(p for p in replay.players if p in played and p not in running)


def winners_form(formdata: Any = None) -> EntryForm:
    form = EntryForm(formdata)
    form.step.data = WINNERS
    return form


def everyone_counts(ctx: Context[Any, Any]) -> Change:
    """The table counts everyone who played for the win: the last deal says so."""
    if not out_of_the_running(ctx.view.replay):
        raise RuleError(N_("Everyone who played is counted for the win already."))
    rounds = [dict(r) for r in ctx.record.rounds]
    rounds[-1]["winners"] = EVERYONE
    summary = Message(N_("Everyone who played is counted for the win."), {})
    return Change(rounds, summary, correcting=len(rounds))
