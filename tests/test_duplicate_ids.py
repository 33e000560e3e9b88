"""`check-content` refuses an id given twice in one file, naming the file, the key and the id (issue
35, item 6): a mod's spells, cards, a faction's units, For Glory's unit categories, laid over the
game's (where the second would otherwise merge into the first unseen), an Open Wars map's locations
and players, a scenario's units."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import CONTENT
from game.cli.entry import main

SPELL = """[[spells]]
id = "my-bolt"
name = "My bolt"
category = "offensive"
phase = "combat"
cost = {cost}
range = 1
effect = {{ kind = "hits", amount = 2, attack = 4 }}
"""
CARD = """[[cards]]
id = "my-forge"
name = "My forge"
type = "city"
traits = [{{ kind = "recruit", amount = {n}, who = "holder" }}]
"""
UNIT = (
    '{{ id = "tree-folk", name = "Tree folk {n}", cost = 3, initiative = 3, type = "forest", movement = 2, '
    "attack = 3 }}"
)
CATEGORY = """[[category]]
code = "LnInf"
name = "Line infantry {n}"
"""
OPEN_WARS = 'id = "dup"\nname = "Dup"\nversion = "1"\nruleset = "open-wars"\n'
FOR_GLORY = 'id = "dup"\nname = "Dup"\nversion = "1"\n'

# (the mod's manifest, its file, the file's text, the key of the second record and its id)
MOD_FILES = {
    "spells": (OPEN_WARS, "rulesets/open-wars/spells.toml", SPELL.format(cost=2) + SPELL.format(cost=3),
               "spells[1].id", "'my-bolt'"),
    "cards": (OPEN_WARS, "rulesets/open-wars/cards.toml", CARD.format(n=1) + "\n" + CARD.format(n=2),
              "cards[1].id", "'my-forge'"),
    "a faction's units": (OPEN_WARS, "rulesets/open-wars/factions/elves.toml",
                          f"units = [\n  {UNIT.format(n=1)},\n  {UNIT.format(n=2)},\n]\n",
                          "units[1].id", "'tree-folk'"),
    "unit categories": (FOR_GLORY, "rulesets/for-glory/units.toml",
                        CATEGORY.format(n=1) + "\n" + CATEGORY.format(n=2), "category[1].code", "'LnInf'"),
}  # fmt: skip


def _check(mod: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["check-content", str(mod)]) == 2
    return capsys.readouterr().err.splitlines()


@pytest.mark.parametrize("what", MOD_FILES)
def test_a_mods_file_that_gives_one_id_twice_is_refused_naming_the_file_and_the_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], what: str
) -> None:
    manifest, rel, text, key, ident = MOD_FILES[what]
    (tmp_path / "mod.toml").write_text(manifest)
    (tmp_path / rel).parent.mkdir(parents=True)
    (tmp_path / rel).write_text(text)
    kind = key.split("[")[0] if what != "unit categories" else "code"
    noun = "id" if kind != "code" else "code"
    assert _check(tmp_path, capsys) == [
        f"error: {tmp_path / rel}: {key}: duplicate {noun} {ident} in this file"
    ]


def _shipped_with(tmp_path: Path, src: str, rel: str, change: tuple[str, str]) -> Path:
    """A mod holding a copy of a shipped scenario, its id made its own and one of its ids repeated."""
    text = (CONTENT / src).read_text(encoding="utf-8")
    old_id = Path(src).stem
    text = text.replace(f'id = "{old_id}"', 'id = "dup-copy"', 1)
    assert change[0] in text
    text = text.replace(change[0], change[1], 1)
    (tmp_path / "mod.toml").write_text(FOR_GLORY)
    (tmp_path / rel).parent.mkdir(parents=True)
    (tmp_path / rel).write_text(text, encoding="utf-8")
    return tmp_path / rel


def test_an_open_wars_maps_repeated_location_or_player_is_named_with_its_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = "scenarios/open-wars/ow-twin-fords.toml"
    text = (CONTENT / src).read_text(encoding="utf-8")
    locations = re.findall(r'(?m)^  \{ id = "([^"]+)", name', text)
    assert len(locations) > 2
    f = _shipped_with(
        tmp_path, src, "scenarios/open-wars/dup.toml", (f'id = "{locations[1]}"', f'id = "{locations[0]}"')
    )
    lines = _check(tmp_path, capsys)
    assert any(
        line.startswith(f"error: {f}: locations[")
        and line.endswith(f"].id: two locations share the id '{locations[0]}'")
        for line in lines
    ), lines


def test_a_scenarios_repeated_unit_id_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _shipped_with(tmp_path, "scenarios/first-battle.toml", "scenarios/dup.toml", ('"es-1b"', '"es-1a"'))
    assert f"error: {f}: sides[0].divisions[0].units[1].id: duplicate id 'es-1a'" in _check(tmp_path, capsys)
