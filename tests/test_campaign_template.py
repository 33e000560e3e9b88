"""Issue 40's leftover: `new-mod` had templates for For Glory and Open Wars, none for a campaign.
`new-mod --mode campaign` writes a small campaign that passes the strict check, in both languages,
and plays headless."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli.entry import main


def test_new_mod_starts_a_campaign_that_passes_the_strict_check_and_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mod = tmp_path / "my-war"
    assert main(["new-mod", "--mode", "campaign", str(mod)]) == 0
    assert 'id = "my-war"' in (mod / "mod.toml").read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["check-content", "--strict", str(mod)]) == 0
    out, err = capsys.readouterr()
    assert "1 campaign" in out and "warning" not in err
    assert main(["campaigns", "--mod", str(mod)]) == 0
    assert "two-valleys: The war of the two valleys" in capsys.readouterr().out
    assert (
        main(["simulate", "--mod", str(mod), "--campaign", "two-valleys", "--seed", "2", "--lang", "es"]) == 0
    )
    assert "guerra" in capsys.readouterr().out
