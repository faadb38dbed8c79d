"""What a fuzzer sends: hostile values, plans for filling whatever form a page shows, and
mutated game records (used by ``test_fuzz.py``)."""

from __future__ import annotations

import copy
import json
import re
import string
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from urllib.parse import quote

from hypothesis import strategies as st

from tests.web.helpers import PLAYERS, PageForm

ODD = [
    "", " ", "-1", "0", "-0", "00", "1e400", "NaN", "inf", "٣", "²", "0x10", "1_000", "1.5",
    str(2**31), str(2**63), str(10**20), str(-(10**20)), "9" * 5000, "x" * 20000, "\x00",
    "a\x00b", "\u202etxet",
    "<script>alert(1)</script>", "{{7*7}}", "{field}", "%(what)s", "../../etc/passwd", "true",
    "null", "[]", "{}", "Anna", "anna", "draw", "custom", "S", "NT", "Fri\nday", "\u2066x",
    '=HYPERLINK("http://evil.example","x")', "@SUM(1)", "+1", "-1+1",
]  # fmt: skip
MAGNITUDES = st.builds(
    lambda sign, digits: sign + str(10**digits), st.sampled_from(["", "-", "+", " "]),
    st.integers(0, 40),
)  # fmt: skip
# Bodies beyond MAX_CONTENT_LENGTH (512 KiB), up to 2 MB: a 413, never a 500.
HUGE_BODIES = st.sampled_from([512 * 1024 + 1, 2 * 1024 * 1024]).map(lambda size: "x" * size)
HOSTILE = st.one_of(
    st.text(max_size=30),
    MAGNITUDES,
    st.integers().map(str),
    st.floats().map(str),
    st.sampled_from(ODD),
    HUGE_BODIES,
)
# Objects where a text belongs: each was once taken for one of the app's own messages, and
# formatted (a KeyError, a 20 MB answer, an attribute walked).
FORMATTING = [
    {"template": "{nope}"},
    {"template": "{0}"},
    {"template": "{"},
    {"template": "{a:>20000000}", "params": {"a": 1}},
    {"template": "{a.__class__.__mro__}", "params": {"a": 1}},
]
# What goes in place of one part of a URL: numbers of every size (ids beyond 32 and 64 bits),
# NUL and other control characters, a backslash that makes a link another host's.
URL_PARTS = st.one_of(
    st.sampled_from(
        ["\x00", "a\x00b", "\x00" * 22, "\x1b", "\u202e", "\\evil.example", "é", "%", ".."]
    ),
    st.one_of(MAGNITUDES, st.integers().map(str), st.sampled_from(ODD[14:19])),
)
DEEP: list = [1]
for _ in range(15):
    DEEP = [DEEP]
KEYS = st.text(string.ascii_letters + string.digits + "_-", min_size=8, max_size=64)


# More players than a club night takes (256), one a line: a night's entrants.
MANY_NAMES = "\n".join(f"P{n}" for n in range(300))
# What a person could type that a page must refuse or keep harmless: control characters, a
# name that turns the text around, formulas for a spreadsheet, one of our sentences' shapes.
NASTY = st.one_of(
    st.sampled_from(
        ["Fri\x00", "Fri\nday", "\x1b[31m", "Fri\u202eday", "\u2066Bo", "Fri\u2028day",
         '=HYPERLINK("http://evil.example","x")', "+1+1", "-1+1", "@SUM(1)", "\t=1",
         "{0}", "{nope}", "{a:>20000000}", "%(x)s", "Eva", "Bo\ufeff", "\u200fEva",
         "Cia\u200b", "\u3164", "Anna\u0301", "Ann\u00e1", MANY_NAMES]
    ),
    st.text(max_size=12),
)  # fmt: skip

HOW = ["other", "missing", "hostile", "hostile", "hostile", "twice"]
# The fields every entry form carries (EntryForm): "one off" picks them more often.
SHARED = ["version", "key", "step"]
SLOTS = 8
# What to do with each field of whatever form the page shows, drawn before the page is seen
# (so that every example draws alike): the i-th field takes slot i % SLOTS. "as shown" posts
# what the page would untouched, "picked" with a value picked where it shows none, "one off"
# changes one field of that, "anything" any field, the CSRF token included.
PLAN = st.fixed_dictionaries(
    {
        "mode": st.sampled_from(["as shown", "picked", "one off", "one off", "anything", "typed"]),
        "restart": st.integers(0, 99),
        "form": st.integers(0, 99),
        "button": st.integers(0, 99),
        "round": st.integers(0, 99),
        "htmx": st.booleans(),
        "key": st.one_of(KEYS, KEYS, st.sampled_from(["page", "last", "theirs"]), HOSTILE),
        "slots": st.lists(
            st.tuples(st.sampled_from(HOW), st.integers(0, 99), HOSTILE),
            min_size=SLOTS,
            max_size=SLOTS,
        ),
        "extra": st.dictionaries(st.text(max_size=12), HOSTILE, max_size=2),
        "typed": st.lists(NASTY, min_size=SLOTS, max_size=SLOTS),
        "url": st.tuples(st.integers(0, 99), URL_PARTS),
        "elsewhere": st.integers(0, 99),
        "at_once": st.integers(0, 9),
    }
)


