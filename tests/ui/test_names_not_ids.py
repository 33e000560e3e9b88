"""Issue 38 ("Words"): the battle screen's words name units and sides, never their ids. The move ghost
said "enters the reaction area of es-1d" and the reaction prompt "fr: elige una unidad"; and the
figures' dice line counts in words that agree ("1 six")."""

from __future__ import annotations

import pytest

from game import CONTENT
from game.content.locale import Names, Texts
from game.model.figures import SideStats
from game.model.grammar import said_name
from game.model.resolution import Decision
from game.running.stats import Figures
from game.ui.battle.human import HumanInput
from game.ui.widgets.stats_view import luck_lines
from tests.helpers import make_battle, unit

GRANADEROS = said_name("Granaderos provinciales", "", "unit", "es")
BRIGADA = said_name("Brigada Chabert", "", "unit", "es")
NAMES = Names({"a3": BRIGADA, "b2": GRANADEROS}, sides={"fr": said_name("franceses", "", "side", "es")})
ES = Texts("es").with_names(NAMES)


def line_up():  # type: ignore[no-untyped-def]
    b = make_battle()
    unit(b, "a3", "fr", (36, 18), 90)
    unit(b, "b2", "es", (36, 23), 270)
    return b


def test_a_move_ghost_names_the_units_whose_reaction_area_it_enters() -> None:
    b = line_up()
    try:
        ghost = HumanInput(b, t=ES)._move_ghost("a3", (36.0, 20.5))
        said = " ".join(ghost.lines)
        assert "entra en el área de reacción de los Granaderos provinciales" in said, said
        assert "b2" not in said
    finally:
        b.close()


def test_a_reaction_prompt_names_its_unit_and_the_units_that_may_react() -> None:
    b = line_up()
    try:
        human = HumanInput(b, t=ES)
        human.decision = Decision("reaction", "es", "a3", ("b2",), stage="during")
        [prompt] = human.describe()
        assert prompt.startswith(
            "La Brigada Chabert, en su camino, está en el área de reacción de los Granaderos"
        ), prompt
        assert "a3" not in prompt and "b2" not in prompt
    finally:
        b.close()


def test_a_rule_module_s_prompt_names_the_side() -> None:
    """Clash of Spears' turn: "{side}: elige una unidad ..." said "fr: elige una unidad"."""
    b = line_up()
    try:
        clash = Texts("es", (CONTENT / "modules" / "clash-command" / "locale",)).with_names(NAMES)
        human = HumanInput(b, t=clash)
        human.decision = Decision("clash_turn", "fr", "a3")
        [prompt] = human.describe()
        assert prompt.startswith("Franceses: elige una unidad"), prompt
    finally:
        b.close()


@pytest.mark.parametrize(
    ("n", "english", "spanish"),
    [(1, "1 six, 1 one", "1 seis, 1 uno"), (2, "2 sixes, 2 ones", "2 seises, 2 unos")],
)
def test_the_figures_dice_line_counts_its_sixes_and_ones(n: int, english: str, spanish: str) -> None:
    """The battle's figures (Tab) said "1 sixes, 1 ones"."""
    side = SideStats(losses={}, rolls=4, pips=14, sixes=n, ones=n, luck={}, score=[0])
    f = Figures("x", 1, 1, None, {"fr": side}, [])
    for language, said in (("en", english), ("es", spanish)):
        [(_rank, lines)] = luck_lines(f, Texts(language), {"fr": "French"}).values()
        assert lines[-1].endswith(said), lines[-1]
