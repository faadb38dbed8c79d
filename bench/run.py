"""``make bench``: how fast the table assistant is, as one table (and bench/results.json).

Never part of the tests. What it measures (the figures are ratios to the app's cheapest
endpoint, /manifest.webmanifest, measured in the same run, because the client and the server
share this machine's cores):

* gunicorn with 2 workers on a file SQLite database, 16 connections: the floor, the game page of
  a finished 19-deal Plump game for 7 players and its unchanged poll (wrk), and an entry POST
  through the real form, CSRF and all (our own client, which measures its floor too);
* in one process: scoring and the game page at 10, 100 and 1 000 rounds of every game (as many
  as the game allows), and the SQL statements of a page, a poll and an entry;
* the bytes of a first and a repeat visit of a game page (Chromium), and Lighthouse (mobile) on
  the home, table and game pages.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from assistant import create_app
from assistant.services import import_record
from bench import inprocess, lighthouse, load, visits
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


def http_figures(server: Server) -> dict[str, Any]:
    long_game = server.import_game(record("plump", 19))
    page = load.Phone(server.base).request("GET", long_game)[1]
    version = re.search(r'data-version="(\d+)"', page).group(1)
    base = server.base
    figures = {
        "floor (wrk)": load.wrk(base + "/manifest.webmanifest"),
        "game page, 19 deals for 7 (wrk)": load.wrk(base + long_game),
        "unchanged poll (wrk)": load.wrk(f"{base}{long_game}poll?version={version}"),
    }
    phones = [load.Phone(base) for _ in range(load.CONNECTIONS)]
    floor = load.timed(phones, lambda p: p.request("GET", "/manifest.webmanifest")[0], load.SECONDS)
    games = fresh_plump_games(server, 4 * load.CONNECTIONS)
    players = {
        id(p): load.PlumpPlayer(p, games[i :: load.CONNECTIONS]) for i, p in enumerate(phones)
    }
    post = load.timed(phones, lambda p: players[id(p)].enter(p), load.SECONDS)
    figures["floor (own client)"] = floor
    figures["entry POST (own client)"] = post
    return {"figures": figures, "long_game": long_game}


def table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows)


def main() -> None:
    results: dict[str, Any] = {}
    with running() as server:
        http = http_figures(server)
        floors = {
            "wrk": http["figures"]["floor (wrk)"],
            "own client": http["figures"]["floor (own client)"],
        }
        rows = [["request", "req/s", "ratio", "p50 ms", "p99 ms", "errors"]]
        for name, f in http["figures"].items():
            floor = floors["wrk" if "(wrk)" in name else "own client"]
            rows.append([name, f"{f.rps:.0f}", f"{f.ratio(floor):.3f}", f"{f.p50_ms:.1f}",
                         f"{f.p99_ms:.1f}", str(f.errors)])  # fmt: skip
        print(table(rows), end="\n\n")
        results["http"] = {k: vars(v) for k, v in http["figures"].items()}
        game_url = server.base + http["long_game"]
        bytes_ = visits.first_and_repeat(game_url)
        first, repeat = bytes_["first"], bytes_["repeat"]
        print(
            f"game page bytes: first visit {first['all']} ({first['requests']} requests), "
            f"repeat visit {repeat['all']}, static files in it {repeat['static']}\n"
        )
        results["bytes"] = bytes_
        token = http["long_game"].split("/")[2]
        pages = {"home": server.base + "/", "table": f"{server.base}/t/{token}/", "game": game_url}
        results["lighthouse"] = {name: lighthouse.scores(url) for name, url in pages.items()}
        for name, scores in results["lighthouse"].items():
            print(f"lighthouse {name}: {scores if scores else 'could not run here'}")
        print()
    rows = [["game", "rounds asked", "rounds", "score ms", "page ms"]]
    results["sizes"] = inprocess.scoring_and_pages()
    for r in results["sizes"]:
        rows.append(
            [
                r["game"],
                str(r["asked"]),
                str(r["rounds"]),
                f"{r['score_ms']:.1f}",
                f"{r['page_ms']:.1f}",
            ]
        )
    print(table(rows), end="\n\n")
    results["statements"] = inprocess.statements_per_request()
    print("SQL statements:", ", ".join(f"{k} {v}" for k, v in results["statements"].items()))
    RESULTS.write_text(json.dumps(results, indent=2, default=str))
    print("\n(written to bench/results.json)")


if __name__ == "__main__":
    main()
