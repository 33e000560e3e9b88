"""A battle in figures, from its events and its commands alone (so a replay or a save gives the same):
each side's losses and score round by round, each division's fate, and how lucky each side's dice
were against the exact odds of each roll."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import esper

from game.model.battle import Battle
from game.model.components import Officer
from game.model.dice import FACES
from game.model.errors import UserError
from game.model.events import Destroyed, DivisionRemoved, Melee, Phase, Removed, Roll
from game.model.figures import Fate, SideStats
from game.model.ruleset import ResultBand
from game.running.match import Match, restart, summary
from systems.for_glory.checks import check_passes
from systems.for_glory.odds import _sum_dist as sum_dist  # the engine's own sum of dice, not a copy


@dataclass
class Figures:
    """Everything the statistics screen and `stats` show of one battle."""

    scenario: str
    seed: int
    rounds: int
    winner: str | None
    sides: dict[str, SideStats]
    fates: list[Fate]
    over: bool = True  # False for a game saved before its end (its winner is None, not a draw)

    def leaders(self) -> list[str]:
        """The sides of the highest score at the last round counted (all of them when level)."""
        last = {s: st.score[-1] if st.score else 0 for s, st in self.sides.items()}
        best = max(last.values(), default=0)
        return [s for s, p in last.items() if p == best]

    def to_json(self) -> dict[str, Any]:
        rounds = range(1, self.rounds + 1)
        return {
            "scenario": self.scenario,
            "seed": self.seed,
            "rounds": self.rounds,
            "winner": self.winner,
            "over": self.over,
            "sides": {
                side: {
                    "losses": [st.losses.get(r, 0) for r in rounds],
                    "score": st.score,
                    "dice": {
                        "rolls": st.rolls,
                        "mean": round(st.mean_die, 3),
                        "sixes": st.sixes,
                        "ones": st.ones,
                    },
                    "luck": {
                        k: {"rolls": t.rolls, "expected": round(t.expected, 3), "got": t.got}
                        for k, t in st.luck.items()
                    },
                    "luck_percentile": None if st.percentile is None else round(st.percentile, 1),
                }
                for side, st in self.sides.items()
            },
            "fates": [
                {"division": f.division, "side": f.side, "removed_in": f.removed_in, "why": f.why}
                for f in self.fates
            ],
        }


def _fire_value(b: Battle, band: ResultBand) -> int:
    """The hits a fire band deals: destroying a unit counts as the hits that destroy it (FG-LOST-1)."""
    return b.rules.core.hits.destroyed_at if band.destroyed else band.hits


def _fire(b: Battle, e: Roll, st: SideStats) -> None:
    """A shot of the For Glory table (FG-CBT-12..17), when the table gives the outcome it reported."""
    mod = e.total - e.die
    at_officer = e.target is not None and esper.try_component(b.ids[e.target], Officer) is not None
    bands = [b.rules.band(b.rules.fire_results, face + mod) for face in range(1, FACES + 1)]
    band = b.rules.band(b.rules.fire_results, e.total)
    if at_officer:
        killed = [x.hits > 0 or x.destroyed for x in bands]
        shown = "killed" if (band.hits or band.destroyed) else ("pushed" if band.push else "miss")
        if shown == e.outcome:
            st._add("kills", [1 - sum(killed) / FACES, sum(killed) / FACES], int(e.outcome == "killed"))
        return
    if band.label != e.outcome:
        return  # a module resolved this shot by other rules: its odds are not the table's
    chances = [0.0] * (b.rules.core.hits.destroyed_at + 1)
    for x in bands:
        chances[_fire_value(b, x)] += 1 / FACES
    st._add("hits", chances, _fire_value(b, band))


def _check(b: Battle, e: Roll, st: SideStats) -> None:
    """A morale or leadership check (FG-MOR-6/7, FG-LDR-5/6), when its outcome is the rule's."""
    passed = e.outcome == "pass"
    if e.outcome not in ("pass", "fail") or check_passes(b.rules, e.die, e.total) != passed:
        return
    mod = e.total - e.die
    p = sum(check_passes(b.rules, face, face + mod) for face in range(1, FACES + 1)) / FACES
    st._add("passes", [1 - p, p], int(passed))


