"""Module `clash-melee`: contact fought as in Clash of Spears (CS-11..14) on top of `clash-command`.

When a charge reaches contact the charged unit's player chooses a combat response (CS-11.2): Hold,
Defend (dice to cancel hits) or Counter-attack (dice to strike back). The attackers roll one die per
attack against their Combat; hits are saved against Save; each unsaved hit is a wound, a For Glory
hit. A unit that took a hit checks morale (CS-13): a pool of one die, one more per wound, each below
its Courage a fatigue point; two from one check paralyse it (CS-14). The side that gained more
fatigue from the combat, or a defender that defended in the open, falls back 1" (CS-11.3). Seeing a
friend destroyed in melee or an officer killed calls for a check too (CS-12). It replaces For Glory's
hooks melee and melee_odds; everything else (the charge's route, officers reached, the cavalry's
extra move after a won charge) stays For Glory's. Decisions: docs/clash-decisions.md."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import comb
from typing import Annotated, Any, Literal

import esper

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Hits, Officer, Unit
from game.model.dice import D6, FACES
from game.model.events import Note, Roll
from game.model.geometry import centroid
from game.model.limits import Bounds
from game.model.modules import Choice, DecisionKind, Judge, OrderKind, RuleModule
from game.model.resolution import Decision, Reject, Resolution
from game.model.ruleset import Distance, Ruleset
from systems.clash.fatigue import Penalty, add_fatigue, courage, fatigue, save
from systems.clash.fatigue import numbers as command_numbers
from systems.clash.morale import morale
from systems.clash.words import MELEE_WORDS
from systems.for_glory.charge.contact import ChargeState, pursue, reach_officers
from systems.for_glory.charge.order import charge_order
from systems.for_glory.charge.plan import check_charge
from systems.for_glory.hits import add_hits, push
from systems.for_glory.measure import gap, within
from systems.for_glory.melee import Attack, engaged
from systems.for_glory.vision import sight

ID = "clash-melee"
Response = Literal["hold", "defend", "counter"]
RESPONSES: tuple[Response, ...] = ("hold", "defend", "counter")
LABELS = {"hold": "Hold", "defend": "Defend", "counter": "Counter-attack"}
Target = Annotated[int, Bounds(1, FACES)]


@dataclass(frozen=True)
class ResponseCost:
    """CS-11.2: what a combat response costs the defender."""

    markers: Annotated[int, Bounds(0, 10)]
    fatigue: Annotated[int, Bounds(0, 10)]


@dataclass(frozen=True)
class MeleeNumbers:
    """content/modules/clash-melee/melee.toml"""

    retreat: Distance
    obstacle_to_hit: Annotated[int, Bounds(-5, 0)]
    seen_within: Distance  # CS-12: a friend destroyed in melee by an enemy this close
    officer_within: Distance  # CS-12: a friendly officer killed this close
    attacks: Annotated[dict[str, Annotated[int, Bounds(0, 20)]], Bounds(0, 100)]  # by category
    attacks_default: Annotated[int, Bounds(0, 20)]
    combat: Annotated[dict[str, Target], Bounds(0, 100)]  # by quality
    combat_default: Target
    responses: Annotated[dict[str, ResponseCost], Bounds(3, 3)]
    obstacles: Annotated[list[str], Bounds(0, 100)] = field(default_factory=list)  # terrain kinds
    higher: Annotated[list[str], Bounds(0, 100)] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Respond(cmd.Command):
    """The charged unit's combat response (CS-11.2)."""

    unit: str
    response: Response


@dataclass
class NoQuarter:
    """CS-10: the unit is making a no-quarter attack (set for its charge only)."""

    on: bool = False


@dataclass(frozen=True, slots=True)
class NoQuarterAttack(cmd.Command):
    """CS-10's no-quarter attack: a charge whose natural 6s to hit count two hits, for +2 fatigue."""

    unit: str
    target: str


@dataclass(frozen=True)
class Charged:
    """The response decision's payload: who attacks."""

    attackers: tuple[str, ...]


def numbers(b: Battle) -> MeleeNumbers:
    n: MeleeNumbers = b.stack.numbers(ID, "melee")
    return n


def attacks(b: Battle, e: int) -> int:
    n = numbers(b)
    return n.attacks.get(esper.component_for_entity(e, Unit).category.code, n.attacks_default)


