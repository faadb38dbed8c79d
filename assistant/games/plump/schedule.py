"""Plump's deal schedule: how many deals, how many cards each, which trump.

Nothing here is hard-coded to 19 deals: the plan comes from the options and the player count.

>>> deal_plan({}, 4)
[10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
>>> deal_count({"start_cards": 13}, 4)
25
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .options import PACK, PlumpOptions, Schedule, TrumpRule

NO_TRUMP = "NT"
TRUMPS = ("S", "H", "D", "C", NO_TRUMP)
CYCLE = ("H", "D", "C", "S", NO_TRUMP)  # the `cycle` trump rule, by deal number


def _options(options: PlumpOptions | Mapping[str, Any] | None) -> PlumpOptions:
    return options if isinstance(options, PlumpOptions) else PlumpOptions.from_json(options)


def deal_plan(options: PlumpOptions | Mapping[str, Any] | None, n_players: int) -> list[int]:
    """The cards of every scheduled deal, in order (extra deals for a tie not included).

    >>> deal_plan({"schedule": "up-down", "start_cards": 3}, 5)
    [1, 2, 3, 2, 1]
    >>> deal_plan({"schedule": "down-up-ones", "start_cards": 3}, 4)
    [3, 2, 1, 1, 1, 1, 2, 3]
    """
    opts = _options(options)
    start = opts.start_for(n_players)
    down = list(range(start, 0, -1))
    up = list(range(1, start + 1))
    match opts.schedule:
        case Schedule.DOWN_UP:
            return down + up[1:]
        case Schedule.UP_DOWN:
            return up + down[1:]
        case Schedule.DOWN:
            return down
        case Schedule.UP:
            return up
        case Schedule.DOWN_UP_ONES:
            return down[:-1] + [1] * n_players + up[1:]
    raise AssertionError(opts.schedule)  # pragma: no cover


def deal_count(options: PlumpOptions | Mapping[str, Any] | None, n_players: int) -> int:
    """The number of scheduled deals (19 for 4 players with the defaults, 25 from 13 cards)."""
    return len(deal_plan(options, n_players))


def fixed_trump(
    options: PlumpOptions, deal: int, cards: int, n_players: int, largest: int
) -> str | None:
    """The trump the rules fix for a deal, or None when the table enters the turned-up suit.

    ``deal`` is the 1-based deal number (extra deals go on counting), ``largest`` the cards of
    the largest scheduled deal.

    >>> fixed_trump(PlumpOptions(trump=TrumpRule.CYCLE), 6, 5, 4, 10)
    'H'
    >>> fixed_trump(PlumpOptions(), 1, 13, 4, 13)
    'NT'
    >>> fixed_trump(PlumpOptions(), 1, 10, 4, 10) is None
    True
    """
    if options.trump is TrumpRule.NONE:
        return NO_TRUMP
    if options.no_trump_largest and cards == largest:
        return NO_TRUMP
    if options.trump is TrumpRule.CYCLE:
        return CYCLE[(deal - 1) % len(CYCLE)]
    if cards * n_players == PACK:  # no card left to turn up
        return NO_TRUMP
    return None
