"""A network game kept in the saves folder: a save like any other (it resumes as a game on one machine
too), with what going on over the network needs: the game's id, this machine's side and role, both
players' names, the turn timer, and its keys (the secret the two seats share, the seed of its own dice
chain and the anchor of the other's: game/net/seat_key.py, game/net/dice_chain.py) with each
command's entry (its author, both chains' values and both tags: game/net/record.py). Both machines
keep their own; resuming compares the two. A save is untrusted like any file: each of these is
checked, and a fault is one line naming the file and the key."""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.content.files import read_regular, stem
from game.content.mods import Mod
from game.model.errors import ContentError, UserError
from game.net.dice_chain import Chain, follows, roll_seed
from game.net.ledger import Follower
from game.net.played import Played, played
from game.net.record import ROLES, Entry, Record
from game.net.seat import clean_name
from game.net.wire import HEX, MAX_TIMER
from game.running.campaign_match import CampaignMatch, is_campaign_replay
from game.running.campaign_match import load as load_campaign
from game.running.match import MAX_REPLAY_BYTES, Match, load
from game.running.saves import HUMAN, NETWORK, rotate_autosaves, saved_players, saves_dir

KEY = NETWORK
ADDRESS = re.compile(r"(|[A-Za-z0-9.:\[\]_-]{1,253}:\d{1,5})")  # a host name or address and a port


@dataclass
class NetSave:
    match: Match | CampaignMatch  # the battle, or the campaign
    game: str  # the game's id (game/net/fair_dice.py)
    side: str  # the side this machine plays
    role: str  # "host" or "guest"
    peer: str  # the other player's name
    address: str = ""  # the guest's: the host it called, HOST:PORT (to call it again)
    name: str = ""  # this player's name in the game
    seat: str = ""  # the secret the two seats share (hexadecimal)
    chain: str = ""  # the seed of this machine's dice chain
    anchor: str = ""  # the anchor of the other machine's
    entries: list[Entry] = field(default_factory=list)
    timer: int = 0  # seconds a player has for a decision (0: no timer)
    followed: Follower | None = None  # the game as it was loaded: its ledger need not play it again


def save_net(record: Record, about: dict[str, Any], autosave: bool = False, path: Path | None = None) -> Path:
    """Write the game to `path`, or to a new file of the saves folder named for its role too (both
    machines may be one, and save in the same second); the autosaves of a role's games are kept as a
    scenario's (saves.rotate_autosaves: the newest few). `about`: the game's id, this machine's role
    and player's name, the other player's, (a guest's) the address it called, the timer and the seat's
    secret."""
    m = record.played
    ident, rnd = m.save_name()
    own = f"{stem(ident)}-{about['role']}"
    if path is None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kind = "autosave" if autosave else "save"
        path = saves_dir() / f"{kind}-{own}-{stamp}-r{rnd}.json"
    players = {record.local: HUMAN, record.peer: HUMAN}  # on one machine it goes on as hotseat
    kept = {
        **about,
        "side": record.local,
        "chain": record.chain.seed,
        "anchor": record.anchors[record.other],
        "entries": [e.to_json() for e in record.entries],
    }
    path = m.save(players, path, {KEY: kept})
    if autosave:
        rotate_autosaves(path.parent, own)
    return path


def load_net(path: Path, mods: tuple[Mod, ...] = ()) -> NetSave:
    """A saved network game (a battle's or a campaign's); a save of a game on one machine is one line
    saying so."""
    followed = Follower()  # every check of a save first, the digest after each command taken meanwhile
    if is_campaign_replay(path):
        game: Match | CampaignMatch = load_campaign(path, mods, observe=followed.observe)
    else:
        game = load(path, mods, observe=followed.observe)
    m = played(game)
    try:
        saved_players(path, m.sides)
        info = json.loads(read_regular(path, MAX_REPLAY_BYTES)).get(KEY)
        if not isinstance(info, dict):
            raise ContentError(str(path), "not a network game's save: resume it with play --load")
        saved = _seats(path, info, m, game)
        saved.followed = followed
        _keys(path, info, saved)
        saved.entries = _entries(path, info.get("entries"), saved, m)
    except BaseException:
        m.close()
        raise
    return saved


