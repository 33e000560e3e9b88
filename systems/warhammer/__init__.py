"""Warhammer Fantasy's movement chapter (WM-n, ../shared/rules/warhammer-movement.md) as optional
For Glory rule modules. Where the fragment is silent or does not fit For Glory's scale, the decisions
are WM-DEC-n (docs/warhammer-decisions.md); every number is content (content/modules/<id>/)."""
