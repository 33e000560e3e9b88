"""What the battle screen says of a unit and its chances, in the player's words: its profile and state
(the hover box), the odds of a shot, a charge or a general's check as outcomes and percentages, and a
refusal as a hint (why a Fire or Charge is greyed, why the selected unit may not shoot or charge an
enemy). Every answer is asked of the rules' own functions; nothing here keeps state."""

from __future__ import annotations

from fractions import Fraction

import esper

from game.ai import common
from game.content.locale import Texts
from game.model.battle import Battle
from game.model.components import Footprint, Hits, Officer, Status, Unit
from game.model.geometry import dist
from game.model.resolution import Reject
from game.model.words import inches, percent, slug
from game.running.narrate import said_chances
from systems.for_glory.charge.odds import charge_odds
from systems.for_glory.charge.plan import check_charge
from systems.for_glory.checks import is_disorganised
from systems.for_glory.measure import gap
from systems.for_glory.odds import fire_odds, leadership_odds
from systems.for_glory.paths import base_move
from systems.for_glory.targets import check_fire, fire_range
from systems.for_glory.vision import in_strip


def unit_lines(b: Battle, name: str, t: Texts | None = None) -> list[str]:
    """A unit's profile and state, for the hover box, in the player's words (English without)."""
    t = t or Texts()
    e = b.ids[name]
    off = esper.try_component(e, Officer)
    if off is not None:
        role = "hover_staff" if off.role == "staff" else "hover_general"
        state = t("hover_dead") if off.dead and off.role == "division" else ""
        return [t(role, experience=off.experience), t("hover_lost_brigades", count=off.lost_brigades), state]
    u = esper.component_for_entity(e, Unit)
    st = esper.component_for_entity(e, Status)
    c = u.category
    reach = fire_range(b, e)  # the rules in play's range (a module's weapon too)
    weapon = b.stack.hook("shooting_weapon")(b, e)  # what gives it: a cavalry's 8" says why
    rng = t("hover_no_range")
    if reach is not None:
        rng = t("hover_range", range=inches(reach, t), fire=f"{c.fire or 0:+d}")
        if weapon is not None:  # its name in the player's words, else as the numbers give it (a mod's own)
            key, name = weapon
            rng = t("hover_range_weapon", range=rng, weapon=t(key) if t.has(key) else name)
    rough = base_move(b, e, True)  # the allowances of the rules in play (a module may change them)
    diff = t("hover_difficult", move=inches(rough, t)) if rough is not None else t("hover_difficult_none")
    category, quality = (
        _named(t, "category", c.code, c.name),
        _named(t, "quality", u.quality.code, u.quality.name),
    )
    lines = [
        t(
            "hover_unit",
            category=category,
            code=c.code,
            rule=c.rule,  # the category's own rule (a mod's: GUER-1), a link to its text
            quality=quality,
            modifier=f"{u.quality.modifier:+d}",
        ),
        t(
            "hover_profile",
            move=inches(base_move(b, e, False) or 0.0, t),  # open ground: every arm may move there
            difficult=diff,
            range=rng,
            melee=f"{c.melee:+d}",
        ),
        t(
            "hover_hits",
            hits=esper.component_for_entity(e, Hits).count,
            division=t.names.division(u.division),
        ),
    ]
    if st.detached:
        lines.append(t("hover_detached"))
    elif is_disorganised(b, e):
        lines.append(t("hover_disorganised"))
    if st.marching_by_road:
        lines.append(t("hover_road"))
    return lines


def _named(t: Texts, kind: str, code: str, name: str) -> str:
    """A category or quality by the locale's word for its code; a mod's own by the name its file gives."""
    key = f"{kind}_{slug(code)}"
    return t(key) if t.has(key) else name


def activation_label(b: Battle, t: Texts, formation: str, initiative: object) -> str:
    """A formation to activate; a division's with the chance its general passes his check."""
    officer = b.ids.get(formation)
    called = t.names.formation(formation)  # a button is narrow: the short name
    if officer is None or esper.try_component(officer, Officer) is None:
        return t("btn_activate", formation=called, initiative=initiative)
    chance = percent(float(leadership_odds(b, officer)), t)
    return t("btn_activate_check", formation=called, initiative=initiative, chance=chance)


