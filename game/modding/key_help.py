"""What every key of a content file means, in a few words: the JSON Schemas' descriptions, which an
editor shows when the pointer rests on a key (game/modding/schema.py). One table per record, by its
class's name (its module's and name where two records share one), key -> words; `name.thing` for a
name a table of names holds (a modifier). For Glory's files, battles, scripts, puzzles, the first
battle, the generals, mod.toml and the locale files here; Open Wars' (its scripts too) and the rule
modules' in key_help_modes.py, a campaign's in key_help_campaign.py. A test holds every key of every
schema to its words here, and no words to a key no record has."""

from __future__ import annotations

from game.modding.key_help_campaign import CAMPAIGN
from game.modding.key_help_modes import MODES, TAG

DISTANCE = "a measure code (XS, S, M, L, XL, or one the ruleset adds) or inches"
RULE = "the rule ID the battle log cites for it (its text in locale/<language>/rules.toml)"
MODIFIER = "{}: its rule ID, its words in the log and its value"
SCORING = {  # the ruleset's scoring and a scenario's own (FG-VIC-5..10)
    "unit_destroyed": "points for each enemy unit destroyed",
    "division_removed": "points for each enemy division removed",
    "objective_held": "points for each objective held at the end",
    "objective_taken": "points for each objective taken from the enemy",
    "officer_killed": "points for each enemy division officer killed",
    "staff_killed": "points for the enemy's estado mayor killed",
}

