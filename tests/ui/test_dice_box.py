"""Issue 22: the dice box shows every die of a roll the log tells in one line (an officer's two
initiative dice, "6 + 4 = 10"), each with its own face, and their sum."""

import pytest

from game.content.locale import Texts
from game.model.events import Melee, ModLine, Roll
from game.model.grammar import said_name
from game.running.narrate import Narrator
from game.ui import theme
from game.ui.battle.hud import draw_dice
from game.ui.battle.roll_words import group_rows, roll_rows
from game.ui.drawing.display import Display
from tests.helpers import make_battle
from tests.ui.driver import open_screen


def _initiative(die, officer="fr-1", total=10):
    return Roll(
        check="initiative",
        die=die,
        modifiers=(),
        total=die,
        outcome=f"initiative {total}",
        officer=officer,
        rule="FG-INIT-2",
    )


def test_two_initiative_dice_are_shown_together_with_their_sum():
    b = make_battle()
    d = Display()
    d.feed(b, [_initiative(6), _initiative(4)])
    d.skip()
    assert [e["die"] for e in d.dice.group] == [6, 4]
    assert group_rows(d.dice.group, Narrator())[-1] == "6 + 4 = 10: initiative 10"
    b.close()


def test_the_box_shows_both_initiative_dice_from_its_first_frame():
    """Issue 38's defect: the first battle's box showed one die of two for half a second, saying its
    face as the total of the initiative it was half of ("initiative = 4: initiative 10")."""
    b = make_battle()
    d = Display()
    d.feed(b, [_initiative(4), _initiative(6)])
    d.tick(0.01)
    assert [e["die"] for e in d.dice.group] == [4, 6]
    assert group_rows(d.dice.group, Narrator())[-1] == "4 + 6 = 10: initiative 10"
    b.close()


def test_another_officers_roll_starts_a_box_of_its_own():
    b = make_battle()
    d = Display()
    d.feed(b, [_initiative(6), _initiative(4), _initiative(2, "fr-2", 2)])
    d.skip()
    assert [e["die"] for e in d.dice.group] == [2]
    b.close()


def test_the_box_draws_both_dice_with_their_faces(window, monkeypatch):
    screen = open_screen(window)
    faces = []
    monkeypatch.setattr(theme, "draw_die", lambda surf, rect, face, numbered=False: faces.append(face))
    screen.display.feed(screen.battle, [_initiative(6), _initiative(4)])
    screen.display.skip()
    screen.display.dice.age = 1.0  # settled
    draw_dice(screen, window)
    assert faces == [6, 4]
    screen.close()


def test_the_box_stands_aside_while_the_f1_help_covers_the_table(window, monkeypatch):
    """F1: the help panel covers the table's corner where the box stands; the box is not drawn under
    it, half hidden with its die sticking out past the panel's edge."""
    screen = open_screen(window)
    faces = []
    monkeypatch.setattr(theme, "draw_die", lambda surf, rect, face, numbered=False: faces.append(face))
    screen.display.feed(screen.battle, [_initiative(6)])
    screen.display.skip()
    screen.display.dice.age = 1.0
    screen.help = True
    draw_dice(screen, window)
    assert faces == []
    screen.help = False
    draw_dice(screen, window)
    assert faces == [6]
    screen.close()


def _roll_off(side, die):
    return Roll(
        check="roll-off", die=die, modifiers=(), total=die, outcome=side, side=side, rule="FG-REINF-2"
    )


def test_a_roll_off_says_each_side_s_die_and_the_winner_never_their_sum():
    """Session 12: the box said a roll-off's two dice as one roll, "2 + 1 = 3: Franceses", the sum and
    the last to roll as if they had won, while the log said the Spanish won."""
    b = make_battle()
    d = Display()
    d.feed(b, [_roll_off("es", 2), _roll_off("fr", 1)])
    d.skip()
    assert [e["die"] for e in d.dice.group] == [2, 1]
    names = {s: said_name(n, "", "side", "es") for s, n in {"es": "españoles", "fr": "franceses"}.items()}
    (row,) = group_rows(d.dice.group, Narrator(Texts("es"), names))
    assert row == "Tirada de desempate (FG-REINF-2): Españoles 2, Franceses 1; ganan los españoles"
    b.close()


