"""Events in words, for the battle log and the text output of scripts, in the player's language.

The sentences are texts of the locale (content/locale/<language>/narration.toml, and a rule module's
own in its locale folder), keyed `log_...`, with {name} placeholders; the numbers and names come from
the events. What the player reads:

- one line per move, however many stretches the rules moved it in (a move pauses wherever it enters
  an enemy's reaction area), its distance in inches and no coordinates or headings;
- a roll-off in one line that says each side's die and who won (or that a tie rolls again);
- an initiative roll of several dice in one line with each die and the sum;
- a check's natural 1 or 6 named with its rule (FG-MOR-7, FG-LDR-6);
- the sides and objectives by their scenario names where the caller gives them.

`narrate` groups a list of events into lines (each line says which events it tells); `describe`
tells one event alone. Rule IDs stay as they are, so the log can show each rule on hover.
"""

from __future__ import annotations

import inspect
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from game.content.locale import Texts
from game.model.grammar import Name, grammar_of, listed
from game.model.modules import modules
from game.model.words import counted, inches, percent, slug
from game.running.log_lines import groups
from game.running.log_texts import english, reason_said

if TYPE_CHECKING:
    from game.content.scenario import ScenarioFile

Event = Mapping[str, Any]

# the checks where a natural 1 always fails and a natural 6 always passes, and the rule that says so
NATURAL = {"morale": "FG-MOR-7", "leadership": "FG-LDR-6"}
ROUND_LIMIT = "AMB-37"  # the scenario's round limit ended the battle: its reason says the rounds itself
# a game-over reason as For Glory's rules word it (systems/for_glory/victory.py and sequence.py), read
# back for its values: rule -> pattern
END_REASONS = {
    "FG-VIC-2": re.compile(r"(?P<count>two|\d+) divisions removed"),
    "FG-VIC-3": re.compile(r"the estado mayor of (?P<side>\S+) is lost"),
    "FG-VIC-4": re.compile(r"every objective is held by (?P<side>\S+)"),
    ROUND_LIMIT: re.compile(r"the round limit of (?P<limit>\d+) is reached"),
}
DEPLOYMENT = re.compile(r"arrives in round (?P<round>\d+)")
EDGE = re.compile(r"(?P<flank>\w+) \((?P<edge>\w+)\)")
NUMBERED = re.compile(r"(?P<words>.*\D) (?P<n>-?\d+)")
# the details of a note that are ids of units or officers (told by their names)
NAMED_DETAILS = ("unit", "target", "by", "officer", "charger", "shooter", "reactor", "mover")


@dataclass(frozen=True)
class Line:
    """One line of the log: its words, and the events it tells (`first`, and how many)."""

    text: str
    first: int
    count: int
    kind: str  # the kind of its first event (the log shows a refusal in red)


