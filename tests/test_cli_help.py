"""Every argument of every command says what it is in `--help`."""

from __future__ import annotations

import argparse

from game.cli.entry import parser


def undescribed(p: argparse.ArgumentParser, command: str) -> list[str]:
    """The arguments of a parser and of its commands (and theirs) that have no help text."""
    out = []
    for a in p._actions:
        if isinstance(a, argparse._SubParsersAction):
            for name, sub in a.choices.items():
                out += undescribed(sub, f"{command} {name}")
        elif not a.help and not isinstance(a, argparse._HelpAction):
            out.append(f"{command} {'/'.join(a.option_strings) or a.dest}")
    return out


def test_every_argument_has_help() -> None:
    assert undescribed(parser(), "forglory") == []
