"""Games by file (play by e-mail): after each of his turns a player writes a turn file, the commands
since the last one; the other opens it, sees the turn and plays his own (docs/network.md).

Each player keeps the game in a folder of his own: every turn file of it, sent and received, in order
(`turn-0000.json` ...), and `game.json` (his side, his name, his dice secret). A turn file names its
game, its number and the seal of the turn before it, and is sealed itself (a SHA-256 of its content):
one that does not follow the last, that was edited, or whose commands do not give the digest its
sender saw is refused in one line. The dice as over the network, by file: turn 0 offers the game
with the starter's commitment, turn 1 accepts it with the other's secret, turn 2 reveals the
starter's secret (and holds his first turn if the battle begins with him)."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.content.files import read_regular, write_text
from game.model import commands as cmd
from game.model.errors import UserError
from game.model.events import Event
from game.net import fair_dice
from game.net.identity import CannotBuild, Identity, Offer, build_offered, differences, identity_of, offered
from game.net.ledger import Ledger, OnLedger
from game.net.played import is_campaign
from game.net.said import Said
from game.net.seat import Arrival, clean_name
from game.net.signing import new_private_key, public_key
from game.net.turn_files import (
    CURRENT,
    RECORD,
    Record,
    Refused,
    check_signed,
    default_folder,
    find_folder,
    fresh_folder,
    read_chain,
    read_turn,
    turn_data,
    turn_path,
    write_turn,
)


@dataclass
class FileGame(OnLedger):
    """A game by file on this machine: its folder, the game as its files leave it, the commands of
    the turn just opened (shown one by one: `step`), and this player's turn until it is written."""

    folder: Path
    record: Record
    chain: list[dict[str, Any]]
    ledger: Ledger | None = None
    queue: list[tuple[cmd.Command, str]] = field(default_factory=list)  # the opened turn: (command, side)
    # a campaign's opened turn, applied already as it was checked (one replay of the war, not two), its
    # commands shown one at a time all the same
    shown: list[Arrival] = field(default_factory=list)
    written: Path | None = None  # the turn file this machine wrote last: to send
    notices: list[Said] = field(default_factory=list)
    since: int = 0  # commands in the game when this player's turn began

    paced = True  # the turn opened is shown command by command

    @property
    def local(self) -> str:
        return self.record.side

    @property
    def peer_name(self) -> str:
        return self.record.peer

    @property
    def over(self) -> bool:
        return self.ledger is not None and self.ledger.over and not self.queue and not self.shown

    @property
    def state(self) -> str:
        """showing (the opened turn), playing (this player's turn), sent (waiting for the other's
        file), over."""
        if self.queue or self.shown:
            return "showing"
        if self.ledger is None:
            return "sent"
        if self.ledger.over:
            return "over"
        return "playing" if self.ledger.turn() == self.local else "sent"

    @property
    def my_turn(self) -> bool:
        return self.state == "playing"

    def take_notices(self) -> list[Said]:
        out, self.notices = self.notices, []
        return out

    def step(self) -> list[Arrival]:
        """The next command of the turn opened, applied here (it was checked when the file was)."""
        if self.shown:
            got = [self.shown.pop(0)]
            if not self.shown:
                self._turn_begins()
            return got
        if not self.queue or self.ledger is None:
            return []
        c, side = self.queue.pop(0)
        d = self.ledger.played.pending
        assert d is not None and d.side == side
        events = self.ledger.apply(c)
        if not self.queue:
            self._turn_begins()
        return [Arrival(c, d.side, d.kind, events)]

    def play(self, c: cmd.Command) -> list[Event]:
        """This player's command; once the game waits for the other side (or ends), his turn file
        is written."""
        assert self.ledger is not None and self.my_turn
        events = self.ledger.apply(c)
        if self.ledger.turn() != self.local:
            self._write_turn()
        else:  # kept at once: leaving and opening the file again goes on from here, never before
            given = [cmd.to_json(x) for x in self.ledger.played.commands[self.since :]]
            current = {"game": self.record.game, "after": len(self.chain), "commands": given}
            write_text(self.folder / CURRENT, json.dumps(current) + "\n")
        return events

    def close(self, reason: str = "") -> None:
        """Nothing is open between turns: the folder is the game."""

    def save(self, autosave: bool = False, path: Path | None = None) -> Path:
        """The folder keeps the game; a turn is kept once it is written."""
        return self.folder

    # --- the turns ---------------------------------------------------------------------------

    def _turn_begins(self) -> None:
        assert self.ledger is not None
        self.since = self.ledger.count
        if self.ledger.over:
            self.notices.append(Said("file_game_over"))
        elif self.ledger.turn() == self.local:
            self.notices.append(Said("file_your_turn", {"name": self.peer_name}))
        else:  # the starter's reveal, when the other side begins the battle
            self._write_turn()

    def _write_turn(self) -> None:
        assert self.ledger is not None
        n = len(self.chain)
        data = turn_data(
            self.record.game,
            n,
            self.chain[-1]["seal"],
            self.record,
            reveal=self.record.secret if n == 2 else None,
            commands=[cmd.to_json(c) for c in self.ledger.played.commands[self.since :]],
            count=self.ledger.count,
            digest=self.ledger.digest,
        )
        self.written = write_turn(self.folder, data, self.record.key)
        (self.folder / CURRENT).unlink(missing_ok=True)
        self.chain.append(data)
        self.since = self.ledger.count
        self.notices.append(Said("file_written", {"turn": n, "path": self.written, "name": self.peer_name}))


