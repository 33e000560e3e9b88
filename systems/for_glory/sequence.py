"""FG-SEQ: a whole battle as one resolution. Preparation and deployment (FG-PREP-3, FG-DEP), then
rounds of Reinforcements (FG-REINF), Initiative (FG-INIT) and Activations (FG-ACT), until an end
condition (FG-VIC) or the scenario's round limit (AMB-37).

Every choice is a Decision answered by a Command from the side's player: which formation activates,
the orders of its units, where a division deploys, whether an officer moves. Orders run the same
handlers as everywhere else (systems/for_glory/orders.py), so their reactions and other decisions nest inside.
"""

from __future__ import annotations

from collections.abc import Callable

import esper

from game.model import commands as cmd
from game.model.battle import Battle, Formation, GameState
from game.model.components import Officer, Status
from game.model.dice import FACES
from game.model.events import Activated, Deployed, Note, Phase, Rejected, Roll, StaffPlaced
from game.model.resolution import Decision, Reject, Resolution, refuse
from game.model.session import ask
from game.model.words import Term
from systems.for_glory.command import assess
from systems.for_glory.deployment import (
    Arrivals,
    Deploying,
    Entry,
    check_deploy,
    check_staff,
    deploy,
    entry_placement,
    roll_deployment,
    roll_edge,
    roll_experience,
    side_edge,
    staff_entity,
)
from systems.for_glory.measure import gap, within
from systems.for_glory.officers import check_officer_move, move_officer
from systems.for_glory.victory import check_end, finish


def alternate(
    b: Battle, groups: list[list[str]], side_of: Callable[[str], str], rule: str
) -> list[list[str]]:
    """Within each tied group holding both sides, the roll-off winner goes first and the sides then
    alternate; returns, per group, the order of sides to ask (a side picks which of its own goes)."""
    out = []
    for group in groups:
        sides = sorted({side_of(k) for k in group})
        if len(sides) == 1:
            out.append([sides[0]] * len(group))
            continue
        first = b.roll_off(sides, rule)
        counts = {s: sum(1 for k in group if side_of(k) == s) for s in sides}
        turn, seq = first, []
        while sum(counts.values()):
            if counts[turn] == 0:
                turn = next(s for s in sides if s != turn)
            seq.append(turn)
            counts[turn] -= 1
            turn = next(s for s in sides if s != turn)
        out.append(seq)
    return out


def _tied(keys: list[str], key: Callable[[str], tuple[int, ...]]) -> list[list[str]]:
    groups: list[list[str]] = []
    for k in sorted(keys, key=key):
        if groups and key(groups[-1][0]) == key(k):
            groups[-1].append(k)
        else:
            groups.append([k])
    return groups


# --- preparation and deployment ---------------------------------------------------------------


def prepare(
    b: Battle, fixed_experience: dict[str, int | None], fixed_arrival: dict[str, int | None]
) -> Resolution:
    g = b.game
    assert g is not None
    b.emit(Phase(round=0, phase="preparation", rule="FG-PREP-3"))
    for name, exp in fixed_experience.items():
        if exp is None:
            roll_experience(b, b.ids[name])
    b.emit(Phase(round=0, phase="deployment", rule="FG-DEP-3"))
    on_table = []
    for name, arrival in fixed_arrival.items():
        if arrival is None:
            die = roll_deployment(b, b.ids[name])
            if die < b.rules.game.deployment.on_table_from:
                g.arrivals[name] = die
                continue
        elif arrival > 0:  # FG-DEP-2: a historical deployment fixes the round it arrives
            g.arrivals[name] = arrival
            continue
        else:
            die = FACES  # fixed on the table: it deploys with the 6s
        on_table.append((name, die))
    yield from deploy_divisions(b, on_table, None)
    for side in g.sides:
        if any(esper.component_for_entity(o, Officer).role == "division" for o in b.officers(side)):
            yield from place_staff(b, side)
    assess(b)


