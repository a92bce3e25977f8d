"""generator.hashing: canonical JSON is RFC 8785 (JCS) byte for byte, and the ``sha256:`` hash format.

``canonical`` has an orjson fast path; the property test holds it to the rfc8785 package over
generated JSON values (nested objects and arrays, any Unicode text including non-BMP characters and
control characters, integers up to and past the IEEE-double safe range, floats, booleans, null;
tuples too, which both serialise as arrays).
"""

from __future__ import annotations

import re

import pytest
import rfc8785
from hypothesis import example, given, settings
from hypothesis import strategies as st

from generator.hashing import HASH_PREFIX, canonical, content_hash, parse_hash, self_hash, sha256_hex

HASH = re.compile(r"^sha256:[0-9a-f]{64}$")
SAFE = 2**53 - 1

# Text that leans on the awkward cases: C0 controls, DEL, C1, line/paragraph separators, BOM,
# non-BMP (emoji, musical symbols), combining marks, and keys that sort differently by UTF-16 code
# units than by code points (U+E000 private use vs U+1F600 as a surrogate pair).
AWKWARD = (
    '\x00\x01\x08\t\n\x0b\x0c\r\x1f "\\/\x7f\x80\x9f\u00e9\u2028\u2029\ufeff\ue000\uffff\U0001f600\U0001d11e\u0301'
)
texts = st.text(alphabet=st.one_of(st.characters(exclude_categories=("Cs",)), st.sampled_from(AWKWARD)), max_size=12)
safe_ints = st.integers(min_value=-SAFE, max_value=SAFE)
edge_ints = st.sampled_from([0, -1, 2**31, -(2**31), 2**32, 2**53 - 1, -(2**53 - 1)])
floats = st.floats(allow_nan=False, allow_infinity=False)
scalars = st.one_of(st.none(), st.booleans(), safe_ints, edge_ints, floats, texts)
json_values = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.lists(children, max_size=3).map(tuple),
        st.dictionaries(texts, children, max_size=5),
    ),
    max_leaves=30,
)
# Values the fast path takes: no floats and integers inside the safe range (ASCII keys or not).
float_free = st.recursive(
    st.one_of(st.none(), st.booleans(), safe_ints, edge_ints, texts),
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.lists(children, max_size=3).map(tuple),
        st.dictionaries(texts, children, max_size=5),
    ),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None)
@given(json_values)
@example({"\ue000": 1, "\U0001f600": 2, "a": 3})
@example({"\x7f": "\x00\x1f\u2028", "Z": [True, False, None], "": {}})
@example([1.0, -0.0, 1e21, 1e-7, 0.1, 5e-324, 1.7976931348623157e308, 123456789.0])
def test_canonical_is_jcs(value) -> None:
    assert canonical(value) == rfc8785.dumps(value)


@settings(max_examples=400, deadline=None)
@given(float_free)
@example({"é": 1, "z": 2})
@example({"b": {"\x01": "\U0001f600"}, "a": [SAFE, -SAFE]})
def test_fast_path_documents_are_jcs(value) -> None:
    """The float-free, safe-integer documents are exactly the ones the orjson fast path may serve."""
    assert canonical(value) == rfc8785.dumps(value)


@pytest.mark.parametrize("value", [2**53, -(2**53), 2**64, 10**30, {"n": [2**53]}])
def test_integers_outside_the_double_range_are_refused_like_jcs(value) -> None:
    with pytest.raises(rfc8785.IntegerDomainError):
        rfc8785.dumps(value)
    with pytest.raises(rfc8785.IntegerDomainError):
        canonical(value)


def test_canonical_sorts_keys_and_drops_whitespace() -> None:
    assert canonical({"b": 1, "a": [1, "x", None, True]}) == b'{"a":[1,"x",null,true],"b":1}'


@given(json_values)
@settings(max_examples=100, deadline=None)
def test_content_hash_format(value) -> None:
    digest = content_hash(value)
    assert HASH.match(digest)
    assert digest == HASH_PREFIX + sha256_hex(rfc8785.dumps(value))


def test_content_hash_ignores_key_order() -> None:
    assert content_hash({"a": 1, "b": 2}) == content_hash({"b": 2, "a": 1})
    assert content_hash({"a": 1}) != content_hash({"a": 2})


def test_self_hash_covers_everything_but_itself() -> None:
    doc = {"@self_hash": "sha256:" + "0" * 64, "a": 1, "b": [1, 2]}
    digest = self_hash(doc)
    assert HASH.match(digest)
    assert digest == content_hash({"a": 1, "b": [1, 2]})
    assert self_hash({**doc, "@self_hash": digest}) == digest  # does not depend on its own value
    assert self_hash({**doc, "b": [2, 1]}) != digest


HEX = "0123456789abcdef" * 4


@pytest.mark.parametrize(
    "text",
    [
        HEX,
        "sha256:" + HEX,
        HEX.upper(),
        "sha256:" + HEX.upper(),
        "SHA256:" + HEX,
        "Sha256:" + HEX[:32] + HEX[32:].upper(),
    ],
)
def test_parse_hash_accepts_64_hex_bare_or_prefixed_any_case(text: str) -> None:
    assert parse_hash(text) == "sha256:" + HEX


@pytest.mark.parametrize(
    "text",
    [
        "",
        "sha256:",
        HEX[:63],
        HEX + "0",
        "sha256:" + HEX[:63],
        "g" + HEX[1:],
        "sha256:" + "z" * 64,
        "sha1:" + HEX,
        "md5:" + HEX,
        " " + HEX,
        HEX + " ",
        HEX + "\n",
        "sha256: " + HEX[1:],
        "sha256:sha256:" + HEX,
        "0x" + HEX[2:],
        "-" + HEX[1:],
        "\uff10" * 64,  # fullwidth digits are not hex
    ],
)
def test_parse_hash_rejects_everything_else(text: str) -> None:
    assert parse_hash(text) is None
