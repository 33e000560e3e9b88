"""Why a computer general did what it did: the options it weighed for a decision, each with its worth
and how that worth was made up, so the client can answer "why?" and `simulate --why` can tell it
afterwards (their words: game/running/why_words.py)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from game.model import commands as cmd
from game.model.battle import Battle
from game.model.geometry import Point, dist
from game.model.resolution import Decision


@dataclass(frozen=True)
class Weighed:
    """One option: the command, its worth (in the value of hits) and its parts by term."""

    command: cmd.Command
    value: float
    parts: tuple[tuple[str, float], ...] = ()
    odds: tuple[tuple[str, float], ...] = ()  # the chance of each effect of its roll, when it has one
    moved: float = 0.0  # inches, for a move (told by its length, never its coordinates)
    faces: str = ""  # the enemy unit a move ends facing, when it was tried facing him (game/ai/general.py)
    bearing: float | None = None  # the way a move goes, in degrees (0 east, 90 north): two moves alike
    # in words are told apart by it


@dataclass(frozen=True)
class Thought:
    """A decision and what was weighed for it, best first (the first is what was chosen)."""

    kind: str
    side: str
    options: tuple[Weighed, ...]
    looked_at: int  # positions and rolls weighed in all

    @property
    def chosen(self) -> Weighed:
        return self.options[0]


def weighed(
    command: cmd.Command,
    parts: Mapping[str, float],
    odds: Mapping[str, Fraction] | None = None,
    moved: float = 0.0,
    start: Point | None = None,
) -> Weighed:
    """An option from its parts (terms of zero are left out); its odds' likeliest effects first; a
    move from `start` to its command's point, with the way it goes."""
    shown = tuple((k, round(v, 2)) for k, v in parts.items() if abs(v) >= 0.005)
    chances = tuple(sorted(((k, float(p)) for k, p in (odds or {}).items() if p > 0), key=lambda kv: -kv[1]))
    to = getattr(command, "to", None)
    bearing = None
    if start is not None and to is not None and dist(start, to) > 0.05:
        bearing = math.degrees(math.atan2(to[1] - start[1], to[0] - start[0])) % 360
    return Weighed(command, round(sum(parts.values()), 3), shown, chances, round(moved, 1), bearing=bearing)


class KeptReasons:
    """A player whose reasons are kept, with the round of each decision (`simulate --why`)."""

    def __init__(self, player: Any, kept: list[tuple[int, Thought]]) -> None:
        self.player, self.kept = player, kept

    def decide(self, b: Battle, d: Decision) -> cmd.Command:
        c: cmd.Command = self.player.decide(b, d)
        thought = getattr(self.player, "thought", None)
        if isinstance(thought, Thought):
            self.kept.append((b.game.round if b.game is not None else 0, thought))
        return c


def unjudged(w: Weighed) -> Weighed:
    """An option without its misjudgement."""
    parts = {k: v for k, v in w.parts if k != "misjudged"}
    return replace(w, value=round(sum(parts.values()), 3), parts=tuple(parts.items()))


def less(w: Weighed, term: str, amount: float) -> Weighed:
    """An option worth `amount` less, on the term that says why."""
    parts = dict(w.parts)
    parts[term] = round(parts.get(term, 0.0) - amount, 2)
    return replace(w, value=round(w.value - amount, 3), parts=tuple(parts.items()))
