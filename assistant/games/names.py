"""Names as players type them: what a name may not hold (a control character, a character
that shows nothing), how it is kept (its accents composed, NFC) and how two are compared."""

from __future__ import annotations

import unicodedata
from typing import Any

from .base import MAX_NAME, N_, RuleError, has_control

# What shows nothing in a name, so that two names would look alike: the format characters (a
# zero-width space, a byte order mark, the marks that set the direction of the text after them)
# and the fillers that are letters only to Unicode. The joiners stay inside a name, where they
# join (a person at a laptop, 👩‍💻; a Persian name), as do the tags of a flag (🏴 and tags is
# one flag); at a name's ends a joiner joins nothing.
JOINERS = frozenset("\u200c\u200d")
FILLERS = frozenset("\u034f\u115f\u1160\u3164\uffa0")
FLAG_TAGS = range(0xE0020, 0xE0080)


def has_invisible(text: str) -> bool:
    """Whether ``text`` holds a character that shows nothing.

    >>> has_invisible("Anna"), has_invisible("An\ufeffna"), has_invisible("Anna\u200f")
    (False, True, True)
    >>> has_invisible("👩\u200d💻"), has_invisible("Anna\u200d"), has_invisible("\u3164")
    (False, True, True)
    """
    if text[:1] in JOINERS or text[-1:] in JOINERS:
        return True
    return any(
        c in FILLERS
        or (unicodedata.category(c) == "Cf" and c not in JOINERS and ord(c) not in FLAG_TAGS)
        for c in text
    )


def typed_name(text: Any) -> Any:
    """A name as typed, as it is kept: without the spaces around it, each accent composed with
    its letter (NFC: "Anna" typed with a combining accent is the "Anná" of every other phone).
    Anything but a text is left as it is (a form's field not sent).

    >>> typed_name(" Anna\u0301 ") == "Ann\u00e1"
    True
    """
    return unicodedata.normalize("NFC", text.strip()) if isinstance(text, str) else text


def same_name(name: str) -> str:
    """What two names are compared by: ``Anna``, ``anna`` and ``ANNA`` are one player, and so
    are an accent composed and one typed after its letter."""
    return unicodedata.normalize("NFC", name).casefold()


INVISIBLE = N_("A name cannot hold an invisible character (such as a zero-width space).")


def check_typed_name(name: str, *, field: str) -> str:
    """A name typed at the table (a newcomer, a substitute, a member renamed) as a record can
    keep it: at most ``MAX_NAME`` characters, no control character and nothing invisible
    (said beside ``field``), its accents composed.

    >>> check_typed_name("Eva", field="newcomer")
    'Eva'
    """
    if len(name) > MAX_NAME:
        raise RuleError(N_("At most {max} characters."), field=field, max=MAX_NAME)
    if has_control(name):
        raise RuleError(
            N_("A name cannot hold a control character (such as a line break)."), field=field
        )
    if has_invisible(name):
        raise RuleError(INVISIBLE, field=field)
    return str(typed_name(name))
