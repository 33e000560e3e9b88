"""JSON Schemas (draft 2020-12) of every kind of content file, made from the same typed records the
loader builds (game/content/records.py), so an editor's completion and checks can never disagree with
the game.

Each ruleset file has two schemas: the complete one (content/rulesets/<id>/) and a partial one for mods,
where every key is optional because the mod gives only what it adds or changes (records.check_partial),
except the id that says which record of a list it changes (mods.KEYED). `python -m game schema --out
DIR` writes them; the shipped copies live in content/schema/ (a test keeps them current).
"""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, get_args, get_origin

from game.ai.generals import General, LevelsFile, Temperament
from game.content.files import write_atomic
from game.content.glossary import GlossaryEntry
from game.content.merging import KEYED
from game.content.mods import ModFile
from game.content.records import MAX_ITEMS, MAX_TEXT, hints, unbounded
from game.content.ruleset_files import RULESET_FILES
from game.content.rulesref import MOD_RULE_ID, RULE_ID, _Entry
from game.content.scenario import ScenarioFile
from game.modding.key_help import LANGUAGES, key_words
from game.model.limits import ID, Bounds, IsId, Keys, OneOf
from game.model.modules import modules
from game.model.ruleset import Distance
from game.running.ow_script import ScriptFile as OwScriptFile
from game.running.puzzle import PuzzleFile
from game.running.script import ScriptFile
from game.running.tutorial import Lessons
from systems.campaign.records import CampaignFile
from systems.open_wars.maps import MapFile
from systems.open_wars.records import CardsFile, Faction, OpenWarsNumbers, SpellsFile

DRAFT = "https://json-schema.org/draft/2020-12/schema"
DISTANCE = "a measure code of the ruleset's [measures] (XS, S, M, L, XL, or one it adds) or inches"


@dataclass(frozen=True)
class Kind:
    """One kind of content file and the record its TOML table is read into."""

    name: str  # the schema is <name>.schema.json
    title: str
    record: type
    about: str
    files: tuple[str, ...]  # where such files are, as globs in content/ (mods keep the same shape)
    partial: bool = False  # a mod's file: only what it adds or changes
    keys: re.Pattern[str] | None = None  # the file is a table of records under keys like these


RULESET_ABOUT = {
    "ruleset.toml": "the ruleset's id, version, measures and the numbers of the core rules",
    "modifiers.toml": "every modifier of a roll: its rule, its words in the battle log and its value",
    "units.toml": "the unit categories and the officers' profile",
    "qualities.toml": "the unit qualities and their modifiers",
    "results.toml": "the combat results table, for shooting and for melee",
    "terrain.toml": "the kinds of terrain and how they affect movement, sight and cover",
    "game.toml": "deployment, initiative and scoring",
}


OPEN_WARS_FILES = (  # name, title, record, what it holds, where under rulesets/open-wars/
    ("open-wars-faction", "Open Wars faction", Faction,
     "a faction and its units, their abilities and spells", "factions/*.toml"),
    ("open-wars-spells", "Open Wars spells", SpellsFile,
     "the spells: category, phase, mana cost, range and effect", "spells.toml"),
    ("open-wars-cards", "Open Wars special cards", CardsFile,
     "the special location cards and their characteristics", "cards.toml"),
)  # fmt: skip


def _open_wars_kinds() -> list[Kind]:
    """Open Wars' ruleset files, each complete in the game and partial in a mod."""
    kinds = []
    for name, title, record, about, where in OPEN_WARS_FILES:
        shipped = f"The Open Wars mode's {about} (content/rulesets/open-wars/{where})."
        kinds.append(Kind(name, title, record, shipped, (f"rulesets/open-wars/{where}",)))
        changed = (
            f"A mod's Open Wars {about} (<mod>/rulesets/open-wars/{where}): only what it adds or changes, "
            "records of a list matched by their id."
        )
        partial = f"mods/*/rulesets/open-wars/{where}"
        kinds.append(Kind(f"{name}.partial", f"{title} in a mod", record, changed, (partial,), partial=True))
    return kinds