def deploy_divisions(b: Battle, entering: list[tuple[str, int]], edges: dict[str, str] | None) -> Resolution:
    """FG-DEP-5 / FG-REINF-2 (AMB-39): by die (initial deployment), then experience, highest first;
    remaining ties between the players by roll-off and alternation, each player picking his own."""
    dice = dict(entering)

    def exp(name: str) -> int:
        return esper.component_for_entity(b.ids[name], Officer).experience

    order_key: Callable[[str], tuple[int, ...]] = (
        (lambda n: (-dice[n], -exp(n))) if edges is None else (lambda n: (-exp(n),))
    )
    groups = _tied(list(dice), order_key)
    seqs = alternate(b, groups, lambda n: b.side_of(b.ids[n]), "FG-DEP-5" if edges is None else "FG-REINF-2")
    # who is asked, in order: each initial deployment's ask places one division (FG-DEP-6)
    asks = [
        (side, tuple(n for n in group if b.side_of(b.ids[n]) == side))
        for group, seq in zip(groups, seqs, strict=True)
        for side in seq
    ]
    k = 0
    for group, seq in zip(groups, seqs, strict=True):
        left = list(group)
        for side in seq:
            mine = [n for n in left if b.side_of(b.ids[n]) == side]
            name = mine[0] if len(mine) == 1 else None
            k += 1
            later = Deploying(tuple(asks[k:])) if edges is None else None
            yield from _deploy_one(b, side, mine, name, edges, later)
            left = [n for n in left if esper.component_for_entity(b.ids[n], Officer).reserve]
            if not left:
                break


def _deploy_one(
    b: Battle,
    side: str,
    mine: list[str],
    only: str | None,
    edges: dict[str, str] | None,
    later: Deploying | None,
) -> Resolution:
    g = b.game
    assert g is not None
    own = g.edges[side]

    def accept(a: cmd.Command) -> None:
        if isinstance(a, cmd.Pass):
            if edges is None:
                raise refuse("FG-DEP-6", "reason_deploy_all")
            for n in mine:  # AMB-40: a reinforcement stays in reserve only when it fits nowhere
                if entry_placement(b, n, edges[n]) is not None:
                    raise refuse(
                        "FG-REINF-1",
                        "reason_must_enter",
                        division=n,
                        edge=Term(edges[n], f"log_edge_{edges[n]}"),
                    )
            return
        if not isinstance(a, cmd.Deploy) or a.division not in mine:
            raise refuse("FG-DEP-5", "reason_next_deploy", divisions=", ".join(mine))
        entry = Entry(edges[a.division] if edges is not None else None)
        check_deploy(b, a, own, entry)

    payload = Arrivals(tuple((n, edges[n]) for n in mine)) if edges is not None else later
    answer = yield from ask(b, Decision("deploy", side, only or "", tuple(mine), payload=payload), accept)
    if isinstance(answer, cmd.Pass):
        for n in mine:
            text = f"{n} cannot be placed and stays in reserve"
            b.emit(Note(rule="AMB-40", text=text, details={"division": n}))
        return
    assert isinstance(answer, cmd.Deploy)
    deploy(b, answer)
    edge = edges[answer.division] if edges is not None else None
    b.emit(
        Deployed(
            division=answer.division,
            side=side,
            officer_at=answer.officer_at,
            units=answer.units,
            edge=edge,
            rule="FG-DEP-7" if edge is None else "FG-REINF-4",
        )
    )
    staff = staff_entity(b, side)
    if esper.component_for_entity(staff, Officer).reserve and g.round > 0:
        yield from place_staff(b, side)  # AMB-41: the staff arrives with the first division


def place_staff(b: Battle, side: str) -> Resolution:
    staff = staff_entity(b, side)
    off = esper.component_for_entity(staff, Officer)
    if not off.reserve:
        return

    def accept(a: cmd.Command) -> None:
        if not isinstance(a, cmd.PlaceStaff):
            raise refuse("FG-DEP-11", "reason_staff_next")
        check_staff(b, side, a.at)

    answer = yield from ask(b, Decision("place_staff", side, b.name(staff)), accept)
    assert isinstance(answer, cmd.PlaceStaff)
    b.put_on(staff, *answer.at)
    b.emit(StaffPlaced(officer=b.name(staff), at=answer.at))


# --- rounds -----------------------------------------------------------------------------------


def reinforcements(b: Battle) -> Resolution:
    """FG-REINF-1..4 (AMB-42): a division whose die shows this round enters at the edge it rolls."""
    g = b.game
    assert g is not None
    b.emit(Phase(round=g.round, phase="reinforcements", rule="FG-REINF-1"))
    due = [
        n
        for n, r in g.arrivals.items()
        if r <= g.round and esper.component_for_entity(b.ids[n], Officer).reserve
    ]
    if not due:
        return
    edges = {n: entry_edge(b, n) for n in due}
    yield from deploy_divisions(b, [(n, 0) for n in due], edges)
    for n in due:
        if not esper.component_for_entity(b.ids[n], Officer).reserve:
            del g.arrivals[n]
    assess(b)


