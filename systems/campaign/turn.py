"""CAMP-DEC-1, CAMP-DEC-2: the war as one resolution of decisions, turn by turn, as Open Wars plays
its turns (OW-TURN): the calendar's events, the collection of gold (OW-TURN-5), each side's orders
(recruiting, replacements, garrisons), each side's marches, the battles where armies meet, the sieges,
then rest, who holds what, and victory. Each phase is played by the sides in turn, the stronger
first (the weaker answers)."""

from __future__ import annotations

from game.model import commands as cmd
from game.model.battle import GameState
from game.model.events import Phase
from game.model.resolution import Decision, Resolution, refuse
from game.model.session import ask
from systems.campaign.calendar import date, enlist, events_of, happen
from systems.campaign.commands import Detach, March, Muster, Recruit, Replenish, Rest
from systems.campaign.fighting import awaiting, fight_at, take
from systems.campaign.forces import Brigade, Garrison, Service
from systems.campaign.marching import check_march, march, mine, reachable, stops
from systems.campaign.orders import apply_order, check_order
from systems.campaign.rules_module import MOVE, ORDERS
from systems.campaign.sieges import sieges
from systems.campaign.state import War
from systems.campaign.victory import check_victory
from systems.open_wars.state import Purse
from systems.open_wars.turn import collect


def start(w: War, max_turns: int | None) -> None:
    """The file's sides: the places they hold, their gold, their armies and garrisons."""
    spec = w.theatre.spec
    w.game = GameState(spec.id, w.sides, {}, [], max_turns or spec.max_turns)
    for s in spec.sides:
        w.purses[s.id] = Purse(gold=s.gold)
        for loc in s.holds:
            w.control[loc] = s.id
        for a in s.armies:
            enlist(w, a, s.id)
        for g in s.garrisons:
            raised = [Service(0, "raised", g.location)]
            brigades = [
                w.enrol(Brigade(u.id, u.category, u.quality, u.name, u.hits, record=list(raised)))
                for u in g.units
            ]
            w.garrisons.append(Garrison(s.id, g.location, brigades))
    w.order = list(w.sides)
    w.first_cities = {side: len(w.cities(side)) for side in w.sides}


def war(w: War) -> Resolution:
    g = w.game
    assert g is not None
    while not g.over:
        g.round += 1
        play_order(w)
        year, month = date(w, g.round)
        w.note("CAMP-DEC-2", "camp_turn", f"turn {g.round}: {month:02d}/{year}", turn=g.round, year=year,
               month=month, order=list(w.order))  # fmt: skip
        for e in events_of(w, g.round):
            happen(w, e)
        g.phase = "collection"
        collect(w)  # OW-TURN-5: each side's places yield their gold
        levy(w)
        g.phase = "orders"
        w.emit(Phase(round=g.round, phase="orders", rule="CAMP-DEC-5"))
        for side in w.playing():
            yield from orders(w, side)
        g.phase = "movement"
        w.emit(Phase(round=g.round, phase="movement", rule="CAMP-DEC-3"))
        for side in w.playing():
            yield from movement(w, side)
        g.phase = "battles"
        w.emit(Phase(round=g.round, phase="battles", rule="CAMP-DEC-7"))
        for loc in w.meetings():
            if loc in w.meetings():  # an earlier battle's retreats may have settled it
                yield from fight_at(w, loc)
        sieges(w)
        end_of_turn(w)


def play_order(w: War) -> None:
    """CAMP-DEC-2: the stronger side (its brigades' points) plays each phase first, so the weaker sees
    its moves and answers them; equal sides take turns at playing first."""
    a, b = w.sides
    sa, sb = w.strength(a), w.strength(b)
    if sa != sb:
        w.order = [a, b] if sa > sb else [b, a]
    elif w.turn > 1:
        w.order = list(reversed(w.order))


