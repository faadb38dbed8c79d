"""One Mus hand as entered: its mano, the lances, and the showdown (cards or lance winners).

``parse_hand_entry`` checks a round of the record fully; ``declare`` tells the UI, from four
hands, who has pares and juego (whether betting happens, whether a lance is undisputed, whether
the fourth lance is juego or punto). While a hand is entered lance by lance, ``teams_of`` turns
the players who said "yes" into teams, ``check_holders`` refuses a bet on pares / juego that only
one team holds, and ``check_answer`` an answer from the team that made the bet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..base import N_, RuleError, check_player
from ..seating import turn_order
from .bets import TEAMS, Bet, other, parse_bet
from .hands import (
    HandRules,
    Lance,
    MusHand,
    check_deck,
    has_juego,
    has_pares,
    parse_hand,
)
from .showdown import (
    LanceDecision,
    Showdown,
    decide_from_cards,
    parse_showdown,
    team_names,
    team_of,
)

ROUND_KEYS = ("mano", "lances", "cards", "showdown", "seats", "back", "adjust")


@dataclass(frozen=True)
class Declarations:
    """What the players truthfully declare before pares and juego, from their four hands."""

    pares: Mapping[str, bool]
    juego: Mapping[str, bool]
    pares_teams: frozenset[int]
    juego_teams: frozenset[int]

    @property
    def fourth(self) -> Lance:
        """Juego when anybody has juego, else punto."""
        return Lance.JUEGO if self.juego_teams else Lance.PUNTO

    def holders(self, lance: Lance) -> frozenset[int]:
        if lance is Lance.PARES:
            return self.pares_teams
        if lance is Lance.JUEGO:
            return self.juego_teams
        return frozenset(TEAMS)

    def is_bet_on(self, lance: Lance) -> bool:
        """Betting happens only when both teams hold the lance."""
        return len(self.holders(lance)) == 2

    def is_undisputed(self, lance: Lance) -> bool:
        """Only one team holds it: that team scores its values without betting."""
        return len(self.holders(lance)) == 1


def declare(players: Sequence[str], hands: Mapping[str, MusHand], rules: HandRules) -> Declarations:
    """Who has pares and juego, per player and per team.

    >>> d = declare(["A", "B", "C", "D"], {p: parse_hand(h) for p, h in
    ...     zip("ABCD", ["K3QA", "7654", "JJ54", "KQ77"], strict=True)}, HandRules())
    >>> sorted(d.pares_teams), sorted(d.juego_teams), d.fourth.value
    ([1, 2], [1, 2], 'juego')
    """
    pares = {p: has_pares(hands[p], rules) for p in players}
    juego = {p: has_juego(hands[p], rules) for p in players}
    return Declarations(
        pares,
        juego,
        frozenset(team_of(players, p) for p in players if pares[p]),
        frozenset(team_of(players, p) for p in players if juego[p]),
    )


# --- a round of the record -------------------------------------------------------------------


@dataclass(frozen=True)
class HandEntry:
    """One hand as entered, checked: ``bets`` holds grande, chica, pares and the fourth lance
    (when it is known whether that is juego or punto) in order, ``None`` for paso."""

    mano: str
    bets: Mapping[Lance, Bet | None]
    fourth: Lance | None
    hands: Mapping[str, MusHand] | None
    showdown: Showdown
    decisions: tuple[LanceDecision, ...] = ()


def parse_hand_entry(raw: object, players: Sequence[str], mano: str, rules: HandRules) -> HandEntry:
    """Check one round of a Mus record; ``mano`` is the rotation's mano (the round may
    override it). A field given as null counts as left out."""
    if not isinstance(raw, Mapping):
        raise RuleError(N_("A hand must be an object with its lances and its cards or showdown"))
    for key in raw:
        if key not in ROUND_KEYS:
            raise RuleError(N_("A hand has no field {name}"), field=str(key), name=key)
    if raw.get("mano") is not None:
        mano = _player(raw["mano"], players, "mano")
    lances = _lances(raw.get("lances"))
    named = Lance.JUEGO if "juego" in lances else Lance.PUNTO if "punto" in lances else None
    if raw.get("cards") is not None and raw.get("showdown") is not None:
        raise RuleError(N_("Enter either the cards or the showdown, not both"), field="showdown")
    hands = None
    decisions: tuple[LanceDecision, ...] = ()
    if raw.get("cards") is not None:
        hands = parse_cards(raw["cards"], players, rules)
        showdown, decisions = decide_from_cards(players, hands, mano, rules)
        fourth: Lance | None = _fourth_of_cards(players, hands, mano, rules, named)
    elif raw.get("showdown") is not None:
        showdown, fourth = parse_showdown(raw["showdown"], players)
        if named is not None and fourth is not None and named is not fourth:
            template = (
                N_("The showdown says nobody had juego, so the fourth lance is punto")
                if fourth is Lance.PUNTO
                else N_("The showdown says somebody had juego, so the fourth lance is juego")
            )
            raise RuleError(template, field=f"lances.{named.value}")
        fourth = fourth or named
    else:
        showdown, fourth = Showdown(), named
    bets = _bets(lances, fourth, showdown, players)
    return HandEntry(mano, bets, fourth, hands, showdown, decisions)


def _bets(
    lances: Mapping[str, object], fourth: Lance | None, showdown: Showdown, players: Sequence[str]
) -> dict[Lance, Bet | None]:
    """The bet of each lance played, pares and juego only where somebody had them."""
    bets = {
        lance: parse_bet(lances.get(lance.value), lance)
        for lance in (Lance.GRANDE, Lance.CHICA, Lance.PARES, fourth)
        if lance is not None
    }
    for lance in (Lance.PARES, Lance.JUEGO):
        if bets.get(lance) is not None:
            check_holders(lance, showdown.holders(lance), players)
    return bets


def _lances(lances: object) -> Mapping[str, object]:
    """A hand's lances as entered (none: an empty object), each a lance of the game."""
    lances = {} if lances is None else lances
    if not isinstance(lances, Mapping):
        raise RuleError(N_("The lances must be an object: grande, chica, ..."), field="lances")
    for key in lances:
        if key not in {lance.value for lance in Lance}:
            raise RuleError(N_("There is no lance {name}"), field=f"lances.{key}", name=key)
    if "juego" in lances and "punto" in lances:
        raise RuleError(
            N_("Enter juego or punto, not both: punto is played only when nobody has juego"),
            field="lances.punto",
        )
    return lances


