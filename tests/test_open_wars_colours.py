"""An Open Wars player's colour is red, green and blue from 0 to 255 (session 10): a map file's other
values are refused at loading and by check-content in one line naming the file and the key; the
shipped maps' and the random map's colours pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import CONTENT
from game.modding.content_check import check_content
from game.model.errors import ContentError
from systems.open_wars.map_files import load_map
from systems.open_wars.ruleset_files import load_rules

TWIN = CONTENT / "scenarios" / "open-wars" / "ow-twin-fords.toml"


def coloured(folder: Path, colour: str) -> Path:
    """The twin fords with its first player's colour as given."""
    text = TWIN.read_text(encoding="utf-8").replace("colour = [70, 110, 200]", f"colour = {colour}", 1)
    assert f"colour = {colour}" in text
    path = folder / "scenarios" / "ow-odd-colours.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.replace('id = "ow-twin-fords"', 'id = "ow-odd-colours"', 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("colour", "key"),
    [("[300, 0, 0]", "players[0].colour[0]"), ("[0, -1, 0]", "players[0].colour[1]")],
)
def test_a_colour_out_of_range_is_one_line_naming_file_and_key(tmp_path: Path, colour: str, key: str) -> None:
    path = coloured(tmp_path, colour)
    with pytest.raises(ContentError) as err:
        load_map(path, load_rules())
    assert err.value.where == f"{path}: {key}"
    assert "at least 0 and at most 255" in err.value.problem and "\n" not in str(err.value)


def test_check_content_names_the_file_and_key_of_a_bad_colour(tmp_path: Path) -> None:
    mod = tmp_path / "odd"
    (mod / "mod.toml").parent.mkdir(parents=True)
    (mod / "mod.toml").write_text('id = "odd"\nname = "Odd"\nversion = "1"\n', encoding="utf-8")
    coloured(mod, "[0, 0, 999]")
    problems = check_content([mod]).problems
    assert len(problems) == 1 and "ow-odd-colours.toml: players[0].colour[2]" in problems[0], problems
    assert "at least 0 and at most 255" in problems[0]


def test_a_colour_in_range_loads(tmp_path: Path) -> None:
    m = load_map(coloured(tmp_path, "[255, 0, 0]"), load_rules())
    assert m is not None
