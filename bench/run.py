"""``make bench``: how fast the table assistant is, as one table (and bench/results.json).

Never part of the tests. What it measures (the figures are ratios to the app's cheapest
endpoint, /manifest.webmanifest, measured in the same run, because the client and the server
share this machine's cores):

* gunicorn with 2 workers on a file SQLite database, 16 connections: the floor, the game page of
  a finished 19-deal Plump game for 7 players and its unchanged poll (wrk), and an entry POST
  through the real form, CSRF and all (our own client, which measures its floor too);
* in one process: scoring and the game page at 10, 100 and 1 000 rounds of every game (as many
  as the game allows), and the SQL statements of a page, a poll and an entry; a club night of
  256 entrants' hall screen and organiser's page (bench/night.py);
* live (bench/live.py): a few tables, then 2 000 (``--tables``), four pages open at each and
  one save per table every 20 s, over the pages' streams and again by polling, each on a fresh
  server: the time from a save's answer to the other pages, and the saves' latency;
* the bytes of a first and a repeat visit of a game page (Chromium with its service worker,
  counted at the server: bench/visits.py), and Lighthouse (mobile) on the home, table and game
  pages;
* a big circle (bench/circle.py): 20 players, 1 000 games of every kind over 100 evenings, the
  server time of its page and a player's page after a game is added and after the first game
  is corrected;
* the hall screen of a 256-player club night (bench/hall.py): a poll of its part, drawn anew and
  kept;
* play without signal (bench/offline.py), on this machine's CPU and on a phone's (four times
  slower, its workers included: bench/phone_cpu.py), the signal cut for real: the bytes a phone
  downloads to keep a table, the time to "Ready", a step, a correction, a cold open and a new
  table offline, and where each start of the app on the phone goes.

It prints one table (each figure beside its target) and writes it all to bench/results.json;
``--only`` runs some parts (e.g. ``--only sizes statements``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from assistant import create_app
from assistant.store.service import import_record
from bench import circle, hall, inprocess, lighthouse, live, load, night, offline, visits
from bench.records import record
from bench.server import Server, running

RESULTS = Path(__file__).resolve().parent / "results.json"


def fresh_plump_games(server: Server, count: int) -> list[str]:
    """Games of Plump for four at deal 1, stored straight into the server's database."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": server.env["DATABASE_URL"], "SECRET_KEY": "x"})
    empty = {**record("plump", 0), "players": ["Anna", "Bo", "Cia", "Dan"], "options": {}}
    paths = []
    with app.app_context():
        for _ in range(count):
            game = import_record(json.dumps(empty))
            paths.append(f"/t/{game.table.token}/g/{game.id}/")
    return paths


# A game of Plump for four is 38 saves: 16 games a phone last the run up to ~1 200 saves a
# second (4 ran out at 300, and the run stopped with an error).
GAMES_PER_PHONE = 16


def http_figures(server: Server) -> dict[str, Any]:
    long_game = server.import_game(record("plump", 19))
    phone = load.Phone(server.base)
    page = phone.request("GET", long_game)[1]
    version = re.search(r'data-version="(\d+)"', page).group(1)
    base = server.base
    # wrk comes back as one phone: with its session cookie (a first visit would make one).
    cookie = {"Cookie": phone.cookie}
    figures = {
        "floor (wrk)": load.wrk(base + "/manifest.webmanifest", **cookie),
        "game page, 19 deals for 7 (wrk)": load.wrk(base + long_game, **cookie),
        "game page, brotli (wrk)": load.wrk(base + long_game, Accept_Encoding="br", **cookie),
        "unchanged poll (wrk)": load.wrk(f"{base}{long_game}poll?version={version}", **cookie),
    }
    phones = [load.Phone(base) for _ in range(load.CONNECTIONS)]
    floor = load.timed(phones, lambda p: p.request("GET", "/manifest.webmanifest")[0], load.SECONDS)
    games = fresh_plump_games(server, GAMES_PER_PHONE * load.CONNECTIONS)
    players = {
        id(p): load.PlumpPlayer(p, games[i :: load.CONNECTIONS]) for i, p in enumerate(phones)
    }
    post = load.timed(
        phones,
        lambda p: players[id(p)].enter(p),
        load.SECONDS,
        prepare=lambda p: players[id(p)].ready(),
    )
    figures["floor (own client)"] = floor
    figures["entry POST (own client)"] = post
    return {"figures": figures, "long_game": long_game}