def entry_edge(b: Battle, division: str) -> str:
    """FG-REINF-3: the edge a reinforcement enters by: rolled, or the flank its scenario fixed (a
    historical deployment, FG-DEP-2: a campaign's army marching in from where it stands)."""
    g = b.game
    assert g is not None
    own = g.edges[b.side_of(b.ids[division])]
    flank = g.entries.get(division)
    if flank is None:
        return roll_edge(b, b.ids[division], own)
    edge = side_edge(own, flank)
    b.emit(
        Note(
            rule="FG-REINF-3",
            text=f"{division} enters by its {flank} edge ({edge}), as the scenario fixes",
            details={"division": division, "edge": edge, "say": "fixed_edge"},
        )
    )
    return edge


def initiative(b: Battle) -> None:
    """FG-INIT-1..3 (AMB-5, AMB-45): fix the formations for the round; each division general rolls
    one die, or two added together at XL or less from his estado mayor; detachments have 1."""
    g = b.game
    assert g is not None
    b.emit(Phase(round=g.round, phase="initiative", rule="FG-INIT-1"))
    b.formations_fixed = True
    rules = b.rules.game.deployment
    g.initiative = {}
    for f in assess(b):
        if f.officer is None:
            g.initiative[f.key] = rules.detachment_initiative
            b.emit(
                Note(
                    rule="FG-INIT-3",
                    text=f"the detachment {f.key} has initiative 1",
                    details={"units": f.units},
                )
            )
            continue
        officer = b.ids[f.officer]
        staff = staff_entity(b, f.side)
        near = esper.component_for_entity(staff, Officer).in_play and within(
            gap(b, officer, staff), b.rules.length(rules.initiative_staff_distance)
        )
        n = rules.initiative_dice_near_staff if near else rules.initiative_dice
        dice = [b.dice.d6() for _ in range(n)]
        g.initiative[f.key] = sum(dice)
        for d in dice:
            b.emit(
                Roll(
                    check="initiative",
                    die=d,
                    modifiers=(),
                    total=d,
                    outcome=f"initiative {sum(dice)}",
                    officer=f.officer,
                    rule="FG-INIT-2",
                )
            )


def experience(b: Battle, f: Formation) -> int:
    """AMB-46: a detachment counts as experience 0."""
    return 0 if f.officer is None else esper.component_for_entity(b.ids[f.officer], Officer).experience


def activations(b: Battle) -> Resolution:
    """FG-ACT-1 (AMB-46): formations by initiative, then experience, highest first; ties by roll-off,
    then alternating, each player choosing among his own."""
    g = b.game
    assert g is not None
    b.emit(Phase(round=g.round, phase="activations", rule="FG-ACT-1"))
    forms = {f.key: f for f in b.formations}
    groups = _tied(list(forms), lambda k: (-g.initiative[k], -experience(b, forms[k])))
    seqs = alternate(b, groups, lambda k: forms[k].side, "FG-ACT-1")
    g.first_side = None
    for group, seq in zip(groups, seqs, strict=True):
        left = list(group)
        for side in seq:
            mine = tuple(k for k in left if forms[k].side == side and _can_act(b, forms[k]))
            left = [k for k in left if forms[k].side != side or k in mine]
            if not mine:
                continue

            def accept(a: cmd.Command, mine: tuple[str, ...] = mine) -> None:
                if not isinstance(a, cmd.Activate) or a.formation not in mine:
                    raise refuse("FG-ACT-1", "reason_next_activate", formations=", ".join(mine))
                # the check is taken below whatever the flag says: refused, a flipped flag cannot pass
                # unseen in a turn file or a peer's command
                if not a.leadership:
                    raise refuse("FG-ACT-2", "reason_leadership_taken")

            answer = yield from ask(b, Decision("activate", side, "", mine), accept)
            assert isinstance(answer, cmd.Activate)
            left.remove(answer.formation)
            g.first_side = g.first_side or side
            f = forms[answer.formation]
            b.emit(
                Activated(formation=f.key, side=side, initiative=g.initiative[f.key], units=tuple(f.units))
            )
            started = b.stack.hook("activation")(b, cmd.Activate(f.key, leadership=True))
            if started is not None:  # a module's activation may ask questions first
                yield from started
            if check_end(b):
                return
            yield from orders(b, f)
            if check_end(b):
                return


def _can_act(b: Battle, f: Formation) -> bool:
    """FG-ACT-1/2/7: a division general in play activates every round and takes his leadership check,
    even with none of his units within L of him (they are detachments until they rejoin)."""
    if f.officer is not None:
        return esper.component_for_entity(b.ids[f.officer], Officer).in_play
    return any(esper.component_for_entity(b.ids[u], Status).in_play for u in f.units)


