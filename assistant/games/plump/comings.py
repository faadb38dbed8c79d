"""Plump when people come and go (docs/records.md, "People come and go, and adjustments"): how
many are dealt in, a deal of its own number of cards, an adjustment of a total, and who is in
the running for the win.

Who is dealt in, who deals and who bids first come from :func:`assistant.games.seating.seating`;
what is checked here is what only Plump knows: the pack, the schedule and the points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ..base import N_, RuleError, check_int, point_adjustments
from ..seating import Seating
from .options import MAX_PLAYERS, MIN_PLAYERS, PACK, check_player_count


def check_dealt_in(seats: Seating) -> int:
    """The number of players dealt in, which must be 3 to 7 whoever else is listed."""
    count = len(seats.order)
    if not seats.out:  # the whole table plays
        return check_player_count(count)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise RuleError(
            N_("{count} players are dealt in, but Plump is played by {low} to {high}"),
            field="out",
            count=count,
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )
    return count


def most_cards(seats: Seating) -> int:
    """The most cards each player dealt in can be given from one pack."""
    return PACK // len(seats.order)


def dealt_cards(seats: Seating, scheduled: int, raw: Mapping[str, Any]) -> int:
    """The cards of a deal: the round's own ``cards``, else the schedule's, which must fit the
    pack for the players dealt in (a late arrival can make it too large)."""
    players, most = len(seats.order), most_cards(seats)
    if "cards" in raw:
        try:
            return check_int(raw["cards"], what="cards", low=1, high=most)
        except RuleError as error:
            raise RuleError(error.message, field="cards") from None
    if scheduled > most:
        raise RuleError(
            N_("{cards} cards each cannot be dealt to {players} players"),
            field="cards",
            cards=scheduled,
            players=players,
        )
    return scheduled


def name_in_deal(seats: Seating, name: Any, *, field: str) -> str:
    """``name`` must be a player dealt in to this deal (a player sitting out is said so)."""
    if isinstance(name, str) and name in seats.order:
        return name
    if isinstance(name, str) and name in seats.seats:
        raise RuleError(N_("{name} is not dealt in"), field=field, name=name)
    raise RuleError(N_("{name!r} is not a player at this table"), field=field, name=name)


def name_at_game(seats: Seating, name: Any) -> str:
    """``name`` must be a player of the game, dealt in to this deal or not."""
    if isinstance(name, str) and name in seats.seats:
        return name
    raise RuleError(N_("{name!r} is not a player at this table"), field="adjust", name=name)


def check_adjustments(seats: Seating, raw: Mapping[str, Any]) -> tuple[Mapping[str, Any], ...]:
    """The round's ``adjust``: each a player of the game (one sitting the deal out too: his
    total can be corrected between deals) and whole points, -1000...1000, not 0."""
    return point_adjustments(raw, lambda name: name_at_game(seats, name))


EVERYONE = "everyone"  # a last deal's "winners": everyone who played is in the running


class Played(Protocol):
    """A deal replayed, as far as the running for the win asks it."""

    @property
    def bidding_order(self) -> tuple[str, ...]: ...
    @property
    def entered(self) -> Mapping[str, Any] | None: ...


def contenders(deals: Sequence[Played]) -> frozenset[str]:
    """Who is in the running for the win after the last of ``deals``: those dealt in to the
    last deal (the record format's rule: one who has gone keeps his total, out of the
    running); everyone dealt in to any deal where the last deal says ``"winners": "everyone"``
    (the table said so)."""
    said = (deals[-1].entered or {}).get("winners")
    counted = deals if said == EVERYONE else deals[-1:]
    return frozenset(player for deal in counted for player in deal.bidding_order)


def check_winners(raw: Mapping[str, Any], finished: bool) -> None:
    """A round's ``winners``: only ``"everyone"``, and only on the deal that ends the game."""
    if "winners" not in raw:
        return
    if raw["winners"] != EVERYONE:
        raise RuleError(N_('winners must be "everyone" (or left out)'), field="winners")
    if not finished:
        raise RuleError(N_("winners is said on the deal that ends the game"), field="winners")
