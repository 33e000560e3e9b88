"""Moves weighed in two steps, with the same choice and the same reasons as weighing each whole: first
without the enemy's answers to it (his shots and charges next turn where it ends, the reactions it draws
on the way), which can only make a move worth less, so that its worth so far bounds its worth; then
those answers, for the moves whose bound could still place them among the options the general looks at:
the best few of all (his reasons, the plan's candidates) and the best move of each unit (what the plan
counts the others for). Most moves of a decision never need their answers weighed (a hard general's
battle: three in four), and the answers are the dearest part of a position's worth (charge plans).
Only a general who never misjudges bounds his moves: a misjudgement drawn per option would have to be
drawn for every one in the same order. A battle whose reasons nobody reads (a headless simulation, a
match, a tournament: players.unexplained) needs whole only the option chosen, and no unit's best move
unless a plan counts them: the same choice, for about an eighth less of the general's time."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field

from game.ai.reasons import Weighed
from game.model import commands as cmd

SHOWN = 8  # the options whose worth must be whole: a Thought's, and the plan's candidates among them


def _unit(w: Weighed) -> str | None:
    return getattr(w.command, "unit", None)


@dataclass
class Bounded:
    """One decision's moves weighed so far only up to their bound, and the order options were made in
    (ties of worth keep it, as a stable sort of every option weighed whole would)."""

    whole: Callable[[Weighed], Weighed]  # a bounded move weighed whole (priced as the others were)
    shown: int  # the best options weighed whole: the Why box's (SHOWN), or only the chosen one
    per_unit: bool  # each unit's best move weighed whole too (a plan counts the others by it)
    index: dict[int, int] = field(default_factory=dict)  # id of an option's command -> its place made
    open: set[int] = field(default_factory=set)  # ids of the commands of moves weighed to their bound
    left: list[Weighed] = field(default_factory=list)  # bounded moves the ranking did not need
    worth: dict[int, float] = field(default_factory=dict)  # id of a command -> its worth before the plan

    def made(self, options: list[Weighed]) -> None:
        self.index = {id(w.command): i for i, w in enumerate(options)}

    def ranked(self, options: list[Weighed]) -> list[Weighed]:
        """The options best first (`options` already so, the bounded ones at their bound), every one
        weighed whole that could be among the best `shown` or (`per_unit`) be its unit's best move; the
        others kept in `left`, for after the plan."""
        heap = [(-w.value, self.index[id(w.command)], w) for w in options]
        heapq.heapify(heap)
        out: list[Weighed] = []
        best_move: dict[str, float] = {}  # a unit's best move weighed whole (the plan counts from 0)
        while heap:
            _, i, w = heapq.heappop(heap)
            unit = _unit(w)
            if id(w.command) in self.open:
                below_shown = len(out) >= self.shown and w.value < out[self.shown - 1].value
                unit_best = self.per_unit and (unit is None or w.value >= max(0.0, best_move.get(unit, 0.0)))
                if below_shown and not unit_best:
                    self.left.append(w)
                    continue
                self.open.discard(id(w.command))
                w = self.whole(w)
                heapq.heappush(heap, (-w.value, i, w))
                continue
            out.append(w)
            if unit is not None and isinstance(w.command, cmd.Move):
                best_move[unit] = max(best_move.get(unit, 0.0), w.value)
        self.worth = {id(w.command): w.value for w in out}
        return out

    def finished(self, chosen: list[Weighed], planned: Callable[[Weighed], Weighed]) -> list[Weighed]:
        """The plan's ranking (`chosen`) with every move left out weighed whole and put in its place when
        its bound, as the plan values it (`planned`), could reach the best `shown`."""
        out = list(chosen)
        for w in sorted(self.left, key=lambda w: (-w.value, self.index[id(w.command)])):
            if len(out) >= self.shown and planned(w).value < out[self.shown - 1].value:
                continue  # the plan adds to each unit its own: a lower bound may still reach them
            whole = self.whole(w)
            self.worth[id(whole.command)] = whole.value
            out.append(planned(whole))
            out.sort(key=lambda o: (-o.value, -self.worth[id(o.command)], self.index[id(o.command)]))
        self.left = []
        return out
