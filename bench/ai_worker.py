"""The client's AI in its own process (game/running/ai_process.py): how long the window waits for the process
to start and answer its first decision, and what a decision costs there against the same decision
thought in the window's own process.

    python -m bench.ai_worker [--runs N] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence

from game.ai.players import make_player
from game.running.ai_process import Worker
from game.running.match import new_match


def _run() -> tuple[float, float, float]:
    m = new_match("default", 1)
    assert m.battle.game is not None and m.battle.pending is not None
    start = time.perf_counter()
    w = Worker(m, {s: ("heuristic", 1 + k) for k, s in enumerate(m.battle.game.sides)})
    w.ask(m.battle.pending.side)
    w.wait(60)
    first = w.answer(m.battle.stack.commands)
    startup = time.perf_counter() - start
    assert first is not None and not isinstance(first, Exception)
    m.apply(first)
    w.applied(first)
    d = m.battle.pending
    assert d is not None
    start = time.perf_counter()
    w.ask(d.side)
    w.wait(60)
    w.answer(m.battle.stack.commands)
    remote = time.perf_counter() - start
    player = make_player("heuristic", d.side, 2)
    start = time.perf_counter()
    player.decide(m.battle, d)
    local = time.perf_counter() - start
    w.close()
    m.battle.close()
    return startup, remote, local


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="bench.ai_worker")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rows = [_run() for _ in range(args.runs)]
    names = ("start and first decision", "a decision in the AI's process", "the same in the window's")
    result = {n: round(statistics.median(r[i] for r in rows) * 1000, 1) for i, n in enumerate(names)}
    if args.json:
        print(json.dumps({"ai_worker_ms": result}))
        return
    for n, ms in result.items():
        print(f"{n}: {ms:.1f} ms (median of {args.runs})")


if __name__ == "__main__":  # the AI's process imports this module again: only the parent runs it
    main()
