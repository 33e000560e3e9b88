"""`simulate` and `replay`: whole battles from the command line (`tournament`: game/cli/tournament.py)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.ai.kinds import KINDS
from game.cli.options import (
    MAX_ROUNDS,
    MAX_SEED,
    add_log_options,
    add_map_options,
    add_mod_option,
    bounded,
    limit_checked,
    map_options,
    print_log,
    ruleset_with_mods,
)
from game.model.errors import one_line

if TYPE_CHECKING:
    from game.ai.reasons import Thought
    from game.running.match import Match


def _players(m: Match, kinds: list[str | None], why: bool) -> dict[str, Any]:
    """Each side's player in seat order (`--a`, `--b`, then `--c`, `--d` for an Open Wars game of three
    or four players; a seat not given is the heuristic's, game/running/seating.py), the seat's number
    added to the seed; a search level may name a temperament of the game or of its mods. Without `--why`
    nobody reads their reasons (players.unexplained)."""
    from game.ai.players import make_player, unexplained
    from game.running.seating import seated

    sides = m.battle.game.sides  # type: ignore[union-attr]
    mods = m.rules.loaded_mods
    chosen = seated(sides, kinds, "heuristic", "simulate")
    made = {s: make_player(chosen[s], s, m.seed + i, mods) for i, s in enumerate(sides)}
    return made if why else {s: unexplained(p) for s, p in made.items()}


def _print(m: Match, as_json: bool, language: str | None) -> None:
    """The result: one JSON object (ids, for a machine), or its lines in the language asked."""
    from game.running.match import summary
    from game.running.result_words import result_lines

    if as_json:
        print(json.dumps(summary(m), ensure_ascii=False, sort_keys=True))
        return
    head, *sides = result_lines(m, language or "en")
    print(one_line(head, limit=2000))
    for line in sides:
        print("  " + one_line(line, limit=2000))


def _print_reasons(m: Match, kept: list[tuple[int, Thought]], language: str) -> None:
    """`--why`: each search general's reasons, round by round, in the language asked, units and sides
    by their names."""
    from game.content.locale import ModeWords
    from game.running.log_texts import texts_for
    from game.running.names import named
    from game.running.result_words import side_names
    from game.running.why_words import why_lines

    # a mode's own words where it has them (Open Wars: turns and choices, not rounds and positions)
    t = ModeWords(
        named(texts_for(language, [x.id for x in m.battle.stack.modules]), m), m.battle.stack.mode.base.prefix
    )
    sides = side_names(m, language)
    mode_words = m.battle.stack.mode.order_words  # a mode's own commands (Open Wars' marches, casts)
    orders = (lambda c: mode_words(m.battle, c, t)) if mode_words is not None else None
    for n, thought in kept:
        title, *lines = why_lines(thought, t, lambda s: sides.get(s, s), orders)
        print(one_line(t("cli_why", round=n, title=title), limit=2000))
        for line in lines:  # an option, then its details indented further
            print(("      " if line.startswith(" ") else "  ") + one_line(line, limit=2000))


def simulate(args: argparse.Namespace) -> int:
    limit_checked(args, "simulate")
    if args.campaign:  # a whole campaign, its battles among its commands
        from game.cli import campaign

        return campaign.simulate(args)
    from game.ai.reasons import KeptReasons
    from game.content.files import write_text
    from game.running.audit import event_lines
    from game.running.match import new_match, play, save

    m = new_match(
        args.scenario,
        args.seed,
        args.rounds,
        ruleset_with_mods(args),
        modules=args.module,
        options=map_options(args),
    )
    kept: list[tuple[int, Thought]] = []
    try:
        players = _players(m, [args.a, args.b, args.c, args.d], args.why)
        play(m, {s: KeptReasons(p, kept) for s, p in players.items()} if args.why else players)
        if args.save_replay:
            save(m, Path(args.save_replay))
        if args.events:
            write_text(Path(args.events), event_lines(m.battle.events))
        if args.log and not args.json:
            print_log(m, args.lang)
        if args.why and not args.json:
            _print_reasons(m, kept, args.lang or "en")
        _print(m, args.json, args.lang)
    finally:
        m.battle.close()
    return 0


def replay(args: argparse.Namespace) -> int:
    from game.content.mods import load_mods
    from game.running.campaign_match import is_campaign_replay
    from game.running.match import load

    if is_campaign_replay(Path(args.file)):
        from game.cli import campaign

        return campaign.replay(args)

    m = load(Path(args.file), load_mods(Path(d) for d in args.mod), args.scenario, args.module)
    try:
        if args.log and not args.json:
            print_log(m, args.lang)
        _print(m, args.json, args.lang)
    finally:
        m.battle.close()
    return 0


def add_parsers(sub: Any) -> None:
    players = ", ".join(KINDS)
    s = sub.add_parser("simulate", help="play a battle AI against AI, headless")
    s.add_argument("--scenario", default="default", help="a scenario id or a path to its TOML file")
    s.add_argument(
        "--seed",
        type=bounded(0, MAX_SEED),
        default=1,
        help="the dice's seed: the same seed, the same battle (default 1)",
    )
    s.add_argument("--rounds", type=bounded(1, MAX_ROUNDS), default=None, help="stop after this many rounds")
    s.add_argument("--a", default="heuristic", help=f"the first side's player ({players})")
    s.add_argument("--b", default="heuristic", help=f"the second side's player ({players})")
    s.add_argument("--c", default=None, help="an Open Wars game's third player (default heuristic)")
    s.add_argument("--d", default=None, help="an Open Wars game's fourth player (default heuristic)")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.add_argument("--save-replay", metavar="FILE", help="write the replay of the battle here")
    s.add_argument(
        "--campaign", metavar="ID", help="a whole campaign instead of a battle (`campaigns` lists them)"
    )
    s.add_argument(
        "--resolve",
        choices=("table", "auto"),
        default="table",
        help="a campaign's battles: fought by its sides' generals, or by its own (CAMP-DEC-10)",
    )
    s.add_argument(
        "--turns", type=bounded(1, 500), default=None, help="stop a campaign after this many turns"
    )
    s.add_argument(
        "--events", metavar="FILE", help="write every event as JSON lines, each with its rule IDs (audits)"
    )
    add_log_options(s)
    add_map_options(s)
    s.add_argument(
        "--why", action="store_true", help="after the battle, the reasons of each search general's orders"
    )
    add_mod_option(s)
    s.set_defaults(run=simulate)
    r = sub.add_parser("replay", help="replay a saved battle and print its result")
    r.add_argument("file", help="the replay file (saved with --save-replay or from the window)")
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.add_argument(
        "--scenario", metavar="FILE", help="the scenario file, when the replay's is not in the game or a mod"
    )
    r.add_argument(
        "--campaign",
        metavar="FILE",
        help="the campaign file, when a campaign replay's is not the game's or a mod's",
    )
    add_log_options(r)
    add_mod_option(r)
    r.set_defaults(run=replay)
