"""What every key of a campaign file and of the campaign's numbers means, in a few words (the JSON
Schemas' descriptions; game/modding/key_help.py has the rest and says how they are read).
docs/campaigns.md describes the file, docs/campaign-decisions.md the CAMP-DEC rules its keys name."""

from __future__ import annotations

from game.modding.key_help_modes import TAG

FILE: dict[str, dict[str, str]] = {
    "CampaignFile": {
        "id": "the campaign's id, which the command line, saves and replays name",
        "name": "its name in English (other languages: [locale.<language>])",
        "locations": "its places: Open Wars' location cards, with their walls, levies and battlefields",
        "links": "the roads between places: pairs of place ids",
        "sides": "its two sides",
        "victory": "CAMP-DEC-23: what holding places and destroying armies is worth",
        "max_turns": "CAMP-DEC-23: the turns it lasts at most",
        "start": "the first turn's year and month",
        "months": "CAMP-DEC-2: a turn's months, for the calendar's dates",
        "description": "a sentence or two shown where the campaign is chosen",
        "history": "the real war's history, told after its end",
        "authored": "who made it, from what",
        "ruleset": "the ruleset its battles are fought by",
        "events": "CAMP-DEC-21: its dated events",
        "numbers": "any of the campaign's numbers (content/modules/campaign/numbers.toml), for it alone",
        "locale": "its words in other languages, by language",
        "grammar": "the grammar of its own (English) names, by kind and id (docs/spanish.md)",
    },
    "Place": {
        "fortress": "CAMP-DEC-20: the strength of its walls (0: none)",
        "raises": "CAMP-DEC-5: the unit categories' codes of the brigades a city raises",
        "levy": "CAMP-DEC-5: the quality's code they are raised at; regular when absent",
        "battlefield": "CAMP-DEC-7: the battle whose ground a battle there is on; its type's when absent",
    },
    "SideFile": {
        "id": "the side's id, which the file's other keys name",
        "name": "its name in English, a people said as plural (other languages: [locale.<language>.sides])",
        "gold": "its gold at the start",
        "holds": "the places it holds at the start",
        "armies": "CAMP-DEC-2: its armies at the start",
        "garrisons": "CAMP-DEC-6: its brigades holding a place without an army at the start",
        "colour": "its colour: red, green and blue, 0 to 255",
    },
    "ForceSpec": {
        "id": "the army's id (its commander is called by it too)",
        "name": "its name in English (other languages: [locale.<language>.armies])",
        "location": "the place it stands in",
        "divisions": "its divisions as a scenario gives them, two brigades or more each (FG-PREP-2)",
        "staff": "its commander, the estado mayor (FG-PREP-1); experience rolled once when absent",
    },
    "GarrisonSpec": {
        "location": "the place it holds",
        "units": "its brigades, as a scenario gives them",
    },
    "systems.campaign.records.VictorySpec": {
        "places": "CAMP-DEC-23: place id -> its points to its holder at the end; holding all wins at once",
        "army_destroyed": "CAMP-DEC-23: points for each enemy army destroyed",
        "first_victory": "CAMP-DEC-25: points the war's first battle won is worth to its winner at the end",
    },
    "EventSpec": {
        "id": "the event's id",
        "turn": "CAMP-DEC-21: the turn at whose start it takes effect",
        "name": "its name in English (other languages: [locale.<language>.events])",
        "text": "what happened, shown as it does",
        "effects": "what it does, in order",
    },
    "systems.campaign.records.Effect": {
        "kind": "CAMP-DEC-21: gold, control, army or withdraw",
        "side": "the side it is for",
        "amount": "gold: the gold the side gains",
        "locations": "control: the places that pass to the side (those with no enemy army)",
        "army": "army: the army that arrives, where it says",
        "army_id": "withdraw: the side's army called away from the war",
    },
    "CampaignWords": {
        "name": "its name in this language",
        "description": "its description in this language",
        "history": "its history in this language",
        "sides": "side id -> its name",
        "locations": "place id -> its name",
        "location_texts": "place id -> its text (what the place's hover box says of it)",
        "armies": "army id -> its name",
        "divisions": "division id -> its name",
        "units": "brigade id -> its name",
        "officers": "division id (or an army's, for its commander) -> its officer's name",
        "events": "event id -> its name and text",
        "grammar": "the grammar of its names in this language, by kind and id (docs/spanish.md)",
    },
    "CampaignGrammar": {
        "sides": f"side id -> {TAG}",
        "locations": f"place id -> {TAG}",
        "armies": f"army id -> {TAG}",
        "divisions": f"division id -> {TAG}",
        "units": f"brigade id -> {TAG}",
        "officers": f"division id (or an army's, for its commander) -> its officer's {TAG}",
    },
    "EventWords": {
        "name": "its name in this language",
        "text": "its text in this language",
    },
}

NUMBERS: dict[str, dict[str, str]] = {  # content/modules/campaign/numbers.toml, or a campaign's [numbers]
    "CampaignNumbers": {
        "march_type": "CAMP-DEC-3: the Open Wars type an army marches as (OW-MOVE-5)",
        "movement": "CAMP-DEC-3: an army's movement a turn (OW-MOVE-1)",
        "horse_movement": "CAMP-DEC-3: the movement of an army of cavalry and horse artillery alone",
        "gold_per_point": "CAMP-DEC-5: gold a brigade costs for each of its FG-ARMY-3 points",
        "replenish_per_hit": "CAMP-DEC-18: gold a hit made good costs, times the brigade's points",
        "rest_heal": "CAMP-DEC-17: hits a resting brigade recovers a turn",
        "victories_per_step": "CAMP-DEC-16: victories that raise a brigade's quality a step",
        "earned_up_to": "CAMP-DEC-16: the best quality's code victories make",
        "replaced_experience": "CAMP-DEC-15: the best experience a successor earns by victories",
        "battle_rounds": "CAMP-DEC-9: a campaign battle's round limit (AMB-37)",
        "field_divisions": "CAMP-DEC-9: divisions a side sets on the table; the others march on in round 2",
        "resolve_level": "CAMP-DEC-10: the level of the generals who play a resolved battle",
        "resolve_think": "CAMP-DEC-10: their think budget, a share of their level's",
        "reinforce_rounds": "CAMP-DEC-8: rounds of march for each point of the place's entry cost",
        "straggle": "CAMP-DEC-11: a brigade withdrawing before battle takes a hit on a D6 of this or less",
        "pursuit": "CAMP-DEC-13: a winner's fit cavalry brigade takes a routed one on a D6 of this or more",
        "siege_turns": "CAMP-DEC-20: turns of siege before the besieger may storm the walls",
        "surrender": "CAMP-DEC-20: a garrison gives in at a D6 and its turns of siege of its walls + this",
        "levy": "CAMP-DEC-22: gold a turn for each city a side held at the start and has lost",
        "odds_scale": "CAMP-DEC-24: the weight of the log of the forces' ratio",
        "odds_ground": "CAMP-DEC-24: the defender's edge",
        "odds_draw": "CAMP-DEC-24: the width of the band of draws",
        "odds_quality": "CAMP-DEC-24: a point of quality modifier, as a share of a brigade's worth",
        "loss_base": "CAMP-DEC-24: brigades lost, a share of those brought, whoever wins",
        "loss_weak": "CAMP-DEC-24: and this much more of them, the weaker the side",
    },
}

CAMPAIGN: dict[str, dict[str, str]] = {**FILE, **NUMBERS}
