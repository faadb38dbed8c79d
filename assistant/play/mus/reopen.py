"""Undo right after a hand was saved takes back the save alone: the hand is in play again at the
step that saved it (the showdown, who won an accepted órdago, or the no quiero that ended the
game at once), with its lances as the table entered them, rebuilt from the stored hand.

A stored hand does not hold who said yes before pares and juego. With the cards, that is what
the cards say (the players declare truly). With just the winners, the showdown tells it only when
nobody had pares (or juego: punto); else the step is kept as not said ("the cards will tell"):
it is never made up. A hand the steps at the table cannot make again (more steps than a hand may
have, lances that do not fit what was said) is taken back whole, as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...games import mus
from ...games.base import JSON, N_, Message
from ...games.mus.count import Ending, Outcome
from ...games.mus.draft import FOURTH, MAX_FACTS, fold, round_of
from ...games.mus.entry import teams_of
from ...games.mus.hands import HandRules, Lance

# The draft's copy of what the step Undo reopens was saved with (the form shows it again): the
# showdown (``cards`` or ``showdown``), or the bet of a no quiero that ended the game (``bet``).
ENTERED = "entered"


class NotReopened(ValueError):
    """The stored hand is not what the steps at the table would have made: Undo takes it back
    whole."""


@dataclass(frozen=True)
class Reopening:
    """What Undo does right after a hand was saved: the draft it leaves (None: nothing of the
    hand is kept) and what it takes back, for the Undo button and the log."""

    draft: JSON | None
    what: Message


def reopening(state: mus.MusReplay, raw: Mapping[str, Any]) -> Reopening:
    """Undo of the last hand of ``state`` (stored as ``raw``)."""
    hand = state.hands[-1]
    number = hand.number
    try:
        facts, decided = steps_of(hand, raw, state)
    except NotReopened:
        return Reopening(None, Message(N_("hand {hand}"), {"hand": number}))
    if hand.count.ending is Ending.REJECTION:  # that no quiero saved the hand: it goes alone
        assert decided is not None
        *facts, rejected = facts
        what = Message(
            N_("the no quiero at {lance} of hand {hand}"), {"lance": decided, "hand": number}
        )
        if not facts:  # nothing was entered before it
            return Reopening(None, what)
        return Reopening({"hand": number, "facts": facts, ENTERED: {"bet": rejected}}, what)
    draft: JSON = {"hand": number, "facts": facts}
    for shown in ("cards", "showdown"):
        if isinstance(raw.get(shown), Mapping):
            draft[ENTERED] = {shown: raw[shown]}
    if hand.count.ending is Ending.ORDAGO:
        return Reopening(draft, Message(N_("who won the órdago (hand {hand})"), {"hand": number}))
    return Reopening(draft, Message(N_("the showdown of hand {hand}"), {"hand": number}))


# The lances in the order of play, each with the names a stored hand may give it.
LANCES = (
    ("grande", ("grande",)),
    ("chica", ("chica",)),
    ("pares", ("pares",)),
    (FOURTH, ("juego", "punto")),
)


def steps_of(
    hand: mus.HandResult, raw: Mapping[str, Any], state: mus.MusReplay
) -> tuple[list[JSON], str | None]:
    """The facts the table tapped for ``hand`` (the draft's, oldest first), up to the lance that
    decided the game if one did (its name is returned too); NotReopened when the stored hand is
    not what they make."""
    players = state.players
    lances: Mapping[str, Any] = raw.get("lances") or {}
    said = declared(hand, players, state.options.rules)
    decided = deciding_lance(hand)
    facts: list[JSON] = [{"seats": dict(raw["seats"])}] if raw.get("seats") else []
    if raw.get("mano") is not None:
        facts.append({"mano": raw["mano"]})
    for name, stored in LANCES:
        value = next((lances[n] for n in stored if n in lances), None)
        if name in ("grande", "chica"):
            facts += lance_steps(name, value)
        else:
            what = "pares" if name == "pares" else "juego"
            who = said[what]
            facts.append({"said": what, "who": who})
            if not undisputed(what, who, players):
                facts += lance_steps(named(name, who), value)
            elif isinstance(value, Mapping):  # a bet on what one team alone holds
                raise NotReopened
        if decided in stored:
            break
    if len(facts) > MAX_FACTS:
        raise NotReopened
    fourth = next((n for n in ("juego", "punto") if n in lances), None)
    fourth = fourth or (hand.entry.fourth.value if hand.entry.fourth else None)
    again = round_of(fold(hand.number, tuple(facts), players), fourth=fourth)["lances"]
    if any(bet_of(again.get(n)) != bet_of(lances.get(n)) for n in {*again, *lances}):
        raise NotReopened
    return facts, decided


def named(name: str, who: list[str] | None) -> str:
    """The fourth lance's name in the draft: juego or punto once who has juego was said."""
    if name != FOURTH or who is None:
        return name
    return "juego" if who else "punto"


def declared(
    hand: mus.HandResult, players: Sequence[str], rules: HandRules
) -> dict[str, list[str] | None]:
    """Who said yes before pares and juego, as far as the stored hand tells (None: not known)."""
    order = hand.seats.order
    if hand.entry.hands is not None:
        said = mus.declare(players, hand.entry.hands, rules)
        return {
            "pares": [p for p in order if said.pares[p]],
            "juego": [p for p in order if said.juego[p]],
        }
    nobody_pares = hand.entry.showdown.holders(Lance.PARES) == frozenset()
    return {
        "pares": [] if nobody_pares else None,
        "juego": [] if hand.entry.fourth is Lance.PUNTO else None,
    }


def undisputed(what: str, who: list[str] | None, players: Sequence[str]) -> bool:
    """Pares held by one team or none, juego by one team: the draft skips its betting."""
    if who is None:
        return False
    teams = len(teams_of(players, who))
    return teams < 2 if what == "pares" else teams == 1


def deciding_lance(hand: mus.HandResult) -> str | None:
    """The lance whose betting ended the game at once (an accepted órdago, a no quiero that
    reached the target): the last lance played, every later one not played."""
    if hand.count.ending not in (Ending.ORDAGO, Ending.REJECTION):
        return None
    played = [r.lance.value for r in hand.count.lances if r.outcome is not Outcome.NOT_PLAYED]
    return played[-1] if played else None


def lance_steps(name: str, value: Any) -> list[JSON]:
    """A lance as the taps enter it: paso, or the first bet and each raise, then the answer."""
    if not isinstance(value, Mapping):
        return [{"lance": name, "paso": True}]
    bets, answer = list(value["bets"]), value["answer"]
    last = len(bets) - 1
    steps: list[JSON] = [
        {"lance": name, "bet": bet, "answer": answer if i == last else "raise"}
        for i, bet in enumerate(bets)
    ]
    steps[0]["by"] = value["by"]  # the first bet says who made it; the raises alternate
    return steps


def bet_of(value: Any) -> Any:
    """A stored lance as the count reads it: paso and a lance left out are the same."""
    if not isinstance(value, Mapping):
        return None
    return value.get("by"), list(value.get("bets") or ()), value.get("answer")


def entered_before(draft: JSON | None, number: int) -> Mapping[str, Any] | None:
    """What the step of hand ``number`` that Undo reopened was saved with (``ENTERED``), while
    Undo's draft of the hand is unchanged (any step taken drops it)."""
    if not draft or draft.get("hand") != number or not isinstance(draft.get(ENTERED), Mapping):
        return None
    entered: Mapping[str, Any] = draft[ENTERED]
    return entered
