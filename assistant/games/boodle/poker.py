"""Three in One: the poker stage of a Boodle deal (antes, one betting round, the showdown), as
a round of the record holds it (``poker``), and its chip flows. The hands are ranked and named in
``hands``; the stage entered step by step at the table is ``stage``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, Message, RuleError, check_int, check_player
from ..cards import Card, parse_card
from .hands import HAND_SIZE, HandRank, rank_hand, showdown_sentence
from .ledger import Ledger, StepKind
from .rules import check_fields, field_of


@dataclass(frozen=True)
class PokerEntry:
    """The poker stage as entered: bets beyond the ante, who folded, and the showdown."""

    bets: Mapping[str, int]
    folded: tuple[str, ...]
    hands: Mapping[str, tuple[str, ...]] | None
    winner: str | None


@dataclass(frozen=True)
class PokerResult:
    """What the poker stage decided: the pot, who shares it, what stays in it."""

    pot_before: int
    antes: int
    bets: Mapping[str, int]
    pot_total: int
    winners: tuple[str, ...]
    share: int
    pot_after: int
    ranks: Mapping[str, HandRank]

    @property
    def sentence(self) -> Message | None:
        """The showdown in words (``Bo: full house, kings over threes — beats Anna's two
        pairs, aces and sevens``); None when no cards were shown."""
        if not self.ranks:
            return None
        return showdown_sentence(self.ranks, self.winners, self.share, self.pot_after)


def parse_poker(raw: Any, players: Sequence[str]) -> PokerEntry:
    """Check a round's ``poker`` field."""
    check_fields(raw, allowed=("bets", "folded", "hands", "winner"), what="poker", at="poker.")
    bets = {name: 0 for name in players}
    for name, bet in _object(raw.get("bets"), "poker.bets").items():
        with field_of(f"poker.bets.{name}"):
            check_player(name, players, what="poker bets")
            bets[name] = check_int(bet, what=f"{name}'s bet", low=0)
    folded = _folded(raw.get("folded"), players)
    staying = [name for name in players if name not in folded]
    if not staying:
        raise RuleError(
            N_("Somebody must stay in: not every player can fold"), field="poker.folded"
        )
    _check_bets(bets, folded, staying)
    hands = None if raw.get("hands") is None else _hands(raw["hands"], players, staying)
    winner = raw.get("winner")
    if winner is not None:
        with field_of("poker.winner"):
            check_player(winner, players, what="the poker winner")
        if winner in folded:
            raise RuleError(
                N_("{name} folded and cannot win the poker pot"), field="poker.winner", name=winner
            )
        if hands is not None:
            raise RuleError(
                N_("Enter the hands or the poker winner, not both: the hands decide who won"),
                field="poker.winner",
            )
    elif hands is None and len(staying) > 1:
        raise RuleError(
            N_(
                "Who won the poker pot? Enter the hands of the {count} players still in,"
                " or the winner"
            ),
            field="poker.hands",
            count=len(staying),
        )
    return PokerEntry(bets, tuple(folded), hands, winner)


def _object(value: Any, field: str) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise RuleError(N_("{what} must be an object"), field=field, what=field)
    return value


def _folded(value: Any, players: Sequence[str]) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise RuleError(N_("folded must be a list of players"), field="poker.folded")
    for name in value:
        with field_of("poker.folded"):
            check_player(name, players, what="folded")
    if len(set(value)) != len(value):
        raise RuleError(N_("A player can fold only once"), field="poker.folded")
    return list(value)


def _check_bets(bets: Mapping[str, int], folded: Sequence[str], staying: Sequence[str]) -> None:
    """After one betting round everyone still in has put in the same; a folder never more."""
    call = bets[staying[0]]
    for name in staying[1:]:
        if bets[name] != call:
            raise RuleError(
                N_(
                    "{first} and {name} both stayed in, so they bet the same: not {bet} and {other}"
                ),
                field=f"poker.bets.{name}",
                first=staying[0],
                name=name,
                bet=call,
                other=bets[name],
            )
    for name in folded:
        if bets[name] > call:
            raise RuleError(
                N_(
                    "{name} folded after betting {bet}, more than the {call} of the players"
                    " still in"
                ),
                field=f"poker.bets.{name}",
                name=name,
                bet=bets[name],
                call=call,
            )


