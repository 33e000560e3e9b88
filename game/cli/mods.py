"""`new-mod`: start a mod; `mod pack`, `mod install` and `mod list`: mods that travel, and the player's
mods with their versions. Each says what it did in the player's language (--lang)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.cli.options import add_lang_option

if TYPE_CHECKING:
    from game.content.locale import Texts


def _texts(args: argparse.Namespace) -> Texts:
    from game.content.locale import Texts

    return Texts(args.lang or "en")


def _new_mod(args: argparse.Namespace) -> int:
    from game.modding.new_mod import new_mod

    target = new_mod(Path(args.dir), args.mode)
    print(_texts(args)("new_mod_wrote", mod=repr(target.name), folder=target))
    return 0


def _pack(args: argparse.Namespace) -> int:
    from game.modding.package import pack
    from game.model.errors import UserError

    if args.out and args.out.endswith(("/", os.sep)) and not Path(args.out).is_dir():  # Path drops the /
        raise UserError(f"{args.out}: no such folder: nothing written")
    written = pack(Path(args.dir), Path(args.out) if args.out else None)
    print(_texts(args)("mod_packed", file=written))
    return 0


def _install(args: argparse.Namespace) -> int:
    from game.editing.problem_words import problem_line
    from game.modding.package import install

    t = _texts(args)
    done = install(Path(args.file), args.replace)
    for line in done.warnings:
        print(t("cli_warning", line=problem_line(t, line)), file=sys.stderr)
    spec = done.mod.spec
    key = "mod_replaced" if done.replaced else "mod_installed"
    print(t(key, mod=spec.id, version=spec.version, name=spec.name, folder=done.mod.root))
    return 0


def _list(args: argparse.Namespace) -> int:
    from game.content.mods import load_mod, mod_folders, user_mods_dir
    from game.model.errors import UserError
    from game.model.words import counted

    t = _texts(args)
    folders = mod_folders()
    print(counted(t, "mod_list_folder", len(folders), folder=user_mods_dir()))
    for folder in folders:
        try:
            m = load_mod(folder)
        except UserError as e:
            print(t("mod_list_unloadable", mod=folder.name, why=e))
            continue
        needs = t("mod_list_needs", mods=", ".join(m.spec.depends)) if m.spec.depends else ""
        print(
            t(
                "mod_list_entry",
                mod=m.id,
                version=m.spec.version,
                name=m.spec.name,
                ruleset=m.spec.ruleset,
                needs=needs,
            )
        )
    return 0


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("new-mod", help="write a small working mod to start from")
    p.add_argument("dir", help="the new mod's folder; its name becomes the mod's id")
    p.add_argument(
        "--mode",
        choices=("for-glory", "open-wars", "campaign"),
        default="for-glory",
        help="the game mode it changes: for-glory (a category, its rule and a battle; the default), "
        "open-wars (a faction, two spells, a card and a map for three) or campaign (a small war of "
        "two armies on six places)",
    )
    add_lang_option(p, "the language of what it says")
    p.set_defaults(run=_new_mod, rules=False)  # copies a folder: no rules loaded
    m = sub.add_parser("mod", help="pack a mod into one file, install one, list the mods folder's")
    what = m.add_subparsers(dest="action", required=True, parser_class=type(m))
    pk = what.add_parser(
        "pack",
        help="one file holding a mod and its manifest (its files' SHA-256), to send to another machine",
    )
    pk.add_argument("dir", help="the mod's folder")
    pk.add_argument("--out", metavar="PATH", help="the file to write, or a folder for <id>-<version>.fgmod")
    add_lang_option(pk, "the language of what it says")
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
    add_lang_option(ins, "the language of what it says")
    ins.set_defaults(run=_install)
    ls = what.add_parser("list", help="the mods in your mods folder, with their versions")
    add_lang_option(ls, "the language of what it says")
    ls.set_defaults(run=_list)
