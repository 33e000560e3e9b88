"""The campaign as a rule module: its rule IDs (CAMP-), the questions the war asks a side and the
commands that answer them, its numbers (content/modules/campaign/numbers.toml) and, in that folder's
locale/, its words: the log's, the refusals', the rules reference's (docs/campaign-decisions.md)."""

from __future__ import annotations

from game.model import commands as cmd
from game.model.dice import D6
from game.model.modules import DecisionKind, RuleModule
from systems.campaign.commands import (
    COMMANDS,
    Decline,
    Detach,
    Fight,
    March,
    Muster,
    Recruit,
    Replenish,
    Resolve,
    Rest,
    Retreat,
)
from systems.campaign.records import CampaignNumbers

# The decisions' names (a battle on the table asks its own, For Glory's, through the war).
ORDERS = "camp_orders"  # recruit, replenish, garrison, muster, or done
MOVE = "camp_move"  # march or rest an army, or done
WITHDRAW = "camp_withdraw"  # the defender: stand, or decline battle
RESOLVE = "camp_resolve"  # fight the battle on the table, or let the generals resolve it
RETREAT = "camp_retreat"  # a beaten army: where it falls back to

DECISIONS = (
    DecisionKind(
        ORDERS,
        (Recruit, Replenish, Detach, Muster, cmd.Pass),
        prompt="{side}: recruit, replenish, garrison or muster, or end your orders (CAMP-DEC-5)",
        rules=("CAMP-DEC-5", "CAMP-DEC-6", "CAMP-DEC-18"),
    ),
    DecisionKind(
        MOVE,
        (March, Rest, cmd.Pass),
        prompt="{side}: march or rest an army, or end your movement (CAMP-DEC-3)",
        rules=("CAMP-DEC-3", "CAMP-DEC-4", "CAMP-DEC-17"),
    ),
    DecisionKind(
        WITHDRAW,
        (Decline, cmd.Pass),
        prompt="{side}: the enemy is at {unit}: stand and fight, or withdraw (CAMP-DEC-11)",
        rules=("CAMP-DEC-11",),
    ),
    DecisionKind(
        RESOLVE,
        (Fight, Resolve),
        prompt="{side}: the battle of {unit}: fight it on the table, or let the generals resolve it "
        "(CAMP-DEC-10)",
        rules=("CAMP-DEC-10",),
    ),
    DecisionKind(
        RETREAT,
        (Retreat,),
        prompt="{side}: {unit} is beaten: where does it retreat? (CAMP-DEC-13)",
        rules=("CAMP-DEC-13",),
    ),
)

CAMPAIGN = RuleModule(
    id="campaign",
    name="Campaign",
    description="a war on a map of Open Wars' locations whose armies are For Glory forces and whose battles "
    "are fought on the For Glory table, their losses carried on",
    prefix="CAMP-",
    mode="campaign",
    decisions=DECISIONS,
    commands=COMMANDS,
    dice=(D6,),
    records={"numbers": CampaignNumbers},
)