def table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows)


# The guardrails of the shared hallway (simpler code that stays inside them wins over faster code
# that needs a hook): ratios to the floor measured in the same run.
RATIO_TARGETS = {"game page, 19": 0.3, "unchanged poll": 0.8, "entry POST": 0.2}


def http_rows(figures: dict[str, load.Figures]) -> list[list[str]]:
    floors = {"wrk": figures["floor (wrk)"], "own": figures["floor (own client)"]}
    rows = []
    for name, f in figures.items():
        latency = f"p50 {f.p50_ms:.1f} ms, p99 {f.p99_ms:.1f} ms, {f.errors} errors"
        if name.startswith("floor"):
            rows.append([name, f"{f.rps:.0f} req/s", latency, "", ""])
            continue
        ratio = f.ratio(floors["wrk" if "(wrk)" in name else "own"])
        target = next((t for key, t in RATIO_TARGETS.items() if name.startswith(key)), None)
        met = "" if target is None else ("yes" if ratio >= target else "NO")
        shown = f">= {target}x" if target else ""
        rows.append([name, f"{ratio:.2f}x floor", f"{f.rps:.0f} req/s, {latency}", shown, met])
        if name.startswith("entry POST"):
            met = "yes" if f.p99_ms < 50 else "NO"
            rows.append(["entry POST p99", f"{f.p99_ms:.1f} ms", "", "< 50 ms", met])
    return rows


def size_rows(sizes: list[dict]) -> list[list[str]]:
    rows = []
    for kind in dict.fromkeys(r["game"] for r in sizes):
        mine = [r for r in sizes if r["game"] == kind]
        longest = mine[-1]
        score = ", ".join(f"{r['rounds']}: {r['score_ms']:.1f}" for r in mine)
        cpu = f"{longest['score_cpu_ms']:.1f} ms CPU"
        met = "yes" if longest["score_cpu_ms"] < 50 else "NO"
        rows.append([f"scoring {kind}, {longest['rounds']} rounds", cpu,
                     f"wall ms by rounds: {score}", "< 50 ms", met])  # fmt: skip
        pages = ", ".join(
            f"{r['rounds']}: {r['page_ms']:.1f} / {r['kept_page_ms']:.1f}" for r in mine
        )
        page = f"{longest['page_ms']:.1f} ms"
        name = f"page {kind}, {longest['rounds']} rounds"
        rows.append([name, page, f"rounds: cold / kept ms {pages}", "", ""])
    return rows


def visit_rows(visits_: dict[str, Any]) -> list[list[str]]:
    first, repeat = visits_["first"], visits_["repeat"]
    twice = ", ".join(first["fetched_twice"]) or "nothing"
    ok_first = first["bytes"] <= 60 * 1024 and not first["fetched_twice"]
    return [
        ["first visit of the game page", f"{first['bytes'] / 1024:.1f} KB",
         f"{first['requests']} requests, fetched twice: {twice}", "<= 60 KB, none twice",
         "yes" if ok_first else "NO"],
        ["repeat visit: static files", f"{repeat['static_bytes']} B",
         f"{repeat['requests']} requests, {repeat['bytes'] / 1024:.1f} KB in all", "0 B",
         "yes" if repeat["static_bytes"] == 0 else "NO"],
    ]  # fmt: skip


def lighthouse_rows(scores: dict[str, dict[str, int] | None]) -> list[list[str]]:
    rows = []
    for name, found in scores.items():
        if found is None:
            rows.append([f"lighthouse {name}", "could not run here", "", "100 x4", "?"])
            continue
        text = "/".join(str(found[c]) for c in lighthouse.CATEGORIES)
        met = "yes" if all(v == 100 for v in found.values()) else "NO"
        rows.append([f"lighthouse {name}", text, "perf/a11y/best/seo", "100 x4", met])
    return rows


