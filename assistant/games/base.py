"""What every game engine shares: errors, messages, the record, the game spec.

Engines are pure Python: nothing here (or anywhere in ``assistant.games``) imports Flask,
SQLAlchemy or WTForms. Player-facing text is written in English and marked with ``N_`` so that
the web layer can translate it (``babel.cfg`` extracts ``N_``); parameters are filled in after
translation, so a message is a template plus its parameters.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from string import Formatter
from typing import Any

JSON = dict[str, Any]


def N_(template: str) -> str:
    """Mark a message template for translation without translating it (the web layer does)."""
    return template


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a template and its plural for translation (``ngettext``; ``babel.cfg``'s extraction
    reads both): ``Message(*NN_("1 chip", "{n} chips"), count=n)``."""
    return singular, plural


def partners(first: str, second: str) -> Message:
    """Two partners as the table says them: "Anna & Carla" ("Ane y Miren" in Spanish: the page
    says it in the reader's language)."""
    return Message(N_("{first} & {second}"), {"first": first, "second": second})


@dataclass(frozen=True)
class Message:
    """A player-facing sentence: an English template with ``{named}`` parameters; with a
    ``plural``, the one of the two that ``count`` needs ("1 chip", "2 chips")."""

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    count: Any = None  # a number (int, Fraction): it chooses between template and plural

    @property
    def plural_number(self) -> int:
        """The number ``ngettext`` chooses the form by: a whole count itself, any fraction 2
        (in English, Swedish, German and Spanish a fraction takes the plural: "0.5 chips")."""
        whole = self.count is not None and self.count == int(self.count)
        return int(self.count) if whole else 2

    def __str__(self) -> str:
        singular = self.plural is None or self.plural_number == 1
        return (self.template if singular else str(self.plural)).format(**self.params)

    def __hash__(self) -> int:
        """Equal messages hash alike (a page keeps what it drew by the messages it said); one
        with a parameter that has no hash has none either (TypeError)."""
        return hash((self.template, self.plural, self.count, tuple(sorted(self.params.items()))))


class RuleError(ValueError):
    """Something entered breaks a rule of the game (or the record format).

    ``round`` is the 1-based round of the record it concerns (set by the engine while it
    replays), ``field`` names the form field the message belongs next to (``"bids.Anna"``); a
    template may name that field as ``{field}``. An error moved to another round or field is
    made from its message, which keeps its words: ``RuleError(error.message, field=...)``.

    >>> str(RuleError(N_("The dealer may not bid {bid}"), bid=2).at_round(3))
    'round 3: The dealer may not bid 2'
    >>> str(RuleError(N_("{field}: not a player"), field="first_dealer"))
    'first_dealer: not a player'
    """

    def __init__(
        self,
        template: str | Message,
        *,
        round: int | None = None,
        field: str | None = None,
        **params: Any,
    ) -> None:
        if isinstance(template, Message):
            if params:
                raise TypeError("an error made from a message takes no more parameters")
            self.message = template
        else:
            if field is not None and "field" in placeholders(template):
                params = {"field": field, **params}
            self.message = Message(template, params)
        self.round = round
        self.field = field
        super().__init__(str(self))

    def at_round(self, number: int) -> RuleError:
        """The same error, said of round ``number`` (kept if it already names one)."""
        if self.round is not None:
            return self
        return RuleError(self.message, round=number, field=self.field)

    def __str__(self) -> str:
        text = str(self.message)
        return f"round {self.round}: {text}" if self.round is not None else text


# Control characters, lone surrogates and line or paragraph separators have no place in a name
# or any other text a player gives (PostgreSQL cannot even store NUL).
CONTROL = frozenset(("Cc", "Cs", "Zl", "Zp"))
# The bidirectional embeddings, overrides and isolates turn the text after them around on the
# screen ("\u202etxet" shows as "text"): a name that reads other than it is.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def has_control(text: str) -> bool:
    """Whether ``text`` holds a control character.

    >>> has_control("Anna"), has_control("An\\x00na"), has_control("Åsa ♠")
    (False, True, False)
    >>> has_control("An\\u202ena"), has_control("👩\\u200d💻")
    (True, False)
    """
    return any(unicodedata.category(c) in CONTROL or c in BIDI_CONTROLS for c in text)


MAX_NAME = 40  # a player's name, as a record keeps it (docs/records.md)


def placeholders(template: str) -> set[str]:
    """The names of a template's ``{parameters}``."""
    names = (name for _, name, _, _ in Formatter().parse(template) if name)
    return {name.split(".")[0].split("[")[0] for name in names}


@dataclass(frozen=True)
class Record:
    """One game as entered at the table (the envelope of ``docs/records.md``, already checked).

    ``first`` is the first dealer (Plump, Mulle, Boodle) or the first mano (Mus);
    ``options`` and ``rounds`` are the raw JSON objects, checked by the game's engine.
    """

    game: str
    players: tuple[str, ...]
    first: str
    options: Mapping[str, Any] = field(default_factory=dict)
    rounds: tuple[Mapping[str, Any], ...] = ()

    def with_rounds(self, rounds: Iterable[Mapping[str, Any]]) -> Record:
        return Record(self.game, self.players, self.first, self.options, tuple(rounds))


