"""Module `warhammer-charges` as registered: its decisions, hooks, commands and numbers, the check of
its numbers against the ruleset, and its rolls in the battle log. The charged unit's answer is
`charges.py`, rallying a unit that fled `rally.py`, units in close combat `close_combat.py`; decisions
in docs/warhammer-decisions.md."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from game.model import commands as cmd
from game.model.dice import D6
from game.model.modules import DecisionKind, RuleModule, named, unknown_names
from game.model.ruleset import Ruleset
from systems.warhammer.charges import (
    ID,
    ChargeNumbers,
    ChargeReaction,
    Fled,
    KeepFleeing,
    RallyFacing,
    Redirect,
    charge,
    choices,
    choose,
    redirect_choice,
    redirect_choices,
)
from systems.warhammer.close_combat import may_move
from systems.warhammer.rally import activation, rally_choices, rally_facing_choice, rally_facing_choices


# Its prompts and the words of its choices in each language: content/modules/warhammer-charges/locale.
def check(rules: Ruleset, records: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The categories and qualities the numbers name must be the ruleset's."""
    n: ChargeNumbers = records["charges"]
    known = ", ".join(sorted(rules.categories))
    problems = [
        ("charges", "fast_cavalry", f"no unit category {code!r} (known: {known})")
        for code in n.fast_cavalry
        if code not in rules.categories
    ]
    return problems + unknown_names("charges", [("leadership", "quality", n.leadership, rules.qualities)])


# --- its rolls in the battle log (game/running/narrate.py; the words: its locale's narration.toml) ----------

RALLY = re.compile(r"(?P<result>rallies|flees on): \d+ against (?P<whose>.+) (?P<value>\d+)")


def tell_flee(e: Mapping[str, Any], n: Any) -> str:
    """WM-9, WM-15: the dice of a flight, in centimetres (its move's line gives the inches)."""
    return n.say("log_wm_flee", who=n.name(e["unit"]), dice=n.dice(e), cm=e["total"], rule=e["rule"])


def tell_rally(e: Mapping[str, Any], n: Any) -> str:
    """WM-10: the dice of a rally test against the unit's or the General's Leadership."""
    m = RALLY.fullmatch(e["outcome"])
    if m is None:
        return str(n.plain(e))
    whose = "log_wm_general" if "(WM-10)" in m["whose"] else "log_wm_own"
    key = "log_wm_rallies" if m["result"] == "rallies" else "log_wm_flees_on"
    return n.say(
        key, who=n.name(e["unit"]), dice=n.dice(e), leadership=n.say(whose, value=m["value"]), rule=e["rule"]
    )


WARHAMMER_CHARGES = RuleModule(
    id=ID,
    name="Warhammer charges",
    description="a charged unit holds, stands and shoots, or flees before the charger moves (WM-5..9)",
    prefix="WM-",
    mode="for-glory",
    decisions=(
        DecisionKind(
            "rally",
            (KeepFleeing, cmd.Pass),
            ai=lambda b, d, judge: cmd.Pass(),  # rallying is always worth trying (WM-14)
            scripted=named({"rally": lambda d: cmd.Pass(), "flee on": lambda d: KeepFleeing(d.unit)}),
            choices=rally_choices,
            rules=("WM-10", "WM-14", "WM-15"),
        ),
        DecisionKind(
            "rally_facing",
            (RallyFacing, cmd.Pass),
            ai=rally_facing_choice,
            scripted=lambda d, name: cmd.Pass() if name == "keep" else RallyFacing(d.unit, name),
            choices=rally_facing_choices,
            rules=("WM-12",),
        ),
        DecisionKind(
            "redirect",
            (Redirect, cmd.Pass),
            ai=redirect_choice,
            scripted=named({"charge": lambda d: Redirect(d.unit), "stop": lambda d: cmd.Pass()}),
            choices=redirect_choices,
            rules=("WM-21", "WM-DEC-5"),
        ),
        DecisionKind(
            "charge_reaction",
            (ChargeReaction, cmd.Pass),
            ai=choose,
            scripted=lambda d, name: ChargeReaction(d.unit, name),  # type: ignore[arg-type]
            choices=choices,
            rules=("WM-5", "WM-6", "WM-7", "WM-8", "WM-9", "WM-39", "WM-DEC-20"),
        ),
    ),
    commands=(ChargeReaction, Redirect, KeepFleeing, RallyFacing),
    hooks={"charge": charge, "activation": activation, "may_move": may_move},
    components=(lambda b, e: Fled(),),
    dice=(D6,),
    narration={"roll:WM-9": tell_flee, "roll:WM-15": tell_flee, "roll:WM-10": tell_rally},
    records={"charges": ChargeNumbers},
    check=check,
)
