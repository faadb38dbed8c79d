"""Mulle at the table: the phone follows the deal (rounds of cards, båt, mulles and tabbar as
they happen, kept in the game's draft so every phone sees them), then counts the piles against
the double pack; the tally per deal and in total, netted, with the hundred club."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...games import mulle
from ...games.base import JSON, N_, Message
from ...games.cards import Card, Suit
from ...games.mulle.live import LiveDeal
from ...games.spec import ENTERED, Loaded
from ...i18n import gettext
from ..adjust import corrected_round, correction_summary
from ..base import Adapter, Change, EntryForm
from ..standings import Standings, ranked
from .forms import (
    COUNTS,
    LiveForm,
    PilesForm,
    digest,
    live_form,
    pile_data,
    piles_form,
)
from .view import MulleContext, MulleView, tally

LIVE_ACTIONS = ("round", "mulle", "tabbe", "remove")


def _prefill(view: MulleView, live: LiveDeal, draft: JSON | None) -> JSON:
    """A new count starts from what was recorded during the deal; a count Undo took back, from
    the piles as they were entered."""
    entered = (draft or {}).get(ENTERED)
    if isinstance(entered, Mapping) and entered.get("deal") == live.number:
        piles = entered.get("piles")
        counted = pile_data(view.sides, piles if isinstance(piles, Mapping) else {})
        return {**counted, "filled": ""}  # every pile as counted: none is filled in with the rest
    data: JSON = {}
    for side in view.sides:
        data.update({f"{side.prefix}_{count}": 0 for count in COUNTS})
        mulles, tabbar = live.of(side.names)
        data[f"{side.prefix}_mulles"] = mulles
        data[f"{side.prefix}_tabbar"] = tabbar
    return data


class MulleAdapter(Adapter[mulle.MulleReplay, MulleView]):
    kind = "mulle"
    record_words: ClassVar[Mapping[str, str]] = {
        "piles": N_("piles"),
        "spades": N_("spades"),
        "aces": N_("aces"),
        "spade_aces": N_("A♠"),
        "spade_twos": N_("2♠"),
        "diamond_tens": N_("10♦"),
        "tabbar": N_("tabbar"),
        "mulles": N_("mulles"),
    }

    def setup_view(self, names: list[str]) -> tuple[tuple[str, ...], ...]:
        """The teams the set-up makes (only with 4 players; else everyone plays for himself)."""
        return mulle.teams(names)

    def view(self, loaded: Loaded[mulle.MulleReplay]) -> MulleView:
        return tally(loaded.replay, loaded.draft)

    def entry_form(self, ctx: MulleContext, formdata: Any = None) -> EntryForm | None:
        """The count of the piles when the deal is over (or posted), else the live taps."""
        view: MulleView = ctx.view
        live = view.live
        if live is None:
            return None
        action = formdata.get("action") if formdata else None
        piles = None
        if live.counting or (formdata is not None and action not in LIVE_ACTIONS):
            posted = formdata if action not in LIVE_ACTIONS else None
            step = f"piles-{live.number}"
            prefill = _prefill(view, live, ctx.loaded.draft)
            piles = piles_form(ctx.record, view.sides, step, posted, prefill)
        if action in LIVE_ACTIONS:
            return live_form(action, ctx.record, live, formdata, piles)
        if piles is not None:
            return piles
        return live_form("mulle", ctx.record, live)

    def entered(self, ctx: MulleContext, form: EntryForm) -> Change:
        live = ctx.view.live
        assert live is not None  # a form is made only while a deal is in play
        rounds = [dict(r) for r in ctx.record.rounds]
        if isinstance(form, PilesForm):
            deal = form.deal()
            points = form.check.points
            said = ", ".join(f"{s.label} {points[s.holder].total}" for s in ctx.view.sides)
            summary = Message(
                N_("Deal {deal} counted: {points}."), {"deal": live.number, "points": said}
            )
            return Change([*rounds, deal], summary)
        assert isinstance(form, LiveForm)
        draft, summary = self._live_change(ctx, live, form)
        return Change(rounds, summary, draft)

    def _live_change(
        self, ctx: MulleContext, live: LiveDeal, form: LiveForm
    ) -> tuple[JSON | None, Message]:
        players = ctx.record.players
        if form.kind == "round":
            to = int(form.to.data)
            if to > live.rounds:
                return live.draft(round=to), Message(
                    N_("Deal {deal} played: count the piles."), {"deal": live.number}
                )
            template = N_("Round {round} of {rounds}: båt!") if to == live.next.bat_round else None
            # Back at round 1 with nothing recorded: nothing live is left (Undo then takes back
            # the last counted deal, not an empty draft).
            draft = live.draft(round=to) if to > 1 or live.events else None
            return draft, Message(
                template or N_("Round {round} of {rounds}."), {"round": to, "rounds": live.rounds}
            )
        if form.kind == "remove":
            event = live.events[int(form.event.data)]
            if event.card:
                return live.without(event.index), Message(
                    N_("Mulle {card} of {name} removed."),
                    {"card": event.card.label, "name": event.by},
                )
            return live.without(event.index), Message(
                N_("Tabbe of {name} removed."), {"name": event.by}
            )
        by = players[int(form.by.data)]
        if form.kind == "tabbe":
            return live.with_event(by, None), Message(N_("Tabbe for {name}."), {"name": by})
        card = Card(form.rank.data, Suit(form.suit.data))
        return live.with_event(by, card), Message(
            N_("Mulle {card} for {name}."), {"card": card.label, "name": by}
        )

    def undo_draft(self, ctx: MulleContext) -> JSON | None:
        """One step back in the deal: the last mulle or tabbe of this round, else the round."""
        live = ctx.view.live
        if live is None:
            return None
        if last_event_first(live):
            return live.without(live.events[-1].index)
        if live.round > 2 or (live.round == 2 and live.events):
            return live.draft(round=live.round - 1)
        return None  # back at round 1 with nothing recorded: nothing live is left

    def reopened(self, ctx: MulleContext) -> JSON | None:
        """Undo of a count takes back the count alone: its deal is in play again, at its
        counting step, with the mulles and tabbar its piles hold (a team's on the partner they
        were counted on) and the piles as they were counted, to change one number. Which round
        each mulle came in is not stored: they count as the last round's, so the Undo after
        this one goes back into the deal before it takes them back."""
        view: MulleView = ctx.view
        if not view.replay.deals:
            return None
        deal = view.replay.deals[-1]
        last = len(view.schedule.rounds)
        events: list[JSON] = []
        for name in view.replay.players:
            pile = deal.piles.get(name)
            if pile is not None:
                events += [{"mulle": card.code, "by": name, "round": last} for card in pile.mulles]
                events += [{"tabbe": name, "round": last} for _ in range(pile.tabbar)]
        entered = {"deal": deal.number, "piles": ctx.record.rounds[-1].get("piles", {})}
        return {"deal": deal.number, "round": last + 1, "events": events, ENTERED: entered}

    def undo_label(self, ctx: MulleContext) -> Message | None:
        live: LiveDeal | None = ctx.view.live
        if live is not None and last_event_first(live):
            event = live.events[-1]
            if event.card is None:
                return Message(N_("{name}'s tabbe"), {"name": event.by})
            card = event.card.label
            return Message(N_("{name}'s mulle {card}"), {"name": event.by, "card": card})
        if live is not None and live.counting:
            return Message(N_("the end of deal {deal}"), {"deal": live.number})
        if live is not None and live.round > 1:
            return Message(N_("the move to round {round}"), {"round": live.round})
        if ctx.record.rounds:
            return Message(N_("the count of deal {deal}"), {"deal": len(ctx.record.rounds)})
        return None

    def standings(self, ctx: MulleContext) -> Standings:
        """Each side's total; during a deal, what its mulles and tabbar are worth so far."""
        view: MulleView = ctx.view
        live = view.live
        notes = {}
        if live is not None:
            for side in view.sides:
                if points := live.points_of(side.names):
                    notes[side.label] = gettext("this deal: +%(n)s", n=points)
        totals = {t.side.label: t.total for t in view.totals}
        kryp = view.replay.options.kryp
        return ranked(totals, started=bool(view.rows), lowest_wins=kryp, notes=notes)

    def round_form(self, ctx: MulleContext, number: int, formdata: Any = None) -> EntryForm:
        view: MulleView = ctx.view
        record = ctx.record
        data = pile_data(view.sides, record.rounds[number - 1].get("piles", {}))
        warnings = view.replay.deals[number - 1].warnings
        data["confirm"] = digest(warnings) if warnings else None  # confirmed when it was saved
        before = record.with_rounds(record.rounds[: number - 1])
        return piles_form(before, view.sides, f"round-{number}", formdata, data, adjust=True)

    def corrected(self, ctx: MulleContext, number: int, form: EntryForm) -> Change:
        assert isinstance(form, PilesForm)
        rounds = [dict(r) for r in ctx.record.rounds]
        rounds[number - 1] = corrected_round(form, rounds[number - 1], form.deal())
        # the deal in play goes on
        return Change(rounds, correction_summary(number, form), ctx.loaded.draft)


def last_event_first(live: LiveDeal) -> bool:
    """Undo takes back the last mulle or tabbe while it belongs to this round (or round 1)."""
    return bool(live.events) and (live.events[-1].round in (live.round, None) or live.round == 1)


ADAPTER = MulleAdapter()
