"""`hard`, Open Wars' strongest computer player (OW-DEC-25): the heuristic player (game/ai/open_wars.py)
with a longer judgement. It weighs a location's income for the turns left (what taking it now is
worth, not only how near it draws), takes an empty one with a single token and keeps the rest, comes
back to guard a city of its own an enemy can reach, counts the enemies still to march where it stops,
values the enemy's tokens it can destroy, attacks together (a fight the stacks that can all reach it
this turn would win is dared by the first of them, and the others follow), and reads a fight of a few
stacks by its exact odds (systems/open_wars/odds.py) where the others weigh strengths. Everything it
knows the others could know: it has no more gold, dice or time than they do."""

from __future__ import annotations

from game.ai.open_wars import SAFE, OpenWarsHeuristic, rating, state_key, strength
from game.model import commands as cmd
from game.model.resolution import Decision
from systems.open_wars.moves import March, room_for
from systems.open_wars.odds import combat_odds, supposed
from systems.open_wars.state import Campaign, Stack

EXACT_STACKS = 4  # a fight of at most this many stacks is weighed by its exact odds (they cost more)
INCOME = 0.5  # of a location's gold (and 0.6 a mana) each turn left: what taking it now is worth
TOGETHER = 1.2  # dares a fight its stacks able to get there this turn would be this much stronger in
DANGER = 0.5  # of the tokens and the income it risks where enemies still to march could be stronger
SPOILS = 0.5  # of the gold of enemy tokens in a fight it dares, by its chance


class OpenWarsHard(OpenWarsHeuristic):
    level = "hard"
    DARE = 0.45  # marches into a fight it wins at least this often (its exact odds)
    GIVE_UP_ODDS = 0.2  # retreats from one it wins less often than this

    def __init__(self, side: str, seed: int) -> None:
        super().__init__(side, seed)
        self._odds: dict[tuple[object, ...], float] = {}
        self._together: tuple[int, str] | None = None  # the turn and place of an attack it began

    def counts(self, c: Campaign, loc: str, room: int) -> tuple[int, ...]:
        """All that fit, or one token where no enemy is (a place is taken by one alone)."""
        return (room,) if self.defenders(c, loc) or room == 1 else (room, 1)

    def march_parts(self, c: Campaign, s: Stack, loc: str, going: int, chance: float) -> dict[str, float]:
        parts = super().march_parts(c, s, loc, going, chance)
        room = min(s.count - s.moved, room_for(c, self.side, loc, c.unit(s.unit)))
        if going < room:  # the rest stay: only so much of the pull goes with it
            parts["objectives"] *= going / room
        more = {
            "together": self.together(c, loc),
            "income": self.income(c, loc),
            "guard": self.guard(c, s, loc, going),
            "danger": -self.danger(c, s, loc, going),
            "spoils": self.spoils(c, loc, chance),
        }
        return {**parts, **{k: v for k, v in more.items() if v}}

    def move(self, c: Campaign, d: Decision) -> cmd.Command:
        chosen = super().move(c, d)
        if isinstance(chosen, March) and self.alone(c, chosen):
            self._together = (c.game.round if c.game else 0, chosen.path[-1])  # the others are to follow
        return chosen

    def alone(self, c: Campaign, m: March) -> bool:
        """A march into a fight that only its other stacks coming too make worth daring."""
        loc = m.path[-1]
        arriving = Stack(self.side, m.unit, loc, m.count)
        return bool(self.defenders(c, loc)) and OpenWarsHeuristic.dares(self, c, arriving) is None

    def together(self, c: Campaign, loc: str) -> float:
        """Following an attack it began this turn: the gold of its tokens already there, lost alone."""
        if self._together != (c.game.round if c.game else 0, loc) or not self.defenders(c, loc):
            return 0.0
        return sum(x.count * c.unit(x.unit).cost for x in c.stacks_at(loc, self.side))

    def income(self, c: Campaign, loc: str) -> float:
        """What taking an unheld location is worth: its yield each turn left (doubly an enemy's)."""
        if c.control[loc] == self.side or any(c.stacks_at(loc, self.side)):
            return 0.0  # its own, or being taken already
        g = c.game
        left = (g.max_rounds or 30) - g.round + 1 if g is not None else 1
        gold, mana = c.yields(loc)
        return (gold + 0.6 * mana) * max(1, left) * INCOME * (1.5 if c.control[loc] is not None else 1.0)

    def guard(self, c: Campaign, s: Stack, loc: str, going: int) -> float:
        """A march into a city of its own an enemy can reach: the worth it adds to keeping it."""
        if c.control[loc] != self.side or c.location(loc).type != "city":
            return 0.0
        return self.guarding(c, loc, [Stack(self.side, s.unit, loc, going)])

    def danger(self, c: Campaign, s: Stack, loc: str, going: int) -> float:
        """Where no enemy is yet but some still to march can come: the tokens and the income it risks,
        by how much weaker it would be there."""
        if self.defenders(c, loc):
            return 0.0
        threat = self.threat_at(c, loc)
        if threat <= 0:
            return 0.0
        unit = c.unit(s.unit)
        mine = strength(c, list(c.stacks_at(loc, self.side))) + going * rating(unit)
        return (1 - min(1.0, mine / threat)) * (going * unit.cost + self.income(c, loc)) * DANGER

    def spoils(self, c: Campaign, loc: str, chance: float) -> float:
        """The gold of the enemy's tokens in a fight it dares, by its chance."""
        gold = sum(x.count * c.unit(x.unit).cost for x in self.defenders(c, loc))
        return chance * gold * SPOILS

    def dares(self, c: Campaign, arriving: Stack) -> float | None:
        """What the strengths dare; then, in a fight of up to EXACT_STACKS stacks, what its exact odds
        (the marching tokens supposed there, as the screen shows them) dare; then a fight its stacks
        able to get there this turn would win together."""
        loc = arriving.location
        if not self.defenders(c, loc):
            return 1.0
        rough = super().dares(c, arriving)
        if rough is not None:
            return rough
        if len(supposed(c, loc, arriving)) <= EXACT_STACKS:
            key = (*state_key(c), loc, arriving.unit, arriving.count)
            if key not in self._odds:
                if len(self._odds) > 256:
                    self._odds.clear()
                self._odds[key] = combat_odds(c, loc, arriving).win.get(self.side, 0.0)
            if self._odds[key] >= self.DARE:
                return self._odds[key]
        theirs = strength(c, self.defenders(c, loc))
        mine = strength(c, [*c.stacks_at(loc, self.side), arriving, *self.helpers(c, arriving)])
        if self.together(c, loc):  # the attack it began: those there already count as begun
            return min(1.0, mine / theirs) * 0.99 if mine >= SAFE * theirs else None
        return min(1.0, mine / theirs) * 0.99 if mine >= TOGETHER * theirs else None

    def helpers(self, c: Campaign, arriving: Stack) -> list[Stack]:
        """Its other stacks (of other units) with tokens to march that can get there this turn, as
        many as fit."""
        loc = arriving.location
        out = []
        for x in c.army(self.side):
            free = x.count - x.moved
            if x.location == loc or x.unit == arriving.unit or free <= 0 or loc not in self.reach(c, x):
                continue
            out.append(Stack(self.side, x.unit, loc, min(free, room_for(c, self.side, loc, c.unit(x.unit)))))
        return out

    def gives_up(self, c: Campaign, loc: str) -> bool:
        if len(supposed(c, loc, None)) > EXACT_STACKS:
            return super().gives_up(c, loc)
        return combat_odds(c, loc).win.get(self.side, 0.0) < self.GIVE_UP_ODDS
