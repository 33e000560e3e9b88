"""What several commands share: the --mod and --module options, the log's options, the bounds of
numeric options, the ruleset with the mods given, and the battle log printed. Importing it loads no
content."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.content.languages import LANGUAGES
from game.model.errors import UserError, one_line
from game.model.limits import ascii_whole

if TYPE_CHECKING:
    from game.model.ruleset import Ruleset
    from game.running.match import Match

MAX_SEED = 2**63 - 1  # a replay holds any seed below 2**64, and a tournament adds its game's number
MAX_ROUNDS = 1000  # as a replay's max_rounds


def bounded(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from low to high. Every numeric option is one, so that no
    number on the command line can ask for unbounded time or memory; anything else is one line."""

    def whole_number(text: str) -> int:
        value = ascii_whole(text)  # as the window reads a typed seed or port: "+5", "1_000", "٧٢" are none
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low} to {high}, found {one_line(text, 40)!r}"
            )
        return value

    return whole_number


def add_mod_option(p: argparse.ArgumentParser, modules: bool = True) -> None:
    p.add_argument("--mod", action="append", default=[], metavar="DIR", help="use this mod (repeatable)")
    if modules:
        p.add_argument(
            "--module",
            action="append",
            default=[],
            metavar="ID",
            help="switch on this rule module (repeatable; `modules` lists them)",
        )


def add_lang_option(p: argparse.ArgumentParser, what: str) -> None:
    """--lang: the language a command speaks in (English by default); every command that says anything
    has it (tests/test_spanish_output.py)."""
    p.add_argument("--lang", choices=sorted(LANGUAGES), help=f"{what} (default: English)")


def add_log_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--log", action="store_true", help="print the battle log before the result")
    add_lang_option(p, "the language of the log and the result")


def add_map_options(p: argparse.ArgumentParser) -> None:
    """The choices of an Open Wars random map (`--scenario ow-random`, OW-LOC-1)."""
    p.add_argument(
        "--players", type=bounded(2, 4), default=None, help="a random map's players: 2 to 4 (ow-random)"
    )
    p.add_argument(
        "--factions",
        default=None,
        metavar="A,B,...",
        help='a random map\'s factions in seat order, "random" for one drawn (ow-random)',
    )
    p.add_argument(
        "--map-size", default=None, choices=("small", "medium", "large"), help="a random map's size"
    )
    p.add_argument(
        "--map-seed",
        type=bounded(0, MAX_SEED),
        default=None,
        help="a random map's own seed (default: the game's)",
    )


def map_options(args: argparse.Namespace) -> dict[str, object] | None:
    """The random map's choices given on the command line, as a match's options (None: none given)."""
    out: dict[str, object] = {}
    if args.players is not None:
        out["players"] = args.players
    if args.factions:
        out["factions"] = [f.strip() for f in args.factions.split(",") if f.strip()]
    if args.map_size is not None:
        out["size"] = args.map_size
    if args.map_seed is not None:
        out["seed"] = args.map_seed
    return out or None


def limit_checked(args: argparse.Namespace, command: str) -> None:
    """A battle's limit is --rounds, a campaign's --turns, and a campaign's rule modules are its own: the
    other one given is refused in one line (it was ignored without a word)."""
    campaign, turns = getattr(args, "campaign", None), getattr(args, "turns", None)
    if campaign is None and turns is not None:
        raise UserError(f"{command}: --turns goes with --campaign (a battle's limit is --rounds)")
    if campaign is not None and (args.rounds is not None or args.module):
        raise UserError(f"{command}: --campaign takes no --rounds or --module (its limit is --turns)")


def ruleset_with_mods(args: argparse.Namespace, ruleset_id: str = "for-glory") -> Ruleset:
    from game.content.mods import load_mods
    from game.content.ruleset_files import load_ruleset

    return load_ruleset(ruleset_id, mods=load_mods(Path(d) for d in args.mod))


def print_log(m: Match, language: str | None) -> None:
    """The battle log, one line per move or roll-off, in the language asked (English by default); a
    game of another mode (Open Wars) in that mode's words."""
    from game.running.log_texts import texts_for
    from game.running.names import named
    from game.running.narrate import describe, names_of, narrate

    stack = m.battle.stack
    t = texts_for(language or "en", [x.id for x in stack.modules])  # the mode's own words too
    told = stack.mode.log_lines
    if told is not None:
        for said in told(m.battle, m.battle.events, t, describe):
            print(one_line(said, limit=2000))
        return
    sides, objectives = names_of(m.scenario.spec, language or "en")
    t = named(t, m)
    for line in narrate([e.to_dict() for e in m.battle.events], t, sides, objectives):
        print(one_line(line.text, limit=2000))
