"""The wire: length-prefixed JSON messages of bounded size, each checked against a strict schema
before anything reads it. A peer is untrusted: a frame too long, bytes that are not JSON, a message of
an unknown type, a field missing, extra or of the wrong kind are each a `ProtocolError` naming what,
never a traceback. Nothing here touches a socket (game/net/link.py does)."""

from __future__ import annotations

import json
import re
import struct
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.model.errors import one_line  # what a peer names is shown: its control characters escaped
from game.model.limits import ID  # every id content gives has this one shape: never a path

PROTOCOL = 2  # the version of this protocol; a peer speaking another is refused at hello
GAME = "forglory"
MAX_MESSAGE = 64 * 1024  # bytes of one message: a command is under 1 KB, an offer with 64 mods ~15 KB
HEADER = struct.Struct(">I")  # each message: its length in 4 bytes, big-endian, then its UTF-8 JSON
MAX_NAME = 40
MAX_TEXT = 200
MAX_COUNT = 10**6  # commands in one game: a long battle has a few thousand
MAX_TIMER = 24 * 3600  # seconds of a turn timer


class ProtocolError(Exception):
    """A message that breaks the protocol: `key` names the fault for the words (content/locale's
    `net_fault_<key>`), `values` its details."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(f"{key}: {values}" if values else key)
        self.key = key
        self.values = values


# --- the fields' checks --------------------------------------------------------------------------

Check = Callable[[object], bool]
HEX = re.compile(r"[0-9a-f]+")


def integer(low: int, high: int) -> Check:
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def hexes(length: int) -> Check:
    return lambda v: isinstance(v, str) and len(v) == length and HEX.fullmatch(v) is not None


def text(most: int) -> Check:
    return lambda v: isinstance(v, str) and len(v) <= most


def ident(v: object) -> bool:
    return isinstance(v, str) and ID.fullmatch(v) is not None


def one_of(*values: str) -> Check:
    return lambda v: isinstance(v, str) and v in values


def optional(check: Check) -> Check:
    return lambda v: v is None or check(v)


def table(fields: Mapping[str, Check]) -> Check:
    """A JSON object with exactly these fields, each passing its check."""
    return lambda v: isinstance(v, dict) and set(v) == set(fields) and all(c(v[k]) for k, c in fields.items())


def items(check: Check, most: int) -> Check:
    return lambda v: isinstance(v, list) and len(v) <= most and all(check(x) for x in v)


def keyed(key: Check, value: Check, most: int) -> Check:
    return lambda v: isinstance(v, dict) and len(v) <= most and all(key(k) and value(x) for k, x in v.items())


def any_table(v: object) -> bool:
    """A command: a JSON object, checked field by field by game.model.commands.from_json."""
    return isinstance(v, dict)


DIGEST = hexes(64)
SIDE = ident
# what both sides must share to run the same game (game/net/identity.py)
IDENTITY = table(
    {
        "ruleset": table({"id": ident, "hash": text(MAX_TEXT)}),
        "scenario": table({"id": ident, "hash": text(MAX_TEXT)}),
        "mods": items(table({"id": ident, "version": text(MAX_TEXT), "hash": text(MAX_TEXT)}), 64),
        "modules": items(ident, 16),
        "module_content": keyed(ident, text(MAX_TEXT), 16),
        "max_rounds": optional(integer(1, 1000)),
    }
)
ROLES = ("host", "guest")
NONCE = hexes(32)
VALUE = hexes(32)  # a value of a machine's dice chain (game/net/dice_chain.py)
TAG = hexes(32)
BOTH_VALUES = table({"host": VALUE, "guest": VALUE})
BOTH_TAGS = table({"host": TAG, "guest": TAG})
# a paused or saved game, as the host offers it to whoever calls: its id and a number to prove upon
CHALLENGE = table({"game": hexes(32), "nonce": NONCE})
# ... and as the guest answers it: its proof, its own number, and where its game stands
ANSWER = table(
    {"game": hexes(32), "nonce": NONCE, "proof": DIGEST, "count": integer(0, MAX_COUNT), "digest": DIGEST}
)
# why a peer says goodbye: it left, the game is over, it stopped the game, a message of ours broke the
# protocol, the games differ, another caller took the seat, the caller could not prove the seat his,
# too many commands the rules refuse
REASONS = ("left", "over", "refused", "protocol", "content", "taken", "proof", "limit")

# every message: its type and its fields; nothing else is read
MESSAGES: dict[str, dict[str, Check]] = {
    "hello": {
        "protocol": integer(0, MAX_COUNT),
        "game": one_of(GAME),
        "version": text(MAX_NAME),
        "name": text(MAX_NAME),
        "role": one_of(*ROLES),
    },
    "offer": {
        "identity": IDENTITY,
        "sides": table({"host": SIDE, "guest": SIDE}),
        "timer": integer(0, MAX_TIMER),
        "resume": optional(CHALLENGE),
    },
    "join": {"identity": IDENTITY, "resume": optional(ANSWER)},
    # the guest cannot build the game offered: it lacks a mod, the scenario or the campaign (by id), or
    # its content is broken (its own line), or the host resumes a game it has no save of (the game's id)
    "cannot": {"why": one_of("mod", "scenario", "campaign", "content", "save"), "what": text(MAX_TEXT)},
    # the game's seed (its commitment, then its secret), the seats' shared secret (a public number of
    # game/net/seat_key.py) and the anchor of the sender's dice chain
    "commit": {"hash": DIGEST, "key": hexes(512), "anchor": VALUE},
    "reveal": {"secret": DIGEST},
    # the host took the guest's proof: its own, and where its game stands
    "resumed": {"proof": DIGEST, "count": integer(0, MAX_COUNT), "digest": DIGEST},
    # a command of the sender's side: its index, its chain value and the sender's tag
    "command": {"n": integer(0, MAX_COUNT), "command": any_table, "value": VALUE, "tag": TAG},
    # the other machine's answer to a command: its chain value (the command's dice are now drawn), its
    # tag and the digest after the command
    "roll": {"n": integer(0, MAX_COUNT), "value": VALUE, "tag": TAG, "digest": DIGEST},
    "ack": {"n": integer(0, MAX_COUNT), "digest": DIGEST},
    # a command the other machine missed (it comes back behind), as both machines agreed it
    "history": {
        "n": integer(0, MAX_COUNT),
        "author": one_of(*ROLES),
        "command": any_table,
        "values": BOTH_VALUES,
        "tags": BOTH_TAGS,
        "digest": DIGEST,
    },
    "refused": {"n": integer(0, MAX_COUNT), "why": one_of("turn", "order", "command")},
    "desync": {"n": integer(0, MAX_COUNT)},
    "ping": {},
    "bye": {"reason": one_of(*REASONS)},
}


@dataclass(frozen=True)
class Message:
    type: str
    fields: dict[str, Any]

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]


def encode(kind: str, **fields: object) -> bytes:
    """A message as it goes on the wire; our own messages are checked as strictly as a peer's."""
    body = json.dumps({"type": kind, **fields}, separators=(",", ":"), sort_keys=True).encode()
    check(kind, fields)
    if len(body) > MAX_MESSAGE:
        raise ProtocolError("oversized", size=len(body), most=MAX_MESSAGE)
    return HEADER.pack(len(body)) + body


