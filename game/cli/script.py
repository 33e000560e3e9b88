"""`script`: a scripted battle run headless (docs/scripted-battles.md), its story and final state."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from game.cli.options import add_mod_option
from game.content.locale import LANGUAGES
from game.model.errors import one_line
from game.model.words import english_count


def summary(result: dict[str, Any]) -> list[str]:
    """The state after the last step, one line per unit and officer."""
    lines = []
    for name, u in result["units"].items():
        hits = english_count(u["hits"], "hit", "hits")
        state = "destroyed" if u["destroyed"] else ("removed" if u["removed"] else hits)
        dis = ", disorganised" if u["disorganised"] else ""
        lines.append(f"{name}: ({u['at'][0]:.2f}, {u['at'][1]:.2f}) facing {u['facing']:g}, {state}{dis}")
    for name, o in result["officers"].items():
        dead = ", killed" if o["dead"] else ""
        lines.append(
            f"{name}: ({o['at'][0]:.2f}, {o['at'][1]:.2f}), experience {o['experience']}, "
            f"{english_count(o['lost_brigades'], 'lost brigade', 'lost brigades')}{dead}"
        )
    lines += [f"marker: ({x:.2f}, {y:.2f})" for x, y in result["markers"]]
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
    from game.running.narrate import narrate
    from game.running.ow_script import is_open_wars
    from game.running.script import run

    if is_open_wars(Path(args.file)):
        return _open_wars(args)
    result = run(Path(args.file), mods=load_mods(Path(d) for d in args.mod), modules=args.module)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        events = result["events"]
        for line in narrate(events, texts_for(args.lang or "en")):
            print(one_line(f"[{events[line.first]['step']}] {line.text}", limit=2000))
        print(*(one_line(line) for line in summary(result)), sep="\n")
        print(f"dice used: {result['dice_used']}")
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
