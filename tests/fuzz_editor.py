"""The fuzzer's editor kind (tests/fuzz_cases.py registers it): a scenario, map or campaign the game
ships, its numbers made extreme (1e20, 1e308, 2**63 - 1, inf, nan, 400 digits), its names 10,000
characters long or its text mutated, opened in the editor's window (the dummy video driver) in a folder
state a player may have (a fresh install, the battles or mods folder a file or a link that leads
nowhere, a mod's scenarios a file, a folder that is no mod, the battles folder full of odd files), then
drawn tab by tab and element by element, clicked, dragged and typed at with every tool, and saved,
saved as a mod, tried and opened over. Each refusal must be one line, the unsaved work kept; a Save
that writes must write a file the editor opens again."""

from __future__ import annotations

import copy
import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.fuzz_cases import NUMBER, WORD, Place, Step, _shipped, mutate_text

# numbers a file may hold where the editor draws or edits one
EXTREMES = [
    "1e20", "1e308", "-1e308", "9223372036854775807", "-9223372036854775808", "9" * 400, "inf", "-inf",
    "nan", "0", "-0.0", "1e-300", "-1", "0.5", "100000000000",
]  # fmt: skip
NAMES = ["W" * 10_000, "word " * 2000, "<font pixel_size=900000>" * 300, "é\u0301" * 4000,
         "\U0001f3f0" * 3000]  # fmt: skip
FOLDERS = (
    "fresh", "made", "battles a file", "battles a dangling link", "battles a loop", "battles a link",
    "mods a file", "scenarios a file", "not a mod", "another mod", "open-wars a file",
)  # fmt: skip
SAVE_AS = ["{id}.toml", "open-wars/{id}.toml", "~nouser/x.toml", "a/b/c.toml", "x.txt", "", ".", "x\x00.toml",
           "x" * 300 + ".toml", "y" * 5000 + ".toml", "folder.toml"]  # fmt: skip
MOD_IDS = ["my-battles", "fuzz-mod", "../escape", "", "x" * 65, "Caps", "victim", "my battles"]
OPENED = ["evil.toml", "work", "pipe.toml", "/dev/zero", "huge.toml", "missing.toml", "loop.toml",
          "nul\x00.toml"]  # fmt: skip


def editor_case(rng: random.Random, number: int, place: Place, mod: Path, replays: object) -> list[Step]:
    src = rng.choice(
        _shipped("scenarios/*.toml") + _shipped("scenarios/open-wars/*.toml") + _shipped("campaigns/*.toml")
    )
    text = src.read_bytes()
    how = rng.choice(["numbers", "numbers", "names", "mutated"])
    if how == "numbers":
        text = _replaced(rng, text, NUMBER, lambda: rng.choice(EXTREMES).encode(), rng.randint(1, 4))
    elif how == "names":
        text = _replaced(rng, text, WORD, lambda: f'"{rng.choice(NAMES)}"'.encode(), rng.randint(1, 3))
    else:
        text = mutate_text(rng, text)
    target = place.work / "evil.toml"
    target.write_bytes(text)
    state, language = rng.choice(FOLDERS), rng.choice(["en", "es"])
    return [
        Step(
            "editor", call=lambda: _edit(rng, place, target, language), before=lambda: _folders(place, state)
        ),
        Step("start screen", call=lambda: _start_screen(language), anyway=True),
    ]


def _replaced(
    rng: random.Random, text: bytes, pattern: re.Pattern[bytes], new: Callable[[], bytes], n: int
) -> bytes:
    """`n` matches of `pattern` (outside comments) replaced by what `new` gives."""
    for _ in range(n):
        lines = text.split(b"\n")
        spots = [(k, m) for k, line in enumerate(lines) if not line.lstrip().startswith(b"#")
                 for m in pattern.finditer(line)]  # fmt: skip
        if not spots:
            break
        k, m = rng.choice(spots)
        lines[k] = lines[k][: m.start()] + new() + lines[k][m.end() :]
        text = b"\n".join(lines)
    return text


