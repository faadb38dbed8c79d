"""The links of a sheet put together in Python: a sheet has one per round, and a template macro
per link cost a long sheet's answer some 6 % (as the pad's keys, ``fields.pad_keys``)."""

from __future__ import annotations

from markupsafe import Markup, escape

from ..i18n import gettext


def correct_link(corrections: str | None, number: int, text: object) -> Markup:
    """A round's number on a sheet: the link that opens its correction (a 44 px target), or
    just the text on the watch view (``corrections``: the address the rounds' corrections
    start from, none there)."""
    if not corrections:
        return escape(text)
    label = escape(gettext("Correct deal %(n)s", n=number))
    # Every text in it escaped where it is put in; the number is a number.
    return Markup(  # noqa: S704  # nosec B704
        f'<a href="{escape(corrections)}{int(number)}" aria-label="{label}">{escape(text)}</a>'
    )
