"""The command line: `python -m game <command>` and the `forglory` entry point.

Bad input of any kind ends with one line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.cli_battles import add_mod_option, add_parsers
from game.cli_content import add_parsers as add_content_parsers
from game.cli_mods import add_parsers as add_mod_parsers
from game.cli_modules import add_parsers as add_module_parsers
from game.cli_play import add_parsers as add_play_parsers
from game.cli_scenarios import add_parsers as add_scenario_parsers
from game.cli_stats import add_parsers as add_stats_parsers
from game.cli_tournament import add_parsers as add_tournament_parsers
from game.errors import EXIT_BAD_INPUT, UserError, one_line
from game.locale import LANGUAGES
from game.mods import load_mods


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UserError(f"{self.prog}: {message}")


def _summary(result: dict[str, Any]) -> list[str]:
    """The state after the last step, one line per unit and officer."""
    lines = []
    for name, u in result["units"].items():
        state = "destroyed" if u["destroyed"] else ("removed" if u["removed"] else f"{u['hits']} hit(s)")
        dis = ", disorganised" if u["disorganised"] else ""
        lines.append(f"{name}: ({u['at'][0]:.2f}, {u['at'][1]:.2f}) facing {u['facing']:g}, {state}{dis}")
    for name, o in result["officers"].items():
        dead = ", killed" if o["dead"] else ""
        lines.append(
            f"{name}: ({o['at'][0]:.2f}, {o['at'][1]:.2f}), experience {o['experience']}, "
            f"{o['lost_brigades']} lost brigade(s){dead}"
        )
    lines += [f"marker: ({x:.2f}, {y:.2f})" for x, y in result["markers"]]
    return lines


def _script(args: argparse.Namespace) -> int:
    from game.narrate import narrate, texts_for
    from game.script import run

    result = run(Path(args.file), mods=load_mods(Path(d) for d in args.mod), modules=args.module)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        events = result["events"]
        for line in narrate(events, texts_for(args.lang or "en")):
            print(one_line(f"[{events[line.first]['step']}] {line.text}", limit=2000))
        print(*(one_line(line) for line in _summary(result)), sep="\n")
        print(f"dice used: {result['dice_used']}")
    return 0


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="forglory", description="For Glory v3.1.0, the digital edition")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    s = sub.add_parser("script", help="run a scripted battle headless and report what happened")
    s.add_argument("file", help="the scripted battle, a TOML file (docs/scripted-battles.md)")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.add_argument("--lang", choices=sorted(LANGUAGES), help="the language of the story (default: English)")
    add_mod_option(s)
    s.set_defaults(run=_script)
    add_parsers(sub)
    add_tournament_parsers(sub)
    add_play_parsers(sub)
    add_scenario_parsers(sub)
    add_content_parsers(sub)
    add_mod_parsers(sub)
    add_module_parsers(sub)
    add_stats_parsers(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
        return int(args.run(args))
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader stopped early (| head): nothing more to say
        sys.stderr.close()
        return 1
    except KeyboardInterrupt:
        return 130
