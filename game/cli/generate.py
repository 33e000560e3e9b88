"""`generate`: a random battle (or, from a game mode that makes them, a random map) as a scenario file."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from game.cli.options import MAX_SEED, add_lang_option, add_mod_option, bounded, ruleset_with_mods
from game.model.errors import UserError
from game.model.limits import MAX_POINTS, MIN_DIVISIONS, MIN_UNITS

SIZE = re.compile(r"([0-9]+(?:\.[0-9]+)?)x([0-9]+(?:\.[0-9]+)?)")  # ASCII digits: \d takes ٧٢ as 72


def _generate(args: argparse.Namespace) -> int:
    from game.content.files import write_text
    from game.editing.random_battles import random_text
    from game.model.modules import RandomOptions

    size = None
    if args.size is not None:
        found = SIZE.fullmatch(args.size)
        if found is None:
            raise UserError("generate: --size is WxH in inches, such as 72x48")
        size = (float(found[1]), float(found[2]))
    options = RandomOptions(args.points, size, args.terrain)
    if args.mode == "campaign":  # a campaign file, checked as any campaign by its own generator
        from game.content.toml_text import dumps
        from game.model.modules import game_mode

        mode = game_mode("campaign")
        assert mode is not None
        text = dumps(mode.generate(ruleset_with_mods(args), args.seed, options))
        said = "generate_wrote_campaign"
    else:
        _ident, text = random_text(ruleset_with_mods(args), args.mode, args.seed, options)
        said = "generate_wrote"
    if args.out is None:
        sys.stdout.write(text)
    else:
        write_text(Path(args.out), text)
        from game.content.locale import Texts

        print(Texts(args.lang or "en")(said, file=args.out))
    return 0


def add_parsers(sub: Any) -> None:
    g = sub.add_parser(
        "generate",
        help="make a random battle: a scenario file",
        description="Make a fair battle from a seed: armies of equal points from the ruleset's units, "
        "the ground turned half about the table's centre so each side sees the same from its edge, "
        "deployment zones left usable and objectives in twins. The same seed and options make the same "
        "battle. --mode open-wars asks Open Wars for a random map; --mode campaign a campaign on one.",
    )
    g.add_argument(
        "--seed",
        type=bounded(0, MAX_SEED),
        required=True,
        help="what it is made from: the same seed, the same file",
    )
    g.add_argument(
        "--points",
        type=bounded(MIN_DIVISIONS * MIN_UNITS, MAX_POINTS),  # two divisions of two 1-point units at least
        default=None,
        help=f"each side's army in points, {MIN_DIVISIONS * MIN_UNITS} to {MAX_POINTS} (default 24, or as "
        "many as a smaller table holds)",
    )
    g.add_argument("--size", default=None, metavar="WxH", help="the table in inches (default 72x48)")
    g.add_argument(
        "--terrain",
        choices=("sparse", "normal", "dense"),
        default=None,
        help="how much ground (default normal)",
    )
    g.add_argument(
        "--mode",
        choices=("for-glory", "open-wars", "campaign"),
        default="for-glory",
        help="a For Glory battle (default), an Open Wars map, or a campaign on a random map",
    )
    g.add_argument("--out", default=None, metavar="FILE", help="write it here (default: print it)")
    add_lang_option(g, "the language of what it says (the file holds every language)")
    add_mod_option(g, modules=False)
    g.set_defaults(run=_generate)
