"""Computer players of Open Wars: `random` (any legal choice) and `heuristic` (buys the most hits per
gold for its faction near the front, marches on what it does not hold when it is the stronger there,
keeps its home, retreats from a lost fight, shoots and casts where the exact odds make it worth the
mana). They answer the same decisions, with the same commands, as a person."""

from __future__ import annotations

from collections import deque
from weakref import WeakKeyDictionary

from game.model import commands as cmd
from game.model.dice import FACES, Chooser
from game.model.resolution import Decision, Reject
from systems.open_wars.combat import FallBack, retreats
from systems.open_wars.magic import Cast, castings, spell_losses
from systems.open_wars.moves import March, Recruit, barring, check_recruit, reachable, room_for
from systems.open_wars.odds import save_chance
from systems.open_wars.records import UnitKind
from systems.open_wars.state import Campaign, Stack
from systems.open_wars.volley import Shoot, shot_losses, targets

CITY_WORTH = 6.0  # a city is worth its income and the recruits it allows
SAFE = 0.9  # march where the enemy is only when at least this strong against him
GIVE_UP = 0.45  # retreat from a fight when this weak against the enemy there
MANA_WORTH = 0.6  # gold a point of mana is worth kept for later: a spell must beat its cost at this


def rating(u: UnitKind) -> float:
    """Expected hits a round of a token (OW-COMBAT-5), longer-lived by its armour."""
    return u.attack / FACES / (1 - save_chance(u))


def strength(c: Campaign, stacks: list[Stack]) -> float:
    return sum(s.count * rating(c.unit(s.unit)) for s in stacks)


def distances(c: Campaign, unit: UnitKind, start: str, player: str) -> dict[str, int]:
    """Steps from a location to every location the unit may walk to (ignoring costs and enemies); the
    same for every unit that water bars alike, so each answer is kept while the player thinks."""
    kind = unit.type if unit.type in ("water", "flying") else "land"
    memo = _walks.get(c)
    if memo is None or memo[0] != len(c.events):  # something happened since (every change is an event)
        memo = _walks[c] = (len(c.events), {})
    key = (kind, start, player)
    if key not in memo[1]:
        memo[1][key] = _walk(c, unit, start, player)
    return memo[1][key]


_walks: WeakKeyDictionary[Campaign, tuple[int, dict[tuple[str, str, str], dict[str, int]]]] = (
    WeakKeyDictionary()
)


def _walk(c: Campaign, unit: UnitKind, start: str, player: str) -> dict[str, int]:
    out = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for loc in c.neighbours(here):
            if loc not in out and not barring(c, unit, loc, player):
                out[loc] = out[here] + 1
                todo.append(loc)
    return out


def worth(c: Campaign, player: str, loc: str) -> float:
    spec = c.location(loc)
    if c.control[loc] == player:
        return 0.0
    gold, mana = c.yields(loc)
    value = gold * 1.5 + mana + (CITY_WORTH if spec.type == "city" else 0.0)
    return value * (1.5 if c.control[loc] is not None else 1.0)  # taking it from him counts twice


def home(c: Campaign, player: str) -> str:
    return next(p.home for p in c.map.spec.players if p.id == player)


class OpenWarsPlayer:
    level = "random"

    def __init__(self, side: str, seed: int) -> None:
        self.side = side
        self.rng = Chooser(seed * 7919 + sum(map(ord, side)))

    def decide(self, c: Campaign, d: Decision) -> cmd.Command:
        handler = {
            "ow_recruit": self.recruit,
            "ow_move": self.move,
            "ow_combat": self.combat,
            "ow_cast": self.cast,
            "ow_volley": self.volley,
        }[d.kind]
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
        spells = castings(c, self.side, "movement")
        stacks = [s for s in c.army(self.side) if s.moved < s.count and reachable(c, s)]
        if spells and (not stacks or self.rng.chance(0.2)):
            return self.rng.pick(spells)
        if not stacks:
            return cmd.Pass()
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

    def cast(self, c: Campaign, d: Decision) -> cmd.Command:
        spells = castings(c, self.side, "collection")
        return self.rng.pick(spells) if spells and self.rng.chance(0.5) else cmd.Pass()

    def volley(self, c: Campaign, d: Decision) -> cmd.Command:
        s = c.stack_of(self.side, d.stage, d.unit)
        assert s is not None
        options: list[cmd.Command] = [Shoot(d.stage, d.unit, t) for t in d.options]
        options += castings(c, self.side, "combat", s)
        return self.rng.pick(options) if options and self.rng.chance(0.7) else cmd.Pass()


