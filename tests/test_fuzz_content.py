"""Fuzzing the content loaders: random corruptions of the shipped files (lines deleted, duplicated or
mutated, values of other types, keys renamed, random bytes, truncation) in a copy of content/. Every
loader must either succeed or raise a UserError of one line naming the file, never another exception;
check-content must report what the loaders refuse, one line per problem, and never raise."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import CONTENT, ROOT
from game.content.mods import load_mod, load_mods
from game.content.module_records import check_names, load_records
from game.content.ruleset_files import load_ruleset
from game.content.rulesref import load_reference
from game.content.scenario import load_scenario
from game.modding.content_check import check_content
from game.model.errors import UserError
from game.model.modules import modules
from game.model.ruleset import Ruleset
from game.running import script
from game.running.deployment_check import deployment_problem
from systems.campaign.theatre import load_campaign
from systems.open_wars.map_files import load_map
from systems.open_wars.ruleset_files import load_rules
from tests.fuzz_cases import mutate_text

FUZZ = settings(
    max_examples=20,  # a sample in the suite; `make fuzz` runs thousands
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def corrupted(original: bytes) -> st.SearchStrategy[bytes]:
    """The file after the random corruptions of `make fuzz` (tests/fuzzing.py), drawn from a seed."""
    return st.integers(0, 2**32).map(lambda seed: mutate_text(random.Random(seed), original))


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of content/ the tests corrupt one file at a time (and restore)."""
    root = tmp_path_factory.mktemp("fuzz") / "content"
    shutil.copytree(CONTENT, root, ignore=shutil.ignore_patterns("schema"))
    return root


@contextmanager
def corrupting(path: Path, data: st.DataObject) -> Iterator[bytes]:
    """The file corrupted for the time of a with block."""
    original = path.read_bytes()
    text = data.draw(corrupted(original), label="corrupted")
    path.write_bytes(text)
    try:
        yield text
    finally:
        path.write_bytes(original)


def outcome(content: Path, fn: Callable[[], object]) -> UserError | None:
    """Run a loader: None, or its UserError after checking that it is one line naming a file (the
    corrupted one, or one that relied on it, such as a scenario using a category it defined)."""
    try:
        fn()
    except UserError as e:
        message = str(e)
        assert "\n" not in message
        assert message.startswith(str(content)), message
        return e
    return None


def checked(content: Path, mods: Sequence[Path] = ()) -> list[str]:
    report = check_content(mods, content=content)
    assert all("\n" not in p for p in report.problems)
    return report.problems


def begun(path: Path, rules: Ruleset) -> None:
    """A battle as the game begins it: loaded, then its armies deployed (the battle refuses to begin
    when a division or its estado mayor finds no room, and check-content says so)."""
    problem = deployment_problem(load_scenario(str(path), rules), rules)
    if problem is not None:
        raise problem


def _files(content: Path, pattern: str) -> list[str]:
    return sorted(str(p.relative_to(content)) for p in content.glob(pattern))


# --- the shipped content -------------------------------------------------------------------------


@FUZZ
@given(data=st.data(), name=st.sampled_from(_files(CONTENT, "rulesets/for-glory/*.toml")))
def test_a_corrupted_ruleset_file(content: Path, data: st.DataObject, name: str) -> None:
    path = content / name
    mods = load_mods(sorted((content / "mods").iterdir()))  # the examples change every kind of record
    with corrupting(path, data):
        error = outcome(content, lambda: load_ruleset("for-glory", root=content / "rulesets"))
        outcome(content, lambda: load_ruleset("for-glory", root=content / "rulesets", mods=mods))
        problems = checked(content)
        if error is not None:
            assert error.whole in problems  # each kept whole, to be said in the reader's language, then cut


@FUZZ
@given(data=st.data(), name=st.sampled_from(_files(CONTENT, "modules/*/*.toml")))
def test_a_corrupted_rule_modules_numbers(content: Path, data: st.DataObject, name: str) -> None:
    """A rule module's numbers file (content/modules/<id>/<name>.toml): loaded, with the names it takes
    from the ruleset in it, or one line naming it, and check-content says the same."""
    path = content / name
    module = next(m for m in modules() if m.id == Path(name).parts[1])
    rules = load_ruleset("for-glory", root=content / "rulesets")

    def load() -> None:
        records, _hash = load_records(module, (), content / "modules")
        check_names(module, rules, records, content / "modules")

    with corrupting(path, data):
        error = outcome(content, load)
        problems = checked(content)
        assert (error is None) == (str(path) not in " ".join(problems)), problems
        if error is not None:
            assert error.whole in problems  # each kept whole, to be said in the reader's language, then cut


