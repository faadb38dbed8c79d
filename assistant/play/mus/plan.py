"""The showdown of a Mus hand as the page asks for it: the lance winners and the teams' values
still needed, with what the players' "yes" before pares and juego already settles."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...games.base import N_, Message
from ...games.mus.draft import FOURTH, HandDraft
from ...games.mus.entry import teams_of
from ...games.mus.hands import Lance
from ...games.mus.showdown import team_names, team_of, team_values
from ...i18n import gettext, say


@dataclass(frozen=True)
class WinnerPad:
    """Who won one lance at the showdown: two team buttons (and "nobody" for pares), or a
    value already known from what the players said (``fixed``, posted hidden)."""

    lance: str  # grande, chica, pares, or fourth
    field: str
    options: tuple[tuple[str, str], ...]
    fixed: str | None = None
    note: Message | None = None


@dataclass(frozen=True)
class ValuesPad:
    what: str  # pares or juego
    team: int
    names: str
    field: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Showdown:
    ordago: str | None  # the lance an accepted órdago decided: only its winner is needed
    winners: tuple[WinnerPad, ...]
    values: tuple[ValuesPad, ...]
    kind: str | None  # juego or punto when known, else the table says it
    mode: str  # the first way offered: "cards" or "winners"


def showdown_plan(
    draft: HandDraft, players: Sequence[str], ordago: str | None, last: Mapping[str, Any] | None
) -> Showdown:
    """What the showdown asks: every lance's winner and both teams' values (less what the
    players' "yes" already settles), or only the lance an accepted órdago decided."""
    mode = "winners" if last is not None and "showdown" in last else "cards"
    kind = draft.fourth if draft.fourth in ("juego", "punto") else None
    teams = {1: say(team_names(players, 1)), 2: say(team_names(players, 2))}
    both = (("1", teams[1]), ("2", teams[2]))
    if ordago is not None:
        field = "showdown_fourth" if ordago in ("juego", "punto", FOURTH) else f"showdown_{ordago}"
        name = "fourth" if field == "showdown_fourth" else ordago
        if ordago in ("juego", "punto"):
            kind = ordago
        return Showdown(ordago, (WinnerPad(name, field, both),), (), kind, mode)
    rejected = {
        n for n, v in draft.lances.items() if isinstance(v, dict) and v["answer"] == "no_quiero"
    }
    pads = [WinnerPad(n, f"showdown_{n}", both) for n in ("grande", "chica") if n not in rejected]
    values: list[ValuesPad] = []
    pares = draft.said.get("pares")
    if "pares" not in rejected:
        pads.append(_holder_pad("pares", "showdown_pares", pares, players, both))
    if pares is None or teams_of(players, pares):
        values += _values_pads(Lance.PARES, pares, players, teams, _bet_on(draft, "pares"))
    juego = draft.said.get("juego")
    fourth = draft.fourth
    if fourth not in rejected and FOURTH not in rejected:
        pad = _holder_pad("fourth", "showdown_fourth", juego, players, both)
        pads.append(pad if fourth != "punto" else WinnerPad("fourth", "showdown_fourth", both))
    if fourth != "punto":
        bet_on = fourth is not None and _bet_on(draft, fourth)
        values += _values_pads(Lance.JUEGO, juego, players, teams, bet_on)
    return Showdown(None, tuple(pads), tuple(values), kind, mode)


def _holder_pad(
    lance: str,
    field: str,
    said: tuple[str, ...] | None,
    players: Sequence[str],
    both: tuple[tuple[str, str], ...],
) -> WinnerPad:
    """Pares / juego: a team that said yes alone takes it; nobody: none; else the table taps."""
    if said is None:
        options = (*both, ("none", gettext("nobody"))) if lance == "pares" else both
        return WinnerPad(lance, field, options)
    holders = teams_of(players, said)
    if len(holders) == 2:
        return WinnerPad(lance, field, both)
    fixed = str(next(iter(holders))) if holders else "none"
    label = "juego" if lance == "fourth" else lance
    note = (
        Message(
            N_("{lance}: only {team}"), {"lance": label, "team": team_names(players, int(fixed))}
        )
        if holders
        else Message(N_("{lance}: nobody"), {"lance": label})
    )
    return WinnerPad(lance, field, both, fixed, note)


def _bet_on(draft: HandDraft, lance: str) -> bool:
    return isinstance(draft.lances.get(lance), dict)


def _values_pads(
    lance: Lance,
    said: tuple[str, ...] | None,
    players: Sequence[str],
    teams: dict[int, str],
    bet_on: bool = False,
) -> list[ValuesPad]:
    """Each team's values keys; a lance bet on is held by both teams: no 0 to tap."""
    pads = []
    for team in (1, 2):
        holders = None if said is None else sum(1 for p in said if team_of(players, p) == team)
        allowed = team_values(lance, holders)
        if bet_on:
            allowed = tuple(value for value in allowed if value)
        pads.append(
            ValuesPad(lance.value, team, teams[team], f"{lance.value}_values_{team}", allowed)
        )
    return pads


def correction_plan(players: Sequence[str]) -> Showdown:
    """The showdown pads of a corrected hand: every lance, both teams' values."""
    teams = {1: say(team_names(players, 1)), 2: say(team_names(players, 2))}
    both = (("1", teams[1]), ("2", teams[2]))
    pads = tuple(WinnerPad(n, f"showdown_{n}", both) for n in ("grande", "chica"))
    pads += (
        WinnerPad("pares", "showdown_pares", (*both, ("none", gettext("nobody")))),
        WinnerPad("fourth", "showdown_fourth", both),
    )
    values = _values_pads(Lance.PARES, None, players, teams)
    values += _values_pads(Lance.JUEGO, None, players, teams)
    return Showdown(None, pads, tuple(values), None, "cards")
