"""A battle of a campaign as a battle of its own (a `Match`), for the window: the same battle the war
plays (its setup and seed: CAMP-DEC-10), its commands so far applied, shown by the battle screen while
it is fought on the table and by the replay viewer once it is over, fought or resolved."""

from __future__ import annotations

from game.content.scenario import Scenario
from game.running.campaign_match import CampaignMatch
from game.running.match import Match
from systems.campaign.fighting import open_battle
from systems.campaign.state import Fought


def table_match(m: CampaignMatch, f: Fought) -> Match:
    """Battle `f` of the campaign with the commands it has had, built again from its start whenever
    the screen needs it so (an undo, a seek of the replay viewer)."""
    w = m.war

    def fresh() -> Match:
        b = open_battle(w, f.setup)
        sc = Scenario(f.setup.scenario, b.table, w.theatre.path, w.theatre.content_hash)
        rolls = m.battle_rolls.setdefault(f.number, {})  # a network game's dice (the war's, as they come)
        return Match(b, sc, w.theatre.rules, f.setup.seed, f.setup.max_rounds, [], rolls=rolls, rebuilt=fresh)

    out = fresh()
    for c in f.commands:
        out.apply(c)
    return out
