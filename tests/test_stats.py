"""The battle in figures, from its events and commands: losses and score by round, each division's
fate, the dice and their luck against the exact odds; a save gives the same, and `stats` prints them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.ai.players import make_player
from game.cli.entry import main
from game.model.events import Destroyed, DivisionRemoved, ModLine, Removed, Roll
from game.model.figures import SideStats
from game.running.match import Match, load, new_match, play, save, summary
from game.running.stats import battle_stats, figures


def _played(matches: list[Match], seed: int = 5) -> Match:
    m = new_match("default", seed)
    matches.append(m)
    play(m, {s: make_player("heuristic", s, seed + i) for i, s in enumerate(m.battle.game.sides)})  # type: ignore[union-attr]
    return m


def test_the_figures_add_up_to_the_events(matches: list[Match]) -> None:
    b = _played(matches).battle
    stats, fates = battle_stats(b)
    lost = [e for e in b.events if isinstance(e, Destroyed | Removed)]
    assert sum(n for s in stats.values() for n in s.losses.values()) == len(lost) > 0
    for side, st in stats.items():
        assert sum(st.losses.values()) == sum(1 for e in lost if b.side_of(b.ids[e.unit]) == side)
    rolls = [e for e in b.events if isinstance(e, Roll)]
    assert sum(s.rolls for s in stats.values()) == len(rolls)
    assert sum(s.pips for s in stats.values()) == sum(e.die for e in rolls)
    removed = {e.officer for e in b.events if isinstance(e, DivisionRemoved)}
    assert {f.division for f in fates if f.removed_in is not None} == removed == {"es-1", "fr-2"}
    assert all(f.removed_in == 8 for f in fates if f.division in removed)  # seed 5 ends in round 8
    assert len(fates) == 6


def test_the_score_by_round_ends_at_the_final_score(matches: list[Match]) -> None:
    m = _played(matches)
    f = figures(m)
    final = summary(m)["score"]
    for side, st in f.sides.items():
        assert len(st.score) == f.rounds == 8
        assert st.score[-1] == final[side]
    assert f.sides["fr"].score == [1, 2, 1, 6, 6, 7, 7, 10]  # objectives change hands before the losses
    # a battle stopped part-way scores its rounds so far, the same as the whole battle did then
    part = new_match("default", 5)
    matches.append(part)
    for c in m.commands[: len(m.commands) // 2]:
        part.apply(c)
    half = figures(part)
    for side, st in half.sides.items():
        assert st.score[:-1] == f.sides[side].score[: len(st.score) - 1]


def test_luck_counts_every_shot_check_and_melee_of_the_tables(matches: list[Match]) -> None:
    b = _played(matches).battle
    stats, _ = battle_stats(b)
    rolls = [e for e in b.events if isinstance(e, Roll)]
    shots = [e for e in rolls if e.check == "fire"]
    checks = [e for e in rolls if e.check in ("morale", "leadership")]
    assert sum(s.luck["hits"].rolls for s in stats.values()) == len(shots)
    assert sum(s.luck["passes"].rolls for s in stats.values()) == len(checks)
    assert sum(s.luck["passes"].got for s in stats.values()) == sum(e.outcome == "pass" for e in checks)
    melees = [e for e in b.events if e.kind == "melee"]
    assert sum(s.luck["wins"].rolls for s in stats.values()) == 2 * len(melees)  # both sides' chance
    for st in stats.values():
        assert sum(st.spread) == pytest.approx(1.0)
        assert st.percentile is not None and 0 < st.percentile < 100


def test_a_shot_expects_the_tables_hits(matches: list[Match]) -> None:
    """One shot at +1: totals 2..7 are miss, pushed, one hit three times, two hits: 5/6 of a hit."""
    m = new_match("default", 1)
    matches.append(m)
    b = m.battle
    shooter, target = next(b.units("fr", in_play=False)), next(b.units("es", in_play=False))
    u, t = b.name(shooter), b.name(target)
    plus = (ModLine("FG-T", "test", 1),)
    lucky = Roll(
        check="fire", unit=u, target=t, die=6, modifiers=plus, total=7, outcome="two hits", rule="FG-CBT-16"
    )
    foreign = Roll(
        check="fire", unit=u, target=t, die=6, modifiers=(), total=6, outcome="volley", rule="WM-1"
    )
    b.events[:] = [lucky, foreign]
    fr = battle_stats(b)[0]["fr"]
    assert fr.rolls == 2  # both dice count in the average, only the table's shot in the luck
    assert fr.luck["hits"].rolls == 1
    assert fr.luck["hits"].expected == pytest.approx(5 / 6)
    assert fr.luck["hits"].got == 2
    assert fr.percentile == pytest.approx(100 * (5 / 6 + 1 / 12))  # better than all but the 1 in 6


def test_the_percentile_is_the_exact_rank_among_equal_battles() -> None:
    s = SideStats()
    assert s.percentile is None
    for _ in range(2):
        s._add("passes", [0.5, 0.5], 1)  # two coin flips, both won: 3 in 4 battles do worse or tie
    assert s.spread == [0.25, 0.5, 0.25]
    assert s.percentile == pytest.approx(100 * (0.75 + 0.25 / 2))
    assert s.luck["passes"].expected == 1.0


def test_a_save_keeps_the_same_figures_and_stats_prints_them(
    tmp_path: Path, matches: list[Match], capsys: pytest.CaptureFixture[str]
) -> None:
    m = _played(matches)
    path = tmp_path / "battle.json"
    save(m, path)
    loaded = load(path)
    matches.append(loaded)
    assert figures(loaded).to_json() == figures(m).to_json()
    assert main(["stats", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads(json.dumps(figures(m).to_json()))
    assert printed["sides"]["fr"]["score"] == [1, 2, 1, 6, 6, 7, 7, 10]
    assert main(["stats", str(path)]) == 0
    out = capsys.readouterr().out
    assert "  score by round: 1 2 1 6 6 7 7 10" in out
    assert (
        "luckier than" in out and "1st Division (Lapeña) (Spanish): removed in round 8 (demoralised)" in out
    )


@pytest.mark.parametrize("content", [b"{", b"\xff\xfe", b'{"format": "forglory-replay", "version": 1}'])
def test_a_damaged_file_is_one_line_and_exit_2(
    tmp_path: Path, content: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["stats", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}") and err.count("\n") == 1


def test_an_open_wars_game_in_figures(matches: list[Match]) -> None:
    """OW-COMBAT-5/6: tokens lost by turn, every die rolled, and the luck of the attacks, shots and spells
    (OW-UNIT-1, OW-MAGIC-3) at their exact odds, each on the number it hit on (OW-DEC-23)."""
    from systems.open_wars.combat import rolled_on
    from systems.open_wars.state import Campaign

    m = new_match("ow-twin-fords", 4)
    matches.append(m)
    c = m.battle
    assert isinstance(c, Campaign)
    play(m, {s: make_player("heuristic", s, 4 + i) for i, s in enumerate(c.sides)})
    f = figures(m)
    assert f.rounds == summary(m)["rounds"] > 1 and f.over
    # no divisions: each player's own fate, out in the turn he had neither tokens nor a city (OW-DEC-22)
    assert [(x.division, x.side) for x in f.fates] == [("", p) for p in c.sides]
    beaten = {p for p in c.sides if p != c.game.winner} if c.game.end_reason.endswith("nor a city") else set()
    assert {x.side for x in f.fates if x.removed_in is not None} == set(c.out) | beaten
    lost = [e.details for e in c.events if e.kind == "note" and e.rule == "OW-COMBAT-6" and e.details]
    attacks = [e for e in c.events if isinstance(e, Roll) and e.check in ("attack", "shot", "spell")]
    assert lost and attacks
    for side, st in f.sides.items():
        assert sum(st.losses.values()) == sum(d["lost"] for d in lost if d["player"] == side)
        mine = [e for e in attacks if e.side == side]
        hits = st.luck["hits"]
        assert (hits.rolls, hits.got) == (len(mine), sum(e.total for e in mine))
        odds = [(rolled_on(e.read) or 0) / 6 * len(e.dice or ()) for e in mine]
        assert hits.expected == pytest.approx(sum(odds))
        assert st.score[-1] == summary(m)["score"][side]


@pytest.mark.parametrize("scenario", ["default", "ow-four-winds"])
def test_an_unfinished_game_is_said_unfinished_with_who_leads(
    scenario: str, matches: list[Match], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game saved before its end is no draw: `stats` says the round it reached and who leads there,
    by the mode's own score (For Glory's points, Open Wars' OW-DEC-6)."""
    whole = new_match(scenario, 3)
    matches.append(whole)
    play(whole, {s: make_player("heuristic", s, 3 + i) for i, s in enumerate(whole.battle.game.sides)})  # type: ignore[union-attr]
    m = new_match(scenario, 3)
    matches.append(m)
    for c in whole.commands[: len(whole.commands) // 2]:
        m.apply(c)
    assert m.battle.game is not None and not m.battle.game.over
    path = tmp_path / "half.json"
    save(m, path)
    f = figures(load(path))
    assert not f.over and f.winner is None and f.to_json()["over"] is False
    points = summary(m)["score"]
    best = max(points.values())
    assert f.leaders() == [s for s, p in points.items() if p == best]
    assert main(["stats", str(path)]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    count = "turn" if scenario.startswith("ow-") else "round"  # each mode's own word (Open Wars: turns)
    assert "draw" not in head and f"unfinished, saved in {count} {m.battle.game.round}; " in head
    # the verb agrees with the side's name: "Spanish lead", "Blue army leads" (game/model/grammar.py)
    assert re.search(rf" leads? with {best} points$", head) or " level on " in head
