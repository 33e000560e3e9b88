"""Mutation testing of the rules (`make mutation`): small bugs injected one at a time into the rule
modules of every ruleset (a comparison flipped or loosened, a constant off by one, a condition negated,
`and` for `or`, `+` for `-`), each followed by the tests of its ruleset; a mutant the tests fail on
(or that hangs past the timeout) is killed. The score of a file is the share of its mutants killed
among those that can change behaviour: the mutants judged unable to (equivalent) are listed, with
why, in bench/mutation_equivalent.toml.

    python -m bench.mutation [FILE ...] [--budget SECONDS] [--timeout SECONDS] [--jobs N] [--json OUT]

With no file, every rule module of every ruleset (systems/**.py). The run is bounded: past the
budget the files left are reported as not run. It works on a copy of the repository, so the working
tree is never touched."""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENT = ROOT / "bench" / "mutation_equivalent.toml"
# the tests of each ruleset's rules, the file's own first (the run stops at the first failure)
FOR_GLORY_TESTS = [  # For Glory's own rule tests (the modules' build on them and add little)
    "tests/rules/test_" + name + ".py"
    for name in [
        "fire",
        "melee",
        "checks",
        "charge",
        "hits_officers",
        "reactions",
        "odds",
        "orders",
        "movement",
        "measure_vision",
        "command",
        "rounds",
        "victory",
        "battle_setup",
        "terms",
        "units_terrain",
        "reinforcement_search",
    ]
]
TESTS = {
    "systems/for_glory": FOR_GLORY_TESTS,
    "systems/warhammer": ["tests/rules/test_warhammer_charges.py", "tests/rules/test_warhammer_terrain.py"],
    "systems/dias": ["tests/rules/test_dias_combat.py", "tests/rules/test_dias_terrain.py"],
    "systems/clash": ["tests/rules/test_clash_command.py", "tests/rules/test_clash_melee.py"],
    "systems/open_wars": ["tests/rules/test_open_wars.py", "tests/test_open_wars_reference.py"],
}
OWN = {  # a For Glory module's own tests, run first
    "fire.py": "tests/rules/test_fire.py",
    "melee.py": "tests/rules/test_melee.py",
    "checks.py": "tests/rules/test_checks.py",
}
SKIP_TESTS = "not whole_battles and not plays_every and not every_module"  # whole AI battles: slow

FLIP = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}  # fmt: skip
SYMBOL = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not",
    ast.Add: "+", ast.Sub: "-", ast.And: "and", ast.Or: "or",
}  # fmt: skip


@dataclass(frozen=True)
class Mutant:
    file: str
    index: int  # the n-th mutation point of the file
    line: int
    what: str  # as "< -> <=", "3 -> 4", "if not", "and -> or"
    nth: int = 1  # the same change on the same line again: the second is keyed "... #2"

    @property
    def key(self) -> str:
        again = f" #{self.nth}" if self.nth > 1 else ""
        return f"{self.file}:{self.line}: {self.what}{again}"


@dataclass
class Result:
    mutant: Mutant
    outcome: str  # killed, survived, timeout, equivalent
    seconds: float = 0.0


@dataclass
class FileScore:
    file: str
    mutants: int = 0
    killed: int = 0
    timeouts: int = 0
    survived: list[str] = field(default_factory=list)
    equivalent: int = 0
    run: bool = True

    @property
    def score(self) -> float:
        changing = self.mutants - self.equivalent
        return (self.killed + self.timeouts) / changing if changing else 1.0


