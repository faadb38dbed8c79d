"""The Mus showdown: who won each lance and the teams' values, from the four hands or as
entered without cards (a partial showdown is fine where the count never needs the rest).

A team's pares values: par 1, medias 2, duples 3 per player who has them; juego values: 3 for
a 31 (a juego real included), 2 for any other juego, per player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..base import N_, Message, RuleError, partners
from ..seating import turn_order
from .bets import TEAMS
from .hands import (
    HandRules,
    Lance,
    MusHand,
    best_player,
    hand_label,
    has_juego,
    juego_value,
    lance_key,
    pares_value,
)

PARES_VALUES = frozenset(range(7))  # two players, 0 to 3 each
JUEGO_VALUES = frozenset((0, 2, 3, 4, 5, 6))  # two players, 0, 2 or 3 each
SHOWDOWN_KEYS = ("grande", "chica", "pares", "juego", "punto", "pares_values", "juego_values")


def team_of(players: Sequence[str], player: str) -> int:
    """Team 1 = players[0] and players[2]; team 2 = players[1] and players[3]."""
    return 1 if players.index(player) % 2 == 0 else 2


def team_names(players: Sequence[str], team: int) -> Message:
    """``"Anna & Carla"`` (``"Ane y Miren"`` in Spanish: the page says it)."""
    return partners(players[team - 1], players[team + 1])


@dataclass(frozen=True)
class Showdown:
    """What is known of the cards: each lance's winning team (``None``: nobody had pares /
    juego; a missing lance is unknown), the teams' pares and juego values (``None`` if unknown),
    and, when the cards were entered, a sentence per lance saying who beat whom."""

    winners: Mapping[Lance, int | None] = field(default_factory=dict)
    pares_values: tuple[int, int] | None = None
    juego_values: tuple[int, int] | None = None
    explanations: Mapping[Lance, Message] = field(default_factory=dict)

    def holders(self, lance: Lance) -> frozenset[int] | None:
        """The teams holding pares / juego (every team holds grande, chica, punto)."""
        if lance not in (Lance.PARES, Lance.JUEGO):
            return frozenset(TEAMS)
        values = self.pares_values if lance is Lance.PARES else self.juego_values
        if values is not None:
            return frozenset(t for t in TEAMS if values[t - 1] > 0)
        if lance in self.winners and self.winners[lance] is None:
            return frozenset()
        return None

    def winner(self, lance: Lance) -> int | None:
        holders = self.holders(lance)
        if holders is not None and len(holders) < 2:
            return next(iter(holders), None)
        if lance not in self.winners:
            raise RuleError(
                N_("Who won {lance}? The showdown does not say, and the count needs it"),
                field=f"showdown.{lance.value}",
                lance=lance.value,
            )
        return self.winners[lance]

    def values(self, lance: Lance, team: int) -> int:
        """A team's pares / juego values; punto's extra stone; 0 for grande and chica."""
        if lance is Lance.PUNTO:
            return 1
        if lance not in (Lance.PARES, Lance.JUEGO):
            return 0
        values = self.pares_values if lance is Lance.PARES else self.juego_values
        if values is None:
            raise RuleError(
                N_("Enter the {lance} values of both teams: the count needs them"),
                field=f"showdown.{lance.value}_values",
                lance=lance.value,
            )
        return values[team - 1]


@dataclass(frozen=True)
class LanceDecision:
    """Who won a lance from the cards, with which hand, and the other team's best hand."""

    lance: Lance
    winner: str | None  # None: nobody has pares
    hand: str
    loser: str | None  # the other team's best player; None if that team has none
    other: str
    tie: bool  # equal hands: the winner is nearer the mano

    def message(self, players: Sequence[str]) -> Message:
        lance = self.lance.value
        if self.winner is None:
            return Message(N_("Nobody has {lance}"), {"lance": lance})
        params = {"lance": lance, "winner": self.winner, "hand": self.hand}
        if self.loser is None:
            team = team_names(players, team_of(players, self.winner))
            return Message(
                N_("Only {team} have {lance}; the best is {winner}'s {hand}"),
                {**params, "team": team},
            )
        params.update(loser=self.loser, other=self.other)
        if self.tie:
            return Message(
                N_(
                    "{winner}'s {hand} ties {loser}'s {other} at {lance}; "
                    "{winner} is nearer the mano and wins"
                ),
                params,
            )
        return Message(N_("{winner}'s {hand} beats {loser}'s {other} at {lance}"), params)


def decide_from_cards(
    players: Sequence[str], hands: Mapping[str, MusHand], mano: str, rules: HandRules
) -> tuple[Showdown, tuple[LanceDecision, ...]]:
    """The whole showdown from the four hands: every lance's winner, both teams' values, and
    who beat whom."""
    order = turn_order(players, mano)
    fourth = Lance.JUEGO if any(has_juego(h, rules) for h in hands.values()) else Lance.PUNTO
    winners: dict[Lance, int | None] = {}
    decisions = []
    for lance in (Lance.GRANDE, Lance.CHICA, Lance.PARES, fourth):
        best = best_player(hands, order, lance, rules)
        if best is None:
            winners[lance] = None
            decisions.append(LanceDecision(lance, None, "", None, "", False))
            continue
        team = team_of(players, best)
        winners[lance] = team
        rivals = [p for p in order if team_of(players, p) != team]
        loser = best_player(hands, rivals, lance, rules)
        label = hand_label(hands[best], lance, rules)
        if loser is None:
            decisions.append(LanceDecision(lance, best, label, None, "", False))
            continue
        tie = lance_key(hands[best], lance, rules) == lance_key(hands[loser], lance, rules)
        other = hand_label(hands[loser], lance, rules)
        decisions.append(LanceDecision(lance, best, label, loser, other, tie))

    pares = [0, 0]
    juego = [0, 0]
    for p in players:
        pares[team_of(players, p) - 1] += pares_value(hands[p], rules)
        juego[team_of(players, p) - 1] += juego_value(hands[p], rules)
    explanations = {d.lance: d.message(players) for d in decisions}
    showdown = Showdown(winners, (pares[0], pares[1]), (juego[0], juego[1]), explanations)
    return showdown, tuple(decisions)