RULESET: dict[str, dict[str, str]] = {
    "RulesetFile": {
        "id": "the ruleset's id: its folder's name",
        "name": "the ruleset's name as the game shows it",
        "version": "the version of the rules (a mod may say it was made for one: ruleset_version)",
        "measures": "the measure codes in inches (FG-MEAS-1..5): XS, S, M, L, XL, and any a mod adds",
        "bases": "the sizes of the bases (FG-BASE-3)",
        "checks": "the morale and leadership checks' numbers (FG-MOR-6/7, FG-LDR-5/6)",
        "morale": "morale's distances (FG-MOR-2)",
        "leadership": "leadership's distances and bands (FG-LDR-2/4, AMB-32)",
        "hits": "when hits destroy a unit (FG-LOST-1)",
        "command": "the command distances (FG-TERM-6/7)",
        "movement": "roads, strategic moves and the cavalry's extra move (FG-ROAD-1, FG-STRAT-1, FG-CHG-4)",
        "combat": "the combat results' push (FG-CBT-13..16)",
        "artillery": "the artillery markers and close fire (FG-FIRE-4, FG-CBT-10/11)",
        "mode": "the game mode the ruleset is played in",
    },
    "Bases": {
        "unit_width": "a unit's base: its width in inches",
        "unit_depth": "a unit's base: its depth in inches",
        "officer_diameter": "an officer's round base: its diameter in inches",
    },
    "Checks": {
        "fail_at_or_below": "a check's total at or below this fails",
        "natural_fail": "a die showing this fails whatever the modifiers",
        "natural_pass": "a die showing this passes whatever the modifiers",
    },
    "MoraleRules": {"officer_near": f"FG-MOR-2: the division officer within this helps: {DISTANCE}"},
    "LeadershipRules": {
        "staff_near": f"FG-LDR-2: the estado mayor within this helps: {DISTANCE}",
        "band": f"FG-LDR-4: the distance to the estado mayor counts in bands of this length: {DISTANCE}",
        "min_bands": "AMB-32: bands counted at least",
    },
    "HitRules": {"destroyed_at": "FG-LOST-1: hits that destroy a unit"},
    "CommandRules": {
        "division_radius": f"FG-TERM-6: a unit this near its officer is in command: {DISTANCE}",
        "detachment_link": f"FG-TERM-7: detached units this near each other act together: {DISTANCE}",
    },
    "MovementRules": {
        "road_extra_moves": "FG-ROAD-1: base moves more along a road",
        "strategic_extra_moves": "FG-STRAT-1: base moves more far from the enemy",
        "strategic_enemy_distance": f"FG-STRAT-1: a strategic move starts this far from enemies: {DISTANCE}",
        "road_width": "a road's width in inches when a scenario gives none",
        "road_tolerance": "AMB-52: inches a unit's centre may stray off a road's line on a road move",
        "cavalry_extra_move": f"FG-CHG-4: the cavalry's extra move after a successful charge: {DISTANCE}",
    },
    "CombatRules": {"push": f"FG-CBT-13..16: how far a push moves a unit: {DISTANCE}"},
    "ArtilleryRules": {
        "marker_min_result": "FG-FIRE-4: a battery's final result that places a marker, at least",
        "marker_near_target": f"FG-FIRE-4: a marker stands this near its target at most: {DISTANCE}",
        "marker_spacing": f"FG-FIRE-4: and this far from any other marker at least: {DISTANCE}",
        "near_target": f"FG-CBT-10/11: close fire and markers are measured at this distance: {DISTANCE}",
    },
    "ModifiersFile": {
        "morale": "the modifiers of a morale check (FG-MOR), by name",
        "leadership": "the modifiers of a leadership check (FG-LDR), by name",
        "combat": "the modifiers of fire and melee (FG-FIRE, FG-MELEE), by name",
        "morale.quality": MODIFIER.format("the unit's quality (its value from qualities.toml)"),
        "morale.officer_near": MODIFIER.format("its division officer near"),
        "morale.lost_brigades": MODIFIER.format("each lost-brigade counter of its division"),
        "morale.hits": MODIFIER.format("each hit it has"),
        "morale.disorganised": MODIFIER.format("being disorganised"),
        "leadership.experience": MODIFIER.format("the officer's experience (its value from the officer)"),
        "leadership.staff_near": MODIFIER.format("the estado mayor near"),
        "leadership.lost_brigades": MODIFIER.format("each lost-brigade counter of the division"),
        "leadership.distance": MODIFIER.format("each band of distance to the estado mayor"),
        "combat.category": MODIFIER.format("the unit's category (its fire or melee value from units.toml)"),
        "combat.quality": MODIFIER.format("the unit's quality (its value from qualities.toml)"),
        "combat.flank": MODIFIER.format("shooting at or charging a flank or the rear"),
        "combat.road_target": MODIFIER.format("a target marching by road"),
        "combat.cover": MODIFIER.format("a target in cover"),
        "combat.disorganised": MODIFIER.format("being disorganised"),
        "combat.moved": MODIFIER.format("shooting after moving"),
        "combat.frontal_charge": MODIFIER.format("charging a front"),
        "combat.hits": MODIFIER.format("each hit it has"),
        "combat.reaction": MODIFIER.format("shooting or charging as a reaction"),
        "combat.artillery_close": MODIFIER.format("a battery firing at a close target"),
        "combat.artillery_markers": MODIFIER.format("each artillery marker near the target"),
    },
    "Modifier": {
        "rule": RULE,
        "label": "its words in the battle log's explanation of a roll",
        "value": "what it adds to the roll (per count, where it counts); none where the unit gives it",
    },
    "UnitsFile": {
        "category": "the unit categories (FG-UNIT-12..18); a mod's matched by code",
        "officer": "the officers' profile",
    },
    "Category": {
        "code": "its code, which scenarios name (LnInf, HC ...); a mod's record with a known code changes it",
        "name": "its name in English (other languages: category_<code> in locale/<language>/ui.toml)",
        "type": "the arm whose rules apply to it: infantry, cavalry or artillery",
        "rule": RULE + "; a mod's category cites its own",
        "move": f"its base move: {DISTANCE}",
        "melee": "its melee modifier",
        "points": "what a unit of it costs in a points army (FG-ARMY-3)",
        "range": f"how far it shoots: {DISTANCE}; without it the unit cannot shoot",
        "fire": "its fire modifier (needed with a range)",
        "difficult_move": f"its move in difficult ground off a road: {DISTANCE}; without it, none",
        "must_end_near_road": f"FG-MOVE-4: a move must end this near a road: {DISTANCE}",
    },
    "OfficerProfile": {"move": f"an officer's move: {DISTANCE}"},
    "QualitiesFile": {"quality": "the unit qualities (FG-UNIT-26); a mod's matched by code"},
    "Quality": {
        "code": "its code, which scenarios name (M, I, R, V, E)",
        "name": "its name in English (other languages: quality_<code> in locale/<language>/ui.toml)",
        "modifier": "what it adds to morale checks, fire and melee",
        "rule": RULE,
    },
    "ResultsFile": {
        "fire": "the fire results table's bands (FG-FIRE): a total takes the highest band it reaches",
        "melee": "the melee results table's bands (FG-MELEE): a total takes the highest band it reaches",
    },
    "ResultBand": {
        "at_least": "the lowest total of the band; a mod's band matched by it",
        "label": "its words in the battle log",
        "rule": RULE,
        "hits": "hits it deals",
        "push": "whether it pushes the target back",
        "destroyed": "whether it destroys the target",
        "draw": "melee: whether it is a draw",
    },
    "TerrainFile": {"terrain": "the kinds of terrain; a mod's matched by kind"},
    "TerrainKind": {
        "kind": "its id, which scenarios name (wood, town, river ...)",
        "name": "its name in English (other languages: terrain_<kind> in locale/<language>/ui.toml)",
        "movement": "how units cross it: passable, difficult or impassable",
        "rule": RULE,
        "dense": "whether it gives cover (AMB-60)",
        "blocks_sight": "whether it blocks the line of sight",
        "road": "whether it is a road",
        "crossing": "whether it makes impassable ground under it passable (a bridge)",
        "linear": "whether a scenario gives it as a path with a width (a river, a road)",
    },
    "GameFile": {
        "scoring": "the points of the rulebook's scoring (FG-VIC-5..10)",
        "deployment": "deployment and initiative (FG-DEP-4, FG-INIT-2/3)",
    },
    "Scoring": SCORING,
    "Deployment": {
        "on_table_from": "FG-DEP-4: a deployment die at or above this starts on the table",
        "initiative_dice_near_staff": "FG-INIT-2, AMB-45: a division's initiative dice near the estado mayor",
        "initiative_dice": "FG-INIT-2: initiative dice of a division general",
        "detachment_initiative": "FG-INIT-3: a detachment's initiative",
        "initiative_staff_distance": f"AMB-45: 'near the estado mayor' for initiative: {DISTANCE}",
    },
}

