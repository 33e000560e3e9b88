"""`stats`: a saved or replayed battle in figures (game/running/stats.py), as the end screen shows them."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.cli.options import add_mod_option
from game.content.languages import LANGUAGES
from game.model.errors import one_line
from game.model.words import Wording, counted, number, percent

if TYPE_CHECKING:
    from game.content.locale import Texts
    from game.running.stats import Figures


def lines(f: Figures, sides: Mapping[str, str], t: Texts, title: str = "") -> list[str]:
    """The figures in lines in the language of `t`, the scenario by its `title` (by the id the figures
    keep where it has none), the sides and divisions by their names."""
    from game.running.result_words import fate_why

    out = [t("cli_stats_head", scenario=title or f.scenario, seed=f.seed, outcome=_outcome(f, sides, t))]
    for side, st in f.sides.items():
        out.append(t("cli_stats_side", side=sides.get(side, side)))
        out.append("  " + t("cli_stats_score", points=" ".join(str(p) for p in st.score)))
        lost = " ".join(str(st.losses.get(r, 0)) for r in range(1, f.rounds + 1))
        out.append("  " + t("cli_stats_lost", counts=lost))
        out.append("  " + t("cli_stats_dice", rolls=st.rolls, mean=number(st.mean_die, t, 2),
                            sixes=counted(t, "cli_stats_sixes", st.sixes),
                            ones=counted(t, "cli_stats_ones", st.ones)))  # fmt: skip
        for kind, k in st.luck.items():
            out.append(
                "  " + t(f"cli_stats_{kind}", rolls=k.rolls, expected=number(k.expected, t), got=k.got)
            )
        if st.percentile is not None:
            out.append("  " + t("cli_stats_rank", percent=percent(st.percentile / 100, t)))
    for fate in f.fates:
        side = sides.get(fate.side, fate.side)
        if not fate.division:  # a side's own fate (Open Wars' players)
            if fate.removed_in is not None:
                out.append(t("cli_stats_side_out", side=side, round=fate.removed_in))
            else:
                out.append(t("cli_stats_side_stood" if f.over else "cli_stats_side_plays", side=side))
            continue
        division = t.names.division(fate.division)
        if fate.removed_in is None:
            out.append(t("cli_stats_stood", division=division, side=side))
        else:
            why = fate_why(t, fate.why)
            out.append(t("cli_stats_removed", division=division, side=side, round=fate.removed_in, why=why))
    return out


def _outcome(f: Figures, sides: Mapping[str, str], t: Wording) -> str:
    """Who won after how many rounds, a draw, or (a game saved before its end) the round reached and
    who leads there."""
    count = "one" if f.rounds == 1 else "many"
    if f.over:
        if f.winner:
            return t(f"cli_stats_won_{count}", side=sides.get(f.winner, f.winner), rounds=f.rounds)
        return t(f"cli_stats_draw_{count}", rounds=f.rounds)
    top = f.leaders()
    points = f.sides[top[0]].score[-1] if f.sides[top[0]].score else 0
    count = "one" if points == 1 else "many"
    lead = (
        t(f"cli_stats_leads_{count}", side=sides.get(top[0], top[0]), points=points)
        if len(top) == 1
        else t(f"cli_stats_level_{count}", sides=t("and").join(sides.get(s, s) for s in top), points=points)
    )
    return t("cli_stats_unfinished", round=f.rounds, lead=lead)


def _stats(args: argparse.Namespace) -> int:
    from game.content.locale import ModeWords
    from game.content.mods import load_mods
    from game.running.log_texts import texts_for
    from game.running.match import load
    from game.running.names import named
    from game.running.result_words import scenario_title, side_names
    from game.running.stats import figures

    m = load(Path(args.file), load_mods(Path(d) for d in args.mod), args.scenario)
    try:
        f = figures(m)
        language = args.lang or "en"
        sides, title = side_names(m, language), scenario_title(m, language)
        # a mode's own words for its counts (Open Wars' turns and tokens, For Glory's rounds and units)
        t = ModeWords(named(texts_for(language, [x.id for x in m.battle.stack.modules]), m),
                      m.battle.stack.mode.base.prefix)  # fmt: skip
    finally:
        m.battle.close()
    if args.json:
        print(json.dumps(f.to_json(), ensure_ascii=False, sort_keys=True))
    else:
        # each line made safe to print, its indent kept
        print(
            *(x[: len(x) - len(x.lstrip())] + one_line(x, limit=2000) for x in lines(f, sides, t, title)),
            sep="\n",
        )
    return 0


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("stats", help="a saved or replayed battle in figures: losses, score, luck, fates")
    p.add_argument("file", help="a replay or saved battle")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--lang", choices=sorted(LANGUAGES), help="the language of the lines (default: English)")
    p.add_argument(
        "--scenario", metavar="FILE", help="the scenario file, when the replay's is not in the game or a mod"
    )
    add_mod_option(p, modules=False)
    p.set_defaults(run=_stats)
