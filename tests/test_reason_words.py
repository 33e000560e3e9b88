"""The rules' refusals in the player's words: a refusal built by `refuse` records its English text
(content/locale/en/reasons.toml, the one source) as the event's reason, word for word as before the
texts moved there, and the screens say it in Spanish; the shipped scripted battles play to the same
events."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import CONTENT
from game.content.locale import Texts
from game.content.module_records import folder_of
from game.content.ruleset_files import load_ruleset
from game.model.modules import modules
from game.model.resolution import Reject, refuse
from game.running.log_texts import english
from game.running.match import events_digest
from game.running.script import load, play, setup
from systems.for_glory.charge.plan import plan_charge
from systems.for_glory.paths import plan_move
from systems.for_glory.targets import check_fire
from systems.open_wars.mode import open_game
from systems.open_wars.moves import Recruit, check_recruit
from tests.helpers import make_battle, unit
from tests.rules.test_open_wars import SMALL

ES, EN = Texts("es"), Texts("en")


def refusal(f) -> Reject:  # type: ignore[no-untyped-def]
    with pytest.raises(Reject) as caught:
        f()
    return caught.value


def test_a_refusal_records_its_english_text_word_for_word() -> None:
    b = make_battle()
    try:
        u = unit(b, "u", "a", (20.0, 20.0), 0.0)
        f = unit(b, "f", "b", (30.0, 30.0), 180.0)
        cases = [
            (lambda: plan_move(b, u, (50.0, 20.0), None),
             'the move is 30.00" and Line infantry may move 12" at most'),
            (lambda: check_fire(b, u, f), 'f is out of range (11.89" > 2")'),
            (lambda: plan_charge(b, u, f), "f was not in the vision area of u before it moved"),
        ]  # fmt: skip
        for site, before in cases:
            r = refusal(site)
            assert b.reason(r) == before  # the words the events recorded before the texts moved
            assert r.key is not None and b.reason(r) == EN(r.key, **r.values)  # its English text, formatted
    finally:
        b.close()


def test_a_refusal_in_spanish_names_the_category_and_writes_decimal_commas() -> None:
    b = make_battle()
    try:
        u = unit(b, "u", "a", (20.0, 20.0), 0.0)
        f = unit(b, "f", "b", (30.0, 30.0), 180.0)
        far = refusal(lambda: plan_move(b, u, (50.0, 20.0), None))
        assert far.said(ES) == 'Infantería de línea: mueve 12" como máximo y el movimiento es de 30"'
        assert refusal(lambda: check_fire(b, u, f)).said(ES) == 'f está fuera de alcance (11,9" > 2")'
        assert b.reason(far) == 'the move is 30.00" and Line infantry may move 12" at most'  # as recorded
        assert far.said(EN) == 'the move is 30" and Line infantry may move 12" at most'  # as every measure
    finally:
        b.close()


def test_a_refusal_without_words_is_said_as_its_reason() -> None:
    assert Reject("X-1", "a module's own reason").said(ES) == "a module's own reason"
    r = refuse("FG-ORD-10", "reason_last_hit")
    assert (r.rule, r.worded(EN)) == ("FG-ORD-10", "the last hit counter cannot be removed by rallying")
    assert r.said(ES) == "el último contador de impacto no se puede retirar al reagruparse"


def test_open_wars_refusals_in_its_modules_words(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text(SMALL)
    c, _world, _rules = open_game(path, 0, None, [6] * 20, (), english())
    es = Texts("es", tuple(folder_of(m) / "locale" for m in modules() if m.id == "open-wars"))
    where = c.location("b").name
    r = refusal(lambda: check_recruit(c, "dw", Recruit("b", "dwarf-warriors")))
    assert (r.rule, c.reason(r)) == ("OW-LOC-5", f"units are recruited only in cities, not in {where}")
    assert r.said(es) == f"solo se recluta en ciudades, no en {where}"
    assert r.said(ES) == f"reason_ow_cities_only location={where}"  # no words for it: its key


def test_the_scripted_battles_record_the_same_events() -> None:
    """Digests of the shipped scripted battles' events taken before the refusals' texts moved to
    reasons.toml: fire-at-line's has a refusal."""
    digests = {
        "fire-at-line.toml": "bcd65039ed06f8fb16baccfee124d7d18bf2aa24221e1d6840629b4d218a65f9",
        "road-march.toml": "c9d14d069a3bfe41b4c11797777768566db9c3f6d980d8833e84bf06d278e319",
    }
    for name, digest in digests.items():
        path = CONTENT / "scripts" / name
        spec = load(path)
        battle = setup(path, spec, load_ruleset(spec.ruleset))
        try:
            play(path, spec, battle)
            assert events_digest(battle) == digest, name
        finally:
            battle.close()
