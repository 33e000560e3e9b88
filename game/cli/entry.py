"""The command line: `python -m game <command>` and the `forglory` entry point. Each family of commands
(a module of game/cli/) adds its parsers and imports what its commands need only when one runs, so
`--help` loads no content, no rules and no window.

Bad input of any kind ends with one line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from game.cli import (
    battles,
    by_file,
    campaign,
    content,
    generate,
    mods,
    modules,
    play,
    puzzle,
    scenarios,
    script,
    stats,
    tournament,
)
from game.model.errors import EXIT_BAD_INPUT, UserError

FAMILIES = (
    script,
    battles,
    campaign,
    tournament,
    play,
    by_file,
    scenarios,
    content,
    mods,
    modules,
    stats,
    generate,
    puzzle,
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UserError(f"{self.prog}: {message}")


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="forglory", description="For Glory v3.1.0, the digital edition")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for family in FAMILIES:
        family.add_parsers(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
        from game.running import builtin_rules  # the rules that ship, registered before any command

        builtin_rules.load()
        return int(args.run(args))
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader stopped early (| head): nothing more to say
        sys.stderr.close()
        return 1
    except KeyboardInterrupt:
        return 130
