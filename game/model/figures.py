"""A game in figures, as records: each side's losses round by round, the dice it rolled and how lucky
they were against their exact odds, and each division's fate. game/running/stats.py counts a battle's
from its events; a game mode not played on a table counts its own (`GameMode.stats`)."""

from __future__ import annotations

from dataclasses import dataclass, field

# what a lucky roll brings, by the kind of roll: the hits a shot scores, a passed check, a melee won,
# an officer shot down
LUCK_KINDS = ("hits", "passes", "wins", "kills")


@dataclass
class Tally:
    """Rolls of one kind: how many, the good outcomes their exact odds promised, the ones they gave."""

    rolls: int = 0
    expected: float = 0.0
    got: int = 0


@dataclass
class SideStats:
    losses: dict[int, int] = field(default_factory=dict)  # round -> units destroyed or removed
    rolls: int = 0
    pips: int = 0  # the sum of the faces rolled
    sixes: int = 0
    ones: int = 0
    luck: dict[str, Tally] = field(default_factory=dict)  # LUCK_KINDS -> its rolls
    # the chance of each count of good outcomes over all the side's rolls of known odds (index = count)
    spread: list[float] = field(default_factory=lambda: [1.0])
    score: list[int] = field(default_factory=list)  # the mode's score at the end of round 1, 2, ...

    @property
    def mean_die(self) -> float:
        return self.pips / self.rolls if self.rolls else 0.0

    @property
    def good(self) -> int:
        return sum(t.got for t in self.luck.values())

    @property
    def percentile(self) -> float | None:
        """How many battles in a hundred, rolling the same rolls at the same odds, come out less lucky
        (ties count half): 50 is as expected. None without a roll of known odds."""
        if not self.luck:
            return None
        got = self.good
        below = sum(self.spread[:got])
        return 100 * (below + self.spread[got] / 2)

    def _add(self, kind: str, chances: list[float], got: int) -> None:
        """One roll of known odds: `chances[v]` is the chance of v good outcomes, `got` what it gave."""
        t = self.luck.setdefault(kind, Tally())
        t.rolls += 1
        t.expected += sum(v * p for v, p in enumerate(chances))
        t.got += got
        spread = [0.0] * (len(self.spread) + len(chances) - 1)
        for i, p in enumerate(self.spread):
            for v, q in enumerate(chances):
                spread[i + v] += p * q
        self.spread = spread


@dataclass
class Fate:
    division: str  # "" for a side's own fate, in a game without divisions (Open Wars' players)
    side: str
    removed_in: int | None  # the round the division left the field, None if it stood to the end
    why: str = ""