def mutated_path(path: str, plan: dict[str, Any]) -> str:
    """``path`` with one of its parts (a token, an id, a word) changed into ``plan``'s hostile
    one, now and then (one submit in five)."""
    pick, part = plan["url"]
    parts = path.split("/")
    if 16 <= pick < 20:  # a first part that makes "/\\evil.example/…" of a link to this path
        return "/%5Cevil.example" + path
    if pick >= 16 or len(parts) < 2:
        return path
    at = 1 + pick % (len(parts) - 1)
    parts[at] = quote(part, safe="")
    return "/".join(parts)


def explicit_plan(**changes: Any) -> dict[str, Any]:
    """A plan that posts a form as the page shows it, a value picked where it shows none, no
    button (its address as it is), or as ``changes`` say: the examples run before the search,
    the same every run."""
    plan: dict[str, Any] = {
        "mode": "picked", "restart": 50, "form": 0, "button": -1, "round": 0, "htmx": False,
        "key": "page", "slots": [("other", 0, "")] * SLOTS, "extra": {}, "typed": [""] * SLOTS,
        "url": (99, ""), "elsewhere": 99, "at_once": 5,
    }  # fmt: skip
    return plan | changes


def submission(
    form: PageForm, plan: dict[str, Any], last_key: str, theirs: Sequence[str] = ()
) -> dict[str, Any]:
    """``form`` as posted by ``plan`` (``theirs``: another phone's keys, sent as this one's)."""
    mode, slots = plan["mode"], plan["slots"]
    data: dict[str, Any] = dict(plan["extra"]) if mode == "anything" else {}
    names = sorted(form.fields)
    odd = slots[0][1] % (len(names) + 2 * len(SHARED)) if names else 0
    if odd >= len(names):  # the field that is "one off"
        shared = SHARED[(odd - len(names)) % len(SHARED)]
        odd = names.index(shared) if shared in names else 0
    for i, name in enumerate(names):
        offered = form.fields[name] or [""]
        how, pick, hostile = slots[i % SLOTS]
        shown = form.current.get(name)
        if shown is None and mode != "as shown":
            shown = offered[pick % len(offered)]
        if name.endswith("key"):
            their = theirs[pick % len(theirs)] if theirs else shown
            said = {"page": shown, "last": last_key or shown, "theirs": their}
            shown = said.get(plan["key"], plan["key"])
        if mode in ("as shown", "picked") or (mode == "one off" and i != odd):
            how = "shown"
        if mode == "typed":  # every field a person types into, typed nastily; the rest picked
            how = "typed" if name in form.texts else "shown"
        if how == "typed":
            data[name] = plan["typed"][i % SLOTS]
        elif how == "shown":
            if shown is not None:
                data[name] = shown
        elif how == "other":
            data[name] = offered[(pick + 1) % len(offered)]
        elif how == "hostile":
            data[name] = hostile
        elif how == "twice":
            data[name] = [shown or "", hostile]
    if form.buttons and plan["button"] % (len(form.buttons) + 1) < len(form.buttons):
        name, value = form.buttons[plan["button"] % (len(form.buttons) + 1)]
        data[name] = value
    return data


