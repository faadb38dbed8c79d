"""How a player is paid: numbers and IBANs read the way people write them, refused with the
reason beside the field when they are not one."""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.games.base import RuleError
from assistant.games.pay import (
    CASH,
    IBAN_LENGTHS,
    PayMethod,
    Scheme,
    iban_remainder,
    method_of,
    parse_method,
)

ACCEPTED = [
    # scheme, as typed, the account kept, as shown
    ("swish", "070-123 45 67", "+46701234567", "070-123 45 67"),
    ("swish", "0701234567", "+46701234567", "070-123 45 67"),
    ("swish", "+46 70 123 45 67", "+46701234567", "070-123 45 67"),
    ("swish", "0046 70-123 45 67", "+46701234567", "070-123 45 67"),
    ("swish", "46701234567", "+46701234567", "070-123 45 67"),
    ("swish", " 079 999 00 11 ", "+46799990011", "079-999 00 11"),
    ("swish", "123 456 78 90", "1234567890", "123 456 78 90"),
    ("swish", "123-4567890", "1234567890", "123 456 78 90"),
    ("mobilepay", "20 12 34 56", "+4520123456", "20 12 34 56"),
    ("mobilepay", "+45 20123456", "+4520123456", "20 12 34 56"),
    ("mobilepay", "45123456", "+4545123456", "45 12 34 56"),
    ("mobilepay", "040 123 4567", "+358401234567", "040 1234567"),
    ("mobilepay", "+358 50 123456", "+35850123456", "050 123456"),
    ("bizum", "612 345 678", "+34612345678", "612 345 678"),
    ("bizum", "+34 612 34 56 78", "+34612345678", "612 345 678"),
    ("bizum", "0034 712 345 678", "+34712345678", "712 345 678"),
]


@pytest.mark.parametrize(("scheme", "typed", "account", "shown"), ACCEPTED)
def test_a_number_is_read_as_people_write_it(
    scheme: str, typed: str, account: str, shown: str
) -> None:
    method = parse_method(scheme, typed)
    assert (method.scheme.value, method.account, method.shown) == (scheme, account, shown)


REFUSED = [
    # scheme, as typed, holder, the field it is said beside, a word of the message
    ("swish", "08-123 456 78", "", "account", "Swedish mobile number"),  # Stockholm, not a mobile
    ("swish", "0711234567", "", "account", "Swish number"),  # 071: machines, not people
    ("swish", "123 456 78 9", "", "account", "Swish number"),
    ("swish", "+47 912 34 567", "", "account", "Swedish"),  # Norwegian
    ("swish", "", "", "account", "choose cash"),
    ("swish", "070 123 45 67 ; DROP", "", "account", "Swedish"),
    ("swish", "07\x0001234567", "", "account", "not a number"),
    ("swish", "0" * 65, "", "account", "not a number"),
    ("swish", "07012345٧٨", "", "account", "Swedish"),  # Arabic-Indic digits
    ("swish", "070123456²", "", "account", "Swedish"),  # a superscript two
    ("bizum", "６１２345678", "", "account", "Spanish"),  # full-width digits
    ("mobilepay", "12 34 56 78", "", "account", "Danish"),  # no Danish number starts with 1
    ("mobilepay", "0701234567", "", "account", "Finnish"),  # Swedish
    ("bizum", "912 345 678", "", "account", "Spanish mobile"),  # Madrid, not a mobile
    ("bizum", "+46701234567", "", "account", "Spanish mobile"),
    ("iban", "SE45 5000 0000 0583 9825 7467", "Anna", "account", "does not add up"),
    ("iban", "SE45 5000 0000 0583 9825 746", "Anna", "account", "24 characters"),
    ("iban", "XY45 5000 0000 0583 9825 7466", "Anna", "account", "XY"),
    ("iban", "5000 0000 0583 9825 7466", "Anna", "account", "starts with its country"),
    ("iban", "SE45 5000 0000 0583 9825 746٦", "Anna", "account", "starts with its country"),
    ("iban", "SE45 5000 0000 0583 9825 7466", "", "holder", "name on the account"),
    ("iban", "SE45 5000 0000 0583 9825 7466", "A" * 71, "holder", "70"),
    ("iban", "SE45 5000 0000 0583 9825 7466", "An\u202ena", "holder", "70"),
    ("paypal", "anna@example.org", "", "scheme", "Choose"),
]


@pytest.mark.parametrize(("scheme", "typed", "holder", "field", "said"), REFUSED)
def test_what_is_not_a_number_is_refused_beside_its_field(
    scheme: str, typed: str, holder: str, field: str, said: str
) -> None:
    with pytest.raises(RuleError) as refused:
        parse_method(scheme, typed, holder)
    assert refused.value.field == field
    assert said in str(refused.value)


