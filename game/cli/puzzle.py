"""`puzzle`: a tactical position whose side's general takes the whole activation (docs/puzzles.md):
every command it chooses in order with its reasons, and what came of it."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.ai.kinds import KINDS, REFERENCES
from game.cli.options import MAX_SEED, add_mod_option, bounded
from game.content.languages import LANGUAGES
from game.model.errors import UserError, one_line

if TYPE_CHECKING:
    from game.content.locale import Texts
    from game.running.puzzle_checks import Verdict


def _puzzle(args: argparse.Namespace) -> int:
    from game.ai.players import known_player
    from game.ai.reasons import weighed
    from game.cli.script import summary
    from game.content.mods import load_mods
    from game.running.log_texts import texts_for
    from game.running.names import story_names
    from game.running.narrate import narrate
    from game.running.puzzle import PuzzleWords, load, objective_names, solve
    from game.running.why_words import command_words, why_lines

    mods = load_mods(Path(d) for d in args.mod)
    for name in (args.a, args.b):
        if not known_player(name, mods):
            raise UserError(f"puzzle: unknown player {name!r} (known: {', '.join([*KINDS, *REFERENCES])})")
    found = solve(Path(args.file), args.a, args.b, args.seed, mods=mods, modules=args.module)
    texts, sides = story_names(Path(args.file), texts_for(args.lang or "en"), mods, load)
    objectives = objective_names(load(Path(args.file)), texts.language)
    verdicts = found.verdicts(texts, objectives)
    passed = all(v.passed for v in verdicts)
    if args.json:
        checks = [{"expected": v.expected, "decided": v.decided, "passed": v.passed} for v in verdicts]
        print(json.dumps({**found.to_json(), "checks": checks, "passed": passed}, ensure_ascii=False))
        return 0 if passed else 1
    spec = found.spec
    assert spec is not None
    words = spec.locale.get(texts.language, PuzzleWords())  # its own words in the player's language
    title, question = words.title or spec.title, words.question or spec.question
    if title:
        print(one_line(title))
    if question:
        print(one_line(texts("puzzle_question", question=question), limit=2000))
    for v in verdicts:
        print(one_line(texts("puzzle_expected", expected=v.expected), limit=2000))
    for i, (c, command, thought) in enumerate(
        zip(found.commands, found.chosen, found.thought_of, strict=True)
    ):
        said = (
            thought.chosen
            if thought is not None and thought.chosen.command == command
            else weighed(command, {})
        )
        key = f"decision_{c['decision']}"
        decision = texts(key) if texts.has(key) else c["decision"].replace("_", " ")
        side = sides.get(c["side"], c["side"])
        order = command_words(said, texts)
        print(one_line(texts("puzzle_step", n=i + 1, side=side, decision=decision, order=order), limit=2000))
        for reason in why_lines(thought, texts, str)[1:] if thought is not None else []:
            print(("      " if reason.startswith(" ") else "  ") + one_line(reason, limit=2000))
        first, end = c["events"]
        for told in narrate(found.events[first:end], texts, sides, objectives):
            print("    > " + one_line(told.text, limit=2000))
    print(texts("puzzle_after"))
    for line in summary({**found.state, "markers": []}, texts):
        print("  " + one_line(line))
    return _verdict(verdicts, words.lesson or spec.lesson, texts)


def _verdict(verdicts: list[Verdict], lesson: str, texts: Texts) -> int:
    """What was decided against each check, PASS or FAIL, and why: 0 when every check passes, 1 when
    one fails (a puzzle that gives no check passes, saying so)."""
    if not verdicts:
        print(texts("puzzle_unchecked"))
        return 0
    for v in verdicts:
        print(one_line(texts("puzzle_decided", decided=v.decided), limit=2000))
    for v in verdicts:
        mark = texts("puzzle_pass" if v.passed else "puzzle_fail")
        print(
            "  "
            + one_line(
                texts("puzzle_check", verdict=mark, expected=v.expected, decided=v.decided), limit=2000
            )
        )
    passed = sum(v.passed for v in verdicts)
    mark = texts("puzzle_pass" if passed == len(verdicts) else "puzzle_fail")
    print(texts("puzzle_summary", verdict=mark, passed=passed, total=len(verdicts)))
    if lesson:
        print(one_line(texts("puzzle_lesson", lesson=lesson), limit=2000))
    return 0 if passed == len(verdicts) else 1


def add_parsers(sub: Any) -> None:
    s = sub.add_parser(
        "puzzle",
        help="let a general take the activation of a tactical position and print its orders and reasons",
    )
    s.add_argument(
        "file", help="the puzzle, a scripted battle's TOML file with a [puzzle] table (docs/puzzles.md)"
    )
    s.add_argument(
        "--a", default="hard", metavar="PLAYER", help="the general of the side to act (default: hard)"
    )
    s.add_argument(
        "--b", default="hard", metavar="PLAYER", help="the other side's general, who reacts (default: hard)"
    )
    s.add_argument(
        "--seed",
        type=bounded(0, MAX_SEED),
        default=1,
        help="the generals' own seed (the dice are the file's: its list or seed)",
    )
    s.add_argument(
        "--json", action="store_true", help='print {"commands": [...], "thoughts": [...], "events": [...]}'
    )
    s.add_argument("--lang", choices=sorted(LANGUAGES), help="the language of the story (default: English)")
    add_mod_option(s)
    s.set_defaults(run=_puzzle)
