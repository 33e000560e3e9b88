"""The Open Wars screen as a player reads it (issue 25, item 8, OW-DEC-24): Tab shows the game in
figures while it goes on and after it ends, as a battle's end screen does, each player's fate under a
heading of its own (never an empty list of divisions), four players' figures inside their box in Open
Wars' own words; prompts that agree with any unit's name in Spanish, the end box in the command line's
wording, buttons whose labels fit inside them with a margin in both languages, spaces that read as
spaces."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.players import make_player
from game.content.locale import Texts
from game.model.figures import Fate
from game.model.resolution import Decision
from game.running.match import Match, new_match, play
from game.running.result_words import result_lines
from game.running.settings import Settings
from game.running.stats import Figures, figures
from game.ui import theme
from game.ui.open_wars.panels import LABELS, end_head, end_line
from game.ui.open_wars.screen import OpenWarsScreen
from game.ui.widgets.choice_list import button_label
from game.ui.widgets.log_panel import tooltip
from game.ui.widgets.stats_view import fate_words, fates_title
from systems.open_wars.magic import castings
from systems.open_wars.state import Campaign


def _played(seed: int = 1) -> Match:
    m = new_match("ow-four-winds", seed)
    play(m, {s: make_player("heuristic", s, seed + i) for i, s in enumerate(m.battle.sides)})
    return m


def _screen(m: Match, window720: pygame.Surface, language: str = "es") -> OpenWarsScreen:
    settings = Settings()
    settings.language = language
    return OpenWarsScreen(m, dict.fromkeys(m.battle.sides, "human"), window720.get_size(), settings)


def tab(screen: OpenWarsScreen) -> None:
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))


def test_tab_shows_a_game_in_figures_during_it_and_after_its_end(window720: pygame.Surface) -> None:
    whole = _played()
    half = new_match("ow-four-winds", 1)
    for c in whole.commands[:300]:
        half.apply(c)
    for m, over in ((half, False), (whole, True)):
        screen = _screen(m, window720)
        assert screen.figures is None
        tab(screen)
        f = screen.figures
        assert f is not None and f.over is over and list(f.sides) == screen.campaign.sides
        assert f.rounds == screen.campaign.game.round
        screen.draw(window720)  # drawn over the map
        tab(screen)  # Tab again: back to the map
        assert screen.figures is None
        screen.close()


def test_tab_then_esc_or_a_click_go_back_and_the_game_is_not_left(window720: pygame.Surface) -> None:
    screen = _screen(_played(2), window720, "en")
    tab(screen)
    first = screen.figures
    tab(screen)
    tab(screen)
    assert screen.figures is first  # nothing happened since: not played again from the start
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    assert screen.figures is None  # Esc put the figures away, not the finished game
    tab(screen)
    assert screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)) is None
    assert screen.figures is None
    screen.close()


def test_open_wars_figures_name_each_player_s_fate_not_divisions() -> None:
    m = _played(3)
    f = figures(m)
    t = Texts("es")
    names = m.battle.map.spec.words("es").players  # type: ignore[attr-defined]
    assert fates_title(f, t) == "El destino de cada jugador"
    out = [x for x in f.fates if x.removed_in is not None]
    assert out, "seed 3: a player is out before the end"
    said = fate_words(out[0], t, names, f.over)
    assert said.startswith(format(names[out[0].side], "El")) and f"turno {out[0].removed_in}" in said
    standing = next(x for x in f.fates if x.removed_in is None)
    assert fate_words(standing, t, names, True).endswith("aguantó hasta el final")
    assert fate_words(standing, t, names, False).endswith("sigue en juego")
    m.battle.close()


def test_a_battle_s_figures_keep_their_divisions_heading() -> None:
    t = Texts("en")
    f = figures_of([Fate("es-1", "es", None)])
    assert fates_title(f, t) == "Each division's fate"
    assert fates_title(figures_of([]), t) == ""  # no fates: no heading over an empty list


def figures_of(fates: list[Fate]) -> Figures:
    return Figures("x", 1, 1, None, {}, fates)


def test_four_players_figures_fit_their_box_in_open_wars_words(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 1280x720, four players' luck lines all fit in the figures' box (smaller sizes, shorter
    charts), the legend of four long names goes under the chart's title instead of over it, and the
    words are Open Wars' own: tokens lost turn by turn, attacks, shots and spells."""
    from game.ui.widgets import stats_view

    m = _played(1)
    spanish = _screen(m, window720, "es")  # longer words: the ranks wrap to two lines
    screen = _screen(m, window720, "en")
    tab(spanish)
    tab(screen)
    luck: list[int] = []
    legends: list[int] = []
    real_luck, real_legend = stats_view.draw_luck, stats_view._legend
    monkeypatch.setattr(stats_view, "draw_luck", lambda *a: luck.append(real_luck(*a)) or luck[-1])
    monkeypatch.setattr(
        stats_view, "_legend", lambda s, r, y, sides: legends.append(y) or real_legend(s, r, y, sides)
    )
    said: list[str] = []
    real_render = pygame.font.Font.render
    monkeypatch.setattr(
        stats_view.theme.GameFont,
        "render",
        lambda self, text, *a: said.append(str(text)) or real_render(self, text, *a),
    )
    spanish.draw(window720)
    screen.draw(window720)
    assert luck == [0, 0]  # no line of any player left out
    spanish.close()
    two = new_match("ow-twin-fords", 1)  # two players of short names: the legend beside the title
    beside = _screen(two, window720, "en")
    tab(beside)
    beside.draw(window720)
    assert len(set(legends[:2])) == 1 and legends[0] > legends[-1]  # four: under the titles
    beside.close()
    assert "The game in figures" in said and "Tokens lost, turn by turn" in said
    assert any(s.startswith("Attacks, shots and spells (") for s in said) and "Shots (" not in " ".join(said)
    screen.close()


