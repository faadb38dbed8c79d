"""What Boodle's pages show, derived from the engine's replay and the deal being played: the
layout's four cards with their chips (and the poker pot of Three in One, see ``poker``), the
balances, the history and the chart (the settle-up: ``settle``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...games import boodle
from ...games.base import JSON, RuleError
from ...games.boodle.deal import DealResult
from ...games.boodle.ledger import StepKind
from ...games.boodle.live import STAGE, LiveDeal
from ...games.boodle.rules import BoodleCard, max_hand
from ...games.spec import ENTERED
from ...i18n import gettext, say
from ..base import Context
from ..charts import LineChart, line_chart
from ..seating import Sketch, sketch
from .poker import PokerPanel, PotTile, poker_panel, step_texts
from .settle import SettleView, settle_view


@dataclass(frozen=True)
class Pile:
    """One boodle card: the chips on it now, those carried over into this deal, and who played
    it in this deal (``taken`` chips; 0 when he was barred and they stayed)."""

    code: str
    rank: str
    suit: str
    chips: int
    carried: int
    played_by: str | None = None
    taken: int = 0


@dataclass(frozen=True)
class Standing:
    name: str
    balance: int  # after the finished deals
    now: int  # gained so far in the deal being played, antes included
    dealer: bool
    barred: bool
    dealt_in: bool = True  # to the deal being played


@dataclass(frozen=True)
class DealRow:
    deal: int
    dealer: str
    winner: str
    chips: tuple[int | None, ...]  # per player, in seating order (None: not dealt in)
    balances: tuple[int, ...]
    on_layout: int  # chips left on the layout after the deal
    result: DealResult
    pot: int  # chips left in the poker pot after the deal (Three in One)

    @property
    def adjusted(self) -> frozenset[str]:
        """The players (and boodle cards) whose chips were moved by hand in this deal."""
        return frozenset(n for a in self.result.entry.adjust for n in (a.giver, a.to))

    @property
    def adjustments(self) -> tuple[str, ...]:
        """The chips moved by hand, in words (each with its reason)."""
        moved = [s for s in self.result.steps if s.kind is StepKind.ADJUST]
        return tuple(say(step.message) for step in moved)

    @property
    def steps(self) -> tuple[str, ...]:
        """What happened, in words: said only for the rows a page shows (a long evening has
        thousands of steps, and the page folds all but its last deals)."""
        return step_texts(self.result.steps, self.result.poker)


@dataclass(frozen=True)
class BoodleView:
    replay: boodle.BoodleReplay
    draft: JSON
    live: LiveDeal | None
    stage: str  # "stakes" (free stakes to place), "poker" (Three in One's poker stage), "play"
    problem: str | None  # the draft could not be read (should not happen)
    piles: tuple[Pile, ...]
    pot: PotTile | None  # the poker pot (None without Three in One)
    poker: PokerPanel | None  # the poker stage of the deal being played
    standings: tuple[Standing, ...]
    log: tuple[str, ...]  # the deal being played so far, in words
    rows: tuple[DealRow, ...]
    chart: LineChart | None
    settle: SettleView
    on_layout: int
    most_cards: int

    @property
    def players(self) -> tuple[str, ...]:
        """The players dealt in to the deal being played, in seating order."""
        return self.replay.state.players

    @property
    def out(self) -> tuple[str, ...]:
        """The players not dealt in to the deal being played."""
        return self.replay.state.seats.out

    @property
    def seating(self) -> Sketch:
        """Who sits where, who deals the next deal and who plays first in it (the engine's
        seating: ``seating.seating``). Boodle takes up to 8 players: the sketch has their places."""
        seats = self.replay.state.seats
        drawn = sketch(self.players, seats.dealer, seats.eldest, gettext("plays first"))
        assert drawn is not None  # a grid place for every table Boodle allows
        return drawn

    @property
    def under_way(self) -> bool:
        """Something has happened in the deal beyond its antes and stakes: a card played, a
        fault, the spare hand, a step of the poker stage. Until then its gains are only the
        antes the banner states, and the strip does not show them as "this deal: −8"."""
        return self.live is not None and any(self.draft.get(p) for p in ("events", STAGE, "widow"))

    @property
    def can_remove(self) -> bool:
        return any(self.draft.get(p) for p in ("events", STAGE, "widow", "stakes", "adjust"))

    @property
    def begun(self) -> bool:
        """Has anything of the deal been entered (then who plays it is settled)?"""
        return any(self.draft.get(p) for p in ("events", STAGE, "widow", "stakes", "adjust"))


def build_view(
    replay: boodle.BoodleReplay,
    draft: Mapping[str, Any] | None,
    currency: str = "",
    coin: int = 1,
) -> BoodleView:
    # the out Undo took back (``ENTERED``) is for the out's form only, not part of the deal
    draft = {key: value for key, value in (draft or {}).items() if key != ENTERED}
    problem = None
    try:  # who plays the deal, if the table said so before it began
        replay = boodle.seated_for(replay, draft)
    except RuleError as error:
        problem = say(error)
    stage = "play"
    if replay.options.free is not None and "stakes" not in draft:
        stage = "stakes"
    live = None
    if stage == "play" and problem is None:
        try:
            live = boodle.live_deal(replay, draft)
        except RuleError as error:
            problem = say(error)
    if live is not None and live.stage is not None and not live.stage.done:
        stage = "poker"
    ante = replay.options.pot_ante
    return BoodleView(
        replay=replay,
        draft=draft,
        live=live,
        stage=stage,
        problem=problem,
        piles=piles(replay, live),
        pot=None if ante is None else PotTile(live.pot_after if live else replay.pot, replay.pot),
        poker=None if live is None or ante is None else poker_panel(live, live.players, ante),
        standings=standings(replay, live),
        log=step_texts(live.steps, live.poker) if live else (),
        rows=deal_rows(replay),
        chart=chart(replay),
        settle=settle_view(replay, currency, coin),
        on_layout=sum((live.layout_after if live else replay.layout).values()),
        most_cards=max_hand(len(replay.state.players)),
    )


def piles(replay: boodle.BoodleReplay, live: LiveDeal | None) -> tuple[Pile, ...]:
    out = []
    for card in BoodleCard:
        rank, suit = card.value[:-1], card.value[-1]
        carried = replay.layout[card]
        if live is None:
            out.append(Pile(card.value, rank, suit, carried, carried))
            continue
        by = live.played.get(card)
        # only a boodle card taken lowers its pile; a barred player's play leaves it
        taken = next((-step.layout[card] for step in live.steps if step.layout[card] < 0), 0)
        out.append(Pile(card.value, rank, suit, live.layout_after[card], carried, by, taken))
    return tuple(out)


def standings(replay: boodle.BoodleReplay, live: LiveDeal | None) -> tuple[Standing, ...]:
    dealer = replay.next.dealer
    return tuple(
        Standing(
            name,
            replay.totals[name],
            live.chips.get(name, 0) if live else 0,
            name == dealer,
            bool(live and name in live.barred),
            name in replay.state.players,
        )
        for name in replay.players
    )


def deal_rows(replay: boodle.BoodleReplay) -> tuple[DealRow, ...]:
    return tuple(deal_row(deal, replay.players) for deal in replay.deals)


def deal_row(deal: DealResult, players: tuple[str, ...]) -> DealRow:
    return DealRow(
        deal.deal,
        deal.dealer,
        deal.winner,
        tuple(deal.chips.get(p) for p in players),
        tuple(deal.balances[p] for p in players),
        sum(deal.layout_after.values()),
        deal,
        deal.pot_after,
    )


def chart(replay: boodle.BoodleReplay) -> LineChart | None:
    if not replay.deals:
        return None
    series = {p: [0, *[d.balances[p] for d in replay.deals]] for p in replay.players}
    return line_chart(series, [str(d.deal) for d in replay.deals])


# What the adapter's methods are given: the game as stored, its replay and this view of it.
BoodleContext = Context[boodle.BoodleReplay, BoodleView]