def _folders(place: Place, state: str) -> None:
    """The game's folders as a player's may be: the battles folder and the mods folder."""
    data = place.root / "data" / "forglory"
    battles, mods = data / "battles", data / "mods"
    mine = mods / "my-battles"
    if state == "made":
        battles.mkdir(parents=True)
        (battles / "copy.toml").write_bytes((place.work / "evil.toml").read_bytes())
        (battles / "folder.toml").mkdir()
        os.mkfifo(battles / "pipe.toml")
        (battles / "gone.toml").symlink_to(battles / "nowhere.toml")
        (battles / "open-wars").write_text("x")
    elif state == "battles a file":
        battles.write_text("x")
    elif state == "battles a dangling link":
        battles.symlink_to(data / "nowhere")
    elif state == "battles a loop":
        battles.symlink_to(battles)
    elif state == "battles a link":  # to a folder of the player's own (the case's work folder)
        (place.work / "elsewhere").mkdir()
        battles.symlink_to(place.work / "elsewhere")
    elif state == "mods a file":
        mods.write_text("x")
    elif state in ("scenarios a file", "another mod", "open-wars a file"):
        mine.mkdir(parents=True)
        ident = "other" if state == "another mod" else "my-battles"
        (mine / "mod.toml").write_text(f'id = "{ident}"\nname = "M"\nversion = "1"\n')
        if state == "scenarios a file":
            (mine / "scenarios").write_text("x")
        elif state == "open-wars a file":
            (mine / "scenarios").mkdir()
            (mine / "scenarios" / "open-wars").write_text("x")
    elif state == "not a mod":
        mine.mkdir(parents=True)
        (mine / "mod.toml").write_text("[[[")


def _edit(rng: random.Random, place: Place, target: Path, language: str) -> list[str]:
    """Open the file in the editor, draw and use every part of it, and save it every way: the lines
    it refused with (each must be one line; the work is kept through each)."""
    import pygame

    from game.content.locale import Texts
    from game.editing.problem_words import refusal_said
    from game.model.errors import UserError
    from game.ui.editor.screen import EditorScreen

    pygame.init()
    try:
        surf = pygame.display.set_mode((1280, 720))
        try:
            ed = EditorScreen(surf.get_size(), Texts(language), [], target)
        except UserError as e:
            return [refusal_said(Texts(language), e)]
        _tour(rng, ed, surf)
        return _file_commands(rng, place, ed, surf)
    finally:
        pygame.quit()


def _tour(rng: random.Random, ed: Any, surf: Any) -> None:
    """Every tab and element drawn in both languages of the names; the mouse and keys at work with every
    tool over the table or the map, and the undo of all of it."""
    import pygame

    from game.editing.campaigns import armies

    for _language in (0, 1):
        for tab in ed.tab_buttons.values():
            ed.tab, ed.version = tab, -1
            ed.update(0.05)
            ed.draw(surf)
        for table in ("terrain", "objectives", "locations", "players", "sides", "events"):
            for i in range(min(len(ed.doc.get((table,)) or []), 12)):
                ed.select((table, i))
                if table == "sides" and ed.doc.kind == "scenario":  # a side's zone, chosen on the table
                    ed.canvas.selected = (table, i)
                ed.update(0.05)
                ed.draw(surf)
        for army in armies(ed.doc)[:12] if ed.doc.kind == "campaign" else []:  # a side's, an event's
            ed.select(army)
            ed.update(0.05)
            ed.draw(surf)
        ed._command("language")
    area = ed.table_rect
    for button in [*ed.tools, *ed.tools]:
        ed._pressed(button)
        ed._choose_kind(rng.choice(list(ed.kinds.values())))  # a terrain kind or a card's type
        for _ in range(rng.randint(2, 8)):
            ed.handle(_mouse(rng, area))
            ed.update(0.05)
            ed.draw(surf)
        for key in rng.sample([pygame.K_RETURN, pygame.K_DELETE, pygame.K_ESCAPE], 2):
            ed.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        ed.update(0.05)
        ed.draw(surf)
    for _ in range(rng.randint(0, 40)):
        ed._command(rng.choice(["undo", "redo", "snap"]))
    ed.update(0.05)
    ed.draw(surf)