def shared_rounds(record: Record, since: tuple[Record, Any] | None) -> int:
    """How many rounds ``record`` begins with that the earlier record of ``since`` (the same
    game, players and rules, with its replay) began with too: their replay is the same, and an
    engine may take it from that replay as it is."""
    if since is None:
        return 0
    earlier = since[0]
    if (earlier.game, earlier.players, earlier.first, earlier.options) != (
        record.game, record.players, record.first, record.options
    ):  # fmt: skip
        return 0
    shared = 0
    for before, now in zip(earlier.rounds, record.rounds, strict=False):
        if before != now:
            break
        shared += 1
    return shared


def drop_last_round(rounds: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The default undo: forget the last round entered."""
    return list(rounds[:-1])


# --- small checks every engine needs -------------------------------------------------------


def check_keys(
    obj: Any, *, allowed: Iterable[str], required: Iterable[str] = (), what: str
) -> Mapping[str, Any]:
    """``obj`` must be a JSON object with no unknown and no missing keys."""
    if not isinstance(obj, Mapping):
        raise RuleError(N_("{what} must be an object"), what=what)
    allowed_set = allowed if isinstance(allowed, set | frozenset) else set(allowed)
    if not obj.keys() <= allowed_set:
        unknown = sorted(k for k in obj if k not in allowed_set)
        raise RuleError(N_("{what}: unknown field {name}"), what=what, name=unknown[0])
    missing = [k for k in required if k not in obj]
    if missing:
        raise RuleError(N_("{what}: {name} is missing"), what=what, name=missing[0])
    return obj


def check_int(value: Any, *, what: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number within [low, high]; booleans and text are refused."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(N_("{what} must be a whole number"), what=what)
    if low is not None and value < low:
        raise RuleError(N_("{what} must be at least {low}"), what=what, low=low)
    if high is not None and value > high:
        raise RuleError(N_("{what} must be at most {high}"), what=what, high=high)
    return value


def check_choice(value: Any, choices: Iterable[Any], *, what: str) -> Any:
    """One of ``choices`` (compared by equality; True is not 1)."""
    for choice in choices:
        if type(value) is type(choice) and value == choice:
            return value
    raise RuleError(N_("{what}: {value!r} is not allowed"), what=what, value=value)


def check_player(name: Any, players: Sequence[str], *, what: str) -> str:
    if not isinstance(name, str) or name not in players:
        raise RuleError(N_("{what}: {name!r} is not a player"), what=what, name=name)
    return name


# --- adjustments of a total (docs/records.md, "People come and go, and adjustments") ---------

MAX_REASON = 80


def check_reason(value: Any, *, what: str) -> str:
    """The reason an adjustment gives: 1-80 characters, no control characters."""
    if not isinstance(value, str) or not value.strip():
        raise RuleError(N_("{what} needs a reason"), what=what)
    if len(value) > MAX_REASON:
        raise RuleError(
            N_("{what}: the reason is longer than {max} characters"), what=what, max=MAX_REASON
        )
    if has_control(value):
        raise RuleError(N_("{what}: the reason holds a control character"), what=what)
    return value


def adjustments(raw: Mapping[str, Any], *, fields: Iterable[str]) -> list[Mapping[str, Any]]:
    """A round's ``adjust`` (none where it has none): a list of objects, each with exactly its
    game's ``fields`` and a ``reason``, the reason checked (the game checks the rest)."""
    entries = raw.get("adjust", [])
    if not isinstance(entries, list) or ("adjust" in raw and not entries):
        raise RuleError(N_("adjust must be a list of adjustments"))
    keys = {*fields, "reason"}
    for entry in entries:
        check_keys(entry, allowed=keys, required=keys, what="adjust")
        check_reason(entry["reason"], what="adjust")
    return entries


MOST_POINTS = 1000  # what one adjustment of points gives or takes at most (Plump, Mulle)


def point_adjustments(
    raw: Mapping[str, Any], player: Callable[[Any], str]
) -> tuple[Mapping[str, Any], ...]:
    """A round's ``adjust`` of points (Plump, Mulle): each names a player (``player`` checks
    whom, raising a RuleError) and gives or takes whole points, -1000...1000, not 0."""
    try:
        entries = adjustments(raw, fields=("player", "points"))
        for entry in entries:
            player(entry["player"])
            check_int(entry["points"], what="adjust: points", low=-MOST_POINTS, high=MOST_POINTS)
            if entry["points"] == 0:
                raise RuleError(N_("adjust: points must not be 0"))
    except RuleError as error:  # said next to the form's adjust field
        raise RuleError(error.message, field="adjust") from None
    return tuple(entries)
