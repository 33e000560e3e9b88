"""Module `clash-melee`: contact fought as in Clash of Spears (CS-11..14) on top of `clash-command`.

When a charge reaches contact the charged unit's player chooses a combat response (CS-11.2): Hold,
Defend (dice to cancel hits) or Counter-attack (dice to strike back). The attackers roll one die per
attack against their Combat; hits are saved against Save; each unsaved hit is a wound, a For Glory
hit. A unit that took a hit checks morale (CS-13): a pool of one die, one more per wound, each below
its Courage a fatigue point; two from one check paralyse it (CS-14). The side that gained more
fatigue from the combat, or a defender that defended in the open, falls back 1" (CS-11.3). Seeing a
friend destroyed in melee or an officer killed calls for a check too (CS-12). It replaces For Glory's
hooks melee and melee_odds; everything else (the charge's route, officers reached, the cavalry's
extra move after a won charge) stays For Glory's. Decisions: docs/clash-decisions.md. Here: the
combat, its players' choices, the no-quarter attack and the module; its numbers and a unit's stats are
melee_records.py, the exact chances melee_odds.py."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import esper

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.components import Officer, Unit
from game.model.dice import D6
from game.model.events import Note
from game.model.geometry import centroid
from game.model.modules import Choice, DecisionKind, Judge, OrderKind, RuleModule, unknown_names
from game.model.resolution import Decision, Reject, Resolution
from game.model.ruleset import Ruleset
from game.model.words import Number, Share
from systems.clash.fatigue import add_fatigue, fatigue
from systems.clash.fatigue import numbers as command_numbers
from systems.clash.melee_odds import (
    as_result,
    best_response,
    left,
    melee_odds,
    response_odds,
    response_worth,
    sides,
)
from systems.clash.melee_records import (
    ID,
    LABELS,
    RESPONSES,
    Charged,
    MeleeNumbers,
    NoQuarter,
    NoQuarterAttack,
    Respond,
    Response,
    combat,
    holds_ground,
    numbers,
    saving,
    stat_words,
)
from systems.clash.morale import morale
from systems.clash.pools import pool
from systems.clash.words import MELEE_WORDS
from systems.for_glory.charge.contact import ChargeState, pursue, reach_officers
from systems.for_glory.charge.order import charge_order
from systems.for_glory.charge.plan import check_charge
from systems.for_glory.hits import add_hits, push
from systems.for_glory.measure import gap, within
from systems.for_glory.melee import engaged
from systems.for_glory.vision import sight

# --- the combat --------------------------------------------------------------------------------


def _take(b: Battle, e: int, hits: int, by: int, response_rule: str) -> tuple[int, int]:
    """Saves, wounds and the morale check of a unit that took hits: (wounds, fatigue gained)."""
    if hits <= 0:
        return 0, 0
    saves = pool(b, e, "save", hits, saving(b, e, by), "saved", stat_words(b, e, "save", by), by)
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
    theirs = stat_words(b, target, "combat")
    f = fatigue(b, target)

    def respond() -> None:  # what the response costs the defender, before any blow tells
        f.markers = min(f.markers + cost.markers, command_numbers(b).max_actions)
        words = {"say": "cs_fatigue_response", "response": response}
        add_fatigue(b, target, cost.fatigue, "CS-11", f"the {LABELS[response].lower()} response", words)

    def strike(dice: int) -> int:  # the attackers' blows: none from a side its wounds left no dice
        return (
            pool(b, first, "melee", dice, att.to_hit, "hits", how, target, att.no_quarter) if dice > 0 else 0
        )

    def strike_back(dice: int) -> int:
        return pool(b, target, "counter-attack", dice, dfn.to_hit, "hits", theirs, first) if dice > 0 else 0

    counter = min(att.dice, dfn.dice)
    if response == "counter" and dfn.initiative > att.initiative:  # CS-DEC-20: the defender's weapon first
        back = strike_back(counter)
        respond()
        aw, a_fatigue = _take(b, first, back, target, "CS-11")
        _dw, d_fatigue = _take(b, target, strike(att.dice - aw if b.in_play(first) else 0), first, "CS-11")
    elif response == "counter" and att.initiative > dfn.initiative:  # CS-DEC-20: the attacker's first
        hits = strike(att.dice)
        respond()
        dw, d_fatigue = _take(b, target, hits, first, "CS-11")
        back = strike_back(counter - dw if b.in_play(target) else 0)
        _aw, a_fatigue = _take(b, first, back, target, "CS-11")
    else:  # blows struck together: the attack, the parries or the counter-attack, then saves and checks
        hits = strike(att.dice)
        if response == "defend":
            hits -= pool(b, target, "defend", min(hits, dfn.dice), dfn.to_hit, "cancelled", theirs, first)
        back = strike_back(counter) if response == "counter" else 0
        respond()
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
            "taken": Number(f"{float(taken):.1f}"),
            "dealt": Number(f"{float(dealt):.1f}"),
            "stays": Share(float(stays)),
            "markers": cost.markers,
            "fatigue": cost.fatigue,
        }
        odds_text = f"takes {words['taken']}, deals {words['dealt']}, holds {words['stays']}"
        out.append(Choice(LABELS[r], Respond(d.unit, r), hints[r], odds_text, f"cs_{r}", words))
    return out


def check(rules: Ruleset, records: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The categories, qualities and terrain kinds the numbers name must be the ruleset's, and the
    weapons a category is armed with the numbers' own (CS-DEC-20)."""
    n: MeleeNumbers = records["melee"]
    out = unknown_names(
        "melee",
        (
            ("attacks", "unit category", n.attacks, rules.categories),
            ("combat", "quality", n.combat, rules.qualities),
            ("obstacles", "terrain kind", n.obstacles, rules.terrain),
            ("higher", "terrain kind", n.higher, rules.terrain),
            ("armed", "unit category", n.armed, rules.categories),
        ),
    )
    known = ", ".join(sorted(n.weapons))
    armed = [(f"armed.{code}", name) for code, name in n.armed.items()] + [("armed_default", n.armed_default)]
    out += [("melee", key, f"no weapon {w!r} (known: {known})") for key, w in armed if w not in n.weapons]
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
