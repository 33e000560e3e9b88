"""A general who bounds his moves (game/ai/bounds.py: a move's worth without the enemy's answers first,
the answers only for moves that could still matter) decides as one who weighs every move whole: the same
command and the same reasons (every option shown, its worth and its parts), decision after decision of a
battle, while most moves go without their answers weighed; and one whose reasons nobody reads
(players.unexplained) gives the orders of one whose reasons are read, more of his moves unweighed and
fewer of his officers' spots asked about."""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import TypeVar

import pytest

import game.ai.budget
from game import CONTENT
from game.ai.general import GeneralPlayer
from game.ai.players import make_player, unexplained
from game.model.battle import Battle
from game.model.resolution import Decision
from game.running.match import new_match, play
from game.running.puzzle import solve

T = TypeVar("T")


@pytest.fixture(autouse=True)
def _no_time_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """The count of positions alone ends a search, so that the twins' searches end alike."""
    monkeypatch.setattr(game.ai.budget, "time", types.SimpleNamespace(thread_time=lambda: 0.0))


class Twins:
    """Each decision asked of a general who bounds his moves and whose reasons are read (the Why box's
    best few weighed whole), of his twin whose reasons nobody reads (players.unexplained: only the order
    chosen) and, when `whole`, of his twin who weighs every move whole: one battle played serves both
    checks, the first general's decisions made once for them."""

    def __init__(self, level: str, side: str, seed: int, whole: bool) -> None:
        bounded, unread = make_player(level, side, seed), unexplained(make_player(level, side, seed))
        assert isinstance(bounded, GeneralPlayer) and isinstance(unread, GeneralPlayer)
        self.bounded, self.unread = bounded, unread
        self.whole: GeneralPlayer | None = None
        if whole:
            twin = make_player(level, side, seed)
            assert isinstance(twin, GeneralPlayer)
            self.whole, twin.bounds = twin, False
        self.orders = 0

    def decide(self, b: Battle, d: Decision) -> object:
        c = self.bounded.decide(b, d)
        if self.whole is not None:
            assert self.whole.decide(b, d) == c
            assert self.whole.thought == self.bounded.thought, d
        assert self.unread.decide(b, d) == c
        read, unread = self.bounded.thought, self.unread.thought
        if read is None or unread is None:  # a decision without reasons (a deployment): both
            assert read is unread, d
        else:
            assert unread.chosen == read.chosen, d  # the chosen order's worth and its parts alike
            plans = self.bounded.general.level.plan > 0 and len(d.options) > 1  # needs his candidates whole
            if d.kind == "order" and not plans:
                assert unread.options == read.options[:1], d
            elif d.kind in ("officer_move", "staff_move"):  # his spots weighed to their bound (commanders.py)
                assert unread.options[:1] == read.options[:1], d
                assert unread.looked_at <= read.looked_at, d
            else:
                assert unread == read, d
        self.orders += d.kind == "order"
        return c


@pytest.mark.parametrize(
    ("level", "scenario", "seed", "whole"),
    [("hard", "default", 3, True), ("hard", "bailen", 2, False), ("hard-2026-12", "albuera", 1, True)],
)
def test_bounded_moves_and_unread_reasons_change_no_decision(
    level: str, scenario: str, seed: int, whole: bool
) -> None:
    players = _played(scenario, seed, lambda side, k: Twins(level, side, k, whole))
    if whole:  # the twin who weighs every move whole: the same commands and reasons
        assert sum(t.orders for t in players) >= 10
        assert all(t.whole is not None and t.whole.unweighed == 0 for t in players)
        assert sum(t.bounded.unweighed for t in players) > 100  # most without their answers
    # more of his moves left without their answers weighed (a general who plans weighs his
    # candidates whole whenever he plans: a formation of one unit has no plan)
    read = sum(t.bounded.unweighed for t in players)
    assert sum(t.unread.unweighed for t in players) > read


def _played(scenario: str, seed: int, make: Callable[[str, int], T]) -> list[T]:
    """Three rounds of a scenario, each side's decisions asked of `make(side, seed)`: its twins."""
    m = new_match(scenario, seed, 3)
    assert m.battle.game is not None
    try:
        players = {s: make(s, seed + i) for i, s in enumerate(m.battle.game.sides)}
        play(m, players)  # type: ignore[arg-type]
    finally:
        m.battle.close()
    return list(players.values())


@pytest.mark.parametrize("name", ["guard-the-objective", "flank-charge-first", "ride-round-the-wood"])
def test_bounded_moves_answer_the_puzzles_alike(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    bounded = solve(CONTENT / "puzzles" / f"{name}.toml", "hard", "hard")
    real_init = GeneralPlayer.__init__

    def whole_init(self: GeneralPlayer, *args: object, **kwargs: object) -> None:
        real_init(self, *args, **kwargs)  # type: ignore[arg-type]
        self.bounds = False

    monkeypatch.setattr(GeneralPlayer, "__init__", whole_init)
    whole = solve(CONTENT / "puzzles" / f"{name}.toml", "hard", "hard")
    assert whole.chosen == bounded.chosen
    assert whole.thought_of == bounded.thought_of
