"""CAMP-DEC-7..14: a battle of the campaign, from the armies meeting to the place held. The defender
may decline it; then each side says whether it fights on the table or lets the generals resolve it;
the same BattleSetup and seed make the same For Glory battle either way, whose decisions the war asks
in turn (its commands are the war's: one command stream); its result is then carried on."""

from __future__ import annotations

from collections.abc import Callable

from game.content.module_records import rule_stack
from game.content.scenario import Scenario, make_terrain, scenario_problems
from game.model import commands as cmd
from game.model.battle import Battle
from game.model.dice import Dice
from game.model.errors import ContentError
from game.model.resolution import Decision, Resolution, refuse
from game.model.session import ask
from game.model.table import Table
from systems.campaign.aftermath import carry, emptied, pursue, remove, retreat, retreats, surrender
from systems.campaign.battlefield import BattleSetup, can_field, fit
from systems.campaign.commands import Decline, Fight, Resolve
from systems.campaign.forces import Brigade, Service
from systems.campaign.meeting import reinforcements, roles, setup_battle
from systems.campaign.odds import Prospect, battle_odds
from systems.campaign.outcome import result_of
from systems.campaign.rules_module import RESOLVE, WITHDRAW
from systems.campaign.state import Declined, Fought, War


def open_battle(w: War, setup: BattleSetup) -> Battle:
    """The setup as a For Glory battle at its first decision: checked as any scenario is (a setup the
    ruleset refuses is said in one line naming the campaign), rolling its own dice from its seed."""
    rules = w.theatre.rules
    spec = setup.scenario
    where = f"{w.theatre.path}: battle {setup.number} ({setup.location})"
    for e in scenario_problems(spec, rules):
        raise ContentError(f"{where}: {e.where}", e.problem)
    table = Table(*spec.table, make_terrain(rules, spec.terrain, where))
    stack = rule_stack(rules, [], where)
    b = Battle(rules, table, Dice(setup.seed), stack, words=w.words)
    stack.mode.setup(b, Scenario(spec, table, w.theatre.path, w.theatre.content_hash), setup.max_rounds)
    return b


def can_stand(w: War, loc: str, side: str) -> bool:
    """CAMP-DEC-9: a side gives battle with a division of two brigades on the field and two in all with
    its neighbours' armies marching in (FG-PREP-1/2)."""
    rules = w.theatre.rules
    here = w.armies_at(loc, side)
    if not any(fit(a.divisions, rules) for a in here):
        return False
    attacker, _ = roles(w, loc)
    coming = [w.find_army(x.army) for x in reinforcements(w, loc, attacker) if x.side == side]
    return can_field([*here, *(a for a in coming if a is not None)], rules)


def awaiting(
    kinds: tuple[type[cmd.Command], ...], check: Callable[[cmd.Command], None] | None = None
) -> Callable[[cmd.Command], None]:
    """A decision's `accept`: one of these commands (then `check`), else a refusal naming them."""

    def accept(c: cmd.Command) -> None:
        if not isinstance(c, kinds):
            named = " or ".join(k.__name__.lower() for k in kinds)
            raise refuse("CAMP-DEC-1", "reason_camp_awaited", command=named)
        if check is not None:
            check(c)

    return accept


