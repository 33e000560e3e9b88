"""`campaigns`: the campaigns there are to play; `simulate --campaign ID` (a whole war, AI against AI,
headless) and `replay FILE` of a campaign's replay (game/cli/battles.py hands them here)."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.cli.options import add_lang_option, add_mod_option
from game.model.errors import EXIT_BAD_INPUT, ContentError, one_line

if TYPE_CHECKING:
    from game.running.campaign_match import CampaignMatch


def campaigns(args: argparse.Namespace) -> int:
    """Each campaign with its places, turns and sides, then its description, in the language asked
    (its file's [locale.<language>] words, docs/campaigns.md); `--json` in the file's own words."""
    from game.content.mods import load_mods
    from game.model.grammar import capitalised
    from game.running.log_texts import texts_for
    from systems.campaign.theatre import list_campaigns, load_campaign

    mods = load_mods(Path(d) for d in args.mod)
    t = texts_for(args.lang or "en", ["campaign"])
    found: list[dict[str, Any]] = []
    problems = []
    for path in list_campaigns(mods):
        try:
            theatre = load_campaign(str(path), mods)
        except ContentError as e:  # a broken one is reported; the others are still listed
            problems.append(str(e))
            continue
        spec = theatre.spec
        found.append(
            {
                "id": theatre.id,
                "name": spec.name,
                "locations": len(spec.locations),
                "sides": [{"id": s.id, "name": s.name} for s in spec.sides],
                "turns": spec.max_turns,
                "description": " ".join(spec.description.split()),
                "path": str(path),
            }
        )
        if not args.json:
            words = spec.words(t.language)
            sides = t("camp_listed_against").join(capitalised(words.sides[s.id]) for s in spec.sides)
            said = t("camp_listed", id=theatre.id, name=words.name, places=len(spec.locations),
                     turns=spec.max_turns, sides=sides)  # fmt: skip
            print(one_line(said))
            text = one_line(" ".join(words.description.split()), limit=2000)
            print(textwrap.fill(text, 100, initial_indent="    ", subsequent_indent="    "))
    if args.json:
        print(json.dumps({"campaigns": found}, ensure_ascii=False))
    for p in problems:
        print(f"error: {p}", file=sys.stderr)
    return EXIT_BAD_INPUT if problems else 0


def simulate(args: argparse.Namespace) -> int:
    """A whole campaign between computer generals: `--a`, `--b` its sides' (each a strategic general
    of its level, whose battles on the table its For Glory general of that name plays), `--resolve`
    whether they fight their battles on the table or let the campaign's generals resolve them."""
    from game.ai.players import campaign_player
    from game.content.mods import load_mods
    from game.running.campaign_match import new_campaign, play, save
    from game.running.seating import seated

    mods = load_mods(Path(d) for d in args.mod)
    m = new_campaign(args.campaign, args.seed, mods, args.turns)
    try:
        sides = m.war.sides
        chosen = seated(sides, [args.a, args.b, args.c, args.d], "heuristic", "simulate")
        players = {
            s: campaign_player(chosen[s], s, args.seed + i, args.resolve, mods) for i, s in enumerate(sides)
        }
        play(m, players)
        if args.save_replay:
            save(m, Path(args.save_replay))
        report(m, args)
    finally:
        m.war.close()
    return 0


def replay(args: argparse.Namespace) -> int:
    from game.content.mods import load_mods
    from game.running.campaign_match import load

    m = load(Path(args.file), load_mods(Path(d) for d in args.mod), getattr(args, "campaign", None))
    try:
        report(m, args)
    finally:
        m.war.close()
    return 0


def report(m: CampaignMatch, args: argparse.Namespace) -> None:
    """The war's log when asked, then its result: one JSON object, or lines in the language asked."""
    from game.running.campaign_match import summary

    language = args.lang or "en"
    if args.log and not args.json:
        print_log(m, language)
    if args.json:
        print(json.dumps(summary(m), ensure_ascii=False, sort_keys=True))
        return
    for line in result_lines(m, language):
        print(one_line(line, limit=2000))


def print_log(m: CampaignMatch, language: str) -> None:
    from game.running.log_texts import war_texts
    from game.running.narrate import describe
    from systems.campaign.words import narrate

    t = war_texts(language, [x.id for x in m.war.stack.modules])
    for e in m.war.events:
        print(one_line(narrate(m.war, e, t, describe), limit=2000))


def result_lines(m: CampaignMatch, language: str) -> list[str]:
    """Who won the war and why, each side's points, then each battle in a line."""
    from game.running.campaign_match import summary
    from game.running.log_texts import texts_for
    from systems.campaign.words import Naming

    t = texts_for(language, [x.id for x in m.war.stack.modules])
    n = Naming(m.war, t)
    s = summary(m)
    why, who = m.war.ending or ("going", None)
    reason = t(f"camp_reason_{why}", side=n.side(who or ""), turns=s["turns"])
    if s["winner"]:
        head = t("camp_won", side=n.side(s["winner"]), reason=reason)
    else:
        head = t("camp_drawn", reason=reason)
    lines = [head, t("camp_points", points=", ".join(f"{n.side(k)} {v}" for k, v in s["score"].items()))]
    told: list[tuple[int, str]] = []
    for b in s["battles"]:
        winner = n.side(b["winner"]) if b["winner"] else t("camp_nobody")
        lost = ", ".join(f"{n.side(k)} {v}" for k, v in b["losses"].items())
        told.append((b["number"], t("camp_battle_line", number=b["number"], turn=b["turn"],
                     place=n.place(b["location"]), winner=winner, how=t(f"camp_resolved_{b['resolved']}"),
                     lost=lost)))  # fmt: skip
    for d in s["declined"]:  # in its place, so the numbers run on
        told.append((d["number"], t("camp_battle_declined_line", number=d["number"], turn=d["turn"],
                     place=n.place(d["location"]), side=n.side(d["side"]))))  # fmt: skip
    return lines + [line for _number, line in sorted(told)]


def add_parsers(sub: Any) -> None:
    s = sub.add_parser("campaigns", help="list the campaigns: the game's own and those of the given mods")
    s.add_argument("--json", action="store_true", help='print one JSON object {"campaigns": [...]}')
    add_mod_option(s, modules=False)
    add_lang_option(s, "the language of the listing")
    s.set_defaults(run=campaigns)
