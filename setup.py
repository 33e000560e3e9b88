"""The packages of a wheel, found rather than listed (pyproject.toml holds everything else): every
package under game/ and systems/, whatever sub-packages they grow, and the data packages
forglory_content and forglory_assets that content/ and assets/ become in a wheel."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["game", "game.*", "systems", "systems.*"]), "forglory_content",
                "forglory_assets"])  # fmt: skip
