"""`simulate` and `replay`: whole battles from the command line (`tournament`: game/cli_tournament.py)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import commands as cmd
from game.ai import PLAYERS, make_player
from game.ai.reasons import Thought
from game.ai.reasons import text as reason_lines
from game.audit import event_lines
from game.battle import Battle, Decision
from game.errors import one_line
from game.files import write_text
from game.locale import LANGUAGES
from game.match import Match, load, new_match, play, save, summary
from game.mods import load_mods
from game.ruleset import Ruleset, load_ruleset


def _players(m: Match, a: str, b: str) -> dict[str, Any]:
    """The two computer players; a search level may name a temperament of the game or of its mods."""
    first, second = m.battle.game.sides  # type: ignore[union-attr]
    mods = m.rules.loaded_mods
    return {first: make_player(a, first, m.seed, mods), second: make_player(b, second, m.seed + 1, mods)}


def _print(result: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(result, ensure_ascii=False, sort_keys=True))
        return
    winner = result["winner"] or "nobody (a draw)"
    print(
        f"{result['scenario']}, seed {result['seed']}: {winner} wins after {result['rounds']} round(s): "
        f"{result['end_reason']}"
    )
    for side, total in result["score"].items():
        lines = ", ".join(f"{rule} {pts}" for rule, pts in result["score_lines"][side].items() if pts)
        print(f"  {side}: {total} point(s)" + (f" ({lines})" if lines else ""))


MAX_SEED = 2**63 - 1  # a replay holds any seed below 2**64, and a tournament adds its game's number
MAX_ROUNDS = 1000  # as a replay's max_rounds


def bounded(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from low to high. Every numeric option is one, so that no
    number on the command line can ask for unbounded time or memory; anything else is one line."""

    def whole_number(text: str) -> int:
        try:
            value = int(text)
        except ValueError:  # not a number, or one of more than 4300 digits
            value = None
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


def ruleset_with_mods(args: argparse.Namespace, ruleset_id: str = "for-glory") -> Ruleset:
    return load_ruleset(ruleset_id, mods=load_mods(Path(d) for d in args.mod))


def print_log(m: Match, language: str | None) -> None:
    """The battle log, one line per move or roll-off, in the language asked (English by default)."""
    from game.narrate import names_of, narrate, texts_for

    stack = getattr(m.battle, "stack", None)
    t = texts_for(language or "en", stack.ids if stack is not None else ())
    sides, objectives = names_of(m.scenario.spec, language or "en")
    for line in narrate([e.to_dict() for e in m.battle.events], t, sides, objectives):
        print(one_line(line.text, limit=2000))


def add_log_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--log", action="store_true", help="print the battle log before the result")
    p.add_argument("--lang", choices=sorted(LANGUAGES), help="the language of the log (default: English)")


class _Reasoning:
    """A player whose reasons are kept, with the round of each decision (simulate --why)."""

    def __init__(self, player: Any, kept: list[tuple[int, Thought]]) -> None:
        self.player, self.kept = player, kept

    def decide(self, b: Battle, d: Decision) -> cmd.Command:
        c: cmd.Command = self.player.decide(b, d)
        thought = getattr(self.player, "thought", None)
        if isinstance(thought, Thought):
            self.kept.append((b.game.round if b.game is not None else 0, thought))
        return c


def simulate(args: argparse.Namespace) -> int:
    m = new_match(args.scenario, args.seed, args.rounds, ruleset_with_mods(args), modules=args.module)
    kept: list[tuple[int, Thought]] = []
    try:
        players = _players(m, args.a, args.b)
        play(m, {s: _Reasoning(p, kept) for s, p in players.items()} if args.why else players)
        if args.save_replay:
            save(m, Path(args.save_replay))
        if args.events:
            write_text(Path(args.events), event_lines(m.battle.events))
        if args.log and not args.json:
            print_log(m, args.lang)
        if args.why and not args.json:
            for n, thought in kept:
                print(f"round {n}: " + "\n".join(reason_lines(thought)))
        _print(summary(m), args.json)
    finally:
        m.battle.close()
    return 0


def replay(args: argparse.Namespace) -> int:
    m = load(Path(args.file), load_mods(Path(d) for d in args.mod), args.scenario, args.module)
    try:
        if args.log and not args.json:
            print_log(m, args.lang)
        _print(summary(m), args.json)
    finally:
        m.battle.close()
    return 0


def add_parsers(sub: Any) -> None:
    players = ", ".join(PLAYERS)
    s = sub.add_parser("simulate", help="play a battle AI against AI, headless")
    s.add_argument("--scenario", default="default", help="a scenario id or a path to its TOML file")
    s.add_argument("--seed", type=bounded(0, MAX_SEED), default=1)
    s.add_argument("--rounds", type=bounded(1, MAX_ROUNDS), default=None, help="stop after this many rounds")
    s.add_argument("--a", default="heuristic", help=f"the first side's player ({players})")
    s.add_argument("--b", default="heuristic", help=f"the second side's player ({players})")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.add_argument("--save-replay", metavar="FILE", help="write the replay of the battle here")
    s.add_argument(
        "--events", metavar="FILE", help="write every event as JSON lines, each with its rule IDs (audits)"
    )
    add_log_options(s)
    s.add_argument(
        "--why", action="store_true", help="after the battle, the reasons of each search general's orders"
    )
    add_mod_option(s)
    s.set_defaults(run=simulate)
    r = sub.add_parser("replay", help="replay a saved battle and print its result")
    r.add_argument("file")
    r.add_argument("--json", action="store_true")
    r.add_argument(
        "--scenario", metavar="FILE", help="the scenario file, when the replay's is not in the game or a mod"
    )
    add_log_options(r)
    add_mod_option(r)
    r.set_defaults(run=replay)
