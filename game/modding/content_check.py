"""check-content: every content file checked the way the game reads it, every problem reported.

Each file is checked on its own first, gathering every key and type problem (records.collect and
collect_partial); a file without such problems then goes through the game's own loader (load_ruleset,
load_scenario, the script setup, load_reference, load_mod/load_mods), which adds the checks across keys
and files and stops at its first problem. The check runs the game's code, so the two never disagree;
it only goes on to the next file.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any, TypeVar

from game import CONTENT
from game.ai.generals import General, LevelsFile, Temperament
from game.content.glossary import GLOSSARY, read_glossary
from game.content.locale import WORDS, placeholders, read_ui
from game.content.mod_words import UI
from game.content.mods import Mod, ModFile, load_mod, load_mods
from game.content.module_records import check_names, folder_of, load_records, rule_stack
from game.content.records import collect, collect_partial, load_record, read_toml, read_toml_text
from game.content.ruleset_files import RULESET_FILES, load_ruleset
from game.content.rulesref import LOCALE, _Entry, load_reference
from game.content.scenario import (
    ScenarioFile,
    in_file,
    load_scenario,
    scenario_folders,
    scenario_problems,
    scenario_ruleset,
)
from game.editing.files import kind_of
from game.modding.report import Report
from game.modding.strict import undrawn_words, warnings
from game.model.errors import ContentError, UserError
from game.model.limits import check_id
from game.model.modules import mode_for_ruleset, modules, other_rulesets
from game.model.ruleset import Ruleset
from game.running import puzzle, script
from game.running.deployment_check import deployment_problem
from systems.campaign.records import CampaignFile
from systems.campaign.theatre import campaign_problems, load_campaign
from systems.open_wars.maps import MapFile
from systems.open_wars.ruleset_files import FILES as OW_FILES
from systems.open_wars.ruleset_files import load_rules as ow_rules
from systems.open_wars.ruleset_files import rules_files as ow_rules_files

T = TypeVar("T")
MAP_RULESET = "open-wars"  # the ruleset whose scenarios are maps (MapFile)
# problems shown at most: a file of 200,000 unknown keys is refused in one screen, and quickly
MAX_PROBLEMS = 200
# each ruleset by id (None where it has problems), or None for mods that could not be put together
Rulesets = dict[str, Ruleset | None] | None


class _Check:
    def __init__(self, content: Path) -> None:
        self.content = content
        self.report = Report()
        self.bases: dict[str, Ruleset | None] = {}  # the shipped rulesets, without mods
        self.others: dict[str, Any] = {}  # the rules of the other game modes (Open Wars)
        self.caught: list[UserError] | None = None
        self.built: dict[tuple[type, str], tuple[Any, list[ContentError]]] = {}  # records by their text

    def problem(self, e: UserError) -> None:
        if self.caught is not None:  # a check whose problems are said together (shipped_under)
            self.caught.append(e)
            return
        line = e.whole  # said in the reader's language, then cut (problem_words.problem_line)
        if line in self.report.said:  # a mod checked again under another is reported once
            return
        self.report.said.add(line)
        if len(self.report.problems) < MAX_PROBLEMS:
            self.report.problems.append(line)
            self.report.errors[line] = e
        else:
            self.report.unshown += 1

    def attempt(self, fn: Callable[..., T], *args: Any) -> T | None:
        """Run one of the game's loaders: its result, or None with its problem noted."""
        try:
            return fn(*args)
        except UserError as e:
            self.problem(e)
            return None

    def clean(self, check: Callable[[], object]) -> bool:
        """Run checks that note problems: did they find none?"""
        before = len(self.report.problems)
        check()
        return len(self.report.problems) == before

    def read(self, path: Path) -> dict[str, Any] | None:
        self.report.files.add(path)
        return self.attempt(read_toml, path)

    def noted(self, path: Path, errors: list[ContentError]) -> None:
        for e in errors:
            self.problem(ContentError(f"{path}: {e.where}" if e.where else str(path), e.problem))

    def record(self, cls: type[T], path: Path) -> T | None:
        """Read a file into a record, noting every problem of its keys. Each text is built once a check
        (the game's battles are checked again under each example mod that changes their rules); the
        record is only read here."""
        self.report.files.add(path)
        read = self.attempt(read_toml_text, path)
        if read is None:
            return None
        key = (cls, read[0])
        if key not in self.built:
            self.built[key] = collect(cls, read[1])
        spec, errors = self.built[key]
        self.noted(path, errors)
        return spec

    def strays(self, folder: Path, allowed: Callable[[Path], bool], what: str) -> None:
        """Files the game would silently ignore: a misspelt name is why a change 'does nothing'."""
        if folder.is_dir():
            for p in sorted(folder.iterdir()):
                if not allowed(p) and not p.name.startswith("."):  # hidden: .DS_Store and the like
                    self.problem(ContentError(str(p), f"not {what}"))

    def rules_for(self, path: Path, ruleset_id: str, rulesets: Rulesets) -> Ruleset | None:
        if rulesets is None:  # the mods could not be put together: their files' keys are checked alone
            return None
        if ruleset_id not in rulesets:
            known = ", ".join(rulesets) or "none"
            self.problem(ContentError(f"{path}: ruleset", f"no ruleset {ruleset_id!r} (known: {known})"))
        return rulesets.get(ruleset_id)

    # --- each kind of file -----------------------------------------------------------------------

    def ruleset(self, folder: Path) -> Ruleset | None:
        self.report.count("ruleset", folder)
        other = mode_for_ruleset(folder.name)
        if other is not None and other.load_rules is not None:  # another game mode's rules (Open Wars)
            self.others[folder.name] = self.attempt(other.load_rules, folder.parent)
            return None

        def files() -> None:
            for name, cls in RULESET_FILES.items():
                self.record(cls, folder / name)
            self.strays(
                folder, lambda p: p.name in RULESET_FILES, f"a ruleset file ({', '.join(RULESET_FILES)})"
            )

        self.bases[folder.name] = (
            self.attempt(load_ruleset, folder.name, folder.parent) if self.clean(files) else None
        )
        return self.bases[folder.name]

    def base(self, ruleset_id: str) -> Ruleset | None:
        if ruleset_id not in self.bases:
            self.bases[ruleset_id] = self.attempt(load_ruleset, ruleset_id, self.content / "rulesets")
        return self.bases[ruleset_id]

    def scenario(self, path: Path, rulesets: Rulesets, kind: str = "scenario") -> None:
        self.report.count(kind, path)
        named = self.attempt(scenario_ruleset, path)
        other = mode_for_ruleset(named) if named is not None else None
        if other is not None and other.load_scenario is not None and other.load_rules is not None:
            self.report.files.add(path)
            if other.ruleset in self.others:
                rules = self.others[other.ruleset]
            else:
                rules = self.others[other.ruleset] = self.attempt(other.load_rules, self.content / "rulesets")
            if rules is not None:
                self.attempt(other.load_scenario, path, rules)
            elif named == MAP_RULESET:  # its rules have problems, noted: its own keys, and no follow-on
                self.record(MapFile, path)
            return
        spec = self.record(ScenarioFile, path)
        rules = self.rules_for(path, spec.ruleset, rulesets) if spec is not None else None
        if spec is None or rules is None:
            return
        found = [in_file(str(path), e) for e in scenario_problems(spec, rules)]  # every one of them
        for e in found:
            self.problem(e)
        sc = None if found else self.attempt(load_scenario, str(path), rules)  # which stops at the first
        if sc is None:
            return
        if kind == "game's scenario":  # a battle the mods' modules may not play
            playable = self.playable(path, rules, sc.spec.modules)
        else:  # its modules with the mods' on them, as a battle has them
            playable = self.attempt(rule_stack, rules, sc.spec.modules, str(path)) is not None
        refused = deployment_problem(sc, rules) if playable else None  # as the battle refuses to begin
        if refused is not None:
            self.problem(refused)

    def campaign(self, path: Path, mods: Sequence[Mod]) -> None:
        """A campaign: its keys, then every problem across them (campaign_problems), then the game's
        loader, which also sets its numbers and battlefields (systems/campaign/theatre.py)."""
        self.report.count("campaign", path)
        spec = self.record(CampaignFile, path)
        if spec is None:
            return
        rules = self.attempt(load_ruleset, spec.ruleset, self.content / "rulesets", mods)
        ow = self.others.get("open-wars") or self.attempt(ow_rules, self.content / "rulesets")
        if rules is None or ow is None:
            return
        found = [in_file(str(path), e) for e in campaign_problems(spec, rules, ow)]
        for e in found:
            self.problem(e)
        if not found:
            self.attempt(load_campaign, str(path), mods)

    def playable(self, path: Path, rules: Ruleset, own: list[str]) -> bool:
        """Whether the modules the mods switch on can play one of the game's battles with its own; when
        not, a warning (the battle is refused when chosen with the mods), naming the mods that do."""
        try:
            rule_stack(rules, own, str(path))
        except UserError as e:
            naming = " and ".join(str(m.root / "mod.toml") for m in rules.loaded_mods if m.spec.modules)
            problem = e.problem if isinstance(e, ContentError) else str(e)
            self.report.warnings.append(
                f"{naming}: modules: the game's battle {path.stem} cannot be played with them: {problem}"
            )
            return False
        return True

    def script(self, path: Path, rulesets: Rulesets) -> None:
        """Load a scripted battle and set it up (placing every base), without playing it."""
        self.report.count("scripted battle", path)
        if self.record(script.ScriptFile, path) is None:
            return
        spec = self.attempt(script.load, path)
        rules = self.rules_for(path, spec.ruleset, rulesets) if spec is not None else None
        if spec is not None and rules is not None:
            battle = self.attempt(script.setup, path, spec, rules)
            if battle is not None:
                battle.close()

    def puzzle(self, path: Path, rulesets: Rulesets) -> None:
        """Load a puzzle and set its position up (placing every base, the round's state), unsolved."""
        self.report.count("puzzle", path)
        if self.record(puzzle.PuzzleFile, path) is None:
            return
        spec = self.attempt(puzzle.load, path)
        rules = self.rules_for(path, spec.ruleset, rulesets) if spec is not None else None
        if spec is not None and rules is not None:
            battle = self.attempt(puzzle.setup, path, spec, rules)
            if battle is not None:
                battle.close()

    def locale(self, folder: Path, in_mod: bool = False, mods: Sequence[Mod] | None = ()) -> None:
        """A locale's rules reference, with the mods' texts laid over it (None: mods that could not be
        put together, so only the file's own keys); in a mod, an entry may change part of one."""
        if not LOCALE.fullmatch(folder.name):
            self.problem(ContentError(str(folder), "not a locale name such as 'en' or 'pt-BR'"))
            return
        files = ("rules.toml", UI) if in_mod else ("rules.toml", *WORDS, GLOSSARY)
        self.strays(folder, lambda p: p.name in files, f"a locale file ({', '.join(files)})")
        if not in_mod:
            self.words(folder)
            self.glossary(folder)
        path = folder / "rules.toml"
        if not path.exists() and (in_mod or folder.name != "en"):
            return  # a language may translate the screens first, a mod its names only (ui.toml)
        self.report.count("rules reference", path)

        def entries() -> None:
            for rule_id, table in (self.read(path) or {}).items():
                errors = (
                    collect_partial(_Entry, table, rule_id) if in_mod else collect(_Entry, table, rule_id)[1]
                )
                self.noted(path, errors)

        if self.clean(entries) and mods is not None:
            self.attempt(load_reference, folder.name, self.content / "locale", mods)

    def glossary(self, folder: Path) -> None:
        """A language's glossary: its terms as glossary.py reads them, the English file's terms and no
        other, each naming the same measures."""
        path = folder / GLOSSARY
        if not path.exists() and folder.name != "en":
            return  # a language without one shows the English glossary
        self.report.files.add(path)
        own = self.attempt(read_glossary, path)
        english = self.attempt(read_glossary, self.content / "locale" / "en" / GLOSSARY)
        if own is None or english is None:
            return
        for key in sorted(english.keys() - own.keys()):
            self.problem(ContentError(f"{path}: {key}", "missing: every term of the English file is needed"))
        for key in sorted(own.keys() - english.keys()):
            self.problem(ContentError(f"{path}: {key}", "not a term of the English file"))
        for key in sorted(own.keys() & english.keys()):
            if placeholders(own[key].text) != placeholders(english[key].text):
                names = ", ".join(sorted(placeholders(english[key].text))) or "none"
                self.problem(
                    ContentError(f"{path}: {key}.text", f"needs the same measures as in English: {names}")
                )

    def words(self, folder: Path, root: Path | None = None) -> None:
        """A language's words (ui.toml, narration.toml, reasons.toml) in a locale folder: each file as
        `screens` checks it, and no key in two files (the game looks a key up in any)."""
        seen: dict[str, str] = {}
        for name in WORDS:
            path = folder / name
            if not path.exists():
                continue
            for key in self.screens(path, root) or {}:
                if key in seen:
                    self.problem(
                        ContentError(f"{path}: {key}", f"also a key of {seen[key]}: each key is in one file")
                    )
                seen.setdefault(key, name)

    def screens(self, path: Path, root: Path | None = None) -> dict[str, str] | None:
        """A language's words for the game's screens or its battle log: every key of the English file
        of the same name (of the same locale root: the game's, or a rule module's), with the same
        {names}, and no other key."""
        self.report.files.add(path)
        base = (root or self.content / "locale") / "en" / path.name
        texts = self.attempt(read_ui, path)
        english = self.attempt(read_ui, base)
        if texts is None or english is None or path == base:
            return texts
        for key in sorted(english.keys() - texts.keys()):
            self.problem(ContentError(f"{path}: {key}", "missing: every key of the English file is needed"))
        for key in sorted(texts.keys() - english.keys()):
            self.problem(ContentError(f"{path}: {key}", "not a key of the English file"))
        for key in sorted(english.keys() & texts.keys()):
            if placeholders(texts[key]) != placeholders(english[key]):
                names = ", ".join(sorted(placeholders(english[key]))) or "none"
                self.problem(
                    ContentError(f"{path}: {key}", f"needs the same {{names}} as in English: {names}")
                )
        return texts

    def mod(self, folder: Path) -> Mod | None:
        """One mod's own files: mod.toml, its layout, its partial ruleset files."""
        if not folder.is_dir():
            what = (  # a mod's mod.toml read as a scenario was three lines about a battle's keys
                f"a mod is a folder holding a mod.toml: give its folder ({folder.parent})"
                if folder.name == "mod.toml"
                else "neither a mod's folder (holding a mod.toml) nor a scenario, map or campaign .toml file"
            )
            self.problem(ContentError(str(folder), what))
            return None
        manifest = folder / "mod.toml"
        if not manifest.exists() and not manifest.is_symlink():
            self.problem(ContentError(str(folder), "not a mod: it has no mod.toml (new-mod DIR starts one)"))
            return None
        self.report.files.add(manifest)
        try:
            mod = load_mod(folder)  # its layout first: nothing outside the mod is read
        except UserError as e:
            self.report.checked["mod"].add(folder)
            if isinstance(e, ContentError) and e.where.startswith(f"{manifest}: "):
                self.record(ModFile, manifest)  # every problem of its keys, not only the first
            self.problem(e)
            return None
        self.report.count("mod", folder)
        rules = mod.file("rulesets") / mod.spec.ruleset  # another ruleset's folder: load_mod refused it
        if mod.spec.ruleset == "open-wars":  # its files: numbers, spells, cards and one a faction
            self.strays(
                rules, lambda p: p.name in OW_FILES, f"an Open Wars ruleset file ({', '.join(OW_FILES)})"
            )
            self.strays(rules / "factions", lambda p: p.suffix == ".toml", "a faction (a .toml file)")
            files = ow_rules_files(rules)
        else:
            self.strays(
                rules, lambda p: p.name in RULESET_FILES, f"a ruleset file ({', '.join(RULESET_FILES)})"
            )
            files = {rules / name: cls for name, cls in RULESET_FILES.items()}
        for path, cls in files.items():
            if path.is_file():
                data = self.read(path)
                if data is not None:
                    self.noted(path, collect_partial(cls, data))
        maps = set(other_rulesets())  # scenarios/open-wars/: the maps of another game mode
        self.strays(
            mod.file("scenarios"),
            lambda p: p.suffix == ".toml" or (p.is_dir() and p.name in maps),
            "a scenario (a .toml file, or a folder of maps: " + ", ".join(sorted(maps)) + ")",
        )
        self.strays(mod.file("scripts"), lambda p: p.suffix == ".toml", "a scripted battle (a .toml file)")
        self.strays(mod.file("campaigns"), lambda p: p.suffix == ".toml", "a campaign (a .toml file)")
        self.strays(mod.file("puzzles"), lambda p: p.suffix == ".toml", "a puzzle (a .toml file)")
        self.strays(mod.file("locale"), lambda p: p.is_dir(), "a locale folder (such as en)")
        self.strays(  # a mod adds temperaments only: ai/temperament/ or ai/levels.toml would do nothing
            mod.file("ai"),
            lambda p: p.name == "temperaments" and p.is_dir(),
            "the temperaments folder (a mod's ai/ holds only temperaments/<id>.toml)",
        )
        self.strays(mod.file("ai/temperaments"), lambda p: p.suffix == ".toml", "a temperament (.toml)")
        self.strays(mod.file("modules"), lambda p: p.is_dir(), "a rule module's folder (its id)")
        numbers = {m.id: [f"{name}.toml" for name in m.records] for m in modules()}
        for folder in _folders(mod.file("modules")):  # a folder of no module is module_numbers' to say
            names = numbers.get(folder.name)
            if names is not None:  # a misspelt file name (terain.toml) would change nothing
                what = f"a numbers file of the module ({', '.join(names)})"
                self.strays(folder, lambda p: p.name in names, what)  # noqa: B023 (called at once)
        return mod

    # --- what to check ---------------------------------------------------------------------------

    def generals(self, levels: Path | None, temperaments: Path, references: Path | None = None) -> None:
        """The search general's levels and temperaments, and the reference generals kept from earlier
        versions (game/ai/generals.py)."""
        for path, record in [
            *([(levels, LevelsFile)] if levels is not None else []),
            *((p, Temperament) for p in sorted(temperaments.glob("*.toml"))),
            *((p, General) for p in (sorted(references.glob("*.toml")) if references is not None else [])),
        ]:
            self.report.count("AI general", path)
            if record is Temperament:  # its file's name is its id, which players type: `hard:<id>`
                self.attempt(check_id, path.stem, f"{path}: its name")
            self.attempt(load_record, record, path)

    def loose(self, path: Path, rulesets: Rulesets, mods: Sequence[Mod]) -> None:
        """A scenario, Open Wars map or campaign file given by itself (`check-content FILE.toml`, what the
        editor saves), checked on the rules of the game and of the mods given with it."""
        data = self.read(path)
        kind = kind_of(data) if data is not None else None  # as the editor tells them apart
        if kind == "campaign":
            self.campaign(path, mods)
        elif kind == "map" and data is not None and "ruleset" not in data:  # else played as a battle
            self.report.count("scenario", path)
            self.record(MapFile, path)
        elif data is not None:
            self.scenario(path, rulesets)

    def mods(self, folders: Sequence[Path], files: Sequence[Path] = ()) -> None:
        """Mods checked together on top of the shipped content: each file, then the merged result, the
        shipped scenarios under the mods' rules when they change any, then the `files` given by
        themselves; then, with no problem, what is legal but almost surely a mistake (warnings)."""
        ordered = self.mods_checked(folders, files)
        if ordered is not None and not self.report.problems:  # the mods' and the game's files load
            for w in [*warnings(ordered, self.content), *undrawn_words(files)]:
                if w.whole not in self.report.warnings:
                    self.report.warnings.append(w.whole)

    def mods_checked(self, folders: Sequence[Path], files: Sequence[Path] = ()) -> list[Mod] | None:
        """The mods' problems noted, and the `files`' on their rules; the mods in load order, unless they
        could not be put together."""
        loaded = [self.mod(f) for f in folders]
        ordered = self.attempt(load_mods, folders) if None not in loaded else None
        rulesets: Rulesets = None
        if ordered is not None:
            rulesets = {}
            named = (self.attempt(scenario_ruleset, f) for f in files)  # a file's rules, with the mods'
            for ruleset_id in dict.fromkeys([*(m.spec.ruleset for m in ordered), *(r for r in named if r)]):
                other = mode_for_ruleset(ruleset_id)
                if other is not None and other.load_rules is not None:  # Open Wars: its maps use these
                    self.others[ruleset_id] = self.attempt(
                        other.load_rules, self.content / "rulesets", ordered
                    )
                    continue
                rulesets[ruleset_id] = (
                    self.attempt(load_ruleset, ruleset_id, self.content / "rulesets", ordered)
                    if self.base(ruleset_id)
                    else None  # the shipped ruleset's own problems are noted: the mods' would repeat them
                )
        if ordered is not None:
            self.module_numbers(ordered, rulesets)
            for rules in (r for r in (rulesets or {}).values() if r is not None and r.module_ids):
                # the modules the mods switch on must play together, whatever the scenario adds
                naming = [m for m in ordered if m.spec.modules and m.spec.ruleset == rules.id]
                self.attempt(rule_stack, rules, (), " and ".join(str(m.root / "mod.toml") for m in naming))
        for m in ordered or [m for m in loaded if m is not None]:
            for path in sorted(p for f in scenario_folders(m.root) for p in f.glob("*.toml")):
                self.scenario(path, rulesets)
            for path in sorted(m.file("campaigns").glob("*.toml")):
                self.campaign(path, ordered or [])
            for path in sorted(m.file("scripts").glob("*.toml")):
                self.script(path, rulesets)
            for path in sorted(m.file("puzzles").glob("*.toml")):
                self.puzzle(path, rulesets)
            for folder in sorted(p for p in m.file("locale").glob("*") if p.is_dir()):
                self.locale(folder, True, ordered)
            self.generals(None, m.root / "ai" / "temperaments")
        changed = [m for m in ordered or [] if m.file("rulesets").is_dir()]
        if changed:
            self.shipped_under(changed, [*(ordered or [])], rulesets)
        for path in files:
            self.loose(path, rulesets, ordered or [])
        return ordered

    def shipped_under(self, changed: list[Mod], ordered: list[Mod], rulesets: Rulesets) -> None:
        """The mods change the rules' numbers: the game's own battles (of those rules) must still play.
        One change breaks many battles alike: it is one line, naming the mods' ruleset folders (the
        cause), the first battle's problem and the other battles broken, never a line for each."""
        theirs = {p.stem for m in ordered for f in scenario_folders(m.root) for p in f.glob("*.toml")}
        ids = {m.spec.ruleset for m in changed}
        broken: dict[str, UserError] = {}  # each battle that fails, and its first problem
        for path in sorted(p for f in scenario_folders(self.content) for p in f.glob("*.toml")):
            if path.stem not in theirs and (self.attempt(scenario_ruleset, path) or "") in ids:
                self.caught = []
                self.scenario(path, rulesets, "game's scenario")
                if self.caught:
                    broken[path.stem] = self.caught[0]
                self.caught = None
        if broken:
            cause = ", ".join(str(m.file("rulesets") / m.spec.ruleset) for m in changed)
            (first, e), *more = broken.items()
            said = e.whole
            if isinstance(e, ContentError):  # the battle is named: its problem, at its key if it has one
                key = e.where.partition(": ")[2]
                said = f"{key}: {e.problem}" if key else e.problem
            which = f"{first} and {len(more)} more no longer load" if more else f"{first} no longer loads"
            self.problem(UserError(f"{cause}: under these numbers the game's battle {which}: {said}"))

    def module_numbers(self, mods: Sequence[Mod] = (), rulesets: Rulesets = None) -> None:
        """Every rule module's numbers files, with the mods' laid over them; a folder under modules/
        that is no registered module is a problem (a misspelt id would otherwise be ignored)."""
        registered = {m.id for m in modules()}  # a module's folder may hold only its words (locale/)
        known = {m.id: m for m in modules() if m.records}
        folders = [self.content / "modules", *(m.file("modules") for m in mods)]
        for parent in folders:
            for folder in _folders(parent):
                if folder.name not in registered:
                    self.problem(ContentError(str(folder), f"no rule module {folder.name!r}"))
        for m in known.values():
            if mods and not any(mod.file(f"modules/{m.id}").is_dir() for mod in mods):
                continue  # no mod changes it: the shipped check covers it
            self.report.count("rule module", folder_of(m, self.content / "modules"))
            loaded = self.attempt(load_records, m, mods, self.content / "modules")
            if loaded is None:
                continue
            for rules in (r for r in (rulesets or {}).values() if r is not None and r.mode == m.mode):
                self.attempt(check_names, m, rules, loaded[0], self.content / "modules")

    def shipped(self) -> None:
        rulesets = {p.name: self.ruleset(p) for p in _folders(self.content / "rulesets")}
        self.module_numbers((), rulesets)
        for path in sorted(p for f in scenario_folders(self.content) for p in f.glob("*.toml")):
            self.scenario(path, rulesets)
        for path in sorted((self.content / "campaigns").glob("*.toml")):
            self.campaign(path, ())
        for path in sorted((self.content / "scripts").glob("*.toml")):
            self.script(path, rulesets)
        for path in sorted((self.content / "modules").glob("*/scripts/*.toml")):  # a rule module's own
            self.script(path, rulesets)
        for path in sorted((self.content / "puzzles").glob("*.toml")):
            self.puzzle(path, rulesets)
        for folder in _folders(self.content / "locale"):
            self.locale(folder)
        self.generals(
            self.content / "ai" / "levels.toml",
            self.content / "ai" / "temperaments",
            self.content / "ai" / "reference",
        )
        for m in modules():  # each module's rules for the log's tooltips, and its words for the screens
            for folder in _folders(folder_of(m, self.content / "modules") / "locale"):
                if (folder / "rules.toml").is_file():
                    self.report.count("rules reference", folder / "rules.toml")
                    self.attempt(load_reference, folder.name, self.content / "locale", (), [m])
                self.words(folder, folder.parent)
        examples = _folders(self.content / "mods")
        loaded: dict[Path, Mod] = {}  # once: each example's dependencies are looked up among them all
        for folder in examples:
            with suppress(UserError):  # a broken mod is reported by its own check
                loaded[folder] = load_mod(folder)
        for folder in examples:  # each example mod with the examples it depends on
            self.mods([*_dependencies(folder, loaded), folder])


