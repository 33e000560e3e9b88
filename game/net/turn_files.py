"""Turn files and a player's folder for a game by file (game/net/by_file.py plays them): the
format of a turn file, its schema, its seal, reading one as untrusted, the folder's record of this
player's side and the chain of turn files it keeps."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.content.files import read_regular, stem, write_text
from game.content.mods import user_data_dir
from game.model.errors import ContentError, UserError
from game.net.said import Said
from game.net.signing import KEY_HEX, SIGNATURE, SIGNATURE_HEX, public_key, sign, signed_by
from game.net.wire import (
    DIGEST,
    IDENTITY,
    MAX_NAME,
    ProtocolError,
    check_table,
    hexes,
    ident,
    integer,
    optional,
    table,
    text,
)
from game.net.wire import items as listed

TURN_FORMAT = "forglory-turn"
TURN_VERSION = 2  # 2: signed by its sender (session 14)
RECORD = "game.json"
CURRENT = "current.json"  # this player's turn as far as he has given it, kept command by command
MAX_TURN_BYTES = 4 * 1024 * 1024  # a whole battle's commands are under 1 MB
MAX_TURNS = 100_000
MAX_COMMANDS = 20_000  # in one turn file

TURN_FIELDS = {
    "format": lambda v: v == TURN_FORMAT,
    "version": integer(0, 10**6),
    "game": hexes(32),
    "turn": integer(0, MAX_TURNS),
    "previous": optional(DIGEST),
    "from": table({"name": text(MAX_NAME), "side": ident}),
    "offer": optional(
        table(
            {
                "identity": IDENTITY,
                "sides": table({"starter": ident, "joiner": ident}),
                "commit": DIGEST,
                "key": hexes(KEY_HEX),  # the starter's public key
            }
        )
    ),
    "accept": optional(table({"identity": IDENTITY, "secret": DIGEST, "key": hexes(KEY_HEX)})),
    "reveal": optional(DIGEST),
    "commands": listed(lambda v: isinstance(v, dict), MAX_COMMANDS),
    "count": integer(0, 10**6),
    "digest": optional(DIGEST),
    "seal": DIGEST,
    SIGNATURE: hexes(SIGNATURE_HEX),
}


class Refused(Exception):
    """A turn file (or a game folder) refused: what is wrong, in words' keys, naming the file."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.said = Said(key, values, bad=True)


def seal_of(data: dict[str, Any]) -> str:
    """A turn file's seal: the SHA-256 of its content (everything but the seal and the signature) as
    canonical JSON. It tells an accident; the signature (game/net/signing.py) tells a forgery."""
    body = {k: v for k, v in data.items() if k not in ("seal", SIGNATURE)}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def read_turn(path: Path) -> dict[str, Any]:
    """A turn file read and checked: bounded, JSON, its schema, its version, its seal."""
    raw = read_regular(path, MAX_TURN_BYTES)

    def no_constants(name: str) -> None:
        raise ValueError(name)

    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=no_constants)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused("file_not_turn", path=path) from None
    if not isinstance(data, dict) or data.get("format") != TURN_FORMAT:
        raise Refused("file_not_turn", path=path)
    if data.get("version") != TURN_VERSION:
        shown = data.get("version") if isinstance(data.get("version"), int) else "?"
        raise Refused("file_version", path=path, version=shown, mine=TURN_VERSION)
    try:
        check_table(TURN_FIELDS, data, "turn")
    except ProtocolError as e:
        raise Refused("file_malformed", path=path, field=e.values.get("field", "?")) from None
    if data["seal"] != seal_of(data):
        raise Refused("file_edited", path=path)
    n = data["turn"]
    kinds = {"offer": n == 0, "accept": n == 1, "reveal": n == 2}
    if any((data[k] is not None) != present for k, present in kinds.items()):
        raise Refused(
            "file_malformed", path=path, field=next(k for k, p in kinds.items() if (data[k] is not None) != p)
        )
    if (n == 0) != (data["previous"] is None) or (n < 2 and (data["commands"] or data["digest"] is not None)):
        raise Refused("file_malformed", path=path, field="previous" if n == 0 else "commands")
    if n < 2 and not signed_by(data, data["offer" if n == 0 else "accept"]["key"]):
        raise Refused("file_forged", path=path)
    return data


def signer(chain: list[dict[str, Any]], data: dict[str, Any]) -> str | None:
    """The public key a turn file must be signed with: its own for turns 0 and 1 (the first contact,
    trusted as ssh trusts a host's first key), then the one its sender's side gave in its first."""
    n = data["turn"]
    if n < 2:
        return str(data["offer" if n == 0 else "accept"]["key"])
    sides = chain[0]["offer"]["sides"]
    if data["from"]["side"] == sides["starter"]:
        return str(chain[0]["offer"]["key"])
    if data["from"]["side"] == sides["joiner"] and len(chain) > 1:
        return str(chain[1]["accept"]["key"])
    return None


