"""`play --host` and `play --join`: a game with a friend on another machine (docs/network.md). In the
window by default; `--headless --ai KIND` plays this machine's side with a computer player and prints
the result (with the events' digest, the same on both machines)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.cli.options import MAX_ROUNDS, bounded, limit_checked
from game.model.errors import UserError

if TYPE_CHECKING:
    from game.net.identity import Offer
    from game.net.network_game import NetGame

DEFAULT_PORT = 47_410  # game.net.network_game's, repeated so that --help imports no game
MAX_TIMER = 24 * 3600  # game.net.wire's, likewise
MAX_TURNS = 500  # game.running.campaign_match's, likewise


def address(text: str, what: str, host_default: str | None) -> tuple[str, int]:
    """`HOST:PORT`, `PORT` (with a default host) or `[IPv6]:PORT`."""
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = "", text
    from game.model.limits import ascii_whole

    host = host.strip("[]") or (host_default or "")
    number = ascii_whole(port)
    if not host or number is None or number > 65535:
        form = "[ADDRESS:]PORT" if host_default is not None else "HOST:PORT"
        raise UserError(f"play: {what} {text!r}: give {form} (a port from 0 to 65535)")
    return host, number


def net_game(args: argparse.Namespace) -> NetGame:
    """The network game the command line asks for: hosted or joined, new or resumed from a save."""
    from game.content.locale import Texts
    from game.content.mods import load_mods
    from game.net.network_game import NetGame
    from game.net.said import SaidError
    from game.net.saved import load_net

    if args.host is not None and args.join is not None:
        raise UserError("play: --host or --join, not both")
    mods = tuple(Path(d) for d in args.mod)
    from game.net.seat import default_name

    resume = load_net(Path(args.load), tuple(load_mods(mods))) if args.load else None
    name = args.name or (resume.name if resume is not None else "") or default_name()
    try:
        if args.host is not None:
            where, port = address(args.host, "--host", "0.0.0.0")
            offer = offer_of(args, mods, "play")
            return NetGame.host(offer, name, where, port, resume, args.turn_timer)
        if args.turn_timer:
            raise UserError("play: --turn-timer goes with --host (the guest plays the host's timer)")
        for option, limit in (("--rounds", args.rounds), ("--turns", getattr(args, "turns", None))):
            if limit is not None:  # the host's offer sets the game's limit (offer_of): a guest's is none
                raise UserError(
                    f"play: {option} goes with --host: a guest plays to the limit the host offers"
                )
        where, port = address(args.join, "--join", None)
        return NetGame.join(where, port, name, mods, resume, expect=getattr(args, "campaign", None))
    except SaidError as e:  # in the language asked
        raise UserError(e.said.words(Texts(args.lang or "en"))) from None


def offer_of(args: argparse.Namespace, mods: tuple[Path, ...], command: str) -> Offer:
    """The game the player who begins it offers: a battle (its scenario, modules, rounds) or, with
    --campaign, a campaign (its turn limit); his side."""
    from game.net.identity import Offer

    limit_checked(args, command)
    campaign, turns = getattr(args, "campaign", None), getattr(args, "turns", None)
    if campaign is None:
        return Offer(args.scenario, tuple(args.module), mods, args.rounds, args.side - 1)
    return Offer(args.scenario, (), mods, turns, args.side - 1, campaign=campaign)


def play_headless(args: argparse.Namespace) -> int:
    from game.content.locale import Texts
    from game.net.headless import play_net

    if args.host is None and args.join is None:
        raise UserError("play: --headless goes with --host or --join")
    if not args.ai:
        raise UserError("play: --headless needs --ai KIND, the computer player of this side")
    from game.ai.players import known_player

    if not known_player(args.ai):
        raise UserError(f"play: unknown player {args.ai!r} for --ai")
    t = Texts(args.lang or "en")
    game = net_game(args)

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    if game.role == "host":
        say(t("net_hosting_at", port=game.port))
    result: dict[str, Any] = play_net(game, args.ai, t, say, resolve=getattr(args, "resolve", "table"))
    print(json.dumps(result, ensure_ascii=False, sort_keys=True), flush=True)
    return 0


def add_network_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--host",
        nargs="?",
        const=str(DEFAULT_PORT),
        metavar="[ADDRESS:]PORT",
        help=f"host a game for a friend on another machine (port {DEFAULT_PORT} on every address by default)",
    )
    p.add_argument("--join", metavar="HOST:PORT", help="join the game a friend hosts")
    p.add_argument("--name", help="your name, as the other player sees it (a save's by default)")
    p.add_argument(
        "--turn-timer",
        type=bounded(0, MAX_TIMER),
        default=0,
        metavar="SECONDS",
        help="with --host: seconds each player has for a decision; when they run out, the computer "
        "general decides for him (off by default)",
    )
    add_offer_options(p, "with --host: ", "with --demo or --host: ")
    p.add_argument("--headless", action="store_true", help="with --host or --join: no window; --ai plays")
    p.add_argument("--ai", metavar="KIND", help="with --headless: the computer player of this side")
    add_resolve_option(p, "with --headless in a campaign: ")


def add_resolve_option(p: argparse.ArgumentParser, when: str) -> None:
    p.add_argument(
        "--resolve",
        choices=("table", "auto"),
        default="table",
        help=f"{when}the computer player asks to fight each battle on the table (the default) or lets "
        "the campaign's generals resolve it when the other player does too",
    )


def add_offer_options(p: argparse.ArgumentParser, when: str = "", rounds_when: str = "") -> None:
    """What the player who begins a game offers besides its battle: his side and its rounds (`when`: the
    options they go with; `rounds_when`: those --rounds goes with, if others)."""
    p.add_argument(
        "--side",
        type=bounded(1, 2),
        default=1,
        metavar="{1,2}",
        help=f"{when}play the scenario's first or second side",
    )
    p.add_argument(
        "--rounds",
        type=bounded(1, MAX_ROUNDS),
        default=None,
        help=f"{rounds_when or when}stop after this many rounds",
    )
    p.add_argument(
        "--turns",
        type=bounded(1, MAX_TURNS),
        default=None,
        help=f"{when}with --campaign: end the campaign after this many turns (its own limit by default)",
    )
