"""`modules`: the game modes and rule modules this game knows, and what each one changes."""

from __future__ import annotations

import argparse
import json
from typing import Any


def listing() -> dict[str, Any]:
    from game.model.modules import is_base, modes, modules_by_mode

    return {
        "modes": [
            {"id": m.id, "name": m.name, "description": m.description, "hooks": sorted(m.base.hooks)}
            for m in modes()
        ],
        "modules": [m.to_json(is_base(m)) for m in modules_by_mode()],
    }


def _modules(args: argparse.Namespace) -> int:
    data = listing()
    if args.json:
        print(json.dumps(data, ensure_ascii=False, sort_keys=True))
        return 0
    for mode in data["modes"]:
        print(f"game mode {mode['id']}: {mode['description']}")
        for m in data["modules"]:
            if m["mode"] != mode["id"]:
                continue
            what = "the rules of the mode" if m["base"] else "optional, switch on with --module " + m["id"]
            print(f"  {m['id']} ({m['prefix']}): {m['description']} [{what}]")
            if m["hooks"]:
                print(f"    replaces: {', '.join(m['hooks'])}")
            for key in ("orders", "reactions", "decisions", "modifiers"):
                if m[key]:
                    print(f"    {key}: {', '.join(m[key])}")
    return 0


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("modules", help="list the game modes and the rule modules that can be switched on")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=_modules)