def live_rows(found: dict[str, dict[str, dict[str, Any]]]) -> list[list[str]]:
    """Each size of the live load, over the streams and by polling, beside the targets."""
    rows = []
    for tables, modes in found.items():
        heard_target = 500.0 if int(tables) < LIVE_TABLES else 1000.0
        for mode, f in modes.items():
            name = f"live, {tables} tables x 4 pages, {mode}"
            heard = f"{f['heard']} of {f['expected']} heard, p50 {f['heard_p50_ms']:.0f} ms"
            met = f["heard_p95_ms"] <= heard_target and f["heard"] >= f["expected"]
            rows.append([f"{name}: to the others", f"p95 {f['heard_p95_ms']:.0f} ms",
                         f"{heard}, p99 {f['heard_p99_ms']:.0f} ms, {f['errors']} errors",
                         f"p95 <= {heard_target:.0f} ms" if mode == "stream" else "",
                         ("yes" if met else "NO") if mode == "stream" else ""])  # fmt: skip
            saved = f["save_p99_ms"] < 100
            rows.append([f"{name}: saves", f"p99 {f['save_p99_ms']:.0f} ms",
                         f"{f['saves']} saves, p50 {f['save_p50_ms']:.0f} ms",
                         "p99 < 100 ms" if mode == "stream" else "",
                         ("yes" if saved else "NO") if mode == "stream" else ""])  # fmt: skip
    return rows


def offline_rows(found: dict[str, Any]) -> list[list[str]]:
    """Play without signal: what the CPU settings do, then each profile's figures, the
    targets beside the phone's."""
    rows = [
        [f"CPU {name}", f"page {spent['page']:.0f} ms", f"its worker {spent['worker']:.0f} ms",
         "", ""]
        for name, spent in found["calibration"].items()
    ]  # fmt: skip
    for profile in ("as it is", "phone"):
        rows += offline_profile_rows(profile, found[profile])
    return rows


def megabytes(size: int | None) -> str:
    size = size or 0
    return f"{size / 1e6:.2f} MB" if size >= 100_000 else f"{size / 1e3:.1f} KB"


def offline_profile_rows(profile: str, found: dict[str, Any]) -> list[list[str]]:
    phone = profile == "phone"

    def row(name: str, figure: str, detail: str, target: str = "", met: bool | None = None):
        shown = "" if met is None or not phone else ("yes" if met else "NO")
        return [f"{name} ({profile})", figure, detail, target if phone else "", shown]

    kept = found["keep"]
    biggest = sorted(kept["files"], key=lambda f: -f["transferred"])[:5]
    files = ", ".join(
        f"{f['path'].split('?')[0].rsplit('/', 1)[-1]} {megabytes(f['transferred'])}"
        for f in biggest
    )
    rows = [
        row("keeping a table, over the air", megabytes(kept["transferred"]), files, "≤ 8 MB",
            kept["transferred"] <= 8e6),
        row(f"keep ({kept['how']}) -> Ready", f"{kept['ready_ms'] / 1000:.1f} s",
            f"stored {megabytes(kept['stored'])}; bytecode kept {kept['bytecode kept after s']} s"
            " later"),
    ]  # fmt: skip
    figures = [
        ("a step offline", "step offline", "median_ms", "≤ 150 ms", 150),
        ("a correction's page offline", "correction offline", "page shown ms", "≤ 0.5 s", 500),
        ("a correction saved offline", "correction offline", "saved, game shown ms", "", None),
        ("cold open offline -> last state", "cold open offline", "last state painted ms",
         "≤ 1 s", 1000),
        ("cold open offline -> step answered", "cold open offline", "open to answered ms",
         "≤ 5 s", 5000),
        ("new table from Home offline", "new table offline", "game shown ms", "", None),
    ]  # fmt: skip
    for name, scenario, key, target, bound in figures:
        result = found[scenario]
        if "failed" in result:
            rows.append(row(name, "did not end", result["failed"][:90], target, False))
            continue
        detail = ", ".join(f"{k} {v:.0f}" for k, v in result.items() if k != key)
        rows.append(row(name, f"{result[key]:.0f} ms", detail, target,
                        None if bound is None else result[key] <= bound))  # fmt: skip
    for start in found["starts"]:
        stages = ", ".join(f"{k} {v / 1000:.2f}" for k, v in start.items() if k != "from")
        rows.append(row(f"app start from {start.get('from', 'source')}", "", f"s: {stages}"))
    sent = found["sent back"]
    rows.append(row("offline changes sent back", f"{sent['saved']} of {sent['made']}", "", "all",
                    sent["saved"] == sent["made"]))  # fmt: skip
    return rows