def check(kind: str, fields: Mapping[str, object]) -> None:
    schema = MESSAGES.get(kind)
    if schema is None:
        raise ProtocolError("unknown", kind=one_line(kind, MAX_NAME))
    check_table(schema, fields, kind)


def check_table(schema: Mapping[str, Check], fields: Mapping[str, object], kind: str) -> None:
    """Exactly the schema's fields, each passing its check; else a ProtocolError naming the first."""
    missing = sorted(set(schema) - set(fields))
    extra = sorted(set(fields) - set(schema))
    if missing or extra:
        raise ProtocolError("fields", kind=kind, field=one_line(str((missing or extra)[0]), MAX_NAME))
    for name, ok in schema.items():
        if not ok(fields[name]):
            raise ProtocolError("field", kind=kind, field=name)


def decode(body: bytes) -> Message:
    """One message's bytes (without its length) read and checked."""

    def no_constants(name: str) -> None:
        raise ValueError(name)

    try:
        data = json.loads(body.decode("utf-8"), parse_constant=no_constants)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("json") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("json")
    kind = data.pop("type")
    check(kind, data)
    return Message(kind, data)


class Frames:
    """Bytes as they come, cut into messages: `feed(data)` returns the whole messages they complete.
    A length of 0 or over MAX_MESSAGE is refused before its body is waited for."""

    def __init__(self) -> None:
        self._buffer = bytearray()

    @property
    def partial(self) -> bool:
        """A message has begun and not ended (its sender has a deadline for the rest)."""
        return bool(self._buffer)

    def feed(self, data: bytes) -> list[Message]:
        self._buffer += data
        out = []
        while len(self._buffer) >= HEADER.size:
            (size,) = HEADER.unpack_from(self._buffer)
            if not 0 < size <= MAX_MESSAGE:
                raise ProtocolError("oversized", size=size, most=MAX_MESSAGE)
            if len(self._buffer) < HEADER.size + size:
                break
            body = bytes(self._buffer[HEADER.size : HEADER.size + size])
            del self._buffer[: HEADER.size + size]
            out.append(decode(body))
        return out
