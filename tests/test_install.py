"""Installable: the wheel (`pip install .`, not editable) carries every module and every content file it
finds by itself, and the installed `forglory` runs from any folder, with no source tree beside it.

The wheel is built from the venv, offline (no build isolation: the test extras hold setuptools), once
per test session; the installs are made once per module."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game import ASSETS, CONTENT, ROOT

SOURCES = ("game", "systems", "content", "assets", "pyproject.toml", "setup.py", "README.md")
JUNK = shutil.ignore_patterns("__pycache__", "*.pyc")


def _files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts]


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    source = out / "source"  # a copy: building writes build/ and egg-info beside the sources
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=JUNK)
        else:
            shutil.copy(ROOT / name, source / name)
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
         "--quiet", str(source), "-w", str(out)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert build.returncode == 0, build.stderr
    (found,) = out.glob("forglory-*.whl")
    return found


def test_the_wheel_carries_every_module_and_data_file(wheel: Path) -> None:
    """Every module of game/ and systems/ (sub-packages too) and every file of content/ and assets/."""
    names = set(zipfile.ZipFile(wheel).namelist())
    modules = {p.relative_to(ROOT).as_posix() for top in ("game", "systems") for p in _files(ROOT / top)}
    assert {"game/ui/app.py", "systems/open_wars/mode.py", "systems/for_glory/charge/plan.py"} <= modules
    assert sorted(modules - names) == []
    data = {f"forglory_content/{p.relative_to(CONTENT).as_posix()}" for p in _files(CONTENT)}
    data |= {f"forglory_assets/{p.relative_to(ASSETS).as_posix()}" for p in _files(ASSETS)}
    assert {"forglory_assets/fonts/NotoSans-Bold.ttf", "forglory_content/scenarios/bailen.toml"} <= data
    assert sorted(data - names) == []
    assert not [n for n in names if n.startswith(("tests/", "bench/", "docs/"))]


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel installed (no dependencies: the venv's serve) into a folder of its own; its bin/forglory
    is the console script pip writes."""
    site = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", "--target", str(site),
         str(wheel)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return site


def _forglory(site: Path, cwd: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The installed console script, run in `cwd` with its user folders under `home`."""
    env = {
        "PYTHONPATH": str(site),  # before the venv's own site-packages (and its editable install)
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    return subprocess.run(
        [str(site / "bin" / "forglory"), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("where", ["/", "a temporary folder"])
def test_the_installed_forglory_runs_from_any_folder(installed: Path, tmp_path: Path, where: str) -> None:
    cwd = Path("/") if where == "/" else tmp_path
    where_from = "import game, systems.open_wars; print(game.__file__, game.CONTENT, game.ASSETS)"
    found = subprocess.run(
        [sys.executable, "-c", where_from],
        cwd=cwd, env={"PYTHONPATH": str(installed)}, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    assert found.stdout.split() == [
        str(installed / "game" / "__init__.py"),
        str(installed / "forglory_content"),
        str(installed / "forglory_assets"),
    ]
    listed = _forglory(installed, cwd, tmp_path, "scenarios")
    assert listed.returncode == 0, listed.stderr
    assert "bailen:" in listed.stdout and "ow-border-march:" in listed.stdout
    for scenario, title in (("default", "The Village on the High Road"), ("ow-twin-fords", "The Twin Fords")):
        sim = _forglory(installed, cwd, tmp_path, "simulate", "--seed", "3", "--rounds", "1", "--scenario",
                        scenario)  # fmt: skip
        assert sim.returncode == 0, sim.stderr
        assert sim.stdout.startswith(f"{title}, seed 3:")


def test_the_installed_game_opens_its_window(installed: Path, tmp_path: Path) -> None:
    """`play --demo --frames 3` under the dummy drivers, from a folder that is not the repository."""
    shot = tmp_path / "shot.png"
    played = _forglory(
        installed, tmp_path, tmp_path, "play", "--demo", "--frames", "3", "--screenshot", str(shot)
    )
    assert played.returncode == 0, played.stderr
    assert "Traceback" not in played.stderr
    assert shot.stat().st_size > 0
