"""Game records (``table-assistant/1``, see docs/records.md): JSON <-> Record, and scoring one.

Pure like the engines: the CLI, the export/import views and the tests all go through here.
"""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Mapping
from typing import Any

from ..games import find_game
from ..games.base import (
    JSON,
    MAX_NAME,
    N_,
    Record,
    RuleError,
    check_keys,
    has_control,
)
from ..games.names import INVISIBLE, has_invisible, typed_name

FORMAT = "table-assistant/1"
# Bounds far beyond any game at a table, so that whatever a record holds can be stored in every
# database and shown on every page (the engines bound their own values more tightly).
MAX_DEPTH = 12  # a record is six levels deep at most
MAX_DIGITS = 15
MAX_NUMBER = 10**9
MAX_TEXT = 200
DAMAGED = N_("This file is not a game record: it is damaged near line {line}.")
TOO_DEEP = N_("This file is not a game record: it is nested too deeply.")
TOO_LARGE = N_("This file is not a game record: it holds a number far too large for a game.")


def parse_record(data: Any) -> Record:
    """Check the common envelope and return the Record (rounds are the engine's to check)."""
    if not isinstance(data, Mapping):
        raise RuleError(N_("the record must be a JSON object"))
    check_values(data)
    obj = data
    if obj.get("format") != FORMAT:
        raise RuleError(N_("the record's format must be {fmt!r}"), fmt=FORMAT)
    spec = find_game(obj.get("game"))
    envelope = ("format", "game", "players", "options", spec.first_field, "rounds")
    check_keys(obj, allowed=envelope, required=("format", "game", "players"), what="the record")
    players = parse_players(obj["players"], spec.min_players, spec.most_listed)
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
        check_text(name, "players")
        if len(name) > MAX_NAME:
            raise RuleError(N_("{name!r} is longer than {max} characters"), name=name, max=MAX_NAME)
        if has_invisible(name):
            raise RuleError(INVISIBLE)
    if len({typed_name(name) for name in names}) != len(names):  # two that look alike too
        raise RuleError(N_("every player needs a different name"))
    return tuple(names)


def dump_record(record: Record) -> JSON:
    """The record as the JSON object of docs/records.md (every option written out)."""
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
    """The JSON of a record file; a RuleError says in plain words why it is not one. Its texts
    are read composed (NFC), as a typed name is kept: a name written with a combining accent
    is the same player in its list of players and in its rounds, and one of a table's."""
    try:
        return json.loads(
            text,
            parse_int=_whole,
            parse_float=_decimal,
            parse_constant=_not_a_number,
            object_pairs_hook=_composed,
        )
    except json.JSONDecodeError as exc:
        raise RuleError(DAMAGED, line=exc.lineno) from None
    except RecursionError:
        raise RuleError(TOO_DEEP) from None


def _composed(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    return {_nfc(key): _nfc(value) for key, value in pairs}


def _nfc(value: Any) -> Any:
    """A text composed (NFC), and each text of a list (an object's own are composed by
    ``_composed``, as it is read)."""
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value)
    if isinstance(value, list):
        return [_nfc(item) for item in value]
    return value


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RuleError(TOO_LARGE)
    return int(text)


def _decimal(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RuleError(TOO_LARGE)
    return value


def _not_a_number(text: str) -> Any:
    raise RuleError(
        N_("This file is not a game record: it holds {value}, which is not a number."), value=text
    )


def check_values(data: Any) -> None:
    """Every text and number of a record within what can be stored and shown: no control
    characters, no number beyond :data:`MAX_NUMBER`, no nesting beyond :data:`MAX_DEPTH`."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise RuleError(TOO_DEEP)
        if isinstance(value, str):
            check_text(value, where or "the record")
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int | float):
            finite = isinstance(value, int) or math.isfinite(value)  # a huge int is no float
            if not (finite and abs(value) <= MAX_NUMBER):
                raise RuleError(
                    N_("{where}: {value} is more than a game record can hold"),
                    where=where or "the record",
                    value=value,
                )
        elif isinstance(value, Mapping):
            for key, item in value.items():
                check_text(str(key), where or "the record")
                stack.append((item, f"{where}.{key}".lstrip("."), depth + 1))
        elif isinstance(value, list):
            stack.extend(
                (item, f"{where}.{i + 1}".lstrip("."), depth + 1) for i, item in enumerate(value)
            )


def check_text(text: str, where: str) -> str:
    """A text of a record (a name): no control characters, not too long."""
    if has_control(text):
        raise RuleError(
            N_("{where}: {text!r} contains a control character"), where=where, text=text[:MAX_NAME]
        )
    if len(text) > MAX_TEXT:
        raise RuleError(
            N_("{where}: a text is longer than {max} characters"), where=where, max=MAX_TEXT
        )
    return text


def check_name_text(text: str, where: str) -> str:
    """A name a file gives (a table's, a night's): a record's text, and nothing invisible."""
    if has_invisible(check_text(text, where)):
        raise RuleError(INVISIBLE)
    return text


def score_text(text: str) -> JSON:
    return score_record(parse_record(load_json(text)))
