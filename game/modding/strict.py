"""check-content's warnings: what a mod may hold by the rules of its files but almost surely did not
mean. Plain `check-content` prints them and passes; `check-content --strict` fails on any (exit 2).

Each warning is one line naming the mod's file and key, as a problem's line does. They are looked for
in a mod whose files have no problem (the game's loaders passed them), in the mod's own files as its
author wrote them:
- a rule id cited with no text in any rules reference (its link in the log shows nothing);
- a rule text in another language for a rule id with no English text (nothing cites it);
- what the mod adds with no Spanish words: a category, a faction and its units, a spell, a card, a rule,
  a battle's or map's name, sides, objectives, players and locations;
- a battle or map whose id is the game's own (it replaces the game's, silently);
- a deployment zone running off its table; two objectives, or two locations, on one point;
- a value set to what it already is (the change changes nothing);
- a spell the mod adds that no unit knows (no one can cast it);
- a text with letters the game's font cannot draw (a Japanese or Arabic name shows as boxes).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from game.content.glyphs import scripts, undrawn
from game.content.merging import KEYED, layered, spelt
from game.content.mods import Mod
from game.content.records import read_toml, read_toml_keys
from game.content.rulesref import load_reference
from game.content.scenario import scenario_folders
from game.model.errors import ContentError, UserError
from game.model.modules import modules
from game.model.words import slug

SPANISH = "es"
NEAR = 1.0  # two objectives closer than this (inches; a map's percent) stand on one point


def warnings(mods: Sequence[Mod], content: Path) -> list[ContentError]:
    """Every warning of the mods (checked together, in load order), in the order of their files."""
    try:
        cited = set(load_reference("en", content / "locale", mods, modules()))
    except UserError:  # a module's own texts failing is the shipped check's problem, not the mods'
        cited = set()
    theirs = _game_scenario_ids(content)
    out: list[ContentError] = []
    for i, m in enumerate(mods):
        out += _rule_texts(m, cited)
        out += _scenarios(m, theirs)
        out += _unchanged(m, mods[:i], content)
        out += _open_wars(m, content) if m.spec.ruleset == "open-wars" else _for_glory(m, content)
        out += undrawn_words(sorted(p for p in m.root.rglob("*.toml") if p.is_file()))
    return out


def undrawn_words(paths: Sequence[Path]) -> list[ContentError]:
    """Every text of these files with letters the game's font has no glyph for, naming its key, the
    letters and their scripts."""
    out = []
    for path in paths:
        for at, value in _walk(_toml(path)):
            letters = undrawn(value) if isinstance(value, str) else ""
            if letters:
                out.append(
                    ContentError(
                        f"{path}: {spelt(at)}",
                        f"the game's font cannot draw {letters[:12]!r} ({', '.join(scripts(letters))}): they "
                        "show as boxes; texts may use the Latin, Greek and Cyrillic alphabets "
                        "(docs/modding.md)",
                    )
                )
    return out


def _toml(path: Path) -> dict[str, Any]:
    return read_toml(path) if path.is_file() else {}


def _walk(node: Any, at: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Every value of a parsed file with its key path."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield (*at, k), v
            yield from _walk(v, (*at, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield (*at, i), v
            yield from _walk(v, (*at, i))


def _rule_files(m: Mod) -> list[Path]:
    return sorted(p for p in m.file("rulesets").rglob("*.toml") if p.is_file())


# --- rules and their texts ------------------------------------------------------------------------


def _rule_texts(m: Mod, cited: set[str]) -> list[ContentError]:
    """Rule ids with no text, texts of rules nothing has in English, the mod's rules with no Spanish."""
    out = []
    for path in _rule_files(m):
        for at, value in _walk(_toml(path)):
            if at[-1] == "rule" and isinstance(value, str) and value and value not in cited:
                out.append(
                    ContentError(
                        f"{path}: {spelt(at)}",
                        f"the rule {value!r} has no text: its link in the log shows nothing "
                        "(give it a title and a text in locale/en/rules.toml)",
                    )
                )
    english = _toml(m.file("locale/en/rules.toml"))
    for folder in sorted(p for p in m.file("locale").glob("*") if p.is_dir() and p.name != "en"):
        for rule_id in _toml(folder / "rules.toml"):
            if rule_id not in cited:
                out.append(
                    ContentError(
                        f"{folder / 'rules.toml'}: {rule_id}",
                        "no rule of this id has an English text: nothing cites it (a misspelt id?)",
                    )
                )
    spanish = _toml(m.file(f"locale/{SPANISH}/rules.toml"))
    for rule_id, entry in english.items():
        if rule_id not in spanish and isinstance(entry, dict) and "text" in entry:  # a rule of its own
            out.append(
                ContentError(
                    f"{m.file('locale/en/rules.toml')}: {rule_id}",
                    f"no Spanish text: a Spanish player reads it in English (locale/{SPANISH}/rules.toml)",
                )
            )
    return out


