"""Every game's option schema agrees with its engine: the defaults, the presets, every choice,
the bounds of every number. Nothing here names a game: a new game is checked by being in GAMES."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.games import GAMES
from assistant.games.base import RuleError
from assistant.games.options import CUSTOM, Option, OptionsSchema
from assistant.games.spec import GameSpec

SPECS = list(GAMES.values())
ids = [spec.kind for spec in SPECS]


def options_of(*kinds: str) -> Any:
    """Every (game, option) of these kinds, as pytest parameters named ``plump-hook``."""
    return [
        pytest.param(spec, option, id=f"{spec.kind}-{option.name}")
        for spec in SPECS
        for option in spec.options.options
        if option.kind in kinds
    ]


def completed(schema: OptionsSchema, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with what they need filled in (a free stake's number: its lowest)."""
    for option in schema.missing(values):
        values[option.name] = option.low if option.kind == "number" else option.values[0]
    return values


def accepted(spec: GameSpec, values: dict[str, Any]) -> dict[str, Any]:
    """The engine's normalized options for these form values (a RuleError if it refuses)."""
    return spec.normalize_options(spec.options.record(values))


@pytest.mark.parametrize("spec", SPECS, ids=ids)
def test_the_defaults_are_the_engines(spec: GameSpec) -> None:
    schema = spec.options
    record = schema.record(schema.defaults)
    engine = spec.normalize_options({})
    assert spec.normalize_options(record) == engine
    # a default of None lets the engine decide (Mulle's 10♦: as the dealing says)
    assert {k: v for k, v in record.items() if v is not None} == {
        k: engine[k] for k, v in record.items() if v is not None
    }
    assert schema.settings(schema.defaults) == {}
    assert schema.missing(schema.defaults) == ()


@pytest.mark.parametrize("spec", SPECS, ids=ids)
def test_every_preset_is_accepted_and_the_first_is_the_default(spec: GameSpec) -> None:
    schema = spec.options
    names = [preset.name for preset in schema.presets]
    assert len(set(names)) == len(names) and CUSTOM not in names
    assert schema.presets[0].values == {}
    for preset in schema.presets:
        values = schema.values(preset.name, {})
        assert schema.missing(values) == (), preset.name
        for name, value in preset.values.items():  # each value is one the form offers
            option = schema.option(name)
            assert option.parse("" if value is None else str(value)) == value, preset.name
        accepted(spec, values)


@pytest.mark.parametrize(("spec", "option"), options_of("choice", "flag"))
def test_every_choice_is_accepted(spec: GameSpec, option: Option) -> None:
    schema = spec.options
    offered = [*option.values, *([None] if option.none_label else [])]
    assert len(set(map(str, offered))) == len(offered)
    assert option.default in offered
    for value in offered:
        if option.kind == "choice":
            assert option.parse("" if value is None else str(value)) == value
        values = completed(schema, {**schema.defaults, option.name: value})
        normalized = accepted(spec, values)
        if schema.to_record is None and not option.setting and value is not None:
            assert normalized[option.name] == value


@pytest.mark.parametrize(("spec", "option"), options_of("number"))
def test_a_numbers_bounds_are_the_engines(spec: GameSpec, option: Option) -> None:
    schema = spec.options
    assert option.low is not None
    top = option.high if option.high is not None else max(option.keys)
    assert set(option.keys) <= set(range(option.low, top + 1))
    base = {**schema.defaults, **dict([option.needed_if] if option.needed_if else [])}
    records = set()
    for number in range(option.low, top + 1):
        assert option.parse(str(number)) == number
        records.add(repr(accepted(spec, {**base, option.name: number})))
    assert len(records) == top + 1 - option.low  # every number makes its own record
    outside = [option.low - 1] + ([option.high + 1] if option.high is not None else [])
    for number in outside:
        with pytest.raises(RuleError):
            option.parse(str(number))
        with pytest.raises(RuleError) as refused:
            accepted(spec, {**base, option.name: number})
        assert refused.value.field and option.name in refused.value.field.split(".")


@pytest.mark.parametrize(("spec", "option"), options_of("money"))
def test_money_is_typed_with_a_comma_or_a_point(spec: GameSpec, option: Option) -> None:
    assert option.parse("0,50") == option.parse("0.5") == 0.5
    assert option.parse("2") == 2 and option.parse(" ") is None
    for bad in ("lots", "0", "-1", "1e9"):
        with pytest.raises(RuleError):
            option.parse(bad)
    values = {**spec.options.defaults, option.name: 0.5}
    assert 0.5 in accepted(spec, values).values()


@pytest.mark.parametrize("spec", SPECS, ids=ids)
def test_what_an_option_needs_is_missing_without_it(spec: GameSpec) -> None:
    schema = spec.options
    for option in schema.options:
        if option.needed_if is None:
            continue
        name, value = option.needed_if
        values = {**schema.defaults, name: value, option.name: None}
        assert option in schema.missing(values)
        with pytest.raises(RuleError):
            accepted(spec, values)


@pytest.mark.parametrize("spec", SPECS, ids=ids)
def test_settings_stay_out_of_the_record(spec: GameSpec) -> None:
    schema = spec.options
    settings = [option for option in schema.options if option.setting]
    values = dict(schema.defaults)
    for option in settings:
        if option.kind == "choice":
            values[option.name] = option.choices[0].value
        else:
            values[option.name] = True if option.kind == "flag" else option.parse("x")
    record = schema.record(values)
    assert not {option.name for option in settings} & set(record)
    assert schema.settings(values) == {option.name: values[option.name] for option in settings}
    assert all(option.asked_always for option in settings)


def test_a_schema_refuses_what_the_form_could_not_ask() -> None:
    from assistant.games.options import Choice, Preset

    choice = Option("a", "A", "choice", 1, (Choice(1, "1"), Choice(2, "2")))
    with pytest.raises(ValueError, match="unknown kind"):
        Option("x", "X", "slider", 1)
    with pytest.raises(ValueError, match="choices"):
        Option("x", "X", "choice", 1)
    with pytest.raises(ValueError, match="presets"):
        OptionsSchema((choice,), (Preset(CUSTOM, "Custom"),))
    with pytest.raises(ValueError, match="not a preset's option"):
        OptionsSchema((choice,), (Preset("p", "P", {"b": 1}),))
