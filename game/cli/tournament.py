"""`tournament`: computer players against each other over many games. Two players on one scenario
(`--a`, `--b`), or `--all`: every AI level against every other on every scenario and map, printed as
a table of win shares with their 95% intervals and one Bradley–Terry rating per level."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from game.ai.kinds import KINDS
from game.cli.options import (
    MAX_ROUNDS,
    MAX_SEED,
    add_map_options,
    add_mod_option,
    bounded,
    map_options,
    ruleset_with_mods,
)
from game.content.languages import LANGUAGES
from game.model.errors import UserError, one_line
from game.model.words import decimal, percent
from game.running.cluster import checked_address

if TYPE_CHECKING:
    from game.content.locale import Texts
    from game.model.ruleset import Ruleset
    from game.running.ratings import Share
    from game.running.tournament import Results, Venue

MAX_JOBS = 64
MAX_GAMES = 10_000  # per pair and scenario: a tournament of --all plays about a hundred times as many


def _venues(args: argparse.Namespace, rules: Ruleset) -> list[Venue]:
    """The scenarios asked for, or (--all without --scenario) every one the game and its mods have:
    For Glory's and Open Wars' alike, but only those of the modes the --module ones play in."""
    from game.content.scenario import list_scenarios, load_any_scenario, scenario_path
    from game.model.modules import modules as rule_modules
    from game.running.tournament import Venue

    mods = rules.loaded_mods
    if args.scenario:
        paths = [scenario_path(ref, mods) for ref in dict.fromkeys(args.scenario)]
    elif args.all:
        paths = list_scenarios(mods)
    else:
        paths = [scenario_path("default", mods)]
    venues = []
    for path in paths:
        sc, mode = load_any_scenario(path, rules)
        venues.append(Venue(str(path), sc.id, mode))
    chosen = {m.mode for m in rule_modules() if m.id in args.module}
    if args.all and not args.scenario and chosen:
        venues = [v for v in venues if v.mode in chosen]
        if not venues:
            raise UserError("tournament: no scenario plays in the game mode of every --module")
    return venues


def run(args: argparse.Namespace) -> Results:
    from game.ai.players import PLAYERS, known_player, make_player
    from game.running.ratings import PairRecord
    from game.running.tournament import Game, Results, play_pairs

    if args.player and not args.all:
        raise UserError("tournament: --player chooses who meets in --all; two players are --a and --b")
    if args.all:
        if args.a is not None or args.b is not None:
            raise UserError(
                "tournament: --all plays every AI level against every other; leave out --a and --b"
            )
        kinds = list(dict.fromkeys(args.player)) or list(PLAYERS)
        labels = kinds
        if len(kinds) < 2:
            raise UserError("tournament: --all needs two AI levels or more")
    else:
        if args.scenario and len(set(args.scenario)) > 1:
            raise UserError("tournament: two players play one --scenario; --all plays several")
        kinds = [args.a or "heuristic", args.b or "random"]
        # by role, not by name: a player may meet itself (heuristic against heuristic)
        labels = kinds if kinds[0] != kinds[1] else [f"{kinds[0]} (a)", f"{kinds[1]} (b)"]
    rules = ruleset_with_mods(args)
    for k in kinds:
        if not known_player(k, rules.loaded_mods):
            make_player(k, "", 0, rules.loaded_mods)  # says which players there are
    venues = _venues(args, rules)
    options = tuple(sorted((map_options(args) or {}).items()))
    pairs = list(combinations(range(len(kinds)), 2))
    total, done, start = len(venues) * len(pairs) * args.games, 0, time.perf_counter()

    from game.content.locale import Texts

    t = Texts(args.lang or "en")

    def tick() -> None:
        nonlocal done
        done += 1
        _progress(done, total, start, t)

    records, games = [], []
    for v in venues:
        for i, j in pairs:
            record = PairRecord(v.id, labels[i], labels[j])
            records.append(record)
            for n in range(args.games):
                seed = args.seed + n
                game = Game(
                    v.ref,
                    (kinds[i], kinds[j]),
                    seed,
                    n % 2 == 1,
                    args.rounds,
                    tuple(args.module),
                    tuple(args.mod),
                    options,
                )
                games.append((record, game))
    play_pairs(games, args.jobs, tick, args.cluster)
    print(file=sys.stderr)
    return Results(labels, venues, records, args.games)


def _share_json(s: Share) -> dict[str, Any]:
    lo, hi = s.interval
    return {
        "wins": s.wins,
        "games": s.games,
        "share": round(s.share, 4),
        "interval": [round(lo, 4), round(hi, 4)],
    }


def to_json(res: Results, args: argparse.Namespace) -> dict[str, Any]:
    """The whole tournament as one JSON object (its shape: docs/playing.md, "Tournaments")."""
    from game.running.ratings import anchor_of, separated

    ratings = res.ratings()
    return {
        "games_per_pair": res.games,
        "seeds": [args.seed, args.seed + res.games - 1],
        "rounds": args.rounds,
        "modules": list(args.module),
        "scenarios": [{"id": v.id, "mode": v.mode} for v in res.venues],
        "pairs": [
            {
                "scenario": r.scenario,
                "a": r.a,
                "b": r.b,
                "games": r.games,
                "draws": r.draws,
                "wins": {r.a: r.wins_a, r.b: r.wins_b},
                "share": {p: round(r.of(p).share, 4) for p in (r.a, r.b)},
                "interval": {p: [round(x, 4) for x in r.of(p).interval] for p in (r.a, r.b)},
            }
            for r in res.records
        ],
        "rating_anchor": anchor_of(res.players),
        "separated": separated(res.records),
        "players": {
            p: {
                **_share_json(res.share(p)),
                "rating": round(ratings[p], 1),
                "scenarios": {v.id: _share_json(res.share(p, v.id)) for v in res.venues},
            }
            for p in res.players
        },
    }


def _count(n: float, t: Texts) -> str:
    """A count of wins or draws: a draw is half a win (1.5), in the language's decimal mark."""
    return decimal(n, t)


