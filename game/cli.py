"""The command line: `python -m game <command>` and the `forglory` entry point.

Bad input of any kind ends with one line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from game.errors import UserError

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UserError(f"{self.prog}: {message}")


def _script(args: argparse.Namespace) -> int:
    from game.narrate import describe
    from game.script import run

    result = run(Path(args.file))
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        for e in result["events"]:
            print(f"[{e['step']}] {describe(e)}")
        print(f"dice used: {result['dice_used']}")
    return 0


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="forglory", description="For Glory v3.1.0, the digital edition")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    s = sub.add_parser("script", help="run a scripted battle headless and report what happened")
    s.add_argument("file", help="the scripted battle, a TOML file")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.set_defaults(run=_script)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
        return int(args.run(args))
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
