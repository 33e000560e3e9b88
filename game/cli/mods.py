"""`new-mod`: start a mod."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from game.cli.options import add_lang_option


def _new_mod(args: argparse.Namespace) -> int:
    from game.content.locale import Texts
    from game.modding.new_mod import new_mod

    target = new_mod(Path(args.dir))
    print(Texts(args.lang or "en")("new_mod_wrote", mod=repr(target.name), folder=target))
    return 0


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("new-mod", help="write a small working mod to start from")
    p.add_argument("dir", help="the new mod's folder; its name becomes the mod's id")
    add_lang_option(p, "the language of what it says")
    p.set_defaults(run=_new_mod, rules=False)  # copies a folder: no rules loaded