class Narrator:
    """Tells events in one language; `sides` and `objectives` give the names the scenario uses."""

    def __init__(
        self,
        t: Texts | None = None,
        sides: Mapping[str, str] | None = None,
        objectives: Mapping[str, str] | None = None,
    ) -> None:
        self.t = t or english()
        self.sides = dict(sides or {})
        self.objectives = dict(objectives or {})

    # --- the lines of a list of events ----------------------------------------------------------

    def lines(self, events: Sequence[Event], offset: int = 0) -> list[Line]:
        """Every event of the list in words, grouped into lines; `offset`: the index of the first."""
        out = []
        for first, count in groups(events):
            part = events[first : first + count]
            out.append(Line(self.tell(part), offset + first, count, part[0]["kind"]))
        return out

    def tell(self, group: Sequence[Event]) -> str:
        """One line: a group of events as `groups` makes them (most are one event)."""
        e = group[0]
        try:
            if e["kind"] == "moved":
                return self.moved(group)
            if e["kind"] == "roll" and e.get("check") == "roll-off":
                return self.roll_off(group)
            if e["kind"] == "roll" and e.get("check") == "initiative":
                return self.initiative(group)
            return self.event(e)
        except (KeyError, TypeError, ValueError, IndexError):  # an event without what its words need
            return _raw(e)

    # --- words ----------------------------------------------------------------------------------

    def say(self, key: str, **values: object) -> str:
        return self.t(key, **values)

    def word(self, prefix: str, value: str) -> str:
        """A value in words (`prefix`_value), or as it is when the locale has no words for it; a value
        ending in a number may have words for any number (`prefix`_..._n with {n}: "fatigue 3")."""
        key = f"{prefix}_{slug(value)}"
        if self.t.has(key):
            return self.t(key)
        numbered = NUMBERED.fullmatch(value)
        if numbered and self.t.has(key := f"{prefix}_{slug(numbered['words'])}_n"):
            return self.t(key, n=numbered["n"])
        return value

    def label(self, m: Mapping[str, Any]) -> str:
        """A modifier's label in words; one that counts (hits, counters, bands: `log_label_..._one` and
        `_many`) agrees with the modifier's value as the line shows it: "-1 hit", "-2 hits"."""
        key = f"log_label_{slug(m['label'])}"
        if self.t.has(f"{key}_one"):
            return self.t(f"{key}_one" if abs(m["value"]) == 1 else f"{key}_many")
        return self.word("log_label", m["label"])

    def side(self, side: str) -> str:
        """A side by the scenario's name for it (a `Name`, with its grammar), else its id."""
        return self.sides.get(side, side)

    def name(self, ident: str) -> str:
        """A unit or officer by its name in the player's language (the battle's names, `t.names`)."""
        return self.t.names(ident)

    def who(self, e: Event) -> str:
        """Who an event is about: its unit, else its officer (by name), else its side."""
        if e.get("unit") or e.get("officer"):
            return self.name(e.get("unit") or e["officer"])
        return self.side(e.get("side") or "")

    def inches(self, x: float) -> str:
        return inches(x, self.t)

    def units(self, ids: Iterable[str]) -> Name:
        """Units (or officers) said together, each with its article, "y" before the last in Spanish."""
        return listed((self.name(x) for x in ids), self.t("log_list_last"))

    def rule(self, e: Event) -> str:
        return f" ({e['rule']})" if e.get("rule") else ""

    # --- moves, roll-offs, initiative (groups of events) ----------------------------------------

    def moved(self, group: Sequence[Event]) -> str:
        e, last = group[0], group[-1]
        how = e["how"]
        distance = sum(m["distance"] for m in group)
        key = f"log_move_{slug(how)}"
        if how == "pivot" or (distance < 0.05 and how == "move"):
            key = "log_move_pivot"
        elif distance < 0.05 and self.t.has(f"{key}_none"):  # it could not go anywhere
            key = f"{key}_none"
        if not self.t.has(key):
            key = "log_move"
        text = self.say(key, unit=self.name(e["unit"]), distance=self.inches(distance), how=how)
        if last.get("rules"):  # a module's rules priced it (its ground, its turn)
            text += self.say("log_priced_by", rules=", ".join(last["rules"]))
        if last.get("stopped"):
            text += self.say("log_stopped", unit=self.name(e["unit"]), rule=last["stopped"])
        return text

    def roll_off(self, group: Sequence[Event]) -> str:
        dice = {r["side"]: r["die"] for r in group}
        listed = ", ".join(self.say("log_side_die", side=self.side(s), die=d) for s, d in dice.items())
        best = max(dice.values())
        winners = [s for s, d in dice.items() if d == best]
        rule = group[0].get("rule") or ""
        if len(dice) == 1:  # one side's die told alone
            return self.say("log_roll_off_one", side=listed, rule=rule)
        if len(winners) == 1:
            return self.say("log_roll_off", rule=rule, dice=listed, winner=self.side(winners[0]))
        return self.say("log_roll_off_tie", rule=rule, dice=listed)

    def initiative(self, group: Sequence[Event]) -> str:
        e = group[0]
        who = self.who(e)
        dice = [r["die"] for r in group]
        rule = e.get("rule") or "FG-INIT-2"
        if len(dice) == 1:
            return self.say("log_initiative_one", who=who, die=dice[0], total=dice[0], rule=rule)
        listed = " + ".join(str(d) for d in dice)
        return self.say(
            "log_initiative_many", who=who, count=len(dice), dice=listed, total=sum(dice), rule=rule
        )

    # --- one event ------------------------------------------------------------------------------

    def event(self, e: Event) -> str:
        k = e["kind"]
        told = EVENTS.get(k)
        if told is not None:
            return told(self, e)
        words = module_words(k)  # a rule module's own events, in its words
        return _call(words, e, self) if words is not None else _raw(e)

    def roll(self, e: Event) -> str:
        words = module_words(f"roll:{e.get('rule')}")  # a module's rolls, told by the module
        if words is not None:
            return _call(words, e, self)
        check = e["check"]
        who = self.who(e)
        die, total, rule = e["die"], e["total"], e.get("rule") or ""
        if check == "experience":
            return self.say("log_roll_experience", who=who, die=die, total=total, rule=rule)
        if check == "deployment":
            arrives = DEPLOYMENT.fullmatch(e["outcome"])
            if arrives:
                return self.say("log_roll_arrives", who=who, die=die, round=arrives["round"], rule=rule)
            return self.say("log_roll_deployed", who=who, die=die, rule=rule)
        if check == "edge":
            m = EDGE.fullmatch(e["outcome"])
            if m:
                edge = self.word("log_edge", m["edge"])
                where = self.say(f"log_flank_{m['flank']}", edge=edge)
                return self.say("log_roll_edge", who=who, die=die, where=where, rule=rule)
        dice, mods = self.dice(e), self.modifiers(e)
        if check in NATURAL and not e.get("dice") and e["outcome"] in ("pass", "fail"):
            natural = self.natural(e)
            purpose = self.purpose(e)
            result = self.say("log_pass" if e["outcome"] == "pass" else "log_fail")
            return self.say(
                f"log_checked_{check}",
                who=who,
                purpose=purpose,
                dice=dice,
                mods=mods,
                total=total,
                result=result,
                natural=natural,
                rule=rule,
            )
        target = self.name(e["target"]) if e.get("target") else None
        if check == "fire" and target:
            result = self.word("log_result", e["outcome"])
            return self.say(
                "log_fire",
                who=who,
                target=target,
                dice=dice,
                mods=mods,
                total=total,
                result=result,
                rule=rule,
            )
        if check == "melee" and e["outcome"] == "rolled":
            key = "log_melee_roll" if target else "log_melee_roll_defends"
            return self.say(key, who=who, target=target or "", dice=dice, mods=mods, total=total, rule=rule)
        return self.plain(e)

    def natural(self, e: Event) -> str:
        """ "; a natural 1 always fails (FG-MOR-7)": why a check's total did not decide it, or ""."""
        rule = NATURAL.get(e["check"])
        if rule is None or e.get("dice"):
            return ""
        if e["die"] == 1 and e["outcome"] == "fail":
            return self.say("log_natural_1", rule=rule)
        if e["die"] == 6 and e["outcome"] == "pass":
            return self.say("log_natural_6", rule=rule)
        return ""

    def plain(self, e: Event) -> str:
        """Any roll: who rolled for what, the dice, the modifiers, the total and what it meant."""
        who = self.who(e)
        target = self.name(e["target"]) if e.get("target") else None
        dice, mods, total = self.dice(e), self.modifiers(e), e["total"]
        what = self.word("log_check", e["check"]) + self.purpose(e)
        return self.say(
            "log_roll",
            who=who,
            what=what,
            against=self.say("log_against", target=target) if target else "",
            dice=dice,
            mods=mods,
            total=total,
            result=self.word("log_result", e["outcome"]),
            rule=self.rule(e),
        )

    def purpose(self, e: Event) -> str:
        """Why a check is taken: ' to obey its order', or the rules' word in brackets."""
        if not e.get("purpose"):
            return ""
        key = f"log_purpose_{slug(e['purpose'])}"
        return " " + self.t(key) if self.t.has(key) else f" ({e['purpose']})"

    def dice(self, e: Event) -> str:
        """One die's face, or each die of a roll of several and how they were read (a module's 2D6)."""
        if not e.get("dice"):
            return self.say("log_die", die=e["die"])
        read = self.word("log_read", e.get("read") or "sum")
        return self.say("log_dice", dice=" ".join(str(d) for d in e["dice"]), read=read, value=e["die"])

    def modifiers(self, e: Event) -> str:
        return "".join(
            " "
            + self.say(
                "log_modifier",
                value=f"{m['value']:+d}",
                label=self.label(m),
                rule=m["rule"],
            )
            for m in e.get("modifiers", [])
        )

    def note(self, e: Event) -> str:
        """A rule that took effect without a roll: its words by the key its details name (`say`), or by
        its rule; the rules' own English text when the locale has none or the details do not fit."""
        details = dict(e.get("details") or {})
        key = "log_note_" + slug(str(details.pop("say", None) or e["rule"]))
        if self.t.has(key):
            values = {k: self.value(k, v) for k, v in details.items()}
            try:
                unit = self.name(e["unit"]) if e.get("unit") else ""
                return self.say(key, unit=unit, rule=e["rule"], **values)
            except (KeyError, IndexError, ValueError):
                pass
        who = f"{self.name(e['unit'])}: " if e.get("unit") else ""
        return f"{who}{e['text']} ({e['rule']})"

    def value(self, name: str, v: Any) -> object:
        """A note's detail as its words take it: lists joined, sides by name, a count with its noun where
        the locale words one (`log_count_<name>_one`, `_many`: "1 action marker"), other words looked up."""
        if isinstance(v, int) and not isinstance(v, bool) and self.t.has(f"log_count_{name}_one"):
            return counted(self.t, f"log_count_{name}", v)
        if isinstance(v, list | tuple):
            return self.units(str(x) for x in v)
        if name == "side":
            return self.side(str(v))
        if name == "reason" and isinstance(v, str):  # a refusal recorded in English (WM-DEC-5)
            return reason_said(self.t, v)
        if name in NAMED_DETAILS and isinstance(v, str):
            return self.name(v)
        if name == "division" and isinstance(v, str):
            return self.t.names.division(v)
        if isinstance(v, str) and self.t.has(f"log_{name}_{slug(v)}"):
            return self.t(f"log_{name}_{slug(v)}")
        return v


