"""The layers of the code (docs/architecture.md), declared once here. Every module of game/ and
systems/ belongs to one package of one layer; a module imports only from layers below its own or from
its own package (never from a sibling package of its layer), and no module imports itself back through
others. Imports are read with ast: those inside functions and `if TYPE_CHECKING:` blocks count too."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

from game import ROOT

# Bottom first. Packages of one layer know nothing of each other.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("game",),  # the package itself: where the game's data lives (CONTENT, ASSETS)
    ("game.model",),  # the state and the one way in: session, battle, registry of rule modules
    ("game.content",),  # content files read into typed records and checked
    ("systems", "systems.for_glory", "systems.open_wars"),  # the game modes' rules
    ("systems.warhammer", "systems.dias", "systems.clash"),  # rule modules over For Glory
    ("systems.campaign",),  # the campaign: a mode made of the two others
    ("game.ai",),  # computer players
    ("game.running",),  # matches, scripts, saves, words of the log, the rules that ship
    ("game.editing",),  # the scenario and map editor's model (the window's editor is a layer over it)
    ("game.net",),  # games with a friend on another machine: the wire, the dice, networked and by file
    (
        "game.modding",
        "game.ui",
    ),  # tools for modders; the window's base (the only pygame): theme, fonts, sound
    # the table and the map drawn; the widgets screens share; the mods page (the start screen opens it)
    ("game.ui.drawing", "game.ui.widgets", "game.ui.mods"),
    ("game.ui.playing",),  # what every game screen does alike: its match, AIs, other machine, settings
    # the screens
    ("game.ui.battle", "game.ui.open_wars", "game.ui.campaign", "game.ui.editor", "game.ui.start"),
    ("game.ui.opening",),  # what each screen is opened from: a setup, a save, a seat, the editor
    ("game.ui.app",),  # the window's loop over the screens
    ("game.ui.bench",),  # the frame-time bench, which opens the window
    ("game.cli",),  # the command line
    ("game.__main__",),  # python -m game
)


def modules(root: Path) -> dict[str, Path]:
    """Every module of game/ and systems/ by dotted name (a package by its own name)."""
    out = {}
    for top in ("game", "systems"):
        for path in sorted((root / top).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def imports(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """The modules of `known` that a module imports, wherever the import statement stands."""
    known = set(known)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def module_of(dotted: str) -> str | None:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {m for a in node.names if (m := module_of(a.name))}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([base] if base else [])])
            for a in node.names:  # `from P import x`: the module P.x, or a name of P
                full = f"{base}.{a.name}"
                m = full if full in known else module_of(base)
                if m:
                    found.add(m)
    found.discard(name)
    return found


def package_of(name: str) -> str | None:
    """The declared package a module belongs to (the longest that holds it)."""
    declared = [p for layer in LAYERS for p in layer if name == p or name.startswith(p + ".")]
    return max(declared, key=len) if declared else None


def layer_of(package: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if package in layer)


def problems(root: Path) -> list[str]:
    """What breaks the layering in the tree at `root`: a module outside the layers, an import that
    goes up a layer or across to a sibling package, and every cycle of imports."""
    mods = modules(root)
    graph = {name: imports(name, path, mods) for name, path in mods.items()}
    out = []
    for name in sorted(graph):
        here = package_of(name)
        if here is None or (here == "game" and name != "game"):
            out.append(f"{name}: in no layer (put it in a package of tests/test_layers.py's LAYERS)")
            continue
        for dep in sorted(graph[name]):
            there = package_of(dep)
            if there is None or there == here:
                continue
            if layer_of(there) > layer_of(here):
                out.append(f"{name} imports {dep}: from a higher layer ({there} is above {here})")
            elif layer_of(there) == layer_of(here) and not here.startswith(there + "."):
                out.append(f"{name} imports {dep}: across a layer ({there} and {here} are siblings)")
    out += [f"import cycle: {' -> '.join(c)}" for c in cycles(graph)]
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected set of modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(_loop(graph, set(group)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _loop(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A path around a strongly connected group, from its first module back to it."""
    start = min(group)
    paths = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph[v] & group):
            if w == start:
                return [*paths[v], start]
            if w not in paths:
                paths[w] = [*paths[v], w]
                todo.append(w)
    raise AssertionError("not a cycle")


def test_the_code_keeps_its_layers() -> None:
    found = problems(ROOT)
    assert not found, "\n".join(found)


def test_each_package_is_declared_once() -> None:
    declared = [p for layer in LAYERS for p in layer]
    assert len(declared) == len(set(declared))


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in {"game/__init__.py": "", "systems/__init__.py": "", **files}.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_the_check_finds_an_import_up_a_layer_and_across(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "game/model/__init__.py": "",
            "game/model/session.py": "def f():\n    from game.running.narrate import english\n",
            "game/running/__init__.py": "",
            "game/running/narrate.py": "from game.model import session\n",
            "game/ui/__init__.py": "",
            "game/ui/theme.py": "if TYPE_CHECKING:\n    from game.modding import x\n",
            "game/modding/__init__.py": "",
            "game/modding/x.py": "",
            "systems/dias/__init__.py": "",
            "systems/dias/a.py": "from systems.clash import b\n",
            "systems/clash/__init__.py": "",
            "systems/clash/b.py": "",
            "game/stray.py": "",
        },
    )
    found = problems(root)
    assert "game.model.session imports game.running.narrate: from a higher layer" in "\n".join(found)
    assert any(p.startswith("game.ui.theme imports game.modding.x: across a layer") for p in found)
    assert any(p.startswith("systems.dias.a imports systems.clash.b: across a layer") for p in found)
    assert any(p.startswith("game.stray: in no layer") for p in found)
    assert "import cycle: game.model.session -> game.running.narrate -> game.model.session" in found


def test_the_check_finds_a_cycle_inside_a_package(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "game/ui/__init__.py": "",
            "game/ui/screen.py": "from game.ui.overlays import draw\n",
            "game/ui/overlays.py": "from game.ui import theme\n",
            "game/ui/theme.py": "def f():\n    from game.ui.screen import Screen\n",
        },
    )
    assert problems(root) == [
        "import cycle: game.ui.overlays -> game.ui.theme -> game.ui.screen -> game.ui.overlays"
    ]
    (root / "game/ui/theme.py").write_text("")
    assert problems(root) == []


def test_the_window_is_cut_by_screen() -> None:
    """game/ui/ holds its base and one sub-package a part (declared in LAYERS, so a screen never
    imports another screen's modules); each package says what it holds; few modules stay at the top."""
    ui = ROOT / "game" / "ui"
    top = [p.name for p in ui.glob("*.py") if p.name != "__init__.py"]
    assert len(top) <= 12, sorted(top)
    packages = sorted(p.parent for p in ui.rglob("__init__.py") if p.parent != ui)
    declared = {p for layer in LAYERS for p in layer}
    assert len(packages) >= 6
    for folder in packages:
        name = ".".join(folder.relative_to(ROOT).parts)
        assert name in declared, f"{name}: not declared in LAYERS"
        assert ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))), name
    screens = next(layer for layer in LAYERS if "game.ui.battle" in layer)
    assert {"game.ui.battle", "game.ui.open_wars", "game.ui.editor", "game.ui.start"} <= set(screens)
