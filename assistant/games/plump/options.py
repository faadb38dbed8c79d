"""Plump's options: the rules a table chooses, checked from a record, and the set-up's schema."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

from ..base import JSON, N_, RuleError
from ..options import Choice, Option, OptionsSchema, Preset, enum_choices

PACK = 52
MIN_PLAYERS = 3
MAX_PLAYERS = 7
ZERO_BID_POINTS = (10, 5)

E = TypeVar("E", bound=Enum)


class Schedule(Enum):
    """The order of the deal sizes (N = the start size)."""

    DOWN_UP = "down-up"  # N .. 1 .. N
    UP_DOWN = "up-down"  # 1 .. N .. 1
    DOWN = "down"  # N .. 1
    UP = "up"  # 1 .. N
    DOWN_UP_ONES = "down-up-ones"  # N .. 2, one 1-card deal per player, 2 .. N


class Scoring(Enum):
    TEN_PLUS_BID = "ten-plus-bid"  # exact: 10 + bid, else 0
    LITERAL = "literal"  # exact: a 1 written in front of the bid (10 -> 110), else 0
    TRICK_PLUS_TEN = "trick-plus-ten"  # 1 per trick, + 10 when exact


class TrumpRule(Enum):
    TURN_UP = "turn-up"  # the suit of the card turned up (entered by the table)
    CYCLE = "cycle"  # H, D, C, S, NT, repeating by deal number
    NONE = "none"  # never a trump


class TieBreak(Enum):
    SHARE = "share"  # equal top totals share the win
    EXTRA_DEALS = "extra-deals"  # deals with the most cards until one player leads alone


@dataclass(frozen=True)
class PlumpOptions:
    """Every option of a Plump game, defaults filled in (``start_cards`` None = by players)."""

    start_cards: int | None = None
    schedule: Schedule = Schedule.DOWN_UP
    hook: bool = True
    simultaneous_bids: bool = False
    scoring: Scoring = Scoring.TEN_PLUS_BID
    zero_bid_points: int = 10
    trump: TrumpRule = TrumpRule.TURN_UP
    no_trump_largest: bool = False
    tie_break: TieBreak = TieBreak.SHARE

    @property
    def dealer_hook(self) -> bool:
        """Whether the dealer's hook applies (simultaneous bids turn it off)."""
        return self.hook and not self.simultaneous_bids

    def start_for(self, n_players: int) -> int:
        """The cards of the largest deal: the option, or 10 for 3-5 players, 8 for 6, 7 for 7."""
        check_player_count(n_players)
        if self.start_cards is None:
            return {6: 8, 7: 7}.get(n_players, 10)
        most = PACK // n_players
        if self.start_cards > most:
            raise RuleError(
                N_("with {players} players at most {most} cards can be dealt to each, not {cards}"),
                field="options.start_cards",
                players=n_players,
                most=most,
                cards=self.start_cards,
            )
        return self.start_cards

    @classmethod
    def from_json(cls, raw: Mapping[str, Any] | None) -> PlumpOptions:
        """Check the record's raw options (unknown names and bad values are RuleErrors)."""
        if raw is None:
            raw = {}
        if not isinstance(raw, Mapping):
            raise RuleError(N_("the options must be an object"), field="options")
        for name in raw:
            if name not in _NAMES:
                raise RuleError(N_("{name} is not an option of Plump"), field="options", name=name)
        start = raw.get("start_cards")
        if start is not None and (
            isinstance(start, bool) or not isinstance(start, int) or not 1 <= start <= PACK // 3
        ):
            raise RuleError(
                N_("start_cards must be a number of cards from 1 to {most}, or null"),
                field="options.start_cards",
                most=PACK // MIN_PLAYERS,
            )
        zero = raw.get("zero_bid_points")
        if zero is not None and (
            isinstance(zero, bool) or not isinstance(zero, int) or zero not in ZERO_BID_POINTS
        ):
            raise RuleError(
                N_("zero_bid_points must be 10 or 5, not {value!r}"),
                field="options.zero_bid_points",
                value=zero,
            )
        default = cls()
        return cls(
            start_cards=start,
            schedule=_enum(raw, "schedule", Schedule, default.schedule),
            hook=_flag(raw, "hook", default.hook),
            simultaneous_bids=_flag(raw, "simultaneous_bids", default.simultaneous_bids),
            scoring=_enum(raw, "scoring", Scoring, default.scoring),
            zero_bid_points=default.zero_bid_points if zero is None else zero,
            trump=_enum(raw, "trump", TrumpRule, default.trump),
            no_trump_largest=_flag(raw, "no_trump_largest", default.no_trump_largest),
            tie_break=_enum(raw, "tie_break", TieBreak, default.tie_break),
        )

    def to_json(self) -> JSON:
        """The options as docs/records.md writes them (every option present)."""
        return {
            "start_cards": self.start_cards,
            "schedule": self.schedule.value,
            "hook": self.hook,
            "simultaneous_bids": self.simultaneous_bids,
            "scoring": self.scoring.value,
            "zero_bid_points": self.zero_bid_points,
            "trump": self.trump.value,
            "no_trump_largest": self.no_trump_largest,
            "tie_break": self.tie_break.value,
        }