def _file_faults(what: Callable[..., FileGame]) -> Callable[..., FileGame]:
    """A fault of the file system (a folder's name too long for it, a file where a folder should be)
    met in a game's folder is one line naming the path, in the window as on the command line."""

    @functools.wraps(what)
    def guarded(*args: Any, **kwargs: Any) -> FileGame:
        try:
            return what(*args, **kwargs)
        except OSError as e:
            raise UserError(f"{e.filename or '?'}: {e.strerror or e}") from None

    return guarded


@_file_faults
def start(offer: Offer, name: str, folder: Path | None = None) -> FileGame:
    """A new game by file: its folder, and turn 0 (the offer and the starter's dice commitment), to
    send to the other player."""
    made = offered(offer, "by-file start")
    game = fair_dice.new_secret()[:32]
    folder = folder or default_folder(made.identity["scenario"]["id"], game)
    fresh_folder(folder)
    record = Record(
        game=game,
        side=made.mine,
        role="starter",
        name=clean_name(name),
        peer="",
        secret=fair_dice.new_secret(),
        key=new_private_key(),
        mods=[str(p) for p in offer.mods],
    )
    record.write(folder)
    offer_data = {
        "identity": made.identity,
        "sides": {"starter": made.mine, "joiner": made.theirs},
        "commit": fair_dice.commitment("starter", record.secret),
        "key": public_key(record.key),
    }
    data = turn_data(game, 0, None, record, offer=offer_data)
    g = FileGame(folder, record, [])
    g.written = write_turn(folder, data, record.key)
    g.chain.append(data)
    g.notices.append(Said("file_written_first", {"path": g.written}))
    return g


