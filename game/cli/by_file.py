"""`by-file start` and `by-file open`: a game by turn files, played by e-mail (docs/network.md).
`open` shows the turn in the window and lets the player play his own; with `--ai KIND` a computer
player plays it headless and the reply is written at once."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game.cli.network import add_offer_options, add_resolve_option, offer_of
from game.cli.options import add_lang_option, add_mod_option
from game.content.languages import LANGUAGES
from game.model.errors import UserError


def start(args: argparse.Namespace) -> int:
    from game.content.locale import Texts
    from game.net.by_file import start
    from game.net.seat import default_name
    from game.net.turn_files import Refused

    t = Texts(args.lang or "en")
    offer = offer_of(args, tuple(Path(d) for d in args.mod), "by-file start")
    try:
        game = start(offer, args.name or default_name(), Path(args.folder) if args.folder else None)
    except Refused as e:
        raise UserError(e.said.words(t)) from None
    for notice in game.take_notices():
        print(notice.words(t))
    return 0


def open_file(args: argparse.Namespace) -> int:
    from game.content.locale import Texts
    from game.net.by_file import open_turn
    from game.net.seat import default_name
    from game.net.turn_files import Refused

    t = Texts(args.lang or "en")
    mods = tuple(Path(d) for d in args.mod)
    folder = Path(args.folder) if args.folder else None
    if not args.ai:
        from game.cli.play import play_by_file

        return play_by_file(args, Path(args.file), folder, mods)
    from game.ai.players import known_player
    from game.net.headless import play_turn

    if not known_player(args.ai):
        raise UserError(f"by-file open: unknown player {args.ai!r} for --ai")
    try:
        game = open_turn(Path(args.file), args.name or default_name(), folder, mods)
    except Refused as e:
        raise UserError(e.said.words(t)) from None
    say = lambda line: print(line, file=sys.stderr)  # noqa: E731
    result: dict[str, Any] = play_turn(game, args.ai, t, say, args.resolve)
    print(json.dumps(result, ensure_ascii=False, sort_keys=True))
    return 0


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("by-file", help="play a friend by turn files (by e-mail)")
    verbs = p.add_subparsers(dest="verb", required=True, parser_class=type(p))
    s = verbs.add_parser("start", help="start a game: writes its first turn file, to send")
    s.add_argument("--scenario", default="default", help="a scenario id of the game or a mod")
    s.add_argument("--campaign", metavar="ID", help="a campaign of the game or a mod instead of a battle")
    add_offer_options(s)
    s.add_argument("--name", help="your name, as the other player sees it")
    s.add_argument(
        "--folder", metavar="DIR", help="the game's folder (a new one in your data folder by default)"
    )
    add_lang_option(s, "the language of what it says")
    add_mod_option(s)
    s.set_defaults(run=start)
    o = verbs.add_parser("open", help="open a turn file from the other player: see his turn, play yours")
    o.add_argument("file", help="the turn file received")
    o.add_argument("--folder", metavar="DIR", help="the game's folder (found by the game's id by default)")
    o.add_argument("--name", help="your name, as the other player sees it (when joining)")
    o.add_argument("--ai", metavar="KIND", help="a computer player plays your turn, without a window")
    add_resolve_option(o, "with --ai in a campaign: ")
    o.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        help="the language of what it says (default: English) and of the window (default: your setting)",
    )
    add_mod_option(o, modules=False)
    o.set_defaults(run=open_file)
