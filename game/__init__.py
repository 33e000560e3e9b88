"""For Glory v3.1.0, the digital edition."""

from importlib.util import find_spec
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _data(folder: str, package: str) -> Path:
    """A folder of the game's data: beside the source (content/, assets/), or the data package a
    wheel installs in its place (found without importing anything)."""
    beside = ROOT / folder
    spec = None if beside.is_dir() else find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return beside
    return Path(next(iter(spec.submodule_search_locations)))


CONTENT = _data("content", "forglory_content")
ASSETS = _data("assets", "forglory_assets")
