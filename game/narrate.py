"""Events in words, for the battle log and the text output of scripts."""

from __future__ import annotations

from typing import Any

from game.modules import modules

MOVES = {
    "move": "moves",
    "pivot": "pivots",
    "road": "marches by road",
    "strategic": "moves (strategic)",
    "road+strategic": "marches by road (strategic)",
    "retreat": "retreats",
    "charge": "charges",
    "reaction-charge": "charges in reaction",
    "extra": "makes its extra move",
    "officer": "rides",
}

SECTORS = {
    "front": "in the front",
    "rear": "in the rear",
    "left": "on its left flank",
    "right": "on its right flank",
}


def _mods(e: dict[str, Any]) -> str:
    parts = [f"{m['value']:+d} {m['label']} ({m['rule']})" for m in e.get("modifiers", [])]
    return (" " + " ".join(parts)) if parts else ""


def _dice(e: dict[str, Any]) -> str:
    """One die's face, or each die of a roll of several and how they were read (a module's 2D6)."""
    if not e.get("dice"):
        return f"die {e['die']}"
    read = e.get("read") or "sum"
    return f"dice {' '.join(str(d) for d in e['dice'])} ({read} {e['die']})"


def describe(e: dict[str, Any]) -> str:
    k = e["kind"]
    if k == "roll":
        who = e.get("unit") or e.get("officer") or e.get("side")
        what = e["check"] + (f" ({e['purpose']})" if e.get("purpose") else "")
        at = f" at {e['target']}" if e.get("target") else ""
        return f"{who} rolls {what}{at}: {_dice(e)}{_mods(e)} = {e['total']}: {e['outcome']}"
    if k == "rejected":
        who = f"{e['unit']}: " if e.get("unit") else ""
        return f"{who}{e.get('order', 'order')} refused by {e['rule']}: {e['reason']}"
    if k == "moved":
        stop = f", stopped by {e['stopped']}" if e.get("stopped") else ""
        end = e["path"][-1]
        verb = MOVES.get(e["how"], e["how"])
        where = f"({end[0]:.2f}, {end[1]:.2f})"
        if e["how"] == "officer":
            return f'{e["unit"]} rides {e["distance"]:.2f}" to {where}'
        return f'{e["unit"]} {verb} {e["distance"]:.2f}" to {where}, facing {e["facing"]:g}{stop}'
    if k == "pushed":
        return f"{e['unit']} is pushed by {e['by']} to ({e['end'][0]:.2f}, {e['end'][1]:.2f})" + (
            " (blocked)" if e.get("blocked") else ""
        )
    if k == "hit":
        return f"{e['unit']} takes {e['added']} hit(s), now {e['hits']}"
    if k == "destroyed":
        return f"{e['unit']} is destroyed ({e['rule']})"
    if k == "removed":
        return f"{e['unit']} leaves the field: its division is {e['reason']} ({e['rule']})"
    if k == "lost_brigade":
        return f"{e['officer']} now has {e['counters']} lost-brigade counter(s) ({e['rule']})"
    if k == "division_removed":
        return f"the division of {e['officer']} is {e['reason']} and leaves the field ({e['rule']})"
    if k == "officer_killed":
        return f"{e['officer']} is killed by {e['by']} ({e['rule']})"
    if k == "officer_relocated":
        return f"{e['officer']} is replaced and placed at ({e['at'][0]:.2f}, {e['at'][1]:.2f}) ({e['rule']})"
    if k == "melee":
        return (
            f"melee {', '.join(e['attackers'])} ({e['attack']}) against {', '.join(e['defenders'])} "
            f"({e['defence']}): margin {e['margin']}, {e['winner']}: {e['outcome']} ({e['rule']})"
        )
    if k == "contact":
        return f"{e['unit']} reaches {e['target']} {SECTORS.get(e['sector'], e['sector'])}"
    if k == "reaction":
        return f"{e['unit']} reacts to {e['against']}: {e['action']}"
    if k == "interrupted":
        return f"{e['unit']} is interrupted by {e['by']} ({e['rule']})"
    if k == "rallied":
        return f"{e['unit']} rallies, now {e['hits']} hit(s) ({e['rule']})"
    if k == "marker":
        return f"{e['by']} places an artillery marker at ({e['at'][0]:.2f}, {e['at'][1]:.2f}) ({e['rule']})"
    if k == "disorganised":
        state = "disorganised" if e["value"] else "organised again"
        return f"the division of {e['officer']} is {state} ({e['rule']})"
    if k == "note":
        who = f"{e['unit']}: " if e.get("unit") else ""
        return f"{who}{e['text']} ({e['rule']})"
    return _battle(e)


def _battle(e: dict[str, Any]) -> str:
    """The events of the round loop (systems/sequence.py)."""
    k = e["kind"]
    if k == "phase":
        when = f"Round {e['round']}: " if e["round"] else ""
        return f"--- {when}{e['phase']} phase ({e['rule']}) ---"
    if k == "deployed":
        where = f" at the {e['edge']} edge" if e.get("edge") else ""
        return f"{e['division']} deploys{where}: {len(e['units'])} units ({e['rule']})"
    if k == "staff_placed":
        return f"the estado mayor {e['officer']} takes the field ({e['rule']})"
    if k == "activated":
        return f"{e['formation']} activates, initiative {e['initiative']} (FG-ACT-1)"
    if k == "objective":
        return f"{e['side']} takes the objective {e['objective']} ({e['rule']})"
    if k == "game_over":
        winner = f"{e['winner']} wins" if e.get("winner") else "a draw"
        score = ", ".join(f"{s} {p}" for s, p in e["score"].items())
        return f"The battle ends: {e['reason']} ({e['rule']}); {winner}, {score}"
    for m in modules():  # a rule module's own events, in its words
        words = m.narration.get(k)
        if words is not None:
            return words(e)
    return str(e)
