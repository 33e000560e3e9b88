"""Installable: a wheel (`pip install .`, not editable) carries the game's content, and an installed
game finds it wherever it is run from."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game import ASSETS, CONTENT, ROOT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    source = out / "source"  # a copy: building writes build/ and egg-info beside the sources
    for name in ("game", "systems", "content", "assets"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", str(source), "-w", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    (found,) = out.glob("forglory-*.whl")
    return found


def test_the_wheel_carries_every_content_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {
        f"forglory_content/{p.relative_to(CONTENT).as_posix()}" for p in CONTENT.rglob("*") if p.is_file()
    }
    assert shipped and shipped <= names
    sounds = {f"forglory_assets/sounds/{p.name}" for p in (ASSETS / "sounds").glob("*.wav")}
    assert sounds and sounds <= names
    art = {f"forglory_assets/{p.relative_to(ASSETS).as_posix()}" for p in (ASSETS / "art").rglob("*.png")}
    assert art and art <= names
    assert {"forglory_assets/fonts/NotoSans-Bold.ttf", "forglory_assets/fonts/NotoSans-OFL.txt"} <= names
    assert {"game/__init__.py", "game/ui/app.py", "systems/for_glory/sequence.py"} <= names


def test_an_installed_game_finds_its_content(wheel: Path, tmp_path: Path) -> None:
    """The wheel unpacked alone (no source tree beside it): the game runs from any folder."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        env = {"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"}
        return subprocess.run(
            [sys.executable, *args], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=120
        )

    found = run("-c", "import game; print(game.CONTENT); print(game.ASSETS)")
    assert found.stdout.split() == [str(site / "forglory_content"), str(site / "forglory_assets")]
    sim = run("-m", "game", "simulate", "--seed", "3", "--rounds", "1", "--json")
    assert sim.returncode == 0, sim.stderr
    assert '"scenario": "default"' in sim.stdout
