"""Mulle: the options of a game, and who scores together.

>>> parse_options({"deal": "glimne"}).diamond_ten_points
3
>>> sides(["Anna", "Bo", "Cia"])
(('Anna',), ('Bo',), ('Cia',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import JSON, N_, RuleError
from ..options import Choice, Option, OptionsSchema, Preset, enum_choices
from .deal import DealMode
from .piles import SpadePoints

MAX_DEALS = 100


@dataclass(frozen=True)
class MulleOptions:
    """The options of docs/records.md, defaults filled in. ``deals`` None: one deal per player."""

    deal: DealMode = DealMode.STANDARD
    spade_points: SpadePoints = SpadePoints.TOTALS
    diamond_ten_points: int = 2
    deals: int | None = None
    kryp: bool = False

    def deals_in_game(self, players: int) -> int:
        return self.deals if self.deals is not None else players

    def to_json(self) -> JSON:
        return {
            "deal": self.deal.value,
            "spade_points": self.spade_points.value,
            "diamond_ten_points": self.diamond_ten_points,
            "deals": self.deals,
            "kryp": self.kryp,
        }


_DEFAULTS = MulleOptions().to_json()

OPTIONS = OptionsSchema(
    options=(
        Option(
            "deal",
            N_("Dealing"),
            "choice",
            _DEFAULTS["deal"],
            enum_choices(
                {
                    DealMode.STANDARD: N_("8 each + 8 to the table, then 8 each"),
                    DealMode.GLIMNE: N_("4 each + 8 to the table, then 4 each"),
                    DealMode.SASSERSSON: N_("5 each + 5 to the table, then 5 each"),
                }
            ),
        ),
        Option(
            "spade_points",
            N_("A♠ and 2♠"),
            "choice",
            _DEFAULTS["spade_points"],
            enum_choices(
                {
                    SpadePoints.TOTALS: N_("2 points each, the spade point included"),
                    SpadePoints.ADDITIVE: N_("3 points each: the spade point on top"),
                }
            ),
        ),
        Option(
            "diamond_ten_points",
            N_("10♦ (storan)"),
            "choice",
            None,  # null: the dealing decides (parse_options)
            (Choice(2, "2"), Choice(3, "3")),
            none_label=N_("As the dealing says (3 in Glimne, else 2)"),
        ),
        Option(
            "deals",
            N_("Deals in a game"),
            "number",
            _DEFAULTS["deals"],
            low=1,
            high=MAX_DEALS,
            offer=12,
            none_label=N_("One per player"),
        ),
        Option("kryp", N_("Kryp-mulle: the lowest total wins"), "flag", _DEFAULTS["kryp"]),
    ),
    presets=(
        Preset("standard", N_("Standard (8 cards each)")),
        Preset("glimne", N_("Glimne (4 at a time, 10♦ = 3)"), {"deal": DealMode.GLIMNE.value}),
        Preset("sassersson", N_("Sassersson (5 at a time)"), {"deal": DealMode.SASSERSSON.value}),
        Preset("kryp", N_("Kryp-mulle (the lowest wins)"), {"kryp": True}),
    ),
)

_OPTION_CHOICES = OPTIONS.allowed()  # deals is a number, checked on its own


def parse_options(raw: Mapping[str, Any]) -> MulleOptions:
    """The options of a record; unknown or invalid ones are a RuleError (null means default).

    >>> parse_options({"deal": "glimne"}).diamond_ten_points
    3
    """
    for name in raw:
        if name not in (*_OPTION_CHOICES, "deals"):
            raise RuleError(N_("unknown option {name!r}"), field=f"options.{name}", name=name)
    values = {name: raw.get(name) for name in _OPTION_CHOICES}
    for name, choices in _OPTION_CHOICES.items():
        value = values[name]
        if value is not None and not any(type(value) is type(c) and value == c for c in choices):
            raise RuleError(
                N_("option {name}: {value!r} is not one of {choices}"),
                field=f"options.{name}",
                name=name,
                value=value,
                choices=", ".join(str(c).lower() for c in choices),
            )
    deals = raw.get("deals")
    if deals is not None and (
        isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS
    ):
        raise RuleError(
            N_("option deals: a game has 1 to {most} deals, not {value!r}"),
            field="options.deals",
            most=MAX_DEALS,
            value=deals,
        )
    mode = DealMode(values["deal"] or DealMode.STANDARD.value)
    default_ten = 3 if mode is DealMode.GLIMNE else 2
    return MulleOptions(
        deal=mode,
        spade_points=SpadePoints(values["spade_points"] or SpadePoints.TOTALS.value),
        diamond_ten_points=values["diamond_ten_points"] or default_ten,
        deals=deals,
        kryp=bool(values["kryp"]),
    )


def normalize_options(raw: Mapping[str, Any]) -> JSON:
    """Every option with its default filled in (``deals`` null = one deal per player)."""
    return parse_options(raw).to_json()


# --- who scores together -------------------------------------------------------------------


def plays_in_teams(players: Sequence[str]) -> bool:
    """Only a game of 4 is played in partnerships; with 2 or 3 everyone plays for himself."""
    return len(players) == 4


def teams(players: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The two teams (partners sit opposite), or () when nobody plays in a team.

    >>> teams(["Anna", "Bo", "Cia", "Dan"])
    (('Anna', 'Cia'), ('Bo', 'Dan'))
    >>> teams(["Anna", "Bo", "Cia"])
    ()
    """
    if not plays_in_teams(players):
        return ()
    return ((players[0], players[2]), (players[1], players[3]))


def sides(players: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The scoring units: the teams, or every player alone."""
    return teams(players) or tuple((name,) for name in players)


def side_of(players: Sequence[str], name: str) -> tuple[str, ...]:
    """Whose piles count together with ``name``'s (just ``name`` outside partnerships)."""
    return next(side for side in sides(players) if name in side)