_NAMES = tuple(PlumpOptions().to_json())


def _flag(raw: Mapping[str, Any], name: str, default: bool) -> bool:
    value = raw.get(name)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise RuleError(
            N_("{name} must be true or false, not {value!r}"),
            field=f"options.{name}",
            name=name,
            value=value,
        )
    return value


def _enum(raw: Mapping[str, Any], name: str, kind: type[E], default: E) -> E:
    value = raw.get(name)
    if value is None:
        return default
    for member in kind:
        if value == member.value:
            return member
    raise RuleError(
        N_("{name} must be one of {choices}, not {value!r}"),
        field=f"options.{name}",
        name=name,
        choices=", ".join(str(m.value) for m in kind),
        value=value,
    )


def normalize_options(raw: Mapping[str, Any] | None) -> JSON:
    """Every option with its default filled in (``start_cards`` stays null = by players).

    >>> normalize_options({"scoring": "literal"})["scoring"], normalize_options({})["hook"]
    ('literal', True)
    """
    return PlumpOptions.from_json(raw).to_json()


def check_player_count(n_players: int) -> int:
    if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise RuleError(
            N_("Plump needs {low} to {high} players"), low=MIN_PLAYERS, high=MAX_PLAYERS
        )
    return n_players


# --- the set-up form's options ----------------------------------------------------------------

_DEFAULTS = PlumpOptions().to_json()

OPTIONS = OptionsSchema(
    options=(
        Option(
            "start_cards",
            N_("Cards in the largest deal"),
            "number",
            _DEFAULTS["start_cards"],
            low=1,
            high=PACK // MIN_PLAYERS,
            none_label=N_("By the number of players"),
        ),
        Option(
            "schedule",
            N_("Order of the deals"),
            "choice",
            _DEFAULTS["schedule"],
            enum_choices(
                {
                    Schedule.DOWN_UP: N_("Down and up again (10…1…10)"),
                    Schedule.UP_DOWN: N_("Up and down again (1…10…1)"),
                    Schedule.DOWN: N_("Down only (10…1)"),
                    Schedule.UP: N_("Up only (1…10)"),
                    Schedule.DOWN_UP_ONES: N_("Down, a 1-card deal for everyone, up"),
                }
            ),
        ),
        Option(
            "hook", N_("The dealer's hook (the bids may not add up)"), "flag", _DEFAULTS["hook"]
        ),
        Option(
            "simultaneous_bids",
            N_("Everyone bids at once (no hook)"),
            "flag",
            _DEFAULTS["simultaneous_bids"],
        ),
        Option(
            "scoring",
            N_("Scoring"),
            "choice",
            _DEFAULTS["scoring"],
            enum_choices(
                {
                    Scoring.TEN_PLUS_BID: N_("Made: 10 + bid (3 → 13)"),
                    Scoring.LITERAL: N_("Made: a 1 written in front (10 → 110)"),
                    Scoring.TRICK_PLUS_TEN: N_("1 per trick, +10 when made"),
                }
            ),
        ),
        Option(
            "zero_bid_points",
            N_("A made zero scores"),
            "choice",
            _DEFAULTS["zero_bid_points"],
            tuple(Choice(points, str(points)) for points in ZERO_BID_POINTS),
        ),
        Option(
            "trump",
            N_("Trump"),
            "choice",
            _DEFAULTS["trump"],
            enum_choices(
                {
                    TrumpRule.TURN_UP: N_("The card turned up"),
                    TrumpRule.CYCLE: N_("In turn: ♥ ♦ ♣ ♠ no trump"),
                    TrumpRule.NONE: N_("No trump"),
                }
            ),
        ),
        Option(
            "no_trump_largest",
            N_("The largest deals without trump"),
            "flag",
            _DEFAULTS["no_trump_largest"],
        ),
        Option(
            "tie_break",
            N_("A tie at the end"),
            "choice",
            _DEFAULTS["tie_break"],
            enum_choices(
                {
                    TieBreak.SHARE: N_("Shared win"),
                    TieBreak.EXTRA_DEALS: N_("Extra deals until one leads"),
                }
            ),
        ),
    ),
    presets=(
        Preset("standard", N_("Standard")),
        Preset("swedish", N_("Swedish house rules: made zero = 5"), {"zero_bid_points": 5}),
    ),
)
