"""Computer players of Open Wars: `random` (any legal choice) and `heuristic` (buys the most hits per
gold near the front, marches on what it does not hold when it is the stronger there, keeps its home,
retreats from a lost fight). They answer the same decisions, with the same commands, as a person."""

from __future__ import annotations

from collections import deque

from game.model import commands as cmd
from game.model.dice import Chooser
from game.model.resolution import Decision, Reject
from systems.open_wars.combat import FallBack, retreats
from systems.open_wars.moves import March, Recruit, barred, check_recruit, reachable, room_for
from systems.open_wars.records import UnitKind
from systems.open_wars.state import Campaign, Stack

CITY_WORTH = 6.0  # a city is worth its income and the recruits it allows
SAFE = 0.9  # march where the enemy is only when at least this strong against him
GIVE_UP = 0.45  # retreat from a fight when this weak against the enemy there


def strength(c: Campaign, stacks: list[Stack]) -> float:
    """Expected hits a round: a token hits on its attack or less (OW-COMBAT-5)."""
    return sum(s.count * c.unit(s.unit).attack / 6 for s in stacks)


def distances(c: Campaign, unit: UnitKind, start: str) -> dict[str, int]:
    """Steps from a location to every location the unit may walk to (ignoring costs and enemies)."""
    out = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for loc in c.neighbours(here):
            if loc not in out and not barred(c, unit, loc):
                out[loc] = out[here] + 1
                todo.append(loc)
    return out


def worth(c: Campaign, player: str, loc: str) -> float:
    spec = c.location(loc)
    if c.control[loc] == player:
        return 0.0
    value = spec.gold * 1.5 + spec.mana + (CITY_WORTH if spec.type == "city" else 0.0)
    return value * (1.5 if c.control[loc] is not None else 1.0)  # taking it from him counts twice


class OpenWarsPlayer:
    level = "random"

    def __init__(self, side: str, seed: int) -> None:
        self.side = side
        self.rng = Chooser(seed * 7919 + sum(map(ord, side)))

    def decide(self, c: Campaign, d: Decision) -> cmd.Command:
        handler = {"ow_recruit": self.recruit, "ow_move": self.move, "ow_combat": self.combat}[d.kind]
        return handler(c, d)

    def legal_recruits(self, c: Campaign, d: Decision) -> list[Recruit]:
        out = []
        for loc in d.options:
            for u in c.rules.factions[c.factions[self.side]].units:
                try:
                    check_recruit(c, self.side, Recruit(loc, u.id))
                except Reject:
                    continue
                out.append(Recruit(loc, u.id))
        return out

    def recruit(self, c: Campaign, d: Decision) -> cmd.Command:
        options = self.legal_recruits(c, d)
        return self.rng.pick(options) if options and self.rng.chance(0.6) else cmd.Pass()

    def move(self, c: Campaign, d: Decision) -> cmd.Command:
        if self.rng.chance(0.2):
            return cmd.Pass()
        stacks = [s for s in c.army(self.side) if s.moved < s.count and reachable(c, s)]
        s = self.rng.pick(stacks)
        path = self.rng.pick(list(reachable(c, s).values()))
        most = min(s.count - s.moved, room_for(c, self.side, path[-1], c.unit(s.unit)))
        return March(s.unit, path, self.rng.pick(list(range(1, most + 1))))

    def combat(self, c: Campaign, d: Decision) -> cmd.Command:
        if d.options and self.rng.chance(0.15):
            s = c.stack_of(self.side, d.stage, d.unit)
            assert s is not None
            to = self.rng.pick(list(d.options))
            return FallBack(d.stage, d.unit, to, min(s.count, room_for(c, self.side, to, c.unit(s.unit))))
        return cmd.Pass()


class OpenWarsHeuristic(OpenWarsPlayer):
    level = "heuristic"

    def recruit(self, c: Campaign, d: Decision) -> cmd.Command:
        """The unit with the most hits per gold (movement breaks ties), in the city nearest the enemy."""
        options = self.legal_recruits(c, d)
        if not options:
            return cmd.Pass()
        enemy_home = next(p.home for p in c.map.spec.players if p.id != self.side)

        def value(r: Recruit) -> tuple[float, float]:
            u = c.unit(r.unit)
            walk = distances(c, u, r.location)
            front = -walk.get(enemy_home, 99)
            useful = 0.2 if u.type == "water" else 1.0  # a ship guards a lake, it takes no city
            return (u.attack / u.cost * useful + u.movement * 0.02, front)

        return max(options, key=value)

    def move(self, c: Campaign, d: Decision) -> cmd.Command:
        best: tuple[float, March] | None = None
        for s in sorted(c.army(self.side), key=lambda x: -strength(c, [x])):
            free = s.count - s.moved
            if free <= 0:
                continue
            if self.keeps(c, s):
                continue
            unit = c.unit(s.unit)
            for loc, path in reachable(c, s).items():
                going = min(free, room_for(c, self.side, loc, unit))
                mine = strength(c, [*c.stacks_at(loc, self.side), Stack(self.side, s.unit, loc, going)])
                theirs = strength(c, [x for x in c.stacks_at(loc) if x.player != self.side])
                if theirs and mine < SAFE * theirs:
                    continue
                score = self.pull(c, unit, loc) - self.pull(c, unit, s.location)
                if theirs:
                    score += 1.0  # a fight it should win
                if score > 0.05 and (best is None or score > best[0]):
                    best = (score, March(s.unit, path, going))
        return best[1] if best is not None else cmd.Pass()

    def pull(self, c: Campaign, unit: UnitKind, loc: str) -> float:
        """How much a location draws the unit: what it is worth here and near, less for distance."""
        walk = distances(c, unit, loc)
        return max((worth(c, self.side, x) / (1 + 1.5 * n) for x, n in walk.items()), default=0.0)

    def keeps(self, c: Campaign, s: Stack) -> bool:
        """The last tokens in a city it holds stay there while enemies are two steps away or less."""
        if (
            c.location(s.location).type != "city"
            or sum(x.count for x in c.stacks_at(s.location, self.side)) > s.count
        ):
            return False
        near = distances(c, c.unit(s.unit), s.location)
        return any(x.player != self.side and near.get(x.location, 9) <= 2 for x in c.stacks)

    def combat(self, c: Campaign, d: Decision) -> cmd.Command:
        s = c.stack_of(self.side, d.stage, d.unit)
        assert s is not None
        mine = strength(c, list(c.stacks_at(d.stage, self.side)))
        theirs = strength(c, [x for x in c.stacks_at(d.stage) if x.player != self.side])
        options = retreats(c, s)
        if options and mine < GIVE_UP * theirs:
            home = next(p.home for p in c.map.spec.players if p.id == self.side)
            walk = distances(c, c.unit(s.unit), home)
            to = min(options, key=lambda x: walk.get(x, 99))
            return FallBack(d.stage, d.unit, to, min(s.count, room_for(c, self.side, to, c.unit(s.unit))))
        return cmd.Pass()


PLAYERS = {"random": OpenWarsPlayer, "heuristic": OpenWarsHeuristic}