BATTLES: dict[str, dict[str, str]] = {
    "ScenarioFile": {
        "id": "the battle's id, which the command line and replays name (its file's name, usually)",
        "name": "its name in English (other languages: [locale.<language>])",
        "table": "the table's width and depth in inches",
        "sides": "its two sides",
        "description": "a sentence or two shown where the battle is chosen",
        "history": "what happened there, shown on its page",
        "ruleset": "the ruleset it is played under",
        "max_rounds": "AMB-37: the rounds it lasts at most; the game's own when absent",
        "terrain": "its terrain features",
        "objectives": "its objectives",
        "modules": "rule modules it switches on (`python -m game modules` lists them)",
        "scoring": "its own points where it wants other than the ruleset's (FG-VIC-5..10)",
        "victory": "how it ends besides its round limit (FG-VIC-2, FG-VIC-4)",
        "locale": "its words in other languages, by language",
        "grammar": "the grammar of its own (English) names, by kind and id (docs/spanish.md)",
    },
    "SideSpec": {
        "id": "the side's id, which the battle's other keys name",
        "name": "its name in English (other languages: [locale.<language>.sides])",
        "edge": "AMB-38: the table edge its player sits at",
        "divisions": "its divisions",
        "army": "or a points army the computer builds (FG-ARMY-3) instead of divisions",
        "staff": "its estado mayor",
        "colour": "its colour: red, green and blue, 0 to 255",
        "deployment": "where its computer player likes to deploy: a polygon of [x, y] in inches",
    },
    "DivisionSpec": {
        "id": "the division's id (its general is called by it too)",
        "units": "its units (two or more, FG-PREP-2)",
        "name": "its historical name; made from its number and arm when absent",
        "officer": "the name of its general",
        "experience": "FG-PREP-3: its general's experience; rolled when absent",
        "arrival": "FG-DEP-3/4: 0 on the table, N arrives in round N; rolled when absent",
        "entry": "FG-REINF-3: the edge a reinforcement enters by: own, right or left; rolled when absent",
    },
    "game.content.scenario.UnitSpec": {
        "id": "the unit's id",
        "category": "its category's code (units.toml)",
        "quality": "its quality's code (qualities.toml)",
        "name": "its historical name; made from its division and arm when absent",
        "hits": "hits it starts with (FG-LOST-1; a campaign's brigade carries them on)",
    },
    "ArmySpec": {
        "points": "the army's budget in points (FG-ARMY-3)",
        "divisions": "FG-PREP-1: how many divisions; about one per 6 points when absent",
        "mix": "category code -> share of the points; the computer's taste when absent",
        "qualities": "quality code -> how likely; the computer's taste when absent",
    },
    "StaffSpec": {
        "name": "the name of its commander",
        "experience": "its experience; rolled when absent",
    },
    "TerrainSpec": {
        "kind": "its kind (terrain.toml)",
        "polygon": "its outline: [x, y] points in inches",
        "path": "a linear feature's line: [x, y] points in inches",
        "width": "a linear feature's width in inches",
        "name": "its name, shown on the table",
    },
    "ObjectiveSpec": {
        "id": "the objective's id",
        "at": "where it stands: [x, y] in inches, on the table",
        "name": "its name in English (other languages: [locale.<language>.objectives])",
        "held_by": "AMB-35: the side holding it at the start; none when absent",
    },
    "ScoringSpec": SCORING,  # a scenario's scoring: the ruleset's keys
    "game.content.scenario.VictorySpec": {
        "divisions_removed": "FG-VIC-2: divisions removed (both sides counted) that end the battle",
        "all_objectives": "FG-VIC-4: whether holding every objective ends it",
    },
    "ScenarioGrammar": {
        "sides": f"side id -> {TAG}",
        "objectives": f"objective id -> {TAG}",
        "divisions": f"division id -> {TAG}",
        "units": f"unit id -> {TAG}",
        "officers": f"division id (or <side>-staff) -> its officer's {TAG}",
    },
    "ScenarioWords": {
        "name": "its name in this language",
        "description": "its description in this language",
        "history": "its history in this language",
        "sides": "side id -> its name",
        "objectives": "objective id -> its name",
        "divisions": "division id -> its name",
        "units": "unit id -> its name",
        "officers": "division id (or <side>-staff) -> its officer's name",
        "grammar": "the grammar of its names in this language, by kind and id (docs/spanish.md)",
    },
}

