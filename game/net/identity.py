"""What both machines must share to run the same game: the content's identity as a replay records it
(the ruleset, the scenario, the mods and the rule modules, each with its hash, and the round limit),
the first difference between two of them in words' keys, and the game built from a peer's offer out of
this machine's own content (a peer names content only by id: never a path)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from game import CONTENT
from game.content.mods import Mod, load_mod, load_mods, mod_folders
from game.content.ruleset_files import load_ruleset
from game.content.scenario import scenario_folders
from game.model.errors import UserError
from game.model.modules import mode_for_ruleset
from game.net.played import CampaignPlayed, Played, is_campaign, played
from game.net.said import Said
from game.net.wire import ID
from game.running.campaign_match import MAX_TURNS, CampaignMatch, new_campaign
from game.running.match import Match, new_match, scenario_ref
from systems.campaign.generate import RANDOM_ID
from systems.campaign.theatre import campaign_folders

Identity = dict[str, Any]


def game_version() -> str:
    """This game's version: two versions may differ in rules that content does not show."""
    try:
        return metadata.version("forglory")
    except metadata.PackageNotFoundError:
        return "dev"


def identity_of(game: Played | Match | CampaignMatch) -> Identity:
    return played(game).identity()


def differences(mine: Identity, theirs: Identity) -> Said | None:
    """The first thing that differs between two games' identities, or None when they are the same."""
    their_mods = {x["id"]: x for x in theirs["mods"]}
    my_mods = {x["id"]: x for x in mine["mods"]}
    for mid in sorted(set(my_mods) | set(their_mods)):
        a, b = my_mods.get(mid), their_mods.get(mid)
        if a is None or b is None:
            return Said("net_differs_mod_only_here" if a else "net_differs_mod_only_there", {"id": mid})
        if a["version"] != b["version"]:
            return Said("net_differs_mod_version", {"id": mid, "mine": a["version"], "theirs": b["version"]})
        if a["hash"] != b["hash"]:
            return Said("net_differs_mod_files", {"id": mid, "version": a["version"]})
    if mine["ruleset"] != theirs["ruleset"]:  # after the mods: they are laid over its numbers
        return Said("net_differs_rules", {"id": mine["ruleset"]["id"], "other": theirs["ruleset"]["id"]})
    if mine["scenario"]["id"] != theirs["scenario"]["id"]:
        return Said(
            "net_differs_scenario_id", {"mine": mine["scenario"]["id"], "theirs": theirs["scenario"]["id"]}
        )
    if mine["scenario"]["hash"] != theirs["scenario"]["hash"]:
        return Said("net_differs_scenario", {"id": mine["scenario"]["id"]})
    if mine["modules"] != theirs["modules"]:
        return Said(
            "net_differs_modules",
            {"mine": ", ".join(mine["modules"]) or "-", "theirs": ", ".join(theirs["modules"]) or "-"},
        )
    for mid in sorted(set(mine["module_content"]) | set(theirs["module_content"])):
        if mine["module_content"].get(mid) != theirs["module_content"].get(mid):
            return Said("net_differs_module_numbers", {"id": mid})
    if mine["max_rounds"] != theirs["max_rounds"]:
        return Said("net_differs_rounds", {"mine": mine["max_rounds"], "theirs": theirs["max_rounds"]})
    return None


@dataclass(frozen=True)
class Offer:
    """The game a player offers: a scenario of the game's or a mod's, its rule modules and mods, the
    round limit and the offerer's side (0: the scenario's first, 1: its second); or, with `campaign`
    (an id of the game's or a mod's), that campaign, `max_rounds` its turn limit."""

    scenario: str
    modules: tuple[str, ...] = ()
    mods: tuple[Path, ...] = ()
    max_rounds: int | None = None
    side: int = 0
    campaign: str | None = None


@dataclass(frozen=True)
class Offered:
    identity: Identity
    mine: str  # the offerer's side
    theirs: str
    build: Callable[[int], Played]  # the game from its seed


