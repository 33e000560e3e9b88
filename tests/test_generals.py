"""The search general's content: levels and temperaments are typed records loaded from TOML, every
problem one line naming the file and key; a mod adds a temperament that players then use by name."""

from __future__ import annotations

import itertools
import shutil
import types
from pathlib import Path

import pytest

from game import CONTENT
from game.ai.generals import Temperament, general, temperaments
from game.ai.kinds import KINDS, LEVELS
from game.ai.players import PLAYERS, make_player
from game.ai.search import SearchPlayer
from game.cli.entry import main
from game.content.mods import load_mods
from game.content.records import load_record
from game.model.errors import ContentError, UserError

STUBBORN = """name = "Stubborn"
about = "Never gives up a yard."
attack = 0.3
caution = 0.1
objectives = 3.0
command = 1.0
charge_margin = 1.0
"""


def a_mod(tmp_path: Path, text: str) -> Path:
    mod = tmp_path / "stubborn-mod"
    shutil.copytree(CONTENT / "mods" / sorted(p.name for p in (CONTENT / "mods").iterdir())[0], mod)
    (mod / "mod.toml").write_text((mod / "mod.toml").read_text().replace('id = "', 'id = "x', 1))
    (mod / "ai" / "temperaments").mkdir(parents=True)
    (mod / "ai" / "temperaments" / "stubborn.toml").write_text(text)
    return mod


def test_every_level_and_temperament_of_the_game_loads() -> None:
    for level in LEVELS:
        for name in temperaments():
            g = general(level, name)
            assert g.level.evaluations > 0 and g.temperament.name
    easy, normal, hard = (general(level).level for level in LEVELS)
    assert easy.noise > normal.noise > hard.noise == 0  # hard never misjudges
    assert (
        hard.moves > normal.moves >= easy.moves and hard.evaluations > normal.evaluations > easy.evaluations
    )
    assert not easy.answers and normal.answers and hard.answers


def test_the_names_the_help_gives_are_the_players_there_are() -> None:
    assert tuple(PLAYERS) == KINDS  # kinds.py names them without importing them (the command line's help)
    assert KINDS[-len(LEVELS) :] == LEVELS


def test_a_bad_weight_is_one_line_naming_file_and_key(tmp_path: Path) -> None:
    bad = tmp_path / "rash.toml"
    bad.write_text(STUBBORN.replace("caution = 0.1", 'caution = "lots"'))
    with pytest.raises(ContentError) as e:
        load_record(Temperament, bad)
    assert str(bad) in str(e.value) and "caution" in str(e.value) and "\n" not in str(e.value)
    bad.write_text(STUBBORN.replace("attack = 0.3", "attack = 99"))
    with pytest.raises(ContentError, match="attack"):
        load_record(Temperament, bad)


def test_an_unknown_level_or_temperament_names_the_known_ones() -> None:
    with pytest.raises(UserError, match="balanced"):
        make_player("hard:reckless", "a", 1)
    with pytest.raises(UserError, match="easy, normal, hard"):
        make_player("grandmaster", "a", 1)


def test_a_mod_adds_a_temperament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mod = a_mod(tmp_path, STUBBORN)
    player = make_player("hard:stubborn", "a", 1, load_mods([mod]))
    assert isinstance(player, SearchPlayer) and player.general.temperament.objectives == 3.0
    argv = [
        "tournament",
        "--all",
        "--games",
        "1",
        "--rounds",
        "1",
        "--scenario",
        "default",
        "--mod",
        str(mod),
    ]
    assert main([*argv, "--player", "hard:stubborn", "--player", "random"]) == 0
    assert "hard:stubborn" in capsys.readouterr().out


def test_check_content_finds_a_broken_temperament_in_a_mod(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mod = a_mod(tmp_path, STUBBORN.replace("charge_margin = 1.0", "charge_margin = -1"))
    assert main(["check-content", str(mod)]) == 2
    out = capsys.readouterr()
    assert "stubborn.toml" in out.out + out.err and "charge_margin" in out.out + out.err


def test_the_thinking_time_setting_scales_a_generals_budget() -> None:
    from game.ai.budget import Budget

    hard = general("hard")
    assert Budget(hard, 2.0).left == 2 * Budget(hard).left == 2 * hard.level.evaluations
    quick = make_player("hard", "a", 1, think=0.5)
    assert isinstance(quick, SearchPlayer) and quick.think == 0.5


def test_a_generals_time_cap_counts_its_own_processor_time_not_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another program busy on the machine makes the clock run and the thinking thread stand still:
    the search must not stop for it (one seed, one battle), but stops once its own time is spent."""
    import game.ai.budget as budgets

    spent = [0.0]
    ticks = itertools.count(0.0, 10.0)  # the clock: ten seconds on at every look, past any cap
    clock = types.SimpleNamespace(perf_counter=lambda: next(ticks), thread_time=lambda: spent[0])
    monkeypatch.setattr(budgets, "time", clock)
    hard = general("hard")
    budget = budgets.Budget(hard)
    assert budget.spend() and budget.spend()
    spent[0] = hard.level.think_seconds + 0.01
    assert not budget.spend() and budget.used == 2


def test_an_unknown_temperament_among_many_is_said_whole_in_spanish(tmp_path: Path) -> None:
    """A mod of many temperaments makes the refusal's list long: it was cut at 200 characters before
    it was read back, so it no longer read as its English text and stayed English in Spanish."""
    from game.cli.error_words import error_line

    mod = a_mod(tmp_path, STUBBORN)
    for n in range(12):
        (mod / "ai" / "temperaments" / f"a-temperament-of-a-rather-long-name-{n}.toml").write_text(STUBBORN)
    with pytest.raises(ContentError) as e:
        general("hard", "reckless", load_mods([mod]))
    assert e.value.whole.endswith("-9, stubborn)")  # the whole list, to be said
    said = error_line(e.value.whole, "es")
    assert said.startswith("error: temperament: no hay temperamento 'reckless' (conocidos: aggressive, ")
    assert said.endswith("…") and "known" not in said  # said, then cut
