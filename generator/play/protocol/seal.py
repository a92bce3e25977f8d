"""Sealing the practice referee's game state: the caller carries it, cannot read or forge it.

Why sealed and not signed: the state holds what the player must not see (the AI's hand, both
decks' order, the Life cards, the RNG that decides every future shuffle), so it is encrypted as
well as authenticated. AES-256-GCM (``cryptography``'s ``AESGCM``) does both.

Token format (version 1)::

    token = base64url_nopad( version (1 byte) || nonce (12 bytes) || ciphertext+tag )
    ciphertext = AES-256-GCM(key, nonce, zlib(payload), associated_data = AD_PREFIX || version)

The associated data binds the version, so a token cannot be replayed as another format version.
Nonces are 96 random bits per seal (safe for far more than 2**32 seals under one key; rotate the
key well before that). ``unseal`` refuses, each with its own code: a token that is not a string
of base64url (``state_malformed``), too short or too long (``state_malformed``), of an unknown
version (``state_version``), that fails authentication (tampered, truncated, another key:
``state_rejected``), or that inflates past ``MAX_PLAIN`` (``state_malformed``).

The key: ``CARDPANTRY_REFEREE_KEY`` in the environment, 32 bytes written as 64 hex digits or as
base64 / base64url (with or without padding). Generate one with
``python -c "import secrets; print(secrets.token_hex(32))"``. Every app replica behind a load
balancer needs the same key; changing it invalidates every game in progress (their tokens are
then ``state_rejected``). ``referee_key(env, dev=True)`` falls back, only when that flag is
passed explicitly and no key is set, to a fixed development key derived from a public string:
it protects nothing and must never serve the public.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import re
import zlib
from collections.abc import Mapping

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

VERSION = 1
AD_PREFIX = b"cardpantry/practice-state"
NONCE_BYTES = 12
TAG_BYTES = 16
MAX_TOKEN_CHARS = 1_000_000
MAX_PLAIN = 8 * 1024 * 1024
ENV_VAR = "CARDPANTRY_REFEREE_KEY"
DEV_KEY_SOURCE = b"cardpantry practice referee DEVELOPMENT key: public, protects nothing"
_B64URL = re.compile(r"^[A-Za-z0-9_-]+$")


class SealError(ValueError):
    """A token the referee will not accept; ``code`` is the stable machine code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class KeyConfigError(RuntimeError):
    """The referee key is missing or not 32 bytes: a deployment error, not a user error."""


def _ad(version: int) -> bytes:
    return AD_PREFIX + bytes([version])


def seal(payload: bytes, key: bytes, nonce: bytes | None = None) -> str:
    """Compress, encrypt and authenticate ``payload``. ``nonce`` is for reproducible examples
    under a public key only: reusing a nonce under a secret key breaks GCM."""
    nonce = os.urandom(NONCE_BYTES) if nonce is None else nonce
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"a nonce is {NONCE_BYTES} bytes")
    sealed = AESGCM(key).encrypt(nonce, zlib.compress(payload, 6), _ad(VERSION))
    raw = bytes([VERSION]) + nonce + sealed
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def unseal(token: object, key: bytes) -> bytes:
    """The payload of a token this referee sealed, or ``SealError``."""
    if not isinstance(token, str) or not token or len(token) > MAX_TOKEN_CHARS or not _B64URL.match(token):
        raise SealError("state_malformed", "state must be the base64url token a previous response returned, unchanged")
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (binascii.Error, ValueError):
        raise SealError("state_malformed", "state is not valid base64url") from None
    if len(raw) < 1 + NONCE_BYTES + TAG_BYTES:
        raise SealError("state_malformed", "state is too short to be a sealed game")
    if raw[0] != VERSION:
        raise SealError(
            "state_version",
            f"state was sealed in format version {raw[0]}; this "
            f"referee reads version {VERSION} only (start a new game)",
        )
    nonce, sealed = raw[1 : 1 + NONCE_BYTES], raw[1 + NONCE_BYTES :]
    try:
        packed = AESGCM(key).decrypt(nonce, sealed, _ad(raw[0]))
    except InvalidTag:
        raise SealError(
            "state_rejected",
            "state failed authentication: it was changed, cut "
            "short, or sealed under another key (a key rotation ends old games)",
        ) from None
    inflater = zlib.decompressobj()
    try:
        plain = inflater.decompress(packed, MAX_PLAIN)
    except zlib.error:
        raise SealError("state_malformed", "state does not decompress") from None
    if inflater.unconsumed_tail:
        raise SealError("state_malformed", "state inflates past the size limit")
    return plain


def parse_key(text: str) -> bytes:
    """32 bytes from 64 hex digits or base64/base64url (padding optional)."""
    text = text.strip()
    if re.fullmatch(r"[0-9A-Fa-f]{64}", text):
        return bytes.fromhex(text)
    try:
        raw = base64.b64decode(text.replace("-", "+").replace("_", "/") + "=" * (-len(text) % 4), validate=True)
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != 32:
        raise KeyConfigError(
            f"{ENV_VAR} must be 32 bytes as 64 hex digits or base64 "
            f"(got {len(text)} characters that decode to {len(raw)} bytes)"
        )
    return raw


def dev_key() -> bytes:
    """The development key: SHA-256 of a public string. Never for a public deployment."""
    return hashlib.sha256(DEV_KEY_SOURCE).digest()


def referee_key(env: Mapping[str, str], dev: bool = False) -> bytes:
    """The key from ``CARDPANTRY_REFEREE_KEY``; without one, the development key if and only if
    ``dev`` is passed explicitly, else ``KeyConfigError``."""
    text = env.get(ENV_VAR)
    if text:
        return parse_key(text)
    if dev:
        return dev_key()
    raise KeyConfigError(
        f"{ENV_VAR} is not set: the practice referee needs a 32-byte key "
        "(pass the explicit development flag to use the public dev key)"
    )
