"""Every message of the sources translated in every shipped language, and nothing fuzzy.

The messages are extracted afresh from the sources, as ``flask translate update`` does it
(babel.cfg's files, the default keywords and ``_l``, ``N_``): a string added without running
the update, or left untranslated after it, fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from assistant.config import Defaults

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = ROOT / "assistant" / "translations"
KEYWORDS = {**DEFAULT_KEYWORDS, "_l": None, "N_": None}  # `flask translate update` adds these
SHIPPED = [code for code in Defaults.LANGUAGES if code != Defaults.BABEL_DEFAULT_LOCALE]


CONTEXT = "\x04"  # a message of a context (pgettext) is "context\x04id", as gettext keys it


def extracted() -> set[str]:
    """Every message id of the sources (a plural by its singular, as a catalog keys it)."""
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    return {
        (f"{context}{CONTEXT}" if context else "")
        + (message if isinstance(message, str) else message[0])
        for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS
        )
    }


def catalog(language: str) -> Catalog:
    with (CATALOGS / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle)


def untranslated(ids: set[str], messages: Catalog) -> list[str]:
    def translated(msgid: str) -> bool:
        context, _, plain = msgid.rpartition(CONTEXT)
        entry = messages.get(plain, context or None)
        if entry is None:
            return False
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        return all(strings)

    return sorted(msgid for msgid in ids if not translated(msgid))


def fuzzy(messages: Catalog) -> list[str]:
    marked = [str(entry.id) for entry in messages if entry.id and entry.fuzzy]
    return ["(the catalog's header)", *marked] if messages.fuzzy else marked


@pytest.fixture(scope="module")
def ids() -> set[str]:
    found = extracted()
    assert len(found) > 500  # the extraction found the sources
    return found


@pytest.mark.parametrize("language", SHIPPED)
def test_every_message_is_translated_and_none_is_fuzzy(ids: set[str], language: str) -> None:
    messages = catalog(language)
    missing = untranslated(ids, messages)
    assert not missing, f"{len(missing)} untranslated in {language}, such as {missing[:5]}"
    assert not fuzzy(messages), f"fuzzy in {language}: {fuzzy(messages)[:5]}"


def test_the_check_sees_a_missing_and_a_fuzzy_translation(ids: set[str]) -> None:
    """The check itself: it would fail on a catalog with one entry gone or marked fuzzy."""
    messages = catalog("sv")
    some = sorted(ids)[0]
    assert untranslated(ids, messages) == []
    messages.delete(some)
    assert untranslated(ids, messages) == [some]
    other = next(entry for entry in messages if entry.id and entry.id != some)
    other.flags.add("fuzzy")
    assert fuzzy(messages) == [str(other.id)]