def fight_at(w: War, loc: str) -> Resolution:
    """The battle of one place, from the meeting to the place held (CAMP-DEC-7..14): the battle is
    set up and its odds told before either side chooses anything (CAMP-DEC-24); the defender may
    decline it (CAMP-DEC-11); each side says whether it is fought on the table (CAMP-DEC-10)."""
    attacker, defender = roles(w, loc)
    if not can_stand(w, loc, attacker):
        fall_back(w, loc, attacker)
        return
    if not can_stand(w, loc, defender):
        yield from declines(w, loc, defender, None)
        return
    w.engagements += 1  # a battle declined keeps its number: the log told it before the choice
    setup = setup_battle(w, loc, attacker, w.engagements)
    prospect = Prospect(setup, battle_odds(w, setup))
    announce(w, prospect)
    if (yield from declines(w, loc, defender, prospect)):
        w.declined.append(Declined(setup.number, w.turn, loc, defender))
        return
    answers = []
    for side in (attacker, defender):
        d = Decision(RESOLVE, side, loc, payload=prospect)
        answers.append((yield from ask(w, d, awaiting((Fight, Resolve)))))
    resolved = "table" if any(isinstance(c, Fight) for c in answers) else "auto"
    f = Fought(
        setup.number, w.turn, setup, resolved, before=brigades_of(w, setup), odds=prospect.odds.as_details()
    )
    w.fought.append(f)
    b = open_battle(w, setup)
    w.battle = b
    try:
        while b.pending is not None:
            answer = yield b.pending
            b.apply(answer)
        f.events, f.result = list(b.events), result_of(b)
    finally:
        b.close()
        w.battle = None
    yield from aftermath(w, f)


def brigades_of(w: War, setup: BattleSetup) -> dict[str, int]:
    """Each side's brigades in the armies (and the place's garrison) that take part."""
    out = {s: 0 for s in w.sides}
    for side, ids in setup.armies.items():
        out[side] += sum(a.size() for i in ids if (a := w.find_army(i)) is not None)
    g = w.garrison_at(setup.location)
    if g is not None and g.side in setup.armies:
        out[g.side] += len(g.brigades)
    return out


def announce(w: War, p: Prospect) -> None:
    """CAMP-DEC-7, CAMP-DEC-8, CAMP-DEC-24: before anyone chooses, the battle's ground, its sides, each
    army marching to it (the round it arrives and its table edge) and the odds."""
    s = p.setup
    ground = s.ground or w.places[s.location].type
    place = w.places[s.location].name
    text = (
        f"battle {s.number} at {place}: {w.name(s.attacker)} attack {w.name(s.defender)} on {ground} ground"
    )
    sides: dict[str, object] = {"attacker": s.attacker, "defender": s.defender, "odds": p.odds.as_details()}
    w.note("CAMP-DEC-7", "camp_battle", text, None, battle=s.number, ground=ground, seed=s.seed, **sides)
    for x in s.arrivals:
        origin = w.places[x.origin].name
        text = f"{x.army} marches from {origin}: round {x.round}, by its {x.flank} edge ({x.edge})"
        w.note("CAMP-DEC-8", "camp_arrival", text, army=x.army, origin=x.origin, round=x.round, edge=x.edge)


def aftermath(w: War, f: Fought) -> Resolution:
    """CAMP-DEC-12..14: losses, quality and officers; pursuit; retreat; who holds the place. A drawn
    battle leaves the place to the side holding more of the table's objectives (the defender when
    equal); the other falls back, unpursued, a drawn attacker where it came from."""
    r, s = f.result, f.setup
    assert r is not None
    carry(w, f)
    for ids in s.armies.values():
        for a in (w.find_army(i) for i in ids):
            if a is not None:
                a.fought = True
    back = None
    if r.winner is not None:
        stays, falls = r.winner, w.enemy(r.winner)
        pursue(w, f, falls)
    else:
        held = {side: sum(1 for h in r.objectives.values() if h == side) for side in w.sides}
        stays = s.attacker if held[s.attacker] > held[s.defender] else s.defender
        falls = w.enemy(stays)
        if falls == s.attacker:
            back = next((a.came_from for a in w.armies_at(s.location, falls) if a.came_from), None)
    yield from retreat(w, f, falls, back)
    take(w, s.location, stays)
    emptied(w)
    f.after = brigades_of(w, s)
    f.lost = {side: max(0, f.before[side] - f.after[side]) for side in w.sides}
    place = w.places[s.location].name
    won = f"{w.name(r.winner)} win" if r.winner else f"drawn, {place} left to {w.name(stays)}"
    text = f"battle {s.number}: {won}"
    w.note(
        "CAMP-DEC-12", "camp_battle_over", text, battle=s.number, winner=r.winner, holder=stays, lost=f.lost,
        location=s.location,
    )  # fmt: skip