def _annotations(tree: ast.AST) -> set[int]:
    """The ids of the nodes inside type annotations, docstrings, decorators (a dataclass's frozen=,
    a cache's size) and `Annotated[...]` aliases (a content file's bounds, which the content tests
    hold): never mutated, as none is a rule."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        parts: list[ast.AST | None] = []
        if isinstance(node, ast.AnnAssign | ast.arg):
            parts.append(node.annotation)
        elif (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and node.value.id == "Annotated"
        ):
            parts.append(node)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            parts += node.decorator_list
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            parts.append(node.returns)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                parts.append(body[0])
        for part in parts:
            if part is not None:
                skip.update(id(n) for n in ast.walk(part))
    return skip


class Mutator(ast.NodeTransformer):
    """Walks a module's tree counting mutation points; applies the one numbered `target` (or none,
    and only counts, when target is -1)."""

    def __init__(self, skip: set[int], target: int = -1) -> None:
        self.skip = skip
        self.target = target
        self.count = 0
        self.points: list[tuple[int, str]] = []
        self.applied: str | None = None

    def _point(self, node: ast.AST, what: str) -> bool:
        here = self.count
        self.count += 1
        self.points.append((getattr(node, "lineno", 0), what))
        if here == self.target:
            self.applied = what
            return True
        return False

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        if id(node) in self.skip:
            return node
        for i, op in enumerate(node.ops):
            flipped = FLIP.get(type(op))
            if flipped is not None and self._point(node, f"{SYMBOL[type(op)]} -> {SYMBOL[flipped]}"):
                node.ops[i] = flipped()
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if id(node) in self.skip or isinstance(node.value, str | bytes) or node.value is None:
            return node
        if isinstance(node.value, bool):
            if self._point(node, f"{node.value} -> {not node.value}"):
                return ast.copy_location(ast.Constant(not node.value), node)
        elif isinstance(node.value, int | float) and self._point(node, f"{node.value} -> {node.value + 1}"):
            return ast.copy_location(ast.Constant(node.value + 1), node)
        return node

    def visit_If(self, node: ast.If) -> ast.AST:
        self.generic_visit(node)
        if self._point(node, "if -> if not"):
            node.test = ast.copy_location(ast.UnaryOp(ast.Not(), node.test), node.test)
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        self.generic_visit(node)
        if id(node) not in self.skip and self._point(node, "x if c else y -> x if not c else y"):
            node.test = ast.copy_location(ast.UnaryOp(ast.Not(), node.test), node.test)
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if id(node) not in self.skip and isinstance(node.op, ast.Not) and self._point(node, "not x -> x"):
            return node.operand
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        other = ast.Or if isinstance(node.op, ast.And) else ast.And
        if id(node) not in self.skip and self._point(node, f"{SYMBOL[type(node.op)]} -> {SYMBOL[other]}"):
            node.op = other()
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        if id(node) in self.skip or type(node.op) not in (ast.Add, ast.Sub):
            return node
        other = ast.Sub if isinstance(node.op, ast.Add) else ast.Add
        if self._point(node, f"{SYMBOL[type(node.op)]} -> {SYMBOL[other]}"):
            node.op = other()
        return node


def mutants(path: Path, rel: str) -> list[Mutant]:
    tree = ast.parse(path.read_text())
    m = Mutator(_annotations(tree))
    m.visit(tree)
    seen: dict[tuple[int, str], int] = {}
    out = []
    for i, (line, what) in enumerate(m.points):
        seen[line, what] = seen.get((line, what), 0) + 1
        out.append(Mutant(rel, i, line, what, seen[line, what]))
    return out


def mutated_source(path: Path, index: int) -> str:
    tree = ast.parse(path.read_text())
    m = Mutator(_annotations(tree), index)
    tree = m.visit(tree)
    assert m.applied is not None
    return ast.unparse(ast.fix_missing_locations(tree))


def tests_for(rel: str) -> list[str]:
    package = str(Path(rel).parent)
    found = TESTS.get(package, ["tests/rules"])
    own = OWN.get(Path(rel).name) if package == "systems/for_glory" else None
    return [own, *(f for f in found if f != own)] if own else found


def equivalents() -> dict[str, str]:
    """The mutants judged unable to change behaviour, by key, with why."""
    if not EQUIVALENT.exists():
        return {}
    data = tomllib.loads(EQUIVALENT.read_text())
    return {e["mutant"]: e["why"] for e in data.get("equivalent", [])}


def _copy(into: Path) -> None:
    skipped = (".venv", ".git", "__pycache__", "build", "dist", ".*_cache", ".hypothesis")
    ignore = shutil.ignore_patterns(*skipped)
    for name in ("game", "systems", "tests", "content", "assets", "bench", "pyproject.toml", "setup.py"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, into / name, ignore=ignore)
        elif src.exists():
            shutil.copy2(src, into / name)


def run_one(work: Path, mutant: Mutant, timeout: float) -> Result:
    target = work / mutant.file
    original = target.read_text()
    target.write_text(mutated_source(target, mutant.index))
    env = {**os.environ, "PYTHONPATH": str(work), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly"]
    # one test hung (a rule asking what it should not) fails at a third of the mutant's time
    command += ["--timeout", str(max(5, int(timeout / 3))), "-k", SKIP_TESTS, *tests_for(mutant.file)]
    start = time.monotonic()
    try:
        done = subprocess.run(command, cwd=work, env=env, capture_output=True, timeout=timeout, check=False)
        outcome = "survived" if done.returncode == 0 else "killed"
        if done.returncode == 0 and b"Timeout" in done.stdout:
            outcome = "timeout"
    except subprocess.TimeoutExpired:
        outcome = "timeout"
    finally:
        target.write_text(original)
    return Result(mutant, outcome, time.monotonic() - start)


def rule_files() -> list[str]:
    """Every rule module, For Glory's fire, melee and checks first: a budget too short for all (the
    whole set runs for hours) still scores the files the rules' tests are judged by."""
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "systems").rglob("*.py"))
    first = [f"systems/for_glory/{name}.py" for name in ("fire", "melee", "checks")]
    return first + [f for f in files if not f.endswith("__init__.py") and f not in first]


