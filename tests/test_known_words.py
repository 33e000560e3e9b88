"""The checks' "(known: ...)" lines in Spanish: an unknown AI level, temperament or player, game mode,
rule module, name in a rule module's numbers, grammar word, campaign, ruleset or translated id. They had
no Spanish text (ui.toml's `problem_...`) and stayed English under --lang es."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

import pytest

from game.ai.generals import general, level_of, reference
from game.ai.players import make_player
from game.cli.entry import main
from game.content.locale import Texts, grammar_problems, translation_problems
from game.content.ruleset_files import load_ruleset
from game.editing.problem_words import problem_said
from game.model.errors import ContentError, UserError
from game.model.grammar import tag_problem
from game.model.modules import compose, unknown_names
from systems.campaign.theatre import campaign_path

ES = Texts("es")


def _raised(make: Callable[[], object]) -> str:
    """The problem an unknown name raises, without its file or key."""
    with pytest.raises(UserError) as e:
        make()
    return e.value.problem if isinstance(e.value, ContentError) else str(e.value)


def _translated(what: str) -> str:
    (e,) = translation_problems({"es": SimpleNamespace(units={"x": "X"})}, {"units": {"a"}}, what)
    return e.problem


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        (lambda: _raised(lambda: level_of("bogus")), "no hay nivel 'bogus' (conocidos: easy, normal, hard)"),
        (lambda: _raised(lambda: general("normal", "bogus")), "no hay temperamento 'bogus' (conocidos: "),
        (lambda: _raised(lambda: reference("bogus")), "no hay general de referencia 'bogus' (conocidos: "),
        (lambda: _raised(lambda: make_player("bogus", "a", 1)),
         "jugador desconocido 'bogus' (conocidos: random"),
        (lambda: _raised(lambda: compose("bogus")), "modo de juego desconocido 'bogus'; conocidos: "),
        (lambda: _raised(lambda: compose("for-glory", ["bogus"])),
         "módulo de reglas desconocido 'bogus' para for-glory; conocidos: clash-command"),
        (lambda: _raised(lambda: compose("open-wars", ["bogus"])),
         "módulo de reglas desconocido 'bogus': open-wars no tiene ninguno"),
        (lambda: _raised(lambda: campaign_path("bogus")), "no hay campaña 'bogus' (conocidas: peninsular"),
        (lambda: _raised(lambda: load_ruleset("bogus")),
         "aquí no hay reglamento 'bogus' (conocidos: for-glory"),
        (lambda: unknown_names("charges", [("save", "unit category", ["Zz"], ["LnInf"])])[0][2],
         "no hay categoría de unidad 'Zz' (conocidas: LnInf)"),
        (lambda: tag_problem("el bogus"),
         "se esperaba una gramática: palabra desconocida 'bogus' (conocidas: "),
        (lambda: next(grammar_problems({"units": {"x": "el"}}, {"units": {"a"}}, "g")).problem,
         "no hay ese id (conocidos: a)"),
        (lambda: _translated("campaign"), "no hay ese id en la campaña (conocidos: a)"),
        (lambda: _translated("puzzle"), "no hay ese id en el problema táctico (conocidos: a)"),
        (lambda: _translated("faction"), "no hay ese id en la facción (conocidos: a)"),
        (lambda: _translated("spells file"), "no hay ese id en el archivo de hechizos (conocidos: a)"),
    ],
)  # fmt: skip
def test_a_known_line_is_said_in_spanish(english: Callable[[], str], spanish: str) -> None:
    said = problem_said(ES, english())
    assert said.startswith(spanish), said
    assert "known" not in said and "unknown" not in said


@pytest.mark.parametrize(
    ("args", "spanish"),
    [
        (["simulate", "--a", "bogus"], "error: jugador desconocido 'bogus' (conocidos: random, heuristic"),
        (["simulate", "--module", "bogus"], "módulo de reglas desconocido 'bogus' para for-glory; conocidos"),
    ],
)
def test_an_unknown_player_or_module_on_the_command_line_is_said_in_spanish(
    args: list[str], spanish: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*args, "--rounds", "1", "--lang", "es"]) == 2
    err = capsys.readouterr().err
    assert spanish in err and "known" not in err, err