VALID_IBANS = [
    "SE45 5000 0000 0583 9825 7466",
    "DE89 3704 0044 0532 0130 00",
    "ES91 2100 0418 4502 0005 1332",
    "FI21 1234 5600 0007 85",
    "DK50 0040 0440 1162 43",
    "NO93 8601 1117 947",
    "GB82 WEST 1234 5698 7654 32",
    "FR14 2004 1010 0505 0001 3M02 606",
    "NL91 ABNA 0417 1643 00",
    "BE68 5390 0754 7034",
    "mt84malt011000012345mtlcast001s",
]


@pytest.mark.parametrize("typed", VALID_IBANS)
def test_an_iban_is_kept_without_spaces_and_shown_in_fours(typed: str) -> None:
    method = parse_method("iban", typed, "  Anna   Berg ")
    compact = typed.replace(" ", "").upper()
    assert method.account == compact
    assert method.shown.replace(" ", "") == compact
    assert all(len(group) == 4 for group in method.shown.split()[:-1])
    assert method.holder == "Anna Berg"


def iban_of(country: str, bban: str) -> str:
    """An IBAN with its check digits worked out (98 minus the remainder with 00)."""
    return f"{country}{98 - iban_remainder(country + '00' + bban):02d}{bban}"


@st.composite
def ibans(draw: st.DrawFn) -> str:
    country = draw(st.sampled_from(sorted(IBAN_LENGTHS)))
    size = IBAN_LENGTHS[country] - 4
    bban = draw(st.text(string.digits + string.ascii_uppercase, min_size=size, max_size=size))
    return iban_of(country, bban)


@given(ibans(), st.data())
def test_one_digit_wrong_or_two_digits_swapped_never_passes(iban: str, data: st.DataObject) -> None:
    assert parse_method("iban", iban, "Anna").account == iban
    digits = [i for i, c in enumerate(iban) if i >= 2 and c.isdigit()]
    at = data.draw(st.sampled_from(digits))
    other = data.draw(st.sampled_from([d for d in string.digits if d != iban[at]]))
    wrong = iban[:at] + other + iban[at + 1 :]
    with pytest.raises(RuleError, match="does not add up"):
        parse_method("iban", wrong, "Anna")
    pairs = [i for i in digits if i + 1 in digits and iban[i] != iban[i + 1]]
    if pairs:
        i = data.draw(st.sampled_from(pairs))
        swapped = iban[:i] + iban[i + 1] + iban[i] + iban[i + 2 :]
        with pytest.raises(RuleError, match="does not add up"):
            parse_method("iban", swapped, "Anna")


@given(
    st.sampled_from(["70", "72", "73", "76", "79"]), st.text(string.digits, min_size=7, max_size=7)
)
def test_every_way_of_writing_a_swedish_mobile_is_the_same_number(prefix: str, rest: str) -> None:
    national = prefix + rest
    written = [
        f"0{national}",
        f"+46{national}",
        f"0046 {national}",
        f"46{national}",
        f"0{national[:2]}-{national[2:5]} {national[5:7]} {national[7:]}",
    ]
    assert {parse_method("swish", typed).account for typed in written} == {f"+46{national}"}


def test_cash_takes_no_number() -> None:
    assert parse_method("cash", "070 123 45 67", "Anna") == CASH


@pytest.mark.parametrize(
    "method",
    [CASH, parse_method("swish", "0701234567"), parse_method("iban", VALID_IBANS[0], "Åsa Öberg")],
)
def test_a_method_kept_reads_back_the_same(method: PayMethod) -> None:
    assert method_of(method.as_json()) == method


@pytest.mark.parametrize(
    "stored",
    [None, {}, {"scheme": "swish"}, {"scheme": "swish", "account": "08123"}, {"x": "y"}],
)
def test_a_method_kept_that_no_longer_reads_is_cash(stored: dict[str, str] | None) -> None:
    assert method_of(stored) == CASH


def test_each_country_is_known_by_its_calling_code() -> None:
    assert parse_method("mobilepay", "040 1234567").country == "358"
    assert parse_method("iban", VALID_IBANS[1], "Bo").country == "DE"
    assert parse_method("swish", "123 456 78 90").country == ""
    assert Scheme("bizum") is Scheme.BIZUM


@given(st.sampled_from([s.value for s in Scheme] + ["", "x"]), st.text(max_size=80), st.text())
def test_anything_typed_is_a_method_or_a_refusal_beside_a_field(
    scheme: str, account: str, holder: str
) -> None:
    try:
        method = parse_method(scheme, account, holder)
    except RuleError as refused:
        where = refused.field
    else:
        where = None
    assert where in (None, "scheme", "account", "holder")
    if where is not None:
        return
    assert method_of(method.as_json()) == method
    kept = method.account.removeprefix("+")
    assert kept == "" or (kept.isascii() and kept.isalnum())  # nothing a link would need to encode
