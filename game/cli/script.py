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
    from game.model.words import counted, decimal, number

    def at(xy: list[float]) -> dict[str, str]:
        return {"x": number(xy[0], t, 2), "y": number(xy[1], t, 2)}

    lines = []
    for ident, u in result["units"].items():
        key = "script_unit" + ("_destroyed" if u["destroyed"] else "_removed" if u["removed"] else "")
        key += "_disorganised" if u["disorganised"] else ""
        facing = decimal(u["facing"], t)
        state = counted(t, "script_hits", u["hits"])
        lines.append(t(key, unit=t.names(ident), **at(u["at"]), facing=facing, state=state))
    for ident, o in result["officers"].items():
        key = "script_officer_killed" if o["dead"] else "script_officer"
        lost = counted(t, "script_lost", o["lost_brigades"])
        lines.append(t(key, officer=t.names(ident), **at(o["at"]), experience=o["experience"], lost=lost))
    lines += [t("script_marker", **at(xy)) for xy in result["markers"]]
    return lines


def open_wars_lines(result: dict[str, Any]) -> list[str]:
    """A scripted Open Wars game's end: each player's purse, the tokens on the map, each expectation
    with PASS or FAIL, then the verdict."""
    lines = [
        f"{p}: {x['gold']} gold, {x['mana']} mana" + (", out" if x["out"] else "")
        for p, x in result["players"].items()
    ]
    lines += [f"{x['player']}: {x['count']} {x['unit']} in {x['at']}" for x in result["tokens"]]
    lines.append(
        f"turn {result['turn']}, {result['phase']}"
        + (f", {result['winner']} won" if result["winner"] else "")
    )
    lines += [
        f"{'PASS' if x['ok'] else 'FAIL'} {x['what']}: expected {x['expected']}, got {x['got']}"
        for x in result["checks"]
    ]
    return [*lines, "PASS" if result["passed"] else "FAIL"]


def _open_wars(args: argparse.Namespace) -> int:
    """An Open Wars script (docs/scripted-open-wars.md): its story, its end and its checks; exit code
    1 when an expectation fails."""
    from game.content.mods import load_mods
    from game.running.log_texts import texts_for
    from game.running.ow_script import run

    t = None if args.json else texts_for(args.lang or "en", ["open-wars"])
    result = run(Path(args.file), load_mods(Path(d) for d in args.mod), t)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        for step, line in result["story"]:
            print(one_line(f"[{step}] {line}" if step >= 0 else line, limit=2000))
        print(*(one_line(line) for line in open_wars_lines(result)), sep="\n")
        print(f"dice used: {result['dice_used']}")
    return 0 if result["passed"] else 1


def _script(args: argparse.Namespace) -> int:
    from game.content.mods import load_mods
    from game.running.log_texts import texts_for
    from game.running.names import story_names
    from game.running.narrate import narrate
    from game.running.ow_script import is_open_wars
    from game.running.script import run

    if is_open_wars(Path(args.file)):
        return _open_wars(args)
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
    s = sub.add_parser(
        "script", help="run a scripted battle or Open Wars game headless and report what happened"
    )
    s.add_argument(
        "file",
        help="the script, a TOML file (docs/scripted-battles.md; Open Wars: docs/scripted-open-wars.md)",
    )
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.add_argument("--lang", choices=sorted(LANGUAGES), help="the language of the story (default: English)")
    add_mod_option(s)
    s.set_defaults(run=_script)
