"""What the rules' start-up tells the garbage collector (game/running/builtin_rules.py): what it loaded
is set apart for good, and the youngest generation waits for YOUNG objects, so that what a general makes
for one decision mostly dies before any collection walks it."""

from __future__ import annotations

import gc

from game.running import builtin_rules


def test_the_youngest_generation_waits_for_young_objects() -> None:
    """As the command line's start-up left it (the tests' conftest loads the rules as it does): no
    collection while fewer objects than YOUNG are made and kept, where CPython's own 700 made several."""
    started: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(info["generation"])

    gc.collect()
    gc.callbacks.append(count)
    try:
        kept = [[i] for i in range(builtin_rules.YOUNG - 500)]
    finally:
        gc.callbacks.remove(count)
    assert len(kept) > 700 and started == []
