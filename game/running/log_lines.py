"""Which events the battle log tells in one line: the stretches of one move, an officer's initiative
dice, a roll-off's die a side (game/running/narrate.py words them; the dice box shows such rolls
together, game/ui/drawing/display.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Event = Mapping[str, Any]


def joins(group: Sequence[Event], e: Event) -> bool:
    """Does event `e` continue the line that tells `group`?"""
    first = group[0]
    if first["kind"] != e["kind"] or first.get("step") != e.get("step"):
        return False
    if e["kind"] == "moved":  # the stretches of one move
        return e["unit"] == first["unit"] and e["how"] == first["how"] and not group[-1].get("stopped")
    if e["kind"] != "roll" or e.get("check") != first.get("check") or e.get("rule") != first.get("rule"):
        return False
    if e["check"] == "roll-off":  # one die a side, then a roll again on a tie
        return e.get("side") not in {r.get("side") for r in group}
    if e["check"] == "initiative":  # the dice of one officer
        return e.get("officer") == first.get("officer") and e.get("unit") == first.get("unit")
    return False


def groups(events: Sequence[Event]) -> list[tuple[int, int]]:
    """The events as lines: (first, count) for each."""
    out: list[tuple[int, int]] = []
    for i, e in enumerate(events):
        if out:
            first, count = out[-1]
            if first + count == i and joins(events[first:i], e):
                out[-1] = (first, count + 1)
                continue
        out.append((i, 1))
    return out