def said_outcome(key: str, t: Texts) -> str:
    """An outcome of the odds in words: the combat table's results as the log says them (a shot's
    result is its target's); a melee's "won: pushed" or "lost: pushed" by its own words, which say who
    takes the result (the enemy when the attackers win, the attackers when they lose), or a result
    without them in odds_won / odds_lost; a module's own as it gives them."""
    result = Narrator(t).word
    side, _, what = key.partition(": ")
    if what and t.has(f"odds_{side}"):
        own = f"odds_{side}_{slug(what)}"
        return t(own) if t.has(own) else t(f"odds_{side}", result=result("log_result", what))
    return result("log_result", key)


def said_chances(odds: Iterable[tuple[str, float | Fraction]], t: Texts) -> str:
    """Outcomes and their chances in the order given, as the unit's hover box, the odds under the
    mouse and the general's reasons say them: "; " between them, as an outcome's words hold commas."""
    return "; ".join(f"{said_outcome(k, t)} {percent(float(p), t)}" for k, p in odds)


def module_words(key: str) -> Callable[..., str] | None:
    """A rule module's words for an event kind, or for its rolls ("roll:<rule>")."""
    for m in modules():
        words = m.narration.get(key)
        if words is not None:
            return words
    return None


def _call(words: Callable[..., str], e: Event, n: Narrator) -> str:
    """A module's words: (event), or (event, narrator) for the words of the player's language."""
    try:
        takes = len(inspect.signature(words).parameters)
    except (TypeError, ValueError):
        takes = 1
    return words(e, n) if takes >= 2 else words(e)


