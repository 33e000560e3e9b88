"""Fixtures of the rules' tests: `small`, Open Wars games on a small map (tests/ow_helpers.py)."""

from collections.abc import Callable
from pathlib import Path

import pytest

from systems.open_wars.state import Campaign
from tests.ow_helpers import small_maker


@pytest.fixture
def small(tmp_path: Path) -> Callable[..., Campaign]:
    return small_maker(tmp_path)