def _hands(raw: Any, players: Sequence[str], staying: Sequence[str]) -> dict[str, tuple[str, ...]]:
    hands = dict(_object(raw, "poker.hands"))
    seen: dict[Card, str] = {}
    for name, codes in hands.items():
        field = f"poker.hands.{name}"
        with field_of(field):
            check_player(name, players, what="poker hands")
        if name not in staying:
            raise RuleError(N_("{name} folded: a folded hand is not shown"), field=field, name=name)
        if not isinstance(codes, list):
            raise RuleError(N_("{name}'s poker hand must be 5 cards"), field=field, name=name)
        if len(codes) != HAND_SIZE:
            raise RuleError(
                N_("{name}'s poker hand must be 5 cards, not {count}"),
                field=field,
                name=name,
                count=len(codes),
            )
        for code in codes:
            _deal_card(code, name, seen)
    for name in staying:
        if name not in hands:
            raise RuleError(
                N_("{name}'s poker hand is missing: everyone still in shows their hand"),
                field=f"poker.hands.{name}",
                name=name,
            )
    return {name: tuple(hands[name]) for name in staying}


def _deal_card(code: Any, name: str, seen: dict[Card, str]) -> None:
    """A card of ``name``'s poker hand, once in the pack (``seen``: who holds each card)."""
    field = f"poker.hands.{name}"
    with field_of(field):
        card = parse_card(code, what=f"{name}'s poker hand")
    if seen.get(card) == name:
        raise RuleError(
            N_("{card} is twice in {name}'s poker hand: a pack has each card once"),
            field=field,
            card=card.label,
            name=name,
        )
    if card in seen:
        raise RuleError(
            N_("{card} cannot be in {name}'s poker hand: {owner} has it already"),
            field=field,
            card=card.label,
            name=name,
            owner=seen[card],
        )
    seen[card] = name


def play_poker(entry: PokerEntry, players: Sequence[str], pot_ante: int, pot: int) -> PokerResult:
    """Everyone antes ``pot_ante`` into the pot (which holds ``pot`` from earlier deals), the bets
    go in, and the best hand (or the lone player left, or the named winner) takes it; equal best
    hands split it and a chip that cannot be split stays in the pot."""
    antes = pot_ante * len(players)
    total = pot + antes + sum(entry.bets.values())
    ranks: dict[str, HandRank] = {}
    staying = [name for name in players if name not in entry.folded]
    if entry.hands is not None:
        ranks = {name: rank_hand(cards) for name, cards in entry.hands.items()}
        best = max(ranks.values())
        winners = tuple(name for name in staying if ranks[name] == best)
    elif entry.winner is not None:
        winners = (entry.winner,)
    else:
        winners = (staying[0],)
    share, left = divmod(total, len(winners))
    return PokerResult(pot, antes, entry.bets, total, winners, share, left, ranks)


def poker_steps(book: Ledger, poker: PokerResult) -> None:
    """The chip flows of a poker stage: the antes, the bets, the pot to its winners."""
    ante_step(book, poker.antes // len(book.players))
    bets_step(book, poker.bets)
    won = poker.share * len(poker.winners)
    if len(poker.winners) == 1:
        template = N_("{name} wins the poker pot: {chips} chips")
        params: dict[str, Any] = {"name": poker.winners[0], "chips": won}
    else:
        template = N_(
            "{count} players split the poker pot: {share} chips each, {left} left in the pot"
        )
        params = {"count": len(poker.winners), "share": poker.share, "left": poker.pot_after}
    winner = poker.winners[0] if len(poker.winners) == 1 else None
    book.add(
        StepKind.POKER_POT,
        winner,
        template,
        params,
        chips=dict.fromkeys(poker.winners, poker.share),
        pot=-won,
    )


def ante_step(book: Ledger, each: int) -> None:
    """Everyone puts ``each`` chips into the poker pot."""
    book.add(
        StepKind.POKER_ANTE,
        None,
        N_("Everyone puts {each} into the poker pot"),
        {"each": each},
        chips=dict.fromkeys(book.players, -each),
        pot=each * len(book.players),
    )


def bets_step(book: Ledger, bets: Mapping[str, int]) -> None:
    """The bets of the betting round go into the poker pot (no step when nobody bet)."""
    total = sum(bets.values())
    if total:
        book.add(
            StepKind.POKER_BETS,
            None,
            N_("The bets put {chips} chips into the poker pot"),
            {"chips": total},
            chips={name: -bet for name, bet in bets.items()},
            pot=total,
        )
