"""A game two machines play: the match, the digest of its events after each command, and whose turn
it is. Both a networked game and a game by turn files keep one on each machine; the two stay the same
game as long as each command gives the same digest on both."""

from __future__ import annotations

import hashlib
import json

from game.model import commands as cmd
from game.model.events import Event
from game.net.played import CampaignPlayed, Played, played
from game.running.campaign_match import CampaignMatch
from game.running.match import Match


class Digests:
    """The events' SHA-256 after each command of a game so far (`after[k]`: after its first k), taken
    as it is played, from the game's events not yet taken."""

    def __init__(self) -> None:
        self._hash = hashlib.sha256()
        self.after: list[str] = []

    def take(self, p: Played) -> list[Event]:
        """The events taken (those of the last command, once the game has its first)."""
        events = p.unhashed()
        for e in events:
            self._hash.update(json.dumps(e.to_dict(), sort_keys=True).encode() + b"\n")
        self.after.append(self._hash.hexdigest())
        return events


class Follower:
    """A save's game followed as it is loaded (its `observe`): the digest after each of its commands,
    so that its ledger need not play it again."""

    def __init__(self) -> None:
        self.played: Played | None = None
        self.digests = Digests()
        self.given: list[tuple[str, list[Event]]] = []  # each command's side and events, in order
        self._side = ""

    def observe(self, game: Match | CampaignMatch) -> None:
        if self.played is None:
            self.played = played(game)
            self.digests.take(self.played)
        else:
            self.given.append((self._side, self.digests.take(self.played)))
        d = self.played.pending
        self._side = d.side if d is not None else ""


class Ledger:
    """`local`: the side this machine plays; the other is the peer's. `digests[k]`: the events'
    SHA-256 after the first k commands (a battle's as game.running.match.events_digest gives it; a
    campaign's over its events as they happen), kept as it grows."""

    def __init__(
        self, game: Played | Match | CampaignMatch, local: str, followed: Follower | None = None
    ) -> None:
        """A game that already holds commands (a save) is played again from its start, for the
        digest after each of them (the peer may stand at any of them), unless it was `followed` as it
        was loaded."""
        p = played(game)
        done = list(p.commands)
        given: list[tuple[str, list[Event]]] | None = None
        if (
            followed is not None
            and followed.played is not None
            and len(followed.digests.after) == len(done) + 1
        ):
            p, self._digests, given = followed.played, followed.digests, followed.given
        else:
            if done:
                p = p.restart()
            self._digests = Digests()
        self.played = p
        self.local = local
        self.peer = next(s for s in p.sides if s != local)
        self.digests = self._digests.after
        if given is not None:  # taken as it was loaded: only the refused commands to count
            for side, events in given:
                self.count_refused(side, events)
            return
        self._catch_up()
        for c in done:
            self.apply(c)

    def _catch_up(self) -> None:
        self._digests.take(self.played)

    def count_refused(self, side: str, events: list[Event]) -> None:
        """A command of `side` applied, its events: what a record counts of the commands the rules
        refused (game/net/record.py); nothing here."""

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


class OnLedger:
    """What a game with a friend shows of its ledger, the same over the network and by file."""

    ledger: Ledger | None

    @property
    def played(self) -> Played | None:
        return self.ledger.played if self.ledger is not None else None

    @property
    def match(self) -> Match | None:
        """The battle played (None before it begins, and in a campaign: `campaign`)."""
        led = self.ledger
        return None if led is None or isinstance(led.played, CampaignPlayed) else led.match

    @property
    def campaign(self) -> CampaignMatch | None:
        p = self.played
        return p.match if isinstance(p, CampaignPlayed) else None
