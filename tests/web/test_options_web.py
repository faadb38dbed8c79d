"""The options step of the set-up, one form for every game, made from the engine's schema:
custom options reach the record, wrong ones are a 422 next to the field with the input kept."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from assistant.extensions import db
from assistant.games import GAMES
from assistant.games.options import Option
from assistant.games.spec import GameSpec
from assistant.store.models import Game
from tests.web.helpers import PLAYERS, errors

SPECS = list(GAMES.values())


def setup_data(kind: str, players: list[str] = PLAYERS, **fields: str) -> dict[str, str]:
    data = {"step": "options", "game": kind, "first": players[0]}
    data |= {f"players-{i}": name for i, name in enumerate(players)}
    data |= {f"{kind}-{name}": value for name, value in fields.items()}
    return data


def other_value(option: Option) -> Any:
    """A value of ``option`` that is not its default."""
    if option.kind == "flag":
        return not option.default
    if option.kind == "choice":
        return next(v for v in reversed(option.values) if v != option.default)
    if option.kind == "number":
        return option.low if option.default is None else option.low + 1
    return 0.25 if option.kind == "money" else "kr"


def posted(option: Option, value: Any) -> str | None:
    """What the form posts for ``value`` (money typed with a comma; an unticked box: nothing)."""
    if option.kind == "flag":
        return "y" if value else None
    return "0,25" if option.kind == "money" else str(value)


def stored(app) -> list[Game]:
    with app.app_context():
        return list(db.session.execute(db.select(Game)).scalars())


def error_next_to(page: str, field_id: str) -> str:
    found = re.search(rf'<p class="error" id="{field_id}-error">(.*?)</p>', page, re.S)
    assert found, f"no message next to {field_id}: {errors(page)}"
    return html.unescape(found.group(1))


@pytest.mark.parametrize("spec", SPECS, ids=[spec.kind for spec in SPECS])
def test_every_custom_option_reaches_the_record(client, app, spec: GameSpec) -> None:
    """Every option of the game set away from its default under "Custom": the export has them
    as the engine writes them, the settings are kept beside the record."""
    schema = spec.options
    values = {option.name: other_value(option) for option in schema.options}
    fields = {"preset": "custom"}
    for option in schema.options:
        text = posted(option, values[option.name])
        if text is not None:
            fields[option.name] = text
    response = client.post("/new", data=setup_data(spec.kind, **fields))
    assert response.status_code == 303, errors(response.text)
    record = client.get(response.headers["Location"] + "export").get_json()
    assert record["options"] == spec.normalize_options(schema.record(values))
    assert record["options"] != spec.normalize_options({})
    assert [game.settings for game in stored(app)] == [schema.settings(values)]


@pytest.mark.parametrize("spec", SPECS, ids=[spec.kind for spec in SPECS])
def test_a_preset_gives_its_values_and_ignores_the_custom_fields(client, spec) -> None:
    schema = spec.options
    preset = schema.presets[-1]
    junk = {o.name: "junk" for o in schema.options if not o.asked_always}
    response = client.post("/new", data=setup_data(spec.kind, preset=preset.name, **junk))
    assert response.status_code == 303, errors(response.text)
    record = client.get(response.headers["Location"] + "export").get_json()
    values = schema.values(preset.name, {})
    assert record["options"] == spec.normalize_options(schema.record(values))


def test_the_options_step_shows_the_presets_with_the_custom_rules_closed(client) -> None:
    data = {**setup_data("plump"), "step": "players"}
    page = client.post("/new", data=data).text
    assert 'name="plump-preset" type="radio" value="swedish"' in page
    assert '<details class="custom">' in page  # closed until "Custom" is chosen
    assert '<select id="plump-start_cards" name="plump-start_cards">' in page
    assert 'type="checkbox" id="plump-hook" name="plump-hook" value="y" checked' in page


def test_a_bad_money_value_is_refused_next_to_the_field(client, app) -> None:
    data = setup_data("boodle", preset="standard", chip_value="lots", currency="kr")
    response = client.post("/new", data=data)
    assert response.status_code == 422
    message = error_next_to(response.text, "boodle-chip_value")
    assert message == "Enter the money one chip is worth, such as 0.50, or leave it empty."
    assert 'value="lots"' in response.text and 'value="kr"' in response.text  # the input kept
    assert 'aria-invalid="true" aria-describedby="boodle-chip_value-error"' in response.text
    assert stored(app) == []


def test_a_free_stake_without_its_number_is_refused_next_to_the_pad(client, app) -> None:
    data = setup_data("boodle", preset="custom", ante="free", widow="swap", chip_value="0,5")
    response = client.post("/new", data=data)
    assert response.status_code == 422
    assert error_next_to(response.text, "boodle-free") == "Tap how many chips each player places."
    page = response.text
    assert '<details class="custom" open>' in page
    assert 'name="boodle-ante" value="free" checked' in page
    assert 'name="boodle-widow" value="swap" checked' in page
    assert 'value="0,5"' in page  # kept as it was typed
    assert stored(app) == []
    response = client.post("/new", data={**data, "boodle-free": "3"})
    assert response.status_code == 303
    options = client.get(response.headers["Location"] + "export").get_json()["options"]
    assert options["ante"] == {"free": 3} and options["chip_value"] == 0.5


def test_a_standard_ante_needs_no_free_stake(client) -> None:
    data = setup_data("boodle", preset="custom", ante="standard", widow="dead")
    assert client.post("/new", data=data).status_code == 303


def test_the_engines_refusal_is_said_next_to_the_option(client, app) -> None:
    """17 cards each is a Plump option, but not for four players: the engine says so."""
    response = client.post("/new", data=setup_data("plump", preset="custom", start_cards="17"))
    assert response.status_code == 422
    message = error_next_to(response.text, "plump-start_cards")
    assert message == "with 4 players at most 13 cards can be dealt to each, not 17"
    assert '<option value="17" selected>' in response.text
    assert stored(app) == []


@pytest.mark.parametrize(
    ("kind", "fields", "field", "message"),
    [
        ("plump", {"start_cards": "x"}, "plump-start_cards", "x is not a number."),
        ("mulle", {"deals": "0"}, "mulle-deals", "Choose from 1 to 100."),
        ("mus", {"target": "50"}, "mus-target", "50 is not one of the choices."),
        ("boodle", {"ante": "free", "free": "0"}, "boodle-free", "Choose 1 or more."),
    ],
)
def test_a_value_the_form_does_not_offer(client, app, kind, fields, field, message) -> None:
    response = client.post("/new", data=setup_data(kind, preset="custom", **fields))
    assert response.status_code == 422
    assert error_next_to(response.text, field) == message
    assert '<details class="custom" open>' in response.text
    assert stored(app) == []


def test_too_long_a_currency(client, app) -> None:
    response = client.post("/new", data=setup_data("boodle", currency="kronor och ören"))
    assert response.status_code == 422
    assert error_next_to(response.text, "boodle-currency") == "Use at most 8 characters."
    assert stored(app) == []


def test_the_messages_are_in_swedish_too(client) -> None:
    data = setup_data("boodle", preset="custom", ante="free", chip_value="mycket")
    response = client.post("/new?lang=sv", data=data)
    assert response.status_code == 422
    assert error_next_to(response.text, "boodle-chip_value").startswith("Ange vad en mark")
    assert "Egna regler" in response.text
