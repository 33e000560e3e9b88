"""A player's settings, remembered between sessions in the platform's user config folder: animation
speed, window size or full screen, colour-blind palette, sound and music volume, the size of the
interface (UI scale), how long the computer generals may think, and the start screen's last choices
(its battle, who plays each seat, the rule modules).
A damaged or hand-edited file never stops the game: what cannot be read keeps its default, and the
player is told which key."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from game.ai.kinds import KINDS
from game.content.files import inside, read_regular, write_text
from game.content.locale import LANGUAGES
from game.model.errors import UserError, one_line
from game.model.limits import ID

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)  # the animation and AI speeds a player can choose
VOLUMES = (0.0, 0.25, 0.5, 0.75, 1.0)
UI_SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)  # text and panels, for large or far screens
THINK = (0.5, 1.0, 2.0, 4.0)  # how long the computer generals may think, against their level's own
WINDOWS = ((1280, 720), (1280, 800), (1600, 900), (1920, 1080))  # the window sizes Settings offers
SEATS = ("human", *KINDS)  # who may play a seat of the start screen
MOST_PATH = 1000  # characters of a remembered battle's path


def fitted_window(wanted: tuple[int, int], desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """The window to open for the size a player chose: that size if the screen holds it, else the
    largest offered size the screen holds (1280x800 on a 768-pixel laptop would hide the bottom of
    every screen), else the chosen size as it is."""
    if not desktops:
        return wanted
    dw, dh = desktops[0]
    if wanted[0] <= dw and wanted[1] <= dh:
        return wanted
    fits = [w for w in WINDOWS if w[0] <= dw and w[1] <= dh]
    return max(fits, key=lambda w: w[0] * w[1]) if fits else wanted


def settings_file() -> Path:
    return Path(platformdirs.user_config_dir("forglory", appauthor=False, roaming=True)) / "settings.json"


@dataclass
class Settings:
    language: str = "en"
    speed: float = 1.0
    window: tuple[int, int] = (1280, 800)
    colour_blind: bool = False
    sound: float = 0.5
    music: float = 0.25
    ui_scale: float = 1.0
    ai_think: float = 1.0  # x the search generals' budget per decision (content/ai/levels.toml)
    fullscreen: bool = False  # the whole screen instead of a window of `window`'s size
    # the start screen's last choices (game/ui/start/setup.py): the battle or map by id (or the path
    # of one the window made), who played each seat, the rule modules switched on
    scenario: str = ""
    seats: tuple[str, ...] = ()
    modules: tuple[str, ...] = ()

    def speed_index(self) -> int:
        return SPEEDS.index(self.speed) if self.speed in SPEEDS else 1

    def save(self, path: Path | None = None) -> None:
        path = path or settings_file()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise UserError(f"{path.parent}: cannot make the settings folder: {e.strerror}") from None
        write_text(inside(path.parent, path.name), json.dumps(dataclasses.asdict(self), indent=1) + "\n")


def _valid(key: str, value: object) -> bool:
    if key == "language":  # a list or a table is no language (nor a key of the table of them)
        return isinstance(value, str) and value in LANGUAGES
    if isinstance(value, bool):  # JSON's true is 1 to Python: never a number here
        return key in ("colour_blind", "fullscreen")
    if key == "speed":
        return value in SPEEDS
    if key == "ui_scale":
        return value in UI_SCALES
    if key == "ai_think":
        return value in THINK
    if key in ("sound", "music"):
        return isinstance(value, int | float) and 0 <= value <= 1
    if key == "window":
        return (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 640 <= v <= 7680 for v in value)
        )
    if key == "scenario":  # none, an id, or a file named by one: never more than a name to look for
        return isinstance(value, str) and len(value) <= MOST_PATH and (not value or _named_by_id(value))
    if key == "seats":  # none, or two to four
        return isinstance(value, list) and len(value) in (0, 2, 3, 4) and all(v in SEATS for v in value)
    if key == "modules":
        return (
            isinstance(value, list)
            and len(value) <= 16
            and all(isinstance(v, str) and ID.fullmatch(v) for v in value)
        )
    return False


def _named_by_id(value: str) -> bool:
    """An id, or a file `<id>.toml` (a battle the window made, in the battles folder) by a path that
    never climbs out of a folder."""
    path = Path(value)
    whole = path.suffix == ".toml" and ".." not in path.parts
    return ID.fullmatch(value) is not None or (whole and ID.fullmatch(path.stem) is not None)


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The saved settings (defaults where there are none) and a line for each value left out."""
    path = path or settings_file()
    s = Settings()
    if not path.exists() and not path.is_symlink():
        return s, []
    try:
        data = json.loads(read_regular(path, 64 * 1024, links=False))  # a link may lead anywhere
    except UserError as e:
        return s, [f"{e}; the defaults are used"]
    except (ValueError, RecursionError):
        return s, [f"{path}: not a settings file; the defaults are used"]
    if not isinstance(data, dict):
        return s, [f"{path}: not a settings file; the defaults are used"]
    problems = []
    for key, value in data.items():
        if not _valid(key, value):
            problems.append(
                f"{path}: {one_line(str(key), 40)}: not a setting or out of range; its default is used"
            )
            continue
        setattr(s, key, tuple(value) if isinstance(value, list) else value)
    return s, problems


def next_window(now: tuple[int, int], fits: tuple[int, int] | None = None) -> tuple[int, int]:
    """The next of the window sizes Settings offers after `now` (the smallest after the largest, or
    after a size of the player's own), among those that fit a screen of `fits` pixels."""
    offered = [w for w in WINDOWS if fits is None or (w[0] <= fits[0] and w[1] <= fits[1])] or [WINDOWS[0]]
    later = [w for w in offered if w > tuple(now)]
    return later[0] if later else offered[0]