def _raw(e: Event) -> str:
    """An event nothing has words for: its fields, so that nothing is hidden."""
    return ", ".join(f"{k} {v}" for k, v in e.items() if k not in ("n", "rules", "step"))


def _rejected(n: Narrator, e: Event) -> str:
    who = f"{n.name(e['unit'])}: " if e.get("unit") else ""
    order = n.word("log_order", e.get("order") or "order")
    return n.say("log_rejected", who=who, order=order, rule=e["rule"], reason=reason_said(n.t, e["reason"]))


def _pushed(n: Narrator, e: Event) -> str:
    moved = math.dist(e["start"], e["end"])
    key = "log_pushed_blocked" if e.get("blocked") else "log_pushed"
    by = str(e["by"])  # a unit, or a rule that pushes by itself (dias-terrain's ice: DG-13): its
    # words and their grammar ("el hielo" pushes, "the ice"), as a name's are
    pusher = f"log_pusher_{slug(by)}"
    cause: str = n.name(by)
    if n.t.has(pusher):
        words = n.t(pusher)
        cause = Name(words, grammar_of(n.t(f"{pusher}_tag")), shown=words)
    return n.say(key, unit=n.name(e["unit"]), by=cause, distance=n.inches(moved))


def _melee(n: Narrator, e: Event) -> str:
    winner = e["winner"] if e["winner"] in ("attackers", "defenders") else "draw"
    return n.say(
        f"log_melee_{winner}",
        attackers=n.units(e["attackers"]),
        defenders=n.units(e["defenders"]),
        attack=e["attack"],
        defence=e["defence"],
        margin=e["margin"],
        result=n.word("log_result", e["outcome"]),
        rule=e["rule"],
    )


