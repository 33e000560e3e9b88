"""Spanish contracts "a el" to "al" (RAE): Open Wars' and the campaign's texts that put a name after
"a" ask it for its `al` form, so that a name with an article reads "al Cuerpo de Dupont", not "a Cuerpo
de Dupont", and one without ("Madrid") still "a Madrid" (docs/spanish.md)."""

from __future__ import annotations

import pytest

from game.model.grammar import said_name
from game.running.log_texts import texts_for

CORPS = said_name("Cuerpo de Dupont", "el", "army", "es")
HILL = said_name("Cerro de los Ángeles", "el", "location", "es")
MADRID = said_name("Madrid", "", "location", "es")
LANCERS = said_name("Lanceros", "los", "unit", "es")


@pytest.mark.parametrize(
    ("key", "values", "said"),
    [
        ("reason_ow_costs", {"location": MADRID, "cost": 3, "unit": CORPS, "left": 1},
         "Madrid cuesta 3 y el Cuerpo de Dupont tiene 1"),
        ("reason_ow_costs", {"location": MADRID, "cost": 3, "unit": LANCERS, "left": 2},
         "Madrid cuesta 3 y los Lanceros tienen 2"),
        ("reason_ow_not_next", {"location": MADRID, "here": HILL},
         "Madrid no es adyacente al Cerro de los Ángeles"),
        ("reason_ow_not_next", {"location": HILL, "here": MADRID},
         "Cerro de los Ángeles no es adyacente a Madrid"),
        ("ow_retreat", {"count": 2, "location": HILL}, "Retirar 2 al Cerro de los Ángeles"),
        ("ow_shoot_button", {"location": HILL}, "Disparar al Cerro de los Ángeles"),
        ("ow_order_retreat_one", {"tokens": "1 ficha de Orcos", "location": HILL},
         "1 ficha de Orcos se retira al Cerro de los Ángeles"),
        ("ow_order_retreat_many", {"tokens": "2 fichas de Orcos", "location": MADRID},
         "2 fichas de Orcos se retiran a Madrid"),
        ("ow_order_shoot", {"unit": "Arqueros", "location": MADRID, "target": HILL},
         "la pila de Arqueros en Madrid dispara al Cerro de los Ángeles"),
        ("log_note_camp_event_army", {"army": CORPS, "location": HILL, "rule": "CAMP-DEC-1"},
         "El Cuerpo de Dupont llega al Cerro de los Ángeles (CAMP-DEC-1)"),
        ("log_note_camp_retreat", {"army": CORPS, "to": HILL, "rule": "CAMP-DEC-1"},
         "El Cuerpo de Dupont se retira al Cerro de los Ángeles (CAMP-DEC-1)"),
        ("log_note_camp_declined", {"army": CORPS, "to": MADRID, "rule": "CAMP-DEC-1"},
         "El Cuerpo de Dupont rehúye la batalla y se retira a Madrid (CAMP-DEC-1)"),
        ("log_note_camp_too_weak", {"army": CORPS, "to": HILL, "rule": "CAMP-DEC-1"},
         "El Cuerpo de Dupont es demasiado débil para dar batalla y se repliega al Cerro de los Ángeles "
         "(CAMP-DEC-1)"),
    ],
)  # fmt: skip
def test_a_name_after_a_takes_al_when_it_takes_el(key: str, values: dict[str, object], said: str) -> None:
    t = texts_for("es", ["open-wars", "campaign"])
    assert t(key, **values) == said
