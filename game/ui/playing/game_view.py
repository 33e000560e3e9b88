"""What every game screen holds and does alike, For Glory's battle (battle/view.py, battle/screen.py)
and an Open Wars game (open_wars/view.py, screen.py): the match, who plays each seat, the other machine
when a player plays elsewhere, the settings; a command's way (to the other machine or the match, the
computer players told), a computer player's answer (or its failure, or its restart), what the
connection says, saving, closing; a save that could not be opened, said in the log; the tooltip of a
button's hint or of a rule ID in the log; and the menu over the game, whose Settings each screen shows
at once as it shows them (`settings_changed`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Protocol

import pygame

from game.content.locale import Texts
from game.content.rulesref import RuleText
from game.model import commands as cmd
from game.model.errors import one_line
from game.running.ai_process import RemoteError
from game.running.match import Match
from game.running.recovery import recover
from game.running.settings import Settings
from game.ui import theme
from game.ui.pacing import FPS
from game.ui.playing.ai_turns import ComputerTurns, Restarted
from game.ui.playing.remote_play import REMOTE, RemotePlay
from game.ui.playing.war_play import WarPlay
from game.ui.widgets.log_panel import LogPanel, tooltip
from game.ui.widgets.menu import save_logged
from game.ui.widgets.save_browser import SaveBrowser


class Hinted(Protocol):
    """A button of a game screen's panel: its words, and what it does or why it is greyed."""

    @property
    def label(self) -> str: ...

    @property
    def hint(self) -> str: ...


