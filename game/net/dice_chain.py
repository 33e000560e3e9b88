"""A network game's dice, drawn afresh for every command by both machines (docs/network.md).

Each machine makes a hash chain when the game begins: from a secret seed s, x_L = H(s) and
x_k = H(x_(k+1)) down to the anchor x_0, which it sends (and nothing else of it). Command n uses the
value x_(n+1) of both chains: the machine whose command it is sends its own with the command; the other
reveals its own only once the command has arrived. The command's dice are then drawn from a seed made
of the game's seed, n and both values. So neither machine can know a command's dice before it is
given, and neither can choose them: each value is fixed by the anchor from the start (x_(n+1) is the
one value whose hash is x_n), so a machine that crashes, or pretends to, cannot draw again.

Each machine also tags every command with a key of its own: whoever comes back behind takes the
commands it missed only if it finds its own tags on them, so the other machine cannot rewrite them."""

from __future__ import annotations

import hashlib
import hmac
import secrets

LENGTH = 1 << 16  # commands of one network game (a long battle has a few thousand)
VALUE_HEX = 32  # a chain's value, as the wire carries it: 16 bytes
TAG_HEX = 32
CHECKPOINT = 256  # every so many values are kept, so that any value is at most this many hashes away


def step(value: bytes) -> bytes:
    return hashlib.sha256(b"forglory-chain\0" + value).digest()[: VALUE_HEX // 2]


class Chain:
    """This machine's chain, from its seed (kept in its save)."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        x = hashlib.sha256(b"forglory-chain-top\0" + bytes.fromhex(seed)).digest()[: VALUE_HEX // 2]
        self._kept: dict[int, bytes] = {}
        for k in range(LENGTH, -1, -1):  # x_LENGTH down to the anchor x_0
            if k % CHECKPOINT == 0 or k == LENGTH:
                self._kept[k] = x
            if k:
                x = step(x)
        self.anchor = self._kept[0].hex()
        self._tag_key = hashlib.sha256(b"forglory-tag-key\0" + bytes.fromhex(seed)).digest()

    @classmethod
    def new(cls) -> Chain:
        return cls(secrets.token_hex(32))

    def value(self, n: int) -> str:
        """This machine's value for command n: x_(n+1)."""
        k = n + 1
        if not 0 < k <= LENGTH:
            raise ValueError(f"command {n}: past the chain's {LENGTH} commands")
        top = min(LENGTH, -(-k // CHECKPOINT) * CHECKPOINT)
        x = self._kept[top]
        for _ in range(top - k):
            x = step(x)
        return x.hex()

    def tag(self, game: str, n: int, author: str, command: str, value: str) -> str:
        """This machine's mark on command n as it saw it: only this machine can make it again."""
        text = f"forglory-tag\0{game}\0{n}\0{author}\0{command}\0{value}".encode()
        return hmac.new(self._tag_key, text, hashlib.sha256).hexdigest()[:TAG_HEX]

    def tagged(self, tag: str, game: str, n: int, author: str, command: str, value: str) -> bool:
        return hmac.compare_digest(tag, self.tag(game, n, author, command, value))


def follows(value: str, before: str) -> bool:
    """`value` is the other chain's next value after `before` (its anchor, or its value for the
    command before)."""
    try:
        return len(value) == VALUE_HEX and step(bytes.fromhex(value)).hex() == before
    except ValueError:
        return False


def roll_seed(game_seed: int, n: int, host: str, guest: str) -> int:
    """The seed of command n's dice: the game's seed, the command's index and both machines' values."""
    text = f"forglory-roll\0{game_seed}\0{n}\0{host}\0{guest}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
