"""A game two machines play: the match, the digest of its events after each command, and whose turn
it is. Both a networked game and a game by turn files keep one on each machine; the two stay the same
game as long as each command gives the same digest on both."""

from __future__ import annotations

import hashlib
import json

from game.model import commands as cmd
from game.model.events import Event
from game.net.played import Played, played
from game.running.campaign_match import CampaignMatch
from game.running.match import Match


class Ledger:
    """`local`: the side this machine plays; the other is the peer's. `digests[k]`: the events'
    SHA-256 after the first k commands (a battle's as game.running.match.events_digest gives it; a
    campaign's over its events as they happen), kept as it grows."""

    def __init__(self, game: Played | Match | CampaignMatch, local: str) -> None:
        """A game that already holds commands (a save) is played again from its start, for the
        digest after each of them: the peer may stand at any of them."""
        p = played(game)
        done = list(p.commands)
        if done:
            p = p.restart()
        self.played = p
        self.local = local
        self.peer = next(s for s in p.sides if s != local)
        self._hash = hashlib.sha256()
        self.digests: list[str] = []
        self._catch_up()
        for c in done:
            self.apply(c)

    def _catch_up(self) -> None:
        for e in self.played.unhashed():
            self._hash.update(json.dumps(e.to_dict(), sort_keys=True).encode() + b"\n")
        self.digests.append(self._hash.hexdigest())

    @property
    def match(self) -> Match:
        """The battle played (a game of a campaign has none: `played` is the war)."""
        m = getattr(self.played, "match", None)
        assert isinstance(m, Match), "a campaign's ledger holds no battle's match"
        return m

    @property
    def count(self) -> int:
        """Commands applied so far."""
        return len(self.played.commands)

    @property
    def digest(self) -> str:
        return self.digests[-1]

    def digest_at(self, count: int) -> str | None:
        """The digest after `count` commands (None: this machine has not played that far)."""
        return self.digests[count] if 0 <= count < len(self.digests) else None

    def turn(self) -> str | None:
        """The side whose decision the game waits for (None: the game is over)."""
        d = self.played.pending
        return d.side if d is not None else None

    def apply(self, c: cmd.Command, roll: int | None = None) -> list[Event]:
        events = self.played.apply(c, roll)
        self._catch_up()
        return events

    @property
    def over(self) -> bool:
        return self.played.pending is None
