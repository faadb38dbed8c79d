"""Stones the table gives a team or takes from it, entered from the game page: an ``adjust``
of the last hand saved (docs/records.md), stored as a correction of that hand so that Undo
takes back the adjustment alone."""

from __future__ import annotations

from ...games.base import N_, Message, RuleError
from ...games.mus.showdown import team_names
from ..base import Change, Context, EntryForm


def adjusted(ctx: Context, form: EntryForm) -> Change:
    """Stones given to a team or taken from it after the last hand's count, with the reason
    (the hand being entered stays: it is checked against the new score)."""
    rounds = [dict(raw) for raw in ctx.record.rounds]
    team, stones = form.adjust_team.data, form.adjust_stones.data
    reason = (form.adjust_reason.data or "").strip()
    if not rounds:
        raise RuleError(
            N_("Stones are adjusted after a hand: enter the first hand"), field="adjust"
        )
    if team not in ("1", "2"):
        raise RuleError(N_("Which team gets (or loses) the stones?"), field="adjust_team")
    if not stones:
        raise RuleError(N_("How many stones? 2 gives two, -2 takes two"), field="adjust_stones")
    if not reason:
        raise RuleError(N_("Say why: the sheet shows it"), field="adjust_reason")
    entry = {"team": int(team), "stones": stones, "reason": reason}
    rounds[-1]["adjust"] = [*rounds[-1].get("adjust", []), entry]
    names = team_names(ctx.view.players, int(team))
    summary = Message(
        N_("Stones adjusted after hand {hand}: {team} {stones} ({reason})."),
        {"hand": len(rounds), "team": names, "stones": f"{stones:+d}", "reason": reason},
    )
    # A correction of the last hand: Undo takes back the adjustment alone, not the hand.
    return Change(rounds, summary, ctx.loaded.draft, correcting=len(rounds))
