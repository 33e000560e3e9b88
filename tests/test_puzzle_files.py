"""Puzzle files are untrusted content (docs/puzzles.md): each problem is one line naming the file and
the key, exit code 2 from the command line; and `puzzle FILE --json` prints the commands, the
generals' reasons and the events."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import CONTENT
from game.cli.entry import main
from game.content.ruleset_files import load_ruleset
from game.model.errors import ContentError
from game.running import puzzle

SOURCE = CONTENT / "puzzles" / "charge-the-guns.toml"
HEAD = "seed = 5\n"  # the file's first key after its table size
PUZZLE = "[puzzle]\n"


def _with(tmp_path: Path, old: str = "", new: str = "", top: str = "", extra: str = "") -> Path:
    """The shipped puzzle with one line changed, a key added at the top, or text added to [puzzle]."""
    text = SOURCE.read_text(encoding="utf-8")
    if old:
        assert old in text
        text = text.replace(old, new, 1)
    text = text.replace(HEAD, HEAD + top, 1).replace(PUZZLE, PUZZLE + extra, 1)
    path = tmp_path / "p.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _problem(path: Path) -> str:
    with pytest.raises(ContentError) as e:
        spec = puzzle.load(path)
        puzzle.setup(path, spec, load_ruleset()).close()
    message = str(e.value)
    assert "\n" not in message and message.startswith(str(path)), message
    return message


EXPECT = 'unit = "cuirassiers"\norders = ["charge"]\ntarget = "guns"\n'
OBJECTIVE = '[[puzzle.objectives]]\nid = "mill"\nname = "The mill"\nat = [24, 25]\n'


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        ({"old": PUZZLE, "new": "[position]\n"}, "position: unknown key"),
        ({"old": PUZZLE, "new": "[notes]\n", "extra": ""}, "notes: unknown key"),
        ({"top": '[[steps]]\nunit = "cuirassiers"\norder = "rally"\n'}, "steps: a puzzle gives no steps"),
        ({"old": 'side = "a"\nformation', "new": 'side = "c"\nformation'}, "puzzle.side: no side 'c'"),
        ({"old": 'formation = "a-div"', "new": 'formation = "b-div"'}, "puzzle.formation: 'b-div' is no"),
        ({"old": 'formation = "a-div"', "new": 'formation = "nobody"'}, "puzzle.formation"),
        (
            {"old": 'edges = { a = "south", b = "north" }', "new": 'edges = { a = "south", b = "south" }'},
            "puzzle.edges",
        ),
        (
            {"old": 'edges = { a = "south", b = "north" }', "new": 'edges = { a = "west", b = "north" }'},
            "puzzle.edges.a",
        ),
        ({"old": "round = 4", "new": "round = 0"}, "puzzle.round"),
        ({"extra": "max_rounds = 2\n"}, "puzzle.round: round 4 is past the last round"),
        ({"old": "at = [24, 25]", "new": "at = [90, 25]"}, "puzzle.objectives[0].at"),
        ({"old": 'holder = "b"', "new": 'holder = "c"'}, "puzzle.objectives[0].holder"),
        (
            {"old": OBJECTIVE, "new": OBJECTIVE + '\n[[puzzle.objectives]]\nid = "mill"\nat = [9, 6]\n'},
            "objectives[1].id",
        ),
        ({"extra": 'colour = "red"\n'}, "puzzle.colour: unknown key"),
        ({"old": 'title = "Charge the guns"', "new": 'title = "' + "x" * 90 + '"'}, "puzzle.title"),
        ({"old": EXPECT, "new": EXPECT.replace("cuirassiers", "nobody")}, "puzzle.expect[0].unit: no unit"),
        ({"old": EXPECT, "new": EXPECT.replace('"charge"', '"dance"')}, "puzzle.expect[0].orders[0]"),
        ({"old": EXPECT, "new": EXPECT + "wins = true\n"}, "puzzle.expect[0]: give exactly one check"),
        ({"old": EXPECT, "new": 'within = 3.0\nunit = "guns"\n'}, "puzzle.expect[0].of: a distance"),
        ({"old": EXPECT, "new": 'takes = "castle"\n'}, "puzzle.expect[0].takes: no objective 'castle'"),
    ],
)
def test_a_broken_puzzle_is_one_line_naming_file_and_key(
    tmp_path: Path, edit: dict[str, str], says: str
) -> None:
    assert says in _problem(_with(tmp_path, **edit))


def test_the_command_line_prints_commands_thoughts_and_events(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", str(SOURCE), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"commands", "thoughts", "events", "checks", "passed"}
    assert out["passed"] and out["checks"] == [
        {
            "expected": "cuirassiers' first order: charges guns",
            "decided": "cuirassiers charges guns",
            "passed": True,
        }
    ]
    first = out["commands"][0]
    assert first["side"] == "a" and first["decision"] == "order"
    assert first["command"] == {"type": "Charge", "unit": "cuirassiers", "target": "guns", "combined": []}
    assert (
        out["thoughts"][0]["command"] == 0 and out["thoughts"][0]["options"][0]["command"] == first["command"]
    )
    assert out["events"][first["events"][0]]["kind"] == "moved"
    assert any(e["kind"] == "melee" for e in out["events"])


def test_the_command_line_tells_each_command_with_its_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", str(SOURCE), "--a", "normal", "--b", "easy"]) == 0
    out = capsys.readouterr().out
    assert "\n[1] a, order: " in out and "Chose: " in out and "after:" in out


def test_the_command_line_says_the_question_what_is_expected_what_was_decided_and_pass(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 38's defect: `puzzle` printed every weighed order but never the question, the expected
    decision or whether it passed."""
    assert main(["puzzle", str(SOURCE)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Charge the guns"
    assert lines[1].startswith('Question: Fresh heavy cavalry stands 5" from a battered battery')
    assert lines[2] == "Expected: cuirassiers' first order: charges guns"
    assert "Decided: cuirassiers charges guns" in lines
    assert "  PASS cuirassiers' first order: charges guns: cuirassiers charges guns" in lines
    assert "PASS: 1 of 1 checks passed" in lines and lines[-1].startswith("Why: Fresh veteran heavy cavalry")


def test_a_failed_puzzle_says_fail_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    """A general who leaves the farm to the enemy's hussars fails it; in Spanish too."""
    guard = CONTENT / "puzzles" / "guard-the-objective.toml"
    assert main(["puzzle", str(guard), "--a", "random", "--lang", "es"]) == 1
    out = capsys.readouterr().out
    # issue 38: its units and objective by their names in Spanish, never the file's English ids
    expected = (
        "  FALLO una de la 1.ª Brigada de Línea, 1.ª División y la 1.ª Brigada de Caballería Ligera, "
        '1.ª División acaba a 3" o menos de la granja: '
    )
    assert expected in out
    assert "FALLO: 0 de 1 comprobaciones superadas" in out


def test_a_broken_puzzle_exits_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _with(tmp_path, 'side = "a"\nformation', 'side = "c"\nformation')
    assert main(["puzzle", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and str(path) in err


def test_an_unknown_general_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", str(SOURCE), "--a", "grandmaster"]) == 2
    assert "unknown player 'grandmaster'" in capsys.readouterr().err


def test_a_puzzle_whose_dice_run_out_says_so(tmp_path: Path) -> None:
    path = _with(tmp_path, HEAD, "dice = [6]\n")
    with pytest.raises(ContentError, match="dice: the dice list ran out"):
        puzzle.solve(path)