# --- battles and maps -----------------------------------------------------------------------------


def _game_scenario_ids(content: Path) -> dict[str, str]:
    """The game's battles and maps: each one's id and file stem -> its name."""
    out: dict[str, str] = {}
    for path in (p for f in scenario_folders(content) for p in sorted(f.glob("*.toml"))):
        try:
            data = read_toml_keys(path, "id", "name")
        except UserError:
            continue
        name = data.get("name")
        out[path.stem] = out[str(data.get("id", path.stem))] = name if isinstance(name, str) else path.stem
    return out


def _scenarios(m: Mod, theirs: dict[str, str]) -> list[ContentError]:
    out = []
    for path in (p for f in scenario_folders(m.root) for p in sorted(f.glob("*.toml"))):
        data = _toml(path)
        ident = data.get("id")
        for same in dict.fromkeys(x for x in (ident, path.stem) if isinstance(x, str) and x in theirs):
            out.append(
                ContentError(
                    f"{path}: id" if same == ident else str(path),
                    f"replaces the game's own {theirs[same]!r} ({same}): give it an id of its own, unless "
                    "replacing it is what you mean",
                )
            )
        if data.get("ruleset") == "open-wars":
            out += _map(path, data)
        else:
            out += _battle(path, data)
    return out


def _battle(path: Path, data: dict[str, Any]) -> list[ContentError]:
    out = []
    table = data.get("table", [0, 0])
    width, depth = table
    for i, side in enumerate(data.get("sides", [])):
        for j, (x, y) in enumerate(side.get("deployment") or []):
            if not (0 <= x <= width and 0 <= y <= depth):
                out.append(
                    ContentError(
                        f"{path}: sides[{i}].deployment[{j}]",
                        f'({x:g}, {y:g}) is off the table ({width:g}" by {depth:g}"): the zone runs off it',
                    )
                )
                break  # one line a zone
    out += _on_one_point(path, "objectives", data.get("objectives", []), "inches")
    es = data.get("locale", {}).get(SPANISH, {})
    wanted = {
        "name": [data.get("name")],
        "description": [data.get("description")] if data.get("description") else [],
        "sides": [s.get("id") for s in data.get("sides", [])],
        "objectives": [o.get("id") for o in data.get("objectives", [])],
    }
    return out + _spanish(path, es, wanted)


def _map(path: Path, data: dict[str, Any]) -> list[ContentError]:
    out = _on_one_point(path, "locations", data.get("locations", []), "hundredths of the map")
    es = data.get("locale", {}).get(SPANISH, {})
    wanted = {
        "name": [data.get("name")],
        "description": [data.get("description")] if data.get("description") else [],
        "players": [p.get("id") for p in data.get("players", [])],
        "locations": [loc.get("id") for loc in data.get("locations", [])],
    }
    return out + _spanish(path, es, wanted)


def _on_one_point(path: Path, key: str, items: list[dict[str, Any]], unit: str) -> list[ContentError]:
    out = []
    for j, b in enumerate(items):
        for i, a in enumerate(items[:j]):
            if math.dist(a["at"], b["at"]) < NEAR:
                out.append(
                    ContentError(
                        f"{path}: {key}[{j}].at",
                        f"on the point of {key}[{i}] ({a.get('id')}): less than {NEAR:g} {unit} apart",
                    )
                )
                break
    return out


