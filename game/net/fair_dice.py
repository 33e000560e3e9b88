"""Dice neither side controls: the battle's seed agreed by commit and reveal (docs/network.md).

Each side draws a secret of 32 random bytes and first sends only its commitment, a SHA-256 of the
secret bound to the side's role; it shows the secret only once it holds the other's commitment. The
seed is a hash of both secrets, so it is fixed as soon as the second commitment is sent, and neither
side can choose it (changing its own secret after seeing the other's would change its commitment) or
know it before the other's secret arrives. Binding the role stops a side from echoing the other's
commitment back as its own."""

from __future__ import annotations

import hashlib
import hmac
import secrets

SECRET_BYTES = 32


def new_secret() -> str:
    return secrets.token_hex(SECRET_BYTES)


def commitment(role: str, secret: str) -> str:
    """What a side sends first: binds it to its secret without showing it."""
    return hashlib.sha256(f"forglory-commit\0{role}\0{secret}".encode()).hexdigest()


def keeps(role: str, secret: str, committed: str) -> bool:
    """The secret revealed is the one committed to (compared in constant time)."""
    return hmac.compare_digest(commitment(role, secret), committed)


def seed_of(first: str, second: str) -> int:
    """The battle's seed from both secrets (the host's or the starter's first): 64 bits."""
    digest = hashlib.sha256(f"forglory-seed\0{first}\0{second}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def game_id(first_commitment: str, second_commitment: str) -> str:
    """A game's name on both machines, from the two commitments: a reconnection or a turn file of
    another game is told apart by it."""
    return hashlib.sha256(f"forglory-game\0{first_commitment}\0{second_commitment}".encode()).hexdigest()[:32]
