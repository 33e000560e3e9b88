"""The battle screen's top bar at 1280x720 (session 12): the activation order of a battle of many
divisions ran off the window's left edge (Medina de Rioseco: the first to act cut to "n 9") and over
who decides ("Franceses (IA" and no more, Bailén). The order now fits beside who decides, its names
shortened alike only when even the smallest size does not hold them, each chip's hover box saying its
division whole. Who decides was still cut beside a long order ("Españoles (IA difícil): orden…", the
first chip's edge over its room): it now shrinks to fit, whole, for the longest words of any battle."""

from __future__ import annotations

import tomllib
from itertools import pairwise
from typing import Any

import pygame
import pytest

from game import CONTENT
from game.ai.kinds import KINDS
from game.ai.players import make_player
from game.content.locale import Texts
from game.content.records import load_record
from game.content.scenario import ScenarioFile
from game.running.match import new_match, play
from game.running.names import named
from game.running.settings import Settings
from game.ui import theme
from game.ui.battle.hud import GAP, distinct, draw_hover, draw_top_bar, shortened
from game.ui.battle.screen import BattleScreen
from systems.clash.command_records import points
from tests.ui.tour import recording


def screen_at_activations(
    window: pygame.Surface, scenario: str, language: str, who: str = "hard"
) -> BattleScreen:
    """The battle played by two sensible generals until every formation has its initiative, then on
    the screen, each side played by `who` (the hard general: the longest words of who decides)."""
    m = new_match(scenario, 3)
    g = m.battle.game
    assert g is not None
    players = {s: make_player("heuristic", s, 3 + i) for i, s in enumerate(g.sides)}
    play(m, players, until=lambda m: bool(g.initiative) and g.phase == "activations")  # type: ignore[arg-type]
    return BattleScreen(m, dict.fromkeys(g.sides, who), window.get_size(), Settings(language=language))


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("scenario", ["talavera", "arapiles", "medina-de-rioseco", "bailen", "default"])
def test_the_activation_order_fits_beside_who_decides(
    window720: pygame.Surface, scenario: str, language: str
) -> None:
    screen = screen_at_activations(window720, scenario, language)
    try:
        with recording() as drawn:
            screen.draw(window720)
        g = screen.battle.game
        assert g is not None
        chips = screen.order_chips
        assert sorted(key for _r, key, _i in chips) == sorted(g.initiative)
        right = window720.get_width() - theme.RIGHT_PANEL - 10
        assert all(r.top >= 0 and r.bottom <= theme.TOP_BAR for r, _k, _i in chips)
        for a, b in pairwise(chips):  # in a row, first to act leftmost, none overlapping
            assert a[0].right <= b[0].left and a[2] >= b[2]
        assert chips[-1][0].right <= right
        row = range(chips[0][0].top, chips[0][0].bottom)
        assert all(window720.get_at((x, y))[:3] == theme.PANEL for x in range(10) for y in row)  # off no edge
        who = screen.who_decides()
        shown = next(s for s in drawn if s and (who.startswith(s.rstrip("…")) or s == who))
        assert shown.startswith(screen.names[screen.battle.pending.side])  # type: ignore[union-attr]
        assert 10 + theme.font(18).size(shown)[0] < chips[0][0].left  # who decides, then the order
        for _rect, key, init in chips:  # each chip says its initiative and its name, or what tells it apart
            name = screen.t.names.formation(key)
            said = next(
                s
                for s in drawn
                if s.endswith(f" {init}") and s[: -len(f" {init}")].rstrip("…").casefold() in name.casefold()
            )  # what is left may start with a capital the whole name has not ("Alemana")
            assert said
    finally:
        screen.close()


def test_a_chip_s_hover_box_says_its_division_whole(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        "game.ui.battle.hud.tooltip", lambda _s, _at, title, text, *a, **k: shown.append((title, text))
    )
    screen = screen_at_activations(window720, "talavera", "es", "human")
    try:
        screen.draw(window720)
        rect, key, init = screen.order_chips[0]
        screen.mouse = rect.center
        shown.clear()
        draw_hover(screen, window720)
        side = next(f.side for f in screen.battle.formations if f.key == key)
        whole = screen.t.names.formation(key, short=False)
        assert shown == [(whole, f"{screen.names[side]}: iniciativa {init} esta ronda")]
    finally:
        screen.close()


