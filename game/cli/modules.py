"""`modules`: the game modes and rule modules this game knows, and what each one changes."""

from __future__ import annotations

import argparse
import json
from typing import Any

from game.cli.options import add_lang_option


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
    from game.model.words import slug
    from game.running.log_texts import texts_for

    data = listing()
    if args.json:
        print(json.dumps(data, ensure_ascii=False, sort_keys=True))
        return 0
    t = texts_for(args.lang or "en")

    def said(key: str, english: str) -> str:
        return t(key) if t.has(key) else english

    for mode in data["modes"]:
        described = said(f"mode_{slug(mode['id'])}_description", mode["description"])
        print(t("modules_mode", id=mode["id"], description=described))
        for m in data["modules"]:
            if m["mode"] != mode["id"]:
                continue
            what = t("modules_base") if m["base"] else t("modules_optional", id=m["id"])
            own = f"mode_{slug(m['id'])}_description" if m["base"] else f"module_{slug(m['id'])}_description"
            described = said(own, m["description"])
            print(t("modules_line", id=m["id"], prefix=m["prefix"], description=described, what=what))
            for key in ("hooks", "orders", "reactions", "decisions", "modifiers"):
                if m[key]:
                    one = key[:-1]  # "hooks" -> the words of a hook, modules_hook_<id>
                    items = ", ".join(said(f"modules_{one}_{x}", x) for x in m[key])
                    print(t("modules_list", what=t(f"modules_{key}"), items=items))
    return 0


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("modules", help="list the game modes and the rule modules that can be switched on")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_lang_option(p, "the language of the listing")
    p.set_defaults(run=_modules)
