"""`new-mod`: start a mod."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def _new_mod(args: argparse.Namespace) -> int:
    from game.modding.new_mod import new_mod

    target = new_mod(Path(args.dir), args.mode)
    print(
        f"wrote the mod {target.name!r} in {target}: edit its files, check them with "
        f"`python -m game check-content {target}`, play it with `--mod {target}`"
    )
    return 0


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("new-mod", help="write a small working mod to start from")
    p.add_argument("dir", help="the new mod's folder; its name becomes the mod's id")
    p.add_argument(
        "--mode",
        choices=("for-glory", "open-wars"),
        default="for-glory",
        help="the game mode it changes: for-glory (a category, its rule and a battle; the default) or "
        "open-wars (a faction, two spells, a card and a map for three)",
    )
    p.set_defaults(run=_new_mod)