def test_names_too_long_for_the_row_are_shortened_alike_the_short_ones_kept_whole() -> None:
    font = theme.font(14)
    names = ["Reserva", "División de Caballería de Lasalle", "Primera División del Ejército de Castilla"]
    tails = [" 12", " 9", " 3"]
    room = 360
    cut = shortened(names, tails, font, room)
    assert cut[0] == "Reserva" and all(n.endswith("…") for n in cut[1:])
    assert sum(font.size(n + t)[0] + GAP for n, t in zip(cut, tails, strict=True)) <= room
    assert abs(font.size(cut[1])[0] - font.size(cut[2])[0]) <= font.size("M…")[0]  # alike
    assert shortened(names, tails, font, 2000) == names


def side_names(language: str) -> list[str]:
    """Every shipped battle's sides' names in a language."""
    return [
        name
        for path in (CONTENT / "scenarios").glob("*.toml")
        for name in load_record(ScenarioFile, path).words(language).sides.values()
    ]


def longest_who_decides(screen: BattleScreen) -> str:
    """The widest words who decides may say in the screen's language: any shipped battle's side, any
    computer player, any decision of For Glory or of a rule module (session 13: a Warhammer module's
    "encaramiento tras reagruparse" was cut beside the longest order), while the computer thinks."""
    t = screen.t
    files = [
        CONTENT / "locale" / t.language / "ui.toml",
        *CONTENT.glob(f"modules/*/locale/{t.language}/ui.toml"),
    ]
    keys = [tomllib.loads(path.read_text(encoding="utf-8")) for path in files]
    decisions = [text for words in keys for key, text in words.items() if key.startswith("decision_")]
    sides = side_names(t.language)
    said = [
        t("decides", side=side, player=t(f"player_{kind}"), decision=decision) + " ..."
        for side in sides
        for kind in KINDS
        for decision in decisions
    ]
    return max(said, key=lambda s: theme.font(18).size(s)[0])


def whole(text: str, drawn: list[str]) -> bool:
    """The words drawn whole: theme.fitted renders them in each size it tries, so they are among the
    texts drawn even when they were then cut; whole when no cut of them (its ellipsis) was drawn."""
    return text in drawn and not any(s.endswith("…") and text.startswith(s[:-1].rstrip()) for s in drawn)


class Watched(pygame.Surface):
    """A window that keeps where each picture was put on it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.put: list[pygame.Rect] = []

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
        put = super().blit(source, dest, *args, **kwargs)
        self.put.append(put)
        return put


@pytest.mark.parametrize("language", ["en", "es"])
def test_who_decides_fits_whole_beside_the_longest_order(
    window720: pygame.Surface, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = screen_at_activations(window720, "albuera", language, "heuristic")  # the longest order
    try:
        longest = longest_who_decides(screen)
        assert theme.font(18).size(longest)[0] > 360  # wider than its share of the row at 1280x720
        monkeypatch.setattr(screen, "who_decides", lambda: longest)
        bar = Watched(window720.get_size())
        with recording() as drawn:
            draw_top_bar(screen, bar)
        assert whole(longest, drawn)
        [words] = [r for r in bar.put if r.topleft == (10, theme.px(32))]
        first = screen.order_chips[0][0]
        assert (
            words.right + GAP // 2 <= first.left and words.bottom <= theme.TOP_BAR
        )  # off the order, in the bar
    finally:
        screen.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_rule_module_s_state_has_a_row_of_its_own_and_who_decides_stays_whole(
    window720: pygame.Surface, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Session 13: a rule module's state (Clash of Spears' command points) took the second row's right
    end, and who decides the room left of it beside the order: cut. At 1280x720, the longest order
    (La Albuera), the longest who decides and the state in Clash's words of the two widest sides'
    names of any battle: the state has a row of its own over the table, whole; who decides is whole,
    off the order."""
    screen = screen_at_activations(window720, "albuera", language, "heuristic")
    try:
        b = screen.battle
        sides = b.game.sides  # type: ignore[union-attr]
        clash = CONTENT / "modules" / "clash-command" / "locale"  # its words for its state
        screen.t = named(Texts(language, (*screen.t.extra, clash)), screen.match)
        widest = sorted(side_names(language), key=lambda n: theme.font(18).size(n)[0])[-2:]
        monkeypatch.setattr(screen, "names", dict(zip(sides, widest, strict=True)))
        state = ("cs_status", {"points": dict.fromkeys(sides, 99)})
        monkeypatch.setattr(b.stack, "statuses", (lambda _b: state,))
        screen.layout(screen.size)
        longest = longest_who_decides(screen)
        monkeypatch.setattr(screen, "who_decides", lambda: longest)
        said = screen.t("cs_status", points="  ".join(f"{n} 99" for n in widest))
        bar = Watched(window720.get_size())
        with recording() as drawn:
            draw_top_bar(screen, bar)
        assert whole(longest, drawn) and whole(said, drawn)
        [words] = [r for r in bar.put if r.topleft == (10, theme.px(32))]
        chips = [r for r, _key, _init in screen.order_chips]
        assert words.right + GAP // 2 <= chips[0].left and words.bottom <= theme.TOP_BAR
        [row] = [r for r in bar.put if r.top >= theme.TOP_BAR]  # the state, under the first two rows
        assert row.bottom <= screen.top_bar and row.right <= window720.get_width() - theme.RIGHT_PANEL
        assert all(not row.colliderect(r) for r in [words, *chips])
        assert (
            screen.camera.view[1] == screen.top_bar and screen.panel.y == theme.TOP_BAR
        )  # the table under it
    finally:
        screen.close()


