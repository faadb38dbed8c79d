"""Toy at the table: one pad of points per player, one deal at a time."""

from __future__ import annotations

from typing import Any

from ...games.base import N_, Message
from ...games.spec import Loaded
from ..base import Adapter, Change, Context, EntryForm
from ..fields import PadField
from ..standings import Standings, ranked

MOST_POINTS = 99


def points_form(players: tuple[str, ...], step: str, formdata: Any = None, data: Any = None):  # type: ignore[no-untyped-def]
    class PointsForm(EntryForm):
        pass

    for seat, player in enumerate(players):
        setattr(PointsForm, f"points_{seat}", PadField(player, high=MOST_POINTS))
    form = PointsForm(formdata, data=data)
    form.step.data = step
    return form


def posted(form: EntryForm, players: tuple[str, ...]) -> dict[str, Any]:
    return {"points": {p: form[f"points_{seat}"].data for seat, p in enumerate(players)}}


class ToyAdapter(Adapter):
    kind = "toy"

    def view(self, loaded: Loaded) -> Any:
        return loaded.replay

    def standings(self, ctx: Context) -> Standings:
        return ranked(ctx.view.totals, started=bool(ctx.view.rounds))

    def undo_label(self, ctx: Context) -> Message | None:
        rounds = len(ctx.record.rounds)
        return Message(N_("deal {deal}"), {"deal": rounds}) if rounds else None

    def entry_form(self, ctx: Context, formdata: Any = None) -> EntryForm | None:
        if ctx.view.finished:
            return None
        return points_form(ctx.record.players, f"deal-{len(ctx.record.rounds) + 1}", formdata)

    def entered(self, ctx: Context, form: EntryForm) -> Change:
        number = len(ctx.record.rounds) + 1
        rounds = [*ctx.record.rounds, posted(form, ctx.record.players)]
        return Change(rounds, Message(N_("Deal {deal} saved."), {"deal": number}))

    def round_form(self, ctx: Context, number: int, formdata: Any = None) -> EntryForm:
        points = ctx.view.rounds[number - 1]
        data = {f"points_{seat}": points[p] for seat, p in enumerate(ctx.record.players)}
        return points_form(ctx.record.players, f"round-{number}", formdata, data)

    def corrected(self, ctx: Context, number: int, form: EntryForm) -> Change:
        rounds = list(ctx.record.rounds)
        rounds[number - 1] = posted(form, ctx.record.players)
        return Change(rounds, Message(N_("Deal {deal} corrected."), {"deal": number}))


ADAPTER = ToyAdapter()
