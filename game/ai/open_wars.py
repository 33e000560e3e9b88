"""Computer players of Open Wars: `random` (any legal choice) and `heuristic` (buys the most hits per
gold for its faction near the front, marches on what it does not hold when it is the stronger there,
keeps its home, retreats from a lost fight, shoots and casts where the exact odds make it worth the
mana). They answer the same decisions, with the same commands, as a person."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from game.ai.open_wars_magic import spell_parts
from game.ai.reasons import Thought, Weighed, weighed
from game.model import commands as cmd
from game.model.dice import FACES, Chooser
from game.model.resolution import Decision, Reject
from systems.open_wars.combat import FallBack, TakeHit, retreats
from systems.open_wars.homes import rising
from systems.open_wars.magic import Cast, castings
from systems.open_wars.maps import OpenWarsMap
from systems.open_wars.moves import March, Recruit, bars, check_recruit, reachable, room_for
from systems.open_wars.odds import save_chance
from systems.open_wars.records import UnitKind
from systems.open_wars.state import Campaign, Stack
from systems.open_wars.volley import Shoot, shot_losses, targets

CITY_WORTH = 6.0  # a city is worth its income and the recruits it allows
SAFE = 0.9  # march where the enemy is only when at least this strong against him
GIVE_UP = 0.45  # retreat from a fight when this weak against the enemy there


def state_key(c: Campaign) -> tuple[object, ...]:
    """What an answer kept while the player thinks depends on: the campaign, everything that happened
    in it, and the spells in force (a spell supposed, game/ai/open_wars_spells.py, changes only them)."""
    return (id(c), len(c.events), tuple((x.spell, x.location, x.caster) for x in c.charms))


def rating(u: UnitKind) -> float:
    """Expected hits a round of a token (OW-COMBAT-5), longer-lived by its armour."""
    return u.attack / FACES / (1 - save_chance(u))


def keep_worth(u: UnitKind) -> float:
    """What a token is worth keeping in a fight beside others of its price: its hits a round, more with
    range (it shoots before the fights) and more for acting sooner."""
    return rating(u) * (1 + 0.5 * min(u.range, 2)) + 0.01 * u.initiative


def strength(c: Campaign, stacks: list[Stack]) -> float:
    return sum(s.count * rating(c.unit(s.unit)) for s in stacks)


def distances(c: Campaign, unit: UnitKind, start: str, player: str) -> dict[str, int]:
    """Steps from a location to every location the unit may walk to (ignoring costs and enemies); the
    same for every unit that water bars alike. What bars a step is the map and the spells that change
    the ground or bar a place (`bars`): each answer is kept by those, for every campaign on the map (the
    copies that suppose a spell included) and whatever else happens in it."""
    kind = unit.type if unit.type in ("water", "flying") else "land"
    spells = tuple((x.kind, x.location, x.terrain, x.caster) for x in c.charms if x.kind in _BARRING)
    known = _walks.get(id(c.map))
    if known is None or known[0] is not c.map:  # by the map object itself, kept with its answers
        if len(_walks) >= 8:
            _walks.clear()
        known = _walks[id(c.map)] = (c.map, {})
    memo = known[1]
    key = (kind, start, player, spells)
    if key not in memo:
        if len(memo) > 4096:
            memo.clear()
        memo[key] = _walk(c, unit, start, player)
    return memo[key]


_BARRING = ("terrain", "barrier")  # the spells' kinds that `bars` reads (ground, barred_by_spell)
_walks: dict[int, tuple[OpenWarsMap, dict[tuple[object, ...], dict[str, int]]]] = {}


def _walk(c: Campaign, unit: UnitKind, start: str, player: str) -> dict[str, int]:
    out = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for loc in c.neighbours(here):
            if loc not in out and not bars(c, unit, loc, player):
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
            "ow_hits": self.hit,
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

    def hit(self, c: Campaign, d: Decision) -> cmd.Command:
        """OW-COMBAT-7: any of the tokens offered takes the hit, or the default order."""
        return TakeHit(d.stage, self.rng.pick(list(d.options))) if self.rng.chance(0.5) else cmd.Pass()

    def volley(self, c: Campaign, d: Decision) -> cmd.Command:
        s = c.stack_of(self.side, d.stage, d.unit)
        assert s is not None
        options: list[cmd.Command] = [Shoot(d.stage, d.unit, t) for t in d.options]
        options += castings(c, self.side, "combat", s)
        return self.rng.pick(options) if options and self.rng.chance(0.7) else cmd.Pass()


class OpenWarsHeuristic(OpenWarsPlayer):
    level = "heuristic"
    thought: Thought | None = None  # the reasons of its last march (`simulate --why`)

    def __init__(self, side: str, seed: int) -> None:
        super().__init__(side, seed)
        self._threats: dict[tuple[object, ...], float] = {}
        self._best: dict[tuple[object, ...], float] = {}
        self._marched = -1  # the turn of its last march
        self._reach: dict[tuple[object, ...], dict[str, tuple[str, ...]]] = {}
        self._worths: dict[tuple[object, ...], dict[str, float]] = {}

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

        ranked = sorted(options, key=value, reverse=True)
        best = ranked[0]
        chosen = best if value(best)[0] > 0 else cmd.Pass()
        said = [weighed(r, {"worth": value(r)[0]}) for r in ranked if r is not chosen][:4]
        first = weighed(chosen, {"worth": value(best)[0]} if chosen is best else {})
        self.thought = Thought("ow_recruit", self.side, (first, *said), len(options))
        return chosen

    def move(self, c: Campaign, d: Decision) -> cmd.Command:
        """A movement spell worth its mana first (they are cast before the caster marches), else the
        march worth most: what it draws near less what it leaves exposed (a city or a fight an enemy
        can reach this turn, `exposure`), into a fight only where it dares (`dares`); its reasons kept
        in `thought`, a city left to an enemy said as a loss of safety, each spell with its parts."""
        turn = c.game.round if c.game else 0
        spells = [] if self._marched == turn else self.spells_weighed(c, castings(c, self.side, "movement"))
        options, looked = self.marches(c, c.army(self.side))
        options.sort(key=lambda w: -w.value)
        hold = weighed(cmd.Pass(), {})
        cast = spells[0] if spells and spells[0].value > 0 else None
        chosen = cast or (options[0] if options and options[0].value > 0.05 else hold)
        weighed_spells = [w for w in spells if any(k != "mana" for k, _ in w.parts)]  # those of any use
        others = [w for w in [*weighed_spells[:2], *options, hold] if w is not chosen][:4]  # not done
        weighed_all = looked + len(spells) + 1  # and holding
        self.thought = Thought("ow_move", self.side, (chosen, *others), weighed_all)
        if isinstance(chosen.command, March):
            self._marched = turn  # its spells come before its marches: weighed no more this turn
        return chosen.command

    def marches(self, c: Campaign, stacks: list[Stack]) -> tuple[list[Weighed], int]:
        """Every march of the stacks' unmoved tokens it would send, weighed, and how many it looked at."""
        options: list[Weighed] = []
        looked = 0
        for s in sorted(stacks, key=lambda x: -strength(c, [x])):
            free = s.count - s.moved
            if free <= 0:
                continue
            unit = c.unit(s.unit)
            for loc, path in self.reach(c, s).items():
                room = min(free, room_for(c, self.side, loc, unit))
                for going in self.counts(c, loc, room):
                    looked += 1
                    chance = self.dares(c, Stack(self.side, s.unit, loc, going))
                    if chance is not None:
                        parts = self.march_parts(c, s, loc, going, chance)
                        options.append(weighed(March(s.unit, path, going), parts))
        return options, looked

    def counts(self, c: Campaign, loc: str, room: int) -> tuple[int, ...]:
        """How many tokens it weighs sending: all that fit."""
        return (room,)

    def march_parts(self, c: Campaign, s: Stack, loc: str, going: int, chance: float) -> dict[str, float]:
        parts = {"objectives": self.pull(c, c.unit(s.unit), loc) - self.pull(c, c.unit(s.unit), s.location)}
        if chance < 1.0:
            parts["odds"] = chance  # a fight it should win
        risk = self.exposure(c, s, going)
        if risk:
            parts["safety"] = -risk
        return parts

    def best_march(self, c: Campaign, stacks: list[Stack]) -> float:
        """The worth of the best march of the stacks given (0: none worth sending, as holding is), kept
        while nothing happens (every spell weighed asks it of the campaign as it is)."""
        key = (*state_key(c), tuple((s.location, s.unit) for s in stacks))
        if key not in self._best:
            if len(self._best) > 256:
                self._best.clear()
            self._best[key] = max((w.value for w in self.marches(c, stacks)[0] if w.value > 0), default=0.0)
        return self._best[key]

    def held(self, c: Campaign, places: Iterable[str]) -> float:
        """The worth of what it holds or fights for among the places, each by how likely it keeps it
        against the enemies there and those that can still come this turn (its cities, and the tokens
        in a fight)."""
        total = 0.0
        for loc in places:
            mine = list(c.stacks_at(loc, self.side))
            city = c.location(loc).type == "city" and c.control[loc] == self.side
            if not city and not (mine and c.enemies_at(loc, self.side)):
                continue
            threat = self.threat_at(c, loc)
            kept = min(1.0, strength(c, mine) / threat) if threat > 0 else 1.0
            total += self.stake(c, loc, mine) * kept
        return total

    def guarding(self, c: Campaign, loc: str, more: list[Stack]) -> float:
        """What more tokens there add to keeping a city of its own or a fight it is in against the
        enemies there and those that can still come: the place's stake times how much likelier it is
        kept (summoned tokens, game/ai/open_wars_magic.py)."""
        city = c.location(loc).type == "city" and c.control[loc] == self.side
        if not city and not c.enemies_at(loc, self.side):
            return 0.0
        threat = self.threat_at(c, loc)
        if threat <= 0:
            return 0.0
        mine = list(c.stacks_at(loc, self.side))
        now = strength(c, mine)
        after = now + strength(c, more)
        return self.stake(c, loc, mine) * (min(1.0, after / threat) - min(1.0, now / threat))

    def stake(self, c: Campaign, loc: str, mine: list[Stack]) -> float:
        """What it loses with a place: a city's worth (twice its home's), the gold of its tokens there."""
        gold, mana = c.yields(loc)
        held = c.control[loc] == self.side
        stake = gold * 1.5 + mana + (CITY_WORTH if held and c.location(loc).type == "city" else 0.0)
        stake *= 2.0 if loc == home(c, self.side) else 1.0
        return stake + sum(x.count * c.unit(x.unit).cost for x in mine) * 0.5

    def dares(self, c: Campaign, arriving: Stack) -> float | None:
        """Whether it marches there: 1.0 where no enemy is, the strength ratio (capped at 1) where it
        is at least SAFE times as strong as the enemies, else None."""
        loc = arriving.location
        theirs = strength(c, self.defenders(c, loc))
        if not theirs:
            return 1.0
        mine = strength(c, [*c.stacks_at(loc, self.side), arriving])
        return min(1.0, mine / theirs) if mine >= SAFE * theirs else None

    def defenders(self, c: Campaign, loc: str) -> list[Stack]:
        """The enemy stacks a march there meets: those there, and the militia an enemy's home raises
        (OW-DEC-27)."""
        there = [x for x in c.stacks_at(loc) if x.player != self.side]
        militia = rising(c, loc, self.side)
        return [*there, militia] if militia is not None else there

    def exposure(self, c: Campaign, s: Stack, going: int) -> float:
        """What leaving costs: the worth of the place (a city it holds, doubly its home; a fight it is
        in) times how much less likely it is held against the enemies there or able to come this
        turn, were `going` tokens of the stack to leave."""
        loc = s.location
        held = c.control[loc] == self.side
        fight = c.enemies_at(loc, self.side)
        if not fight and not (held and c.location(loc).type == "city"):
            return 0.0
        threat = self.threat_at(c, loc)
        if threat <= 0:
            return 0.0
        mine = strength(c, list(c.stacks_at(loc, self.side)))
        left = mine - going * rating(c.unit(s.unit))
        gold, mana = c.yields(loc)
        stake = gold * 1.5 + mana + (CITY_WORTH if c.location(loc).type == "city" else 0.0)
        stake *= 2.0 if loc == home(c, self.side) else 1.0
        stake += left * 3.0 if fight else 0.0  # the tokens left behind in a fight they lose
        return stake * (min(1.0, mine / threat) - min(1.0, left / threat))

    def threat_at(self, c: Campaign, loc: str) -> float:
        """The strength of the enemies there and of those able to march there this turn (kept while
        nothing happens: every march asks it of the place it leaves)."""
        key = (*state_key(c), loc)
        if key not in self._threats:
            if len(self._threats) > 256:
                self._threats.clear()
            there = [x for x in c.stacks_at(loc) if x.player != self.side]
            self._threats[key] = strength(c, there + self.coming(c, loc))
        return self._threats[key]

    def reach(self, c: Campaign, s: Stack) -> dict[str, tuple[str, ...]]:
        """Where the stack's unmoved tokens can march (`reachable`), kept while nothing happens."""
        key = (*state_key(c), s.player, s.unit, s.location, s.count, s.moved)
        if key not in self._reach:
            if len(self._reach) > 1024:
                self._reach.clear()
            self._reach[key] = reachable(c, s)
        return self._reach[key]

    def coming(self, c: Campaign, loc: str) -> list[Stack]:
        """The enemy stacks elsewhere that can reach the location this turn (those of a player still
        to march: in the movement phase, those after it in the turn order)."""
        later = self.still_to_march(c)
        return [
            x
            for x in c.stacks
            if x.player in later and x.location != loc and x.moved < x.count and loc in self.reach(c, x)
        ]

    def still_to_march(self, c: Campaign) -> list[str]:
        order = c.playing()
        if c.game is None or c.game.phase != "movement" or self.side not in order:
            return c.rivals(self.side)
        return order[order.index(self.side) + 1 :]

    def pull(self, c: Campaign, unit: UnitKind, loc: str) -> float:
        """How much a location draws the unit: what it is worth here and near, less for distance."""
        walk = distances(c, unit, loc, self.side)
        worths = self.worths(c)
        return max((worths[x] / (1 + 1.5 * n) for x, n in walk.items()), default=0.0)

    def worths(self, c: Campaign) -> dict[str, float]:
        """Every location's worth to it now (kept while nothing happens)."""
        key = state_key(c)
        if key not in self._worths:
            if len(self._worths) > 16:
                self._worths.clear()
            self._worths[key] = {x: worth(c, self.side, x) for x in c.locations}
        return self._worths[key]

    def combat(self, c: Campaign, d: Decision) -> cmd.Command:
        """Attack, or fall back toward home from a fight it judges lost (`gives_up`)."""
        s = c.stack_of(self.side, d.stage, d.unit)
        assert s is not None
        options = retreats(c, s)
        if options and self.gives_up(c, d.stage):
            walk = distances(c, c.unit(s.unit), home(c, self.side), self.side)
            to = min(options, key=lambda x: walk.get(x, 99))
            return FallBack(d.stage, d.unit, to, min(s.count, room_for(c, self.side, to, c.unit(s.unit))))
        return cmd.Pass()

    def hit(self, c: Campaign, d: Decision) -> cmd.Command:
        """OW-COMBAT-7 (OW-DEC-11): of its cheapest tokens there, the one it values least takes the hit:
        the fewest hits a round (`rating`, longer-lived by armour), less for no range; ties to the
        default order (the options' first)."""
        unit = min(d.options, key=lambda u: (keep_worth(c.unit(u)), d.options.index(u)))
        return TakeHit(d.stage, unit)

    def gives_up(self, c: Campaign, loc: str) -> bool:
        mine = strength(c, list(c.stacks_at(loc, self.side)))
        return mine < GIVE_UP * strength(c, [x for x in c.stacks_at(loc) if x.player != self.side])

    def cast(self, c: Campaign, d: Decision) -> cmd.Command:
        """The collection's spell worth most beyond its mana, or none; its reasons kept in `thought`."""
        spells = self.spells_weighed(c, castings(c, self.side, "collection"))
        hold = weighed(cmd.Pass(), {})
        chosen = spells[0] if spells and spells[0].value > 0 else hold
        others = [w for w in [*spells, hold] if w is not chosen][:4]
        self.thought = Thought("ow_cast", self.side, (chosen, *others), len(spells) + 1)  # and holding
        return chosen.command

    def volley(self, c: Campaign, d: Decision) -> cmd.Command:
        """The shot or the combat spell that takes the most gold of enemy tokens by its exact odds (a
        spell's mana counted against it), or a spell that helps a fight of its own; else hold. Its
        reasons kept in `thought`: each shot with the gold it takes, each spell with its parts."""
        s = c.stack_of(self.side, d.stage, d.unit)
        assert s is not None
        shots: list[Weighed] = []
        for t in targets(c, s):
            shot = Shoot(d.stage, d.unit, t)
            gain = self.taken(c, t, shot_losses(c, s, shot))
            if gain > 0:
                shots.append(weighed(shot, {"hits": gain}))
        best = max(shots, key=lambda w: w.value, default=None)  # the first of the best
        spells = self.spells_weighed(c, castings(c, self.side, "combat", s))
        hold = weighed(cmd.Pass(), {})
        if spells and spells[0].value > 0 and (best is None or spells[0].value > best.value):
            chosen = spells[0]
        else:
            chosen = best or hold
        others = [w for w in [*sorted(shots, key=lambda w: -w.value), *spells, hold] if w is not chosen][:4]
        weighed_all = len(shots) + len(spells) + 1  # and holding
        self.thought = Thought("ow_volley", self.side, (chosen, *others), weighed_all)
        return chosen.command

    def taken(self, c: Campaign, loc: str, losses: dict[int, float]) -> float:
        """The gold of enemy tokens a roll is expected to take there (the cheapest fall first)."""
        victims = sorted(
            c.unit(x.unit).cost for x in c.stacks_at(loc) if x.player != self.side for _ in range(x.count)
        )
        return sum(p * sum(victims[:n]) for n, p in losses.items())

    def spells_weighed(self, c: Campaign, spells: list[Cast]) -> list[Weighed]:
        """Each cast weighed by its parts, best first (ties by spell and target, so it never hesitates)."""
        out = [weighed(a, self.spell_parts(c, a)) for a in spells]
        out.sort(key=lambda w: (-w.value, w.command.spell, w.command.target))  # type: ignore[attr-defined]
        return out

    def spell_parts(self, c: Campaign, a: Cast) -> dict[str, float]:
        """A spell's expected gain in gold by its parts, and its mana (game/ai/open_wars_magic.py)."""
        return spell_parts(self, c, a)


