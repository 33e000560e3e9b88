"""When something fails inside a battle (an AI that raises in its own process): keep the
battle as a save the player can resume, and a report of what failed, in the user's saves folder."""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from pathlib import Path

from game.content.files import inside, stem, write_text
from game.model.errors import UserError
from game.running.match import Match
from game.running.saves import save_game, saves_dir


def recover(
    m: Match, players: dict[str, str], error: BaseException, where: Path | None = None
) -> tuple[Path | None, Path | None, str]:
    """Save the battle as it stands and write a crash report beside it. Returns the save, the report
    (None where it could not be written) and a line saying what happened to them."""
    return recover_with(m.scenario.id, m.seed, lambda path: save_game(m, players, path), error, where)


def recover_with(
    ident: str, seed: int, save: Callable[[Path], Path], error: BaseException, where: Path | None = None
) -> tuple[Path | None, Path | None, str]:
    """`recover` of any game: `save` writes it to the path it is given (a campaign's:
    game/running/campaign_saves.py), `ident` names it."""
    folder = where or saves_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    saved = report = None
    problems = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        saved = save(folder / f"recovered-{stem(ident)}-{stamp}.json")
    except (OSError, UserError) as e:
        problems.append(f"the battle could not be saved ({e})")
    try:
        report = inside(folder, f"crash-{stamp}.txt")
        # an error of the AI's process carries the traceback from there (game/running/ai_process.py)
        text = getattr(error, "trace", "") or "".join(traceback.format_exception(error))
        write_text(report, f"For Glory crash report\nscenario: {ident}, seed {seed}\n\n{text}")
    except (OSError, UserError) as e:
        report = None
        problems.append(f"no report could be written ({e})")
    said = "; ".join(problems) or f"the battle is saved as {saved}"
    return saved, report, said
