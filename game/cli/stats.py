"""`stats`: a saved or replayed battle in figures (game/running/stats.py), as the end screen shows them."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.cli.options import add_mod_option
from game.content.locale import counted
from game.model.errors import one_line

if TYPE_CHECKING:
    from game.running.stats import Figures

# how each kind of luck is told: what the rolls were, what the good outcome is
KIND_WORDS = {"hits": ("shots", "hits"), "passes": ("checks", "passes"), "wins": ("melees", "wins"),
              "kills": ("shots at officers", "officers killed")}  # fmt: skip


def lines(f: Figures, sides: Mapping[str, str], division: Callable[[str], str]) -> list[str]:
    """The figures in lines, the sides and divisions by their names."""
    out = [f"{f.scenario}, seed {f.seed}: {_outcome(f, sides)}"]
    for side, st in f.sides.items():
        out.append(f"{sides.get(side, side)}:")
        out.append("  score by round: " + " ".join(str(p) for p in st.score))
        out.append(
            "  units lost by round: " + " ".join(str(st.losses.get(r, 0)) for r in range(1, f.rounds + 1))
        )
        out.append(f"  dice: {st.rolls} rolled, mean {st.mean_die:.2f} (a die averages 3.5), "
                   f"{counted(st.sixes, 'six', 'sixes')}, {counted(st.ones, 'one', 'ones')}")  # fmt: skip
        for kind, t in st.luck.items():
            rolls, good = KIND_WORDS[kind]
            out.append(f"  {rolls}: {t.rolls}, expected {t.expected:.1f} {good}, got {t.got}")
        if st.percentile is not None:
            out.append(f"  luck: luckier than {st.percentile:.0f}% of battles rolling the same rolls")
    for fate in f.fates:
        side = sides.get(fate.side, fate.side)
        if not fate.division:  # a side's own fate (Open Wars' players)
            fell = f"out in round {fate.removed_in}" if fate.removed_in is not None else None
            out.append(f"{side}: {fell or ('stood' if f.over else 'still plays')}")
            continue
        where = f"removed in round {fate.removed_in} ({fate.why})" if fate.removed_in is not None else "stood"
        out.append(f"{division(fate.division)} ({side}): {where}")
    return out


def _outcome(f: Figures, sides: Mapping[str, str]) -> str:
    """Who won after how many rounds, a draw, or (a game saved before its end) the round reached and
    who leads there."""
    rounds = counted(f.rounds, "round", "rounds")
    if f.over:
        return f"{sides.get(f.winner, f.winner)} won after {rounds}" if f.winner else f"a draw after {rounds}"
    top = f.leaders()
    points = counted(f.sides[top[0]].score[-1] if f.sides[top[0]].score else 0, "point", "points")
    lead = (
        f"{sides.get(top[0], top[0])} leads with {points}"
        if len(top) == 1
        else f"{' and '.join(sides.get(s, s) for s in top)} level on {points}"
    )
    return f"unfinished, saved in round {f.rounds}; {lead}"


def _stats(args: argparse.Namespace) -> int:
    from game.content.mods import load_mods
    from game.running.log_texts import texts_for
    from game.running.match import load
    from game.running.names import named
    from game.running.result_words import side_names
    from game.running.stats import figures

    m = load(Path(args.file), load_mods(Path(d) for d in args.mod), args.scenario)
    try:
        f = figures(m)
        sides, t = side_names(m, "en"), named(texts_for("en", [x.id for x in m.battle.stack.modules]), m)
    finally:
        m.battle.close()
    if args.json:
        print(json.dumps(f.to_json(), ensure_ascii=False, sort_keys=True))
    else:
        # each line made safe to print, its indent kept
        print(
            *(
                x[: len(x) - len(x.lstrip())] + one_line(x, limit=2000)
                for x in lines(f, sides, t.names.division)
            ),
            sep="\n",
        )
    return 0


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("stats", help="a saved or replayed battle in figures: losses, score, luck, fates")
    p.add_argument("file", help="a replay or saved battle")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--scenario", metavar="FILE", help="the scenario file, when the replay's is not in the game or a mod"
    )
    add_mod_option(p, modules=False)
    p.set_defaults(run=_stats)
