"""Module `warhammer-charges`: units in close combat (WM-38, whose section is a heading without text;
WM-DEC-22). For Glory's melee pushes the loser (or, in a draw, both sides) away, but a push that is
blocked (the table's edge, a base it cannot end on) leaves the two bases touching into the next
activations. A unit touching an enemy unit may then move of its own will only to charge an enemy it
touches; it may still shoot or rally, and compulsory moves (pushes, flights) move it as before.
For Glory asks this of every move it plans (the hook `may_move`), so the orders, the reactions, the
cavalry's extra move, the computer's candidates and the client's buttons all obey it."""

from __future__ import annotations

from game.model.battle import Battle
from game.model.resolution import refuse
from systems.for_glory.targets import contacts


def may_move(b: Battle, e: int, target: int | None) -> None:
    """WM-38 (WM-DEC-22): a unit in contact with enemy units may not move, retreat or turn of its own
    will; it may charge one of the units it touches (`target`), as it may without the module."""
    touching = contacts(b, e)  # enemy units only: officers are not bodies on the table
    if not touching or target in touching:
        return
    units = ", ".join(sorted(b.name(o) for o in touching))
    if target is None:
        raise refuse("WM-DEC-22", "reason_wm_engaged_move", unit=b.name(e), units=units)
    raise refuse("WM-DEC-22", "reason_wm_engaged_charge", charger=b.name(e), unit=b.name(target), units=units)
