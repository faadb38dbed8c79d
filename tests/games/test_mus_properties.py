"""Mus properties over random matches: the target is passed only by the hand that ends a game,
replaying hand by hand equals replaying the whole record, and an entered showdown scores like
the cards it came from."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.games.base import Record
from assistant.games.mus import check_betting, replay, score
from assistant.games.mus.count import Ending
from assistant.games.mus.entry import declare
from assistant.games.mus.hands import MUS_RANKS, HandRules, JuegoReal, Lance, parse_hand
from assistant.games.mus.showdown import decide_from_cards
from tests.games.resuming import check_resumes

FOUR = ("Anna", "Ben", "Carla", "Dan")
PACK = [rank for rank in MUS_RANKS for _ in range(4)]

OPTIONS = st.fixed_dictionaries(
    {
        "target": st.sampled_from([30, 35, 40]),
        "games_to_win": st.sampled_from([1, 2, 3]),
        "kings": st.sampled_from([8, 4]),
        "juego_real": st.sampled_from(["off", "figure", "jack"]),
    }
)
BETS = st.tuples(
    st.lists(st.integers(2, 12), min_size=1, max_size=3), st.integers(0, 5)
).map(lambda t: [*t[0][:-1], "ordago"] if t[1] == 0 else t[0])  # fmt: skip
ENTRY = st.one_of(
    st.just("paso"),
    st.fixed_dictionaries(
        {"by": st.sampled_from([1, 2]), "bets": BETS,
         "answer": st.sampled_from(["quiero", "no_quiero"])}
    ),
)  # fmt: skip


def record(rounds, options) -> Record:
    return Record("mus", FOUR, "Anna", options, tuple(rounds))


def draw_match(data: st.DataObject, options: dict) -> list[dict]:
    """Random hands that follow the rules: betting on pares / juego only when both teams hold
    them, and no bet once a rejection or an órdago has decided the game in the hand."""
    rules = HandRules(options["kings"], JuegoReal(options["juego_real"]))
    rounds: list[dict] = []
    for _ in range(data.draw(st.integers(1, 12))):
        state = replay(record(rounds, options))
        if state.next is None:
            break
        pack = data.draw(st.permutations(PACK))
        cards = {p: "".join(pack[4 * i : 4 * i + 4]) for i, p in enumerate(FOUR)}
        declared = declare(FOUR, {p: parse_hand(c) for p, c in cards.items()}, rules)
        now = list(state.next.score)
        decided = False
        lances: dict = {}
        for lance in (Lance.GRANDE, Lance.CHICA, Lance.PARES, declared.fourth):
            if decided or (lance in (Lance.PARES, Lance.JUEGO) and not declared.is_bet_on(lance)):
                if data.draw(st.booleans()):
                    lances[lance.value] = "paso"
                continue
            entry = data.draw(ENTRY)
            lances[lance.value] = entry
            if entry == "paso":
                continue
            bets = entry["bets"]
            if entry["answer"] == "no_quiero":
                last = entry["by"] if len(bets) % 2 else 3 - entry["by"]
                now[last - 1] += 1 if len(bets) == 1 else sum(bets[:-1])
                decided = now[last - 1] >= options["target"]
            elif bets[-1] == "ordago":
                decided = True
        round_: dict = {"lances": lances, "cards": cards}
        if data.draw(st.integers(0, 5)) == 0:
            round_["mano"] = data.draw(st.sampled_from(FOUR))
        rounds.append(round_)
    return rounds


def as_showdown(round_: dict, mano: str, options: dict) -> dict:
    """The same hand entered without cards: lance winners and team values."""
    rules = HandRules(options["kings"], JuegoReal(options["juego_real"]))
    hands = {p: parse_hand(c) for p, c in round_["cards"].items()}
    shown, _ = decide_from_cards(FOUR, hands, mano, rules)
    showdown: dict = {lance.value: team for lance, team in shown.winners.items()}
    showdown["pares_values"] = list(shown.pares_values or ())
    showdown["juego_values"] = list(shown.juego_values or ())
    return {k: v for k, v in round_.items() if k != "cards"} | {"showdown": showdown}


FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(data=st.data(), options=OPTIONS)
def test_the_target_is_passed_only_by_the_hand_that_ends_the_game(data, options) -> None:
    state = replay(record(draw_match(data, options), options))
    target = options["target"]
    before = (0, 0)
    for hand in state.hands:
        assert max(before) < target
        assert hand.stones == (hand.immediate[0] + hand.counted[0],
                               hand.immediate[1] + hand.counted[1])  # fmt: skip
        assert hand.score == (before[0] + hand.stones[0], before[1] + hand.stones[1])
        if not hand.game_over:
            assert max(hand.score) < target
            before = hand.score
            continue
        winner = hand.count.winner
        assert winner is not None
        if hand.count.ending is Ending.ORDAGO:
            assert hand.counted == (0, 0)
            assert max(hand.score) < target
        else:
            assert hand.score[winner - 1] >= target
            assert hand.score[2 - winner] < target  # the other team never reaches it too
        before = (0, 0)
    won = [sum(1 for g in state.games if g.winner == t) for t in (1, 2)]
    assert state.finished == (max(won) == options["games_to_win"])


@FAST
@given(data=st.data(), options=OPTIONS)
def test_replaying_hand_by_hand_equals_the_whole_record(data, options) -> None:
    rounds = draw_match(data, options)
    whole = replay(record(rounds, options))
    full_output = score(record(rounds, options))
    for k in range(len(rounds) + 1):
        prefix = replay(record(rounds[:k], options))
        assert prefix.hands == whole.hands[:k]
        out = score(record(rounds[:k], options))
        assert out["rounds"] == full_output["rounds"][:k]
        done = [g for g in out["games"] if g["winner"] is not None]
        assert done == full_output["games"][: len(done)]
        if k < len(rounds) and "mano" not in rounds[k]:
            assert prefix.next is not None
            assert prefix.next.mano == whole.hands[k].mano


@FAST
@given(data=st.data(), options=OPTIONS)
def test_a_replay_since_an_earlier_one_is_the_whole_replay(data, options) -> None:
    rounds = draw_match(data, options)
    check_resumes(replay, record(rounds, options), data.draw(st.integers(0, len(rounds))))


@FAST
@given(data=st.data(), options=OPTIONS)
def test_an_entered_showdown_scores_like_the_cards(data, options) -> None:
    rounds = draw_match(data, options)
    with_cards = replay(record(rounds, options))
    shown = [as_showdown(r, h.mano, options) for r, h in zip(rounds, with_cards.hands, strict=True)]
    assert score(record(shown, options)) == score(record(rounds, options))


@FAST
@given(data=st.data(), options=OPTIONS)
def test_what_the_betting_shows_during_a_hand_is_what_the_hand_pays(data, options) -> None:
    """Entered lance by lance, a hand shows at once what its rejections paid and which stakes
    wait for the count; saved whole, it pays exactly that at once, and each waiting stake goes
    whole to one team at the count (when the count comes)."""
    rounds = draw_match(data, options)
    for number in range(len(rounds)):
        before = replay(record(rounds[:number], options))
        if before.next is None:
            break
        betting = {k: v for k, v in rounds[number].items() if k in ("lances", "mano")}
        at_once = check_betting(before, betting)
        hand = replay(record(rounds[: number + 1], options)).hands[number]
        assert at_once.immediate == hand.immediate
        paid = {result.lance: result for result in hand.lances}
        for lance, stake in at_once.stakes.items():
            assert paid[lance].stake == (stake if paid[lance].counted else 0)