@pytest.mark.parametrize(
    ("kind", "spanish", "english"),
    [
        (
            "ow_volley",
            "¿la pila de Nigromante {side:del} dispara, lanza o espera?",
            "stack of Necromancer, shoot",
        ),
        ("ow_combat", "¿la pila de Nigromante {side:del} ataca o se retira?", "stack of Necromancer, attack"),
    ],
)
def test_a_stack_s_prompt_agrees_with_a_unit_s_singular_name(
    window720: pygame.Surface, kind: str, spanish: str, english: str
) -> None:
    """A unit's name may be singular ("Nigromante") or plural ("Arqueros"): the prompt's verb agrees
    with "la pila" (the stack), never with the bare name ("¿los Nigromante ... disparan" before)."""
    m = new_match("ow-four-winds", 1)
    c = m.battle
    assert isinstance(c, Campaign)
    side = next(p for p in c.sides if c.factions[p] == "undead")
    loc = next(s.location for s in c.army(side))
    d = Decision(kind, side, "necromancer", stage=loc)
    es, en = _screen(m, window720, "es"), _screen(m, window720, "en")
    assert spanish.format(side=es.names[side]) in es.prompt(d) and "los Nigromante" not in es.prompt(d)
    assert english in en.prompt(d) and f"{en.names[side]}'s" in en.prompt(d)
    es.close()
    en.close()


def test_the_end_box_says_who_won_as_the_command_line_does(
    window720: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The end box's head is the command line's; its score lines keep their rule ID whole with four
    players' columns (the long words, else the command line's short ones), in both languages."""
    said: list[str] = []
    real_render = pygame.font.Font.render
    monkeypatch.setattr(
        theme.GameFont, "render", lambda f, text, *a: said.append(str(text)) or real_render(f, text, *a)
    )
    m = _played(2)  # won at the turn limit (seed 1 ends by a lead since brimstone throwers cost 4)
    c = m.battle
    assert isinstance(c, Campaign) and c.game is not None and c.game.winner is not None
    for language, words in (("en", "{side} wins"), ("es", "Gana {side:el}")):
        screen = _screen(m, window720, language)
        head = end_head(screen)
        assert head == words.format(side=screen.names[c.game.winner])
        assert head.lower() in result_lines(m, language)[0].lower()  # the command line's words
        limit = {"en": "The turn limit of 24 is reached", "es": "Se alcanza el límite de 24 turnos"}[language]
        assert end_line(screen, 24) == limit  # the limit's words say the turns: not "... after 24 turns"
        said.clear()
        screen.draw(window720)  # the end box drawn with it
        assert head in said and sum(text.endswith("(OW-DEC-6)") for text in said) == 2, said
        screen.close()
    won = new_match("ow-twin-fords", 14)  # won by every city in turn 6: the turns said
    c = won.battle
    assert isinstance(c, Campaign)
    play(won, {s: make_player("heuristic", s, 14 + i) for i, s in enumerate(c.sides)})
    screen = _screen(won, window720, "en")
    assert end_line(screen, 6).endswith("holds every city after 6 turns")
    screen.close()


def _cast_decision(seed: int = 8) -> Match:
    """A random map of four players played by the heuristic to a cast with two spells or more."""
    m = new_match("ow-random", seed, options={"players": 4})
    c = m.battle
    assert isinstance(c, Campaign)
    players = {s: make_player("heuristic", s, seed + i) for i, s in enumerate(c.sides)}
    for n in range(2000):
        d = c.pending
        assert d is not None, "the game ended before a cast of two spells"
        if n > 60 and d.kind == "ow_cast" and len(castings(c, d.side, "collection")) >= 2:
            return m
        m.apply(players[d.side].decide(c, d))  # type: ignore[arg-type]
    raise AssertionError("no cast of two spells")


@pytest.mark.parametrize("language", ["es", "en"])
def test_spell_buttons_labels_fit_inside_with_a_margin(window720: pygame.Surface, language: str) -> None:
    """OW-MAGIC-4's buttons at 1280x720: a label never runs to the button's or the panel's edge; a
    label too long for the largest size is drawn smaller, then cut after a whole word, its whole
    words in its hover box; a long hover title wraps inside its box."""
    screen = _screen(_cast_decision(), window720, language)
    screen.draw(window720)
    spells = [(r, ch) for r, ch in screen.buttons if ch.key.startswith("cast:")]
    assert len(spells) >= 2
    for rect, ch in spells:
        font, label = button_label(ch.label, rect.w - 2 * LABELS.margin, LABELS.sizes)
        assert font.size(label)[0] <= rect.w - 2 * LABELS.margin and rect.right <= screen.panel.right - 10
        assert label == ch.label or (label.endswith("…") and ch.label.startswith(label[:-1].rstrip(".")))
        box = tooltip(window720, rect.center, ch.label, ch.hint)
        title = theme.font(20)
        assert window720.get_rect().contains(box)
        assert title.size(ch.label)[0] <= box.w - 16 or box.h >= 12 + 2 * title.get_linesize()
    screen.close()


def test_a_label_s_spaces_read_as_spaces() -> None:
    """ "4 of 4 may move": at 13 pixels the bold font's space beside a 4 was 3 pixels of blank, read as
    "4may"; a button's label is drawn at a size where it leaves 4 or more."""
    pygame.init()
    text = "Orc warriors: 4 of 4 may move"
    font, label = button_label(text, 400, LABELS.sizes)
    assert label == text
    ink = font.render(text, True, (255, 255, 255), (0, 0, 0))
    w, h = ink.get_size()
    inked = [any(ink.get_at((x, y)).r > 90 for y in range(h)) for x in range(w)]
    for i in (i for i, ch in enumerate(text) if ch == " "):
        x = font.size(text[:i])[0]
        lo, hi = x, x
        while lo > 0 and not inked[lo - 1]:
            lo -= 1
        while hi < w and not inked[hi]:
            hi += 1
        assert hi - lo >= 4, (text[:i], hi - lo)
    pygame.quit()


