"""`scenarios`: the battles there are to play, the game's own and the given mods'."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.cli.options import add_lang_option, add_mod_option, ruleset_with_mods
from game.model.errors import EXIT_BAD_INPUT, ContentError, one_line

if TYPE_CHECKING:
    from game.content.mods import Mod


def source(path: Path, mods: list[Mod]) -> str:
    """Where a scenario comes from: the id of the mod that holds it, or "content" (the game's own)."""
    for m in mods:
        if path.resolve().is_relative_to(m.root.resolve()):
            return m.id
    return "content"


def scenarios(args: argparse.Namespace) -> int:
    from game.content.locale import Texts
    from game.content.scenario import list_scenarios, load_any_scenario

    rules = ruleset_with_mods(args)
    mods = list(rules.loaded_mods)
    t = Texts(args.lang or "en")
    found: list[dict[str, Any]] = []
    problems = []
    for path in list_scenarios(mods):
        try:
            sc, mode = load_any_scenario(path, rules)
        except ContentError as e:  # a broken one is reported; the others are still listed
            problems.append(str(e))
            continue
        words = sc.spec.words(t.language)  # its words in the language asked (--json: the file's own)
        found.append(
            {
                "id": sc.id,
                "name": sc.spec.name if args.json else words.name,
                "description": " ".join((sc.spec.description if args.json else words.description).split()),
                "mode": mode,
                "source": source(path, mods),
                "path": str(path),
            }
        )
    if args.json:
        print(json.dumps({"scenarios": found}, ensure_ascii=False))
    else:
        for s in found:
            where = "" if s["source"] == "content" else t("scenarios_mod", mod=s["source"])
            mode = "" if s["mode"] == "for-glory" else t("scenarios_mode", mode=s["mode"])
            print(one_line(t("scenarios_line", id=s["id"], name=s["name"], where=where, mode=mode)))
            text = one_line(s["description"], limit=2000)
            print(textwrap.fill(text, 100, initial_indent="    ", subsequent_indent="    "))
    for p in problems:
        print(t("cli_error", line=p), file=sys.stderr)
    return EXIT_BAD_INPUT if problems else 0


def add_parsers(sub: Any) -> None:
    s = sub.add_parser("scenarios", help="list the scenarios: the game's own and those of the given mods")
    s.add_argument("--json", action="store_true", help='print one JSON object {"scenarios": [...]}')
    add_mod_option(s, modules=False)
    add_lang_option(s, "the language of the names and descriptions")
    s.set_defaults(run=scenarios)