def team_values(lance: Lance, holders: int | None) -> tuple[int, ...]:
    """The values a team can have at pares / juego when ``holders`` of its two players have
    them (``None``: not known): pares 1 to 3 per player, juego 2 or 3 per player.

    >>> team_values(Lance.PARES, 2), team_values(Lance.JUEGO, 1), team_values(Lance.JUEGO, None)
    ((2, 3, 4, 5, 6), (2, 3), (0, 2, 3, 4, 5, 6))
    """
    allowed = PARES_VALUES if lance is Lance.PARES else JUEGO_VALUES
    if holders is None:
        return tuple(sorted(allowed))
    low, high = (1, 3) if lance is Lance.PARES else (2, 3)
    return tuple(range(low * holders, high * holders + 1))


def parse_showdown(raw: object, players: Sequence[str]) -> tuple[Showdown, Lance | None]:
    """The lance winners and team values entered without cards, and whether the fourth lance
    was juego or punto (``None`` if it does not say)."""
    if not isinstance(raw, Mapping):
        raise RuleError(N_("The showdown must name the lance winners"), field="showdown")
    for key in raw:
        if key not in SHOWDOWN_KEYS:
            raise RuleError(
                N_("The showdown has no field {name}"), field=f"showdown.{key}", name=key
            )
    winners: dict[Lance, int | None] = {}
    for lance in (Lance.GRANDE, Lance.CHICA, Lance.PARES, Lance.JUEGO, Lance.PUNTO):
        if lance.value in raw:
            winners[lance] = _team(raw[lance.value], lance)
    if winners.get(Lance.JUEGO) is not None and Lance.PUNTO in winners:
        raise RuleError(
            N_("Punto is only played when nobody has juego: enter a juego or a punto winner"),
            field="showdown.punto",
        )
    pares = _values(raw.get("pares_values"), Lance.PARES, PARES_VALUES)
    juego = _values(raw.get("juego_values"), Lance.JUEGO, JUEGO_VALUES)
    fourth = _fourth(winners, juego)
    _check_values(players, winners, fourth, pares, juego)
    return Showdown(winners, pares, juego), fourth


def _fourth(winners: Mapping[Lance, int | None], juego: tuple[int, int] | None) -> Lance | None:
    """Juego or punto, as the showdown's winners or juego values say (None: they do not)."""
    if Lance.PUNTO in winners or (Lance.JUEGO in winners and winners[Lance.JUEGO] is None):
        return Lance.PUNTO
    if Lance.JUEGO in winners:
        return Lance.JUEGO
    if juego is not None:
        return Lance.JUEGO if any(juego) else Lance.PUNTO
    return None


def _check_values(
    players: Sequence[str],
    winners: Mapping[Lance, int | None],
    fourth: Lance | None,
    pares: tuple[int, int] | None,
    juego: tuple[int, int] | None,
) -> None:
    """The pares and juego values agree with who won those lances (a lance nobody had: 0)."""
    for lance, values in ((Lance.PARES, pares), (Lance.JUEGO, juego)):
        if values is None:
            continue
        won = winners.get(lance) if lance in winners else 0
        if won is None or (lance is Lance.JUEGO and fourth is Lance.PUNTO):
            if any(values):
                raise RuleError(
                    N_("Nobody had {lance}, so the {lance} values are [0, 0]"),
                    field=f"showdown.{lance.value}_values",
                    lance=lance.value,
                )
        elif won and not values[won - 1]:
            raise RuleError(
                N_("{team} won {lance}, but their {lance} values are 0"),
                field=f"showdown.{lance.value}_values",
                lance=lance.value,
                team=team_names(players, won),
            )


def _team(raw: object, lance: Lance) -> int | None:
    if raw is None and lance in (Lance.PARES, Lance.JUEGO):
        return None
    if type(raw) is not int or raw not in TEAMS:
        template = (
            N_("{lance} is won by team 1 or team 2 (or null when nobody had {lance})")
            if lance in (Lance.PARES, Lance.JUEGO)
            else N_("{lance} is always won by a team: enter 1 or 2")
        )
        raise RuleError(template, field=f"showdown.{lance.value}", lance=lance.value)
    return raw


def _values(raw: object, lance: Lance, allowed: frozenset[int]) -> tuple[int, int] | None:
    if raw is None:
        return None
    where = f"showdown.{lance.value}_values"
    if (
        not isinstance(raw, list)
        or len(raw) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in raw)
    ):
        raise RuleError(
            N_("The {lance} values are two numbers, one per team, like [2, 1]"),
            field=where,
            lance=lance.value,
        )
    for value in raw:
        if value not in allowed:
            template = (
                N_("A team cannot have {value} in pares values: each player has 0 to 3")
                if lance is Lance.PARES
                else N_("A team cannot have {value} in juego values: each player has 0, 2 or 3")
            )
            raise RuleError(template, field=where, value=value)
    return raw[0], raw[1]