def _kinds() -> list[Kind]:
    kinds = []
    for file, cls in RULESET_FILES.items():
        stem, about = file.removesuffix(".toml"), RULESET_ABOUT[file]
        where = f"rulesets/*/{file}"
        kinds.append(Kind(stem, file, cls, f"A ruleset's {file} (content/{where}): {about}.", (where,)))
        kinds.append(
            Kind(
                f"{stem}.partial",
                f"{file} in a mod",
                cls,
                f"A mod's {file} (<mod>/{where}): {about}; only what the mod adds or changes, records of a "
                "list matched by their id.",
                (f"mods/*/{where}",),
                partial=True,
            )
        )
    return [
        *kinds,
        Kind(
            "scenario",
            "scenario",
            ScenarioFile,
            "A scenario (content/scenarios/<id>.toml, or a mod's scenarios/): docs/scenarios.md.",
            ("scenarios/*.toml", "mods/*/scenarios/*.toml"),
        ),
        Kind(
            "open-wars-map",
            "Open Wars map",
            MapFile,
            "A map of the Open Wars mode (content/scenarios/open-wars/<id>.toml, or a mod's "
            "scenarios/open-wars/): its locations, links and players, or a random map's [random] table "
            "(ow-random.toml): docs/open-wars-decisions.md.",
            ("scenarios/open-wars/*.toml", "mods/*/scenarios/open-wars/*.toml"),
        ),
        Kind(
            "campaign",
            "campaign",
            CampaignFile,
            "A campaign (content/campaigns/<id>.toml, or a mod's campaigns/): its map of Open Wars' location "
            "cards and links, its sides and their armies of For Glory's divisions and brigades, its dated "
            "events and victory: docs/campaigns.md.",
            ("campaigns/*.toml", "mods/*/campaigns/*.toml"),
        ),
        Kind(
            "open-wars-numbers",
            "Open Wars numbers",
            OpenWarsNumbers,
            "The numbers of the Open Wars mode (content/rulesets/open-wars/numbers.toml): stacking, "
            "movement, combat rounds, casting and range, and each location type's entry cost.",
            ("rulesets/open-wars/numbers.toml",),
        ),
        *_open_wars_kinds(),
        Kind(
            "script",
            "scripted battle",
            ScriptFile,
            "A scripted battle (content/scripts/*.toml, or a mod's scripts/): docs/scripted-battles.md.",
            ("scripts/*.toml", "mods/*/scripts/*.toml", "modules/*/scripts/*.toml"),
        ),
        Kind(
            "open-wars-script",
            "scripted Open Wars game",
            OwScriptFile,
            "A scripted Open Wars game (content/scripts/open-wars/*.toml): a map, the players' purses "
            "and stacks, fixed dice, the answers to its decisions and the values expected at the end: "
            "docs/scripted-open-wars.md.",
            ("scripts/open-wars/*.toml",),
        ),
        Kind(
            "puzzle",
            "puzzle",
            PuzzleFile,
            "A tactical puzzle (content/puzzles/<id>.toml, or a mod's puzzles/): a scripted battle's "
            "position without steps and a [puzzle] table saying whose move it is: docs/puzzles.md.",
            ("puzzles/*.toml", "mods/*/puzzles/*.toml"),
        ),
        Kind(
            "tutorial",
            "first battle's lessons",
            Lessons,
            "The first battle that teaches (content/tutorial/first-battle.toml): its scenario, seed and "
            "steps in order, each done by Next or by a command it names: docs/playing.md.",
            ("tutorial/*.toml",),
        ),
        Kind(
            "ai-levels",
            "AI levels",
            LevelsFile,
            "How widely and how deep each level of the search general looks (content/ai/levels.toml).",
            ("ai/levels.toml",),
        ),
        Kind(
            "ai-temperament",
            "AI temperament",
            Temperament,
            "What a search general values (content/ai/temperaments/<id>.toml, or a mod's ai/temperaments/): "
            "docs/modding.md.",
            ("ai/temperaments/*.toml", "mods/*/ai/temperaments/*.toml"),
        ),
        Kind(
            "ai-reference",
            "reference AI general",
            General,
            "A search general of an earlier version kept as a reference player "
            "(content/ai/reference/<id>.toml): its level and temperament as they were; do not change it.",
            ("ai/reference/*.toml",),
        ),
        Kind(
            "mod",
            "mod.toml",
            ModFile,
            "A mod's mod.toml: its id, name, version, ruleset and the mods it depends on: docs/modding.md.",
            ("mods/*/mod.toml",),
        ),
        Kind(
            "rules-reference",
            "rules reference",
            _Entry,
            "The rules reference of a locale (content/locale/<locale>/rules.toml): one table per rule ID.",
            ("locale/*/rules.toml",),
            keys=RULE_ID,
        ),
        Kind(
            "ui",
            "screen texts",
            str,
            "The words of the game's screens in a language (content/locale/<locale>/ui.toml): one text per "
            "key, with {name} where the game puts a value; every language has the English file's keys. A "
            "mod's (<mod>/locale/<locale>/ui.toml) gives the words of the categories, qualities and terrain "
            "it adds: category_<code>, name_unit_<code>, short_unit_<code>, quality_<code>, terrain_<kind>.",
            ("locale/*/ui.toml", "modules/*/locale/*/ui.toml", "mods/*/locale/*/ui.toml"),
            keys=re.compile(r"[a-z][a-z0-9_]*"),
        ),
        Kind(
            "narration",
            "battle log texts",
            str,
            "The words of the battle log in a language (content/locale/<locale>/narration.toml): one text "
            "per kind of line, with {name} where the game puts a value; every language has the English "
            "file's keys, and no key is also in ui.toml.",
            ("locale/*/narration.toml", "modules/*/locale/*/narration.toml"),
            keys=re.compile(r"[a-z][a-z0-9_]*"),
        ),
        Kind(
            "reasons",
            "refusal texts",
            str,
            "Why the rules refuse a command, in a language (content/locale/<locale>/reasons.toml): one text "
            "per refusal, with {name} where the game puts a value; the English text is the reason the "
            "`rejected` event records; every language has the English file's keys.",
            ("locale/*/reasons.toml", "modules/*/locale/*/reasons.toml"),
            keys=re.compile(r"[a-z][a-z0-9_]*"),
        ),
        Kind(
            "glossary",
            "glossary",
            GlossaryEntry,
            "The glossary of a language (content/locale/<locale>/glossary.toml): one table per term, its "
            "words and its explanation, {XS} .. {XL} standing for the measures' inches; every language has "
            "the English file's terms.",
            ("locale/*/glossary.toml",),
            keys=re.compile(r"[a-z][a-z0-9_]*"),
        ),
        Kind(
            "rules-reference.partial",
            "rules reference in a mod",
            _Entry,
            "A mod's rules reference (<mod>/locale/<locale>/rules.toml): texts of its own rules, or what "
            "it changes in the texts of existing ones.",
            ("mods/*/locale/*/rules.toml", "modules/*/locale/*/rules.toml"),
            partial=True,
            keys=MOD_RULE_ID,
        ),
    ]