def _fourth_of_cards(
    players: Sequence[str],
    hands: Mapping[str, MusHand],
    mano: str,
    rules: HandRules,
    named: Lance | None,
) -> Lance:
    """The fourth lance the cards make it, which must be the one the hand names (if any)."""
    fourth = declare(players, hands, rules).fourth
    if named is Lance.JUEGO and fourth is Lance.PUNTO:
        raise RuleError(N_("Nobody has juego, so the fourth lance is punto"), field="lances.juego")
    if named is Lance.PUNTO and fourth is Lance.JUEGO:
        holder = next(p for p in turn_order(players, mano) if has_juego(hands[p], rules))
        raise RuleError(
            N_("{name} has juego, so the fourth lance is juego, not punto"),
            field="lances.punto",
            name=holder,
        )
    return fourth


def teams_of(players: Sequence[str], names: Iterable[str]) -> frozenset[int]:
    """The teams of the players who said they have pares (or juego).

    >>> sorted(teams_of(["A", "B", "C", "D"], ["A", "C"]))
    [1]
    """
    return frozenset(team_of(players, name) for name in names)


def check_holders(lance: Lance, holders: frozenset[int] | None, players: Sequence[str]) -> None:
    """Betting on pares / juego happens only when both teams have them (``holders`` None:
    not known yet, anything goes)."""
    if holders is None or len(holders) == 2:
        return
    if not holders:
        raise RuleError(
            N_("Nobody has {lance}, so nobody bets on it: enter paso"),
            field=f"lances.{lance.value}",
            lance=lance.value,
        )
    raise RuleError(
        N_("Only {team} have {lance}, so nobody bets on it: enter paso"),
        field=f"lances.{lance.value}",
        lance=lance.value,
        team=team_names(players, next(iter(holders))),
    )


def check_answer(players: Sequence[str], lance: Lance, bettor: int, answering: int) -> None:
    """The answer to a bet (quiero, no quiero, a raise) comes from the other team.

    >>> check_answer(["A", "B", "C", "D"], Lance.CHICA, 2, 2)
    Traceback (most recent call last):
    ...
    assistant.games.base.RuleError: chica: B & D made that bet, so the answer comes from A & C
    """
    if answering == bettor:
        raise RuleError(
            N_("{lance}: {team} made that bet, so the answer comes from {other}"),
            field=f"lances.{lance.value}.answer",
            lance=lance.value,
            team=team_names(players, bettor),
            other=team_names(players, other(bettor)),
        )


def _player(name: object, players: Sequence[str], field: str) -> str:
    try:
        return check_player(name, players, what=field)
    except RuleError as exc:
        raise RuleError(
            N_("{name!r} is not a player at this table"), field=field, name=name
        ) from exc


def parse_cards(raw: object, players: Sequence[str], rules: HandRules) -> dict[str, MusHand]:
    """Every player's four cards, ``{"Anna": "K3QA", ...}``, that fit one pack."""
    if not isinstance(raw, Mapping):
        raise RuleError(N_("The cards must name each player's hand, like K3QA"), field="cards")
    for name in raw:
        if name not in players:
            raise RuleError(
                N_("{name!r} is not a player at this table"), field=f"cards.{name}", name=name
            )
    hands = {}
    for name in players:
        if raw.get(name) is None:
            raise RuleError(
                N_("Enter {name}'s cards too: the showdown needs all four hands"),
                field=f"cards.{name}",
                name=name,
            )
        hands[name] = parse_hand(raw[name], owner=name, field=f"cards.{name}")
    check_deck(hands, field="cards")
    return hands
