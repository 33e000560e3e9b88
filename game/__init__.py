"""For Glory v3.1.0, the digital edition."""

from importlib.util import find_spec
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _content() -> Path:
    """The game's content: content/ beside the source, or the forglory_content folder a wheel
    installs beside the game (a package of data only, found without importing anything)."""
    beside = ROOT / "content"
    spec = None if beside.is_dir() else find_spec("forglory_content")
    if spec is None or not spec.submodule_search_locations:
        return beside
    return Path(next(iter(spec.submodule_search_locations)))


CONTENT = _content()
