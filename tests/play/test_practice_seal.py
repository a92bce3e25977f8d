"""Sealing the referee's state (AES-256-GCM) and reading its key from the environment."""

from __future__ import annotations

import base64

import pytest

from generator.play.protocol.seal import (
    ENV_VAR,
    KeyConfigError,
    SealError,
    dev_key,
    parse_key,
    referee_key,
    seal,
    unseal,
)

KEY = bytes(range(32))


def test_round_trip_and_fresh_nonces() -> None:
    a, b = seal(b"payload", KEY), seal(b"payload", KEY)
    assert a != b and unseal(a, KEY) == unseal(b, KEY) == b"payload"
    assert "=" not in a and "+" not in a and "/" not in a


def test_an_explicit_nonce_is_reproducible() -> None:
    assert seal(b"x", KEY, bytes(12)) == seal(b"x", KEY, bytes(12))
    with pytest.raises(ValueError):
        seal(b"x", KEY, bytes(8))


@pytest.mark.parametrize(
    "token,code",
    [
        (None, "state_malformed"),
        (17, "state_malformed"),
        ("", "state_malformed"),
        ("a b", "state_malformed"),
        ("AAAA", "state_malformed"),
        ("Ag" + "A" * 50, "state_version"),
    ],
)
def test_malformed_tokens(token, code: str) -> None:
    with pytest.raises(SealError) as err:
        unseal(token, KEY)
    assert err.value.code == code


def test_every_flipped_byte_is_caught() -> None:
    token = seal(b"a game", KEY)
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    for i in range(len(raw)):
        bad = bytearray(raw)
        bad[i] ^= 0x80
        forged = base64.urlsafe_b64encode(bytes(bad)).rstrip(b"=").decode()
        with pytest.raises(SealError):
            unseal(forged, KEY)


def test_another_key_is_rejected() -> None:
    with pytest.raises(SealError) as err:
        unseal(seal(b"x", KEY), bytes(32))
    assert err.value.code == "state_rejected"


def test_keys_in_hex_and_base64() -> None:
    assert parse_key(KEY.hex()) == KEY
    assert parse_key(base64.b64encode(KEY).decode()) == KEY
    assert parse_key(base64.urlsafe_b64encode(KEY).decode().rstrip("=")) == KEY
    for bad in ("short", KEY.hex()[:-2], base64.b64encode(bytes(16)).decode()):
        with pytest.raises(KeyConfigError):
            parse_key(bad)


def test_the_development_key_only_on_request() -> None:
    with pytest.raises(KeyConfigError):
        referee_key({})
    assert referee_key({}, dev=True) == dev_key() != KEY
    assert referee_key({ENV_VAR: KEY.hex()}, dev=True) == KEY