def test_a_saved_open_wars_game_s_figures_on_the_start_screen_are_in_its_words(
    window720: pygame.Surface, tmp_path: Path
) -> None:
    """The start screen's saves show an Open Wars game's figures as its Tab does: its own words, each
    player's fate."""
    from game.running.match import save
    from game.ui.start.screen import Setup, StartScreen

    m = _played(1)
    path = tmp_path / "four.json"
    save(m, path)
    m.battle.close()
    start = StartScreen(window720.get_size(), Setup(), t=Texts("es"))
    start.show_figures(path)
    assert start.figures is not None
    f, _names, _colours, t = start.figures
    assert (
        t("stats_title") == "La partida en cifras" and t("stats_losses") == "Fichas perdidas, turno a turno"
    )
    assert fates_title(f, t) == "El destino de cada jugador" and len(f.fates) == 4
    start.update(0.05)
    start.draw(window720)
    assert Texts("es")("stats_title") == "La batalla en cifras"  # a battle's words stay its own


@pytest.mark.parametrize(
    ("key", "values", "spanish", "english"),
    [
        ("ow_armour_roll", {"side": "X", "die": 3, "outcome": "-", "rule": "OW-FAC-6"},
         "la pila de Nigromante tira", "the stack of Necromancer rolls"),
        ("ow_n_attack_mods", {"value": 3, "base": 2, "mods": "-"},
         "La pila de Nigromante impacta", "The stack of Necromancer hits"),
        ("ow_effect_summon", {"amount": 1}, "fichas de Nigromante: 1", "of Necromancer appear there: 1"),
    ],
)  # fmt: skip
def test_the_log_s_and_the_spells_words_agree_with_a_singular_unit_name(
    key: str, values: dict[str, object], spanish: str, english: str
) -> None:
    """A roll of armour (OW-FAC-6), an attack's changed number (OW-DEC-23) and a summons (OW-MAGIC-3)
    said of a unit of singular name: the verb agrees with the stack or the tokens, never with the bare
    name ("Nigromante tiran", "1 Necromancer appear" before)."""
    from game.running.log_texts import texts_for

    for language, unit, said in (("es", "Nigromante", spanish), ("en", "Necromancer", english)):
        assert said in texts_for(language, ["open-wars"])(key, unit=unit, **values)


@pytest.mark.parametrize(("language", "said"), [("es", ("tú", "IA difícil")), ("en", ("you", "hard AI"))])
def test_the_top_bar_names_a_computer_player_in_the_player_s_words(
    window720: pygame.Surface, language: str, said: tuple[str, str]
) -> None:
    """The purse of the player to act said "< hard" on a Spanish screen: the level's words now."""
    m = new_match("ow-twin-fords", 1)
    first, second = m.battle.sides
    settings = Settings()
    settings.language = language
    screen = OpenWarsScreen(m, {first: "human", second: "hard"}, window720.get_size(), settings)
    try:
        assert (screen.player_of(first), screen.player_of(second)) == said
    finally:
        screen.close()


def test_a_conceded_players_fate_says_so() -> None:
    """OW-DEC-30: a fate of a player who conceded is said so, in both languages."""
    fate = Fate("", "p1", 3, "conceded")
    assert fate_words(fate, Texts("en"), {"p1": "Storm Clan"}) == "Storm Clan conceded in turn 3"
    assert fate_words(fate, Texts("es"), {"p1": "Clan"}) == "Clan se rindió en el turno 3"
