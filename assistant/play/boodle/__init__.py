"""Boodle at the table: the phone is the banker.

The deal being played is built live in the game's ``draft`` (a round of docs/records.md without
its out and cards left yet; with Three in One the poker stage as its steps, ``poker_steps``):
every step of the poker stage, boodle card played, fault, stake and sale of the spare hand is one
tap or two, stored at once so that every phone sees it; "out" with the cards left completes the
round and clears the draft. The engine checks each live entry as it comes (``boodle.live_deal``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...games import boodle
from ...games.base import JSON, N_, Message, RuleError
from ...games.boodle.ledger import StepKind
from ...games.boodle.live import STAGE, LiveDeal, check_spare_hand_open, finished_round
from ...games.cards import parse_card
from ...games.spec import ENTERED, Loaded
from ...i18n import gettext
from ..base import Adapter, Change, EntryForm, entered_step
from ..standings import Standings, ranked
from .draft import default_stakes, without_last
from .forms import (
    correction_field,
    event_rows,
    live_event_field,
    live_form,
    out_data,
    posted_cards_left,
    posted_events,
    posted_stakes,
    posted_widow,
    remap,
    round_form,
    stake_data,
)
from .moves import corrected_moves, move_field
from .people import move_change, newcomer_change, seat_change
from .poker import stage_summary, step_label
from .poker_forms import POKER_ACTIONS, poker_step, posted_poker
from .reopen import NotReopened, can_reopen, reopened_draft
from .view import BoodleContext, BoodleView, build_view


class BoodleAdapter(Adapter[boodle.BoodleReplay, BoodleView]):
    kind = "boodle"
    record_words: ClassVar[Mapping[str, str]] = {
        "events": N_("cards and faults"),
        "boodle": N_("boodle card"),
        "fault": N_("fault"),
        "by": N_("by"),
        "out": N_("went out"),
        "cards_left": N_("cards left"),
        "stakes": N_("stakes"),
        "widow": N_("spare hand"),
        "auction": N_("auction"),
        "buyer": N_("buyer"),
        "price": N_("price"),
        "poker": N_("poker"),
        "bets": N_("bets"),
        "folded": N_("folded"),
        "hands": N_("hands"),
        "winner": N_("winner"),
        "wrong-lead": N_("wrong lead"),
        "withheld": N_("held back"),
    }

    def view(self, loaded: Loaded[boodle.BoodleReplay]) -> BoodleView:
        currency = loaded.settings.get("currency", "")
        return build_view(loaded.replay, loaded.draft, currency, loaded.coin)

    def entry_form(self, ctx: BoodleContext, formdata: Any = None) -> EntryForm | None:
        view: BoodleView = ctx.view
        players = view.players  # those dealt in to the deal being played
        data: JSON = {"widow_auction_price": 1, "move_chips": 1}
        if view.stage == "stakes":
            data.update(stake_data(default_stakes(view.replay), players))
        step = f"{'stakes' if view.stage == 'stakes' else 'deal'}-{view.replay.next.deal}"
        if view.poker is not None and view.stage == "poker":
            step = f"poker-{view.replay.next.deal}-{view.poker.step}"
            data["poker_bet"] = 0
        out = entered_step(ctx.loaded, view.replay.next.deal, "out", formdata)
        if out is not None:  # the out Undo took back, to change one key
            data["out"] = out["out"]
            data.update(out_data(out.get("cards_left", {}), players))
        options, everyone = view.replay.options, view.replay.players
        return live_form(
            players, options, step=step, formdata=formdata, data=data, everyone=everyone
        )

    def entered(self, ctx: BoodleContext, form: EntryForm) -> Change:
        view: BoodleView = ctx.view
        players, rounds = view.players, [dict(r) for r in ctx.record.rounds]
        deal, draft = view.replay.next.deal, dict(view.draft)
        events = list(draft.get("events", []))
        action = form.action.data
        if action == "out":
            return went_out(view, form, players, rounds, draft)
        if action == "pop":
            return Change(rounds, *without_last(draft, deal))
        if action in POKER_ACTIONS:
            return poker_change(view, form, action, players, rounds, draft)
        if action == "seat":
            return seat_change(view, form.seat.data, rounds, draft)
        if action == "move":
            return move_change(view, form, rounds, draft)
        if action == "newcomer":
            return newcomer_change(ctx, form, draft)
        if action == "stakes":
            draft["stakes"] = posted_stakes(form, players)
        elif action == "widow":
            check_spare_hand_open(draft)
            widow = posted_widow(form)
            before = draft.pop("widow", None) or {}
            if widow is not None:  # a sale after the swap keeps it: he sold his old hand
                draft["widow"] = {**before, **widow}
        else:
            played = (
                {"boodle": form.card.data} if action == "boodle" else {"fault": form.fault.data}
            )
            draft["events"] = [*events, {**played, "by": form.by.data}]
        try:
            live = boodle.live_deal(view.replay, draft)
        except RuleError as error:
            raise remap(error, live_event_field(len(events))) from None
        return Change(rounds, live_summary(action, live, deal), draft)

    def standings(self, ctx: BoodleContext) -> Standings:
        """Each player's chips won minus paid; during a deal, what it brought him so far."""
        view: BoodleView = ctx.view
        notes = (
            {s.name: gettext("this deal: %(n)s", n=signed_chips(s.now)) for s in view.standings}
            if view.under_way
            else {}
        )
        for standing in view.standings:  # one not dealt in keeps his balance, marked
            if not standing.dealt_in:
                notes[standing.name] = gettext("not dealt in")
        totals = {s.name: s.balance for s in view.standings}
        return ranked(totals, started=bool(view.rows), show=signed_chips, notes=notes)

    def undo_label(self, ctx: BoodleContext) -> Message | None:
        """The draft's last entry (a card played, a fault, a step of the poker stage, the spare
        hand, the stakes: the order ``without_last`` takes them back in), else the last deal's
        out (``reopened``)."""
        draft = ctx.loaded.draft or {}
        replay = ctx.view.replay
        deal = replay.next.deal
        if draft.get("adjust"):
            return Message(N_("the chips moved by hand in deal {deal}"), {"deal": deal})
        if events := draft.get("events"):
            last = events[-1]
            if "boodle" in last:
                card = parse_card(last["boodle"]).label
                return Message(N_("{name}'s {card}"), {"name": last["by"], "card": card})
            return Message(N_("{name}'s fault"), {"name": last["by"]})
        if steps := draft.get(STAGE):
            return step_label(steps[-1])
        if draft.get("widow"):
            return Message(N_("the spare hand of deal {deal}"), {"deal": deal})
        if draft.get("stakes"):
            return Message(N_("the stakes of deal {deal}"), {"deal": deal})
        if "out" in draft:
            return Message(N_("who plays deal {deal}"), {"deal": deal})
        if not replay.deals:
            return None
        last_deal = replay.deals[-1]
        if not can_reopen(last_deal, last_deal.players):
            return Message(N_("deal {deal}"), {"deal": last_deal.deal})
        return Message(
            N_("{name} went out, deal {deal}"), {"name": last_deal.winner, "deal": last_deal.deal}
        )

    def undo_draft(self, ctx: BoodleContext) -> JSON | None:
        draft = ctx.view.draft  # without the out Undo took back: it goes with the next change
        try:
            _said, rest = without_last(draft, ctx.view.replay.next.deal)
        except RuleError:
            return None
        return rest or None

    def reopened(self, ctx: BoodleContext) -> JSON | None:
        """The last deal back in play as it was before its out (Undo takes back only that)."""
        replay = ctx.view.replay
        if not replay.deals:
            return None
        last = replay.deals[-1]
        try:
            before = replay.deals[-2].seats.out if len(replay.deals) > 1 else ()
            draft = reopened_draft(last, last.players, before) or {}
        except NotReopened:  # the whole deal goes, as the engine's undo has it
            return None
        out = {"deal": last.deal, "out": last.winner, "cards_left": dict(last.entry.cards_left)}
        return {**draft, ENTERED: out}

    def round_form(self, ctx: BoodleContext, number: int, formdata: Any = None) -> EntryForm:
        replay = ctx.view.replay
        deal = replay.deals[number - 1]
        return round_form(deal, deal.players, replay.options, formdata)

    def corrected(self, ctx: BoodleContext, number: int, form: EntryForm) -> Change:
        record = ctx.record
        options = ctx.view.replay.options
        players = ctx.view.replay.deals[number - 1].players  # those dealt in to it
        rows = event_rows(form)
        # who was out stays as it was; the chips moved by hand as the form corrects them
        old = record.rounds[number - 1]
        entry: JSON = {"out": old["out"]} if "out" in old else {}
        if moves := corrected_moves(form, old.get("adjust", [])):
            entry["adjust"] = moves
        if options.free is not None:
            entry["stakes"] = posted_stakes(form, players)
        widow = posted_widow(form)
        if widow is not None:
            entry["widow"] = widow
        if options.pot_ante is not None:
            entry["poker"] = posted_poker(form, players)
        entry["events"] = [*posted_events(form, rows), {"out": form.out.data}]
        entry["cards_left"] = posted_cards_left(form, players)
        rounds = [dict(r) for r in record.rounds]
        rounds[number - 1] = entry
        summary = Message(N_("Deal {deal} corrected."), {"deal": number})

        def fields(error: RuleError) -> RuleError:
            if error.round != number:
                return error
            return remap(error, lambda at: move_field(at) or correction_field(rows)(at))

        # the deal being played goes on
        return Change(rounds, summary, ctx.loaded.draft, fields=fields)


