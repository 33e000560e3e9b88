"""Días de Gloria Imperio's table sheet (DG-n, ../shared/rules/dias-de-gloria-tables.md) as optional
For Glory rule modules. Where the sheet is silent or belongs to a hex game, the decisions are DG-DEC-n
(docs/dias-decisions.md); every number is content (content/modules/<id>/)."""
