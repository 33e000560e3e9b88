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
from game.cli.error_words import asked_language, error_line
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
    p.set_defaults(rules=True)  # a command that needs no rules says so (rules=False): new-mod
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for family in FAMILIES:
        family.add_parsers(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    try:
        nul = next((a for a in argv or () if "\0" in a), None)
        if nul is not None:  # no shell passes one; a caller that does names no file the system can open
            raise UserError(f"forglory: an argument holds a NUL character: {nul!r}")
        args = parser().parse_args(argv)
        if args.rules:  # the rules that ship, registered before any command that plays or lists them
            from game.running import builtin_rules

            builtin_rules.load()
        return int(args.run(args))
    except UserError as e:
        print(error_line(e, asked_language(list(sys.argv[1:] if argv is None else argv))), file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader stopped early (| head): nothing more to say
        sys.stderr.close()
        return 1
    except KeyboardInterrupt:
        return 130