def _melee(b: Battle, e: Melee, rolls: list[Roll], out: dict[str, SideStats]) -> None:
    """A melee of the For Glory table: each side's chance to win, from the dice each side rolled and
    the modifiers their totals carry (AMB-62)."""
    atk = [r for r in rolls if r.unit in e.attackers]
    dfn = [r for r in rolls if r.unit in e.defenders]
    if not atk or not dfn or len(atk) + len(dfn) != len(rolls):
        return
    a_dist = sum_dist(len(atk), e.attack - sum(r.die for r in atk))
    d_dist = sum_dist(len(dfn), e.defence - sum(r.die for r in dfn))
    win = {"attackers": 0.0, "defenders": 0.0}
    for va, pa in a_dist.items():
        for vd, pd in d_dist.items():
            if not b.rules.band(b.rules.melee_results, abs(va - vd)).draw:
                win["attackers" if va > vd else "defenders"] += float(pa * pd)
    for who, units in (("attackers", e.attackers), ("defenders", e.defenders)):
        side = b.side_of(b.ids[units[0]])
        if side in out:
            out[side]._add("wins", [1 - win[who], win[who]], int(e.winner == who))


def _roller(b: Battle, e: Roll) -> str | None:
    who = e.side or (b.side_of(b.ids[e.unit]) if e.unit else None)
    if who is None and e.officer:
        who = b.side_of(b.ids[e.officer])
    return who


def battle_stats(b: Battle) -> tuple[dict[str, SideStats], list[Fate]]:
    """Losses, dice and luck of each side, and each division's fate, from the battle's events. Luck
    counts only rolls of one D6 resolved by For Glory's own tables (a module's other dice or tables
    have other odds)."""
    g = b.game
    sides = list(g.sides) if g is not None else []
    out = {s: SideStats() for s in sides}
    fates: dict[str, Fate] = {}
    rnd = 0
    melee_rolls: list[Roll] = []
    b.enter()
    for e in b.events:
        if isinstance(e, Phase):
            rnd = e.round
        elif isinstance(e, Destroyed | Removed):
            side = b.side_of(b.ids[e.unit])
            out[side].losses[rnd] = out[side].losses.get(rnd, 0) + 1
        elif isinstance(e, DivisionRemoved):
            fates[e.officer] = Fate(e.officer, e.side, rnd, e.reason)
        elif isinstance(e, Melee):
            _melee(b, e, melee_rolls, out)
            melee_rolls = []
        elif isinstance(e, Roll):
            who = _roller(b, e)
            if who not in out:
                continue
            s = out[who]
            s.rolls, s.pips = s.rolls + 1, s.pips + e.die
            s.sixes += e.die == 6
            s.ones += e.die == 1
            if e.dice is not None or e.die_kind is not None or not (e.rule or "").startswith("FG-"):
                continue
            if e.check == "fire" and e.target is not None:
                _fire(b, e, s)
            elif e.check in ("morale", "leadership"):
                _check(b, e, s)
            elif e.check == "melee":
                melee_rolls.append(e)
    for officer, off in esper.get_component(Officer):
        name = b.name(officer)
        if off.role == "division" and name not in fates:
            fates[name] = Fate(name, b.side_of(officer), None)
    return out, sorted(fates.values(), key=lambda f: (f.side, f.division))


def score_by_round(m: Match) -> dict[str, list[int]]:
    """Each side's score (the mode's own count) at the end of each round, found by playing the match's
    commands again from its start: a round's score is the one that stood when the next round began
    (or when the battle ended, or where a save stopped)."""
    fresh = restart(m)
    try:
        b = fresh.battle
        g = b.game
        assert g is not None
        out: dict[str, list[int]] = {s: [] for s in g.sides}

        def record(upto: int) -> None:
            points = b.stack.mode.score(b)
            for side, lst in out.items():
                lst.extend([points[side].total] * (upto - len(lst)))

        for c in m.commands:
            before = g.round
            fresh.apply(c)
            if g.round > before:
                record(before)
        record(g.round)
    finally:
        fresh.battle.close()
        m.battle.enter()
    return out


def figures(m: Match) -> Figures:
    """The whole battle in figures: the events' and the score round by round."""
    own = m.battle.stack.mode.stats  # a mode played on a map counts its own
    if own is not None:
        stats, fates = own(m.battle)
    elif isinstance(m.battle, Battle) and m.battle.game is not None:
        stats, fates = battle_stats(m.battle)
    else:
        raise UserError(f"{m.scenario.path}: no statistics are kept for this game")
    for side, points in score_by_round(m).items():
        stats[side].score = points
    r = summary(m)
    over = m.battle.game is not None and m.battle.game.over
    return Figures(m.scenario.id, m.seed, r["rounds"], r["winner"], stats, fates, over)