@FUZZ
@given(data=st.data(), name=st.sampled_from(_files(CONTENT, "scenarios/*.toml")))
def test_a_corrupted_scenario(content: Path, data: st.DataObject, name: str) -> None:
    path = content / name
    rules = load_ruleset("for-glory", root=content / "rulesets")
    with corrupting(path, data):
        error = outcome(content, lambda: begun(path, rules))
        problems = checked(content)
        assert (error is None) == (not problems), problems


@FUZZ
@given(data=st.data(), name=st.sampled_from(_files(CONTENT, "scripts/*.toml")))
def test_a_corrupted_scripted_battle(content: Path, data: st.DataObject, name: str) -> None:
    path = content / name
    rules = load_ruleset("for-glory", root=content / "rulesets")

    def set_up() -> None:
        spec = script.load(path)
        script.setup(path, spec, rules).close()

    with corrupting(path, data):
        error = outcome(content, set_up)
        problems = checked(content)
        assert (error is None) == (not problems), problems


@FUZZ
@given(data=st.data())
def test_a_corrupted_rules_reference(content: Path, data: st.DataObject) -> None:
    path = content / "locale" / "en" / "rules.toml"
    with corrupting(path, data):
        error = outcome(content, lambda: load_reference("en", content / "locale"))
        problems = checked(content)
        assert (error is None) == (not problems), problems


# --- mods ------------------------------------------------------------------------------------------


@FUZZ
@given(data=st.data(), name=st.sampled_from(_files(CONTENT, "mods/*/**/*.toml")))
def test_a_corrupted_mod(content: Path, data: st.DataObject, name: str) -> None:
    path = content / name
    folder = content / Path(name).parts[0] / Path(name).parts[1]
    ruleset_root = content / "rulesets"

    def use() -> None:
        mods = load_mods([folder])
        if mods[0].spec.ruleset == "open-wars":  # its rules, its maps, the game's maps under them
            ow = load_rules(ruleset_root, mods)
            theirs = {p.stem for p in folder.glob("scenarios/open-wars/*.toml")}
            for m in sorted(folder.glob("scenarios/open-wars/*.toml")):
                load_map(m, ow)
            for m in sorted((content / "scenarios" / "open-wars").glob("*.toml")):
                if m.stem not in theirs and (folder / "rulesets").is_dir():
                    load_map(m, ow)
            return
        rules = load_ruleset("for-glory", root=ruleset_root, mods=mods)
        for scenario in sorted(folder.glob("scenarios/*.toml")):
            begun(scenario, rules)
        if (folder / "rulesets").is_dir():  # as check-content does: the game's battles under the mod's rules
            theirs = {p.stem for p in folder.glob("scenarios/*.toml")}
            for scenario in sorted((content / "scenarios").glob("*.toml")):
                if scenario.stem not in theirs:
                    begun(scenario, rules)
        for campaign in sorted(folder.glob("campaigns/*.toml")):  # as the game opens a mod's campaign
            load_campaign(str(campaign), mods)
        for locale in sorted(p.name for p in folder.glob("locale/*")):
            load_reference(locale, content / "locale", mods)
        for module in modules():  # its numbers for a rule module, as a battle with the module reads them
            if module.records and (folder / "modules" / module.id).is_dir():
                records, _hash = load_records(module, mods, content / "modules")
                if module.mode == rules.mode:  # its names (categories) are of this game mode's rules
                    check_names(module, rules, records, content / "modules")

    with corrupting(path, data):
        outcome(content, lambda: load_mod(folder))
        error = outcome(content, use)
        problems = checked(content, [folder])
        assert (error is None) == (not problems), problems


# --- the command line -------------------------------------------------------------------------------


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", "check-content", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("rel", "text"),
    [
        ("mod.toml", b'id = "broken"\nname = 3\nversion = "1"\nfoo = 1\n'),
        ("rulesets/for-glory/units.toml", b"[[category]]\ncode = 'LI'\nrange = [1]\nbogus = 2\n"),
        ("scenarios/starter-skirmish.toml", b"\xff\xfe not toml at all \x00"),
        ("locale/en/rules.toml", b'["STARTER-1"]\ntitle = 1\ntext = "x"\n[zz]\n'),
    ],
)
def test_check_content_on_a_corrupted_mod_exits_2(tmp_path: Path, rel: str, text: bytes) -> None:
    folder = tmp_path / "broken"
    shutil.copytree(CONTENT / "mods" / "starter", folder)
    (folder / "mod.toml").write_text(
        (folder / "mod.toml").read_text(encoding="utf-8").replace('"starter"', '"broken"'), encoding="utf-8"
    )
    (folder / rel).write_bytes(text)
    done = _run(str(folder))
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert lines
    assert all(line.startswith("error: ") and str(folder / rel) in line for line in lines), lines
    assert done.stdout == ""
