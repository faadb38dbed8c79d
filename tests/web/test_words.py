"""The words a table reads: translated where the players would say them themselves."""

from __future__ import annotations

import html

from tests.web.helpers import PLAYERS, play_deal, start_game

DEAL_1 = ({"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3}, {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 3})


def page_in(client, path: str, language: str) -> str:
    return html.unescape(client.get(f"{path}?lang={language}").text)


def test_the_dealers_mark_is_the_languages_letter(client) -> None:
    game = start_game(client)
    play_deal(client, game, *DEAL_1)
    for language, mark in (("en", "D"), ("sv", "G"), ("de", "G"), ("es", "R")):
        page = page_in(client, game.path, language)
        assert f'data-mark="{mark}"' in page, language
        assert 'data-mark="' + ("D" if mark != "D" else "X") + '"' not in page


def test_three_in_one_and_the_leader_in_the_tables_words(client) -> None:
    boodle = start_game(client, "boodle", players=PLAYERS)
    rules = {lang: page_in(client, boodle.path + "rules", lang) for lang in ("sv", "de", "es")}
    assert "Tre i ett" in rules["sv"] and "Drei in einem" in rules["de"]
    assert "Tres en uno" in rules["es"]
    assert not any("Three in One" in page for page in rules.values())
    plump = start_game(client)
    bo_leads = ({"Bo": 4, "Cia": 2, "Dan": 1, "Anna": 2}, {"Bo": 4, "Cia": 2, "Dan": 1, "Anna": 3})
    play_deal(client, plump, *bo_leads)
    german = page_in(client, plump.path, "de")
    assert "Bo führt mit 2 Vorsprung" in german and "Vorn:" not in german
    assert "Tippe auf die Kartenzahl einer Runde" in german


def test_a_spanish_table_says_velada_and_lets_the_app_draw(client) -> None:
    game = start_game(client)
    token = game.token
    assert client.post(f"/t/{token}/end").status_code in (302, 303)
    table = page_in(client, f"/t/{token}/", "es")
    assert "velada" in table and "noche" not in table.lower()
    data = {"step": "players", "game": "plump"} | {f"players-{i}": n for i, n in enumerate(PLAYERS)}
    setup = html.unescape(client.post("/new?lang=es", data=data).text)
    assert "Que lo sortee la aplicación (al azar)" in setup and "Sortéalo tú" not in setup
