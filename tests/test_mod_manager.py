"""Issue 40, item 5: the mods page's list (game/modding/manager.py): every mod of the mods folder with its
version or why it cannot be loaded, switched on and off, put in order, the switched-on ones checked
together (a conflict said), and read again after an edit without restarting."""

from __future__ import annotations

from pathlib import Path

from game.content.locale import Texts
from game.content.mods import load_mods, user_mods_dir
from game.modding.manager import ModList
from tests.mod_lab import GUERRILLAS, SEA_RAIDERS, write_mod


def _folder() -> Path:
    folder = user_mods_dir()
    write_mod(folder / "guerrillas", GUERRILLAS)
    write_mod(folder / "sea-raiders", SEA_RAIDERS)
    (folder / "broken").mkdir()
    (folder / "broken" / "mod.toml").write_text('id = "broken"\nname = 3\n')
    for name, inches in (("short", 3.0), ("long", 5.0)):
        write_mod(folder / name, {
            "mod.toml": f'id = "{name}"\nname = "{name}"\nversion = "1"\n',
            "rulesets/for-glory/ruleset.toml": f"[measures]\nS = {inches}\n",
        })  # fmt: skip
    return folder


def test_every_mod_with_its_version_or_why_it_cannot_load() -> None:
    folder = _folder()
    mods = ModList([])
    rows = {r.folder.name: r for r in mods.rows}
    assert set(rows) == {"broken", "guerrillas", "long", "sea-raiders", "short"}
    assert rows["guerrillas"].mod is not None and rows["guerrillas"].mod.spec.version == "1.0.0"
    assert rows["broken"].mod is None and rows["broken"].problem.endswith("name: expected a string, found 3")
    assert mods.enabled() == [] and mods.checked.ok
    mods.toggle([r.folder.name for r in mods.rows].index("broken"))  # a broken mod stays off
    assert mods.enabled() == []
    assert folder.is_dir()


def test_switched_on_in_order_and_checked_together() -> None:
    folder = _folder()
    mods = ModList([folder / "sea-raiders", folder / "guerrillas"])
    assert mods.enabled() == [(folder / "sea-raiders").resolve(), (folder / "guerrillas").resolve()]
    assert mods.checked.ok and mods.checked.warnings == []
    mods.move(0, 1)
    assert mods.enabled()[0].name == "guerrillas"
    names = [r.folder.name for r in mods.rows]
    mods.toggle(names.index("short"))
    mods.toggle(names.index("long"))
    (line,) = mods.checked.problems  # the later mod names the earlier: "long" loads first
    assert line.endswith(
        "short/rulesets/for-glory/ruleset.toml: measures.S: conflicts with the mod 'long', which sets it "
        "differently: make one depend on the other"
    )


def test_reload_reads_a_mod_edited_while_the_game_runs() -> None:
    folder = _folder()
    mods = ModList([folder / "guerrillas"])
    words = folder / "guerrillas" / "locale" / "es" / "ui.toml"
    before = Texts("es", (folder / "guerrillas" / "locale",))("category_guer")
    words.write_text(words.read_text(encoding="utf-8").replace('"Guerrilleros"', '"Partisanos"'))
    (folder / "guerrillas" / "mod.toml").write_text(
        GUERRILLAS["mod.toml"].replace('version = "1.0.0"', 'version = "1.1.0"')
    )
    write_mod(folder / "newcomer", {"mod.toml": 'id = "newcomer"\nname = "New"\nversion = "0.1"\n'})
    mods.reload()
    rows = {r.folder.name: r for r in mods.rows}
    assert rows["guerrillas"].on and rows["guerrillas"].mod.spec.version == "1.1.0"  # type: ignore[union-attr]
    assert "newcomer" in rows and not rows["newcomer"].on
    after = Texts("es", (folder / "guerrillas" / "locale",))("category_guer")
    assert (before, after) == ("Guerrilleros", "Partisanos")  # the words kept once read, read again
    assert load_mods(mods.enabled())[0].spec.version == "1.1.0"


def test_a_broken_mods_long_line_is_said_in_spanish(tmp_path: Path) -> None:
    """A broken mod deep in folders: its line was cut at 300 characters before the page read it back
    against its English text, and stayed English in Spanish. Said, then cut."""
    from game.editing.problem_words import problem_line
    from game.model.errors import MAX_LINE

    folder = tmp_path.joinpath(*["a_folder_with_a_rather_long_name"] * 4)
    mod = folder / ("x" * (220 - len(str(folder)))) / "deep"  # its mod.toml takes 234 characters
    mod.mkdir(parents=True)
    (mod / "mod.toml").write_text('id = "deep"\nname = "Deep"\nversion = "1"\nbogus_key = 1\n')
    (row,) = [r for r in ModList([], given=[mod]).rows if r.folder == mod]
    said = problem_line(Texts("es"), row.problem)
    assert row.mod is None and len(said) == MAX_LINE and said.endswith("…")
    assert "deep/mod.toml: bogus_key: clave desconocida (claves conocidas: " in said