def _cell(s: Share, t: Texts) -> str:
    lo, hi = s.interval
    return f"{percent(s.share, t)} {lo * 100:.0f}-{hi * 100:.0f}"


def _counted(t: Texts, key: str, n: float) -> str:
    """`key`_one for one, `key`_many otherwise, with the count."""
    return t(f"{key}_one" if n == 1 else f"{key}_many", n=_count(n, t))


def table(res: Results, t: Texts | None = None) -> list[str]:
    """Rows are scenarios and columns AI levels (scenarios outnumber levels, so it stays narrow), in the
    language of `t` (English without)."""
    from game.content.locale import Texts
    from game.running.ratings import PRIOR, Share, anchor_of, separated

    t = t or Texts("en")
    ratings = res.ratings()
    anchor = anchor_of(res.players)
    ids = [one_line(v.id, limit=30) for v in res.venues]
    every, rating = t("tournament_all_scenarios"), t("tournament_rating")
    left = max(len(x) for x in [*ids, every, rating]) + 2
    mode_w = max(len(x) for x in [*(v.mode for v in res.venues), t("tournament_mode")]) + 2
    widths = [max(len(p), len("100% 100-100")) + 1 for p in res.players]

    def row(name: str, mode: str, cells: Sequence[str]) -> str:
        line = f"{name:<{left}}{mode:<{mode_w}}" + "".join(
            f"{c:>{w}}" for c, w in zip(cells, widths, strict=True)
        )
        return line.rstrip()

    opponents = len(res.players) - 1
    lines = [
        t("tournament_head_other" if opponents == 1 else "tournament_head_others"),
        _counted(t, "tournament_games", res.games),
        "",
        row(t("tournament_scenario"), t("tournament_mode"), res.players),
        *(
            row(name, v.mode, [_cell(res.share(p, v.id), t) for p in res.players])
            for name, v in zip(ids, res.venues, strict=True)
        ),
        row(every, "", [_cell(res.share(p), t) for p in res.players]),
        row(rating, "", [f"{ratings[p]:+.0f}" if p != anchor else "0" for p in res.players]),
        "",
        t("tournament_rating_fit", games=sum(r.games for r in res.records), anchor=anchor),
    ]
    if separated(res.records):
        lines += [t("tournament_separated"), t("tournament_separated_prior", prior=_count(PRIOR, t))]
    for a, b in combinations(res.players, 2):
        games = [r for r in res.records if {r.a, r.b} == {a, b}]
        wa, wb = sum((r.of(a) for r in games), Share(0.0, 0)), sum((r.of(b) for r in games), Share(0.0, 0))
        draws = sum(r.draws for r in games)
        line = t(
            "tournament_against",
            a=a,
            b=b,
            wins_a=_count(wa.wins, t),
            wins_b=_count(wb.wins, t),
            games=wa.games,
        )
        lines.append(line + (_counted(t, "tournament_draws", draws) if draws else ""))
    return lines