def test_the_box_stands_where_it_covers_no_piece(window):
    """Issue 38's leftover: the box stood at the table's bottom left over the units there. It takes the
    first corner of the table's view where it covers no piece, and keeps it while its roll is shown."""
    screen = open_screen(window)
    screen.display.feed(screen.battle, [_initiative(6)])
    screen.display.skip()
    screen.display.dice.age = 1.0
    screen.renderer.taken = []
    draw_dice(screen, window)
    first = screen.dice_box
    table = screen.renderer.table_in_view(screen.camera)
    assert first is not None and first.bottomleft == (table.x + 10, table.bottom - 10)  # as it was
    piece = first.inflate(-40, -20)  # a unit where it stood
    screen.renderer.taken = [piece]
    screen.display.feed(screen.battle, [_initiative(3, "fr-2", 3)])  # the next roll
    screen.display.skip()
    screen.display.dice.age = 1.0
    draw_dice(screen, window)
    moved = screen.dice_box
    assert moved is not None and not moved.colliderect(piece)
    screen.renderer.taken = [piece, moved.inflate(-40, -20)]  # a unit walks under it: it stays
    draw_dice(screen, window)
    assert screen.dice_box == moved
    screen.close()


def _melee_roll(unit, die, target=None):
    return Roll(
        check="melee", die=die, modifiers=(), total=die, outcome="rolled", unit=unit, target=target,
        rule="FG-MELEE-2",
    )  # fmt: skip


def test_a_melee_s_dice_are_shown_together_with_what_they_decided():
    """Session 25's player: the box showed the defender's die alone, "58e de Ligne: melee / = 2: rolled",
    neither the charger's die nor the result the log gave. Each side's die is one box, each unit's
    total said, and the melee's line (who won, by how much, FG-MELEE-2..) under them."""
    b = make_battle()
    d = Display()
    melee = Melee(
        attackers=("Dragoons",), defenders=("Line",), attack=1, defence=2, margin=1, winner="draw",
        outcome="draw", rule="FG-CBT-13",
    )  # fmt: skip
    d.feed(b, [_melee_roll("Dragoons", 1, "Line"), _melee_roll("Line", 2), melee])
    d.skip()
    assert [e["die"] for e in d.dice.group] == [1, 2] and d.dice.result is not None
    rows = group_rows(d.dice.group, Narrator(), d.dice.result)
    assert rows == [
        "Dragoons: melee",
        "= 1",
        "Line: melee",
        "= 2",
        "Melee: Dragoons (1) against Line (2): a draw at a margin of 1 (FG-CBT-13)",
    ]
    assert not any("rolled" in r for r in rows)
    b.close()


def test_the_next_melee_starts_a_box_of_its_own():
    b = make_battle()
    d = Display()
    melee = Melee(
        attackers=("A",), defenders=("B",), attack=5, defence=2, margin=3, winner="attackers",
        outcome="pushed", rule="FG-CBT-13",
    )  # fmt: skip
    d.feed(b, [_melee_roll("A", 5, "B"), _melee_roll("B", 2), melee, _melee_roll("C", 4, "D")])
    d.skip()
    assert [e["die"] for e in d.dice.group] == [4] and d.dice.result is None
    b.close()


@pytest.mark.parametrize(
    ("die", "outcome", "said"),
    [(1, "fail", "= 5: failed; a natural 1 always fails (FG-LDR-6)"),
     (6, "pass", "= 10: passed; a natural 6 always passes (FG-LDR-6)"),
     (3, "fail", "= 7: failed")],
)  # fmt: skip
def test_a_check_decided_by_its_natural_die_says_so_as_the_log_does(die, outcome, said):
    """Session 25's player: "General of the 2nd Division: leadership ... = 5: failed" after totals of 7
    had passed; the log gave the reason (FG-LDR-6), the box did not."""
    experience = ModLine(rule="FG-LDR-1", label="experience", value=4)
    e = Roll(check="leadership", die=die, modifiers=(experience,), total=4 + die, outcome=outcome,
             officer="fr-1", rule="FG-ACT-2").to_dict()  # fmt: skip
    assert roll_rows(e, Narrator())[-1] == said
    assert Narrator().natural(e) in Narrator().roll(e)


@pytest.mark.parametrize("language", ["en", "es"])
def test_an_officer_s_experience_is_said_once(language):
    """The box said "General-in-chief: experience | = 2: 2" ("experiencia | = 2: 2"): the outcome of
    FG-PREP-3 is the total itself."""
    e = Roll(check="experience", die=2, modifiers=(), total=2, outcome="2", officer="fr-1",
             rule="FG-PREP-3").to_dict()  # fmt: skip
    rows = roll_rows(e, Narrator(Texts(language)))
    assert rows == [f"fr-1: {'experience' if language == 'en' else 'experiencia'}", "= 2"]