def mutated_record(records: list[dict], changes: int) -> st.SearchStrategy[str]:
    """An example record with a few of its values, keys or bytes changed into hostile ones."""
    leaf = st.one_of(
        st.integers(min_value=-(10**30), max_value=10**30),
        st.floats(),
        st.text(max_size=20),
        st.none(),
        st.booleans(),
        st.sampled_from([[], {}, DEEP, {"": {"": {"": 1}}}, 1e24, 10**9]),
        st.sampled_from(PLAYERS),
        st.sampled_from(FORMATTING),
    )

    @st.composite
    def build(draw: Callable[..., Any]) -> str:
        record = json.loads(json.dumps(draw(st.sampled_from(records))))
        if changes and draw(st.integers(0, 9)) == 0:  # an object in place of a text
            text_as_object(record, draw(st.sampled_from(FORMATTING)), draw(st.integers(0, 999)))
        for _ in range(draw(st.integers(changes, changes))):
            places = list(_places(record))
            container, key = draw(st.sampled_from(places))
            action = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
            if action == "replace":
                container[key] = copy.deepcopy(draw(leaf))  # never the strategy's own
            elif action == "delete" and isinstance(container, dict):
                del container[key]
            elif isinstance(container, dict):
                container[draw(st.text(max_size=8))] = copy.deepcopy(draw(leaf))
        text = json.dumps(record, ensure_ascii=draw(st.booleans()))
        if changes > 1 and draw(st.booleans()):  # damaged bytes
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.text(max_size=3))
        return text

    return build()


def text_as_object(record: Any, bad: dict, pick: int) -> None:
    """One text of ``record`` (a name, a word of a round, the format, the game), the
    ``pick``-th, replaced by the object ``bad``."""
    texts = [(node, key) for node, key in _places(record) if isinstance(node[key], str)]
    if texts:
        node, key = texts[pick % len(texts)]
        node[key] = copy.deepcopy(bad)


def _places(node: Any) -> Iterator[tuple[Any, Any]]:
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for key, value in list(items):
        yield node, key
        if isinstance(value, dict | list) and value:
            yield from _places(value)


# "One field at a time": the form exactly as the page shows it, one field replaced by one of
# these, so that the rest stays valid and the value reaches the code behind that field (a
# random mix is refused at its first bad field). A few targeted values per field: control
# characters, a bidirectional override, a formula, one of our sentences' shapes, numbers of
# every size (ids beyond 32 and 64 bits, 5 000 digits, a superscript digit).
NUMBERS = ["-1", "0", str(2**31), str(10**20), "9" * 5000, "²"]
ONE_AT_A_TIME = [
    "Fri\x00day", "Fri\u202eday", "Fri\nday", '=HYPERLINK("http://evil.example","x")',
    "{a:>99999999}", "Bo\ufeff", "Anna\u0301", *NUMBERS,
]  # fmt: skip
# How a player is paid, as a hostile phone types it: a number and an IBAN that would be right
# with something tacked on (a parameter of a link, a line of an EPC code), digits of other
# scripts, a checksum one off, a name that would end a QR code's line.
ACCOUNTS = [
    "070-123 45 67&amt=1#", "+46 70 123 45 67\nBCD", "07012345\u0667\u0668",
    "SE45 5000 0000 0583 9825 7467", "DE89 3704 0044 0532 0130 00\n002", "Anna\nEUR1",
    "%0A%26amt%3D1", "1" * 70,
]  # fmt: skip
# What takes a text's place in a record or a table file, one text at a time.
TEMPLATES: list[Any] = [
    {"template": "{nope}"},
    {"template": "{a:>99999999}", "params": {"a": 1}},
]
# An id in a URL, of every size.
IDS = ["0", str(2**31), str(2**63), str(10**20), "9" * 5000]


def one_field_at_a_time(form: PageForm) -> Iterator[dict[str, str]]:
    """``form`` as the page shows it, with one field (never the CSRF token) replaced by each
    of ``ONE_AT_A_TIME`` (or ``NUMBERS``; an account or its holder ``ACCOUNTS`` too) in turn."""
    shown = {
        name: form.current.get(name, (offered or [""])[0]) for name, offered in form.fields.items()
    }
    for name in sorted(form.fields):
        if name != "csrf_token":  # a field a person types into takes texts too, others numbers
            paid_to = ACCOUNTS if name.endswith(("account", "holder")) else []
            for value in [*ONE_AT_A_TIME, *paid_to] if name in form.texts else NUMBERS:
                yield shown | {name: value}


def one_text_at_a_time(record: Any, hostile: list[Any]) -> Iterator[str]:
    """``record`` with one of its texts replaced by each of ``hostile`` in turn."""
    texts = [n for n, (node, key) in enumerate(_places(record)) if isinstance(node[key], str)]
    for at in texts:
        for bad in hostile:
            changed = copy.deepcopy(record)
            node, key = list(_places(changed))[at]
            node[key] = copy.deepcopy(bad)
            yield json.dumps(changed)


def with_id(path: str, pattern: str) -> Iterator[str]:
    """``path`` with the number in it that ``pattern`` finds replaced by each of ``IDS``."""
    found = re.search(pattern, path)
    if found:
        for number in IDS:
            yield path[: found.start(1)] + number + path[found.end(1) :]
