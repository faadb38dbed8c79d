"""A whole table as one file (docs/records.md, "The table file"), and a game's sheet as CSV.

The table file (``table-assistant/table-1``) holds every game of the table as a record of
docs/records.md, in the order they were played, with the stakes kept beside them::

    {"format": "table-assistant/table-1", "name": "Friday at Eva's", "players": [...],
     "currency": "SEK", "games": [<record>, ...], "stakes": [{"cents": 10, "basis": "pairs"},
     null, ...]}

Importing it makes a new table; a game that does not replay is named and nothing is stored.
"""

from __future__ import annotations

import csv
import io
import re
import secrets
from collections.abc import Mapping
from typing import Any

from ..extensions import db
from ..games import find_game
from ..games.base import JSON, N_, RuleError
from ..games.evening_money import CURRENCIES
from . import service as services
from .kept import kept
from .models import Entry, Game, Stake, Table, now
from .records import (
    check_name_text,
    dump_record,
    load_json,
    parse_players,
    parse_record,
)

FORMAT = "table-assistant/table-1"
MOST_GAMES = 60
KEYS = {"format", "name", "players", "currency", "games", "stakes"}


def table_file(table: Table) -> JSON:
    stakes: list[JSON | None] = []
    for game in table.games:
        stakes.append(
            {"cents": game.stake.cents, "basis": game.stake.basis} if game.stake else None
        )
    return {
        "format": FORMAT,
        "name": table.name,
        "players": list(table.players),
        "currency": table.currency,
        "games": [dump_record(services.record_of(game)) for game in table.games],
        "stakes": stakes,
    }


def import_table(text: str, language: str | None = None) -> Table:
    """The file becomes a new table (speaking ``language``); a RuleError (naming the game)
    stores nothing."""
    return import_table_data(load_json(text), language)


def import_table_data(data: Any, language: str | None = None, *, commit: bool = True) -> Table:
    """A table file's JSON as a new table (``commit=False``: only added to the session, for
    a caller that stores it with more in one transaction)."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise RuleError(N_("This is not a table file: its format must be {fmt!r}."), fmt=FORMAT)
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise RuleError(N_("The table file has an unknown field {name!r}."), name=unknown[0])
    players = parse_players(data.get("players"), 1, 20)
    games, stakes = data.get("games"), data.get("stakes") or []
    if not isinstance(games, list) or not isinstance(stakes, list) or len(games) > MOST_GAMES:
        raise RuleError(N_("A table file holds a list of at most {most} games."), most=MOST_GAMES)
    checked = []
    for number, raw in enumerate(games, start=1):
        try:
            record = parse_record(raw)
            replay = find_game(record.game).replay(record)
            stake = parse_stake(stakes[number - 1] if number <= len(stakes) else None, record.game)
        except RuleError as error:
            raise problem_in(number, raw, error) from None
        checked.append((record, replay, stake))
    return store(data, players, checked, language, commit=commit)


def problem_in(number: int, raw: Any, error: RuleError) -> RuleError:
    kind = raw.get("game") if isinstance(raw, Mapping) else None
    where = f" {error.round}" if error.round is not None else ""
    return RuleError(
        N_("Game {number} ({game}) is broken{where}: {problem}"),
        number=number,
        game=kind if isinstance(kind, str) else "?",
        where=where,
        problem=error.message,  # said in the reader's language too
    )


def parse_stake(raw: Any, kind: str) -> Stake | None:
    if raw is None:
        return None
    rules = find_game(kind).evening
    cents = raw.get("cents") if isinstance(raw, Mapping) else None
    basis = raw.get("basis") if isinstance(raw, Mapping) else None
    valid = isinstance(cents, int) and not isinstance(cents, bool) and 0 < cents <= 100_000
    if not valid or basis not in [b.name for b in rules.bases] or rules.stake_option:
        raise RuleError(N_("its stake must be whole cents and one of the game's ways to count"))
    return Stake(cents=cents, basis=basis)


def store(
    data: Mapping[str, Any],
    players: tuple[str, ...],
    checked: list[Any],
    language: str | None,
    *,
    commit: bool = True,
) -> Table:
    name = check_name_text(data["name"], "name") if isinstance(data.get("name"), str) else ""
    currency = data["currency"] if data.get("currency") in CURRENCIES else ""
    try:
        table = services.create_table(list(players), language)
        table.name, table.currency = str(name)[:80], str(currency)
        for record, replay, stake in checked:
            game = services.create_game(
                table, record.game, record.players, record.options, record.first, commit=False
            )
            for seq, payload in enumerate(record.rounds):
                key = secrets.token_hex(16)
                game.entries.append(
                    Entry(seq=seq, payload=dict(payload), idempotency_key=key, author="import")
                )
            game.version = len(record.rounds)
            game.finished = now() if replay.finished else None
            game.stake = stake
        if not commit:
            return table
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    for game, (record, replay, _stake) in zip(table.games, checked, strict=True):
        kept().replays.put(game, game.version, replay, record)
    return table


def sheet_csv(game: Game, say: Any) -> str:
    """The game's sheet, one row per round, the column names in the reader's language."""
    spec = find_game(game.kind)
    sheet = spec.evening.sheet(services.load_game(game).replay)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([plain_cell(say(column)) for column in sheet.columns])
    for row in sheet.rows:
        writer.writerow([plain_cell(cell) for cell in row])
    return out.getvalue()


# A spreadsheet takes a cell that starts with one of these for a formula (a player called
# "=HYPERLINK(...)"); a leading apostrophe makes it text, as OWASP advises for CSV files.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?\d+([.,]\d+)?")


def plain_cell(cell: Any) -> Any:
    """A cell as a spreadsheet shows it and never runs it: numbers stay numbers (a score of
    -3 too), a text that could be read as a formula is marked as text."""
    if cell is None:
        return ""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) and not NUMBER.fullmatch(cell):
        return "'" + cell
    return cell