def _mouse(rng: random.Random, area: Any) -> Any:
    """A press, a move (as a drag), a release or a turn of the wheel, in or beside the table."""
    import pygame

    pos = (rng.randint(area.left - 20, area.right + 20), rng.randint(area.top - 20, area.bottom + 20))
    down, up = pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP
    kind = rng.choice([down, down, pygame.MOUSEMOTION, up, pygame.MOUSEWHEEL])
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(
            kind, pos=pos, rel=(rng.randint(-300, 300), rng.randint(-300, 300)), buttons=(1, 0, 0)
        )
    if kind == pygame.MOUSEWHEEL:
        return pygame.event.Event(kind, x=0, y=rng.choice([-30, -1, 1, 30]), flipped=False)
    return pygame.event.Event(kind, pos=pos, button=rng.choice([1, 1, 1, 2, 3]))


def _file_commands(rng: random.Random, place: Place, ed: Any, surf: Any) -> list[str]:
    """Save, save as a mod, try it and open over it, each as a player does: what each refused."""
    from game.content.files import stem
    from game.editing.texts import set_text

    set_text(ed.doc, (), "name", "en", "Changed by the fuzzer")  # unsaved work to keep
    ident = stem(str(ed.doc.get(("id",))))  # as the Save prompt suggests it
    refused: list[str] = []
    odd = _odd_files(place)
    commands = [("save", p.format(id=ident)) for p in rng.sample(SAVE_AS, 3)]
    commands += [("mod", rng.choice(MOD_IDS)), ("try", ""), ("open", odd[rng.choice(OPENED)])]
    for asked, answer in rng.sample(commands, len(commands)):
        doc, data = ed.doc, copy.deepcopy(ed.doc.data)
        ed.doc.version += 1  # changes not saved, before each command
        ed.status = ""
        if asked == "try":
            done = ed._try() == "try"
        else:
            ed.asked = asked
            ed._answered(answer)
            done = ed.doc is not doc if asked == "open" else not ed.doc.dirty
        ed.update(0.05)
        ed.draw(surf)
        if not done:
            assert ed.doc is doc and ed.doc.dirty and ed.doc.data == data, f"{asked}: the work was not kept"
            refused.append(ed.status)
        elif asked == "save":  # what the editor wrote, it opens again
            _reopened(ed.path)
    return [line for line in refused if line]


def _odd_files(place: Place) -> dict[str, str]:
    """Files that are no scenario, to open: a folder, a pipe, a device, a huge file, a link that loops."""
    work = place.work
    os.mkfifo(work / "pipe.toml")
    with open(work / "huge.toml", "wb") as f:
        f.truncate(9 << 20)
    (work / "loop.toml").symlink_to(work / "loop.toml")
    named = {"work": str(work), "/dev/zero": "/dev/zero", "nul\x00.toml": str(work / "nul\x00.toml")}
    return {name: named.get(name, str(work / name)) for name in OPENED}


def _reopened(path: Path | None) -> None:
    from game.editing.files import open_document
    from game.model.errors import UserError

    assert path is not None
    try:
        open_document(path)
    except UserError as e:
        raise AssertionError(f"saved, but it does not open again: {e}") from None


def _start_screen(language: str) -> None:
    """The start screen lists the battles folder as it is (the editor's saves among them)."""
    import pygame

    from game.content.locale import Texts
    from game.ui.start.screen import Setup, StartScreen

    pygame.init()
    try:
        surf = pygame.display.set_mode((1280, 720))
        start = StartScreen(surf.get_size(), Setup(), t=Texts(language))
        start.update(0.05)
        start.draw(surf)
    finally:
        pygame.quit()