def signed_chips(n: int) -> str:
    """+5, −3 (a true minus), 0."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def live_summary(action: str, live: LiveDeal, deal: int) -> Message:
    """What the table is told after a live entry: the engine's sentence for it."""
    if action == "stakes":
        return Message(N_("Stakes of deal {deal} placed."), {"deal": deal})
    if action == "widow":
        kinds = (StepKind.SWAP, StepKind.AUCTION)
        step = next((s for s in live.steps if s.kind in kinds), None)
        if step is None:
            return Message(N_("Nobody took the spare hand in deal {deal}."), {"deal": deal})
        return step.message
    return live.steps[-1].message


def went_out(
    view: BoodleView, form: EntryForm, players: tuple[str, ...], rounds: list[JSON], draft: JSON
) -> Change:
    """The deal's end: who went out and the cards left, the deal saved as a round."""
    events = list(draft.get("events", []))
    cards_left = posted_cards_left(form, players)
    if view.live is not None:
        done = finished_round(view.live, draft, form.out.data, cards_left)
    else:  # the draft cannot be read: the engine says why
        done = {**draft, "events": [*events, {"out": form.out.data}]}
    summary = Message(
        N_("Deal {deal} saved: {name} went out."),
        {"deal": view.replay.next.deal, "name": form.out.data},
    )
    at = live_event_field(len(events))
    return Change([*rounds, done], summary, fields=lambda error: remap(error, at))


def poker_change(
    view: BoodleView,
    form: EntryForm,
    action: str,
    players: tuple[str, ...],
    rounds: list[JSON],
    draft: JSON,
) -> Change:
    """A step of the poker stage (Three in One): a RuleError names its poker field."""
    undecided = view.live.stage.undecided if view.live and view.live.stage else ()
    step = poker_step(form, action, players, undecided)
    draft[STAGE] = [*draft.get(STAGE, []), step]
    live = boodle.live_deal(view.replay, draft)
    return Change(rounds, stage_summary(live, step), draft)


ADAPTER = BoodleAdapter()