def _phase(n: Narrator, e: Event) -> str:
    phase = n.say(f"phase_{slug(e['phase'])}") if n.t.has(f"phase_{slug(e['phase'])}") else e["phase"]
    key = "log_phase" if e["round"] else "log_phase_setup"
    return n.say(key, round=e["round"], phase=phase, rule=e["rule"])


def _deployed(n: Narrator, e: Event) -> str:
    """A division on the table, with its side: both sides' divisions are often "1st Division"."""
    said = {
        "division": n.t.names.division(e["division"]),
        "side": n.side(e["side"]),
        "count": len(e["units"]),
    }
    if e.get("edge"):
        return n.say("log_deployed_edge", edge=n.word("log_edge", e["edge"]), rule=e["rule"], **said)
    return n.say("log_deployed", rule=e["rule"], **said)


def _activated(n: Narrator, e: Event) -> str:
    """A formation activated, with its side: both sides' divisions are often called alike."""
    side = n.side(e.get("side") or "")
    if str(e["formation"]).startswith("det:"):
        units = n.units(e.get("units") or [e["formation"][4:]])
        return n.say(
            "log_activated_detachment", side=side, units=units, initiative=e["initiative"], rule="FG-ACT-1"
        )
    division = n.t.names.division(e["formation"])
    return n.say("log_activated", side=side, division=division, initiative=e["initiative"], rule="FG-ACT-1")


def end_reason(n: Narrator, e: Event) -> str:
    """Why a battle ended (its game_over event), in the narrator's language: the recorded English
    read back against its rule's pattern; a reason no pattern reads stays as recorded."""
    pattern = END_REASONS.get(e["rule"])
    found = pattern.fullmatch(e["reason"]) if pattern is not None else None
    key = "log_end_" + slug(e["rule"])
    values = found.groupdict() if found is not None else {}
    if values.get("count", "two") != "two":  # a scenario's own count of divisions removed (FG-VIC-2)
        key += "_count"
    if found is None or not n.t.has(key):
        return str(e["reason"])
    if "side" in values:
        values["side"] = n.side(values["side"])
    return n.say(key, **values)


def _game_over(n: Narrator, e: Event) -> str:
    reason = end_reason(n, e)
    result = n.say("log_winner", side=n.side(e["winner"])) if e.get("winner") else n.say("log_draw")
    score = ", ".join(n.say("log_side_score", side=n.side(s), points=p) for s, p in e["score"].items())
    return n.say("log_game_over", reason=reason, rule=e["rule"], result=result, score=score)


def _plural(n: Narrator, key: str, count: int, **values: object) -> str:
    """`key`_one for one, `key`_many otherwise."""
    return n.say(f"{key}_one" if count == 1 else f"{key}_many", **values)