def combat(b: Battle, e: int) -> int:
    """The d6 a unit's melee dice need: its quality's Combat, raised by its fatigue (CS-15)."""
    n = numbers(b)
    base = n.combat.get(esper.component_for_entity(e, Unit).quality.code, n.combat_default)
    penalty = Penalty.at(command_numbers(b).penalty.combat, fatigue(b, e).points)
    return min(FACES, base - penalty)


def stat_words(b: Battle, e: int, stat: str) -> str:
    """How a unit's Combat or Save target is made, for the roll's line."""
    n = numbers(b)
    if stat == "combat":
        base = n.combat.get(esper.component_for_entity(e, Unit).quality.code, n.combat_default)
        penalty = Penalty.at(command_numbers(b).penalty.combat, fatigue(b, e).points)
    else:
        base, penalty = save(b, e), Penalty.at(command_numbers(b).penalty.save, fatigue(b, e).points)
    return f"{stat} {base}" + (f", fatigue {fatigue(b, e).points}: {penalty} (CS-15)" if penalty else "")


def saving(b: Battle, e: int) -> int:
    """The d6 a unit's saves need: its Save, raised by its fatigue (CS-15)."""
    return min(FACES, save(b, e) - Penalty.at(command_numbers(b).penalty.save, fatigue(b, e).points))


def _on(b: Battle, e: int, kinds: list[str]) -> bool:
    pose = b.pose(e)
    return any(f.kind.kind in kinds and f.contains((pose.x, pose.y)) for f in b.table.features)


def behind_obstacle(b: Battle, e: int) -> bool:
    """CS-DEC-13: a defender in or behind the terrain the numbers call obstacles."""
    n = numbers(b)
    return _on(b, e, n.obstacles) or any(
        f.kind.kind in n.obstacles and f.linear and f.distance_to(b.shape(e)) <= 0.5 for f in b.table.features
    )


def holds_ground(b: Battle, e: int) -> bool:
    """CS-11.3: behind an obstacle or on higher ground, a defender that defends stays."""
    return behind_obstacle(b, e) or _on(b, e, numbers(b).higher)


# --- the exact chances -------------------------------------------------------------------------


def _p(target: int) -> Fraction:
    """One d6 at or above the target."""
    return Fraction(FACES - max(1, target) + 1, FACES)


@cache
def _binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


@dataclass(frozen=True)
class Side:
    """One side of the combat as the chances need it."""

    dice: int  # its attacks (summed over its units)
    to_hit: int  # the d6 its dice need
    to_save: int
    courage: int
    left: int  # the hits its first unit can still take
    no_quarter: bool = False  # CS-10: a natural 6 to hit counts as two hits


@cache
def _hits(n: int, to_hit: int, no_quarter: bool) -> tuple[Fraction, ...]:
    """The chance of each number of hits from n dice at to_hit+; with no quarter (CS-10) a natural 6
    that hits is two hits."""
    if not no_quarter or to_hit > FACES:
        return _binomial(n, _p(to_hit))
    six = Fraction(1, FACES)
    one = (1 - _p(to_hit), _p(to_hit) - six, six)  # 0, 1 or 2 hits from one die
    out: tuple[Fraction, ...] = (Fraction(1),)
    for _ in range(n):
        grown = [Fraction(0)] * (len(out) + 2)
        for k, p in enumerate(out):
            for h, q in enumerate(one):
                grown[k + h] += p * q
        out = tuple(grown)
    return out


def _taken(hits: int, s: Side) -> dict[tuple[int, int], Fraction]:
    """(wounds, fatigue from the morale check) of a side that takes `hits` (CS-11.2, CS-13)."""
    out: dict[tuple[int, int], Fraction] = {}
    for saved, ps in enumerate(_binomial(hits, _p(s.to_save))):
        wounds = hits - saved
        checks = _binomial(1 + wounds, 1 - _p(s.courage)) if hits else (Fraction(1),)
        for fails, pf in enumerate(checks):
            key = (min(wounds, s.left), fails)
            out[key] = out.get(key, Fraction(0)) + ps * pf
    return out


def _mix(
    parts: Iterable[tuple[Fraction, dict[tuple[int, int], Fraction]]],
) -> dict[tuple[int, int], Fraction]:
    out: dict[tuple[int, int], Fraction] = {}
    for p, dist in parts:
        for k, q in dist.items():
            out[k] = out.get(k, Fraction(0)) + p * q
    return out


