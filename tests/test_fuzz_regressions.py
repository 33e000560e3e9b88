"""Breaks `make fuzz` found with the kinds of issue 35, item 7 (tests/fuzz_surfaces.py), each kept as
a test of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.entry import main
from game.modding.content_check import MAX_PROBLEMS


def test_a_file_of_thousands_of_unknown_keys_is_refused_in_a_bounded_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """sizes: a mod.toml of 200,000 keys hung check-content (each problem was looked for in the list
    of those said before: quadratic), and would have printed 200,000 lines."""
    (tmp_path / "mod.toml").write_text("".join(f"k{i} = {i}\n" for i in range(5000)))
    assert main(["check-content", str(tmp_path)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == MAX_PROBLEMS + 1 and all(line.startswith("error: ") for line in lines)
    assert lines[0].startswith(f"error: {tmp_path / 'mod.toml'}: ")
    assert lines[-1] == f"error: ... and {5000 + 3 - MAX_PROBLEMS} more problems, not shown"
