"""`script`: a scripted battle run headless (docs/scripted-battles.md), its story and final state."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.cli.options import add_mod_option
from game.content.languages import LANGUAGES
from game.model.errors import one_line

if TYPE_CHECKING:
    from game.content.locale import Texts


def summary(result: dict[str, Any], t: Texts) -> list[str]:
    """The state after the last step, one line per unit and officer, in the words of `t` (with the
    names of the position, `t.names`)."""
    from game.model.words import counted, number

    def at(xy: list[float]) -> dict[str, str]:
        return {"x": number(xy[0], t, 2), "y": number(xy[1], t, 2)}

    lines = []
    for ident, u in result["units"].items():
        key = "script_unit" + ("_destroyed" if u["destroyed"] else "_removed" if u["removed"] else "")
        key += "_disorganised" if u["disorganised"] else ""
        facing = f"{u['facing']:g}".replace(".", t("log_decimal_mark"))
        state = counted(t, "script_hits", u["hits"])
        lines.append(t(key, unit=t.names(ident), **at(u["at"]), facing=facing, state=state))
    for ident, o in result["officers"].items():
        key = "script_officer_killed" if o["dead"] else "script_officer"
        lost = counted(t, "script_lost", o["lost_brigades"])
        lines.append(t(key, officer=t.names(ident), **at(o["at"]), experience=o["experience"], lost=lost))
    lines += [t("script_marker", **at(xy)) for xy in result["markers"]]
    return lines


def _script(args: argparse.Namespace) -> int:
    from game.content.mods import load_mods
    from game.running.log_texts import texts_for
    from game.running.names import story_names
    from game.running.narrate import narrate
    from game.running.script import run

    mods = load_mods(Path(d) for d in args.mod)
    result = run(Path(args.file), mods=mods, modules=args.module)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        t = texts_for(args.lang or "en")
        t, sides = story_names(Path(args.file), t, mods)
        events = result["events"]
        for line in narrate(events, t, sides):
            print(one_line(f"[{events[line.first]['step']}] {line.text}", limit=2000))
        print(*(one_line(line) for line in summary(result, t)), sep="\n")
        print(t("script_dice_used", n=result["dice_used"]))
    return 0


def add_parsers(sub: Any) -> None:
    s = sub.add_parser("script", help="run a scripted battle headless and report what happened")
    s.add_argument("file", help="the scripted battle, a TOML file (docs/scripted-battles.md)")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.add_argument("--lang", choices=sorted(LANGUAGES), help="the language of the story (default: English)")
    add_mod_option(s)
    s.set_defaults(run=_script)
