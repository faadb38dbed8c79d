"""Mus at the table: a hand entered lance by lance (kept in the game's draft so every phone sees
it), the showdown from the cards or from the lance winners, the stones as amarracos."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...games import mus
from ...games.base import JSON, N_, Message, RuleError
from ...games.mus.count import AtOnce, Ending
from ...games.mus.draft import FOURTH, MAX_FACTS, HandDraft, from_draft, round_of, substitutes
from ...games.mus.hands import Lance
from ...games.spec import Loaded
from ..base import Adapter, Change, EntryForm
from ..standings import Standings
from .adjust import adjusted, corrected_adjust, substituted
from .board import board_standings, score_board
from .forms import (
    check_values_of_bets,
    posted_cards,
    posted_lances,
    posted_showdown,
    prefill_bet,
    prefill_lances,
    prefill_showdown,
    round_form,
    step_form,
)
from .reopen import Reopening, entered_before, reopening
from .view import MusContext, MusView, current_hand, ending_of, fact_label, game_blocks, saved_line


def last_shown(rounds: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The last hand that came to a showdown: how the table settles one ("Just the winners" or
    the cards) holds for the next, whatever the hands between that ended at once."""
    return next((r for r in reversed(rounds) if "showdown" in r or "cards" in r), None)


def checked(state: mus.MusReplay, draft: HandDraft) -> tuple[HandDraft, AtOnce | None]:
    """The draft if it still fits the game (else a fresh hand), and what its betting settled
    so far (what was paid at once, the stakes waiting for the count, an órdago)."""
    if not draft.facts:
        return draft, None
    try:
        at_once = mus.check_betting(state, draft.engine_hand())
    except RuleError:
        return HandDraft(draft.number), None
    if at_once.ending is Ending.REJECTION:  # a complete hand is never a draft
        return HandDraft(draft.number), None
    return draft, at_once


def seated(loaded: Loaded[mus.MusReplay], state: mus.MusReplay) -> mus.MusReplay:
    """The match as the hand being entered sits: with its substitutes, if it has any that
    still fit the game (a correction of an earlier hand may have made one not new)."""
    assert state.next is not None
    seats = substitutes(loaded.draft, state.next.hand)
    if not seats:
        return state
    try:
        return mus.with_substitutes(loaded.record, state, seats)
    except RuleError:
        return state  # the draft names holders this state has not: it starts afresh


