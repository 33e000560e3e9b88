"""Clash of Spears' rolls in the battle log (game/running/narrate.py): its checks, pools and morale checks in
the player's words, from the rolls the rules report (systems/clash/fatigue.py, melee.py). The texts are
the modules' locale's narration.toml (content/modules/clash-*/locale/<lang>/)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

# the outcome each roll reports, as fatigue.roll_successes, melee._pool and melee.morale word it
CHECKED = re.compile(r"(?P<n>\d+) at (?P<at>\d+)\+ \((?P<how>.*)\)(?:: (?P<verdict>passes|fails))?")
POOLED = re.compile(r"\w+: (?P<n>\d+) at (?P<at>\d+)\+ \((?P<how>.*)\)")
MORALE = re.compile(
    r"(?P<n>\d+) below courage (?P<at>\d+) \((?P<why>[^)]*)\)"
    r"(?P<support>, a commander's die: the worst dropped \(CS-13\))?"
)
# what makes a roll's target, piece by piece: pattern -> the text that says it
HOW = (
    (re.compile(r"courage, no modifier"), "log_cs_courage_plain"),
    (re.compile(r"courage (?P<value>\d+)\+"), "log_cs_courage"),
    (re.compile(r"fatigue (?P<value>\d+) \(CS-15\)"), "log_cs_fatigue"),
    (re.compile(r"fatigue (?P<value>\d+): (?P<penalty>-?\d+) \(CS-15\)"), "log_cs_fatigue_penalty"),
    (re.compile(r"a commander's die \(CS-8\)"), "log_cs_commander"),
    (re.compile(r"combat (?P<value>\d+)"), "log_cs_combat"),
    (re.compile(r"save (?P<value>\d+)"), "log_cs_save"),
    (re.compile(r"behind an obstacle: (?P<value>\d+) \(CS-11\)"), "log_cs_obstacle"),
    (re.compile(r"no quarter: a 6 is two hits \(CS-10\)"), "log_cs_no_quarter"),
    (re.compile(r"(?P<weapon>[a-z0-9_-]+) (?P<value>-?\d+) \(CS-19\)"), "log_cs_weapon"),
    (re.compile(r"(?P<missile>[a-z0-9_-]+) (?P<value>[+-]\d+) \(CS-DEC-23\)"), "log_cs_missile"),
)
NAMED = {"weapon": "cs_weapon_", "missile": "cs_missile_"}  # a weapon of the numbers, by its name

Event = Mapping[str, Any]


def how(text: str, n: Any) -> str:
    """What made the target, in words: each piece the locale knows, the others as they are."""
    pieces = [text] if text == "courage, no modifier" else re.split(r", (?!no modifier)", text)
    out = []
    for piece in pieces:
        for pattern, key in HOW:
            m = pattern.fullmatch(piece)
            if m is not None and n.t.has(key):
                values = m.groupdict()
                for group, prefix in NAMED.items():
                    if group in values and n.t.has(name := prefix + values[group]):
                        values[group] = n.t(name)
                out.append(n.say(key, **values))
                break
        else:
            out.append(piece)
    return ", ".join(out)


def dice(e: Event, n: Any) -> str:
    """The dice rolled, each face, counted ("die 2", "dice 5 1"); "one die" where the roll lists none."""
    rolled = e.get("dice")
    if not rolled:
        return str(n.say("log_cs_one_die"))
    key = "log_cs_dice_one" if len(rolled) == 1 else "log_cs_dice_many"
    return str(n.say(key, dice=" ".join(str(d) for d in rolled)))


def successes(count: int, n: Any) -> str:
    return n.say("log_cs_successes_one" if count == 1 else "log_cs_successes_many", n=count)


def tell_check(e: Event, n: Any) -> str:
    """CS-6, CS-7: an activation or reaction check; CS-4: a commander's dice to rally a unit."""
    m = CHECKED.fullmatch(e["outcome"])
    if m is None:
        return str(n.plain(e))
    who = n.name(e["unit"])
    values = {"who": who, "dice": dice(e, n), "at": m["at"], "how": how(m["how"], n), "rule": e["rule"]}
    found = successes(int(m["n"]), n)
    if m["verdict"] is None:
        return n.say("log_cs_rally", successes=found, **values)
    verdict = n.say("log_cs_passes" if m["verdict"] == "passes" else "log_cs_fails", who=who)
    check = n.word("log_cs_check", e["check"])
    return n.say("log_cs_check", check=check, successes=found, verdict=verdict, **values)


def tell_pool(e: Event, n: Any) -> str:
    """CS-11: the attackers' blows, the defenders' parries, a counter-attack, the saves."""
    m = POOLED.fullmatch(e["outcome"])
    key = "log_cs_pool_" + re.sub(r"\W+", "_", e["check"])
    if m is not None and n.t.has(f"{key}_one"):  # its count agrees: "1 hit", "2 hits"
        key += "_one" if m["n"] == "1" else "_many"
    if m is None or not n.t.has(key):
        return str(n.plain(e))
    return n.say(
        key, who=n.name(e["unit"]), target=n.name(e["target"]) if e.get("target") else "", dice=dice(e, n),
        at=m["at"], how=how(m["how"], n), count=m["n"], rule=e["rule"],
    )  # fmt: skip


def tell_morale(e: Event, n: Any) -> str:
    """CS-13: a morale check, one die and one more per wound: each below Courage is fatigue."""
    m = MORALE.fullmatch(e["outcome"])
    if m is None:
        return str(n.plain(e))
    why = n.word("log_cs_why", m["why"])
    key = "log_cs_morale_support" if m["support"] else "log_cs_morale"
    return n.say(
        key, who=n.name(e["unit"]), why=why, dice=dice(e, n), at=m["at"], count=m["n"], rule=e["rule"]
    )


COMMAND_WORDS = {
    "roll:CS-18": tell_pool,
    "roll:CS-4": tell_check,
    "roll:CS-6": tell_check,
    "roll:CS-7": tell_check,
    "roll:CS-13": tell_morale,
}
MELEE_WORDS = {"roll:CS-11": tell_pool, "roll:CS-13": tell_morale}
