"""A pool of dice read by successes (CS-11): Clash of Spears' attacks, defences and saves, in melee
(clash-melee) and against missiles (clash-command's CS-18), each emitted as one roll."""

from __future__ import annotations

from game.model.battle import Battle
from game.model.dice import FACES
from game.model.events import Roll


def pool(
    b: Battle,
    e: int,
    check: str,
    dice: int,
    target: int,
    what: str,
    how: str,
    other: int | None,
    sixes_twice: bool = False,
    rule: str = "CS-11",
) -> int:
    """A pool of d6 at or above a target (CS-11): returns the successes (a natural 6 two with no
    quarter, CS-10)."""
    rolled = tuple(b.dice.d6() for _ in range(dice))
    hits = sum((2 if sixes_twice and d == FACES else 1) for d in rolled if d >= target)
    b.emit(
        Roll(
            check=check,
            unit=b.name(e),
            target=b.name(other) if other is not None else None,
            die=hits,
            dice=rolled,
            read="successes",
            modifiers=(),
            total=hits,
            outcome=f"{what}: {hits} at {target}+ ({how})",
            rule=rule,
        )
    )
    return hits
