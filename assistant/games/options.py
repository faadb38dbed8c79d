"""The options a game offers at set-up, as data: what the set-up form asks, and the presets.

Each game declares an :class:`OptionsSchema` next to its own options code, its defaults taken from
the engine's option dataclass and each list of allowed values written once (an engine that keeps a
table of allowed values derives it with :meth:`OptionsSchema.allowed`). The web layer builds one
generic form from the schema (``assistant/play/options.py``) and translates the labels, which are
English templates marked with ``N_`` like every engine message.

The form works with flat *values*, one per option (``{"ante": "free", "free": 6, ...}``);
``to_record`` turns them into the record's options, ``settings`` picks what is kept beside the
record (``setting=True``: it changes no score).

>>> schema = OptionsSchema(
...     (Option("stake", N_("Stake"), "number", None, low=1, high=9),
...      Option("note", N_("Note"), "text", "", high=8, setting=True)),
...     (Preset("low", N_("Low stakes"), {"stake": 1}),),
... )
>>> values = schema.values("low", {"note": "kr"})
>>> values, schema.record(values), schema.settings(values)
({'stake': 1, 'note': 'kr'}, {'stake': 1}, {'note': 'kr'})
>>> schema.option("stake").parse("12")
Traceback (most recent call last):
...
assistant.games.base.RuleError: Choose from 1 to 9.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .base import JSON, N_, RuleError, has_control

KINDS = ("choice", "flag", "number", "money", "text")
CUSTOM = "custom"  # the preset that asks for every option; no game's preset may be called so
MONEY_LIMIT = 1_000_000


@dataclass(frozen=True)
class Choice:
    """One allowed value of a choice and what it says to the players."""

    value: Any
    label: str


@dataclass(frozen=True)
class Option:
    """One option of the set-up form.

    ``kind``: ``"choice"`` (one of ``choices``), ``"flag"`` (yes or no), ``"number"`` (a whole
    number from ``low`` to ``high``, which are the engine's bounds; ``high`` None: no upper
    bound; ``offer`` the largest number put on the keys, default ``high``), ``"money"`` (an
    amount such as 0.50, typed) or ``"text"`` (at most ``high`` characters). ``none_label``
    offers None (the engine decides: "by the number of players"); ``needed_if`` = (option,
    value) makes a value compulsory while that option has that value (a free stake needs its
    number). ``setting``: kept beside the record, changes no score. ``always``: asked whatever
    the preset (settings are always asked). ``error``: what to say next to the field when the
    value is missing or will not do (a general message when empty).
    """

    name: str
    label: str
    kind: str
    default: Any
    choices: tuple[Choice, ...] = ()
    low: int | None = None
    high: int | None = None
    help: str = ""
    setting: bool = False
    none_label: str = ""
    offer: int | None = None
    always: bool = False
    needed_if: tuple[str, Any] | None = None
    error: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: unknown kind {self.kind!r}")
        if (self.kind == "choice") != bool(self.choices):
            raise ValueError(f"option {self.name}: choices are for (and needed by) a choice")
        if self.kind == "number" and (self.low is None or (self.high, self.offer) == (None, None)):
            raise ValueError(f"option {self.name}: a number needs low, and high or offer")
        if self.default is None and not (self.none_label or self.kind in ("number", "money")):
            raise ValueError(f"option {self.name}: a default of None needs a none_label")

    @property
    def asked_always(self) -> bool:
        """Asked whatever the preset: the settings and the options marked ``always``."""
        return self.always or self.setting

    @property
    def values(self) -> tuple[Any, ...]:
        """The values a choice or flag allows (None, the engine's own default, left out)."""
        if self.kind == "flag":
            return (False, True)
        return tuple(choice.value for choice in self.choices)

    @property
    def keys(self) -> tuple[int, ...]:
        """The numbers put on the keys of a number option."""
        top = self.offer if self.offer is not None else self.high
        assert self.low is not None and top is not None
        return tuple(range(self.low, top + 1))

    def parse(self, text: str) -> Any:
        """The value of the text a form posted (``""`` is None); a RuleError says what is wrong.

        >>> target = Option("t", N_("Target"), "choice", 40, (Choice(40, "40"), Choice(30, "30")))
        >>> target.parse("30"), target.parse("")
        (30, None)
        >>> Option("v", N_("Chip"), "money", None).parse("0,50")
        0.5
        """
        text = text.strip()
        if self.kind == "flag":
            return text not in ("", "false")
        if self.kind == "text":
            if self.high is not None and len(text) > self.high:
                raise RuleError(N_("Use at most {high} characters."), high=self.high)
            if has_control(text):
                raise RuleError(N_("Use no control characters (such as a line break)."))
            return text
        if not text:
            return None
        if self.kind == "money":
            try:
                return parse_money(text)
            except ValueError:
                raise RuleError(
                    self.error or N_("Enter an amount such as 0.50, or leave it empty.")
                ) from None
        if self.kind == "choice":
            for choice in self.choices:
                if str(choice.value) == text:
                    return choice.value
            raise RuleError(N_("{value} is not one of the choices."), value=text[:20])
        return self._number(text)

    def _number(self, text: str) -> int:
        if not (text.lstrip("-").isdigit() and text.isascii()):  # "²" is a digit, no number
            raise RuleError(N_("{value} is not a number."), value=text[:20])
        value = int(text)
        if self.high is None and value < (self.low or 0):
            raise RuleError(N_("Choose {low} or more."), low=self.low)
        if self.high is not None and not (self.low or 0) <= value <= self.high:
            raise RuleError(N_("Choose from {low} to {high}."), low=self.low, high=self.high)
        return value


def enum_choices(labels: Mapping[Any, str]) -> tuple[Choice, ...]:
    """The choices of an engine's Enum, one label per member (every member, in its order)."""
    members = list(labels)
    kind = type(members[0])
    if not issubclass(kind, Enum) or members != list(kind):
        raise ValueError(f"labels for every member of {kind.__name__}, in order")
    return tuple(Choice(member.value, labels[member]) for member in members)


def parse_money(text: str | None) -> int | float | None:
    """``"0,50"`` or ``"0.5"`` → 0.5; ``""`` → None; anything else is a ValueError.

    >>> parse_money("0,50"), parse_money(" 2 "), parse_money("")
    (0.5, 2, None)
    """
    text = (text or "").strip().replace(",", ".")
    if not text:
        return None
    value = float(text)
    if not 0 < value < MONEY_LIMIT:
        raise ValueError(text)
    return int(value) if value.is_integer() else value


@dataclass(frozen=True)
class Preset:
    """A named set of rules: the values it gives (every other option keeps its default)."""

    name: str
    label: str
    values: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class OptionsSchema:
    """Every option of a game, in the order the form asks them, and its presets (the first is
    the default). ``to_record(values)`` makes the record's options from the flat values; by
    default they are the values of the options that are not settings, as they are."""

    options: tuple[Option, ...]
    presets: tuple[Preset, ...]
    to_record: Callable[[Mapping[str, Any]], JSON] | None = None

    def __post_init__(self) -> None:
        names = [option.name for option in self.options]
        if len(set(names)) != len(names) or CUSTOM in names or "preset" in names:
            raise ValueError(f"option names must be unique, and not preset or custom: {names}")
        if not self.presets or any(p.name == CUSTOM for p in self.presets):
            raise ValueError("a schema needs presets, none of them called custom")
        for preset in self.presets:
            for name in preset.values:
                if name not in names or self.option(name).asked_always:
                    raise ValueError(f"preset {preset.name}: {name} is not a preset's option")
        for option in self.options:
            if option.needed_if and option.needed_if[0] not in names:
                raise ValueError(f"option {option.name}: needed_if names no option")

    def option(self, name: str) -> Option:
        return next(option for option in self.options if option.name == name)

    @property
    def defaults(self) -> JSON:
        """Every option's default value."""
        return {option.name: option.default for option in self.options}

    def preset(self, name: str) -> Preset | None:
        return next((preset for preset in self.presets if preset.name == name), None)

    def values(self, preset: str | None, chosen: Mapping[str, Any]) -> JSON:
        """The values in force: the defaults, then the preset's values (or, for ``custom`` or
        None, the ``chosen`` ones), then the chosen values of the options asked always."""
        values = self.defaults
        named = self.preset(preset) if preset is not None else None
        for option in self.options:
            if option.asked_always or named is None:
                if option.name in chosen:
                    values[option.name] = chosen[option.name]
            elif option.name in named.values:
                values[option.name] = named.values[option.name]
        return values

    def missing(self, values: Mapping[str, Any]) -> tuple[Option, ...]:
        """The choices and numbers left empty that are needed: those without a ``none_label``,
        unless their ``needed_if`` says they are not needed now (a free stake's number)."""
        return tuple(
            option
            for option in self.options
            if option.kind in ("choice", "number")
            and not option.none_label
            and values.get(option.name) is None
            and (option.needed_if is None or values.get(option.needed_if[0]) == option.needed_if[1])
        )

    def record(self, values: Mapping[str, Any]) -> JSON:
        """The record's options (``options`` of docs/records.md) for these values."""
        if self.to_record is not None:
            return self.to_record(values)
        return {o.name: values.get(o.name, o.default) for o in self.options if not o.setting}

    def settings(self, values: Mapping[str, Any]) -> JSON:
        """What is kept beside the record (``Game.settings``): the settings that were given."""
        return {
            option.name: values[option.name]
            for option in self.options
            if option.setting and values.get(option.name) not in (None, "", False)
        }

    def allowed(self) -> dict[str, tuple[Any, ...]]:
        """The allowed values of every choice and flag of the record, for an engine's checks."""
        return {
            option.name: option.values
            for option in self.options
            if option.kind in ("choice", "flag") and not option.setting
        }
