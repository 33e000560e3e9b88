"""The dice box's words: a roll's check, its modifiers, total and outcome, in the player's language,
by the battle log's own words (narration.toml: log_check_..., log_label_..., log_result_...), so the
box and the log never say a roll differently (a heading drops the article the log's sentence needs:
roll_check_...). A word the locale lacks (a rule module's own check or
outcome) shows as the rules give it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.model.words import slug
from game.running.narrate import EDGE, Narrator, module_words


def roll_rows(e: Mapping[str, Any], n: Narrator) -> list[str]:
    """Who rolled for what, each modifier with its rule, then the total and what it meant; a roll a
    rule module tells in words of its own (Clash of Spears' tests), as the log tells it."""
    if module_words(f"roll:{e.get('rule')}") is not None:
        return [n.roll(e)]
    rows = [f"{n.who(e)}: {heading(e['check'], n)}{n.purpose(e)}"]
    rows += [f"{m['value']:+d} {n.label(m)} {m['rule']}" for m in e.get("modifiers", [])]
    # a melee's die decides nothing alone: its total is said, the melee's result after all of them; an
    # outcome that is the total itself (an officer's experience, FG-PREP-3) is not said twice
    said_alone = e["outcome"] in ("rolled", str(e["total"]))
    rows.append(f"= {e['total']}" if said_alone else f"= {e['total']}: {outcome(e, n)}{n.natural(e)}")
    return rows


def heading(check: str, n: Narrator) -> str:
    """The check as the box's heading: the log's word without the article its sentence needs ("tira por
    el liderazgo", "General Hill: liderazgo": `roll_check_...`), else the log's word."""
    return n.word("roll_check", check) if n.t.has(f"roll_check_{slug(check)}") else n.word("log_check", check)


def group_rows(
    group: Sequence[Mapping[str, Any]], n: Narrator, result: Mapping[str, Any] | None = None
) -> list[str]:
    """The rows of rolls told as one, as the log's one line: an officer's initiative dice (who rolled
    for what, then each die and their sum, and what it meant); a roll-off's die a side, and who won
    (never their sum); a melee's dice, each unit's with its modifiers, and what the melee's `result`
    (its event, once known) says of them."""
    if group[0]["check"] == "melee":
        return [row for e in group for row in roll_rows(e, n)] + ([n.event(result)] if result else [])
    if len(group) == 1:
        return roll_rows(group[0], n)
    if group[0]["check"] == "roll-off":
        return [n.roll_off(group)]
    head = roll_rows(group[0], n)[0]
    dice = " + ".join(str(e["total"]) for e in group)
    return [head, f"{dice} = {sum(e['total'] for e in group)}: {outcome(group[-1], n)}"]


def outcome(e: Mapping[str, Any], n: Narrator) -> str:
    """What a roll meant: a roll-off's winner by the scenario's name, a reinforcement's edge as the log
    says it, any other outcome by the log's word for it."""
    if e["check"] == "roll-off":
        return n.side(e["outcome"])
    edge = EDGE.fullmatch(e["outcome"]) if e["check"] == "edge" else None
    if edge is not None:
        return n.say(f"log_flank_{edge['flank']}", edge=n.word("log_edge", edge["edge"]))
    return n.word("log_result", e["outcome"])
