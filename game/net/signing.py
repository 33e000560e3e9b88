"""A player's signature on his turn files (games by file, docs/network.md): an Ed25519 key pair made
when he starts or joins a game, the private half kept in his own folder's record, the public half sent
in his first turn file (turn 0's offer, turn 1's acceptance) and taken from there by the other player
on first contact, as ssh does. Every turn file after is signed over its whole content, so a reader of
the mails, who knows the dice secrets, still cannot write or alter a turn."""

from __future__ import annotations

import json
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat, PublicFormat

KEY_HEX = 64  # a key of 32 bytes, in hexadecimal
SIGNATURE_HEX = 128  # a signature of 64 bytes
SIGNATURE = "signature"  # the turn file's field that holds it


def new_private_key() -> str:
    key = Ed25519PrivateKey.generate()
    return key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption()).hex()


def public_key(private: str) -> str:
    key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(private))
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def signed_bytes(data: dict[str, Any]) -> bytes:
    """What is signed: the whole turn file but its signature, as canonical JSON."""
    body = {k: v for k, v in data.items() if k != SIGNATURE}
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


def sign(data: dict[str, Any], private: str) -> str:
    key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(private))
    return key.sign(signed_bytes(data)).hex()


def signed_by(data: dict[str, Any], public: str) -> bool:
    """The turn file's signature is one the holder of this public key made over its whole content."""
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public))
        key.verify(bytes.fromhex(data[SIGNATURE]), signed_bytes(data))
    except (InvalidSignature, ValueError, KeyError, TypeError):
        return False
    return True