def target_odds(b: Battle, t: Texts, mode: str, unit: str, target: str) -> list[str]:
    """The panel's odds of the selected unit's shot (mode "fire") or charge at the target under the
    mouse, or the reason it may not."""
    e, o = b.ids[unit], b.ids[target]
    try:
        if mode == "fire":
            return [t("odds_fire", target=t.names(target), odds=said_odds(fire_odds(b, e, o), t))]
        odds = said_odds(charge_odds(b, e, o), t)
        return [t("odds_charge", target=t.names(target), odds=odds), t("if_no_reaction")]
    except Reject as r:
        return [f"{r.said(t)} ({r.rule})"]


def enemy_odds(b: Battle, t: Texts, unit: str, enemy: str) -> list[str]:
    """The odds a unit has against an enemy unit, as it stands: of a shot and of a charge, each as its
    button would give it, or the reason it may not (a target hidden in its strip said hidden)."""
    e, o = b.ids[unit], b.ids[enemy]
    lines, who = [], t.names(unit)
    for word, odds in (("fire", fire_odds), ("charge", charge_odds)):
        try:
            lines.append(t(f"preview_{word}", unit=who, odds=said_odds(odds(b, e, o), t)))
        except Reject as r:
            hidden = r.key == "reason_not_in_vision" and in_strip(b, e, o)
            lines.append(t(f"preview_no_{word}", unit=who, why=hint_words(r, t, hidden)))
    return lines


def why_no_target(b: Battle, t: Texts, key: str, e: int) -> str:
    """Why a unit has no target to fire at or charge (`key`), in the rules' words and true of where it
    stands: no enemy within its range (or charge reach), naming the nearest and how far it is; else
    the refusal the nearest enemy within it gets (said for a unit that has not moved yet)."""
    here = common.centre(b, e)
    # nearest first by their centres (cheap); the closest-point gap only for those that may be near
    enemies = sorted(b.enemy_units(b.side_of(e)), key=lambda o: dist(here, common.centre(b, o)))
    if not enemies:
        return t("hint_no_enemy")
    cat = esper.component_for_entity(e, Unit).category
    check = check_fire if key == "fire" else check_charge
    if key == "fire":
        reach, slack = fire_range(b, e), 0.0
    else:  # as plan_charge bounds it: turning to face makes up at most the base's width
        reach, slack = b.rules.length(cat.move), esper.component_for_entity(e, Footprint).width
    if reach is None:
        near = enemies
    else:  # two bases' centres are at most their half-diagonals farther apart than their gap
        span = reach + slack + 2 * max(b.rules.core.bases.unit_width, b.rules.core.bases.unit_depth)
        close = [o for o in enemies if dist(here, common.centre(b, o)) <= span]
        near = sorted((o for o in close if gap(b, e, o) <= reach + slack), key=lambda o: gap(b, e, o))
    if not near:
        nearest = min(enemies[:8], key=lambda o: gap(b, e, o))
        return t(
            f"hint_no_{key}_within",
            reach=inches(reach or 0.0, t),
            unit=t.names(b.name(nearest)),
            distance=inches(gap(b, e, nearest), t),
            rule="FG-FIRE-1" if key == "fire" else "FG-CHG-1",
        )
    try:
        check(b, e, near[0])
    except Reject as r:
        hidden = r.key == "reason_not_in_vision" and in_strip(b, e, near[0])
        return t("hint_refused", unit=t.names(b.name(near[0])), why=hint_words(r, t, hidden), rule=r.rule)
    return t("hint_target")


def why_no_retreat(b: Battle, t: Texts, e: int) -> str | None:
    """Why a unit may not retreat (FG-ORD-9), with the rule, or None: For Glory always lets it, a
    module may not (warhammer-charges: a unit in close combat, WM-DEC-22)."""
    r = common.withdraw_refusal(b, e)
    return None if r is None else f"{hint_words(r, t)} ({r.rule})"


def said_odds(odds: dict[str, Fraction], t: Texts) -> str:
    """Each outcome and its chance, likeliest first, in the player's words."""
    return said_chances(sorted(odds.items(), key=lambda kv: -kv[1]), t)


def hint_words(r: Reject, t: Texts, hidden: bool = False) -> str:
    """A refusal as a hint says it: the locale's `hint_<reason key>` where the screen words it for a
    unit still where it stands (the recorded reason speaks of the order given), else its reason; a
    target out of sight though in the unit's strip (`hidden`) is said to be hidden, not aside."""
    key = f"hint_{r.key}_hidden" if hidden else f"hint_{r.key}"
    if r.key is not None and t.has(key):
        return Reject(r.rule, r.reason, key, r.values).said(t)
    return r.said(t)
