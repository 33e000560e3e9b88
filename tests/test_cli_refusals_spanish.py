"""Each command's own refusals of its options and arguments said in the player's language: with
`--lang es` they were English ("play: --frames N goes with --demo or --edit"). The checks keep their
English line; game/cli/error_words.py reads it back against ui.toml's `problem_cli_...` texts. The
command that refuses ("play: ") and a path stay as they are; the line is one, exit code 2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import CONTENT
from game.cli.entry import main
from game.cli.error_words import error_line
from game.running.settings import Settings
from tests.test_spanish_output import problems

# a command line, and what its refusal says in Spanish
REFUSED = [
    (["play", "--frames", "5"], "play: --frames N va con --demo o --edit"),
    (["play", "--rounds", "3"], "play: --rounds N va con --demo o --host (una batalla que juegas acaba"),
    (["play", "--demo", "--campaign", "peninsular", "--rounds", "3"], "play: --campaign no lleva --rounds"),
    (["play", "--demo", "--a", "human"], "play: --demo se mira mientras juegan los generales del ordenador"),
    (["play", "--host", "0", "--join", "x:1"], "play: --host o --join, no los dos"),
    (["play", "--join", "localhost:1", "--turn-timer", "30"], "play: --turn-timer va con --host"),
    (["play", "--host", "0", "--turns", "3"], "play: --turns va con --campaign (el límite de una batalla"),
    (["play", "--host", "0", "--campaign", "peninsular", "--rounds", "3"], "no lleva --rounds ni --module"),
    (["play", "--headless"], "play: --headless va con --host o --join"),
    (["play", "--headless", "--host", "0"], "play: --headless necesita --ai TIPO, el jugador del ordenador"),
    (["play", "--headless", "--host", "0", "--ai", "foo"], "play: jugador desconocido 'foo' para --ai"),
    (["play", "--host", "abc"], "play: --host 'abc': da [DIRECCIÓN:]PUERTO (un puerto de 0 a 65535)"),
    (["play", "--join", "abc"], "play: --join 'abc': da MÁQUINA:PUERTO (un puerto de 0 a 65535)"),
    (["by-file", "start", "--turns", "3"], "by-file start: --turns va con --campaign"),
    (["tournament", "--player", "heuristic"], "tournament: --player elige quiénes se enfrentan en --all"),
    (["tournament", "--all", "--a", "heuristic"], "tournament: --all enfrenta cada nivel de IA"),
    (["tournament", "--all", "--player", "heuristic"], "tournament: --all necesita dos niveles de IA o más"),
    (["tournament", "--scenario", "default", "--scenario", "bailen"], "tournament: dos jugadores juegan"),
    (["tournament", "--cluster", "foo"], "--cluster: 'foo' no es la dirección de un planificador"),
    (["simulate", "--module", "clash-melee"], "el módulo de reglas clash-melee se apoya en clash-command"),
    (["simulate", "--module", "warhammer-charges", "--scenario", "ow-border-march"], "se juega en for-glory"),
    (["simulate", "--module", "dias-terrain", "--module", "warhammer-terrain"], "sustituyen los dos"),
    (["simulate", "--c", "heuristic"], "simulate: --c: esta partida no tiene ese asiento; solo tiene 2"),
    (["simulate", "--c", "heuristic", "--d", "random"], "simulate: --c y --d: esta partida no tiene esos"),
    (["simulate", "--players", "3"], "players: se eligen para un mapa aleatorio de Open Wars, no para una"),
    (["simulate", "--a", "x\0"], "forglory: un argumento lleva un carácter NUL: 'x\\x00'"),
    # simulate ignored them without a word: a battle's --turns, a campaign's --rounds and --module
    (["simulate", "--turns", "3"], "simulate: --turns va con --campaign (el límite de una batalla"),
    (["simulate", "--campaign", "peninsular", "--rounds", "3"], "simulate: --campaign no lleva --rounds"),
    (["simulate", "--campaign", "peninsular", "--module", "clash-command"], "no lleva --rounds ni --module"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "said"), REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_a_commands_own_refusal_in_spanish(
    args: list[str], said: str, capfd: pytest.CaptureFixture[str]
) -> None:
    assert main([*args, "--lang", "es"]) == 2
    out, err = capfd.readouterr()
    assert not out and err.count("\n") == 1 and said in err, err
    typed = re.sub(r"--[\w-]+|^error: (?:--module: modules|[a-z][a-z -]*):", " ", err)  # as typed: options,
    assert not list(problems(typed)), err  # the command, the key of --module


def test_file_refusals_in_spanish(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    a_file, a_link = tmp_path / "a-file", tmp_path / "a-link"
    a_file.write_text("x")
    a_link.symlink_to(tmp_path)
    scenario = tmp_path / "mine.toml"  # of no mod: the other player could not have it
    scenario.write_bytes((CONTENT / "scenarios" / "default.toml").read_bytes())
    none = f"{tmp_path / 'none'}/"
    refused = {
        ("schema", "--out", str(a_file)): "no es una carpeta",
        ("new-mod", str(a_file)): "ya existe y no es una carpeta vacía; elige otra nueva",
        ("new-mod", str(a_link)): "es un enlace; da la ruta de una carpeta nueva",
        ("new-mod", f"{none}mod"): f"{tmp_path / 'none'}: no existe la carpeta",
        ("mod", "pack", str(tmp_path), "--out", none): "no existe la carpeta: no se escribió",
        ("by-file", "start", "--scenario", str(scenario)): "un archivo de escenario que no es de ningún mod",
    }
    for args, said in refused.items():
        assert main([*args, "--lang", "es"]) == 2
        err = capfd.readouterr().err
        assert err.count("\n") == 1 and said in err, err


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("play: cannot open the game window (no display); a display is needed (on a headless machine, run "
         "under xvfb-run)", "play: no se puede abrir la ventana del juego (no display); hace falta una "
         "pantalla (en una máquina sin ella, ejecútalo con xvfb-run)"),
        ("by-file open: cannot open the game window (no display); a display is needed",
         "by-file open: no se puede abrir la ventana del juego (no display); hace falta una pantalla"),
        ("tournament: the process playing bailen seed 3 (hard v easy) ended abruptly (killed, or out of "
         "memory); run again, or with --jobs 1", "tournament: el proceso que jugaba bailen con la semilla 3 "
         "(hard v easy) acabó de golpe (lo mataron o se quedó sin memoria); vuelve a ejecutarlo, o con"),
        ("--cluster needs dask.distributed: pip install 'forglory[cluster]'",
         "--cluster necesita dask.distributed: pip install 'forglory[cluster]'"),
        ("--cluster tcp://h:1: the scheduler has no workers", "--cluster tcp://h:1: el planificador no"),
        ("--cluster tcp://h:1: the game ('a', {'b': 1}) was lost on the cluster (KilledWorker); run again, "
         "or without --cluster", "--cluster tcp://h:1: la partida ('a', {'b': 1}) se perdió en el clúster"),
        ("mods/x: cannot write the mod: Permission denied", "mods/x: no se puede escribir el mod: permiso"),
    ],
)  # fmt: skip
def test_refusals_hard_to_provoke_in_spanish(line: str, said: str) -> None:
    """Those of a missing display, a dead process, a cluster, a disk: their English lines as the code
    writes them, read back."""
    assert error_line(line, "es").startswith(f"error: {said}")


def test_play_refuses_in_the_language_of_the_settings(capfd: pytest.CaptureFixture[str]) -> None:
    """`play` without --lang speaks as its window does, in the settings' language; --lang still rules,
    and another command without it speaks English."""
    Settings(language="es").save()
    assert main(["play", "--frames", "5"]) == 2
    assert capfd.readouterr().err == "error: play: --frames N va con --demo o --edit\n"
    assert main(["play", "--frames", "5", "--lang", "en"]) == 2
    assert capfd.readouterr().err == "error: play: --frames N goes with --demo or --edit\n"
    assert main(["simulate", "--a", "nobody"]) == 2
    assert capfd.readouterr().err.startswith("error: unknown player 'nobody'")
    assert main(["by-file", "open", "missing.forglory-turn"]) == 2  # it opens the window too
    assert capfd.readouterr().err.startswith("error: missing.forglory-turn: no existe ")
    assert main(["by-file", "start", "--turns", "3"]) == 2  # it writes a file: English without --lang
    assert capfd.readouterr().err.startswith("error: by-file start: --turns goes with --campaign")


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("a.toml: no statistics are kept for this game",
         "a.toml: de esta partida no se guardan estadísticas"),
        ("p.toml: the generals took more than 60 decisions in one activation",
         "p.toml: los generales tomaron más de 60 decisiones en una activación"),
        ("s.toml: the fr player finds no command the rules accept for the order of fr-1; the last refusal: "
         "the unit is not in play (FG-ORD-1)",
         "s.toml: el jugador fr no encuentra ninguna orden que las reglas acepten para la decisión order de "
         "fr-1; la última negativa: the unit is not in play (FG-ORD-1)"),  # the rules' refusal, as worded
        ("w.toml: the french player finds no command the rules accept for camp_orders",
         "w.toml: el jugador french no encuentra ninguna orden que las reglas acepten para la decisión "
         "camp_orders"),
    ],
)  # fmt: skip
def test_the_last_english_only_refusals_are_said_in_spanish(line: str, said: str) -> None:
    """Four refusals a session found still English under --lang es: stats of a game that keeps none, a
    puzzle whose generals never end their activation, a battle or a war whose player finds no command
    the rules accept (its file's numbers or places leave none)."""
    from game.content.locale import Texts
    from game.editing.problem_words import problem_line

    assert problem_line(Texts("es"), line) == said