def pair_lines(res: Results, t: Texts) -> list[str]:
    """Two players: a line each, with its wins, its share and the share's 95% interval."""
    out = []
    for p in res.players:
        s = res.share(p)
        lo, hi = s.interval
        wins = _counted(t, "tournament_wins", s.wins)
        share, low, high = (percent(x, t, 1) for x in (s.share, lo, hi))
        out.append(t("tournament_pair", player=p, wins=wins, games=s.games, share=share, low=low, high=high))
    return out


def tournament(args: argparse.Namespace) -> int:
    from game.content.locale import Texts

    res = run(args)
    t = Texts(args.lang or "en")
    if args.json:
        print(json.dumps(to_json(res, args), ensure_ascii=False))
    elif args.all:
        print(*table(res, t), sep="\n")
    else:  # two players: a line each, as it has always been
        print(*pair_lines(res, t), sep="\n")
    return 0


def _progress(done: int, total: int, start: float, t: Texts) -> None:
    width = 30
    filled = width * done // total
    elapsed = time.perf_counter() - start
    eta = elapsed / done * (total - done)
    said = t("tournament_progress", done=done, total=total, elapsed=f"{elapsed:.0f}", left=f"{eta:.0f}")
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {said}")
    sys.stderr.flush()


def add_parsers(sub: Any) -> None:
    players = ", ".join(KINDS)
    t = sub.add_parser(
        "tournament",
        help="play many battles between two players, or (--all) every AI level against every other",
    )
    t.add_argument("--a", default=None, help=f"the first player (default heuristic; {players})")
    t.add_argument("--b", default=None, help="the second player (default random)")
    t.add_argument(
        "--all",
        action="store_true",
        help="every AI level against every other on every scenario and map (or those given)",
    )
    t.add_argument(
        "--games",
        type=bounded(1, MAX_GAMES),
        default=20,
        help="games per pair of players on each scenario",
    )
    t.add_argument(
        "--seed", type=bounded(0, MAX_SEED), default=1, help="the first game's seed; game i plays seed + i"
    )
    t.add_argument(
        "--scenario",
        action="append",
        default=[],
        metavar="ID",
        help="a scenario id or file (default: default; with --all repeatable, default every one)",
    )
    t.add_argument(
        "--rounds",
        type=bounded(1, MAX_ROUNDS),
        default=None,
        help="stop each battle after this many rounds",
    )
    t.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="NAME",
        help="with --all, a player who meets the others (repeatable; default every level); "
        "a search level may name its temperament: hard:aggressive",
    )
    t.add_argument(
        "--jobs", type=bounded(1, MAX_JOBS), default=1, help="games played at once, each in its own process"
    )
    t.add_argument(
        "--cluster",
        type=checked_address,
        metavar="tcp://HOST:PORT",
        help="play the games on the Dask cluster of this scheduler (the extra forglory[cluster])",
    )
    t.add_argument("--json", action="store_true", help="print one JSON object (progress stays on stderr)")
    t.add_argument(
        "--lang", choices=sorted(LANGUAGES), help="the language of the table and the lines (default: English)"
    )
    add_map_options(t)
    add_mod_option(t)
    t.set_defaults(run=tournament)