@dataclass(frozen=True)
class Outcome:
    defender_wounds: int
    attacker_wounds: int
    defender_retreats: bool


@cache
def outcomes(att: Side, dfn: Side, response: Response, own: int, stays: bool) -> Mapping[Outcome, Fraction]:
    """Every result of one combat and its exact chance: the attack, the response (costing the
    defender `own` fatigue), saves, morale checks and who falls back (CS-11, CS-13). Remembered: the
    same sides meet again and again while an AI weighs its charges."""
    hits_dist = _hits(att.dice, att.to_hit, att.no_quarter)
    if response == "defend":
        cancel = _p(dfn.to_hit)
        defender = _mix(
            (ph * pc, _taken(h - c, dfn))
            for h, ph in enumerate(hits_dist)
            for c, pc in enumerate(_binomial(min(h, dfn.dice), cancel))
        )
    else:
        defender = _mix((ph, _taken(h, dfn)) for h, ph in enumerate(hits_dist))
    if response == "counter":
        back = _binomial(min(att.dice, dfn.dice), _p(dfn.to_hit))
        attacker = _mix((pk, _taken(k, att)) for k, pk in enumerate(back))
    else:
        attacker = {(0, 0): Fraction(1)}
    out: dict[Outcome, Fraction] = {}
    for (dw, df), pd in defender.items():
        for (aw, af), pa in attacker.items():
            falls_back = (own + df > af) or (response == "defend" and not stays)
            k = Outcome(dw, aw, falls_back)
            out[k] = out.get(k, Fraction(0)) + pd * pa
    return out


def left(b: Battle, e: int) -> int:
    """The hits a unit can still take (its models, CS-DEC-7)."""
    return b.rules.core.hits.destroyed_at - esper.component_for_entity(e, Hits).count


def sides(
    b: Battle, attackers: list[int], defenders: list[int], response: Response, no_quarter: bool | None = None
) -> tuple[Side, Side]:
    """CS-11.1: every unit in contact adds its attacks; the first charger and the charged unit roll
    for their side (CS-DEC-14). A defender behind an obstacle that holds or defends is hit at -1."""
    first, target = attackers[0], defenders[0]
    obstacle = response != "counter" and behind_obstacle(b, target)
    to_hit = min(FACES + 1, combat(b, first) - (numbers(b).obstacle_to_hit if obstacle else 0))
    att = Side(
        sum(attacks(b, e) for e in attackers),
        to_hit,
        saving(b, first),
        courage(b, first),
        left(b, first),
        esper.component_for_entity(first, NoQuarter).on if no_quarter is None else no_quarter,
    )
    dfn = Side(
        sum(attacks(b, e) for e in defenders),
        combat(b, target),
        saving(b, target),
        courage(b, target),
        left(b, target),
    )
    return att, dfn


def response_odds(
    b: Battle, attackers: list[int], defenders: list[int], response: Response, no_quarter: bool | None = None
) -> Mapping[Outcome, Fraction]:
    att, dfn = sides(b, attackers, defenders, response, no_quarter)
    own = numbers(b).responses[response].fatigue
    return outcomes(att, dfn, response, own, holds_ground(b, defenders[0]))


def as_result(o: Outcome, dfn_left: int, att_left: int) -> str:
    """An outcome in For Glory's words, from the attackers' side (the AI's and the client's scale)."""
    if o.defender_wounds >= dfn_left:
        return "won: destroyed"
    if o.attacker_wounds >= att_left:
        return "lost: destroyed"
    if o.defender_retreats:
        return ("won: pushed", "won: one hit", "won: two hits")[min(o.defender_wounds, 2)]
    return ("lost: pushed", "lost: one hit and pushed", "lost: two hits")[min(o.attacker_wounds, 2)]


def melee_odds(b: Battle, attacks_: list[Attack], defenders: list[int]) -> dict[str, Fraction]:
    """The chance of each result of contact, the defender answering as a computer player would."""
    attackers = [a.unit for a in attacks_]
    response = best_response(b, attackers, defenders)
    out: dict[str, Fraction] = {}
    for o, p in response_odds(b, attackers, defenders, response).items():
        k = as_result(o, left(b, defenders[0]), left(b, attackers[0]))
        out[k] = out.get(k, Fraction(0)) + p
    return out


WOUND = 0.9  # a hit, on the AI's scale (a unit destroyed is 3)
FALL_BACK = 0.4
FATIGUE = 0.25