# A table as it is used (a few tables: docs/using.md's "within half a second"), then the big one:
# 2 000 tables, 8 000 open pages, one save per table every 20 s.
LIVE_FEW, LIVE_TABLES, LIVE_SECONDS = 20, 2000, 60.0

PARTS = (
    "http", "lighthouse", "visits", "offline", "sizes", "statements", "circle", "night", "live",
    "hall",
)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="+", choices=PARTS, default=PARTS, help="parts to run")
    parser.add_argument("--tables", type=int, default=LIVE_TABLES, help="the live load's tables")
    parser.add_argument("--seconds", type=float, default=LIVE_SECONDS, help="each live run's")
    arguments = parser.parse_args()
    only = arguments.only
    results: dict[str, Any] = {}
    rows = [["measure", "figure", "detail", "target", "met"]]
    if "http" in only or "lighthouse" in only:
        with running() as server:
            long_game = server.import_game(record("plump", 19))
            if "http" in only:
                http = http_figures(server)
                long_game = http["long_game"]
                results["http"] = {k: vars(v) for k, v in http["figures"].items()}
                rows += http_rows(http["figures"])
            if "lighthouse" in only:
                token = long_game.split("/")[2]
                pages = {"home": "/", "table": f"/t/{token}/", "game": long_game}
                results["lighthouse"] = {
                    name: lighthouse.scores(server.base + path) for name, path in pages.items()
                }
                rows += lighthouse_rows(results["lighthouse"])
    if "visits" in only:
        with tempfile.TemporaryDirectory() as folder:
            log = Path(folder) / "access.log"
            with running(access_log=log) as server:
                game = server.import_game(record("plump", 19))
                results["visits"] = visits.first_and_repeat(server.base + game, log)
        rows += visit_rows(results["visits"])
    if "offline" in only:
        with tempfile.TemporaryDirectory() as folder:
            log = Path(folder) / "access.log"
            # Kept by its button: a phone playing online would ready itself first (READY_UNASKED).
            with running(access_log=log, READY_UNASKED="false") as server:
                results["offline"] = offline.offline_runtime(server.base, server.import_game, log)
        rows += offline_rows(results["offline"])
    if "sizes" in only:
        results["sizes"] = inprocess.scoring_and_pages()
        rows += size_rows(results["sizes"])
    if "statements" in only:
        results["statements"] = inprocess.statements_per_request()
        text = ", ".join(f"{k} {v}" for k, v in results["statements"].items())
        rows.append(["SQL statements per request", text, "", "", ""])
    if "circle" in only:
        results["circle"] = circle.circle_pages()
        rows += circle.rows(results["circle"])
    if "night" in only:
        results["night"] = night.pages()
        rows += [
            [f"club night of {night.ENTRANTS}: {name}", f"{f['ms']:.0f} ms",
             f"CPU {f['cpu_ms']:.0f} ms, {f['statements']} SQL statements", "", ""]
            for name, f in results["night"].items()
        ]  # fmt: skip
    if "hall" in only:
        results["hall"] = found = hall.hall_figures()
        rows.append([
            f"hall screen's part, {found['players']} players at {found['tables']} tables",
            f"{found['kept_ms']:.1f} ms CPU a poll",
            f"drawn anew {found['drawn_ms']:.0f} ms (at most once a second); {found['bytes']} B",
            "20 screens < 10 % of a core",
            "yes" if 20 * found["kept_ms"] + found["drawn_ms"] < 100 else "NO",
        ])  # fmt: skip
    if "live" in only:
        results["live"] = {
            str(tables): live.both_modes(tables, arguments.seconds)
            for tables in (LIVE_FEW, arguments.tables)
        }
        rows += live_rows(results["live"])
    results["machine"] = machine()
    print(f"{results['machine']}\n")
    print(table(rows))
    RESULTS.write_text(json.dumps(results, indent=2, default=str))
    print("\n(written to bench/results.json)")


def machine() -> str:
    """The CPU and its cores, and how busy the machine was (the load average) when done."""
    model = next(
        (line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
         if line.startswith("model name")),
        platform.processor() or "unknown CPU",
    )  # fmt: skip
    load1, load5, _ = os.getloadavg()
    return f"{model}, {os.cpu_count()} cores, load average {load1:.1f} (1 min) {load5:.1f} (5 min)"


if __name__ == "__main__":
    main()