Told = Callable[[Narrator, Event], str]

EVENTS: dict[str, Told] = {
    "roll": Narrator.roll,
    "rejected": _rejected,
    "moved": lambda n, e: n.moved([e]),
    "pushed": _pushed,
    "hit": lambda n, e: _plural(
        n, "log_hit", e["added"], unit=n.name(e["unit"]), added=e["added"], hits=e["hits"]
    ),
    "destroyed": lambda n, e: n.say("log_destroyed", unit=n.name(e["unit"]), rule=e["rule"]),
    "removed": lambda n, e: n.say(
        "log_removed", unit=n.name(e["unit"]), reason=n.word("log_reason", e["reason"]), rule=e["rule"]
    ),
    "lost_brigade": lambda n, e: _plural(
        n,
        "log_lost_brigade",
        e["counters"],
        officer=n.name(e["officer"]),
        counters=e["counters"],
        rule=e["rule"],
    ),
    "division_removed": lambda n, e: n.say(
        # a language whose words for why agree with the division has a line for each reason
        own if n.t.has(own := f"log_division_removed_{slug(e['reason'])}") else "log_division_removed",
        division=n.t.names.division(e["officer"]),
        reason=n.word("log_reason", e["reason"]),
        rule=e["rule"],
    ),
    "officer_killed": lambda n, e: n.say(
        "log_officer_killed", officer=n.name(e["officer"]), by=n.name(e["by"]), rule=e["rule"]
    ),
    "officer_relocated": lambda n, e: n.say(
        "log_officer_relocated", officer=n.name(e["officer"]), rule=e["rule"]
    ),
    "melee": _melee,
    "contact": lambda n, e: n.say(
        "log_contact",
        unit=n.name(e["unit"]),
        target=n.name(e["target"]),
        sector=n.word("log_sector", e["sector"]),
    ),
    "reaction": lambda n, e: n.say(
        "log_reaction",
        unit=n.name(e["unit"]),
        against=n.name(e["against"]),
        action=n.word("log_action", e["action"]),
    ),
    "interrupted": lambda n, e: n.say(
        "log_interrupted", unit=n.name(e["unit"]), by=n.name(e["by"]), rule=e["rule"]
    ),
    "rallied": lambda n, e: _plural(
        n, "log_rallied", e["hits"], unit=n.name(e["unit"]), hits=e["hits"], rule=e["rule"]
    ),
    "marker": lambda n, e: n.say("log_marker", by=n.name(e["by"]), rule=e["rule"]),
    "disorganised": lambda n, e: n.say(
        "log_disorganised" if e["value"] else "log_organised",
        division=n.t.names.division(e["officer"]),
        rule=e["rule"],
    ),
    "note": Narrator.note,
    "phase": _phase,
    "deployed": _deployed,
    "staff_placed": lambda n, e: n.say("log_staff_placed", officer=n.name(e["officer"]), rule=e["rule"]),
    "activated": _activated,
    "objective": lambda n, e: n.say(
        "log_objective",
        side=n.side(e["side"]),
        objective=n.objectives.get(e["objective"], e["objective"]),
        rule=e["rule"],
    ),
    "game_over": _game_over,
}


def names_of(spec: ScenarioFile, language: str = "en") -> tuple[dict[str, str], dict[str, str]]:
    """The names a scenario gives its sides and its objectives in a language (ids when it gives none;
    an Open Wars map's words are its mode's, systems/open_wars/words.py)."""
    words = spec.words(language)
    return words.sides, words.objectives


def narrate(
    events: Sequence[Event],
    t: Texts | None = None,
    sides: Mapping[str, str] | None = None,
    objectives: Mapping[str, str] | None = None,
) -> list[Line]:
    """A list of events (as dicts) in lines, in the language of `t` (English without)."""
    return Narrator(t, sides, objectives).lines(events)


def describe(e: Event, t: Texts | None = None) -> str:
    """One event alone in words (a move's stretch, one die of a roll-off as a roll-off of one)."""
    return Narrator(t).tell([e])
