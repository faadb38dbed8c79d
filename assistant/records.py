"""Game records (``table-assistant/1``, see records.md): JSON <-> Record, and scoring one.

Pure like the engines: the CLI, the export/import views and the tests all go through here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .games import find_game
from .games.base import JSON, N_, Record, RuleError, check_keys

FORMAT = "table-assistant/1"
MAX_NAME = 40


def parse_record(data: Any) -> Record:
    """Check the common envelope and return the Record (rounds are the engine's to check)."""
    if not isinstance(data, Mapping):
        raise RuleError(N_("the record must be a JSON object"))
    obj = data
    if obj.get("format") != FORMAT:
        raise RuleError(N_("the record's format must be {fmt!r}"), fmt=FORMAT)
    spec = find_game(obj.get("game"))
    envelope = ("format", "game", "players", "options", spec.first_field, "rounds")
    check_keys(obj, allowed=envelope, required=("format", "game", "players"), what="the record")
    players = parse_players(obj["players"], spec.min_players, spec.max_players)
    first = obj.get(spec.first_field)
    if first is None:
        first = players[0]
    elif first not in players:
        raise RuleError(N_("{field}: {name!r} is not a player"), field=spec.first_field, name=first)
    options = obj.get("options")
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise RuleError(N_("options must be an object"))
    rounds = obj.get("rounds", [])
    if not isinstance(rounds, list):
        raise RuleError(N_("rounds must be a list"))
    record = Record(spec.kind, players, first, dict(options), tuple(rounds))
    spec.normalize_options(record.options)  # a bad option is an error even with no rounds
    return record


def parse_players(names: Any, low: int, high: int) -> tuple[str, ...]:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RuleError(N_("players must be a list of names"))
    if not low <= len(names) <= high:
        if low == high:
            raise RuleError(N_("this game needs exactly {low} players"), low=low)
        raise RuleError(N_("this game needs {low} to {high} players"), low=low, high=high)
    for name in names:
        if not name.strip():
            raise RuleError(N_("a player's name must not be empty"))
        if len(name) > MAX_NAME:
            raise RuleError(N_("{name!r} is longer than {max} characters"), name=name, max=MAX_NAME)
    if len(set(names)) != len(names):
        raise RuleError(N_("every player needs a different name"))
    return tuple(names)


def dump_record(record: Record) -> JSON:
    """The record as the JSON object of records.md (every option written out)."""
    spec = find_game(record.game)
    return {
        "format": FORMAT,
        "game": record.game,
        "players": list(record.players),
        "options": spec.normalize_options(record.options),
        spec.first_field: record.first,
        "rounds": [dict(r) for r in record.rounds],
    }


def score_record(record: Record) -> JSON:
    """The output of ``flask score``: what the game's engine derives from the record."""
    return find_game(record.game).score(record)


def load_json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RuleError(N_("not a JSON file: {reason}"), reason=exc.msg) from exc


def score_text(text: str) -> JSON:
    return score_record(parse_record(load_json(text)))
