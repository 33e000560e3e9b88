"""The campaign's strategic generals (easy, normal, hard): they answer the war's decisions with the
commands a person sends. They march on what is worth taking when they are the stronger there (their
armies in reach counted with them: concentration before battle; hard asks the battle the war foresees
instead, CAMP-DEC-24), stand or decline battle by the odds they are told, garrison the fortresses they
hold, recruit where their armies need men and make good their most worn brigades; a battle on the table
is played by the For Glory general of their level. Every candidate is checked with the rules' own
functions first."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from game.model import commands as cmd
from game.model.dice import Chooser
from game.model.resolution import Decision, Reject
from systems.campaign.aftermath import retreats
from systems.campaign.commands import (
    Decline,
    Detach,
    Fight,
    March,
    Muster,
    Recruit,
    Replenish,
    Resolve,
    Rest,
    Retreat,
)
from systems.campaign.forces import Army, Brigade
from systems.campaign.foresight import foreseen
from systems.campaign.marching import reachable, stops
from systems.campaign.odds import Odds, Prospect
from systems.campaign.orders import check_order, price, replenish_price
from systems.campaign.rules_module import MOVE, ORDERS, RESOLVE, RETREAT, WITHDRAW
from systems.campaign.state import War


@dataclass(frozen=True)
class Temper:
    """A level's strategic taste: how much stronger it wants to be before it attacks (its armies in
    reach counted or not), how weak it must be to decline battle, whether it concentrates, garrisons
    and makes good its worn brigades, and how much it errs."""

    attack: float  # its force over the enemy's, at least, to march on an army (foreseeing none)
    count_friends: bool  # its armies within a march count with the one that attacks
    decline: float  # below this share of the forces, the defender withdraws
    concentrate: bool
    garrison: bool
    replenish: bool
    noise: float  # a share of a target's worth it may misjudge
    # its share of the battle foreseen (CAMP-DEC-24: a win and half a draw), at least, to march on an
    # army: the odds the war will tell rather than a count of forces (docs/campaign-decisions.md, "Measured")
    foresee: float | None = None


LEVELS = {
    "easy": Temper(0.9, False, 0.25, False, False, False, 0.5),
    "normal": Temper(1.2, True, 0.35, False, True, True, 0.2),
    "hard": Temper(1.3, True, 0.4, True, True, True, 0.0, foresee=0.5),
}
PLACE_WORTH = 3.0  # a victory point of a place, in the worth of a brigade's point
CITY_WORTH = 1.5
GOLD_WORTH = 0.5


def power(w: War, brigades: Iterable[Brigade]) -> float:
    """A rough force: points, a fifth more for each point of quality modifier, less by hits."""
    rules = w.theatre.rules
    cap = rules.core.hits.destroyed_at
    return sum(
        rules.categories[b.category].points
        * (1 + 0.2 * rules.qualities[b.quality].modifier)
        * (cap - b.hits)
        / cap
        for b in brigades
    )


def army_power(w: War, a: Army) -> float:
    return power(w, list(a.brigades()))


def share(odds: Odds, side: str) -> float:
    """A side's share of a battle by its odds (CAMP-DEC-24): its chance of winning and half a draw's."""
    return odds.win[side] + odds.draw / 2


def force_at(w: War, loc: str, side: str, friends: bool) -> float:
    """A side's force at a place: its armies there, and those next to it that would march in
    (CAMP-DEC-8) when `friends`."""
    here = sum(army_power(w, a) for a in w.armies_at(loc, side))
    if friends:
        here += 0.7 * sum(army_power(w, a) for n in w.neighbours(loc) for a in w.armies_at(n, side))
    g = w.garrison_at(loc)
    if g is not None and g.side == side:
        here += power(w, g.brigades)
    return here


class CampaignGeneral:
    """A side's strategic general at a level; `resolve` says what it answers when asked whether to
    fight a battle on the table or to let the generals resolve it (CAMP-DEC-10)."""

    def __init__(
        self,
        side: str,
        seed: int,
        level: str,
        generals: Callable[[str, str, int], Any],
        resolve: str = "table",
    ) -> None:
        """`level`: a strategic level (easy, normal, hard: LEVELS), or a For Glory player without one
        (random, heuristic, a level with its temperament: "hard:aggressive"), who plays the war as the
        easiest level of its name's and fights its battles as named; `generals` makes For Glory's
        players by name (game/ai/players.py: make_player), one for each battle on the table."""
        self.side = side
        self.seed = seed
        self.level = level
        self.temper = LEVELS.get(level.partition(":")[0], LEVELS["easy"])
        self.resolve = resolve
        self.generals = generals
        self.rng = Chooser(seed)
        self._general: tuple[int, Any] | None = None

    def decide(self, w: War, d: Decision) -> cmd.Command:
        if w.battle is not None:  # a battle on the table: the For Glory general of this level
            return self.battle_general(w).decide(w.battle, d)
        handler = {ORDERS: self.orders, MOVE: self.move, WITHDRAW: self.withdraw, RETREAT: self.retreat,
                   RESOLVE: lambda w, d: Fight() if self.resolve == "table" else Resolve()}  # fmt: skip
        return handler[d.kind](w, d)

    def battle_general(self, w: War) -> Any:
        """The For Glory general of this level for the battle on the table (a new one each battle)."""
        number = len(w.fought)
        if self._general is None or self._general[0] != number:
            self._general = (number, self.generals(self.level, self.side, self.seed + number))
        return self._general[1]

    # --- orders -----------------------------------------------------------------------------

    def valid(self, w: War, c: cmd.Command) -> bool:
        try:
            check_order(w, self.side, c)
        except Reject:
            return False
        return True

    def orders(self, w: War, d: Decision) -> cmd.Command:
        for c in self.wanted_orders(w):
            if self.valid(w, c):
                return c
        return cmd.Pass()

    def wanted_orders(self, w: War) -> list[cmd.Command]:
        t = self.temper
        out: list[cmd.Command] = []
        mine = w.armies_of(self.side)
        if t.garrison:
            for a in mine:
                g = w.garrison_at(a.location)
                if w.places[a.location].fortress and g is None and a.size() > 5:
                    weakest = min(
                        a.brigades(), key=lambda b: (w.theatre.rules.categories[b.category].points, -b.hits)
                    )
                    out.append(Detach(a.id, weakest.id))
                if g is not None and g.side == self.side:
                    keep = 1 if w.places[a.location].fortress else 0
                    out += [Muster(a.id, b.id) for b in g.brigades[keep:]]
        if t.replenish:
            worn = sorted(
                ((b, a) for a in mine for b in a.brigades() if b.hits >= 2),
                key=lambda x: replenish_price(w, x[0]),
            )
            out += [Replenish(b.id) for b, _a in worn]
        for loc in self.rng.shuffled(w.cities(self.side)):
            raises = w.places[loc].raises
            if not raises:
                continue
            here = w.armies_at(loc, self.side)
            army = max(here, key=lambda a: a.size()).id if here else None
            cheap = min(raises, key=lambda c: price(w, c))
            horse = [c for c in raises if w.theatre.rules.categories[c].type == "cavalry"]
            pick = horse[0] if horse and self.rng.chance(0.25) else cheap
            if army or w.places[loc].fortress or self.level == "easy":
                out.append(Recruit(loc, pick, army))
        return out

    # --- movement ---------------------------------------------------------------------------

    def move(self, w: War, d: Decision) -> cmd.Command:
        a = w.find_army(d.options[0])
        assert a is not None
        paths = reachable(w, a)
        best, best_worth = None, self.stay_worth(w, a)
        for path in paths.values():
            worth = self.worth(w, a, path)
            if worth > best_worth:
                best, best_worth = path, worth
        return March(a.id, best) if best is not None else Rest(a.id)

    def jitter(self, value: float) -> float:
        n = self.temper.noise
        return value * (1 + self.rng.uniform(-n, n)) if n else value

    def stay_worth(self, w: War, a: Army) -> float:
        """Resting: worth its hits recovered, and holding the place when enemies are near."""
        worn = sum(b.hits for b in a.brigades())
        threat = any(w.armies_at(n, w.enemy(self.side)) for n in w.neighbours(a.location))
        held = w.control[a.location] == self.side
        return 0.3 * worn * held + (2.0 if threat and self.place_worth(w, a.location) else 0.0)

    def place_worth(self, w: War, loc: str) -> float:
        v = w.theatre.spec.victory.places.get(loc, 0)
        p = w.places[loc]
        return v * PLACE_WORTH + (CITY_WORTH if p.type == "city" else 0.0) + p.gold * GOLD_WORTH

    def worth(self, w: War, a: Army, path: tuple[str, ...]) -> float:
        """A march's worth: the place (when not ours and not already being taken by a friend), an
        enemy army there worth beating when this army, with its friends there (and those next to it,
        at normal), is the stronger by the level's margin, or (at hard) the battle the war foresees
        gives this side the level's share of it, and no friend there is already enough;
        a siege when three to one against the garrison; at hard, never where the enemy next to it
        outweighs us, and more beside friends near the enemy (concentration before battle); a little
        more the nearer the enemy."""
        t = self.temper
        loc = path[-1]
        enemy = w.enemy(self.side)
        already = force_at(w, loc, self.side, False)
        mine = army_power(w, a) + (force_at(w, loc, self.side, True) if t.count_friends else already)
        theirs = force_at(w, loc, enemy, t.count_friends)
        value = self.place_worth(w, loc) if w.control[loc] != self.side and not already else 0.0
        if theirs > 0:
            if t.foresee is not None:
                if self.foreseen_share(w, March(a.id, path)) < t.foresee:
                    return -1.0
            elif mine < t.attack * theirs:
                return -1.0
            enough = already >= 2 * theirs  # friends there beat them without this army
            value += 0.5 if enough else 2.0 + 0.5 * theirs
        elif stops(w, loc, self.side):  # an enemy garrison: a siege
            g = w.garrison_at(loc)
            if g is not None and mine < 3 * power(w, g.brigades):
                return -1.0
        front = min((w.hops(loc).get(x.location, 9) for x in w.armies_of(enemy)), default=9)
        if t.concentrate:  # gather with friends near the enemy, never alone within his reach
            danger = sum(army_power(w, x) for n in w.neighbours(loc) for x in w.armies_at(n, enemy))
            if danger > force_at(w, loc, self.side, True) + army_power(w, a):
                value -= 2.0
            elif front <= 2:
                friends = [
                    x for x in w.armies_of(self.side) if x is not a and w.hops(loc).get(x.location, 9) <= 1
                ]
                value += 0.5 * len(friends)
        else:
            value += 0.1 * self.rng.uniform(0, 1)
        return self.jitter(value + 0.5 / (1 + front))

    def foreseen_share(self, w: War, m: March) -> float:
        """This side's share (a win, and half a draw) of the battle the march would bring as the war
        foresees it (CAMP-DEC-24); 1 where the enemy could not stand, 0 where this side could not."""
        f = foreseen(w, m)
        if f is None:
            return 1.0
        if f.odds is None:
            return 0.0 if f.cannot == self.side else 1.0
        return share(f.odds, self.side)

    # --- battle ------------------------------------------------------------------------------

    def withdraw(self, w: War, d: Decision) -> cmd.Command:
        """Stand unless the odds told (CAMP-DEC-24) give this side less than its level's share of the
        battle (a draw counted half), or behind walls its garrison holds; forced, withdraw."""
        if d.stage == "forced":
            return Decline(self.safest(w, d.options))
        walls = w.places[d.unit].fortress and w.garrison_at(d.unit) is not None
        if isinstance(d.payload, Prospect):
            ours = share(d.payload.odds, self.side)
        else:
            mine = force_at(w, d.unit, self.side, True)
            theirs = force_at(w, d.unit, w.enemy(self.side), True)
            ours = mine / (mine + theirs) if mine + theirs else 1.0
        if ours >= self.temper.decline or walls:
            return cmd.Pass()
        return Decline(self.safest(w, d.options))

    def retreat(self, w: War, d: Decision) -> cmd.Command:
        return Retreat(d.unit, self.safest(w, d.options))

    def safest(self, w: War, options: tuple[str, ...]) -> str:
        enemy = w.enemy(self.side)

        def safety(loc: str) -> float:
            friends = sum(army_power(w, a) for a in w.armies_at(loc, self.side))
            danger = sum(army_power(w, a) for n in w.neighbours(loc) for a in w.armies_at(n, enemy))
            return friends - danger + (2.0 if w.control[loc] == self.side else 0.0)

        return max(options, key=safety)


def retreat_options(w: War, a: Army) -> tuple[str, ...]:
    return retreats(w, a)
