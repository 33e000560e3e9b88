"""Two mods made as a modder would (issue 40), for the tests of modding: an Open Wars mod (a faction of
five units with abilities and two spells, a special card, a three-player map) and a For Glory mod (a
guerrilla category with its own rule, a changed range and modifier, a battle with Spanish words, a
temperament, a rule module switched on). Each passes `check-content --strict`; a test writes one into a
folder and changes one of its files to make one mistake."""

from __future__ import annotations

from pathlib import Path

SEA_RAIDERS = {
    "mod.toml": """\
id = "sea-raiders"
name = "Sea Raiders"
version = "1.0.0"
ruleset = "open-wars"
""",
    "rulesets/open-wars/factions/raiders.toml": """\
id = "raiders"
name = "Sea Raiders"
title = "Raider Fleet"
start = [{ unit = "reavers", count = 3 }]

[[units]]
id = "reavers"
name = "Reavers"
cost = 1
initiative = 3
type = "water"
movement = 3
attack = 3
abilities = [{ kind = "stride", on = ["forest"] }]

[[units]]
id = "corsairs"
name = "Corsairs"
cost = 2
initiative = 4
type = "plain"
movement = 2
attack = 3
abilities = [{ kind = "bonus", amount = 1, when = "attacking", rule = "OW-FAC-1" }]

[[units]]
id = "marines"
name = "Marines"
cost = 3
initiative = 2
type = "plain"
movement = 2
attack = 4
abilities = [{ kind = "armour", amount = 2 }]

[[units]]
id = "sea-witch"
name = "Sea witch"
cost = 4
initiative = 3
type = "magic"
movement = 2
attack = 2
spells = ["tidal-wave", "fog-wall"]

[[units]]
id = "kraken"
name = "Kraken"
cost = 7
initiative = 1
type = "water"
movement = 2
attack = 5
unique = true

[locale.es]
name = "Saqueadores del mar"
title = "Flota Saqueadora"

[locale.es.units]
reavers = "Saqueadores"
corsairs = "Corsarios"
marines = "Infantes de marina"
sea-witch = "Bruja del mar"
kraken = "Kraken"
""",
    "rulesets/open-wars/spells.toml": """\
[[spells]]
id = "tidal-wave"
name = "Tidal wave"
category = "offensive"
phase = "combat"
cost = 3
range = 1
effect = { kind = "hits", amount = 2, attack = 4 }

[[spells]]
id = "fog-wall"
name = "Fog wall"
category = "defensive"
phase = "movement"
cost = 2
range = 1
effect = { kind = "barrier" }

[locale.es]
names = { tidal-wave = "Maremoto", fog-wall = "Muro de niebla" }
""",
    "rulesets/open-wars/cards.toml": """\
[[cards]]
id = "smugglers-cove"
name = "Smugglers' cove"
type = "water"
gold = 2
traits = [{ kind = "entry", amount = -1, types = ["water"], who = "holder" }]

[locale.es]
names = { smugglers-cove = "Cala de contrabandistas" }
""",
    "scenarios/open-wars/ow-three-seas.toml": """\
id = "ow-three-seas"
name = "The Three Seas"
ruleset = "open-wars"
max_rounds = 10
description = "Three fleets meet at a smugglers' cove."
authored = "a modder's"
locations = [
  { id = "a", name = "Aport", type = "city", at = [10, 10], gold = 3 },
  { id = "b", name = "Bport", type = "city", at = [90, 10], gold = 3 },
  { id = "c", name = "Cport", type = "city", at = [50, 90], gold = 3 },
  { id = "cove", name = "The Cove", type = "water", at = [50, 40], card = "smugglers-cove" },
  { id = "field", name = "Field", type = "plain", at = [30, 50], gold = 1 },
  { id = "wood", name = "Wood", type = "forest", at = [70, 50], mana = 2 },
]
links = [
  ["a", "cove"], ["b", "cove"], ["c", "cove"], ["a", "field"], ["c", "field"], ["b", "wood"], ["c", "wood"],
]

[[players]]
id = "p1"
name = "Raiders"
faction = "raiders"
home = "a"
gold = 6
units = [{ unit = "reavers", count = 3 }]

[[players]]
id = "p2"
name = "Dwarves"
faction = "dwarves"
home = "b"
gold = 6
units = [{ unit = "dwarf-warriors", count = 3 }]

[[players]]
id = "p3"
name = "Orcs"
faction = "orcs"
home = "c"
gold = 6
units = [{ unit = "orc-warriors", count = 3 }]

[locale.es]
name = "Los Tres Mares"
description = "Tres flotas se encuentran en una cala de contrabandistas."
authored = "de un aficionado"
players = { p1 = "Saqueadores", p2 = "Enanos", p3 = "Orcos" }

[locale.es.locations]
a = "Puerto A"
b = "Puerto B"
c = "Puerto C"
cove = "La Cala"
field = "Campo"
wood = "Bosque"
""",
}