class MusAdapter(Adapter[mus.MusReplay, MusView]):
    kind = "mus"
    record_words: ClassVar[Mapping[str, str]] = {
        "lances": N_("lances"),
        "bets": N_("bets"),
        "answer": N_("answer"),
        "by": N_("bet by team"),
        "showdown": N_("showdown"),
        "cards": N_("cards"),
        "no_quiero": N_("no quiero"),
    }

    def round_name(self, number: int) -> Message:
        return Message(N_("Hand {hand}"), {"hand": number})

    def correction_label(self, number: int) -> Message:
        return Message(N_("the correction of hand {hand}"), {"hand": number})

    def view(self, loaded: Loaded[mus.MusReplay]) -> MusView:
        state: mus.MusReplay = loaded.replay
        current, at_once = None, None
        if state.next is not None:
            state = seated(loaded, state)
            draft = from_draft(loaded.draft, len(state.hands) + 1, state.players)
            draft, at_once = checked(state, draft)
            ordago = ending_of(at_once, draft) if at_once else None
            current = current_hand(state, draft, ordago, last_shown(loaded.record.rounds))
        stakes = {lance.value: n for lance, n in at_once.stakes.items()} if at_once else {}
        board = score_board(state, at_once)
        return MusView(state, board, game_blocks(state), current, stakes, loaded.settings)

    def standings(self, ctx: MusContext) -> Standings:
        return board_standings(ctx.view)

    def undo_label(self, ctx: MusContext) -> Message | None:
        current = ctx.view.current
        if current is not None and current.draft.facts:
            return fact_label(current.draft.facts[-1], current.number)
        if (undone := self._reopening(ctx)) is not None:
            return undone.what
        return None

    def entry_form(self, ctx: MusContext, formdata: Any = None) -> EntryForm | None:
        current = ctx.view.current
        if current is None:
            return None
        players = ctx.view.players
        form = step_form(current.step, players, current.step_id, formdata)
        entered = entered_before(ctx.loaded.draft, current.number)
        if formdata is None and entered is not None:
            # Undo took back the save: the step as it was saved, to fix and save again.
            if current.step.kind == "showdown":
                seats = {p: i for i, p in enumerate(players)}
                prefill_showdown(form, entered.get("showdown"), entered.get("cards"), seats)
            elif isinstance(entered.get("bet"), Mapping):
                prefill_bet(form, entered["bet"])
        return form

    def entered(self, ctx: MusContext, form: EntryForm) -> Change:
        current = ctx.view.current
        assert current is not None  # a form is made only while a hand is played
        players = ctx.view.players
        draft: HandDraft = current.draft
        act = form.act.data
        hand = {"hand": current.number}
        if act == "adjust":
            return adjusted(ctx, form)
        if act.startswith("seat-"):
            return substituted(ctx, form, draft, int(act.removeprefix("seat-")))
        if act == "back":
            summary = Message(N_("Hand {hand}: one step back."), hand)
            return Change(list(ctx.record.rounds), summary, draft.back(players).as_draft())
        if act.startswith("mano-"):
            mano = players[int(act.removeprefix("mano-"))]
            summary = Message(N_("Hand {hand}: {name} is mano."), {**hand, "name": mano})
            coming = ctx.view.replay.next
            usual = coming is not None and mano == coming.mano
            fact: JSON = {"mano": None if usual else mano}  # None: the rotation's mano again
            return self._go_on(ctx, draft.with_fact(fact, players), summary)
        step = current.step
        if step.kind == "said":
            who = (
                None
                if act == "skip"
                else [p for p in current.order if form[f"said_{players.index(p)}"].data]
            )
            fact = {"said": step.lance, "who": who}
            summary = Message(
                N_("Hand {hand}: who has {lance} entered."), {**hand, "lance": step.lance}
            )
            return self._go_on(ctx, draft.with_fact(fact, players), summary)
        if step.kind in ("lance", "raise"):
            fact = self._bet_fact(form, current, players)
            if fact.get("answer") == "raise":
                self._check_raise(ctx.view.replay, draft, fact, players)
            label = "juego / punto" if step.lance == FOURTH else step.lance
            summary = Message(N_("Hand {hand}: {lance} entered."), {**hand, "lance": label})
            return self._go_on(ctx, draft.with_fact(fact, players), summary)
        return self._showdown(ctx, form, draft)

    def _bet_fact(self, form: EntryForm, current: Any, players: tuple[str, ...]) -> JSON:
        step = current.step
        if form.act.data == "paso":
            return {"lance": step.lance, "paso": True}
        answer, team = form.act.data.rsplit("-", 1)
        answering = int(team)
        amount = form[f"{form.bet_name}_bets"].data
        bet: int | str = "ordago" if form.ordago.data else (2 if amount is None else amount)
        if step.kind == "raise":
            bettor = current.draft.open.raiser
            fact: JSON = {"lance": step.lance, "bet": bet, "answer": answer}
        else:
            chosen = form[f"{form.bet_name}_by"].data
            bettor = int(chosen) if chosen else 3 - answering  # the answer tells who bet
            fact = {"lance": step.lance, "by": bettor, "bet": bet, "answer": answer}
        mus.check_answer(players, Lance(step.engine_lance), bettor, answering)
        return fact

    def _check_raise(
        self, state: mus.MusReplay, draft: HandDraft, fact: JSON, players: tuple[str, ...]
    ) -> None:
        """A raise is told next: the bets so far must allow one (an órdago is answered with
        quiero or no quiero only)."""
        raised = draft.with_fact(fact, players).open
        assert raised is not None
        hand = draft.engine_hand()
        name = "juego" if raised.lance == FOURTH else raised.lance
        so_far = {"by": raised.by, "bets": [*raised.bets, 2], "answer": "quiero"}
        hand["lances"] = {**hand["lances"], name: so_far}
        mus.check_betting(state, hand)

    def _go_on(self, ctx: MusContext, draft: HandDraft, summary: Message) -> Change:
        """Keep the hand in the draft, or store it when the betting decided the game."""
        rounds = list(ctx.record.rounds)
        if len(draft.facts) > MAX_FACTS:
            raise RuleError(N_("This hand has too many steps: take some back or undo it"))
        at_once = mus.check_betting(ctx.view.replay, draft.engine_hand())
        if at_once.ending is Ending.REJECTION:
            return self._saved(ctx, round_of(draft), draft.number)
        return Change(rounds, summary, draft.as_draft())

    def _saved(self, ctx: MusContext, raw: JSON, number: int) -> Change:
        """A finished hand stored; the saved line says the game it decided (from the replay)."""
        rounds = [*ctx.record.rounds, mus.returns_marked(ctx.record, raw)]
        summary = Message(N_("Hand {hand} saved."), {"hand": number})
        return Change(rounds, summary, describe=lambda state: saved_line(state, number))

    def _showdown(self, ctx: MusContext, form: EntryForm, draft: HandDraft) -> Change:
        players = ctx.view.players
        if (form.mode.data or "cards") == "cards":
            cards = posted_cards(form, players) or {}
            said_against(ctx, cards, draft)
            fourth = fourth_from_cards(ctx, cards) if FOURTH in draft.lances else None
            raw = round_of(draft, cards=cards, fourth=fourth)
        else:
            known = draft.fourth if draft.fourth in ("juego", "punto") else None
            showdown, kind = posted_showdown(form, known)
            shown = ctx.view.current.showdown if ctx.view.current else None
            assert shown is not None  # the form of a showdown is made only at one
            for pad in shown.winners:  # what the players said settles
                if pad.fixed is not None:
                    key = (kind or "juego") if pad.lance == "fourth" else pad.lance
                    showdown.setdefault(key, None if pad.fixed == "none" else int(pad.fixed))
            raw = round_of(draft, showdown=showdown, fourth=kind)
            check_values_of_bets(form, raw["lances"], players)
        return self._saved(ctx, raw, draft.number)

    def undo_draft(self, ctx: MusContext) -> JSON | None:
        current = ctx.view.current
        return None if current is None else current.draft.back(ctx.view.players).as_draft()

    def reopened(self, ctx: MusContext) -> JSON | None:
        """The last hand in play again just before its save, every lance kept (``reopen``)."""
        undone = self._reopening(ctx)
        return None if undone is None else undone.draft

    def _reopening(self, ctx: MusContext) -> Reopening | None:
        if not ctx.record.rounds:
            return None
        return reopening(ctx.view.replay, ctx.record.rounds[-1])

    def round_form(self, ctx: MusContext, number: int, formdata: Any = None) -> EntryForm:
        players = ctx.view.replay.hands[number - 1].seats.seats
        kept = len(ctx.record.rounds[number - 1].get("adjust", []))
        form = round_form(players, formdata, kept)
        if formdata is None:
            raw = ctx.record.rounds[number - 1]
            hand = ctx.view.replay.hands[number - 1]
            form.mano.data = str(players.index(hand.mano))
            if hand.entry.fourth is not None:
                form.fourth.data = hand.entry.fourth.value
            prefill_lances(form, dict(raw.get("lances") or {}))
            seats = {p: i for i, p in enumerate(players)}
            prefill_showdown(form, raw.get("showdown"), raw.get("cards"), seats)
        form.step.data = f"round-{number}"
        return form

    def corrected(self, ctx: MusContext, number: int, form: EntryForm) -> Change:
        players = ctx.view.replay.hands[number - 1].seats.seats
        hands = ctx.view.replay.hands
        before = hands[number - 2].seats if number > 1 else None
        rotation = mus.seats_of(ctx.record, number, before).eldest
        mano = players[int(form.mano.data)] if form.mano.data else rotation
        raw: JSON = {"mano": mano} if mano != rotation else {}
        fourth = form.fourth.data
        if (form.mode.data or "cards") == "cards":
            bet_on = form.lances_juego_by.data in ("1", "2")
            raw["lances"] = posted_lances(form, fourth if bet_on else None)
            raw["cards"] = posted_cards(form, players) or {}
        else:
            showdown, kind = posted_showdown(form)
            raw["lances"] = posted_lances(form, kind or fourth)
            raw["showdown"] = showdown
            check_values_of_bets(form, raw["lances"], players)
        rounds = list(ctx.record.rounds)
        kept = rounds[number - 1]  # a substitute stays through a correction
        raw.update((key, kept[key]) for key in ("seats", "back") if key in kept)
        if adjust := corrected_adjust(form, kept.get("adjust", [])):  # less, more or the same
            raw["adjust"] = adjust
        rounds[number - 1] = raw
        summary = Message(N_("Hand {hand} corrected."), {"hand": number})
        # The hand being entered stays through a correction of an earlier hand: the page checks
        # it against the corrected game (``checked``) and starts it afresh if it no longer fits.
        return Change(rounds, summary, ctx.loaded.draft)


def said_against(ctx: MusContext, cards: Mapping[str, str], draft: HandDraft) -> None:
    """What the players said before pares and juego, against the cards shown (a RuleError
    beside the cards of the first who said otherwise); cards incomplete or wrong are the
    engine's to name."""
    current = ctx.view.current
    assert current is not None  # a showdown is entered only while a hand is played
    rules = mus.parse_options(ctx.record.options).rules
    try:
        hands = mus.parse_cards(cards, ctx.view.players, rules)
    except RuleError:
        return
    try:
        mus.check_said(current.order, hands, rules, draft.said)
    except RuleError as error:  # the hand it names in the table's letters (R-R for K-K)
        raise RuleError(ctx.view.letters.said(error.message), field=error.field) from None


def fourth_from_cards(ctx: MusContext, cards: Mapping[str, str]) -> str | None:
    """Juego or punto, as the cards say (None while the cards are incomplete or wrong: the
    engine then says what is wrong with them)."""
    rules = mus.parse_options(ctx.record.options).rules
    players = ctx.view.players
    try:
        hands = mus.parse_cards(cards, players, rules)
    except RuleError:
        return None
    return mus.declare(players, hands, rules).fourth.value


ADAPTER = MusAdapter()