class OpenWarsEasy(OpenWarsHeuristic):
    """`easy` (OW-DEC-25): the heuristic player with a short sight: it buys the strongest token it can afford
    (not the most strength for its gold, and no mage or ship), weighs only what stands where a march
    ends (not what lies beyond it), keeps no guard in its cities and casts spells only for their dice.
    No dice of its own: a difference of judgement."""

    level = "easy"

    def recruit(self, c: Campaign, d: Decision) -> cmd.Command:
        options = [r for r in self.legal_recruits(c, d) if c.unit(r.unit).type not in ("magic", "water")]
        if not options:
            return cmd.Pass()

        def value(r: Recruit) -> tuple[float, int]:
            u = c.unit(r.unit)
            target = self.enemy_home(c, r.location, u)
            return (rating(u), -distances(c, u, r.location, self.side).get(target, 99) if target else 0)

        return max(options, key=value)

    def pull(self, c: Campaign, unit: UnitKind, loc: str) -> float:
        return self.worths(c)[loc]

    def exposure(self, c: Campaign, s: Stack, going: int) -> float:
        return 0.0

    def spell_parts(self, c: Campaign, a: Cast) -> dict[str, float]:
        return super().spell_parts(c, a) if c.rules.spells[a.spell].effect.kind == "hits" else {}
