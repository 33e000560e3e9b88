"""How strong the computer players are, from the games they played each other: the share of games
each won with its 95% interval (Wilson), and one rating per player (Bradley–Terry) told as Elo points.

Pure arithmetic on records of games, no battles: `game/cli/tournament.py` plays and prints."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Z95 = 1.96  # the normal quantile of a two-sided 95% interval

# Each player also "plays" PRIOR virtual games against a phantom of strength 1, half of them won.
# Without it a player who won (or lost) every game has no finite best strength: the fit would run
# off to infinity. A tenth of a game moves a fit on tens of games by a few points at most.
PRIOR = 0.1

ELO = 400.0  # Elo's scale: 400 points between two players is a 10:1 strength ratio


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% confidence interval of a proportion (Wilson score interval; draws count half). Unlike
    p ± z·sqrt(p(1-p)/n) it stays inside 0..1 and is not zero-width at 0 or n wins of few games."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Share:
    """Some games of one player and what it won of them (a draw counts half)."""

    wins: float
    games: int

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def __add__(self, other: Share) -> Share:
        return Share(self.wins + other.wins, self.games + other.games)


@dataclass
class PairRecord:
    """The games two players played each other on one scenario. A draw is half a win to each, so
    wins_a + wins_b == games always, and the shares and the fit see a draw as a split point."""

    scenario: str
    a: str
    b: str
    games: int = 0
    wins_a: float = 0.0
    draws: int = 0

    def __post_init__(self) -> None:
        if self.a == self.b:  # the fit tells players apart by name: one against itself has no meaning
            raise ValueError(f"a pair of two different players, not {self.a!r} twice")

    @property
    def wins_b(self) -> float:
        return self.games - self.wins_a

    def add(self, winner: str | None) -> None:
        """One more game, won by `winner` (a or b) or drawn (None)."""
        if winner not in (self.a, self.b, None):
            raise ValueError(f"{winner!r} is not one of {self.a!r}, {self.b!r}")
        self.games += 1
        if winner is None:
            self.draws += 1
            self.wins_a += 0.5
        elif winner == self.a:
            self.wins_a += 1

    def of(self, player: str) -> Share:
        """`player`'s side of the record (nothing if it did not play in it)."""
        if player == self.a:
            return Share(self.wins_a, self.games)
        if player == self.b:
            return Share(self.wins_b, self.games)
        return Share(0.0, 0)


def bradley_terry(
    records: Iterable[PairRecord], prior: float = PRIOR, tolerance: float = 1e-10, max_steps: int = 100_000
) -> dict[str, float]:
    """Each player's strength p, such that i beats j with chance p_i / (p_i + p_j), fitted to every
    game by maximum likelihood with Hunter's MM iteration (2004): p_i <- W_i / sum_j n_ij / (p_i + p_j),
    which climbs the likelihood at every step and needs no step size. The phantom of PRIOR sits in
    both sums; it also fixes the scale (it has strength 1), so no renormalising is needed."""
    wins: dict[str, float] = {}
    met: dict[str, dict[str, int]] = {}  # met[i][j]: games i played j (records on scenarios summed)
    for r in records:
        wins[r.a] = wins.get(r.a, 0.0) + r.wins_a
        wins[r.b] = wins.get(r.b, 0.0) + r.wins_b
        met.setdefault(r.a, {})[r.b] = met.get(r.a, {}).get(r.b, 0) + r.games
        met.setdefault(r.b, {})[r.a] = met.get(r.b, {}).get(r.a, 0) + r.games
    p = dict.fromkeys(wins, 1.0)
    for _ in range(max_steps):
        change = 0.0
        for i in p:  # each update uses the others' newest strengths (converges faster, same fixed point)
            played = prior / (p[i] + 1.0) + sum(n / (p[i] + p[j]) for j, n in met[i].items())
            new = (wins[i] + prior / 2) / played
            change = max(change, abs(math.log(new / p[i])))
            p[i] = new
        if change < tolerance:
            break
    return p


def separated(records: Iterable[PairRecord]) -> bool:
    """Whether the players split into two groups one of which won every game against the other (a
    draw is half a win each way). Then the plain maximum likelihood sets the groups infinitely far
    apart (Zermelo 1929, Ford 1957): the games only say "far apart", the size of the gap is the prior's."""
    beat: dict[str, set[str]] = {}  # beat[i]: those i won at least half a game against
    beaten: dict[str, set[str]] = {}  # beaten[i]: those who won at least half a game against i
    for r in records:
        for x, y, w in ((r.a, r.b, r.wins_a), (r.b, r.a, r.wins_b)):
            beat.setdefault(x, set())
            beaten.setdefault(x, set())
            if w > 0:
                beat[x].add(y)
                beaten.setdefault(y, set()).add(x)
    if not beat:
        return False

    start = next(iter(beat))

    def reach(edges: dict[str, set[str]]) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            i = todo.pop()
            if i not in seen:
                seen.add(i)
                todo += edges[i]
        return seen

    # not separated exactly when every player can reach every other along "beat" edges (strongly
    # connected): one player reaches all forwards, and all reach it (it reaches all backwards)
    return len(reach(beat)) < len(beat) or len(reach(beaten)) < len(beaten)


def elo(strengths: dict[str, float], anchor: str) -> dict[str, float]:
    """Strengths as Elo-like points, `anchor` at 0: 400·log10 of each one's ratio to the anchor's, so
    100 points more is winning 64% of games against it, 400 points more about 91%."""
    base = strengths[anchor]
    return {k: ELO * math.log10(v / base) for k, v in strengths.items()}


def anchor_of(players: Sequence[str]) -> str:
    """The player rated 0: `random` (the floor every level should beat) if it plays, else the first."""
    return "random" if "random" in players else players[0]
