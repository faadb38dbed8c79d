"""People come and go, entered from the game page (docs/records.md): stones the table gives a
team or takes from it, an ``adjust`` of the last hand saved, stored as a correction of that
hand so that Undo takes back the adjustment alone (an earlier hand's are added or taken back by
its correction: ``corrected_adjust``); a substitute, the ``seats`` of the hand being
entered, kept in its draft until the hand is saved."""

from __future__ import annotations

from collections.abc import Sequence

from ...games import mus
from ...games.base import JSON, N_, Message, RuleError
from ...games.mus.draft import HandDraft
from ...games.mus.showdown import team_names
from ...games.names import check_typed_name
from ..base import Change, EntryForm
from .view import MusContext


def adjusted(ctx: MusContext, form: EntryForm) -> Change:
    """Stones given to a team or taken from it after the last hand's count, with the reason
    (the hand being entered stays: it is checked against the new score)."""
    rounds = [dict(raw) for raw in ctx.record.rounds]
    if not rounds:
        raise RuleError(
            N_("Stones are adjusted after a hand: enter the first hand"), field="adjust"
        )
    entry = posted_adjustment(form, required=True)
    assert entry is not None  # required: a RuleError says what is missing
    team, stones, reason = entry["team"], entry["stones"], entry["reason"]
    rounds[-1]["adjust"] = [*rounds[-1].get("adjust", []), entry]
    names = team_names(ctx.view.players, int(team))
    summary = Message(
        N_("Stones adjusted after hand {hand}: {team} {stones} ({reason})."),
        {"hand": len(rounds), "team": names, "stones": f"{stones:+d}", "reason": reason},
    )
    # A correction of the last hand: Undo takes back the adjustment alone, not the hand.
    return Change(rounds, summary, ctx.loaded.draft, correcting=len(rounds))


def posted_adjustment(form: EntryForm, *, required: bool) -> JSON | None:
    """The adjustment the form posts: a team, the stones, a reason (None: the form posts none
    of them and none is ``required``)."""
    team, stones = form.adjust_team.data, form.adjust_stones.data
    reason = (form.adjust_reason.data or "").strip()
    if not required and team is None and not stones and not reason:
        return None
    if team not in ("1", "2"):
        raise RuleError(N_("Which team gets (or loses) the stones?"), field="adjust_team")
    if not stones:
        raise RuleError(N_("How many stones? 2 gives two, -2 takes two"), field="adjust_stones")
    if not reason:
        raise RuleError(N_("Say why: the sheet shows it"), field="adjust_reason")
    return {"team": int(team), "stones": stones, "reason": reason}


def corrected_adjust(form: EntryForm, kept: Sequence[JSON]) -> list[JSON]:
    """A corrected hand's ``adjust``: those it had, less the ones taken back, and the one the
    correction adds (if any)."""
    left = [entry for n, entry in enumerate(kept) if not form[f"adjust_drop_{n}"].data]
    added = posted_adjustment(form, required=False)
    return [*left, added] if added is not None else left


def substituted(ctx: MusContext, form: EntryForm, draft: HandDraft, seat: int) -> Change:
    """``form.newcomer`` takes seat ``seat`` from the hand being entered on (before anything
    else of it is entered: the hand's facts name the holders)."""
    holder = ctx.view.players[seat]
    name = (form.newcomer.data or "").strip()
    if not name:
        raise RuleError(N_("Who takes the seat? Type the name first"), field="newcomer")
    name = check_typed_name(name, field="newcomer")
    if any("seats" not in fact for fact in draft.facts):
        raise RuleError(
            N_("A substitute comes between hands: take this hand's steps back first"),
            field="newcomer",
        )
    seats = dict(draft.seats or {})
    gone = next((old for old, new in seats.items() if new == holder), holder)  # came just now
    seats[gone] = name
    state = mus.with_substitutes(ctx.record, ctx.view.replay, seats)
    summary = Message(
        N_("Hand {hand}: {name} takes {holder}'s seat."),
        {"hand": draft.number, "name": name, "holder": holder},
    )
    again = draft.with_fact({"seats": seats}, state.players)
    return Change(list(ctx.record.rounds), summary, again.as_draft())
