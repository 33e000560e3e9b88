"""The command line imports what its command uses (issue 38): the help of the command line and of every
command loads no match, no rules, no AI, no words and no window, and `new-mod` no rules. Each case runs
in a fresh process, as a player's start does; the time it takes is measured in bench/startup.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

# what the help never needs: the rules, a match and a battle, the computer players (their names are
# game.ai.kinds), the words, the window
HEAVY = (
    "systems",
    "game.running.match",
    "game.running.builtin_rules",
    "game.model.battle",
    "game.content.locale",
    "pygame",
    "pygame_gui",
    "esper",
    "pymunk",
)
LIGHT_AI = {"game.ai", "game.ai.kinds"}

_RUN = """
import json, sys
from game.cli.entry import main
for argv in json.loads(sys.argv[1]):
    try:
        main(argv)
    except SystemExit:
        pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def imported(*argvs: list[str]) -> set[str]:
    """The modules a fresh process holds after running the command line once per argv."""
    done = subprocess.run(
        [sys.executable, "-c", _RUN, json.dumps(argvs)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def heavy(modules: set[str]) -> list[str]:
    """The modules of `HEAVY` (and the AI beyond its names) among these."""
    return sorted(
        m
        for m in modules
        if any(m == h or m.startswith(h + ".") for h in HEAVY)
        or (m.startswith("game.ai") and m not in LIGHT_AI)
    )


def commands() -> list[str]:
    import argparse

    from game.cli.entry import parser

    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    return list(sub.choices)


def test_help_imports_no_match_rules_ai_or_window() -> None:
    """`python -m game --help` (issue 38, item 2), and a bare `python -m game` that prints the usage."""
    assert heavy(imported(["--help"], [])) == []


def test_each_commands_help_imports_no_match_rules_ai_or_window() -> None:
    names = commands()
    assert {"play", "simulate", "tournament", "stats", "new-mod"} <= set(names)
    assert heavy(imported(*([name, "--help"] for name in names))) == []


def test_new_mod_loads_no_rules(tmp_path: Path) -> None:
    """A command that copies a folder registers no game mode: `new-mod` writes its mod without them
    (it says what it wrote in the player's language: the words are all it loads of HEAVY)."""
    modules = imported(["new-mod", str(tmp_path / "mine"), "--lang", "es"])
    assert (tmp_path / "mine" / "mod.toml").is_file()
    assert heavy(modules) == ["game.content.locale"]


def test_a_command_that_plays_loads_the_rules() -> None:
    """The other side of the same switch: `modules` lists what the rules registered."""
    modules = imported(["modules", "--json"])
    assert "game.running.builtin_rules" in modules
    assert "systems.for_glory.mode" in modules


def test_a_battle_imports_neither_open_wars_nor_the_campaign() -> None:
    """Open Wars and the campaign are registered for later (game/running/builtin_rules.py): a battle of
    For Glory imports none of their rules nor their generals; a game of either imports its own when it
    starts."""
    later = ("systems.open_wars", "game.ai.open_wars", "systems.campaign", "game.ai.campaign")
    battle = imported(["simulate", "--rounds", "1", "--json", "--seed", "1", "--a", "hard", "--b", "hard"])
    assert {"systems.for_glory.sequence", "game.ai.general"} <= battle  # it was played, by search generals
    assert [m for m in battle if m.startswith(later)] == []
    game = imported(["simulate", "--scenario", "ow-twin-fords", "--rounds", "1", "--json", "--seed", "1"])
    assert {"systems.open_wars.mode", "game.ai.open_wars"} <= game
    assert [m for m in game if m.startswith(later[2:])] == []
    war = imported(["simulate", "--campaign", "peninsular", "--turns", "1", "--json", "--seed", "1"])
    assert {"systems.campaign.mode", "game.ai.campaign"} <= war
