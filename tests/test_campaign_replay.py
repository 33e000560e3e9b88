"""A campaign's replay holds its content's identity, its seed and every command, the war's and its
battles' (CAMP-DEC-1): it replays the whole war exactly, a save cut anywhere goes on to the same end,
and a damaged or edited one is refused in one line. The command line: `campaigns`, `simulate
--campaign`, `replay` of a campaign."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai.players import campaign_player
from game.cli.entry import main
from game.model.errors import ContentError
from game.running.campaign_match import CampaignMatch, events_digest, load, play, save, summary
from tests.campaign_helpers import BORDER, war

BATTLE_KEYS = {"location", "turn", "resolved", "winner", "losses", "brigades_before", "brigades_after"}


def played(seed: int = 2, resolve: str = "auto") -> CampaignMatch:
    m = war(seed=seed)
    play(m, {s: campaign_player("heuristic", s, seed + i, resolve) for i, s in enumerate(m.war.sides)})
    return m


def test_CAMP_DEC_1_a_campaigns_replay_plays_the_whole_war_again_exactly(tmp_path: Path) -> None:
    """CAMP-DEC-1: saved and loaded, the war and every battle make the same events and the same result,
    from the commands alone (no computer player thinks again)."""
    m = played()
    assert m.war.fought, "the war saw no battle"
    path = tmp_path / "war.json"
    save(m, path)
    again = load(path, campaign=str(BORDER))
    assert events_digest(again.war) == events_digest(m.war) and summary(again) == summary(m)
    assert [len(f.events) for f in again.war.fought] == [len(f.events) for f in m.war.fought]


def test_a_campaign_saved_in_the_middle_of_a_battle_goes_on_to_the_same_end(tmp_path: Path) -> None:
    """A save made while a battle is on the table loads into that battle, its decision pending, and
    the rest of the commands finish the war as they did."""
    m = played(seed=3)
    cut = next(i for i, c in enumerate(m.commands) if type(c).__name__ == "Deploy") + 3
    part = war(seed=3)
    for c in m.commands[:cut]:
        part.apply(c)
    path = tmp_path / "half.json"
    save(part, path)
    again = load(path, campaign=str(BORDER))
    assert again.war.battle is not None and again.war.pending == part.war.pending
    for c in m.commands[cut:]:
        again.apply(c)
    assert summary(again) == summary(m)


def test_an_edited_or_damaged_campaign_replay_is_refused_in_one_line(tmp_path: Path) -> None:
    m = played()
    path = tmp_path / "war.json"
    save(m, path)
    data = json.loads(path.read_text())
    data["seed"] = data["seed"] + 1
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError, match="do not replay the saved campaign") as e:
        load(path, campaign=str(BORDER))
    assert "\n" not in str(e.value)
    data["commands"] = [{"type": "March", "army": 5}]
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError, match=r"commands\[0\]: damaged command"):
        load(path, campaign=str(BORDER))
    with pytest.raises(ContentError, match="give it with --campaign"):
        load(path)  # its campaign is a file of the tests: a replay never opens a path of its own choosing


def test_campaigns_lists_the_peninsular_war(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["campaigns", "--json"]) == 0
    found = {c["id"]: c for c in json.loads(capsys.readouterr().out)["campaigns"]}
    c = found["peninsular"]
    assert c["name"] == "The Peninsular War, 1808-1812" and c["locations"] >= 16
    assert [s["id"] for s in c["sides"]] == ["fr", "al"]


def test_simulate_a_campaign_and_replay_it_give_the_same_object(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`simulate --campaign ... --json` prints the war's end and each battle; `replay FILE --json` of its
    replay prints the same object."""
    replay = tmp_path / "war.json"
    args = ["simulate", "--campaign", str(BORDER), "--seed", "4", "--resolve", "auto", "--json"]
    assert main([*args, "--save-replay", str(replay)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"winner", "end_reason", "turns", "battles"} <= set(out) and out["turns"] == 4
    assert out["battles"] and all(set(b) >= BATTLE_KEYS for b in out["battles"])
    assert all(b["resolved"] == "auto" for b in out["battles"])
    assert main(["replay", str(replay), "--campaign", str(BORDER), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == out


def test_simulate_a_campaign_tells_its_war_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "--campaign", str(BORDER), "--seed", "4", "--turns", "1", "--log", "--lang", "es"])
        == 0
    )
    out = capsys.readouterr().out
    assert (
        "\nMarzo de 1809: turno 1 (CAMP-DEC-2)\n" in out and "Los aliados" in out
    )  # a line starts with a capital
    assert "El general Coupigny saca 2 para su experiencia en esta guerra (FG-PREP-3)" in out


def test_an_unknown_campaign_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--campaign", "no-such-war"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no campaign 'no-such-war'" in err
