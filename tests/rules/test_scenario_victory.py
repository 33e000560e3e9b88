"""A scenario's own victory and scoring options (issue 26: [victory] and [scoring], docs/scenarios.md):
FG-VIC-2's count of divisions removed, FG-VIC-4 switched off, FG-VIC-5..10's points; left out, the
rulebook's (tests/rules/test_victory.py)."""

from __future__ import annotations

from pathlib import Path

from game.running.log_texts import texts_for
from game.running.match import Match
from game.running.narrate import narrate
from systems.for_glory.hits import destroy
from systems.for_glory.victory import check_end, score
from tests.helpers import deploy_all, of, start, write_scenario
from tests.rules.test_victory import INITIATIVE, RED_FIRST


def with_options(tmp_path: Path, text: str, **kw: object) -> Path:
    path = write_scenario(tmp_path, **kw)  # type: ignore[arg-type]
    path.write_text(path.read_text(encoding="utf-8") + "\n" + text, encoding="utf-8")
    return path


def test_FG_VIC_2_a_scenario_asks_for_more_divisions_removed(tmp_path: Path, matches: list[Match]) -> None:
    """[victory] divisions_removed = 3: two removed go on; the third ends it, said with its count."""
    m = start(matches, with_options(tmp_path, "[victory]\ndivisions_removed = 3\n"), RED_FIRST + INITIATIVE)
    deploy_all(m)
    b = m.battle
    b.enter()
    destroy(b, b.ids["r1a"], "FG-LOST-1", "b1a")
    destroy(b, b.ids["b1a"], "FG-LOST-1", "r2a")
    assert len(of(b.events, "division_removed")) == 2 and not check_end(b)
    destroy(b, b.ids["r2a"], "FG-LOST-1", "b2a")
    assert check_end(b)
    (over,) = of(b.events, "game_over")
    assert (over.rule, over.reason) == ("FG-VIC-2", "3 divisions removed")
    said = {lang: narrate([over.to_dict()], texts_for(lang))[0].text for lang in ("en", "es")}
    assert "3 divisions have left the field" in said["en"]
    assert "3 divisiones han sido retiradas" in said["es"]


def test_FG_VIC_4_a_scenario_may_play_on_when_every_objective_is_held(
    tmp_path: Path, matches: list[Match]
) -> None:
    """[victory] all_objectives = false: red holding the only objective does not end the battle."""
    path = with_options(
        tmp_path, "[victory]\nall_objectives = false\n", objectives=[("ford", (13.2, 7.5), None)]
    )
    m = start(matches, path, RED_FIRST + INITIATIVE)  # the battle goes on to its initiative
    deploy_all(m)
    b = m.battle
    assert b.game is not None and not b.game.over and b.game.objectives[0].holder == "red"


def test_FG_VIC_7_a_scenario_gives_its_own_points(tmp_path: Path, matches: list[Match]) -> None:
    """[scoring] objective_held = 3: the held objective scores 3 (FG-VIC-7); the rest stay the ruleset's."""
    path = with_options(
        tmp_path,
        "[scoring]\nobjective_held = 3\n\n[victory]\nall_objectives = false\n",
        objectives=[("ford", (13.2, 7.5), None)],
    )
    m = start(matches, path, RED_FIRST + INITIATIVE)
    deploy_all(m)
    red = score(m.battle)["red"]
    assert red.lines["FG-VIC-7"] == 3 and red.total == 3
    assert (
        m.battle.game is not None and m.battle.game.scoring.unit_destroyed == m.rules.scoring.unit_destroyed
    )