@_file_faults
def open_turn(path: Path, name: str, folder: Path | None = None, mods: tuple[Path, ...] = ()) -> FileGame:
    """Open a turn file from the other player: checked against the game's folder, kept in it, and
    the game as it stood before its commands, with them to show. Turn 0 joins the game (and writes
    turn 1, the acceptance, to send back). Raises Refused naming what is wrong."""
    data = read_turn(path)
    if data["turn"] == 0:
        return _join(path, data, name, folder, mods)
    folder = folder or find_folder(data["game"])
    if folder is None or not (folder / RECORD).is_file():
        raise Refused("file_no_game", path=path, turn=data["turn"])
    record = Record.read(folder)
    if record.game != data["game"]:
        raise Refused("file_other_game", path=path, game=data["game"][:8], mine=record.game[:8])
    chain = read_chain(folder, record)
    n, k = data["turn"], len(chain)
    if data["from"]["side"] == record.side:
        if not (n < k and chain[n]["seal"] == data["seal"]):  # not one this folder wrote: its signature says
            check_signed(path, chain, data)
        raise Refused("file_own", path=path, name=record.peer or "?")
    given = tuple(Path(p) for p in record.mods) + mods
    if n == k - 1 and chain[n]["seal"] == data["seal"]:  # the turn in hand, left before it was written
        return _reopen(path, folder, record, chain, given)
    if n < k:
        raise Refused(
            "file_already" if chain[n]["seal"] == data["seal"] else "file_not_following",
            path=path,
            turn=n,
            last=k - 1,
        )
    if n > k:
        raise Refused("file_out_of_order", path=path, turn=n, expected=k)
    check_signed(path, chain, data)
    if data["previous"] != chain[-1]["seal"]:
        raise Refused("file_not_following", path=path, last=k - 1)
    if n == 1:
        differs = differences(chain[0]["offer"]["identity"], data["accept"]["identity"])
        if differs is not None:
            raise Refused("net_mismatch", name=clean_name(data["from"]["name"]), what=differs)
        record.peer = clean_name(data["from"]["name"])
    shown: list[Arrival] = []
    if is_campaign(chain[0]["offer"]["identity"]):  # a war is long to play again: once, its turn shown
        ledger = _replay(path, [*chain, data], record, given, upto=k + 1, shown=shown)
    else:  # the battle screen draws the game as the turn's commands come: it stands before them
        _replay(path, [*chain, data], record, given, upto=k + 1).played.close()  # every check, first
        ledger = _replay(path, [*chain, data], record, given, upto=k)
    write_text(turn_path(folder, n), path.read_text(encoding="utf-8"))
    record.mods = [str(p) for p in given]
    record.write(folder)
    g = FileGame(folder, record, [*chain, data], ledger, shown=shown)
    if not shown:
        kinds = ledger.played.kinds
        g.queue = [(cmd.from_json(raw, kinds), data["from"]["side"]) for raw in data["commands"]]
    count = len(data["commands"])
    g.notices.append(
        Said(f"file_opened_{'one' if count == 1 else 'many'}", {"turn": n, "name": record.peer, "n": count})
    )
    if not count:
        g._turn_begins()
    return g


def _reopen(
    path: Path, folder: Path, record: Record, chain: list[dict[str, Any]], mods: tuple[Path, ...]
) -> FileGame:
    """The turn file opened last, opened again: the game as it stands, this player's turn going on
    with the commands he gave before he left (kept one by one: a turn is never given twice)."""
    ledger = _replay(path, chain, record, mods, upto=len(chain))
    g = FileGame(folder, record, chain, ledger, since=ledger.count)
    kept = folder / CURRENT
    try:
        current = json.loads(read_regular(kept)) if kept.is_file() else {}
        if (
            isinstance(current, dict)
            and current.get("game") == record.game
            and current.get("after") == len(chain)
        ):
            for raw in current.get("commands", []):
                if ledger.turn() != record.side:
                    raise Refused("file_malformed", path=kept, field="commands")
                ledger.apply(cmd.from_json(raw, ledger.played.kinds))
    except (ValueError, RecursionError):
        ledger.played.close()
        raise Refused("file_malformed", path=kept, field="commands") from None
    except BaseException:
        ledger.played.close()
        raise
    if ledger.over:  # the file that ended the game, opened again: nothing to play, nothing to send
        g.notices.append(Said("file_game_over"))
        return g
    g.notices.append(
        Said("file_resumed", {"turn": len(chain) - 1, "name": record.peer, "count": ledger.count - g.since})
    )
    if ledger.turn() != record.side:  # kept to its end, not yet written
        g._write_turn()
    return g


