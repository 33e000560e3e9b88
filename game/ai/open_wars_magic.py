"""What a spell is worth to Open Wars' computer players (OW-MAGIC-3, OW-DEC-16, OW-DEC-26, OW-DEC-31), in
gold, by its parts, less its mana at MANA_WORTH: a spell's dice by the enemy tokens they take (their
exact odds); a bonus, a curse, a shield, haste or terror by how much likelier it makes the caster the one
left in the fight at its target (the exact odds with the spell supposed in force, for a fight of a few
stacks) times what is at stake there; gold at its worth while the purse is short; a drain by the mana the
victim would have spent and the caster will; summoned tokens at part of their gold and at what they add
to keeping the place; a spell on the going by what it adds to the marches and the holds near it
(game/ai/open_wars_spells.py). The player's own judgement of marches, holds and fights is handed in
(`Judge`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from game.ai.open_wars_spells import GOING, going_parts, supposing
from systems.open_wars.magic import Cast, cast_cost, spell_losses
from systems.open_wars.moves import room_for
from systems.open_wars.odds import combat_odds
from systems.open_wars.state import Campaign, Stack

MANA_WORTH = 0.6  # gold a point of mana is worth kept for later: a spell must beat its cost at this
ODDS_STACKS = 4  # a fight of at most this many stacks is weighed by its exact odds (they cost more)
SUMMONED = 0.75  # of a summoned token's gold: it marches no more this turn and comes where it is cast
GOLD_SHORT = 12  # gold a purse is short of: a spell's gold counts while the purse holds less
VICTIM_LOSS = 0.75  # of the mana a drain takes: its worth to a victim who spends mana (not at once)


class Judge(Protocol):
    """What a computer player judges that a spell's worth asks of it."""

    side: str

    def taken(self, c: Campaign, loc: str, losses: dict[int, float]) -> float: ...

    def best_march(self, c: Campaign, stacks: list[Stack]) -> float: ...

    def held(self, c: Campaign, places: Iterable[str]) -> float: ...

    def reach(self, c: Campaign, s: Stack) -> dict[str, tuple[str, ...]]: ...

    def stake(self, c: Campaign, loc: str, mine: list[Stack]) -> float: ...

    def guarding(self, c: Campaign, loc: str, more: list[Stack]) -> float: ...


def spell_parts(judge: Judge, c: Campaign, a: Cast) -> dict[str, float]:
    """A cast's expected gain in gold by its parts, and its mana."""
    e = c.rules.spells[a.spell].effect
    mana = {"mana": -cast_cost(c, a) * MANA_WORTH}
    if e.kind in GOING:
        links = max(u.movement for f in c.factions.values() for u in c.rules.factions[f].units)
        parts = going_parts(c, judge.side, a, judge.best_march, judge.held, judge.reach, links)
        return {**parts, **mana}
    gain = 0.0
    if e.kind == "hits":
        gain = judge.taken(c, a.target, spell_losses(c, judge.side, a))
    elif e.kind in ("attack", "defence", "initiative"):
        gain = fight_gain(judge, c, a)
    elif e.kind == "gold":
        gain = e.amount if c.purses[judge.side].gold < GOLD_SHORT else 0.0
    elif e.kind == "drain":
        gain = drain_gain(c, judge.side, a)
    elif e.kind == "summon":
        return {**summon_parts(judge, c, a), **mana}
    return {e.kind: gain, **mana}


def fight_gain(judge: Judge, c: Campaign, a: Cast) -> float:
    """A combat spell's worth to a fight of the caster's at its target: how much likelier he is the one
    left there (the exact odds before and with the spell, in a fight of up to ODDS_STACKS stacks) times
    the gold of every token there and the place's stake; in a larger fight, a rough share of it by the
    tokens it touches. No fight of his there: nothing (the screen offers no such cast where it changes
    nothing, OW-DEC-31)."""
    here = list(c.stacks_at(a.target))
    players = {s.player for s in here}
    if judge.side not in players or len(players) < 2:
        return 0.0
    e = c.rules.spells[a.spell].effect
    mine = [s for s in here if s.player == judge.side]
    at_stake = sum(x.count * c.unit(x.unit).cost for x in here) + judge.stake(c, a.target, [])
    if len(here) > ODDS_STACKS:
        touched = sum(x.count for x in here if (x.player == judge.side) == e.friendly)
        return 0.1 * abs(e.amount) * touched * (0.5 if e.kind == "initiative" else 1.0)
    before = combat_odds(c, a.target).win.get(judge.side, 0.0)
    after = combat_odds(supposing(c, judge.side, a), a.target).win.get(judge.side, 0.0)
    return (after - before) * at_stake if mine else 0.0


def uses_mana(c: Campaign, player: str) -> bool:
    """Whether the player has anything to spend mana on: a magic unit, a unit's upkeep, a card's rite."""
    if any(c.unit(s.unit).type == "magic" or c.unit(s.unit).ability("upkeep") for s in c.army(player)):
        return True
    return any(
        t.kind == "rite"
        for loc, who in c.control.items()
        if who == player and (card := c.card(loc)) is not None
        for t in card.traits
    )


def drain_gain(c: Campaign, player: str, a: Cast) -> float:
    """A drain's worth: the mana it takes at its worth to the caster, and VICTIM_LOSS of that again for
    the victim's loss when he has anything to spend it on (he may not spend it soon)."""
    who = c.control[a.target]
    if who is None:
        return 0.0
    taken = min(c.rules.spells[a.spell].effect.amount, c.purses[who].mana)
    return taken * MANA_WORTH * (1.0 + (VICTIM_LOSS if uses_mana(c, who) else 0.0))


def summon_parts(judge: Judge, c: Campaign, a: Cast) -> dict[str, float]:
    """Summoned tokens: part of their gold (`SUMMONED`), and what they add to keeping the place against
    the enemies that can still come (`guard`)."""
    e = c.rules.spells[a.spell].effect
    unit = c.unit(e.unit)
    n = min(e.amount, room_for(c, judge.side, a.target, unit))
    parts = {"summon": n * unit.cost * SUMMONED}
    guard = judge.guarding(c, a.target, [Stack(judge.side, e.unit, a.target, n, moved=n)])
    if guard > 1e-9:
        parts["guard"] = guard
    return parts