def _seats(path: Path, info: dict[str, Any], m: Played, game: Match | CampaignMatch) -> NetSave:
    ident, side, role, peer = (info.get(k) for k in ("game", "side", "role", "peer"))
    if not _hex(ident, 32):
        raise ContentError(f"{path}: {KEY}.game", "a game id of 32 hexadecimal digits")
    if role not in ROLES or not isinstance(peer, str):
        raise ContentError(f"{path}: {KEY}", "the role and the other player of a network game")
    if side not in m.sides:
        raise ContentError(f"{path}: {KEY}.side", "a side of the game")
    address, name, timer = info.get("address", ""), info.get("name", ""), info.get("timer", 0)
    if not isinstance(name, str):
        raise ContentError(f"{path}: {KEY}.name", "a player's name")
    if not (isinstance(address, str) and ADDRESS.fullmatch(address)):
        raise ContentError(f"{path}: {KEY}.address", "HOST:PORT, or nothing")
    if isinstance(timer, bool) or not isinstance(timer, int) or not 0 <= timer <= MAX_TIMER:
        raise ContentError(f"{path}: {KEY}.timer", f"seconds from 0 (none) to {MAX_TIMER}")
    named = clean_name(name) if name else ""
    return NetSave(game, str(ident), str(side), str(role), clean_name(peer), address, named, timer=timer)


def _keys(path: Path, info: dict[str, Any], saved: NetSave) -> None:
    """The seat's secret and the dice chains': a save of an older version has none."""
    for key, size in (("seat", 64), ("chain", 64), ("anchor", 32)):
        value = info.get(key)
        if not _hex(value, size):
            raise ContentError(
                f"{path}: {KEY}.{key}",
                f"{size} hexadecimal digits (a save of an older version: resume it on one machine with "
                "play --load)",
            )
        setattr(saved, key, value)


def _entries(path: Path, raw: object, saved: NetSave, m: Played) -> list[Entry]:
    """Each command's entry: its author, both chains' values (each following the one before, from its
    anchor) and both tags; its dice the save's roll of the command."""
    if not isinstance(raw, list) or len(raw) != len(m.commands):
        raise ContentError(f"{path}: {KEY}.entries", "one entry for each command")
    mine = Chain(saved.chain)
    last = {saved.role: mine.anchor, ("guest" if saved.role == "host" else "host"): saved.anchor}
    entries = []
    for n, item in enumerate(raw):
        at = f"{path}: {KEY}.entries[{n}]"
        if not (
            isinstance(item, list)
            and len(item) == 5
            and item[0] in ROLES
            and all(_hex(x, 32) for x in item[1:])
        ):
            raise ContentError(at, "the author, both values and both tags of a command")
        e = Entry.from_json(item)
        for role in ROLES:
            if not follows(e.values[role], last[role]):
                raise ContentError(at, f"the {role}'s dice value does not follow the one before it")
            last[role] = e.values[role]
        if m.rolls.get(n) != roll_seed(m.seed, n, e.values["host"], e.values["guest"]):
            raise ContentError(at, "the command's dice are not the ones its values draw")
        entries.append(e)
    return entries


def _hex(value: object, size: int) -> bool:
    return isinstance(value, str) and len(value) == size and HEX.fullmatch(value) is not None


def is_net_save(path: Path) -> bool:
    """A save of a network game that resumes over the network (loaded with load_net), without
    replaying it; anything unreadable is not one (loading it says why), nor is a network game's save
    of an older version, without the seats' secret (it goes on on one machine, as any save)."""
    try:
        data = json.loads(read_regular(path, MAX_REPLAY_BYTES))
    except (UserError, ValueError, RecursionError):
        return False
    kept = data.get(KEY) if isinstance(data, dict) else None
    return isinstance(kept, dict) and "seat" in kept
