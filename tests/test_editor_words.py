"""Issue 38 ("Words"): a card the map editor places is named in every language of the game, so a
Spanish player sees "Llanura 1", not the English "Plain 1"; undone in one step with its card."""

from __future__ import annotations

from game.editing import maps
from game.editing.texts import shown


def test_a_new_card_is_named_in_spanish_too() -> None:
    doc = maps.new_map()
    path = maps.add_location(doc, "plain", (20.0, 30.0))
    assert shown(doc, path, "name", "en") == "Plain 1"
    assert shown(doc, path, "name", "es") == "Llanura 1"
    city = maps.add_location(doc, "city", (40.0, 30.0))
    assert shown(doc, city, "name", "es") == "Ciudad 1"
    named = maps.add_location(doc, "forest", (60.0, 30.0), name="Greenwood")
    assert shown(doc, named, "name", "es") == "Greenwood"  # a name given is the file's own, as before
    doc.undo()
    doc.undo()
    doc.undo()
    assert not doc.get(("locations",)) and not (doc.get(("locale", "es", "locations")) or {})