class GameView:
    t: Texts
    log: LogPanel
    alert: str | None  # what went wrong, shown until the player's next command
    reference: dict[str, RuleText]
    mouse: tuple[int, int]
    ai: ComputerTurns
    names: dict[str, str]  # the sides by their names in the player's language
    menu: str | None  # the menu open over the game (the Esc menu, Settings, a question), or None
    menu_buttons: list[tuple[pygame.Rect, str]]  # its buttons as last drawn
    browser: SaveBrowser | None  # the saves, to load one (game/ui/widgets/load_list.py)
    panel: pygame.Rect  # the right panel: what is asked, its buttons, the log
    from_editor = False  # a battle tried from the editor ("Try it"): leaving it goes back to the editor
    kept: Callable[[], dict[str, object]] | None = None  # what a save keeps beside the game (the lessons)

    def __init__(
        self, match: Match, controllers: dict[str, str], settings: Settings | None, war: WarPlay | None = None
    ) -> None:
        self.match = match
        self.saved_as = tuple(match.commands)  # the battle as its last save has it (a new one: none)
        self.controllers = controllers  # side -> "human", a player name, or "remote" (another machine's)
        self.remote: RemotePlay | None = None  # the other player, when he plays elsewhere (game/net/)
        self.war = war  # the campaign whose battle this is, fought on the table (its copy: `match`)
        self.settings = settings or Settings()
        # the computer players, in their process, given the player's time to think (Settings.ai_think);
        # a campaign's battle is played by the war's (one process for the whole war)
        self.ai = (
            war.turns if war is not None else ComputerTurns.start(match, controllers, self.settings.ai_think)
        )

    def settings_changed(self, key: str) -> None:
        """A setting of the Esc menu's Settings was changed (game/ui/playing/settings_menu.py): what this
        screen shows by it (its words, colours, sizes, sounds), shown at once."""
        raise NotImplementedError

    def news(self) -> Hashable:
        """What a game screen's update changes without an event, for the window to draw it
        (game/ui/pacing.py): the game's events and question, a computer player thinking, the log, the
        alert, the other machine's state and whose turn it is."""
        b = self.match.battle
        remote = None
        if self.remote is not None:
            seat = self.remote.seat
            remote = (seat.state, seat.my_turn, seat.peer_name, id(self.remote.status))
        ai = self.ai.thinking is None, len(self.ai.thoughts)
        return id(b), len(b.events), id(b.pending), ai, self.log.revision, self.alert, remote

    def waiting_pace(self) -> float | None:
        """While a computer player thinks, its answer is looked for each frame (and drawn once come)."""
        return 1 / FPS if self.ai.thinking is not None else None

    def player_of(self, side: str) -> str:
        """Who plays a side, in the player's words: "you", the computer player's level, the other
        machine's player by name."""
        t, ctrl = self.t, self.controllers.get(side, "?")
        if ctrl == REMOTE and self.remote is not None and side == self.remote.side:
            return self.remote.seat.peer_name
        return t("you") if ctrl == "human" else t(f"player_{ctrl}") if t.has(f"player_{ctrl}") else ctrl

    def deliver(self, c: cmd.Command) -> None:
        """A command applied: through the other machine (or the turn file) when one plays elsewhere,
        else to the match here; the computer players' copy follows."""
        if self.remote is not None:
            self.remote.apply(c)
        elif self.war is not None:
            self.war.apply(c)
        else:
            self.match.apply(c)
        self.ai.applied(c)

    def computer_answer(
        self, side: str, answer: cmd.Command | RemoteError | Restarted | None
    ) -> cmd.Command | None:
        """What a computer player answered: its command, or None (not yet; it failed, and the player
        takes the side over; its process was restarted), said in the log."""
        if isinstance(answer, RemoteError):
            self._ai_failed(side, answer)
        elif isinstance(answer, Restarted):
            self.alert = self.t(
                "ai_restarted", side=self.names.get(side, side), seconds=f"{answer.waited:.0f}"
            )
            self.log.add(self.alert, theme.BAD)
        else:
            return answer
        return None

    def _ai_failed(self, side: str, error: RemoteError) -> None:
        """The computer player of a side raised: save the game and a report, tell the player, and
        hand the side to him so the game can go on (or be left from the start screen)."""
        if self.war is not None:
            _saved, report, said = self.war.recover(error)
        else:
            _saved, report, said = recover(self.match, self.controllers, error)
        self.controllers[side] = "human"
        self.ai.players.pop(side, None)
        self.ai.restart(self.match)
        name = self.names.get(side, side)
        where = self.t("crash_report", path=report) if report else ""
        what = one_line(str(error), 160)  # its kind and its words, as raised in the AI's process
        self.alert = self.t("ai_failed", side=name, error=what, saved=said, report=where)
        self.log.add(self.alert, theme.BAD)

    def connection_said(self, remote: RemotePlay) -> None:
        """What the connection says, in the log; while the game cannot go on, why (gone once it goes
        on again)."""
        stood = remote.status
        for said in remote.notices():
            remote.say(self.log, said)
        if remote.status is not None:
            self.alert = remote.status.words(self.t)
        elif stood is not None:  # it goes on again
            self.alert = None

    def save(self, autosave: bool = False) -> bool:
        if self.remote is not None:
            return self.remote.save(self.log, autosave)
        if self.war is not None:
            return self.war.save(self.log, autosave)
        kept = self.kept() if self.kept else None  # what the screen keeps beside the battle
        saved = save_logged(self.match, self.controllers, self.log, autosave, kept)
        if saved:
            self.saved_as = tuple(self.match.commands)
        return saved

    def close(self) -> None:
        """Leave the game: end the AI's process (and the link to the other machine), free the game;
        the other screens, laid out at UI scale 1, get it back (a game screen lays itself out at the
        scale Settings chose)."""
        if self.remote is not None:
            self.remote.seat.close()
        if self.war is not None:  # the war goes on (its screen keeps its computer players)
            self.war.leave_table()
        else:
            self.ai.close()
            self.match.battle.close()
        theme.set_scale(1.0)

    @property
    def takes_back(self) -> bool:
        """A command may be taken back here: not when the other machine keeps it too, nor when a
        campaign does (the war has carried it on)."""
        return self.remote is None and self.war is None

    def load_failed(self, said: str) -> None:
        """The save chosen could not be opened: say why in one line; this game goes on, in its own
        world again (a save refused halfway built its battle in another, now gone)."""
        self.match.battle.enter()
        self.alert = one_line(said, 160)
        self.log.add(self.alert, theme.BAD)

    def button_or_rule_tip(self, surf: pygame.Surface, buttons: Iterable[tuple[pygame.Rect, Hinted]]) -> bool:
        """The tooltip of what the mouse is on, when it is a button with a hint (what it does, or why it
        is greyed) or a rule ID in the log (the rule's title and text). True when one was drawn."""
        button = next((b for rect, b in buttons if rect.collidepoint(self.mouse) and b.hint), None)
        if button is not None:  # beside the panel, never over the other choices in it
            beside = pygame.Rect(0, 0, self.panel.x, surf.get_height())
            tooltip(surf, self.mouse, button.label, button.hint, within=beside)
            return True
        rid = self.log.rule_at(self.mouse)
        if rid is not None:
            ref = self.reference.get(rid)
            tooltip(surf, self.mouse, f"{rid}: {ref.title}" if ref else rid, ref.text if ref else "")
            return True
        return False
