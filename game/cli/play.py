"""`play` (the desktop client) and `bench` (its frame times). pygame is imported only when they run."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from game.ai.kinds import KINDS
from game.cli.network import add_network_options
from game.cli.options import MAX_SEED, add_map_options, add_mod_option, bounded, map_options
from game.content.languages import LANGUAGES
from game.model.errors import ContentError, UserError

SEAT_CONTROLLERS = ("human", *KINDS)  # who may play a seat in the window: a person here, or a computer player
DEMO = "hard"  # who plays a seat of `play --demo` that --a, --b, --c, --d leave to it
MAX_FRAMES = 10_000_000  # --frames: a day of frames at 60 a second is 5 million
DEFAULT_SCENARIO, DEFAULT_SEED = "default", 1  # the battle and seed played when none is given or remembered


def play(args: argparse.Namespace) -> int:
    # the start screen begins with the last session's choices when the command line gives none of its own
    # (nor a game with a friend, which plays the battle it names)
    given = args.scenario or args.campaign or args.seed is not None or args.module
    given = given or any(getattr(args, s) for s in "abcd")
    args.recall = not given and args.host is None and args.join is None
    args.scenario = args.scenario or DEFAULT_SCENARIO
    args.seed = DEFAULT_SEED if args.seed is None else args.seed
    if args.headless:  # a network game with a computer player on this side: no window
        from game.cli.network import play_headless

        return play_headless(args)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame is first imported
    import pygame

    try:
        return _play(args)
    except pygame.error as e:
        raise UserError(
            f"play: cannot open the game window ({e}); a display is needed (on a headless machine, "
            "run under xvfb-run)"
        ) from None


def _play(args: argparse.Namespace) -> int:
    from game.ui.app import run
    from game.ui.start.screen import Setup

    mods = [Path(d) for d in args.mod]
    load = Path(args.load) if args.load else None
    watch = Path(args.replay) if args.replay else None
    if args.frames is not None and not (args.demo or args.edit is not None):
        raise UserError("play: --frames N goes with --demo or --edit")
    if args.rounds is not None and not (args.demo or args.host is not None):  # a demo stops there as simulate
        raise UserError(
            "play: --rounds N goes with --demo or --host (a battle you play ends as its scenario says)"
        )
    if args.rounds is not None and args.demo and args.campaign is not None:
        raise UserError("play: --campaign takes no --rounds (its limit is its own)")
    # the start screen's choices; a demo's seats are its own, and the start screen after it keeps its defaults
    demo = demo_generals(args) if args.demo else None
    a, b, more = seat_choices(args, "human", "normal") if demo is None else ("human", "normal", [])
    setup = Setup(
        args.scenario, a, b, args.seed, mods, list(args.module), load, watch, args.lang,
        options=map_options(args), seats=more, recall=args.recall, campaign=args.campaign,
    )  # fmt: skip
    if args.campaign is not None:
        check_campaign(args.campaign, mods)
    elif not args.recall:
        check_scenario(args.scenario, mods)
    if args.host is not None or args.join is not None:  # a friend elsewhere: the lobby, the game begun
        from game.cli.network import net_game

        setup.load = None  # a network game's save resumes over the network (net_game read it)
        setup.seat = net_game(args)
        setup.elsewhere = "host" if args.host is not None else "join"
        return run(setup)
    if args.edit is not None:  # the editor: on a file, or a new battle
        setup.edit = Path(args.edit) if args.edit else "scenario"
        if args.edit:
            editable(Path(args.edit))
    shot = Path(args.screenshot) if args.screenshot else None
    return run(setup, demo=demo, demo_frames=args.frames, screenshot=shot, demo_rounds=args.rounds)


def editable(path: Path) -> None:
    """`--edit FILE`: a regular file, read before the window opens; else one line saying what it is
    (no such file, a folder, a device such as /dev/null, too large), exit code 2."""
    from game.content.files import read_regular

    try:
        read_regular(path)
    except ContentError as e:
        raise UserError(f"play: --edit {e.where}: {e.problem}") from None


def check_campaign(ref: str, mods: list[Path]) -> None:
    """`--campaign`: a campaign the game, a mod or the path given has (or one made at random by its id),
    checked before the window opens (a one-line refusal naming the file and key, exit code 2, as
    `simulate --campaign` gives)."""
    from game.content.mods import load_mods
    from systems.campaign.generate import any_campaign

    any_campaign(ref, load_mods(mods))


def check_scenario(ref: str, mods: list[Path]) -> None:
    """`--scenario`: an id the game, a mod or the window's battles folder has, checked before the window
    opens as `simulate` refuses it (the start screen would show another battle in its place). A file's
    problems, and a mod's that does not load, the start screen says."""
    from game.content.mods import load_mods
    from game.content.scenario import scenario_path
    from game.running.match import made_battles

    try:
        loaded = load_mods(mods)
    except UserError:
        return
    try:
        scenario_path(ref, loaded)
    except ContentError:
        if not any(p.stem == ref for p in made_battles()):
            raise