def take(w: War, loc: str, side: str) -> None:
    """CAMP-DEC-14: the place is the side's, unless an enemy garrison still holds its walls (a siege)."""
    g = w.garrison_at(loc)
    if (g is not None and g.side != side) or w.control[loc] == side:
        return
    w.control[loc] = side
    w.note("CAMP-DEC-14", "camp_take", f"{w.name(side)} take {w.places[loc].name}", location=loc, side=side)


def declines(w: War, loc: str, side: str, prospect: Prospect | None) -> Resolution:
    """CAMP-DEC-11: the defender may refuse battle (`prospect`: the battle it would fight and its odds,
    shown as it chooses), withdrawing every army it has there to one neighbouring place free of
    enemies; a side that cannot give battle (CAMP-DEC-9, no prospect) must, or its armies there
    surrender. Each brigade withdrawing takes a hit on a D6 of the numbers' straggle or less. Returns
    whether it withdrew (or surrendered)."""
    armies = w.armies_at(loc, side)
    options = tuple(n for n in w.neighbours(loc) if all(n in retreats(w, a) for a in armies))
    forced = prospect is None
    if not options:
        if not forced:
            return False
        for a in armies:
            surrender(w, a)
        emptied(w)
        take(w, loc, w.enemy(side))
        return True

    def check(c: cmd.Command) -> None:
        if isinstance(c, Decline) and c.to not in options:
            places = ", ".join(w.places[x].name for x in options)
            raise refuse("CAMP-DEC-11", "reason_camp_withdraw_to", places=places)

    answers = (Decline,) if forced else (Decline, cmd.Pass)
    d = Decision(WITHDRAW, side, loc, options, stage="forced" if forced else "", payload=prospect)
    answer = yield from ask(w, d, awaiting(answers, check))
    if not isinstance(answer, Decline):
        return False
    for a in armies:
        straggle(w, loc, list(a.brigades()))
        a.location, a.came_from, a.moved = answer.to, loc, True
        text = f"{a.name} declines battle and withdraws to {w.places[answer.to].name}"
        w.note("CAMP-DEC-11", "camp_declined", text, army=a.id, to=answer.to)
    emptied(w)
    take(w, loc, w.enemy(side))
    return True


def straggle(w: War, loc: str, brigades: list[Brigade]) -> None:
    """CAMP-DEC-11: each brigade withdrawing before battle takes a hit on a D6 of straggle or less."""
    cap = w.theatre.rules.core.hits.destroyed_at
    for b in brigades:
        if w.roll(
            "CAMP-DEC-11", "straggle", lambda t: "a hit" if t <= w.numbers.straggle else "none", b.id
        ) > (w.numbers.straggle):
            continue
        b.hits += 1
        b.record.append(Service(w.turn, "straggled", loc, hits=b.hits))
        if b.hits >= cap:
            remove(w, b.id)
            b.record.append(Service(w.turn, "lost", loc, why="straggled"))


def fall_back(w: War, loc: str, side: str) -> None:
    """CAMP-DEC-9: an attacker too weak to give battle goes back where it came from (else to the first
    place it may retreat to), unpursued; with nowhere to go, it surrenders."""
    for a in w.armies_at(loc, side):
        options = retreats(w, a)
        to = a.came_from if a.came_from in options else (options[0] if options else None)
        if to is None:
            surrender(w, a)
            continue
        a.location, a.came_from = to, loc
        text = f"{a.name} is too weak to give battle and falls back to {w.places[to].name}"
        w.note("CAMP-DEC-9", "camp_too_weak", text, army=a.id, to=to)
    emptied(w)
