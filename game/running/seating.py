"""Who plays each side of a game, by seat: the command line's `--a`, `--b`, `--c`, `--d` (`simulate`
and `play`) and the start screen's rows give one a seat in the sides' order; `simulate` makes its
players of them, the window its controllers. A seat not given plays as the default; a seat given
that the game does not have is refused in one line."""

from __future__ import annotations

from collections.abc import Sequence

from game.model.errors import UserError

SEAT_OPTIONS = ("--a", "--b", "--c", "--d")  # the command line's name of each seat, in order


def seated(sides: Sequence[str], chosen: Sequence[str | None], default: str, command: str) -> dict[str, str]:
    """Each side's player or controller: `chosen[i]` for the i-th side, `default` where none is given."""
    extra = [_seat(i) for i in range(len(sides), len(chosen)) if chosen[i] is not None]
    if extra:
        which = "no such seat" if len(extra) == 1 else "no such seats"
        raise UserError(f"{command}: {' and '.join(extra)}: this game has {which}; it has {len(sides)} seats")
    return {s: (chosen[i] if i < len(chosen) else None) or default for i, s in enumerate(sides)}


def _seat(i: int) -> str:
    return SEAT_OPTIONS[i] if i < len(SEAT_OPTIONS) else f"seat {i + 1}"
