"""The volley (OW-UNIT-1, OW-MAGIC-5; OW-DEC-15, OW-DEC-17): the first step of the combat phase,
before any location's combat. Every stack that can shoot (a unit with range, not held in a fight where
it stands) or cast a combat spell (a magic unit) acts once, in initiative order across the map (ties
as in a combat: a die between players): it shoots at an enemy's tokens within its range in links, casts, or
holds. A shot is a D6 a token, hitting on its attack less a point a link beyond the first and less
its target's defence; hits fall cheapest first, as in a combat."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.model import commands as cmd
from game.model.resolution import Decision, Resolution, refuse
from systems.open_wars import modifiers as mod
from systems.open_wars.combat import attack_lines, casualties, foe, ordered, rank, roll_hits
from systems.open_wars.ending import asking
from systems.open_wars.magic import Cast, cast, castings, check_cast
from systems.open_wars.odds import losses_odds
from systems.open_wars.state import Campaign, Stack


@dataclass(frozen=True, slots=True)
class Shoot(cmd.Command):
    """OW-UNIT-1: the stack of `unit` in `location` shoots at the tokens in `target`, a location within
    its range; `player`: the enemy there it shoots at (empty: the strongest, OW-DEC-22)."""

    location: str
    unit: str
    target: str
    player: str | None = None


def engaged(c: Campaign, s: Stack) -> bool:
    """A stack sharing its location with enemies fights there and shoots nowhere else (OW-DEC-17)."""
    return c.enemies_at(s.location, s.player)


def targets(c: Campaign, s: Stack) -> tuple[str, ...]:
    """OW-UNIT-1: the locations within the stack's range (in links) holding enemy tokens, nearest first."""
    far = mod.reach(c, s)
    if far <= 0 or s.held or engaged(c, s):
        return ()
    hops = c.hops(s.location)
    near = [loc for loc, n in hops.items() if 0 < n <= far and c.enemies_at(loc, s.player)]
    return tuple(sorted(near, key=lambda loc: (hops[loc], list(c.locations).index(loc))))


def shot_value(c: Campaign, s: Stack, target: str, player: str) -> int:
    """The die each token's shot hits on (OW-DEC-17): its attack, less the links beyond the first, less
    the target's defence, 1 to 6."""
    value, _lines = attack_lines(c, s, mod.context(c, s, 0), player, target, c.hops(s.location)[target])
    return value


def check_shot(c: Campaign, s: Stack, a: Shoot) -> str:
    """Every condition of a shot, before anything changes; returns whom it falls on."""
    if a.location != s.location or a.unit != s.unit:
        raise refuse(
            "OW-UNIT-1", "reason_ow_turn_of", unit=c.unit(s.unit).name, location=c.location(s.location).name
        )
    if a.target not in targets(c, s):
        raise refuse("OW-UNIT-1", "reason_ow_out_of_reach", location=a.target, range=mod.reach(c, s))
    who = a.player or foe(c, a.target, s.player)
    if who is None or who == s.player or not any(c.stacks_at(a.target, who)):
        raise refuse("OW-UNIT-1", "reason_ow_no_enemy_there", location=c.location(a.target).name)
    return who


def shoot(c: Campaign, s: Stack, a: Shoot) -> Resolution:
    """OW-UNIT-1 (OW-DEC-17): the shot's dice, and its hits laid on the target's tokens by their player
    (OW-DEC-11)."""
    who = check_shot(c, s, a)
    far = c.hops(s.location)[a.target]
    value, lines = attack_lines(c, s, mod.context(c, s, 0), who, a.target, far)
    hits = roll_hits(c, s, value, lines, who, a.target, "shot", "OW-UNIT-1")
    yield from casualties(c, who, a.target, hits)


def shot_losses(c: Campaign, s: Stack, a: Shoot) -> dict[int, float]:
    """Before shooting: the exact chance of each number of tokens the shot takes (OW-UNIT-1). Pure."""
    who = a.player or foe(c, a.target, s.player)
    if who is None:
        return {}
    return losses_odds(c, a.target, who, s.count, shot_value(c, s, a.target, who))


def may_act(c: Campaign, s: Stack) -> bool:
    return bool(targets(c, s)) or bool(castings(c, s.player, "combat", s))


def volley_order(c: Campaign) -> list[Stack]:
    """OW-DEC-17: the stacks that may shoot or cast, in initiative order across the map; ties as in a
    combat (OW-COMBAT-4, OW-DEC-10): the players of stacks still tied roll a die each, the highest
    first, and one player's own go by unit, then by the map's order of their locations."""
    where = {loc: i for i, loc in enumerate(c.locations)}
    ready = [s for s in c.stacks if s.player not in c.out and may_act(c, s)]
    return ordered(c, ready, {id(s): rank(c, s) for s in ready}, lambda s: (s.unit, where[s.location]))


def volley(c: Campaign) -> Resolution:
    """OW-DEC-17: each stack that may shoot or cast acts once, in initiative order across the map."""
    for s in volley_order(c):
        if s.count <= 0 or s not in c.stacks or not may_act(c, s):
            continue  # fallen or emptied since the order was fixed
        decision = Decision("ow_volley", s.player, s.unit, targets(c, s), stage=s.location)
        answer = yield from asking(c, decision, _accepting(c, s))
        if isinstance(answer, Shoot):
            yield from shoot(c, s, answer)
        elif isinstance(answer, Cast):
            yield from cast(c, s.player, answer, "combat")


def _accepting(c: Campaign, s: Stack) -> Callable[[cmd.Command], None]:
    def accept(a: cmd.Command) -> None:
        if isinstance(a, Shoot):
            check_shot(c, s, a)
        elif isinstance(a, Cast):
            if (a.location, a.unit) != (s.location, s.unit):
                raise refuse(
                    "OW-DEC-15",
                    "reason_ow_turn_of",
                    unit=c.unit(s.unit).name,
                    location=c.location(s.location).name,
                )
            check_cast(c, s.player, a, "combat")
        elif not isinstance(a, cmd.Pass):
            raise refuse("OW-DEC-15", "reason_ow_shoot_cast_or_hold")

    return accept
