"""`new-mod`: start a mod; `mod pack`, `mod install` and `mod list`: mods that travel, and the player's
mods with their versions."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def _new_mod(args: argparse.Namespace) -> int:
    from game.modding.new_mod import new_mod

    target = new_mod(Path(args.dir), args.mode)
    print(
        f"wrote the mod {target.name!r} in {target}: edit its files, check them with "
        f"`python -m game check-content {target}`, play it with `--mod {target}`"
    )
    return 0


def _pack(args: argparse.Namespace) -> int:
    from game.modding.package import pack

    written = pack(Path(args.dir), Path(args.out) if args.out else None)
    print(f"packed the mod in {written}: install it with `python -m game mod install {written}`")
    return 0


def _install(args: argparse.Namespace) -> int:
    from game.modding.package import install

    done = install(Path(args.file), args.replace)
    for line in done.warnings:
        print(f"warning: {line}", file=sys.stderr)
    spec = done.mod.spec
    verb = "replaced" if done.replaced else "installed"
    print(f"{verb} the mod {spec.id} {spec.version} ({spec.name}) in {done.mod.root}")
    return 0


def _list(args: argparse.Namespace) -> int:
    from game.content.mods import load_mod, mod_folders, user_mods_dir
    from game.model.errors import UserError

    folders = mod_folders()
    print(f"{user_mods_dir()}: {len(folders)} mod{'' if len(folders) == 1 else 's'}")
    for folder in folders:
        try:
            m = load_mod(folder)
        except UserError as e:
            print(f"  {folder.name}: cannot be loaded: {e}")
            continue
        needs = f", needs {', '.join(m.spec.depends)}" if m.spec.depends else ""
        print(f"  {m.id} {m.spec.version}: {m.spec.name} ({m.spec.ruleset}{needs})")
    return 0


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("new-mod", help="write a small working mod to start from")
    p.add_argument("dir", help="the new mod's folder; its name becomes the mod's id")
    p.add_argument(
        "--mode",
        choices=("for-glory", "open-wars"),
        default="for-glory",
        help="the game mode it changes: for-glory (a category, its rule and a battle; the default) or "
        "open-wars (a faction, two spells, a card and a map for three)",
    )
    p.set_defaults(run=_new_mod)
    m = sub.add_parser("mod", help="pack a mod into one file, install one, list the mods folder's")
    what = m.add_subparsers(dest="action", required=True, parser_class=type(m))
    pk = what.add_parser(
        "pack",
        help="one file holding a mod and its manifest (its files' SHA-256), to send to another machine",
    )
    pk.add_argument("dir", help="the mod's folder")
    pk.add_argument("--out", metavar="PATH", help="the file to write, or a folder for <id>-<version>.fgmod")
    pk.set_defaults(run=_pack)
    ins = what.add_parser(
        "install",
        help="check a packed mod and install it into your mods folder",
        description="Read a file made by `mod pack` (untrusted: bounded, every path and hash checked), "
        "check the mod with check-content and the mods it depends on (from your mods folder), and move "
        "it into your mods folder whole. Exit 2 with one line if anything is wrong; nothing is left.",
    )
    ins.add_argument("file", help="the packed mod (.fgmod)")
    ins.add_argument("--replace", action="store_true", help="replace an installed mod of the same id")
    ins.set_defaults(run=_install)
    ls = what.add_parser("list", help="the mods in your mods folder, with their versions")
    ls.set_defaults(run=_list)