SCRIPTS: dict[str, dict[str, str]] = {
    "game.running.script.ScriptFile": {
        "table": "the table's width and depth in inches",
        "ruleset": "the ruleset it is played under",
        "modules": "rule modules it switches on",
        "dice": "every die in order, fixed (or a seed)",
        "seed": "the dice's seed (or the dice themselves)",
        "terrain": "its terrain features",
        "officers": "the officers on the table",
        "units": "the units on the table",
        "steps": "the orders and checks, in order",
        "command_points": "each side's command points at the start (a module with a command phase)",
    },
    "OfficerSpec": {
        "id": "the officer's id",
        "side": "its side's id",
        "role": "a division's general, or the estado mayor",
        "experience": "its experience",
        "at": "where it stands: [x, y] in inches",
    },
    "game.running.script.UnitSpec": {
        "id": "the unit's id",
        "side": "its side's id",
        "division": "its division's id (its general's)",
        "category": "its category's code",
        "quality": "its quality's code",
        "at": "where its centre stands: [x, y] in inches",
        "facing": "where it faces, in degrees",
        "hits": "hits it has already",
    },
    "game.running.script.StepSpec": {
        "unit": "the unit that acts (or is checked)",
        "order": "its order",
        "to": "where it moves: [x, y] in inches",
        "facing": "where it faces at the end, in degrees",
        "fire": "the unit it shoots at",
        "target": "the unit it charges",
        "road": "whether it moves by road",
        "combined": "the batteries firing with it (a combined fire)",
        "reactions": "the enemies' reactions to it",
        "marker": "where an artillery marker goes (FG-FIRE-4)",
        "extra": "the cavalry's extra move after the charge (FG-CHG-4)",
        "check": "a morale or leadership check instead of an order",
        "officer": "the officer of a leadership check",
        "decisions": "a rule module's decisions answered by name (name or name:unit -> answer)",
    },
    "ReactionSpec": {
        "unit": "the unit that reacts",
        "action": "how it reacts",
        "target": "the unit it reacts against",
        "when": "at the first chance, or at the end of the movement",
        "marker": "where a reacting battery's marker goes",
    },
    "ExtraSpec": {
        "unit": "the cavalry that makes it; the step's unit when absent",
        "to": "where it moves: [x, y] in inches",
        "facing": "where it faces at the end, in degrees",
        "charge": "or the unit it charges next",
    },
    "PuzzleFile": {"puzzle": "whose move it is, the question and what a good player does"},
    "PuzzleSpec": {
        "side": "the side to act",
        "formation": "the formation to act: a division general's, a detached unit's or the estado mayor's id",
        "edges": "each side's table edge (AMB-38)",
        "round": "the round it is",
        "max_rounds": "the battle's round limit",
        "objectives": "the objectives and who holds them",
        "title": "its title",
        "question": "the decision the position puts, in words",
        "lesson": "what a good player does here, in words",
        "expect": "and the same as checks of what the general decides",
        "locale": "its words in other languages: [puzzle.locale.<language>]",
    },
    "PuzzleWords": {
        "title": "its title in this language",
        "question": "its question in this language",
        "lesson": "its lesson in this language",
        "objectives": "objective id -> its name in this language",
        "grammar": f"objective id -> {TAG}",
    },
    "PuzzleObjective": {
        "id": "the objective's id",
        "at": "where it stands: [x, y] in inches",
        "name": "its name",
        "holder": "the side holding it now (AMB-35)",
        "held_before": "sides that held it once (FG-VIC-8), besides its holder",
    },
    "game.running.puzzle_checks.Expect": {
        "unit": "the unit or officer the check is about",
        "units": "or any of these",
        "every": "with units: every one of them, not any",
        "decision": "the kind of decision checked",
        "orders": "the orders allowed",
        "target": "the target it must pick",
        "first": "whether it must act first",
        "of": "the objectives, units or officers a distance is measured to",
        "within": "inches it must end within",
        "beyond": "inches it must end beyond",
        "faces": "what it must end facing",
        "takes": "the objective it must take",
        "unstopped": "whether its moves must go unstopped",
        "wins": "whether the battle must be won",
    },
    "Lessons": {
        "scenario": "the battle the lessons are played on",
        "seed": "its seed",
        "steps": "the lessons in order",
    },
    "Step": {
        "id": "the lesson's id: its words are tutorial_<id> in ui.toml",
        "commands": "the commands that complete it",
        "events": "the events that complete it",
        "next": "done by the Next button, not by an order",
        "decision": "shown at once whenever this decision is in the player's hand",
        "terms": "glossary terms shown under it",
    },
}