def check_signed(path: Path, chain: list[dict[str, Any]], data: dict[str, Any]) -> None:
    """Refused unless the turn file was signed, as it is, by the player of the side it comes from."""
    key = signer(chain, data)
    if key is None or not signed_by(data, key):
        raise Refused("file_forged", path=path)


@dataclass
class Record:
    """This player's side of a game by file (its folder's game.json)."""

    game: str
    side: str
    role: str  # "starter" or "joiner"
    name: str
    peer: str
    secret: str  # the dice secret (the starter's is shown in turn 2)
    key: str  # this player's private signing key: never leaves this folder
    mods: list[str] = field(default_factory=list)  # the mods' folders this machine plays it with

    @classmethod
    def read(cls, folder: Path) -> Record:
        path = folder / RECORD
        try:
            data = json.loads(read_regular(path))
            record = cls(**{k: data[k] for k in cls.__dataclass_fields__})
        except (ValueError, KeyError, TypeError, RecursionError):
            raise ContentError(str(path), "not the record of a game by file") from None
        well_formed = (
            hexes(32)(record.game)
            and hexes(64)(record.secret)
            and hexes(KEY_HEX)(record.key)
            and record.role in ("starter", "joiner")
            and all(isinstance(v, str) and len(v) <= 200 for v in (record.side, record.name, record.peer))
            and isinstance(record.mods, list)
            and len(record.mods) <= 64
            and all(isinstance(m, str) for m in record.mods)
        )
        if not well_formed:
            raise ContentError(str(path), "not the record of a game by file")
        return record

    def write(self, folder: Path) -> None:
        write_text(folder / RECORD, json.dumps(self.__dict__, indent=1, sort_keys=True) + "\n")


def games_dir() -> Path:
    return user_data_dir() / "by-file"


def turn_path(folder: Path, n: int) -> Path:
    return folder / f"turn-{n:04d}.json"


def read_chain(folder: Path, record: Record) -> list[dict[str, Any]]:
    """The folder's turn files in order, each checked as a received one is (a folder is untrusted too),
    and the record's key the one this player's turn files are signed with."""
    chain: list[dict[str, Any]] = []
    while turn_path(folder, len(chain)).is_file():
        path = turn_path(folder, len(chain))
        data = read_turn(path)
        previous = chain[-1]["seal"] if chain else None
        if data["game"] != record.game or data["turn"] != len(chain) or data["previous"] != previous:
            raise Refused("file_not_following", path=path, last=len(chain) - 1)
        check_signed(path, chain, data)
        chain.append(data)
    if not chain:
        raise ContentError(str(folder), "holds no turn file of a game")
    mine = 0 if record.role == "starter" else 1
    if len(chain) > mine and signer(chain, chain[mine]) != public_key(record.key):
        raise ContentError(
            str(folder / RECORD), "its key is not the one this player's turn files are signed with"
        )
    return chain


def turn_data(game: str, n: int, previous: str | None, sender: Record, **parts: Any) -> dict[str, Any]:
    """A turn file's content, unsealed: its game, number and the seal before it, who sends it, and
    what it holds (`offer`, `accept`, `reveal`, `commands`, `count`, `digest`; none by default)."""
    data: dict[str, Any] = {
        "format": TURN_FORMAT,
        "version": TURN_VERSION,
        "game": game,
        "turn": n,
        "previous": previous,
        "from": {"name": sender.name, "side": sender.side},
        "offer": None,
        "accept": None,
        "reveal": None,
        "commands": [],
        "count": 0,
        "digest": None,
    }
    data.update(parts)
    return data


def write_turn(folder: Path, data: dict[str, Any], key: str) -> Path:
    """The turn file written in the folder, sealed and signed with this player's private key."""
    data["seal"] = seal_of(data)
    data[SIGNATURE] = sign(data, key)
    path = turn_path(folder, data["turn"])
    write_text(path, json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    return path


def default_folder(scenario: str, game: str) -> Path:
    return games_dir() / f"{stem(scenario)}-{game[:8]}"


def fresh_folder(folder: Path) -> None:
    """A folder for a new game: made, or empty."""
    try:  # a name too long for the file system fails already when asked whether it exists
        if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
            raise Refused("file_folder_taken", folder=folder)
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"{folder}: cannot make the game's folder: {e.strerror}") from None


def find_folder(game: str) -> Path | None:
    """The folder of a game in the games folder, found by its id."""
    root = games_dir()
    if not root.is_dir():
        return None
    for folder in sorted(root.glob(f"*-{game[:8]}")):
        try:
            if Record.read(folder).game == game:
                return folder
        except UserError:
            continue
    return None
