"""The secret a network game's two seats share, and the proof that a caller holds it.

When a game begins, the two machines agree a secret by Diffie-Hellman (RFC 3526's 2048-bit group 14,
Python's own integers): each sends only its public number, so a reader of the traffic learns nothing
of the secret. Each machine keeps it in its save. A machine that comes back to a paused or saved game
proves it holds the secret by an HMAC over a fresh number of the other machine's (and the other
proves it back): the proof is worth nothing a second time, and the secret never crosses the wire.
What it does not stop: someone who can alter the traffic when the game begins (a man in the middle)
can agree a secret with each machine; as ssh on first contact, the first meeting is trusted."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

# RFC 3526, group 14: a safe prime of 2048 bits, generator 2
PRIME = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AACAA68FFFFFFFFFFFFFFFF",
    16,
)
GENERATOR = 2
PUBLIC_HEX = 512  # a public number as the wire carries it: 2048 bits in hexadecimal, zero-padded
NONCE_BYTES = 16


@dataclass(frozen=True)
class KeyPair:
    private: int
    public: str  # hexadecimal, PUBLIC_HEX digits


def new_pair() -> KeyPair:
    private = secrets.randbits(256) | (1 << 255)
    return KeyPair(private, f"{pow(GENERATOR, private, PRIME):0{PUBLIC_HEX}x}")


def valid_public(text: str) -> bool:
    """A public number of the group other than the trivial ones (1, p - 1), which would fix the secret."""
    try:
        value = int(text, 16)
    except ValueError:
        return False
    return len(text) == PUBLIC_HEX and 2 <= value <= PRIME - 2


def seat_secret(mine: KeyPair, theirs: str, game: str) -> str:
    """The secret both machines now hold (for the game `game`), hexadecimal."""
    shared = pow(int(theirs, 16), mine.private, PRIME)
    return hashlib.sha256(b"forglory-seat\0" + shared.to_bytes(256, "big") + game.encode()).hexdigest()


def new_nonce() -> str:
    return secrets.token_hex(NONCE_BYTES)


def proof(secret: str, role: str, game: str, asked: str, mine: str) -> str:
    """What the machine of `role` answers to the other's number `asked` (with its own `mine`, so that
    the two proofs of a meeting are never the same message)."""
    text = f"forglory-proof\0{role}\0{game}\0{asked}\0{mine}".encode()
    return hmac.new(bytes.fromhex(secret), text, hashlib.sha256).hexdigest()


def proves(answer: str, secret: str, role: str, game: str, asked: str, theirs: str) -> bool:
    return hmac.compare_digest(answer, proof(secret, role, game, asked, theirs))