def levy(w: War) -> None:
    """CAMP-DEC-22: a side that has lost cities since the war began raises more from those it keeps:
    the numbers' levy in gold for each city it held at the start and holds no more."""
    for side in w.sides:
        short = w.first_cities.get(side, 0) - len(w.cities(side))
        gold = short * w.numbers.levy
        if gold > 0:
            w.purses[side].gold += gold
            w.note("CAMP-DEC-22", "camp_levy", f"{w.name(side)} levy {gold} gold", side=side, gold=gold)


def orders(w: War, side: str) -> Resolution:
    """CAMP-DEC-5, CAMP-DEC-6, CAMP-DEC-18: the side gives orders until it is done."""
    w.raised = {}
    kinds = (Recruit, Replenish, Detach, Muster, cmd.Pass)
    while True:
        d = Decision(ORDERS, side, "", tuple(w.cities(side)))
        answer = yield from ask(w, d, awaiting(kinds, lambda c: check_order(w, side, c)))
        if isinstance(answer, cmd.Pass):
            return
        apply_order(w, side, answer)


def check_move(w: War, side: str, c: cmd.Command) -> None:
    if isinstance(c, March):
        check_march(w, side, c)
    elif isinstance(c, Rest):
        a = mine(w, side, c.army)
        if a.moved or a.rested:
            raise refuse("CAMP-DEC-17", "reason_camp_moved", army=a.name)


def movement(w: War, side: str) -> Resolution:
    """CAMP-DEC-3, CAMP-DEC-17: the side marches or rests its armies until it is done or none may move."""
    while True:
        free = tuple(a.id for a in w.armies_of(side) if not a.moved and not a.rested and reachable(w, a))
        if not free:
            return
        d = Decision(MOVE, side, "", free)
        answer = yield from ask(w, d, awaiting((March, Rest, cmd.Pass), lambda c: check_move(w, side, c)))
        if isinstance(answer, cmd.Pass):
            return
        a = w.find_army(getattr(answer, "army", ""))
        assert a is not None
        if isinstance(answer, Rest):
            a.rested = True
            w.note("CAMP-DEC-17", "camp_rest", f"{a.name} rests at {w.places[a.location].name}", army=a.id)
            continue
        assert isinstance(answer, March)
        cost = sum(c for _, c in check_march(w, side, answer))
        march(w, answer)
        text = (
            f"{a.name} marches " + " > ".join(w.places[x].name for x in answer.path) + f" ({cost} movement)"
        )
        w.note("CAMP-DEC-3", "camp_march", text, army=a.id, path=list(answer.path), movement=cost)


def end_of_turn(w: War) -> None:
    """CAMP-DEC-17: the armies that neither marched nor fought, in a place their side holds, and the
    garrisons, recover hits; CAMP-DEC-14: a place where one side's armies alone stand is theirs;
    then victory (CAMP-DEC-23), and every army may march again."""
    n = w.numbers.rest_heal
    for a in w.armies:
        if a.moved or a.fought or w.control[a.location] != a.side or stops(w, a.location, a.side):
            continue
        healed = heal(w, list(a.brigades()), a.location, n)
        if healed:
            w.note("CAMP-DEC-17", "camp_healed", f"{a.name} recovers {healed} hits", army=a.id, hits=healed)
    for g in w.garrisons:
        heal(w, g.brigades, g.location, n)
    for loc in w.places:
        present = {a.side for a in w.armies_at(loc)}
        if len(present) == 1:
            take(w, loc, present.pop())
    for a in w.armies:
        a.moved = a.fought = a.rested = False
    check_victory(w)


def heal(w: War, brigades: list[Brigade], loc: str, n: int) -> int:
    total = 0
    for b in brigades:
        got = min(n, b.hits)
        if got:
            b.hits -= got
            total += got
            b.record.append(Service(w.turn, "healed", loc, hits=b.hits))
    return total


def setup(w: War, theatre: object, max_turns: int | None) -> None:
    """The GameMode's set-up: the sides in place, then the whole war up to its first decision."""
    start(w, max_turns)
    w.start(war(w))
