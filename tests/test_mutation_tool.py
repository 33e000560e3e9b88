"""bench/mutation.py (`make mutation`, issue 24): what it mutates, that each mutant is one change, and
that every mutant listed as equivalent still exists (a line moved by an edit would leave a stale entry
that hides nothing and a survivor that is judged again)."""

from __future__ import annotations

import ast
from pathlib import Path

from bench.mutation import ROOT, equivalents, mutants, mutated_source, rule_files

TOY = '''"""A module docstring with 7 in it."""

Small = Annotated[int, Bounds(0, 9)]


@dataclass(frozen=True)
class Record:
    n: Annotated[int, Bounds(1, 5)] = 2


@lru_cache(maxsize=8)
def f(x: int = 1) -> bool:
    """Docstring 2."""
    if x < 3 and not x:
        return x + 1 > 0
    return False
'''


def test_the_mutation_points_of_a_small_module(tmp_path: Path) -> None:
    path = tmp_path / "toy.py"
    path.write_text(TOY)
    found = [m.what for m in mutants(path, "toy.py")]
    assert sorted(found) == sorted(
        [
            "2 -> 3",  # Record.n's default (its bounds, a content limit, are not mutated)
            "1 -> 2",  # the default value (its annotation is not mutated)
            "< -> <=",
            "3 -> 4",
            "not x -> x",
            "and -> or",
            "if -> if not",
            "+ -> -",
            "1 -> 2",
            "> -> >=",
            "0 -> 1",
            "False -> True",
        ]
    )  # nothing from the docstrings, the annotations, the decorators or Annotated aliases
    for i, m in enumerate(mutants(path, "toy.py")):
        changed = mutated_source(path, i)
        assert ast.dump(ast.parse(changed)) != ast.dump(ast.parse(TOY)), m.key
        assert "A module docstring with 7 in it." in changed and "Docstring 2." in changed


def test_the_same_change_twice_on_a_line_has_two_keys(tmp_path: Path) -> None:
    path = tmp_path / "twice.py"
    path.write_text("def g(a, b):\n    return (a - 1, b - 2)\n")
    keys = [m.key for m in mutants(path, "twice.py") if "- -> +" in m.key]
    assert keys == ["twice.py:2: - -> +", "twice.py:2: - -> + #2"]


def test_every_equivalent_mutant_listed_still_exists() -> None:
    listed = equivalents()
    assert listed, "bench/mutation_equivalent.toml lists none"
    files = {key.split(":", 1)[0] for key in listed}
    current = {m.key for f in files for m in mutants(ROOT / f, f)}
    stale = sorted(set(listed) - current)
    assert not stale, f"no longer a mutant of its file (judge it again): {stale}"
    assert all(why.strip() for why in listed.values())


def test_for_glorys_fire_melee_and_checks_run_first() -> None:
    files = rule_files()
    assert files[:3] == [
        "systems/for_glory/fire.py",
        "systems/for_glory/melee.py",
        "systems/for_glory/checks.py",
    ]
    assert len(files) == len(set(files)) and all((ROOT / f).is_file() for f in files)
    assert not [f for f in files if f.endswith("__init__.py")]