def test_a_clash_battle_says_who_decides_whole_beside_its_command_points(window: pygame.Surface) -> None:
    """Session 13, as a player met it: Clash of Spears' command (CS-1: command points) at 1280x800 with
    the interface at 125%, in Spanish: "Angloportugueses (IA heurística): dado del comandante en un
    cheque…" beside "puntos de mando: Franceses 14  Angloportugueses 7"."""
    m = new_match("river-crossing", 3, modules=["clash-command"])
    b = m.battle
    sides = b.game.sides  # type: ignore[union-attr]
    players = {s: make_player("heuristic", s, 3 + i) for i, s in enumerate(sides)}
    play(m, players, until=lambda _m: b.activation is not None and bool(points(b)))
    settings = Settings(language="es", ui_scale=1.25)
    screen = BattleScreen(m, dict.fromkeys(sides, "human"), window.get_size(), settings)
    try:
        t = screen.t
        decision = t("decision_clash_morale_support")
        said = [
            t("decides", side=screen.names[s], player=t("player_heuristic"), decision=decision) for s in sides
        ]
        who = max(said, key=lambda s: theme.font(14).size(s)[0]) + " ..."
        screen.who_decides = lambda: who  # type: ignore[method-assign]
        with recording() as drawn:
            screen.draw(window)
        state = "Puntos de mando: " + "  ".join(f"{screen.names[s]} {n}" for s, n in points(b).items())
        assert theme.SCALE > 1 and whole(who, drawn) and whole(state, drawn)
    finally:
        screen.close()