def _work(jobs: int) -> Iterator[Path]:
    for _ in range(jobs):
        d = Path(tempfile.mkdtemp(prefix="forglory-mutation-"))
        _copy(d)
        yield d


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.mutation", description=__doc__.split("\n\n")[0])
    p.add_argument("files", nargs="*", help="rule modules (default: every one under systems/)")
    p.add_argument("--budget", type=float, default=3600.0, help="seconds for the whole run")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds for one mutant's tests")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", type=Path, help="write the results as JSON")
    p.add_argument("--only", action="append", default=[], help="only the mutants whose key holds this")
    a = p.parse_args(argv)
    files = a.files or rule_files()
    known = equivalents()
    workdirs = list(_work(max(1, a.jobs)))
    free = list(workdirs)
    deadline = time.monotonic() + a.budget
    scores: list[FileScore] = []
    try:
        for rel in files:
            score = FileScore(rel)
            scores.append(score)
            if time.monotonic() > deadline:
                score.run = False
                continue
            todo = []
            for m in mutants(workdirs[0] / rel, rel):
                score.mutants += 1
                if a.only and not any(o in m.key for o in a.only):
                    score.mutants -= 1
                elif m.key in known:
                    score.equivalent += 1
                else:
                    todo.append(m)

            def one(m: Mutant) -> Result:
                work = free.pop()
                try:
                    if time.monotonic() > deadline:
                        return Result(m, "not run")
                    return run_one(work, m, a.timeout)
                finally:
                    free.append(work)

            with ThreadPoolExecutor(max_workers=len(workdirs)) as pool:
                for r in pool.map(one, todo):
                    print(f"  {r.outcome:9} {r.seconds:5.1f}s  {r.mutant.key}", file=sys.stderr, flush=True)
                    if r.outcome == "killed":
                        score.killed += 1
                    elif r.outcome == "timeout":
                        score.timeouts += 1
                    elif r.outcome == "not run":
                        score.run = False
                    else:
                        score.survived.append(r.mutant.key)
            mark = "" if score.run else " (budget spent: not every mutant ran)"
            print(
                f"{rel}: {score.mutants} mutants, {score.equivalent} equivalent, {score.killed} killed, "
                f"{score.timeouts} hung, {len(score.survived)} survived: "
                f"{score.score:.0%} of those that change behaviour{mark}",
                flush=True,
            )
            for s in score.survived:
                print(f"  survived  {s}", flush=True)
    finally:
        for d in workdirs:
            shutil.rmtree(d, ignore_errors=True)
    total = FileScore("all")
    for s in scores:
        total.mutants += s.mutants
        total.equivalent += s.equivalent
        total.killed += s.killed
        total.timeouts += s.timeouts
        total.survived += s.survived
    print(f"all: {total.score:.0%} of {total.mutants - total.equivalent} behaviour-changing mutants killed")
    if a.json:
        a.json.write_text(json.dumps([{**asdict(s), "score": s.score} for s in scores], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