def offered(offer: Offer, command: str) -> Offered:
    """What an offer is: its identity, its sides, and how to build it once the seed is agreed. A
    scenario file outside the game's content and the mods cannot be offered: the other machine finds
    a scenario only by its id."""
    if offer.campaign is not None:
        return offered_campaign(offer, command)
    rules = load_ruleset(mods=load_mods(offer.mods))
    probe = new_match(offer.scenario, 0, offer.max_rounds, rules, modules=offer.modules)
    try:
        identity = identity_of(probe)
        sides = probe.battle.game.sides  # type: ignore[union-attr]
        ref = scenario_ref(probe.scenario.path, rules.loaded_mods)
        modules = probe.battle.stack.ids
        path = probe.scenario.path
    finally:
        probe.battle.close()
    if not ID.fullmatch(ref):
        raise UserError(f"{command}: {path}: a scenario file of no mod cannot be shared (put it in a mod)")
    return Offered(
        identity,
        sides[offer.side % 2],
        sides[1 - offer.side % 2],
        lambda seed: played(new_match(ref, seed, offer.max_rounds, rules, modules=modules)),
    )


def offered_campaign(offer: Offer, command: str) -> Offered:
    """A campaign offered: found by its id (the other machine knows no path), its two sides."""
    assert offer.campaign is not None
    mods = load_mods(offer.mods)
    probe = CampaignPlayed(new_campaign(offer.campaign, 0, mods, offer.max_rounds))
    try:
        identity = probe.identity()
        sides = probe.sides
        path = probe.match.theatre.path
    finally:
        probe.close()
    ref = identity["scenario"]["id"]
    if not ID.fullmatch(ref):
        raise UserError(f"{command}: {path}: a campaign file of no mod cannot be shared (put it in a mod)")
    return Offered(
        identity,
        sides[offer.side % 2],
        sides[1 - offer.side % 2],
        lambda seed: CampaignPlayed(new_campaign(ref, seed, mods, offer.max_rounds)),
    )


def find_scenario(ref: str, mods: Sequence[Mod]) -> Path | None:
    """A scenario named by a peer: <id>.toml in a scenarios folder of the mods (the last first), then
    of the game; never a path of the peer's choosing."""
    if not ID.fullmatch(ref):
        return None
    for root in [*(m.root for m in reversed(mods)), CONTENT]:
        for folder in scenario_folders(root):
            if (folder / f"{ref}.toml").is_file():
                return folder / f"{ref}.toml"
    return None


def has_campaign(ref: str, mods: Sequence[Mod]) -> bool:
    """A campaign named by a peer is here: <id>.toml in a campaigns folder of the mods or the game, or
    one made at random from the seed its id says (made again here); never a path of his choosing."""
    if not ID.fullmatch(ref):
        return False
    return RANDOM_ID.fullmatch(ref) is not None or any(
        (f / f"{ref}.toml").is_file() for f in campaign_folders(mods)
    )


def local_mods(given: Sequence[Path] = ()) -> dict[str, Mod]:
    """The mods this machine has, by id: those given (--mod) first, then the mods folder's."""
    paths = list(given) + mod_folders()
    found: dict[str, Mod] = {}
    for p in paths:
        try:
            mod = load_mod(p)
        except UserError:
            continue  # a broken mod cannot be the one asked for; check-content says what is wrong
        found.setdefault(mod.id, mod)
    return found


class CannotBuild(Exception):
    """This machine cannot build the game offered: what it lacks, in words' keys."""

    def __init__(self, said: Said) -> None:
        super().__init__(said.key)
        self.said = said


def build_offered(offer: Identity, seed: int, given: Sequence[Path] = ()) -> Played:
    """The game a peer offers, from this machine's content: its mods found by id, its scenario (or
    campaign) by id. Raises CannotBuild naming what is missing, UserError when this machine's content
    is broken."""
    have = local_mods(given)
    chosen = []
    for x in offer["mods"]:
        mod = have.get(x["id"])
        if mod is None:
            raise CannotBuild(Said("net_lacks_mod", {"id": x["id"], "version": x["version"]}))
        chosen.append(mod)
    mods = load_mods([m.root for m in chosen])
    if is_campaign(offer):
        ref, turns = offer["scenario"]["id"], offer["max_rounds"]
        if not has_campaign(ref, mods):
            raise CannotBuild(Said("net_lacks_campaign", {"id": ref}))
        if turns is not None and turns > MAX_TURNS:  # its save could not be loaded again
            raise UserError(f"the campaign {ref} offered for {turns} turns: at most {MAX_TURNS}")
        return CampaignPlayed(new_campaign(ref, seed, mods, turns))
    path = find_scenario(offer["scenario"]["id"], mods)
    if path is None:
        raise CannotBuild(Said("net_lacks_scenario", {"id": offer["scenario"]["id"]}))
    other = mode_for_ruleset(offer["ruleset"]["id"])
    rules = None if other else load_ruleset(offer["ruleset"]["id"], mods=mods)
    return played(new_match(str(path), seed, offer["max_rounds"], rules, modules=offer["modules"]))
