"""`check-content` and `schema`: checking content files and mods, and the JSON Schemas of their kinds."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from game.cli.options import add_lang_option
from game.model.errors import EXIT_BAD_INPUT, UserError


def _check(args: argparse.Namespace) -> int:
    from game.content.locale import Texts
    from game.editing.problem_words import error_said, problem_line
    from game.modding.content_check import check_content

    t = Texts(args.lang or "en")
    report = check_content([Path(d) for d in args.dirs])
    if report.problems:
        for line in report.problems:
            error = report.errors.get(line)  # none behind "... and 3 more problems"
            said = problem_line(t, line) if error is None else error_said(t, error)
            print(t("cli_error", line=said), file=sys.stderr)
        return EXIT_BAD_INPUT
    for line in report.warnings:
        print(t("cli_warning", line=problem_line(t, line)), file=sys.stderr)
    if args.strict and report.warnings:
        return EXIT_BAD_INPUT
    print(report.summary(t))
    return 0


def _schema(args: argparse.Namespace) -> int:
    from game.modding.schema import write_schemas

    out = Path(args.out)
    try:  # a name too long for the file system is an OSError already when asked whether it exists
        if out.exists() and not out.is_dir():
            raise UserError(f"{out}: not a folder")
        written = write_schemas(out)
    except OSError as e:
        raise UserError(f"{e.filename or out}: cannot write: {e.strerror}") from None
    from game.content.locale import Texts

    print(Texts(args.lang or "en")("schema_wrote", n=len(written), folder=out))
    return 0


def add_parsers(sub: Any) -> None:
    c = sub.add_parser(
        "check-content",
        help="check content files: the shipped content, or mods on top of it",
        description="With no DIR, check all shipped content: the rulesets, every scenario, every scripted "
        "battle (loaded and set up, not played), the rules references and the example mods. With DIRs, "
        "check those mods together on top of the shipped content: each mod.toml, the mods' ruleset files, "
        "then the merged ruleset, their scenarios, scripted battles and rule texts. Give a mod's "
        "dependencies too: they are checked with it. A scenario, Open Wars map or campaign file (.toml, "
        "as the editor saves one) is checked by itself on the game's rules and those of the mods given "
        "with it. Exit 0 with a summary, or exit 2 with one line per "
        "problem on stderr, naming the file and the key. Warnings (what is legal but almost surely a "
        "mistake) are printed as lines too, and fail the check under --strict.",
    )
    c.add_argument(
        "dirs",
        nargs="*",
        metavar="DIR|FILE",
        help="a mod folder, or a scenario, map or campaign file (repeatable)",
    )
    add_lang_option(c, "the language of the summary and the problems")
    c.add_argument(
        "--strict",
        action="store_true",
        help="fail (exit 2) on warnings too: what is legal but almost surely a mistake (a rule id with no "
        "text, no Spanish words, a battle replacing the game's, a zone off the table, a change that "
        "changes nothing ...), which a plain check prints and passes",
    )
    c.set_defaults(run=_check)
    s = sub.add_parser(
        "schema",
        help="write the JSON Schemas of every kind of content file",
        description="Write one JSON Schema (draft 2020-12) per kind of content file, made from the types "
        "the loader reads; the shipped copies are in content/schema/ (see its README.md).",
    )
    s.add_argument("--out", required=True, metavar="DIR", help="the folder to write them to")
    add_lang_option(s, "the language of what it says")
    s.set_defaults(run=_schema)
