"""`python -m tests.history`: make each battle of history with the editor's model and write it into
content/scenarios/ (the editor itself never writes the game's own files: this is how they are made)."""

from __future__ import annotations

import sys

from game import CONTENT
from game.content.ruleset_files import load_ruleset
from game.editing.files import to_toml
from game.editing.problems import scenario_problems_of
from game.running import builtin_rules
from game.running.match import write_text
from tests.history import BATTLES


def main() -> int:
    builtin_rules.load()
    rules = load_ruleset()
    for module in BATTLES:
        doc = module.build(rules)
        wrong = scenario_problems_of(doc, rules)
        if wrong:
            print(f"{module.__name__}: {wrong[0].key}: {wrong[0].text}", file=sys.stderr)
            return 2
        path = CONTENT / "scenarios" / f"{doc.get(('id',))}.toml"
        write_text(path, to_toml(doc))
        print(f"wrote {path}")
    return 0


sys.exit(main())
