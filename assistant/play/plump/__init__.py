"""Plump at the table: bids then tricks, one tap per player; the protocol sheet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from flask_babel import lazy_gettext as _l

from ...games import plump
from ...games.base import JSON, N_, Message, RuleError
from ...games.spec import ENTERED, Loaded
from ...i18n import gettext
from ...keeping import made_once
from ..adjust import add_adjust_fields, corrected_round, correction_summary
from ..base import Adapter, Change, EntryForm, entered_step
from ..fields import ChoiceField, PadField
from ..newcomer import is_newcomer
from ..standings import Standings, ranked
from . import comings
from .sheet import PlumpContext, PlumpView


def bids_form(
    setup: plump.DealSetup,
    players: tuple[str, ...],
    formdata: Any = None,
    entered: JSON | None = None,
) -> EntryForm:
    """The bidding step: the turned-up suit (where the table enters it) and every bid;
    ``entered``: the bids and trump Undo took back, shown again to change one key."""
    seats = tuple((players.index(p), p) for p in setup.bidding_order)
    data = step_data("bids", entered, players)
    if setup.enter_trump and entered:
        data["trump"] = entered.get("trump")
    form = made_once(step_form, "bids", seats, setup.cards, setup.enter_trump)(formdata, data=data)
    form.step.data = f"bids-{setup.deal}"
    return form


def tricks_form(
    setup: plump.DealSetup,
    players: tuple[str, ...],
    formdata: Any = None,
    entered: JSON | None = None,
) -> EntryForm:
    seats = tuple((players.index(p), p) for p in setup.bidding_order)
    data = step_data("tricks", entered, players)
    form = made_once(step_form, "tricks", seats, setup.cards, False)(formdata, data=data)
    form.step.data = f"tricks-{setup.deal}"
    return form


def step_data(what: str, entered: JSON | None, players: tuple[str, ...]) -> JSON:
    """The fields of step ``what`` as ``entered`` holds them (a player's seat names his field)."""
    values = entered.get(what) if entered else None
    if not isinstance(values, Mapping):
        return {}
    return {f"{what}_{players.index(p)}": n for p, n in values.items() if p in players}


def step_form(
    what: str, seats: tuple[tuple[int, str], ...], cards: int, trump: bool
) -> type[EntryForm]:
    """The form class of a step (made once per table's step: making one costs more than the
    rest of reading the posted form)."""

    class StepForm(EntryForm):
        pass

    if trump:
        StepForm.trump = ChoiceField(_l("Trump"), values=plump.TRUMPS)
    for seat, player in seats:
        setattr(StepForm, f"{what}_{seat}", PadField(player, high=cards))
    return StepForm


def round_form(deal: plump.PlumpDeal, players: tuple[str, ...], formdata: Any = None) -> EntryForm:
    """The correction of one deal: trump, bids and tricks together (tricks may stay empty
    only for the deal still in play)."""

    class RoundForm(EntryForm):
        pass

    if deal.enter_trump:
        RoundForm.trump = ChoiceField(_l("Trump"), values=plump.TRUMPS)
    add_adjust_fields(RoundForm, players)  # one not dealt in to it too (docs/records.md)
    for player in deal.bidding_order:
        seat = players.index(player)
        setattr(RoundForm, f"bids_{seat}", PadField(player, high=deal.cards))
        setattr(
            RoundForm,
            f"tricks_{seat}",
            PadField(player, high=deal.cards, required=not deal.in_play),
        )
    data: JSON = {"trump": deal.trump if deal.enter_trump else None}
    for player in deal.bidding_order:
        seat = players.index(player)
        data[f"bids_{seat}"] = deal.bids.get(player)
        data[f"tricks_{seat}"] = deal.tricks.get(player) if deal.tricks else None
    form = RoundForm(formdata, data=data)
    form.step.data = f"round-{deal.deal}"
    return form


def said_at_the_table(error: RuleError) -> RuleError:
    """The engine's sum of the tricks, said as the page says it beside the tally."""
    params = error.message.params
    if error.field != "tricks" or "total" not in params:
        return error
    if params.get("cards") == 1:
        template = N_("The tricks add up to {total}, but 1 card was dealt: one count is wrong.")
    else:
        template = N_(
            "The tricks add up to {total}, but {cards} cards were dealt: one count is wrong."
        )
    return RuleError(Message(template, dict(params)), field=error.field)


def posted(
    form: EntryForm, prefix: str, order: tuple[str, ...], players: tuple[str, ...]
) -> dict[str, Any]:
    return {p: getattr(form, f"{prefix}_{players.index(p)}").data for p in order}


# What correcting a deal's bids and tricks leaves as it was: who was dealt in, the cards
# dealt and the corrections of totals.


class PlumpAdapter(Adapter[plump.PlumpReplay, PlumpView]):
    kind = "plump"
    record_words: ClassVar[Mapping[str, str]] = {
        "bids": N_("bids"),
        "tricks": N_("tricks"),
        "trump": N_("trump"),
    }

    def view(self, loaded: Loaded[plump.PlumpReplay]) -> PlumpView:
        return PlumpView(loaded.replay, loaded.record, loaded.draft)

    def standings(self, ctx: PlumpContext) -> Standings:
        """The totals; while a deal is played, each player's bid under his total."""
        replay: plump.PlumpReplay = ctx.view.replay
        nxt = ctx.view.coming
        bids = (nxt.bids or {}) if nxt is not None and nxt.in_play else {}
        notes = {p: gettext("bid %(n)s", n=bid) for p, bid in bids.items()}
        if nxt is not None:  # those not dealt in to the deal to come
            notes |= {p: gettext("not dealt in") for p in nxt.seats.out}
        started = any(not deal.in_play for deal in replay.deals)
        return ranked(replay.totals, started=started, notes=notes)

    def undo_label(self, ctx: PlumpContext) -> Message | None:
        """The engine's undo takes back the tricks of the last deal, else its bids; the set-up
        of the next deal goes first."""
        coming = ctx.view.coming
        if coming is not None and comings.chosen(ctx.loaded.draft, ctx.view.replay.next):
            return Message(N_("the set-up of deal {deal}"), {"deal": coming.deal})
        deals = ctx.view.replay.deals
        if not deals:
            return None
        last = deals[-1]
        if last.in_play:
            return Message(N_("the bids of deal {deal}"), {"deal": last.deal})
        return Message(N_("the tricks of deal {deal}"), {"deal": last.deal})

    def entry_form(self, ctx: PlumpContext, formdata: Any = None) -> EntryForm | None:
        nxt = ctx.view.coming
        if nxt is None:  # the game is over: the table may count everyone who played
            is_winners = formdata is not None and formdata.get("step") == comings.WINNERS
            return comings.winners_form(formdata) if is_winners else None
        if comings.is_setup(formdata) and not nxt.in_play:
            return comings.setup_form(nxt, formdata)
        if is_newcomer(formdata) and not nxt.in_play:
            return comings.newcomer_form(formdata)
        players, loaded = ctx.record.players, ctx.loaded
        if nxt.in_play:
            entered = entered_step(loaded, nxt.deal, "tricks", formdata)
            return tricks_form(nxt, players, formdata, entered)
        return bids_form(nxt, players, formdata, entered_step(loaded, nxt.deal, "bids", formdata))

    def reopened(self, ctx: PlumpContext) -> JSON | None:
        """Undo takes back the last step (the engine's undo) and offers it again as it was
        entered: the tricks of the last deal, else its bids and trump, one key to change."""
        deals = ctx.view.replay.deals
        if not deals:
            return None
        raw = ctx.record.rounds[-1]
        step = "bids" if deals[-1].in_play else "tricks"
        entered: JSON = {"deal": deals[-1].deal, step: raw.get(step)}
        if step == "bids" and raw.get("trump"):
            entered["trump"] = raw["trump"]
        return {ENTERED: entered}

    def entered(self, ctx: PlumpContext, form: EntryForm) -> Change:
        if isinstance(form, comings.SetupForm):
            return comings.set_up(ctx, form)
        if isinstance(form, comings.PlumpNewcomerForm):
            return comings.newcomer_joins(ctx, form)
        if form.step.data == comings.WINNERS:
            return comings.everyone_counts(ctx)
        nxt = ctx.view.coming
        assert nxt is not None  # a deal's form is made only while there is one to come
        players = ctx.record.players
        rounds = [dict(r) for r in ctx.record.rounds]
        if nxt.in_play:
            rounds[-1]["tricks"] = posted(form, "tricks", nxt.bidding_order, players)
            summary = Message(N_("Tricks of deal {deal} saved."), {"deal": nxt.deal})
            return Change(rounds, summary, fields=said_at_the_table)
        else:
            # who sits out and the cards, where not the schedule's, as the deal is set up
            entry: JSON = {**nxt.carried, "bids": posted(form, "bids", nxt.bidding_order, players)}
            setup = comings.chosen(ctx.loaded.draft, nxt)
            entry |= comings.starting(setup, players, list(nxt.seats.out))
            if nxt.enter_trump and form.trump.data:
                entry = {"trump": form.trump.data, **entry}
            rounds.append(entry)
            summary = Message(
                N_("Bids of deal {deal} saved. {player} leads."),
                {"deal": nxt.deal, "player": nxt.first_bidder},
            )
        return Change(rounds, summary)

    def round_form(self, ctx: PlumpContext, number: int, formdata: Any = None) -> EntryForm:
        return round_form(ctx.view.replay.deals[number - 1], ctx.record.players, formdata)

    def corrected(self, ctx: PlumpContext, number: int, form: EntryForm) -> Change:
        deal = ctx.view.replay.deals[number - 1]
        players = ctx.record.players
        entry: JSON = {"bids": posted(form, "bids", deal.bidding_order, players)}
        tricks = posted(form, "tricks", deal.bidding_order, players)
        if any(v is not None for v in tricks.values()):
            entry["tricks"] = tricks
        if deal.enter_trump and form.trump.data:
            entry = {"trump": form.trump.data, **entry}
        rounds = [dict(r) for r in ctx.record.rounds]
        rounds[number - 1] = corrected_round(form, rounds[number - 1], entry)
        return Change(rounds, correction_summary(number, form))


ADAPTER = PlumpAdapter()
