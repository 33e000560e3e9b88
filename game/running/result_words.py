"""A battle's result in a player's words: who won, after how many rounds, why it ended and each side's
points, with the sides' names (the command line's summary of `simulate` and `replay`)."""

from __future__ import annotations

from collections.abc import Mapping

from game.content.locale import ModeWords
from game.model.events import GameOver
from game.model.words import Wording
from game.running.log_texts import texts_for
from game.running.match import Match, summary
from game.running.narrate import Narrator, end_reason, names_of


def side_names(m: Match, language: str) -> Mapping[str, str]:
    """What the sides are called in a language (ids where the scenario gives no name)."""
    told = m.battle.stack.mode.result
    if told is None:
        return names_of(m.scenario.spec, language)[0]
    return told(m.battle, texts_for(language, [x.id for x in m.battle.stack.modules]))[2]


def scenario_title(m: Match, language: str) -> str:
    """What the battle's scenario or map is called in a language, as the start screen names it (its
    id where the file gives no name)."""
    return m.scenario.spec.words(language).name or m.scenario.id


def result_lines(m: Match, language: str = "en") -> list[str]:
    """The result's line, then one line per side with its points by the rulebook's scoring lines."""
    b = m.battle
    # a mode's own words for its counts (Open Wars' turns, For Glory's rounds)
    t = ModeWords(texts_for(language, [x.id for x in b.stack.modules]), b.stack.mode.base.prefix)
    r = summary(m)
    told = b.stack.mode.result
    labels: Mapping[str, str] = {}  # a score line by its rule ID alone, unless the mode words it
    if told is not None:  # a mode with sides and endings of its own (Open Wars)
        who, why, sides, labels = told(b, t)
    else:
        sides, objectives = names_of(m.scenario.spec, t.language)
        over = next((e for e in reversed(b.events) if isinstance(e, GameOver)), None)
        why = end_reason(Narrator(t, sides, objectives), over.to_dict()) if over is not None else ""
        who = t("log_winner", side=sides.get(r["winner"], r["winner"])) if r["winner"] else t("log_draw")
    count = "one" if r["rounds"] == 1 else "many"
    title = scenario_title(m, t.language)  # as the start screen and `stats` name it; --json keeps the id
    if b.game is None or not b.game.over:
        lines = [t(f"cli_going_on_{count}", scenario=title, seed=r["seed"], rounds=r["rounds"])]
    else:
        lines = [
            t(f"cli_result_{count}", scenario=title, seed=r["seed"], rounds=r["rounds"], result=who,
              reason=why or r["end_reason"])
        ]  # fmt: skip
    for side, total in r["score"].items():
        parts = ", ".join(
            f"{labels.get(rule, rule)} {pts}" for rule, pts in r["score_lines"][side].items() if pts
        )
        points = t(
            "cli_points_one" if total == 1 else "cli_points_many", side=sides.get(side, side), points=total
        )
        lines.append(points + (f" ({parts})" if parts else ""))
    return lines


def fate_why(t: Wording, why: str) -> str:
    """Why a division left the field, in the player's words when the locale has them (the figures'
    screen and `stats` alike)."""
    return t(f"fate_why_{why}") if t.has(f"fate_why_{why}") else why
