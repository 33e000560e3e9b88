"""Clash of Spears' morale check (CS-12..14), shared by `clash-command` (a unit hit by fire) and
`clash-melee` (hits in melee, a friend destroyed, an officer killed): a pool of one die, one more per
wound or for what was seen, each below the unit's Courage a fatigue point, two or more paralysing it.
A commander may spend a command point for one die more, the worst then dropped (CS-13)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.model import commands as cmd
from game.model import probability
from game.model.battle import Battle
from game.model.dice import D6
from game.model.events import Event, HitTaken, Note, Roll
from systems.clash.fatigue import add_fatigue, courage, fatigue

PARALYSED_AT = 2  # CS-14: two fatigue points (or more, the digest's reading) from one check


@dataclass(frozen=True, slots=True)
class SupportCheck(cmd.Command):
    """CS-13: a commander within Command Distance spends 1 CP: one die more, the worst dropped
    (Pass: the unit checks alone)."""

    unit: str


def morale(b: Battle, e: int, extra: int, why: str, support: bool = False) -> int:
    """CS-13: 1 + `extra` dice against Courage, each below it a fatigue point; with a commander's die
    (`support`) one more is rolled and the worst dropped; two or more paralyse (CS-14). Returns the
    fatigue gained."""
    if not b.in_play(e):
        return 0
    target = courage(b, e)
    rolled = tuple(b.dice.d6() for _ in range(1 + extra + (1 if support else 0)))
    kept = sorted(rolled)[1:] if support else list(rolled)
    fails = sum(1 for d in kept if d < target)
    note = ", a commander's die: the worst dropped (CS-13)" if support else ""
    b.emit(
        Roll(
            check="morale",
            unit=b.name(e),
            die=fails,
            dice=rolled,
            read="failures",
            modifiers=(),
            total=fails,
            outcome=f"{fails} below courage {target} ({why}){note}",
            purpose=why,
            rule="CS-13",
        )
    )
    add_fatigue(b, e, fails, "CS-13", "morale check", {"say": "cs_fatigue_morale"})
    if fails >= PARALYSED_AT and b.in_play(e):
        fatigue(b, e).paralysed = True
        b.emit(Note(rule="CS-14", text="is paralysed", unit=b.name(e)))
    return fails


def paralysis_chance(b: Battle, e: int, dice: int, support: bool) -> Fraction:
    """The exact chance a check of `dice` dice paralyses the unit; with a commander's die one more is
    rolled and the worst dropped, so the failures count one less unless none failed."""
    target = courage(b, e)
    fails = probability.successes(dice + (1 if support else 0), D6, lambda d: d < target)
    return probability.chance(fails, lambda k: k - (1 if support and k else 0) >= PARALYSED_AT)


def hits_by_fire(events: list[Event]) -> list[tuple[str, int]]:
    """CS-12: the units hit by a shot among these events (a For Glory or Días de Gloria fire roll at
    the unit, then its hits), with the wounds taken (those its saves left, CS-DEC-23)."""
    out: list[tuple[str, int]] = []
    shot_at: str | None = None
    for ev in events:
        if isinstance(ev, Roll) and ev.check == "missile save":
            # CS-DEC-23: hit by a missile weapon, even if every hit is saved
            if ev.unit is not None and ev.unit == shot_at:
                out.append((ev.unit, 0))
        elif isinstance(ev, Roll):
            shot_at = ev.target if ev.check == "fire" else None
        elif isinstance(ev, HitTaken) and ev.unit == shot_at and ev.added > 0:
            if out and out[-1] == (ev.unit, 0):  # the wounds its saves left
                out[-1] = (ev.unit, ev.added)
            else:
                out.append((ev.unit, ev.added))
    return out
