"""The campaign: a mode made of the two others (../shared/design.md, "The campaign"). Open Wars' map,
links, entry costs, gold and turns, whose armies are For Glory forces; when armies meet, a For Glory
battle (a BattleSetup in, a BattleResult out) whose result the campaign's stated rules carry on
(docs/campaign-decisions.md, CAMP-DEC-n)."""