@pytest.mark.parametrize(("size", "scale"), [((1280, 720), 1.0), ((1280, 800), 1.25)])
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_first_row_s_head_keeps_off_the_score(
    language: str, size: tuple[int, int], scale: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Session 13: at 1280x800 with the interface at 125%, "Ronda 1 | activaciones | activa: Brigada
    Colborne" ran under "Puntos Franceses 1 Angloportugueses 3". With the widest sides' names of any
    battle in the score and a formation of the longest name active, the head keeps off the score."""
    pygame.init()
    window = pygame.display.set_mode(size)
    m = new_match("albuera", 3)
    b = m.battle
    sides = b.game.sides  # type: ignore[union-attr]
    players = {s: make_player("heuristic", s, 3 + i) for i, s in enumerate(sides)}
    play(m, players, until=lambda _m: b.activation is not None)
    screen = BattleScreen(m, dict.fromkeys(sides, "human"), size, Settings(language=language, ui_scale=scale))
    try:
        widest = sorted(side_names(language), key=lambda n: theme.font(24).size(n)[0])[-2:]
        monkeypatch.setattr(screen, "names", dict(zip(sides, widest, strict=True)))
        monkeypatch.setattr(screen, "score", lambda: dict.fromkeys(sides, 99))
        longest = max(
            (f.key for f in b.formations), key=lambda k: theme.font(24).size(screen.t.names.formation(k))[0]
        )
        monkeypatch.setattr(b.activation, "formation", next(f for f in b.formations if f.key == longest))
        bar = Watched(window.get_size())
        draw_top_bar(screen, bar)
        [head] = [r for r in bar.put if r.topleft == (10, theme.px(6))]
        [score] = [r for r in bar.put if r.top == theme.px(6) and r.right == size[0] - theme.RIGHT_PANEL - 10]
        assert head.right + 10 <= score.left
    finally:
        screen.close()
        pygame.quit()


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_long_order_keeps_what_tells_each_division_apart(window720: pygame.Surface, language: str) -> None:
    """Issue 38's pass: Talavera's eleven chips at 1280x720 read "Divisi… 10", "Divisi… 9", "Caball…
    10": cut from their end, the words every name shares were all that was left. The shared words go
    first ("Lapisse 9", "Ruffin's 10"), and a chip is cut only if that is not enough."""
    assert distinct(
        ["División de Lapisse", "División de Ruffin", "Caballería", "Ejército de Extremadura"]
    ) == [
        "Lapisse",
        "Ruffin",
        "Caballería",
        "Ejército de Extremadura",
    ]
    assert distinct(["División de Lapisse", "División alemana de Leval"]) == ["Lapisse", "Alemana de Leval"]
    assert distinct(["1st Division", "Ruffin's Division", "Cavalry", "Cavalry"]) == [
        "1st",
        "Ruffin's",
        "Cavalry",
        "Cavalry",
    ]
    screen = screen_at_activations(window720, "talavera", language)
    try:
        with recording() as drawn:
            screen.draw(window720)
        chips = [s for s in drawn if s.rsplit(" ", 1)[-1].isdigit() and s.rsplit(" ", 1)[0]]
        for general in ("Lapisse", "Ruffin", "Villatte"):
            assert any(general in chip and "…" not in chip for chip in chips), (general, chips)
    finally:
        screen.close()


@pytest.mark.parametrize(("language", "said"), [("en", "end of round"), ("es", "fin de la ronda")])
def test_the_top_bar_says_the_end_of_round_while_the_estados_mayores_move(
    window720: pygame.Surface, language: str, said: str
) -> None:
    """FG-ACT-8: while the estados mayores move, the top bar said "Round 1 | activations" beside a log
    that had begun the end of round phase (For Glory never set its phase; Clash of Spears does)."""
    m = new_match("default", 3)
    g = m.battle.game
    assert g is not None
    players = {s: make_player("heuristic", s, 3 + i) for i, s in enumerate(g.sides)}
    play(m, players, until=lambda m: m.battle.pending is not None and m.battle.pending.kind == "staff_move")
    assert g.phase == "end of round"
    who = dict.fromkeys(g.sides, "hard")
    screen = BattleScreen(m, who, window720.get_size(), Settings(language=language))
    try:
        with recording() as drawn:
            screen.draw(window720)
        assert any(f"|  {said}  |" in s for s in drawn), [s for s in drawn if "|" in s]
    finally:
        screen.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_active_formation_is_said_with_its_side(window720: pygame.Surface, language: str) -> None:
    """Both sides of the quick battle have a "2nd Division": the top bar said "active: 2nd Division" for
    either. It names whose it is ("2nd Division (Spanish)"), in the player's language."""
    m = new_match("default", 3)
    g = m.battle.game
    assert g is not None
    players = {s: make_player("heuristic", s, 3 + i) for i, s in enumerate(g.sides)}
    play(m, players, until=lambda m: m.battle.activation is not None and g.phase == "activations")  # type: ignore[arg-type]
    size = window720.get_size()
    screen = BattleScreen(m, dict.fromkeys(g.sides, "hard"), size, Settings(language=language))
    try:
        f = screen.battle.activation.formation  # type: ignore[union-attr]
        with recording() as drawn:
            screen.draw(window720)
        said = f"{screen.t.names.formation(f.key)} ({screen.names[f.side]})"
        assert any(said in s and s.startswith(screen.t("top_bar", round=g.round, phase="", active="")[:5])
                   for s in drawn), (said, drawn[:5])  # fmt: skip
    finally:
        screen.close()