def _spanish(path: Path, es: dict[str, Any], wanted: dict[str, list[Any]]) -> list[ContentError]:
    """A battle's or map's words with no Spanish: its name and description, then the ids of its sides,
    objectives, players or locations ([locale.es] tables by id)."""
    out = []
    for key, ids in wanted.items():
        if key in ("name", "description"):
            if ids and not es.get(key):
                out.append(
                    ContentError(f"{path}: locale.{SPANISH}.{key}", "missing: no Spanish words for it")
                )
            continue
        lacking = [i for i in ids if i not in es.get(key, {})]
        if lacking:
            out.append(
                ContentError(
                    f"{path}: locale.{SPANISH}.{key}", f"no Spanish name for {', '.join(map(str, lacking))}"
                )
            )
    return out


# --- the rules' records -----------------------------------------------------------------------------


def _unchanged(m: Mod, before: Sequence[Mod], content: Path) -> list[ContentError]:
    """Values the mod sets to what the game's file (with the mods loaded before it) already has."""
    out = []
    for path in [*_rule_files(m), *sorted(m.file("modules").glob("*/*.toml"))]:
        rel = path.relative_to(m.root).as_posix()  # the game's file of the same path under content/
        try:
            merged = layered(rel, content / rel, [*before, m])
        except UserError:
            continue
        out += [
            ContentError(f"{o.file}: {spelt(o.at)}", "already has this value: the change changes nothing")
            for o in merged.same
            if o.file == path
        ]
    return out


def _for_glory(m: Mod, content: Path) -> list[ContentError]:
    """Categories, qualities and terrain the mod adds with no Spanish word (its locale/es/ui.toml)."""
    out = []
    words = _toml(m.file(f"locale/{SPANISH}/ui.toml"))
    for path in _rule_files(m):
        game = _toml(content / path.relative_to(m.root))
        for key, kind in (("category", "category"), ("quality", "quality"), ("terrain", "terrain")):
            known = {str(r.get(KEYED[key])) for r in game.get(key, []) if isinstance(r, dict)}
            for j, record in enumerate(_toml(path).get(key, [])):
                code = str(record.get(KEYED[key]))
                word = f"{kind}_{slug(code)}"
                if code not in known and word not in words:
                    out.append(
                        ContentError(
                            f"{path}: {key}[{j}]",
                            f"no Spanish name: the Spanish screens call it {record.get('name', code)!r} "
                            f"({word} in locale/{SPANISH}/ui.toml)",
                        )
                    )
    return out


def _open_wars(m: Mod, content: Path) -> list[ContentError]:
    """The factions, units, spells and cards the mod adds with no Spanish names, and the spells it adds
    that no unit knows."""
    out = []
    rules = m.file("rulesets/open-wars")
    game = content / "rulesets" / "open-wars"
    known = set()
    for path in sorted((rules / "factions").glob("*.toml")):
        data = _toml(path)
        es = data.get("locale", {}).get(SPANISH, {})
        ours = not (game / "factions" / path.name).is_file()
        for key in ("name", "title") if ours else ():
            if data.get(key) and not es.get(key):
                out.append(
                    ContentError(f"{path}: locale.{SPANISH}.{key}", "missing: no Spanish words for it")
                )
        units = [u.get("id") for u in data.get("units", [])]
        lacking = [u for u in units if u not in es.get("units", {})]
        if ours and lacking:
            out.append(
                ContentError(f"{path}: locale.{SPANISH}.units", f"no Spanish name for {', '.join(lacking)}")
            )
    for path in sorted((game / "factions").glob("*.toml")) + sorted((rules / "factions").glob("*.toml")):
        known |= {s for u in _toml(path).get("units", []) for s in u.get("spells", [])}
    for name, kind in (("spells.toml", "spells"), ("cards.toml", "cards")):
        data = _toml(rules / name)
        theirs = {str(r.get("id")) for r in _toml(game / name).get(kind, []) if isinstance(r, dict)}
        es = data.get("locale", {}).get(SPANISH, {}).get("names", {})
        for j, record in enumerate(data.get(kind, [])):
            if record.get("id") in theirs:
                continue
            if record.get("id") not in es:
                out.append(
                    ContentError(
                        f"{rules / name}: {kind}[{j}]",
                        f"no Spanish name for {record.get('id')} ([locale.{SPANISH}.names])",
                    )
                )
            if kind == "spells" and record.get("id") not in known:
                out.append(
                    ContentError(
                        f"{rules / name}: {kind}[{j}]", "no unit knows this spell: no one can cast it"
                    )
                )
    return out
