"""A network game kept in the saves folder: a save like any other (it resumes as a game on one machine
too), with what going on over the network needs: the game's id, this machine's side and role, and the
other player's name. Both machines keep their own; resuming compares the two."""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from game.content.files import read_regular, stem
from game.content.mods import Mod
from game.model.errors import ContentError, UserError
from game.net.seat import clean_name
from game.net.wire import HEX
from game.running.match import MAX_REPLAY_BYTES, Match
from game.running.saves import HUMAN, NETWORK, load_game, rotate_autosaves, save_game, saves_dir

if TYPE_CHECKING:
    from game.net.ledger import Ledger

KEY = NETWORK
ADDRESS = re.compile(r"(|[A-Za-z0-9.:\[\]_-]{1,253}:\d{1,5})")  # a host name or address and a port


@dataclass
class NetSave:
    match: Match
    game: str  # the game's id (game/net/fair_dice.py)
    side: str  # the side this machine plays
    role: str  # "host" or "guest"
    peer: str  # the other player's name
    address: str = ""  # the guest's: the host it called, HOST:PORT (to call it again)
    name: str = ""  # this player's name in the game


def save_net(ledger: Ledger, about: dict[str, str], autosave: bool = False, path: Path | None = None) -> Path:
    """Write the game to `path`, or to a new file of the saves folder named for its role too (both
    machines may be one, and save in the same second); the autosaves of a role's games are kept as a
    scenario's (saves.rotate_autosaves: the newest few). `about`: the game's id, this machine's role
    and player's name, the other player's, and (a guest's) the address it called."""
    m = ledger.match
    own = f"{stem(m.scenario.id)}-{about['role']}"
    if path is None:
        rnd = m.battle.game.round if m.battle.game is not None else 0
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kind = "autosave" if autosave else "save"
        path = saves_dir() / f"{kind}-{own}-{stamp}-r{rnd}.json"
    players = {ledger.local: HUMAN, ledger.peer: HUMAN}  # on one machine it goes on as hotseat
    extra: dict[str, object] = {KEY: {**about, "side": ledger.local}}
    path = save_game(m, players, path, extra=extra)
    if autosave:
        rotate_autosaves(path.parent, own)
    return path


def load_net(path: Path, mods: tuple[Mod, ...] = ()) -> NetSave:
    """A saved network game; a save of a game on one machine is one line saying so."""
    m, _players = load_game(path, mods)  # every check of a save first
    try:
        info = json.loads(read_regular(path, MAX_REPLAY_BYTES)).get(KEY)
        if not isinstance(info, dict):
            raise ContentError(str(path), "not a network game's save: resume it with play --load")
        game, side, role, peer = (info.get(k) for k in ("game", "side", "role", "peer"))
        if not (isinstance(game, str) and len(game) == 32 and HEX.fullmatch(game)):
            raise ContentError(f"{path}: {KEY}.game", "a game id of 32 hexadecimal digits")
        if role not in ("host", "guest") or not isinstance(peer, str):
            raise ContentError(f"{path}: {KEY}", "the role and the other player of a network game")
        if side not in (m.battle.game.sides if m.battle.game is not None else []):
            raise ContentError(f"{path}: {KEY}.side", "a side of the battle")
        address, name = info.get("address", ""), info.get("name", "")
        if not isinstance(name, str):
            raise ContentError(f"{path}: {KEY}.name", "a player's name")
        if not (isinstance(address, str) and ADDRESS.fullmatch(address)):
            raise ContentError(f"{path}: {KEY}.address", "HOST:PORT, or nothing")
    except BaseException:
        m.battle.close()
        raise
    return NetSave(m, game, str(side), str(role), clean_name(peer), address, clean_name(name) if name else "")


def is_net_save(path: Path) -> bool:
    """A save of a network game (loaded with load_net, it resumes over the network), without
    replaying it; anything unreadable is not one (loading it says why)."""
    try:
        data = json.loads(read_regular(path, MAX_REPLAY_BYTES))
    except (UserError, ValueError, RecursionError):
        return False
    return isinstance(data, dict) and isinstance(data.get(KEY), dict)