GUERRILLAS = {
    "mod.toml": """\
id = "guerrillas"
name = "Guerrillas"
version = "1.0.0"
ruleset = "for-glory"
modules = ["warhammer-charges"]
description = "Spanish guerrillas: fast over rough ground, weak in melee."
""",
    "rulesets/for-glory/units.toml": """\
[[category]]
code = "Guer"
name = "Guerrillas"
type = "infantry"
rule = "GUER-1"
range = "S"
fire = 0
melee = -1
move = "M"
difficult_move = "M"
points = 1

[[category]]
code = "LI"
range = "L"
""",
    "rulesets/for-glory/modifiers.toml": """\
[combat.flank]
value = 3
""",
    "locale/en/rules.toml": """\
["GUER-1"]
title = "Guerrillas"
text = "Irregulars who move fast over rough ground and shoot from cover, but do not stand a melee."
""",
    "locale/es/rules.toml": """\
["GUER-1"]
title = "Guerrilleros"
text = "Irregulares rápidos en terreno difícil que disparan a cubierto y no aguantan un cuerpo a cuerpo."
""",
    "locale/es/ui.toml": """\
category_guer = "Guerrilleros"
name_unit_guer = "{nth} Partida de Guerrilleros"
short_unit_guer = "{nth} Partida"
""",
    "ai/temperaments/ambusher.toml": """\
name = "Ambusher"
about = "Waits in cover and shoots; charges only when sure."
attack = 0.6
caution = 0.9
objectives = 0.5
command = 0.5
charge_margin = 1.0
""",
    "scenarios/guerrilla-ambush.toml": """\
id = "guerrilla-ambush"
name = "Ambush at the mill"
description = "Guerrillas hold a mill against a French column."
table = [48, 36]
max_rounds = 8

[[terrain]]
kind = "town"
name = "The mill"
polygon = [[22, 16], [26, 16], [26, 20], [22, 20]]

[[terrain]]
kind = "wood"
polygon = [[6, 14], [12, 13], [13, 20], [7, 21]]

[[objectives]]
id = "mill"
name = "The mill"
at = [24, 18]

[[objectives]]
id = "bridge"
name = "The bridge"
at = [36, 6]
held_by = "fr"

[[objectives]]
id = "farm"
name = "The farm"
at = [12, 30]
held_by = "es"

[[sides]]
id = "fr"
name = "French"
edge = "south"
colour = [44, 82, 170]
deployment = [[2, 2], [46, 2], [46, 10], [2, 10]]

[[sides.divisions]]
id = "fr-1"
units = [
  { id = "fr-1a", category = "LnInf", quality = "V" },
  { id = "fr-1b", category = "LnInf", quality = "R" },
]

[[sides.divisions]]
id = "fr-2"
units = [
  { id = "fr-2a", category = "LC", quality = "R" },
  { id = "fr-2b", category = "HA", quality = "R" },
]

[[sides]]
id = "es"
name = "Spanish"
edge = "north"
colour = [190, 40, 40]
deployment = [[2, 26], [46, 26], [46, 34], [2, 34]]

[[sides.divisions]]
id = "es-1"
units = [
  { id = "es-1a", category = "Guer", quality = "I" },
  { id = "es-1b", category = "LnInf", quality = "I" },
]

[[sides.divisions]]
id = "es-2"
units = [
  { id = "es-2a", category = "LI", quality = "R" },
  { id = "es-2b", category = "HC", quality = "R" },
]

[locale.es]
name = "Emboscada en el molino"
description = "Los guerrilleros defienden un molino frente a una columna francesa."
sides = { fr = "Franceses", es = "Españoles" }
objectives = { mill = "El molino", bridge = "El puente", farm = "La granja" }
""",
}


def write_mod(folder: Path, files: dict[str, str], change: tuple[str, str | None, str] | None = None) -> Path:
    """The mod's files written into `folder`; `change`: (file, old text, new text) makes one mistake
    (an old text of None writes the new text as the whole file)."""
    for rel, text in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text, encoding="utf-8")
    if change is not None:
        rel, old, new = change
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if old is None:
            path.write_text(new, encoding="utf-8")
        else:
            text = path.read_text(encoding="utf-8")
            assert old in text, (rel, old)
            path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder
