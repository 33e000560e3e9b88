"""OW-TURN: the game as one resolution of decisions. Each turn: collection (with its strategic spells),
recruitment, movement (with its strategic spells), combat (the volley, then each location's fight),
every phase played by the players in the order fixed at the start (OW-TURN-2/3); then control changes
hands, the undead rise, victory is checked (OW-DEC-5, OW-DEC-6, OW-DEC-22) and the turn's defeated
tokens and spells leave the board (OW-COMBAT-8, OW-DEC-16)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.model import commands as cmd
from game.model.battle import GameState
from game.model.events import Note, Phase
from game.model.resolution import Decision, Resolution, refuse
from systems.open_wars.abilities import channel, rise, upkeep
from systems.open_wars.combat import fight
from systems.open_wars.ending import Conceded, asking, finish, out
from systems.open_wars.homes import raise_militia
from systems.open_wars.magic import Cast, cast, castings, check_cast
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
from systems.open_wars.volley import volley


def start(c: Campaign, max_rounds: int) -> None:
    """OW-DEC-2: each player holds its home city with its gold and starting tokens there; then the turn
    order (`seat`)."""
    for p in c.map.spec.players:
        c.factions[p.id] = p.faction
        c.purses[p.id] = Purse(gold=p.gold, mana=p.mana)
        c.control[p.home] = p.id
        for u in p.units:
            c.add(p.id, p.home, u.unit, u.count)
    c.game = GameState(c.map.id, c.sides, {}, [], max_rounds)
    seat(c)


def seat(c: Campaign, order: list[str] | None = None) -> None:
    """OW-TURN-2/3: the smaller army plays first, then the next smaller and so on, players tied rolling
    off for the first place among them, then the next (OW-DEC-22); `order`: a scripted game's own."""
    value = c.army_values()
    c.order = list(order or ())
    for v in sorted(set(value.values())) if not order else ():
        tied = [p for p in c.sides if value[p] == v]
        while len(tied) > 1:
            first = c.roll_off(tied, "OW-TURN-3")
            c.order.append(first)
            tied.remove(first)
        c.order += tied
    first, second = c.order[0], c.order[1]
    c.emit(
        Note(
            rule="OW-TURN-2",
            text=f"{c.name(first)} plays first (army value {value[first]} against {value[second]})"
            if len(c.order) == 2
            else "turn order: " + ", ".join(f"{c.name(p)} ({value[p]})" for p in c.order),
            details={"order": c.order, "value": value},
        )
    )


PHASES = ("collection", "recruitment", "movement", "combat")  # OW-TURN-1, in their order


def game(c: Campaign, first: str = "collection") -> Resolution:
    """The game, turn after turn; `first`: the phase its first turn begins at (a scripted game's;
    the phases before it are not played that turn)."""
    try:
        yield from turns(c, PHASES.index(first))
    except Conceded:  # OW-DEC-30: the last player but one conceded in mid-phase
        return


def turns(c: Campaign, skip: int = 0) -> Resolution:
    g = c.game
    assert g is not None
    while not g.over:
        g.round += 1
        if skip <= 0:
            g.phase = "collection"
            yield from collection(c)
        if skip <= 1:
            g.phase = "recruitment"
            _phase(c, "recruitment", "OW-TURN-6")
            for p in c.playing():
                yield from recruitment(c, p)
        if skip <= 2:
            g.phase = "movement"
            _phase(c, "movement", "OW-TURN-7")
            for p in c.playing():
                yield from movement(c, p)
        g.phase = "combat"
        _phase(c, "combat", "OW-TURN-8")
        raise_militia(c)
        yield from volley(c)
        for loc in c.contested():
            yield from fight(c, loc)
        end_of_turn(c)
        skip = 0


def _phase(c: Campaign, phase: str, rule: str) -> None:
    """A phase begins: its event, and every magic unit may cast again (OW-DEC-14)."""
    assert c.game is not None
    c.emit(Phase(round=c.game.round, phase=phase, rule=rule))
    for s in c.stacks:
        s.casts = 0
    c.rites.clear()


def collection(c: Campaign) -> Resolution:
    """OW-TURN-5: each player collects; then, in turn, each casts the collection's spells (OW-MAGIC-5)."""
    collect(c)
    for p in c.playing():
        while castings(c, p, "collection"):
            decision = Decision(
                "ow_cast", p, "", tuple(dict.fromkeys(a.location for a in castings(c, p, "collection")))
            )
            answer = yield from asking(
                c, decision, _accepting(c, p, Cast, lambda c, p, a: check_cast(c, p, a, "collection"))
            )
            if not isinstance(answer, Cast):
                break
            yield from cast(c, p, answer, "collection")


def collect(c: Campaign) -> None:
    """OW-TURN-5: each controlled location yields the gold and the mana on its card (its special
    card's too, OW-LOC-7); both are kept. Units that channel add their mana, units with upkeep cost
    theirs (OW-DEC-18)."""
    _phase(c, "collection", "OW-TURN-5")
    for p in c.playing():
        held = [loc for loc, who in c.control.items() if who == p]
        gold = sum(c.yields(loc)[0] for loc in held)
        mana = sum(c.yields(loc)[1] for loc in held)
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
        channel(c, p)
        upkeep(c, p)


