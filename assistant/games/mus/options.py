"""Mus's options: the rules a table chooses, checked from a record, and the set-up's schema."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import JSON, N_, RuleError, check_choice
from ..options import Choice, Option, OptionsSchema, Preset, enum_choices
from .hands import HandRules, JuegoReal


@dataclass(frozen=True)
class MusOptions:
    target: int = 40
    games_to_win: int = 2
    kings: int = 8
    juego_real: JuegoReal = JuegoReal.OFF

    @property
    def rules(self) -> HandRules:
        return HandRules(self.kings, self.juego_real)

    def to_json(self) -> JSON:
        """The options as docs/records.md writes them (every option present)."""
        return {
            "target": self.target,
            "games_to_win": self.games_to_win,
            "kings": self.kings,
            "juego_real": self.juego_real.value,
        }


_DEFAULTS = MusOptions().to_json()

OPTIONS = OptionsSchema(
    options=(
        Option(
            "target",
            N_("A game goes to"),
            "choice",
            _DEFAULTS["target"],
            (Choice(40, N_("40 stones")), Choice(35, N_("35")), Choice(30, N_("30"))),
        ),
        Option(
            "games_to_win",
            N_("The match"),
            "choice",
            _DEFAULTS["games_to_win"],
            (
                Choice(2, N_("Best of three")),
                Choice(1, N_("One game")),
                Choice(3, N_("Best of five")),
            ),
        ),
        Option(
            "kings",
            N_("Kings"),
            "choice",
            _DEFAULTS["kings"],
            (Choice(8, N_("8 kings: every 3 is a king, every 2 an ace")), Choice(4, N_("4 kings"))),
        ),
        Option(
            "juego_real",
            N_("Juego real (7-7-7 and a figure: the best 31)"),
            "choice",
            _DEFAULTS["juego_real"],
            enum_choices(
                {
                    JuegoReal.OFF: N_("Not played"),
                    JuegoReal.FIGURE: N_("With any figure"),
                    JuegoReal.JACK: N_("Only with a jack"),
                }
            ),
        ),
        Option(
            "silent",
            N_("Silent Mus: no signals"),
            "flag",
            False,  # not an option of the record: it changes no score
            setting=True,
            help=N_(
                "Silent Mus changes nothing in the count; the rules card then says the table "
                "plays without signals."
            ),
        ),
        Option(
            "deck",
            N_("The cards' letters"),
            "choice",
            None,  # not an option of the record: it changes no score
            (
                Choice("spanish", N_("Spanish pack: rey, caballo, sota (R C S)")),
                Choice("french", N_("French pack: king, queen, jack (K Q J)")),
            ),
            setting=True,
            none_label=N_("As the page's language: R C S in Spanish, else K Q J"),
        ),
    ),
    presets=(
        Preset("standard", N_("Standard: 40 stones, best of three games, 8 kings")),
        Preset("short", N_("Short: one game to 30"), {"target": 30, "games_to_win": 1}),
    ),
)

OPTION_CHOICES: Mapping[str, tuple[Any, ...]] = OPTIONS.allowed()


def parse_options(raw: Mapping[str, Any]) -> MusOptions:
    """Every option checked; left out or null means the default."""
    values = {}
    for name in raw:
        if name not in OPTION_CHOICES:
            raise RuleError(N_("Mus has no option {name}"), field=f"options.{name}", name=name)
    for name, choices in OPTION_CHOICES.items():
        value = raw.get(name)
        if value is None:
            value = _DEFAULTS[name]
        try:
            values[name] = check_choice(value, choices, what=name)
        except RuleError as exc:
            raise RuleError(
                N_("The option {name} can be {choices}, not {value!r}"),
                field=f"options.{name}",
                name=name,
                choices=", ".join(str(c) for c in sorted(choices, key=str)),
                value=value,
            ) from exc
    return MusOptions(
        values["target"], values["games_to_win"], values["kings"], JuegoReal(values["juego_real"])
    )


def normalize_options(raw: Mapping[str, Any]) -> JSON:
    """``{}`` → ``{"target": 40, "games_to_win": 2, "kings": 8, "juego_real": "off"}``."""
    return parse_options(raw).to_json()
