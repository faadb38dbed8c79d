"""A circle's ratings and rivals on a phone: five evenings of Mus, the league sorted by rating,
a player's rating, trend, head-to-head, nemesis and best partner, in English, Swedish, German
and Spanish; axe-clean on a phone, and nothing sideways at 320 px with the text at 200 %."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.test_accessibility import problems
from tests.browser.test_narrow import STICKING_OUT, wider_than
from tests.browser.walk import phone_at
from tests.web.test_circle_ratings_web import mus

pytestmark = pytest.mark.browser

# Anna and Cia lose three games to Bo and Dan, then win two against them: each has 5 games of
# Mus, so every rating shows (and Anna's and Cia's are the higher ones). Anna's nemesis is Bo
# (3 of 5 lost, as to Dan: the first by name), her best partner Cia (2 of 5 won together).
EVENINGS = [mus("Anna", "Bo", "Cia", "Dan")] * 3 + [
    mus("Bo", "Anna", "Dan", "Cia"),
    mus("Dan", "Anna", "Bo", "Cia"),
]
# What each language says on the circle's page and Anna's, and what English alone says.
WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "circle": ["Leagues", "Sorted by", "Share the ratings"],
        "share": "Rating, Mus: 1. Anna ",
        "player": ["Rating:", "Nemesis: Bo — 3 of 5 games lost (60 %)", "Head-to-head",
                   "Best partner: Cia — 2 of 5 games won together", "with Cia"],
    },
    "sv": {
        "circle": ["Tabeller", "Sortera efter", "Dela ratingen"],
        "share": "Rating, Mus: 1. Anna ",
        "player": ["Rating:", "Nemesis: Bo — 3 av 5 partier förlorade (60 %)", "Inbördes möten",
                   "Bästa partner: Cia — 2 av 5 partier vunna tillsammans", "med Cia"],
    },
    "de": {
        "circle": ["Tabellen", "Sortieren nach", "Wertungen teilen"],
        "share": "Wertung, Mus: 1. Anna ",
        "player": ["Wertung:", "Angstgegner: Bo — 3 von 5 Partien verloren (60 %)",
                   "Direkter Vergleich", "Bester Partner: Cia — 2 von 5 Partien gemeinsam gewonnen",
                   "mit Cia"],
    },
    "es": {
        "circle": ["Clasificaciones", "Ordenar por", "Compartir las valoraciones"],
        "share": "Valoración, Mus: 1. Anna ",
        "player": ["Valoración:", "Bestia negra: Bo — 3 de 5 partidas perdidas (60 %)",
                   "Cara a cara", "Mejor pareja: Cia — 2 de 5 partidas ganadas juntos", "con Cia"],
    },
}  # fmt: skip
ENGLISH_ONLY = ["Leagues", "Sorted by", "Share the ratings", "Head-to-head", "Best partner",
                "Against", "Partnerships", "any number", "this year"]  # fmt: skip


@pytest.fixture(scope="module")
def circle(browser: Browser, live_server: str, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A circle of the five evenings, each a Mus game imported at home and put in the circle:
    the circle's address."""
    folder = tmp_path_factory.mktemp("mus")
    context, page = phone_at(browser, "phone", "light")
    try:
        page.goto(live_server + "/")
        page.locator("summary", has_text="Start a circle").tap()
        page.get_by_label("Name of the circle").fill("Mus on Thursdays")
        page.get_by_role("button", name="Start the circle").tap()
        expect(page.locator("h1")).to_have_text("Mus on Thursdays")
        address = page.url
        for number, record in enumerate(EVENINGS):
            path = folder / f"mus-{number}.json"
            path.write_text(json.dumps(record))
            put_in_the_circle(page, live_server, path)
        return address
    finally:
        context.close()


