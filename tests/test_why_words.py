"""The reasons of a reaction, the cavalry's extra move, an officer's move and a pass in the player's
words (issue 28: the generals choose them by their worth, and Why? and `puzzle` say why), in both
languages: never the command's type name, and every term of a worth the generals give has words."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from game.ai.reasons import Thought, Weighed, weighed
from game.content.locale import Texts
from game.model import commands as cmd
from game.running.why_words import SHOWN, command_words, why_lines

SAID = [
    (cmd.React("line", "fire"), "line reacts by shooting", "line reacciona disparando"),
    (cmd.React("line", "charge"), "line reacts by charging", "line reacciona cargando"),
    (cmd.React("line", "square"), "line reacts: square", "line reacciona: square"),  # a module's own
    (cmd.ExtraMove("hussars", charge="guns"), "hussars makes its extra move and charges guns", None),
    (cmd.ExtraMove("hussars", (1.0, 2.0), 90.0), "hussars makes its extra move", None),
    (cmd.MoveOfficer("a-div", (3.0, 4.0)), "a-div rides to his new place", None),
    (cmd.Pass(), "do nothing", "no hacer nada"),
]


@pytest.mark.parametrize(("command", "english", "spanish"), SAID)
def test_each_answer_is_said_in_words(command: cmd.Command, english: str, spanish: str | None) -> None:
    assert command_words(weighed(command, {}), Texts("en")) == english
    said = command_words(weighed(command, {}), Texts("es"))
    assert said != type(command).__name__ and said != english
    if spanish is not None:
        assert said == spanish


@pytest.mark.parametrize(
    "term",
    ["odds", "after", "plan", "safety", "leadership", "answers", "command", "holding", "obedience", "cost"],
)
def test_every_term_of_a_generals_worth_has_words(term: str) -> None:
    for language in ("en", "es"):
        assert Texts(language).has(f"why_term_{term}")


def test_moves_said_alike_are_said_once() -> None:
    """Moves of one unit and one length in other directions read alike (no coordinates): the box says
    each reading once and fills its rows with options that read differently."""
    parts = (("objectives", 2.42),)
    alike = [Weighed(cmd.Move("militia", (x, 5.0), 90.0), 2.59, parts, moved=2.7) for x in (1.0, 2.0, 3.0)]
    others = [Weighed(cmd.Fire("guns", f"line-{i}"), 1 - i / 10, (("odds", 1 - i / 10),)) for i in range(5)]
    chose = Weighed(cmd.Move("militia", (0.0, 5.0), 90.0), 2.65, parts, moved=3.5)
    lines = why_lines(Thought("order", "es", (chose, *alike, *others), 28), Texts("en"), str)
    weighed_ = [line for line in lines if line.startswith("Weighed: ")]
    assert len(weighed_) == SHOWN - 1 == len(set(weighed_))
    assert sum("militia" in line for line in weighed_) == 1


def test_the_chances_are_said_in_the_players_words() -> None:
    """A charge's chances as the unit's hover box says them (the log's words for each result)."""
    odds = {"won: one hit": Fraction(1, 2), "lost: one hit": Fraction(1, 3), "miss": Fraction(1, 6)}
    w = weighed(cmd.Charge("hussars", "guns"), {"odds": 1.0}, odds)
    spanish = why_lines(Thought("order", "fr", (w,), 3), Texts("es"), str)[-1]
    said = (
        "gana, causa un impacto al enemigo 50\u00a0%; pierde y recibe un impacto 33\u00a0%; fallo 17\u00a0%"
    )
    assert spanish == "    probabilidades: " + said
    english = why_lines(Thought("order", "fr", (w,), 3), Texts("en"), str)[-1]
    assert english == "    chances: wins, hits the enemy once 50%; loses and is hit once 33%; miss 17%"


@pytest.mark.parametrize(
    ("fire", "english", "spanish"),
    [
        (None, "turn foot where it stands", "girar a foot en el sitio"),
        ("gun", "turn foot where it stands, then shoot at gun", "girar a foot en el sitio y disparar a gun"),
    ],
)
def test_a_move_of_no_length_is_said_as_a_turn(fire: str | None, english: str, spanish: str) -> None:
    """The search tries turning to face the nearest enemy where the unit stands: 'move foot 0"' said
    nothing a player could picture."""
    still = Weighed(cmd.Move("foot", (1.0, 5.0), 90.0, fire=fire), 0.24, moved=0.0)
    assert command_words(still, Texts("en")) == english
    assert command_words(still, Texts("es")) == spanish
    assert command_words(replace(still, moved=1.3), Texts("en")).startswith('move foot 1.3"')


@pytest.mark.parametrize(
    ("looked_at", "english", "spanish"),
    [
        (1, "the general weighed 1 position or roll", "el general sopesó 1 posición o tirada"),
        (2, "the general weighed 2 positions and rolls", "el general sopesó 2 posiciones y tiradas"),
    ],
)
def test_the_title_counts_in_the_singular_after_one(looked_at: int, english: str, spanish: str) -> None:
    """'weighed 1 positions' read wrong: the title takes the singular after 1 in both languages."""
    thought = Thought("order", "fr", (weighed(cmd.Pass(), {}),), looked_at)
    assert why_lines(thought, Texts("en"), str)[0] == f"Why? fr: {english}"
    assert why_lines(thought, Texts("es"), str)[0] == f"¿Por qué? fr: {spanish}"


def test_a_move_tried_facing_an_enemy_says_whom_it_faces() -> None:
    """The hard general tries a move facing the enemy nearest to where it ends too (a flank left to him
    gives his shot +2, FG-CBT-2): the box tells it from the same move facing the way it went."""
    went = Weighed(cmd.Move("brigade", (11.0, 10.0), 0.0), 2.0, moved=4.0)
    faced = replace(Weighed(cmd.Move("brigade", (11.0, 10.0), 68.2), 2.1, moved=4.0), faces="guns")
    shooting = replace(
        Weighed(cmd.Move("brigade", (11.0, 10.0), 68.2, fire="guns"), 2.2, moved=4.0), faces="guns"
    )
    en, es = Texts("en"), Texts("es")
    assert command_words(went, en) == 'move brigade 4"'
    assert command_words(faced, en) == 'move brigade 4", facing guns'
    assert command_words(shooting, en) == 'move brigade 4", facing guns, then shoot at guns'
    assert command_words(faced, es) == 'mover a brigade 4" encarando a guns'
    assert command_words(shooting, es) == 'mover a brigade 4" encarando a guns y disparar a guns'
    lines = why_lines(Thought("order", "a", (faced, went), 2), en, str)
    assert sum(line.startswith(("Chose: ", "Weighed: ")) for line in lines) == 2  # two readings, both said


def test_moves_alike_in_words_say_the_way_each_goes_and_then_its_facing() -> None:
    """Issue 38's defect: the Why box listed five options that read alike ("move Militia of Jaén 4""
    again and again). Moves of one unit and one length say the way each goes (north: up the table),
    and where that is alike too, the way each ends facing; a move that reads like a better one in
    every word is said once. A move unlike the others says no more than before."""
    start = (10.0, 10.0)
    north = weighed(cmd.Move("militia", (10.0, 14.0), 90.0), {"objectives": 2.5}, moved=4.0, start=start)
    east = weighed(cmd.Move("militia", (14.0, 10.0), 90.0), {"objectives": 2.4}, moved=4.0, start=start)
    turned = weighed(cmd.Move("militia", (10.0, 14.0), 0.0), {"objectives": 2.3}, moved=4.0, start=start)
    again = weighed(cmd.Move("militia", (10.2, 14.0), 90.0), {"objectives": 2.2}, moved=4.0, start=start)
    other = weighed(cmd.Move("guns", (30.0, 34.0)), {"objectives": 2.1}, moved=2.0, start=(30.0, 30.0))
    thought = Thought("order", "es", (north, east, turned, again, other), 40)
    assert why_lines(thought, Texts("en"), str)[1::2] == [
        'Chose: move militia 4" north, facing north (worth +2.50)',
        'Weighed: move militia 4" east (worth +2.40)',
        'Weighed: move militia 4" north, facing east (worth +2.30)',
        'Weighed: move guns 2" (worth +2.10)',
    ]
    spanish = why_lines(thought, Texts("es"), str)
    assert 'mover a militia 4" hacia el este' in spanish[3] and "mirando al este" in spanish[5], spanish