class OpenWarsHeuristic(OpenWarsPlayer):
    level = "heuristic"

    def enemy_home(self, c: Campaign, start: str, unit: UnitKind) -> str | None:
        """The nearest home of a player still in the game."""
        walk = distances(c, unit, start, self.side)
        homes = [home(c, p) for p in c.rivals(self.side)]
        return min(homes, key=lambda h: (walk.get(h, 99), h), default=None)

    def recruit(self, c: Campaign, d: Decision) -> cmd.Command:
        """The unit with the most worth per gold for what its faction can do (hits, range, armour,
        magic it has the mana for, upkeep it can pay), in the city nearest the enemy."""
        options = self.legal_recruits(c, d)
        if not options:
            return cmd.Pass()
        income = sum(c.yields(loc)[1] for loc, who in c.control.items() if who == self.side)
        upkeep = sum(
            s.count * keep.amount for s in c.army(self.side) if (keep := c.unit(s.unit).ability("upkeep"))
        )
        mages = sum(s.count for s in c.army(self.side) if c.unit(s.unit).type == "magic")

        def value(r: Recruit) -> tuple[float, float]:
            u = c.unit(r.unit)
            target = self.enemy_home(c, r.location, u)
            walk = distances(c, u, r.location, self.side)
            front = -walk.get(target, 99) if target else 0
            useful = 0.2 if u.type == "water" else 1.0  # a ship guards a lake, it takes no city
            hits = rating(u) * (1 + 0.5 * min(u.range, 2))
            bonus = sum(a.amount for a in u.abilities if a.kind == "bonus" and a.stat == "attack") * 0.05
            score = (hits + bonus) / u.cost * useful + u.movement * 0.02
            if u.type == "magic":
                score = 0.45 if mages < 1 + income // 3 and c.purses[self.side].mana + income >= 2 else 0.0
            keep = u.ability("upkeep")
            if keep is not None and upkeep + keep.amount > income + c.purses[self.side].mana // 3:
                score = 0.0  # it could not be paid for
            return (score, front)

        best = max(options, key=value)
        return best if value(best)[0] > 0 else cmd.Pass()

    def move(self, c: Campaign, d: Decision) -> cmd.Command:
        spell = self.best_cast(c, castings(c, self.side, "movement"))
        if spell is not None:
            return spell
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
        walk = distances(c, unit, loc, self.side)
        return max((worth(c, self.side, x) / (1 + 1.5 * n) for x, n in walk.items()), default=0.0)

    def keeps(self, c: Campaign, s: Stack) -> bool:
        """The last tokens in a city it holds stay there while enemies are two steps away or less."""
        if (
            c.location(s.location).type != "city"
            or sum(x.count for x in c.stacks_at(s.location, self.side)) > s.count
        ):
            return False
        near = distances(c, c.unit(s.unit), s.location, self.side)
        return any(x.player != self.side and near.get(x.location, 9) <= 2 for x in c.stacks)

    def combat(self, c: Campaign, d: Decision) -> cmd.Command:
        s = c.stack_of(self.side, d.stage, d.unit)
        assert s is not None
        mine = strength(c, list(c.stacks_at(d.stage, self.side)))
        theirs = strength(c, [x for x in c.stacks_at(d.stage) if x.player != self.side])
        options = retreats(c, s)
        if options and mine < GIVE_UP * theirs:
            walk = distances(c, c.unit(s.unit), home(c, self.side), self.side)
            to = min(options, key=lambda x: walk.get(x, 99))
            return FallBack(d.stage, d.unit, to, min(s.count, room_for(c, self.side, to, c.unit(s.unit))))
        return cmd.Pass()

    def cast(self, c: Campaign, d: Decision) -> cmd.Command:
        return self.best_cast(c, castings(c, self.side, "collection")) or cmd.Pass()

    def volley(self, c: Campaign, d: Decision) -> cmd.Command:
        """The shot or the combat spell that takes the most gold of enemy tokens by its exact odds (a
        spell's mana counted against it), or a spell that helps a fight of its own; else hold."""
        s = c.stack_of(self.side, d.stage, d.unit)
        assert s is not None
        best: tuple[float, cmd.Command] | None = None
        for t in targets(c, s):
            shot = Shoot(d.stage, d.unit, t)
            gain = self.taken(c, t, shot_losses(c, s, shot))
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, shot)
        spell = self.best_cast(c, castings(c, self.side, "combat", s))
        if spell is not None and (best is None or self.cast_worth(c, spell) > best[0]):
            return spell
        return best[1] if best is not None else cmd.Pass()

    def taken(self, c: Campaign, loc: str, losses: dict[int, float]) -> float:
        """The gold of enemy tokens a roll is expected to take there (the cheapest fall first)."""
        victims = sorted(
            c.unit(x.unit).cost for x in c.stacks_at(loc) if x.player != self.side for _ in range(x.count)
        )
        return sum(p * sum(victims[:n]) for n, p in losses.items())

    def best_cast(self, c: Campaign, spells: list[Cast]) -> Cast | None:
        scored = [(self.cast_worth(c, a), a) for a in spells]
        scored = [(v, a) for v, a in scored if v > 0]
        return max(scored, key=lambda x: (x[0], x[1].spell, x[1].target))[1] if scored else None

    def cast_worth(self, c: Campaign, a: Cast) -> float:
        """A spell's expected gain in gold, less its mana at MANA_WORTH (OW-MAGIC-4): hits by their exact
        odds, a bonus for a fight of its own or a curse on the enemy's, gold, mana, tokens summoned."""
        spell = c.rules.spells[a.spell]
        e = spell.effect
        cost = spell.cost * MANA_WORTH
        fight = c.enemies_at(a.target, self.side) and any(c.stacks_at(a.target, self.side))
        mine = sum(x.count for x in c.stacks_at(a.target, self.side))
        if e.kind == "hits":
            gain = self.taken(c, a.target, spell_losses(c, self.side, a))
        elif e.kind in ("attack", "defence") and fight:
            gain = (
                0.6 * abs(e.amount) * mine if e.friendly else 0.6 * abs(e.amount) * self.enemies(c, a.target)
            )
        elif e.kind == "initiative" and fight:
            gain = 0.3 * mine if e.friendly else 0.3 * self.enemies(c, a.target)
        elif e.kind == "gold":
            gain = e.amount if c.purses[self.side].gold < 12 else 0.0
        elif e.kind == "drain":
            who = c.control[a.target]
            gain = min(e.amount, c.purses[who].mana) * MANA_WORTH * 2 if who else 0.0
        elif e.kind == "summon":
            n = min(e.amount, room_for(c, self.side, a.target, c.unit(e.unit)))
            gain = n * c.unit(e.unit).cost
        elif e.kind == "barrier":
            threatened = c.location(a.target).type == "city" and c.control[a.target] == self.side
            gain = CITY_WORTH if threatened and self.threat(c, a.target) else 0.0
        else:  # movement, entry, terrain: left to a better player (the next engineer's AI)
            gain = 0.0
        return gain - cost

    def enemies(self, c: Campaign, loc: str) -> int:
        return sum(x.count for x in c.stacks_at(loc) if x.player != self.side)

    def threat(self, c: Campaign, loc: str) -> bool:
        """An enemy stack that can reach the location this turn."""
        return any(x.player != self.side and x.moved < x.count and loc in reachable(c, x) for x in c.stacks)


PLAYERS = {"random": OpenWarsPlayer, "heuristic": OpenWarsHeuristic}
