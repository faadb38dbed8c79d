"""Plump at the table when people come and go.

* The next deal's set-up: who is dealt in (a tap on a name: he sits this deal out, or joins),
  and the cards where the schedule's no longer fit the pack. It is kept in the game's draft
  (``{"setup": {"deal": 5, "out": ["Bo"], "cards": 8}}``), so that every phone shows it, until
  the deal's bids are saved with it as the round's ``out`` and ``cards``.
* A correction of a total with its reason: ``play/adjust.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...games import plump
from ...games.base import JSON, N_, Message, Record, RuleError
from ..base import Change, Context, EntryForm
from ..fields import PadField

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


def set_up(ctx: Context[Any], form: EntryForm) -> Change:
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
    return Change(ctx.record.rounds, summary, draft={**(ctx.loaded.draft or {}), SETUP: choice})
