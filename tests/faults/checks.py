"""What a fault run must leave, checked once the faults have stopped and every phone is online:

* **a change acknowledged is stored once**: every change whose phone was answered "saved" (or
  "already saved") is in the server's change log, and no tap of a phone is stored twice (under
  two keys);
* **a change refused is said, never retried forever, never dropped without a word**: every tap
  that went out (or was kept) is stored, or its phone says why not — answered 409 or 422 on the
  page, or waiting in the outbox's list with its reason — and nothing is still waiting to be
  sent once the phone has been online long enough;
* **every phone converges on the server's record**: each page shows the server's version and
  its sheet;
* **the server's state is never painted over changes still waiting**: no page drew a game older
  than a change the phone answered itself and still had to send (``watch.js`` watches it);
* and the server never answered 5xx while it was up.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from tests.faults.log import Exchange, Log


@dataclass
class Seen:
    """What a phone showed (its game's version and sheet) and kept at the end."""

    shown: dict[str, Any] | None
    entries: list[dict[str, Any]]


@dataclass
class Outcome:
    log: Log
    heard: list[dict[str, Any]]  # what the pages said (watch.js)
    stored: list[str]  # the keys of the game's changes, as stored
    version: int
    server_sheet: str | None
    phones: dict[str, Seen]
    closed: dict[str, list[float]]  # when each phone's tab was closed (ms since the epoch)
    server_output: list[str] = field(default_factory=list)


def stuck(entry: dict[str, Any]) -> bool:
    """A kept change that waits for the table's choice (another phone moved the game on, or the
    server refused it): said, with its reason, in the outbox's list (``watch.js``)."""
    return bool(entry.get("stuck"))


def version_in(html: str) -> int:
    found = re.search(r'id="game"[^>]*data-version="(\d+)"', html)
    assert found, "a game page without its version"
    return int(found.group(1))


def problems(outcome: Outcome) -> list[str]:
    return [
        *acknowledged_stored(outcome),
        *stored_once(outcome),
        *nothing_unsaid(outcome),
        *converged(outcome),
        *never_painted_over(outcome),
        *server_sound(outcome),
    ]


def acknowledged_stored(outcome: Outcome) -> list[str]:
    stored = set(outcome.stored)
    found = []
    for exchange in outcome.log.changes():
        if exchange.acknowledged and exchange.key not in stored:
            found.append(
                f"ACKNOWLEDGED, NOT STORED: {exchange.phone} was answered {exchange.delivered} "
                f"for {exchange.path} key={exchange.key}, and the server has no such change"
            )
    if len(outcome.stored) != outcome.version:
        found.append(
            f"the game's version is {outcome.version} with {len(outcome.stored)} changes stored"
        )
    return found


def taps(outcome: Outcome) -> dict[tuple[str, Any], list[dict[str, Any]]]:
    """Each tap of each phone that made a change: what its page said it sent or kept."""
    made: dict[tuple[str, Any], list[dict[str, Any]]] = defaultdict(list)
    for line in outcome.heard:
        if line["what"] == "request":
            made[line["phone"], line["tap"]].append(line)
    return made


def stored_once(outcome: Outcome) -> list[str]:
    stored = set(outcome.stored)
    found = []
    for (phone, tap), requests in taps(outcome).items():
        keys = {line["key"] for line in requests} & stored
        if len(keys) > 1:
            found.append(f"STORED TWICE: {phone}'s tap at step {tap} is stored as {sorted(keys)}")
    return found


def nothing_unsaid(outcome: Outcome) -> list[str]:
    """Every tap is stored, or said: refused on the page, or waiting with its reason."""
    stored = set(outcome.stored)
    by_key = answers_by_key(outcome)
    found = []
    for (phone, tap), requests in taps(outcome).items():
        keys = carriers(outcome, phone, requests)
        waiting = {entry["key"] for entry in outcome.phones[phone].entries if stuck(entry)}
        said = any(
            400 <= status < 500 and not unreached(status)
            for key in keys
            for status in by_key.get((phone, key), [])
        )
        if keys & stored or keys & waiting or said:
            continue
        if unanswered_when_closed(outcome, phone, requests):
            continue
        network = [e.line(outcome.log.start) for e in outcome.log.changes() if e.key in keys]
        found.append(
            f"NEITHER STORED NOR SAID: {phone}'s tap at step {tap} (keys {sorted(keys)}); "
            f"the page answered {[by_key.get((phone, key)) for key in keys]}; the network: "
            + ("; ".join(network) or "never sent")
            + f"; the page said: {said_about(outcome, phone, requests)}"
        )
    return found


def said_about(outcome: Outcome, phone: str, requests: list[dict[str, Any]]) -> str:
    """What the tap's page said from its request on, for a report: its requests, answers and
    the first few times its outbox kept something."""
    first = requests[0]["at"]
    keys = {line["key"] for line in requests}
    lines = [
        line
        for line in outcome.heard
        if line["phone"] == phone
        and line["at"] >= first
        and (line["what"] == "kept" or line.get("key") in keys)
    ]
    shown = []
    for line in lines[:6]:
        entries = [f"{e['key']} {e['values']}" for e in line.get("entries", [])]
        detail = entries if line["what"] == "kept" else line.get("status", line.get("version"))
        shown.append(f"{(line['at'] - first) / 1000:+.2f}s {line['what']} {detail}")
    return "; ".join(shown)


def answers_by_key(outcome: Outcome) -> dict[tuple[str, str], list[int]]:
    """The statuses each change was answered on its page (not by the phone itself)."""
    said: dict[tuple[str, str], list[int]] = defaultdict(list)
    for line in outcome.heard:
        if line["what"] == "answer" and not line["here"]:
            said[line["phone"], line["key"]].append(line["status"])
    return said


def carriers(outcome: Outcome, phone: str, requests: list[dict[str, Any]]) -> set[str]:
    """The keys a tap's change went under: its own, and — when the outbox kept it in the place
    of a change of the same form that waited (saved again before it was sent: the first one's
    key, the new values) — that change's: the key of the first change the outbox kept with the
    tap's values, after the tap and before the app answered it (a change answered was not kept
    then; one a gateway answered for a server that was down, 5xx or 429, is kept after that
    answer, as one that got none) — but never a later tap's own change (it may carry the same
    values; the outbox keeps a change whose answer was lost after the phone's next tap)."""
    keys = {line["key"] for line in requests}
    first = requests[0]
    answered = min(
        (
            line["at"]
            for line in outcome.heard
            if line["what"] == "answer"
            and line["phone"] == phone
            and line["key"] in keys
            and not unreached(line["status"])
        ),
        default=float("inf"),
    )
    # A later tap's own key: what the outbox kept under it is that tap, even with the same values.
    later = {
        line["key"]
        for line in outcome.heard
        if line["what"] == "request" and line["phone"] == phone and line["at"] > first["at"]
    } - keys
    for line in outcome.heard:
        if line["what"] != "kept" or line["phone"] != phone:
            continue
        if not first["at"] <= line["at"] < answered:
            continue
        for entry in line["entries"]:
            if entry["key"] in later:
                continue
            if entry["key"] in keys or entry["values"] == first["values"]:
                return keys | {entry["key"]}
    return keys


def unreached(status: int) -> bool:
    """A gateway's answer for a server that is down or too busy: the change did not reach the
    app (its page keeps it, as its outbox's sending does)."""
    return status >= 500 or status == 429


def unanswered_when_closed(outcome: Outcome, phone: str, requests: list[dict[str, Any]]) -> bool:
    """Sent (not kept: what the outbox keeps outlives its tab), and its tab closed before its
    answer came (the player left before it was said)."""
    last = max(line["at"] for line in requests)
    if any(line["kept"] for line in requests):
        return False
    keys = {line["key"] for line in requests}
    answered = any(
        line["what"] == "answer"
        and line["phone"] == phone
        and line["key"] in keys
        and line["at"] >= last
        for line in outcome.heard
    )
    return not answered and any(closed >= last for closed in outcome.closed.get(phone, []))


def converged(outcome: Outcome) -> list[str]:
    found = []
    for phone, seen in outcome.phones.items():
        waiting = [entry for entry in seen.entries if not stuck(entry)]
        if waiting:
            found.append(
                f"STILL WAITING: {phone} has {len(waiting)} changes unsent: "
                + ", ".join(f"{entry.get('label')} key={entry.get('key')}" for entry in waiting)
            )
        if seen.shown is None:
            found.append(f"NOT CONVERGED: {phone} shows no game")
        elif seen.shown["version"] != outcome.version:
            found.append(
                f"NOT CONVERGED: {phone} shows version {seen.shown['version']}, "
                f"the server has {outcome.version}"
            )
        elif seen.shown["sheet"] != outcome.server_sheet:
            found.append(
                f"NOT CONVERGED: {phone}'s sheet is not the server's:\n  phone:  "
                f"{seen.shown['sheet']}\n  server: {outcome.server_sheet}"
            )
    return found


def never_painted_over(outcome: Outcome) -> list[str]:
    """Each time a page drew the server's state over changes it answered itself (the same
    drawing said once, with how often it happened)."""
    painted = Counter(
        (line["phone"], line["shown"], line["cause"], line["needed"], tuple(line["keys"]))
        for line in outcome.heard
        if line["what"] == "painted"
    )
    found = []
    for (phone, shown, cause, needed, keys), times in painted.items():
        how = f"{cause}, {times} times" if times > 1 else cause
        found.append(
            f"PAINTED OVER: {phone} drew version {shown} ({how}) while changes it answered "
            f"itself from version {needed} waited: {list(keys)}"
        )
    return found


def server_sound(outcome: Outcome) -> list[str]:
    errors: list[Exchange] = [
        e for e in outcome.log.exchanges if isinstance(e.upstream, int) and e.upstream >= 500
    ]
    found = [f"SERVER ERROR: {e.line(outcome.log.start)}" for e in errors]
    traceback = [line for line in outcome.server_output if "Traceback" in line]
    if found or traceback:
        found.append("the server's last words:\n" + "".join(outcome.server_output[-40:]))
    return found
