"""The computer players by name: each kind's maker, and a player made from its name and side."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.ai.common import MODE_PLAYERS, Player
from game.ai.general import GeneralPlayer
from game.ai.generals import DEFAULT_TEMPERAMENT, level_of, reference, temperaments
from game.ai.heuristic import HeuristicPlayer
from game.ai.kinds import KINDS, LEVELS, REFERENCES
from game.ai.random_player import RandomPlayer
from game.ai.search import SearchPlayer
from game.content.mods import Mod
from game.model.errors import UserError

if TYPE_CHECKING:
    from game.ai.campaign import CampaignGeneral


def _searching(level: str) -> Callable[[str, int], Player]:
    return lambda side, seed: GeneralPlayer(side, seed, level)


# The kinds of player, weakest first; a search level may name a temperament: "hard:aggressive".
PLAYERS: dict[str, Callable[[str, int], Player]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
    **{level: _searching(level) for level in LEVELS},
}


def _open_wars_kind(kind: str) -> Callable[[str, int], Any]:
    def make(side: str, seed: int) -> Any:
        from game.ai import open_wars_levels  # Open Wars' rules, which a battle never needs

        return open_wars_levels.PLAYERS[kind](side, seed)

    return make


MODE_PLAYERS["open-wars"] = {kind: _open_wars_kind(kind) for kind in KINDS}
# the code each reference general plays with: search.py as it was, or general.py with every behaviour a
# later level switches on left off (its level file names none of them)
REFERENCE_CODE: dict[str, type[SearchPlayer]] = {"hard-2026-11": SearchPlayer, "hard-2026-12": GeneralPlayer}


def campaign_player(
    name: str, side: str, seed: int, resolve: str = "table", mods: Sequence[Mod] = ()
) -> CampaignGeneral:
    """A campaign's side played by the computer: the strategic general of the level `name` says, whose
    battles on the table the For Glory player of that name fights; `resolve`: what it answers when
    asked to fight a battle on the table or let the campaign's generals resolve it (CAMP-DEC-10)."""
    from game.ai.campaign import CampaignGeneral  # the campaign's rules, which a battle never needs

    if not known_player(name, mods):
        make_player(name, side, seed, mods)  # the same one-line refusal of an unknown name
    return CampaignGeneral(side, seed, name, lambda n, s, k: make_player(n, s, k, mods), resolve)


def _campaign_kind(kind: str) -> Callable[[str, int], CampaignGeneral]:
    return lambda side, seed: campaign_player(kind, side, seed)


MODE_PLAYERS["campaign"] = {kind: _campaign_kind(kind) for kind in KINDS}


def known_player(name: str, mods: Sequence[Mod] = ()) -> bool:
    if name in REFERENCES:
        return True
    level, _, temperament = name.partition(":")
    return level in PLAYERS and (not temperament or (level in LEVELS and temperament in temperaments(mods)))


def make_player(name: str, side: str, seed: int, mods: Sequence[Mod] = (), think: float = 1.0) -> Player:
    """A player by name; `mods` may add temperaments (their ai/temperaments/); a search general
    may think `think` times its level's budget (the player's setting)."""
    level, _, temperament = name.partition(":")
    if not known_player(name, mods):
        raise UserError(
            f"unknown player {name!r} (known: {', '.join([*PLAYERS, *REFERENCES])}; a search level may add a "
            f"temperament: {LEVELS[-1]}:{'|'.join(temperaments(mods))})"
        )
    if name in REFERENCES:  # as it played: its own code, level and temperament
        return REFERENCE_CODE[name](side, seed, "hard", think=think, made=reference(name))
    if level in LEVELS:
        return GeneralPlayer(side, seed, level, temperament or DEFAULT_TEMPERAMENT, mods, think)
    return PLAYERS[level](side, seed)


def unexplained(player: Player) -> Player:
    """The player of a battle whose reasons nobody reads (a headless simulation, a match, a tournament):
    a general who bounds his moves weighs whole only the order he chooses, not the best few the Why box
    shows (bounds.py): the same orders, in less time."""
    if isinstance(player, GeneralPlayer):
        player.shown = 1
    return player


def budget(name: str, think: float = 1.0) -> float:
    """The seconds a player of this name may think per decision: a search level's budget times the
    player's setting (its search stops there); 0 for the players that answer without searching."""
    if name in REFERENCES:
        return reference(name).level.think_seconds * think
    level = name.partition(":")[0]
    return level_of(level).think_seconds * think if level in LEVELS else 0.0