def orders(b: Battle, f: Formation) -> Resolution:
    """One formation's activation: an order for each unit that takes one (FG-ACT-6), then its officer
    may move if he passed his leadership check (FG-ACT-7)."""
    g = b.game
    assert g is not None and b.activation is not None
    while True:
        options = tuple(
            u
            for u in f.units
            if esper.component_for_entity(b.ids[u], Status).in_play
            and not esper.component_for_entity(b.ids[u], Status).ordered
        )
        if not options:
            break
        answer = yield Decision("order", f.side, f.key, options)
        if isinstance(answer, cmd.EndActivation):
            break
        yield from carry_out(b, answer)
        if check_end(b):
            return
    if f.officer is not None and b.activation.leadership_passed:
        officer = b.ids[f.officer]
        if esper.component_for_entity(officer, Officer).in_play:
            yield from officer_move(b, f.side, officer, "officer_move")


def carry_out(b: Battle, answer: cmd.Command) -> Resolution:
    """One answer to an `order` decision: the order carried out (True), or refused in the log (False)."""
    if not isinstance(answer, b.stack.unit_orders):
        b.emit(
            Rejected(
                rule="FG-ACT-6",
                reason="an order, or the end of this activation, is awaited",
                order=type(answer).__name__.lower(),
            )
        )
        return False
    try:
        gen = b.begin(answer)
    except Reject as r:
        b.emit(
            Rejected(
                rule=r.rule,
                reason=b.reason(r),
                unit=getattr(answer, "unit", None),
                order=type(answer).__name__.lower(),
            )
        )
        return False
    if gen is not None:
        yield from gen
    return True


def officer_move(b: Battle, side: str, officer: int, kind: str) -> Resolution:
    """FG-ACT-7/8 (AMB-48): optional, up to L."""

    def accept(a: cmd.Command) -> None:
        if isinstance(a, cmd.Pass):
            return
        if not isinstance(a, cmd.MoveOfficer) or a.officer != b.name(officer):
            raise refuse("FG-ACT-7", "reason_officer_may_move", officer=b.name(officer))
        check_officer_move(b, officer, a.to)

    answer = yield from ask(b, Decision(kind, side, b.name(officer)), accept)
    if isinstance(answer, cmd.MoveOfficer):
        move_officer(b, answer)


def staff_moves(b: Battle) -> Resolution:
    """FG-ACT-8: the estados mayores move once every formation has activated; the side that activated
    first this round moves first (AMB-48)."""
    g = b.game
    assert g is not None
    g.phase = "end of round"  # what the top bar says while the estados mayores move
    b.emit(Phase(round=g.round, phase="end of round", rule="FG-ACT-8"))
    order = sorted(g.sides, key=lambda s: s != g.first_side)
    for side in order:
        staff = staff_entity(b, side)
        if esper.component_for_entity(staff, Officer).in_play:
            yield from officer_move(b, side, staff, "staff_move")
            if check_end(b):
                return


def round_of_play(b: Battle) -> Resolution:
    """FG-SEQ-1: reinforcements, initiative, activations, then the estados mayores move."""
    g = b.game
    assert g is not None
    g.phase = "reinforcements"
    yield from reinforcements(b)
    if check_end(b):
        return
    g.phase = "initiative"
    initiative(b)
    g.phase = "activations"
    yield from activations(b)
    if g.over:
        return
    yield from staff_moves(b)


def after_action(b: Battle, command: cmd.Command) -> None:
    """Nothing happens in For Glory once a unit's order is over: the hook is for modules."""


def battle(b: Battle, experience_of: dict[str, int | None], arrival_of: dict[str, int | None]) -> Resolution:
    """The whole battle, from preparation to the end."""
    g = b.game
    assert g is not None
    yield from prepare(b, experience_of, arrival_of)
    while not g.over:
        g.round += 1
        yield from b.stack.hook("round")(b)
        if g.over:
            break
        if g.max_rounds is not None and g.round >= g.max_rounds:
            finish(b, f"the round limit of {g.max_rounds} is reached", "AMB-37")
    b.formations_fixed = False


def new_game(
    b: Battle,
    scenario: str,
    sides: list[str],
    edges: dict[str, str],
    objectives: list,
    max_rounds: int | None,
) -> GameState:
    b.game = GameState(scenario, sides, edges, objectives, max_rounds)
    return b.game