def module_kinds() -> list[Kind]:
    """The numbers files of every registered rule module that has any, and a mod's version of each."""
    out = []
    for m in modules():
        for name, cls in m.records.items():
            where = f"modules/{m.id}/{name}.toml"
            about = f"the numbers of the rule module {m.id} ({m.name})"
            out.append(
                Kind(f"module.{m.id}.{name}", f"{name}.toml of {m.id}", cls, f"{where}: {about}.", (where,))
            )
            out.append(
                Kind(
                    f"module.{m.id}.{name}.partial",
                    f"{name}.toml of {m.id} in a mod",
                    cls,
                    f"A mod's <mod>/{where}: what it changes in {about}.",
                    (f"mods/*/{where}",),
                    partial=True,
                )
            )
    return out


KINDS: list[Kind] = [*_kinds(), *module_kinds()]


def _doc(cls: type) -> str | None:
    """The class docstring, unless it is the signature dataclasses writes when there is none."""
    doc = cls.__doc__
    if not doc or doc.startswith(f"{cls.__name__}("):
        return None
    return " ".join(doc.split())


def _default(f: dataclasses.Field[Any]) -> tuple[bool, Any]:
    """A field's default as JSON, if it has one JSON can say (None means 'absent' in TOML)."""
    if f.default is not dataclasses.MISSING:
        value = f.default
    elif f.default_factory is not dataclasses.MISSING:
        value = f.default_factory()
    else:
        return False, None
    if isinstance(value, tuple):
        value = list(value)
    if value is None or dataclasses.is_dataclass(value):
        return False, None
    return True, value


