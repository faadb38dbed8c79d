"""The words a table reads: translated where the players would say them themselves."""

from __future__ import annotations

import html
import re

from babel.messages.pofile import read_po

from assistant.cli import ROOT
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


def test_no_message_says_he_or_his_of_a_player() -> None:
    """Every English message fits anyone: "their", "they", or the player's name."""
    with (ROOT / "translations" / "messages.pot").open() as pot:
        catalog = read_po(pot)
    said = [
        text for m in catalog if m.id for text in (m.id if isinstance(m.id, tuple) else (m.id,))
    ]
    assert len(said) > 1000
    assert [text for text in said if HE.search(text)] == []


def test_the_rules_and_panels_fit_anyone_in_every_language(client) -> None:
    """The Boodle rules and its free-stake panel, Plump's and Mulle's rules: no "he" of a
    player in English, no "er", "ihm" or "seine" in German (Mulle's German rules say "er" of
    a mulle, a word of the game; Swedish and Spanish say "sina", "su" of anyone)."""
    boodle = start_game(client, "boodle", players=PLAYERS, preset="free")
    plump, mulle = start_game(client), start_game(client, "mulle", players=PLAYERS[:3])
    pages = [f"{boodle.path}rules", boodle.path, f"{plump.path}rules", f"{mulle.path}rules"]
    for path in pages:
        english = text_of(page_in(client, path, "en"))
        assert not HE.search(english), (path, HE.findall(english))
        german = text_of(page_in(client, path, "de"))
        assert path.startswith(mulle.path) or not ER.search(german), (path, ER.findall(german))
    assert "Where does everyone put their chips?" in page_in(client, boodle.path, "en")
    assert "Wohin legen alle ihre Chips?" in page_in(client, boodle.path, "de")


HE = re.compile(r"\b(he|his|him|himself)\b", re.I)
ER = re.compile(r"\b(er|ihm|ihn|seine|seinen|seiner|seinem)\b")


def text_of(page: str) -> str:
    return re.sub(r"<[^>]+>", " ", page.split("<main", 1)[1])