def _folders(parent: Path) -> list[Path]:
    return sorted(p for p in parent.iterdir() if p.is_dir()) if parent.is_dir() else []


def _dependencies(folder: Path, mods: dict[Path, Mod]) -> list[Path]:
    """The folders among the loaded mods' of the mods a mod depends on, directly or not."""
    by_id = {m.id: c for c, m in mods.items()}
    found: list[Path] = []
    todo = [folder]
    while todo:
        m = mods.get(todo.pop())
        for dep in m.needs if m else []:
            f = by_id.get(dep.id)
            if f is not None and f != folder and f not in found:
                found.append(f)
                todo.append(f)
    return found


def check_content(mods: Sequence[Path] = (), content: Path = CONTENT) -> Report:
    """Check the shipped content (no mods given: the rulesets, scenarios, scripted battles, rules
    references and example mods), or the given mods together on top of it, and any scenario, map or
    campaign file given among them on their rules."""
    check = _Check(content)
    files = [
        Path(m)
        for m in mods
        if Path(m).suffix == ".toml" and Path(m).is_file() and Path(m).name != "mod.toml"
    ]
    if mods:
        check.mods([Path(m) for m in mods if Path(m) not in files], files)
    else:
        check.shipped()
    if check.report.unshown:
        check.report.problems.append(f"... and {check.report.unshown} more problems, not shown")
    return check.report