class _Builder:
    """One schema document: nested records become $defs, named after their class."""

    def __init__(self, partial: bool) -> None:
        self.partial = partial
        self.defs: dict[str, dict[str, Any]] = {}

    def of(self, tp: Any, keyed: str | None = None) -> dict[str, Any]:
        origin, args = get_origin(tp), get_args(tp)
        simple = {bool: "boolean", int: "integer", float: "number", str: "string"}
        if tp is str:
            return {"type": "string", "maxLength": MAX_TEXT}
        if tp in simple:
            return {"type": simple[tp]}
        if origin is Literal:
            return {"enum": list(args)}
        if origin is Annotated:
            for table in (b for b in args[1:] if isinstance(b, Keys)):
                return self.named(table, get_args(args[0])[1])
            for choice in (b for b in args[1:] if isinstance(b, OneOf)):
                return {"enum": list(choice.names())}
            if any(isinstance(b, IsId) for b in args[1:]):
                return {"type": "string", "pattern": f"^{ID.pattern}$"}
            bounded = self.of(args[0], keyed)
            kind = bounded.get("type")
            names = {"array": "Items", "object": "Properties", "string": "Length"}
            for bounds in (b for b in args[1:] if isinstance(b, Bounds)):
                if kind in names:  # a bound on a list, table or string is a bound on its size
                    if bounds.low is not None:
                        bounded[f"min{names[kind]}"] = int(bounds.low) + (1 if bounds.above else 0)
                    if bounds.high is not None:
                        bounded[f"max{names[kind]}"] = int(bounds.high)
                    continue
                if bounds.low is not None:
                    bounded["exclusiveMinimum" if bounds.above else "minimum"] = bounds.low
                if bounds.high is not None:
                    bounded["maximum"] = bounds.high
            return bounded
        if origin in (typing.Union, types.UnionType):
            options = [a for a in args if a is not type(None)]  # TOML has no null: None is 'absent'
            if len(options) == 1:
                return self.of(options[0])
            out: dict[str, Any] = {"anyOf": [self.of(a) for a in options]}
            if {unbounded(a) for a in options} == {
                unbounded(a) for a in get_args(Distance)
            }:  # a string names one of the measures
                out["description"] = DISTANCE
            return out
        if origin is tuple and args and args[-1] is not Ellipsis:
            n = len(args)
            items = [self.of(a) for a in args]
            return {"type": "array", "prefixItems": items, "items": False, "minItems": n, "maxItems": n}
        if origin in (list, tuple):
            return {"type": "array", "items": self.of(args[0], keyed), "maxItems": MAX_ITEMS}
        if origin is dict:
            return {"type": "object", "additionalProperties": self.of(args[1]), "maxProperties": MAX_ITEMS}
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            return {"$ref": f"#/$defs/{self.define(tp, keyed)}"}
        raise TypeError(f"no JSON Schema for the record type {tp!r}")

    def named(self, names: Keys, value: Any) -> dict[str, Any]:
        """A table holding only the names given, each a value of one type; all of them, unless partial."""
        out = {
            "type": "object",
            "properties": {n: self.of(value) for n in names.names},
            "additionalProperties": False,
        }
        return out if self.partial or not names.every else {**out, "required": list(names.names)}

    def define(self, cls: type, keyed: str | None) -> str:
        name, body = cls.__name__, self.record(cls, keyed)
        if self.defs.setdefault(name, body) != body:
            raise TypeError(f"two different records named {name} in one schema")
        return name

    def record(self, cls: type, keyed: str | None = None) -> dict[str, Any]:
        th = hints(cls)
        props: dict[str, Any] = {}
        required = []
        for f in dataclasses.fields(cls):
            tp = th[f.name]
            named = get_origin(tp) is Annotated and any(isinstance(b, Keys) for b in get_args(tp)[1:])
            if self.partial and get_origin(unbounded(tp)) in (list, dict) and not named:
                tp = unbounded(tp)  # as records.check_partial: a list's size is the merged content's
            prop = self.of(tp, KEYED.get(f.name) if self.partial else None)
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                required.append(f.name)
            elif not self.partial:  # in a mod, a key left out keeps its old value, not the default
                has_default, default = _default(f)
                if has_default:
                    prop = {**prop, "default": default}
            words = key_words(cls, f.name)
            if words:  # an editor's hover help
                prop = {**prop, "description": words}
            if named:
                for name, value in prop["properties"].items():
                    said = key_words(cls, f"{f.name}.{name}") or LANGUAGES.get(name)
                    if said:
                        prop["properties"][name] = {**value, "description": said}
            props[f.name] = prop
        if self.partial:  # a mod's record names the record it adds or changes, nothing else is needed
            required = [keyed] if keyed else []
        out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
        if required:
            out["required"] = required
        doc = _doc(cls)
        if doc:
            out["description"] = doc
        return out


def schema(kind: Kind) -> dict[str, Any]:
    """The JSON Schema of one kind of content file."""
    b = _Builder(kind.partial)
    if kind.keys is None:
        body = b.record(kind.record)
    else:
        pattern = f"^(?:{kind.keys.pattern})$"
        body = {
            "type": "object",
            "patternProperties": {pattern: b.of(kind.record)},
            "additionalProperties": False,
        }
    out = {"$schema": DRAFT, "title": f"For Glory: {kind.title}", **body, "description": kind.about}
    if b.defs:
        out["$defs"] = b.defs
    return out


def file_name(kind: Kind) -> str:
    return f"{kind.name}.schema.json"


def render(kind: Kind) -> str:
    """The schema as stable text: sorted keys, two-space indent, a final newline."""
    return json.dumps(schema(kind), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schemas(out: Path) -> list[Path]:
    """Write every kind's schema into the folder (each file atomically); the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in KINDS:
        path = out / file_name(kind)
        write_atomic(path, render(kind))
        written.append(path)
    return written