def response_worth(
    b: Battle, attackers: list[int], defenders: list[int], response: Response, no_quarter: bool | None = None
) -> float:
    """What a response is worth to the defender: wounds dealt less wounds taken, ground, fatigue."""
    n = numbers(b)
    worth = -FATIGUE * (n.responses[response].fatigue + 0.5 * n.responses[response].markers)
    for o, p in response_odds(b, attackers, defenders, response, no_quarter).items():
        v = WOUND * (o.attacker_wounds - o.defender_wounds) + (
            -FALL_BACK if o.defender_retreats else FALL_BACK
        )
        worth += float(p) * v
    return worth


def best_response(
    b: Battle, attackers: list[int], defenders: list[int], no_quarter: bool | None = None
) -> Response:
    return max(RESPONSES, key=lambda r: response_worth(b, attackers, defenders, r, no_quarter))


# --- the combat --------------------------------------------------------------------------------


def _pool(
    b: Battle,
    e: int,
    check: str,
    dice: int,
    target: int,
    what: str,
    how: str,
    other: int | None,
    sixes_twice: bool = False,
) -> int:
    """A pool of d6 at or above a target (CS-11): returns the successes (a natural 6 two with no
    quarter, CS-10)."""
    rolled = tuple(b.dice.d6() for _ in range(dice))
    hits = sum((2 if sixes_twice and d == FACES else 1) for d in rolled if d >= target)
    b.emit(
        Roll(
            check=check,
            unit=b.name(e),
            target=b.name(other) if other is not None else None,
            die=hits,
            dice=rolled,
            read="successes",
            modifiers=(),
            total=hits,
            outcome=f"{what}: {hits} at {target}+ ({how})",
            rule="CS-11",
        )
    )
    return hits


def _take(b: Battle, e: int, hits: int, by: int, response_rule: str) -> tuple[int, int]:
    """Saves, wounds and the morale check of a unit that took hits: (wounds, fatigue gained)."""
    if hits <= 0:
        return 0, 0
    saves = _pool(b, e, "save", hits, saving(b, e), "saved", stat_words(b, e, "save"), by)
    wounds = hits - saves
    if wounds:
        add_hits(b, e, wounds, b.name(by), response_rule)
    if not b.in_play(e):
        _seen_destroyed(b, e, by)
        return wounds, 0
    return wounds, morale(b, e, wounds, "hit in melee")


def _seen_destroyed(b: Battle, lost: int, by: int) -> None:
    """CS-12: friends of a unit destroyed in melee, in sight of the enemy that did it and close to it,
    check morale with one die more."""
    reach = b.rules.length(numbers(b).seen_within)
    for e in list(b.units(b.side_of(lost))):
        if within(gap(b, e, by), reach) and sight(b, e, by, share=False).visible:
            morale(b, e, 1, "a friend destroyed in melee")


def officers_lost(b: Battle, killed: list[int]) -> None:
    """CS-12: units that see a friendly officer die close by check morale with one die more."""
    reach = b.rules.length(numbers(b).officer_within)
    for o in killed:
        for e in list(b.units(b.side_of(o))):
            if within(gap(b, e, o), reach) and sight(b, e, o, share=False).visible:
                morale(b, e, 1, "an officer killed")


def clash_melee(b: Battle, state: ChargeState, *, extra_allowed: bool = True) -> Resolution:
    """CS-11..14 after every charger has moved; then For Glory's extra move for a won cavalry charge."""
    alive = [
        a.target
        for a in state.attacks
        if esper.try_component(a.target, Officer) is not None and b.in_play(a.target)
    ]
    reach_officers(b, state)
    officers_lost(b, [o for o in alive if not b.in_play(o)])
    fight = engaged(b, [a for a in state.attacks if esper.try_component(a.target, Unit) is not None])
    if fight is not None:
        yield from combat_round(b, state, [a.unit for a in fight[0]], fight[1])
    if extra_allowed:
        yield from pursue(b, state)