def _accepting(
    c: Campaign,
    player: str,
    kind: type[cmd.Command] | tuple[type[cmd.Command], ...],
    check: Callable[..., Any],
) -> Callable[[cmd.Command], None]:
    def accept(a: cmd.Command) -> None:
        if isinstance(a, cmd.Pass):
            return
        if not isinstance(a, kind):
            first = kind[0] if isinstance(kind, tuple) else kind
            raise refuse("OW-TURN-1", "reason_ow_awaited", command=first.__name__.lower())
        check(c, player, a)

    return accept


def recruitment(c: Campaign, player: str) -> Resolution:
    """OW-TURN-6, OW-RECRUIT: recruit until the player is done or can afford nothing."""
    while True:
        cities = recruit_cities(c, player)
        if not cities:
            return
        decision = Decision("ow_recruit", player, "", cities)
        answer = yield from asking(c, decision, _accepting(c, player, Recruit, check_recruit))
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
                    **({"price": price} if price != c.unit(answer.unit).cost * answer.count else {}),
                },
            )
        )


def _move_or_cast(c: Campaign, player: str, a: cmd.Command) -> None:
    if isinstance(a, Cast):
        check_cast(c, player, a, "movement")
    else:
        check_march(c, player, a)  # type: ignore[arg-type]


def movement(c: Campaign, player: str) -> Resolution:
    """OW-TURN-7, OW-MOVE: move stacks, and cast the movement's spells (OW-MAGIC-5), until the player is
    done or can do neither."""
    while True:
        movable = tuple(
            dict.fromkeys(s.location for s in c.army(player) if s.moved < s.count and reachable(c, s))
        )
        spells = castings(c, player, "movement")
        if not movable and not spells:
            return
        options = movable + tuple(x for x in dict.fromkeys(a.location for a in spells) if x not in movable)
        decision = Decision("ow_move", player, "", options)
        answer = yield from asking(c, decision, _accepting(c, player, (March, Cast), _move_or_cast))
        if isinstance(answer, Cast):
            yield from cast(c, player, answer, "movement")
            continue
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
    """OW-DEC-5: a location held by one player's tokens alone is his; the undead rise (OW-FAC-7);
    OW-COMBAT-8: the defeated leave the board, OW-DEC-16: so do the turn's spells; the tokens may move
    and fight again next turn; OW-DEC-6, OW-DEC-22: victory (every city held at the end of two turns
    in a row, the last one in, a decisive lead, the turn limit), or a player out."""
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
    rise(c)
    c.defeated.clear()
    c.charms.clear()
    for s in c.stacks:
        s.moved, s.held = 0, False
    cities = [loc for loc, spec in c.locations.items() if spec.type == "city"]
    for p in c.playing():
        if not c.army(p) and not any(c.control[x] == p for x in cities):
            left = c.rivals(p)
            if len(left) == 1:
                return finish(c, left[0], f"{c.name(p)} has neither tokens nor a city", "wiped", p)
            out(c, p)
    sweeping = next((p for p in c.playing() if all(c.control[x] == p for x in cities)), None)
    if sweeping is not None and sweeping == c.sweeping:
        return finish(c, sweeping, f"{c.name(sweeping)} holds every city", "cities", sweeping)
    if sweeping is not None:  # OW-DEC-6: the others have one more turn to take one back
        c.emit(
            Note(
                rule="OW-DEC-6",
                text=f"{c.name(sweeping)} holds every city: he wins if he still does at the next turn's end",
                details={"say": "sweep", "player": sweeping},
            )
        )
    c.sweeping = sweeping
    leader = decisive_lead(c)
    if leader is not None:
        return finish(c, leader, f"{c.name(leader)} has a decisive lead", "lead", leader)
    if g.max_rounds is not None and g.round >= g.max_rounds:
        totals = {p: sc.total for p, sc in score(c).items() if p not in c.out}
        best = max(totals.values())
        top = [p for p, t in totals.items() if t == best]
        finish(
            c,
            top[0] if len(top) == 1 else None,
            f"the turn limit of {g.max_rounds} is reached",
            "limit",
            None,
        )


def decisive_lead(c: Campaign) -> str | None:
    """OW-DEC-29: in a game begun with three players or more, from turn `lead_from` on, the player still
    in whose score (OW-DEC-6) is at least `lead_share` percent of all the scores of those still in, when
    two or more are."""
    g, n = c.game, c.rules.numbers
    left = c.playing()
    if g is None or len(c.sides) < 3 or len(left) < 2 or not n.lead_share or g.round < n.lead_from:
        return None
    totals = {p: sc.total for p, sc in score(c).items() if p in left}
    best = max(left, key=lambda p: totals[p])
    return best if 100 * totals[best] >= n.lead_share * sum(totals.values()) else None


@dataclass
class Score:
    total: int
    lines: dict[str, int] = field(default_factory=dict)


def score(c: Campaign) -> dict[str, Score]:
    """OW-DEC-6: the gold and mana of the locations held (their special cards' too), and the army's
    value; a player out scores what he still has (nothing held)."""
    out = {}
    values = c.army_values()
    for p in c.sides:
        held = sum(sum(c.yields(loc)) for loc, who in c.control.items() if who == p)
        out[p] = Score(held + values[p], {"OW-DEC-6 locations": held, "OW-DEC-6 army": values[p]})
    return out
