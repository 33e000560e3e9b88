"""The campaigns on the start screen (issue 36): each campaign of the game and the mods, those of the
battles folder (the editor's, `campaigns/`: found again by path), and one made at random from the seed
typed (systems/campaign/generate.py: made again from its id wherever it is opened), each with its
sides as the seats' labels and its words for the box."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.content.locale import Texts
from game.content.mods import Mod
from game.editing.files import CAMPAIGN_FOLDER
from game.model.errors import UserError
from game.model.grammar import capitalised
from game.running.match import made_battles
from game.ui.markup import drawable
from systems.campaign.generate import any_campaign
from systems.campaign.theatre import Theatre, list_campaigns, load_campaign

CAMPAIGN = "campaign"  # the game mode of a campaign (systems/campaign/mode.py): chosen as the battles are
RANDOM_CAMPAIGN = "random-campaign"  # the random campaign chosen, as the settings remember it


def random_id(seed: int) -> str:
    """The campaign made at random from a seed, by its id."""
    return f"random-campaign-{seed}"


def random_name(t: Texts) -> str:
    """The random campaign's entry in the battles' list."""
    return t("start_campaign", name=t("start_random_campaign"))


@dataclass
class CampaignEntries:
    """The campaigns the list shows, by the name it shows each by (the random one's as the seed makes
    it, last); `made`: the names of those of the battles folder, found again by path; `problem`: why
    the random one is not there (a mod whose rules the generator cannot buy armies from), else ""."""

    found: dict[str, Theatre] = field(default_factory=dict)
    made: set[str] = field(default_factory=set)
    problem: str = ""


def campaign_entries(t: Texts, mods: Sequence[Mod], seed: int) -> CampaignEntries:
    """The game's and the mods' campaigns, then the battles folder's, then the random one."""
    out = CampaignEntries()
    shipped = list_campaigns(mods)
    for path in [*shipped, *made_battles((CAMPAIGN_FOLDER,))]:
        try:
            theatre = load_campaign(str(path), mods)
        except UserError:
            continue  # check-content says why
        name = theatre.spec.words(t.language).name
        if path in shipped:
            out.found[drawable(t("start_campaign", name=name))] = theatre
        else:  # the editor's, by its name and "yours": its id may be the game's too
            shown = drawable(t("start_made_campaign", name=name))
            out.found[shown] = theatre
            out.made.add(shown)
    try:
        out.found[random_name(t)] = any_campaign(random_id(seed), mods)
    except UserError as e:
        out.problem = str(e)
    return out


def seat_names(theatre: Theatre, language: str) -> list[str]:
    """Its sides, as the seats' labels: a people alone begins with a capital ("franceses" in a text)."""
    names = theatre.spec.words(language).sides
    return [drawable(capitalised(names[s.id])) for s in theatre.spec.sides]


def campaign_about(t: Texts, theatre: Theatre) -> Callable[[Callable[[object], str]], str]:
    """The box's words: its name, its sides, turns and places, then its description and history."""
    spec = theatre.spec
    words = spec.words(t.language)
    peoples = " | ".join(capitalised(words.sides[x.id]) for x in spec.sides)
    sides = t("start_campaign_about", sides=peoples, turns=spec.max_turns, places=len(spec.locations))
    about, history = (" ".join(x.split()) for x in (words.description, words.history))
    return lambda say: (
        f"<b>{say(words.name)}</b><br><i>{say(sides)}</i><br>{say(about)}"
        + (f"<br>{say(history)}" if history else "")
    )