def combat_round(b: Battle, state: ChargeState, attackers: list[int], defenders: list[int]) -> Resolution:
    n = numbers(b)
    target, first = defenders[0], attackers[0]
    tname = b.name(target)
    answer = yield Decision(
        "clash_response",
        b.side_of(target),
        tname,
        RESPONSES,
        payload=Charged(tuple(b.name(e) for e in attackers)),
    )
    response: Response = answer.response if isinstance(answer, Respond) else "hold"
    cost = n.responses[response]
    text = f"answers the attack: {LABELS[response]}"
    b.emit(Note(rule="CS-11", text=text, unit=tname, details={"say": "cs_answers", "response": response}))
    att, dfn = sides(b, attackers, defenders, response)
    how = stat_words(b, first, "combat")
    if att.to_hit != combat(b, first):
        how += f", behind an obstacle: {n.obstacle_to_hit} (CS-11)"
    if att.no_quarter:
        how += ", no quarter: a 6 is two hits (CS-10)"
    hits = _pool(b, first, "melee", att.dice, att.to_hit, "hits", how, target, att.no_quarter)
    theirs = stat_words(b, target, "combat")
    if response == "defend":
        hits -= _pool(b, target, "defend", min(hits, dfn.dice), dfn.to_hit, "cancelled", theirs, first)
    back = 0
    if response == "counter":
        back = _pool(b, target, "counter-attack", min(att.dice, dfn.dice), dfn.to_hit, "hits", theirs, first)
    f = fatigue(b, target)
    f.markers = min(f.markers + cost.markers, command_numbers(b).max_actions)
    words = {"say": "cs_fatigue_response", "response": response}
    add_fatigue(b, target, cost.fatigue, "CS-11", f"the {LABELS[response].lower()} response", words)
    _dw, d_fatigue = _take(b, target, hits, first, "CS-11")
    _aw, a_fatigue = _take(b, first, back, target, "CS-11")
    d_fatigue += cost.fatigue
    if not (b.in_play(target) and b.in_play(first)):
        state.success = state.success or not b.in_play(target)
        return
    defended_in_open = response == "defend" and not holds_ground(b, target)
    defender_back = d_fatigue > a_fatigue or defended_in_open
    if defender_back:
        cause = "fatigue" if d_fatigue > a_fatigue else "open"
        loser, winner, away = target, first, centroid([(b.pose(e).x, b.pose(e).y) for e in attackers])
    else:
        cause = "spent"
        loser, winner, away = first, target, (b.pose(target).x, b.pose(target).y)
    why = {
        "fatigue": "more fatigue from the combat",
        "open": "defended in the open",
        "spent": "the attack is spent",
    }
    text = f"falls back ({why[cause]})"
    b.emit(
        Note(rule="CS-11", text=text, unit=b.name(loser), details={"say": "cs_falls_back", "cause": cause})
    )
    push(b, loser, away, b.name(winner), distance=b.rules.length(n.retreat))
    state.success = state.success or defender_back


# --- the players -------------------------------------------------------------------------------


def _engaged_names(b: Battle, d: Decision) -> tuple[list[int], list[int]]:
    assert isinstance(d.payload, Charged)
    return [b.ids[a] for a in d.payload.attackers], [b.ids[d.unit]]


def choose(b: Battle, d: Decision, judge: Judge | None = None) -> cmd.Command:
    attackers, defenders = _engaged_names(b, d)
    return Respond(d.unit, best_response(b, attackers, defenders))


def choices(b: Battle, d: Decision) -> list[Choice]:
    """Each response with what it costs and its exact chances: wounds taken, wounds dealt, ground."""
    attackers, defenders = _engaged_names(b, d)
    n = numbers(b)
    out = []
    hints = {
        "hold": "take the blows; saves for every hit (CS-11)",
        "defend": "dice to cancel hits; falls back unless behind an obstacle or uphill (CS-11)",
        "counter": "dice to strike back; both sides save and check (CS-11)",
    }
    for r in RESPONSES:
        odds = response_odds(b, attackers, defenders, r)
        taken = sum(p * o.defender_wounds for o, p in odds.items())
        dealt = sum(p * o.attacker_wounds for o, p in odds.items())
        stays = 1 - sum(p for o, p in odds.items() if o.defender_retreats)
        cost = n.responses[r]
        words = {
            "taken": f"{float(taken):.1f}",
            "dealt": f"{float(dealt):.1f}",
            "stays": f"{float(stays):.0%}",
            "markers": cost.markers,
            "fatigue": cost.fatigue,
        }
        odds_text = f"takes {words['taken']}, deals {words['dealt']}, holds {words['stays']}"
        out.append(Choice(LABELS[r], Respond(d.unit, r), hints[r], odds_text, f"cs_{r}", words))
    return out


