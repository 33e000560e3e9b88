"""A game two machines play: the match, the digest of its events after each command, and whose turn
it is. Both a networked game and a game by turn files keep one on each machine; the two stay the same
game as long as each command gives the same digest on both."""

from __future__ import annotations

import hashlib
import json

from game.model import commands as cmd
from game.model.events import Event
from game.running.match import Match, restart


class Ledger:
    """`local`: the side this machine plays; the other is the peer's. `digests[k]`: the events'
    SHA-256 after the first k commands (game.running.match.events_digest's, kept as it grows)."""

    def __init__(self, match: Match, local: str) -> None:
        """A match that already holds commands (a save) is played again from its start, for the
        digest after each of them: the peer may stand at any of them."""
        done = match.commands
        if done:
            match.battle.close()
            match = restart(match)
        self.match = match
        self.local = local
        sides = match.battle.game.sides  # type: ignore[union-attr]
        self.peer = next(s for s in sides if s != local)
        self._hash = hashlib.sha256()
        self._hashed = 0
        self.digests: list[str] = []
        self._catch_up()
        for c in done:
            self.apply(c)

    def _catch_up(self) -> None:
        events = self.match.battle.events
        for e in events[self._hashed :]:
            self._hash.update(json.dumps(e.to_dict(), sort_keys=True).encode() + b"\n")
        self._hashed = len(events)
        self.digests.append(self._hash.hexdigest())

    @property
    def count(self) -> int:
        """Commands applied so far."""
        return len(self.match.commands)

    @property
    def digest(self) -> str:
        return self.digests[-1]

    def digest_at(self, count: int) -> str | None:
        """The digest after `count` commands (None: this machine has not played that far)."""
        return self.digests[count] if 0 <= count < len(self.digests) else None

    def turn(self) -> str | None:
        """The side whose decision the game waits for (None: the game is over)."""
        d = self.match.battle.pending
        return d.side if d is not None else None

    def apply(self, c: cmd.Command, roll: int | None = None) -> list[Event]:
        events = self.match.apply(c, roll)
        self._catch_up()
        return events

    @property
    def over(self) -> bool:
        return self.match.battle.pending is None
