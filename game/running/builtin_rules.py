"""The rules that ship with the game, registered once at start-up: the game modes (For Glory, Open Wars
and the campaign made of the two) and the optional rule modules over For Glory. Whatever starts a game
calls `load` (the command line, the AI's process, the tests' conftest; a match and a scripted battle
call it too), so that the registry (game/model/modules.py) needs to know no rules. A new rule module
of the game is added to MODULES. Open Wars and the campaign are registered for later: the rules of
each are imported when the registry is first asked about it (a battle of For Glory never is), a
fifth of such a battle's start-up."""

from __future__ import annotations

import gc

from game.model.modules import GameMode, RuleModule, register, register_mode, register_mode_later
from systems.clash.command import CLASH_COMMAND
from systems.clash.melee import CLASH_MELEE
from systems.dias.combat_module import DIAS_COMBAT
from systems.dias.terrain import DIAS_TERRAIN
from systems.for_glory.mode import FOR_GLORY_MODE
from systems.warhammer.charges_module import WARHAMMER_CHARGES
from systems.warhammer.terrain import WARHAMMER_TERRAIN

# objects made before the youngest generation is collected: most of what a general makes while he
# weighs a decision lives for that decision, and at CPython's 700 much of it was walked again as an
# older generation before it died; at 5000 a hard-v-hard battle still spent some 3% of its time
# collecting (0.22 s of seed 2's), at 100000 half that, for some 2 MB more at its peak
YOUNG = 100000
MODES: tuple[GameMode, ...] = (FOR_GLORY_MODE,)
MODULES: tuple[RuleModule, ...] = (
    WARHAMMER_CHARGES,
    WARHAMMER_TERRAIN,
    DIAS_TERRAIN,
    DIAS_COMBAT,
    CLASH_COMMAND,
    CLASH_MELEE,
)


def _open_wars() -> GameMode:
    from systems.open_wars.mode import OPEN_WARS_MODE

    return OPEN_WARS_MODE


def _campaign() -> GameMode:
    from systems.campaign.mode import CAMPAIGN_MODE

    return CAMPAIGN_MODE


def load() -> None:
    """Register every mode and module that ships (again changes nothing: the same objects). The first
    time, at the process's start, what it has loaded is set apart from the garbage collector: it lives
    as long as the process, and a hard general's battle, which makes garbage fast, had it walked at
    every full collection (some 4% of its time)."""
    for mode in MODES:
        register_mode(mode)
    register_mode_later("open-wars", _open_wars, opens="open-wars")
    register_mode_later("campaign", _campaign)
    for module in MODULES:
        register(module)
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.set_threshold(YOUNG, *gc.get_threshold()[1:])