def put_in_the_circle(page: Page, live_server: str, record: Path) -> None:
    page.goto(live_server + "/")
    page.locator("summary", has_text="Import a game file").tap()
    page.locator("input[type=file]").first.set_input_files(str(record))
    page.get_by_role("button", name="Import", exact=True).tap()
    expect(page.locator("#game")).to_be_visible()
    page.get_by_role("link", name="Table", exact=True).tap()
    page.get_by_label("Put this evening in a circle").select_option(label="Mus on Thursdays")
    page.get_by_role("button", name="Put it in the circle").tap()
    expect(page.get_by_role("link", name="Open Mus on Thursdays")).to_be_visible()


def anna_of(page: Page) -> str:
    """Anna's page, as the circle's page links it."""
    players = page.locator("section[aria-labelledby=players-title]")
    return str(players.get_by_role("link", name="Anna").get_attribute("href"))


def in_language(address: str, language: str) -> str:
    return f"{address}{'&' if '?' in address else '?'}lang={language}"


def test_the_league_by_rating_and_a_players_rivals_in_four_languages(
    browser: Browser, live_server: str, circle: str, shot
) -> None:
    context, page = phone_at(browser, "phone", "light")
    page.goto(circle)
    expect(page.locator(".tables-list li")).to_have_count(5)
    league = page.locator("table[aria-labelledby=league-mus] tbody tr")
    expect(league.locator("th")).to_have_text(["Bo", "Dan", "Anna", "Cia"])  # by wins: 3, 2
    page.get_by_label("Sorted by").select_option(label="rating")
    page.get_by_role("button", name="Show", exact=True).tap()
    expect(page.get_by_label("Sorted by")).to_have_value("rating")
    # Anna and Cia won the last two, against the stronger pair: they are rated higher now.
    expect(league.locator("th")).to_have_text(["Anna", "Cia", "Bo", "Dan"])
    ratings = [int(row.locator("td").nth(3).inner_text().replace(",", "")) for row in league.all()]
    assert ratings == sorted(ratings, reverse=True) and ratings[0] > ratings[-1]
    page.locator("summary", has_text="Share the ratings").tap()
    expect(page.locator("#ratings-text")).to_have_value(
        f"Rating, Mus: 1. Anna {ratings[0]:,} ▲ · 2. Cia {ratings[1]:,} ▲ · "
        f"3. Bo {ratings[2]:,} ▼ · 4. Dan {ratings[3]:,} ▼"
    )
    by_rating, anna = page.url, live_server + anna_of(page)
    for language, words in WORDS.items():
        page.goto(in_language(by_rating, language))
        expect(page.locator("html")).to_have_attribute("lang", language)
        said(page, words["circle"], language)
        page.locator("details#share-ratings summary").tap()
        expect(page.locator("#ratings-text")).to_have_value(re.compile("^" + words["share"]))
        assert problems(page) == [], f"the circle's page in {language}"
        shot(page, f"circle-ratings-{language}")
        page.goto(in_language(anna, language))
        said(page, words["player"], language)
        expect(page.locator("svg[aria-labelledby=trend-mus]")).to_be_visible()
        assert problems(page) == [], f"Anna's page in {language}"
        shot(page, f"circle-rivals-{language}")
    context.close()


def said(page: Page, words: list[str], language: str) -> None:
    text = page.locator("main").inner_text()
    for word in words:
        assert word in text, (language, word)
    if language != "en":
        assert [word for word in ENGLISH_ONLY if word in text] == [], language


def test_nothing_goes_sideways_at_320_px_with_the_text_at_200_percent(
    browser: Browser, live_server: str, circle: str, shot
) -> None:
    context, page = phone_at(browser, "narrow-large-text", "light")
    page.goto(circle)
    anna = live_server + anna_of(page)
    for language in WORDS:
        for name, address in (("circle", circle + "?by=rating"), ("rivals", anna)):
            page.goto(in_language(address, language))
            expect(page.locator("h1")).to_be_visible()
            assert not wider_than(page, 320), (language, name, page.evaluate(STICKING_OUT, 320))
            shot(page, f"circle-{name}-narrow-{language}")
        assert problems(page) == [], f"Anna's page at 320 px in {language}"
    context.close()
