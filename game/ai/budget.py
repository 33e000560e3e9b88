"""What one decision of a search general may look at: a count of positions and a cap on its thread's
processor time (the count is what normally ends a search, so that one seed gives one battle)."""

from __future__ import annotations

import time

from game.ai.generals import General


class Budget:
    """Evaluations left for one decision, and a cap on the thinking thread's processor time: a slow
    machine thinks less, a busy one does not (its clock would cut one search short and not another,
    so one seed would not give one battle; the 400-game matches ran with other work beside them)."""

    def __init__(self, g: General, think: float = 1.0) -> None:
        self.left = max(1, round(g.level.evaluations * think))
        self.used = 0
        self.until = time.thread_time() + g.level.think_seconds * think

    def spend(self) -> bool:
        if self.left <= 0 or time.thread_time() > self.until:
            return False
        self.left -= 1
        self.used += 1
        return True


class Quota(Budget):
    """A unit's share of a decision's budget: it spends from the budget, and at most `n` positions."""

    def __init__(self, budget: Budget, n: int) -> None:
        self.budget, self.left, self.used, self.until = budget, n, 0, budget.until

    def spend(self) -> bool:
        if self.left <= 0 or not self.budget.spend():
            return False
        self.left -= 1
        self.used += 1
        return True
