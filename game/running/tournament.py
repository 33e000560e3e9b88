"""Tournaments played: the games of every pair of players on every scenario, each a seed and two
players, played in this process or several at once (each game the same whichever plays it), and
their records (game/running/ratings.py). The command line's `tournament` asks and prints."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path

from game.ai.players import make_player, unexplained
from game.content.mods import load_mods
from game.content.ruleset_files import load_ruleset
from game.model.errors import UserError
from game.running import builtin_rules
from game.running.cluster import on_cluster
from game.running.match import new_match, play, summary
from game.running.ratings import PairRecord, Share, anchor_of, bradley_terry, elo


@dataclass(frozen=True)
class Venue:
    """A scenario the tournament plays: how to open it, its id and its game mode."""

    ref: str  # what new_match opens: an id or a path
    id: str
    mode: str


@dataclass
class Results:
    players: list[str]  # labels, in PLAYERS' order (or a, b)
    venues: list[Venue]
    records: list[PairRecord]  # one per pair and scenario
    games: int  # per pair and scenario

    def share(self, player: str, scenario: str | None = None) -> Share:
        """`player`'s wins against all the others, on one scenario or (None) on all of them."""
        total = Share(0.0, 0)
        for r in self.records:
            if scenario is None or r.scenario == scenario:
                total += r.of(player)
        return total

    def ratings(self) -> dict[str, float]:
        return elo(bradley_terry(self.records), anchor_of(self.players))


@dataclass(frozen=True)
class Game:
    """One game of a tournament: what a worker process needs to play it on its own."""

    ref: str
    kinds: tuple[str, str]
    seed: int
    swap: bool  # the first player takes the second side (odd games: sides swap each game)
    rounds: int | None
    modules: tuple[str, ...]
    mods: tuple[str, ...]
    options: tuple[tuple[str, object], ...] = ()  # a game mode's set-up choices (a random map's)


def roles(sides: list[str], swap: bool) -> dict[str, int]:
    """Which of the two players takes each side: they alternate seats (an Open Wars game of three or
    four players seats them a, b, a, b), the first seat the second player's when swapped."""
    return {s: (i + swap) % 2 for i, s in enumerate(sides)}


def play_game(g: Game) -> int | None:
    """Play one game; the index in g.kinds of the winner, or None for a draw."""
    mods = load_mods(Path(d) for d in g.mods)
    rules = load_ruleset(mods=mods)
    m = new_match(g.ref, g.seed, g.rounds, rules, modules=g.modules, options=dict(g.options) or None)
    role = roles(m.battle.game.sides, g.swap)  # type: ignore[union-attr]
    try:
        seats = enumerate(role.items())  # nobody reads their reasons
        play(m, {s: unexplained(make_player(g.kinds[r], s, g.seed + k, mods)) for k, (s, r) in seats})
        winner = summary(m)["winner"]
    finally:
        m.battle.close()
    return None if winner is None else role[winner]


def play_pairs(
    games: list[tuple[PairRecord, Game]], jobs: int, tick: Callable[[], None], cluster: str | None = None
) -> None:
    """Play every game and add its result to its pair's record, in `jobs` processes at once or on the
    Dask cluster whose scheduler is at `cluster` (a game is the same whichever process plays it: its
    seed and its players' seeds say everything)."""
    if cluster is not None:
        for (record, _g), won in zip(
            games, on_cluster(cluster, play_game, [(g,) for _r, g in games]), strict=True
        ):
            record.add(None if won is None else (record.a, record.b)[won])
            tick()
        return
    if jobs <= 1:
        results: Iterator[int | None] = map(play_game, (g for _r, g in games))
        for (record, _g), won in zip(games, results, strict=True):
            record.add(None if won is None else (record.a, record.b)[won])
            tick()
        return
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=spawn, initializer=builtin_rules.load) as pool:
        futures = [pool.submit(play_game, g) for _r, g in games]
        for (record, g), future in zip(games, futures, strict=True):
            try:
                won = future.result()
            except BrokenProcessPool:
                raise UserError(
                    f"tournament: the process playing {g.ref} seed {g.seed} ({' v '.join(g.kinds)}) ended "
                    "abruptly (killed, or out of memory); run again, or with --jobs 1"
                ) from None
            record.add(None if won is None else (record.a, record.b)[won])
            tick()