def seat_choices(args: argparse.Namespace, first: str, second: str) -> tuple[str, str, list[str]]:
    """Who plays the first, second and further seats: --a, --b, --c, --d, each not given as `first`,
    `second`, and the further ones as the second."""
    b, more = args.b or second, [args.c, args.d]
    while more and more[-1] is None:
        more.pop()
    return args.a or first, b, [k or b for k in more]


def demo_generals(args: argparse.Namespace) -> list[str]:
    """`play --demo`'s players by seat: the computer players --a, --b, --c, --d name (each seat not
    given: DEMO's, a further one as --b); a person plays no seat of a battle he only watches."""
    people = [f"--{seat} human" for seat in "abcd" if getattr(args, seat) == "human"]
    if people:
        raise UserError(f"play: --demo is watched between computer players; {', '.join(people)} cannot "
                        "play in it (leave --demo out to play)")  # fmt: skip
    a, b, more = seat_choices(args, DEMO, DEMO)
    return [a, b, *more]


def bench(args: argparse.Namespace) -> int:
    from game.ui.bench import measure

    result = measure()
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        for n, ms in result["render_ms"].items():
            print(f"{n:>5} bases: {ms:.2f} ms per frame")
    return 0


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("play", help="open the game window")
    p.add_argument(
        "--scenario",
        help="a scenario id or a path to its TOML file (default: the start screen's last, else default)",
    )
    p.add_argument("--seed", type=bounded(0, MAX_SEED), default=None, help=f"default {DEFAULT_SEED}")
    p.add_argument(
        "--demo",
        action="store_true",
        help="watch an AI-vs-AI battle to its end (hard generals unless --a ... --d name others)",
    )
    p.add_argument(
        "--frames",
        type=bounded(1, MAX_FRAMES),
        default=None,
        help="with --demo or --edit: stop after this many frames",
    )
    p.add_argument("--screenshot", metavar="FILE", help="with --frames: save the last frame as a PNG")
    p.add_argument("--load", metavar="FILE", help="resume a saved battle (a save or a replay)")
    p.add_argument(
        "--campaign",
        metavar="ID",
        help="begin a campaign (an id of `campaigns`, or its file): --a and --b play its two sides",
    )
    p.add_argument("--lang", choices=sorted(LANGUAGES), help="the language of the screens (remembered)")
    p.add_argument("--replay", metavar="FILE", help="watch a replay or a saved battle: play, pause, seek")
    p.add_argument(
        "--edit",
        nargs="?",
        const="",
        metavar="FILE",
        help="the scenario and map editor, on FILE or a new battle",
    )
    seats = (
        ("a", "first", "human"),
        ("b", "second", "normal"),
        ("c", "third", "as --b"),
        ("d", "fourth", "as --b"),
    )
    for seat, nth, default in seats:
        p.add_argument(
            f"--{seat}",
            choices=SEAT_CONTROLLERS,
            default=None,
            help=f"who plays the {nth} seat (default {default})",
        )
    add_map_options(p)
    add_mod_option(p)
    add_network_options(p)
    p.set_defaults(run=play)
    b = sub.add_parser("bench", help="measure the time to draw a frame of 100, 500 and 2000 bases")
    b.add_argument("--json", action="store_true", help="print the times as one JSON object")
    b.set_defaults(run=bench)


def play_by_file(args: argparse.Namespace, path: Path, folder: Path | None, mods: tuple[Path, ...]) -> int:
    """`by-file open FILE` in the window: the turn shown, the player's own played; a turn 0 joins the
    game at once (its reply written, nothing to play yet)."""
    from game.content.locale import Texts
    from game.net.by_file import open_turn
    from game.net.seat import default_name
    from game.net.turn_files import Refused
    from game.ui.app import run
    from game.ui.start.screen import Setup

    t = Texts(args.lang or "en")
    try:
        game = open_turn(path, args.name or default_name(), folder, mods)
    except Refused as e:
        raise UserError(e.said.words(t)) from None
    if game.played is None:  # turn 0 joined: turn 1 written, to send
        for notice in game.take_notices():
            print(notice.words(t))
        return 0
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    try:
        return run(Setup(mods=list(mods), language=args.lang, seat=game))
    except pygame.error as e:
        raise UserError(f"by-file open: cannot open the game window ({e}); a display is needed") from None
