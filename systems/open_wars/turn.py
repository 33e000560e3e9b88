"""OW-TURN: the game as one resolution of decisions. Each turn: collection, recruitment, movement and
combat, every phase played by the players in the order fixed at the start (OW-TURN-2/3); then control
changes hands, victory is checked (OW-DEC-5, OW-DEC-6) and the turn's defeated tokens leave the board
(OW-COMBAT-8)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.model import commands as cmd
from game.model.battle import GameState
from game.model.events import Note, Phase, Roll
from game.model.resolution import Decision, Resolution, refuse
from game.model.session import ask
from systems.open_wars.combat import fight
from systems.open_wars.moves import (
    March,
    Recruit,
    check_march,
    check_recruit,
    march,
    reachable,
    recruit_cities,
)
from systems.open_wars.state import Campaign, Purse


def start(c: Campaign, max_rounds: int) -> None:
    """OW-DEC-2: each player holds its home city with its gold and starting tokens there; OW-TURN-2/3:
    the smaller army plays first, a tie rolled off."""
    for p in c.map.spec.players:
        c.factions[p.id] = p.faction
        c.purses[p.id] = Purse(gold=p.gold)
        c.control[p.home] = p.id
        for u in p.units:
            c.add(p.id, p.home, u.unit, u.count)
    c.game = GameState(c.map.id, c.sides, {}, [], max_rounds)
    value = c.army_values()
    low = min(value.values())
    first = [p for p in c.sides if value[p] == low]
    if len(first) > 1:
        first = [roll_off(c, first)]
    c.order = [first[0], c.other(first[0])]
    c.emit(
        Note(
            rule="OW-TURN-2",
            text=f"{c.name(first[0])} plays first "
            f"(army value {value[first[0]]} against {value[c.other(first[0])]})",
            details={"order": c.order, "value": value},
        )
    )


def roll_off(c: Campaign, players: list[str]) -> str:
    """OW-TURN-3: each rolls a D6, the highest starts; a tie is rolled again (OW-DEC-2)."""
    while True:
        dice = {p: c.dice.d6() for p in players}
        for p, d in dice.items():
            c.emit(Roll(check="roll-off", die=d, modifiers=(), total=d, outcome=p, side=p, rule="OW-TURN-3"))
        best = max(dice.values())
        if list(dice.values()).count(best) == 1:
            return next(p for p, d in dice.items() if d == best)


def game(c: Campaign) -> Resolution:
    g = c.game
    assert g is not None
    while not g.over:
        g.round += 1
        g.phase = "collection"
        collect(c)
        g.phase = "recruitment"
        c.emit(Phase(round=g.round, phase="recruitment", rule="OW-TURN-6"))
        for p in c.order:
            yield from recruitment(c, p)
        g.phase = "movement"
        c.emit(Phase(round=g.round, phase="movement", rule="OW-TURN-7"))
        for p in c.order:
            yield from movement(c, p)
        g.phase = "combat"
        c.emit(Phase(round=g.round, phase="combat", rule="OW-TURN-8"))
        for loc in c.contested():
            yield from fight(c, loc)
        end_of_turn(c)


def collect(c: Campaign) -> None:
    """OW-TURN-5: each controlled location yields the gold and the mana on its card; both are kept."""
    g = c.game
    assert g is not None
    c.emit(Phase(round=g.round, phase="collection", rule="OW-TURN-5"))
    for p in c.order:
        gold = sum(c.location(loc).gold for loc, who in c.control.items() if who == p)
        mana = sum(c.location(loc).mana for loc, who in c.control.items() if who == p)
        purse = c.purses[p]
        purse.gold += gold
        purse.mana += mana
        c.emit(
            Note(
                rule="OW-TURN-5",
                text=f"{c.name(p)} collects {gold} gold and {mana} mana "
                f"({purse.gold} gold, {purse.mana} mana)",
                details={"player": p, "gold": purse.gold, "mana": purse.mana, "got": [gold, mana]},
            )
        )


def _accepting(
    c: Campaign, player: str, kind: type[cmd.Command], check: Callable[..., Any]
) -> Callable[[cmd.Command], None]:
    def accept(a: cmd.Command) -> None:
        if isinstance(a, cmd.Pass):
            return
        if not isinstance(a, kind):
            raise refuse("OW-TURN-1", "reason_ow_awaited", command=kind.__name__.lower())
        check(c, player, a)

    return accept


def recruitment(c: Campaign, player: str) -> Resolution:
    """OW-TURN-6, OW-RECRUIT: recruit until the player is done or can afford nothing."""
    while True:
        cities = recruit_cities(c, player)
        if not cities:
            return
        decision = Decision("ow_recruit", player, "", cities)
        answer = yield from ask(c, decision, _accepting(c, player, Recruit, check_recruit))
        if not isinstance(answer, Recruit):
            return
        price = check_recruit(c, player, answer)
        c.purses[player].gold -= price
        c.add(player, answer.location, answer.unit, answer.count)
        c.emit(
            Note(
                rule="OW-RECRUIT-1",
                text=f"{c.name(player)} recruits {answer.count} {c.unit(answer.unit).name} in "
                f"{c.location(answer.location).name} for {price} gold",
                details={
                    "player": player,
                    "unit": answer.unit,
                    "location": answer.location,
                    "count": answer.count,
                },
            )
        )


def movement(c: Campaign, player: str) -> Resolution:
    """OW-TURN-7, OW-MOVE: move stacks until the player is done or nothing can move."""
    while True:
        movable = tuple(
            dict.fromkeys(s.location for s in c.army(player) if s.moved < s.count and reachable(c, s))
        )
        if not movable:
            return
        decision = Decision("ow_move", player, "", movable)
        answer = yield from ask(c, decision, _accepting(c, player, March, check_march))
        if not isinstance(answer, March):
            return
        steps = check_march(c, player, answer)
        march(c, player, answer)
        c.emit(
            Note(
                rule="OW-MOVE-1",
                text=f"{c.name(player)}: {answer.count} {c.unit(answer.unit).name} march "
                + " > ".join(c.location(x).name for x in answer.path)
                + f" ({sum(cost for _, cost in steps)} movement)",
                details={
                    "player": player,
                    "unit": answer.unit,
                    "path": list(answer.path),
                    "count": answer.count,
                    "movement": sum(cost for _, cost in steps),
                },
            )
        )


def end_of_turn(c: Campaign) -> None:
    """OW-DEC-5: a location held by one player's tokens alone is his; OW-DEC-6: victory; OW-COMBAT-8:
    the defeated leave the board; the tokens may move and fight again next turn."""
    g = c.game
    assert g is not None
    for loc in c.locations:
        present = {s.player for s in c.stacks_at(loc)}
        if len(present) == 1:
            (who,) = present
            if c.control[loc] != who:
                c.control[loc] = who
                c.emit(
                    Note(
                        rule="OW-DEC-5",
                        text=f"{c.name(who)} takes {c.location(loc).name}",
                        details={"location": loc, "player": who},
                    )
                )
    c.defeated.clear()
    for s in c.stacks:
        s.moved, s.held = 0, False
    cities = [loc for loc, spec in c.locations.items() if spec.type == "city"]
    for p in c.order:
        if not c.army(p) and not any(c.control[x] == p for x in cities):
            return finish(c, c.other(p), f"{c.name(p)} has neither tokens nor a city", "wiped", p)
        if all(c.control[x] == p for x in cities):
            return finish(c, p, f"{c.name(p)} holds every city", "cities", p)
    if g.max_rounds is not None and g.round >= g.max_rounds:
        totals = {p: sc.total for p, sc in score(c).items()}
        a, b = c.order
        winner = None if totals[a] == totals[b] else max(totals, key=lambda p: totals[p])
        finish(c, winner, f"the turn limit of {g.max_rounds} is reached", "limit", None)


def finish(c: Campaign, winner: str | None, reason: str, why: str, player: str | None) -> None:
    """OW-DEC-6: the game ends; `why` (cities, wiped, limit) and `player` let a screen say it in its
    own words."""
    g = c.game
    assert g is not None
    g.over, g.winner, g.end_reason = True, winner, reason
    details = {"winner": winner, "why": why, "player": player, "limit": g.max_rounds}
    c.emit(Note(rule="OW-DEC-6", text=f"the game ends: {reason}", details=details))


@dataclass
class Score:
    total: int
    lines: dict[str, int] = field(default_factory=dict)


def score(c: Campaign) -> dict[str, Score]:
    """OW-DEC-6: the gold and mana of the locations held, and the army's value."""
    out = {}
    for p in c.sides:
        held = sum(c.location(loc).gold + c.location(loc).mana for loc, who in c.control.items() if who == p)
        army = c.army_values()[p]
        out[p] = Score(held + army, {"OW-DEC-6 locations": held, "OW-DEC-6 army": army})
    return out