def check(rules: Ruleset, records: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The categories, qualities and terrain kinds the numbers name must be the ruleset's."""
    n: MeleeNumbers = records["melee"]
    out = []
    for key, what, names, known in (
        ("attacks", "unit category", list(n.attacks), rules.categories),
        ("combat", "quality", list(n.combat), rules.qualities),
        ("obstacles", "terrain kind", n.obstacles, rules.terrain),
        ("higher", "terrain kind", n.higher, rules.terrain),
    ):
        out += [
            ("melee", f"{key}.{k}", f"no {what} {k!r} (known: {', '.join(sorted(known))})")
            for k in names
            if k not in known
        ]
    out += [
        ("melee", "responses", f"the responses are {', '.join(RESPONSES)}, not {k!r}")
        for k in n.responses
        if k not in RESPONSES
    ]
    return out


# --- the no-quarter attack (CS-10) --------------------------------------------------------------


def no_quarter_order(b: Battle, c: NoQuarterAttack) -> Resolution:
    """CS-10 (CS-DEC-19): For Glory's charge, checked and carried out as one, its melee fought with
    every natural 6 to hit counting two hits; the action costs +2 fatigue (`action_fatigue`)."""
    gen = charge_order(b, cmd.Charge(c.unit, c.target))
    return _without_quarter(b, b.ids[c.unit], gen)


def _without_quarter(b: Battle, e: int, gen: Resolution) -> Resolution:
    flag = esper.component_for_entity(e, NoQuarter)
    flag.on = True
    try:
        yield from gen
    finally:
        flag.on = False


def _no_quarter_fight(b: Battle, c: Any) -> tuple[int, int, Response]:
    e, target = b.ids[c.unit], b.ids[c.target]
    check_charge(b, e, target)
    return e, target, best_response(b, [e], [target], no_quarter=True)


def no_quarter_odds(b: Battle, c: Any) -> dict[str, Fraction]:
    """The exact chance of each result if the charge reaches, the defender answering as an AI would."""
    e, target, response = _no_quarter_fight(b, c)
    out: dict[str, Fraction] = {}
    for o, p in response_odds(b, [e], [target], response, no_quarter=True).items():
        k = as_result(o, left(b, target), left(b, e))
        out[k] = out.get(k, Fraction(0)) + p
    return out


NO_QUARTER_FATIGUE = 2 * 0.25  # its fatigue against a charge's, on the AI's scale


def no_quarter_options(b: Battle, e: int) -> list[tuple[float, cmd.Command]]:
    """The AI's no-quarter attacks: wounds dealt less taken, ground won, less the extra fatigue."""
    out: list[tuple[float, cmd.Command]] = []
    for t in b.enemy_units(b.side_of(e)):
        if esper.try_component(t, Unit) is None:
            continue
        c = NoQuarterAttack(b.name(e), b.name(t))
        try:
            _e, _t, response = _no_quarter_fight(b, c)
        except Reject:
            continue
        worth = -response_worth(b, [e], [t], response, no_quarter=True) - NO_QUARTER_FATIGUE
        out.append((worth, c))
    return out


NO_QUARTER = OrderKind(
    "no_quarter",
    NoQuarterAttack,
    no_quarter_order,
    "CS-10",
    script_keys=frozenset({"target"}),
    from_step=lambda s: NoQuarterAttack(s.unit, s.target or ""),
    options=no_quarter_options,
    label="No quarter",
    odds=no_quarter_odds,
)


CLASH_MELEE = RuleModule(
    id=ID,
    name="Clash of Spears melee",
    description="the charged unit holds, defends or counter-attacks; hits, saves and morale dice that "
    "tire (CS-11..14)",
    prefix="CS-",
    mode="for-glory",
    requires=("clash-command",),
    decisions=(
        DecisionKind(
            "clash_response",
            (Respond, cmd.Pass),
            ai=choose,
            prompt="{unit} is attacked: hold, defend or counter-attack? (CS-11)",
            choices=choices,
            scripted=lambda d, name: Respond(d.unit, name),  # type: ignore[arg-type]
            rules=("CS-11", "CS-12", "CS-13", "CS-14"),
        ),
    ),
    orders=(NO_QUARTER,),
    commands=(Respond,),
    components=(lambda b, e: NoQuarter(),),
    hooks={"melee": clash_melee, "melee_odds": melee_odds},
    dice=(D6,),
    narration=MELEE_WORDS,
    records={"melee": MeleeNumbers},
    check=check,
)
