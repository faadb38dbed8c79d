"""The fault harness's checks find what they are there for, from made-up runs: an acknowledged
change missing, a tap stored twice, a change neither stored nor said (and not one that was said,
kept in the place of another, or sent and cut short by its tab closing; but one kept offline
outlives its tab), a phone behind or still holding changes, a page drawn over changes waiting,
a 500."""

from __future__ import annotations

from typing import Any

from tests.faults import checks
from tests.faults.log import Exchange, Log

GAME = "/t/abc/g/1/"
SHEET = "Deal 1 Anna 10"


def change(key: str, delivered: int | None, upstream: int | str | None = 200) -> Exchange:
    exchange = Exchange("phone 0", "POST", GAME + "enter", "change", {"key": key}, key=key)
    exchange.upstream, exchange.delivered = upstream, delivered
    return exchange


def said(what: str, at: int, **detail: Any) -> dict[str, Any]:
    return {"phone": "phone 0", "what": what, "at": at, "page": GAME, **detail}


def request(
    tap: int, key: str, at: int, *, kept: bool = False, values: str = "bids 1 2 0"
) -> dict[str, Any]:
    return said("request", at, tap=tap, key=key, version="3", action=GAME + "enter", kept=kept,
                values=values)  # fmt: skip


def outcome(
    exchanges: list[Exchange],
    heard: list[dict[str, Any]],
    stored: list[str],
    *,
    shown: dict[str, Any] | None = None,
    entries: list[dict[str, Any]] | None = None,
    closed: list[float] | None = None,
) -> checks.Outcome:
    log = Log()
    for exchange in exchanges:
        log.add(exchange)
    seen = checks.Seen(shown or {"version": len(stored), "sheet": SHEET}, entries or [])
    return checks.Outcome(
        log=log,
        heard=heard,
        stored=stored,
        version=len(stored),
        server_sheet=SHEET,
        phones={"phone 0": seen},
        closed={"phone 0": closed or []},
    )


def test_a_run_where_everything_holds_has_no_problems() -> None:
    found = outcome(
        [change("a", 200), change("b", 409, 409)],
        [
            request(1, "a", 1),
            request(2, "b", 2),
            said("answer", 3, key="b", status=409, here=False),
        ],
        ["a"],
    )
    assert checks.problems(found) == []


def test_an_acknowledged_change_the_server_lacks() -> None:
    found = checks.problems(outcome([change("a", 200)], [request(1, "a", 1)], []))
    assert found[0].startswith("ACKNOWLEDGED, NOT STORED")


def test_a_tap_stored_under_two_keys() -> None:
    heard = [request(1, "a", 1), request(1, "b", 2)]
    found = checks.problems(outcome([change("a", 200), change("b", 200)], heard, ["a", "b"]))
    assert [problem.split(":")[0] for problem in found] == ["STORED TWICE"]


def test_a_change_dropped_without_a_word() -> None:
    found = checks.problems(outcome([change("a", 502, "down")], [request(1, "a", 1)], []))
    assert found[0].startswith("NEITHER STORED NOR SAID: phone 0's tap at step 1")


def test_a_change_waiting_for_a_choice_is_said() -> None:
    waits = [{"key": "a", "stuck": True, "label": "Plump: Save bids"}]
    assert not checks.problems(outcome([], [request(1, "a", 1)], [], entries=waits))


def test_a_change_kept_in_the_place_of_the_one_before_goes_with_its_key() -> None:
    kept = said("kept", 3, entries=[{"key": "a", "values": "bids 2 2 0"}])
    first = request(1, "a", 1, kept=True, values="bids 1 2 0")
    heard = [first, request(2, "b", 2, kept=True, values="bids 2 2 0"), kept]
    assert not checks.problems(outcome([change("a", 200)], heard, ["a"]))


def test_a_change_answered_by_a_gateway_and_kept_goes_with_the_key_it_was_kept_under() -> None:
    # Kept after the 502, in the place of a change of the same form that waited: that one's key.
    kept = said("kept", 3, entries=[{"key": "z", "values": "bids 1 2 0"}])
    heard = [request(1, "a", 1), said("answer", 2, key="a", status=502, here=False), kept]
    assert not checks.problems(outcome([change("a", 502, "down"), change("z", 200)], heard, ["z"]))


def test_a_change_answered_by_a_gateway_is_not_the_next_tap_kept_later() -> None:
    kept = said("kept", 9, entries=[{"key": "b", "values": "bids 1 2 0"}])
    answer = said("answer", 2, key="a", status=502, here=False)
    heard = [request(1, "a", 1), answer, request(2, "b", 5, kept=True), kept]
    found = checks.problems(outcome([change("a", 502, "down"), change("b", 200)], heard, ["b"]))
    assert found[0].startswith("NEITHER STORED NOR SAID: phone 0's tap at step 1 (keys ['a'])")


def test_a_change_whose_tab_closed_before_its_answer_is_not_counted() -> None:
    assert not checks.problems(outcome([], [request(1, "a", 1)], [], closed=[5.0]))


def test_a_change_kept_offline_outlives_its_tab() -> None:
    found = checks.problems(outcome([], [request(1, "a", 1, kept=True)], [], closed=[5.0]))
    assert found[0].startswith("NEITHER STORED NOR SAID: phone 0's tap at step 1")


def test_a_refusal_the_outbox_was_answered_is_said() -> None:
    heard = [request(1, "a", 1, kept=True), said("answer", 9, key="a", status=409, here=False)]
    assert not checks.problems(outcome([change("a", 409, 409)], heard, []))


def test_a_phone_behind_or_still_holding_changes() -> None:
    waiting = [{"key": "b", "stuck": False, "label": "Plump: Save bids"}]
    found = checks.problems(
        outcome([change("a", 200)], [request(1, "a", 1)], ["a"], shown={"version": 0, "sheet": ""})
    ) + checks.problems(outcome([change("a", 200)], [request(1, "a", 1)], ["a"], entries=waiting))
    assert [problem.split(":")[0] for problem in found] == ["NOT CONVERGED", "STILL WAITING"]


def test_a_page_drawn_over_changes_waiting() -> None:
    painted = said("painted", 4, cause="swap", shown=3, needed=5, keys=["c"])
    assert checks.problems(outcome([], [painted], []))[0].startswith("PAINTED OVER")


def test_a_500_while_the_server_was_up() -> None:
    found = checks.problems(outcome([change("a", 500, 500)], [request(1, "a", 1)], []))
    assert any(problem.startswith("SERVER ERROR") for problem in found)