def _join(
    path: Path, data: dict[str, Any], name: str, folder: Path | None, mods: tuple[Path, ...]
) -> FileGame:
    offer = data["offer"]
    folder = folder or default_folder(offer["identity"]["scenario"]["id"], data["game"])
    if (folder / RECORD).is_file() and Record.read(folder).game == data["game"]:
        raise Refused("file_already", path=path, turn=0)
    their: Identity = offer["identity"]
    try:
        probe = build_offered(their, 0, mods)
    except CannotBuild as e:
        raise Refused(e.said.key, **e.said.values) from None
    try:
        mine = identity_of(probe)
        sides = probe.sides
    finally:
        probe.close()
    peer = clean_name(data["from"]["name"])
    differs = differences(mine, their)
    if differs is not None:
        raise Refused("net_mismatch", name=peer, what=differs)
    chosen = offer["sides"]
    if sorted(sides) != sorted(chosen.values()) or data["from"]["side"] != chosen["starter"]:
        raise Refused("file_malformed", path=path, field="offer.sides")
    fresh_folder(folder)
    record = Record(
        game=data["game"],
        side=chosen["joiner"],
        role="joiner",
        name=clean_name(name),
        peer=peer,
        secret=fair_dice.new_secret(),
        key=new_private_key(),
        mods=[str(p) for p in mods],
    )
    record.write(folder)
    write_text(turn_path(folder, 0), path.read_text(encoding="utf-8"))
    accept = {"identity": mine, "secret": record.secret, "key": public_key(record.key)}
    reply = turn_data(data["game"], 1, data["seal"], record, accept=accept)
    g = FileGame(folder, record, [data])
    g.written = write_turn(folder, reply, record.key)
    g.chain.append(reply)
    g.notices.append(Said("file_written", {"turn": 1, "path": g.written, "name": peer}))
    return g


def _seed(path: Path, chain: list[dict[str, Any]], record: Record) -> int:
    """The battle's seed from the starter's secret (his own, or revealed in turn 2, which must keep
    the commitment of turn 0) and the joiner's (turn 1)."""
    joiner = chain[1]["accept"]["secret"]
    if record.role == "starter":
        return fair_dice.seed_of(record.secret, joiner)
    revealed = chain[2]["reveal"]
    if not fair_dice.keeps("starter", revealed, chain[0]["offer"]["commit"]):
        raise Refused("file_bad_reveal", path=path, name=record.peer)
    return fair_dice.seed_of(revealed, joiner)


def _replay(
    path: Path,
    chain: list[dict[str, Any]],
    record: Record,
    mods: tuple[Path, ...],
    upto: int,
    shown: list[Arrival] | None = None,
) -> Ledger:
    """The game from its turn files up to `upto` (not included), each command checked as its
    sender's to give, each file's digest and count checked after its commands; `shown` gets the last
    file's commands as applied, with their events."""
    try:
        game = build_offered(chain[0]["offer"]["identity"], _seed(path, chain, record), mods)
    except CannotBuild as e:
        raise Refused(e.said.key, **e.said.values) from None
    ledger = Ledger(game, record.side)
    try:
        for data in chain[2:upto]:
            sender = data["from"]["side"]
            where = turn_path(path.parent, data["turn"]) if data is not chain[-1] else path
            if ledger.over:  # no turn follows the end (a cheating sender's, or an older version's)
                raise Refused("file_after_end", path=where, turn=data["turn"])
            for i, raw in enumerate(data["commands"]):
                if ledger.turn() != sender:
                    raise Refused(
                        "file_out_of_turn", path=where, n=i + 1, name=clean_name(data["from"]["name"])
                    )
                try:
                    c = cmd.from_json(raw, game.kinds)
                    if cmd.to_json(c) != raw:  # a field left out reads as its default: the same events
                        raise Refused("file_not_as_written", path=where, n=i + 1)
                    d = game.pending
                    events = ledger.apply(c)
                    if shown is not None and data is chain[upto - 1] and d is not None:
                        shown.append(Arrival(c, d.side, d.kind, events))
                except Refused:
                    raise
                except ValueError as e:
                    raise Refused("file_bad_command", path=where, n=i + 1, why=str(e)) from None
                except Exception as e:  # a fault of the rules the command found: refused, never a crash
                    raise Refused("file_bad_command", path=where, n=i + 1, why=repr(e)[:160]) from None
            if ledger.count != data["count"] or ledger.digest != data["digest"]:
                raise Refused("file_digest", path=where)
            if ledger.turn() == sender:
                raise Refused("file_unfinished", path=where, name=clean_name(data["from"]["name"]))
    except BaseException:
        ledger.played.close()
        raise
    return ledger