OTHERS: dict[str, dict[str, str]] = {
    "LevelsFile": {
        "easy": "how the easy general thinks",
        "normal": "how the normal general thinks",
        "hard": "how the hard general thinks",
    },
    "Level": {
        "name": "its name",
        "moves": "move destinations tried per unit and goal",
        "answers": "whether it weighs the enemy's answers (reactions now, fire and charges next turn)",
        "noise": "the spread of its misjudgements, in value (0: none)",
        "evaluations": "positions weighed per decision at most",
        "think_seconds": "seconds it thinks at most",
        "plan": "first orders of a formation played out on a copy of the battle",
        "face": "whether it tries each move facing the enemy nearest to where it ends too",
        "staff_search": "whether the estado mayor weighs every spot he may ride to, by the threats there",
        "paths": "whether it leaves untried a cavalry move the ground would stop short (FG-MOVE-3)",
        "hold": "whether the last guard of a threatened objective weighs what leaving it loses",
        "share": "whether each unit gets its share of the positions weighed, ending never misjudged",
        "follow_up": "whether a cavalry charge is worth its chained charge too (FG-CHG-4, FG-CHG-9)",
        "stopped": "whether a charge is worth what it does only by the chance no reaction's shot stops it",
        "command": "whether the estado mayor rides to the divisions' checks (FG-LDR-4); rallies weighed",
        "steady": "whether a division general stands at XS of the brigades whose checks matter (FG-MOR-2)",
        "brink": "share of what a brigade's loss brings beyond its point a hit on it is worth (FG-LOST-3)",
        "victory": "weighs the battle's end whole: its terms, its points, disbanding (FG-VIC, FG-OFF-12)",
    },
    "Temperament": {
        "name": "its name, shown where generals are chosen",
        "about": "a sentence on how it plays",
        "attack": "weight of the harm a unit may do next turn from where it stands",
        "caution": "weight of the harm the enemy may do to it there",
        "objectives": "share of an objective's points it counts for a unit standing on it",
        "command": "cost of a unit leaving its officer's command",
        "charge_margin": "the expected gain a charge must clear",
    },
    "General": {
        "level": "how it thinks, as it did",
        "temperament": "what it values, as it did",
    },
    "ModFile": {
        "id": "the mod's id: what replays and other mods call it",
        "name": "its name, shown on the start screen and the mods page",
        "version": "its version (1.2.0): replays record it, other mods may require a range of it",
        "ruleset": "the ruleset it changes: for-glory or open-wars",
        "ruleset_version": "the ruleset's version it was made for; refused with another",
        "depends": "mods it builds on, each an id or 'id >=1.0,<2' with a range of versions; they load first",
        "description": "a sentence or two about it",
        "modules": "rule modules to switch on whenever it is used",
    },
    "_Entry": {
        "title": "the rule's title, a few words",
        "text": "the rule in one to three sentences",
    },
    "GlossaryEntry": {
        "term": "the term as the screens say it",
        "text": "its explanation; {XS} .. {XL} stand for the measures' inches",
    },
}

LANGUAGES = {"es": "its words in Spanish"}  # the languages a [locale] table may hold

KEYS: dict[str, dict[str, str]] = {**RULESET, **BATTLES, **SCRIPTS, **OTHERS, **MODES, **CAMPAIGN}


def key_words(record: type, key: str) -> str | None:
    """The words of a record's key (or of `field.name` for a name a table holds), if any."""
    for cls in record.__mro__:  # a puzzle's file is a scripted battle's with more
        own = KEYS.get(f"{cls.__module__}.{cls.__name__}") or KEYS.get(cls.__name__, {})
        if key in own:
            return own[key]
    return None
