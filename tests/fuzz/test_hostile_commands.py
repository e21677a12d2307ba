"""The standing hostile-input suite: a sample of the census's probes, each a clean error.

Every family of tests/fuzz/families.py (hostile end states for ``score``, player counts,
options and names for ``setup``, hostile content trees and catalogs through every command,
dangerous ``build --out`` targets, ``i18n ids`` with a link out of the project) meets every
game in ``content/``. For each (family, game) pair the sample takes **one** probe: the one
whose key (``family/game/name``) has the smallest SHA-256 digest. The choice depends only on
the probes' names, so it is the same on every run and every machine, and it still moves over
the kinds of probe as families grow (a new probe whose digest is smaller takes the place).

Each sampled probe runs the real command on its own copy of the project, in a forked child
under a CPU limit of a few seconds and a memory limit (tests/fuzz/census.py), and must end
in a clean error: exit 1 or 2, the file or field named, no traceback, no hang, no memory
blow-up, nothing changed beside the project and no secret printed. About 30 probes of well
under a second of CPU each when they are refused as they should be: the module stays under
a minute of CPU. The whole census (``python -m tests.fuzz.census``) runs every probe.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pytest

from rulebook.cache import load_content
from rulebook.cli import build_parser
from tests.fuzz.census import run_probe
from tests.fuzz.families import CONTENT, FAMILIES, Probe, all_probes, game_ids

#: The sample's CPU bound per probe: a refused probe takes a fraction of it.
SAMPLE_CPU_SECONDS = 5.0


def _digest(probe: Probe) -> str:
    return hashlib.sha256(probe.key.encode("utf-8")).hexdigest()


def sample(probes: list[Probe]) -> list[Probe]:
    """One probe per (family, game): the one whose key has the smallest SHA-256 digest."""
    chosen: dict[tuple[str, str], Probe] = {}
    for probe in probes:
        pair = (probe.family, probe.game)
        if pair not in chosen or _digest(probe) < _digest(chosen[pair]):
            chosen[pair] = probe
    return [chosen[pair] for pair in sorted(chosen)]


def _bounded(probe: Probe) -> Probe:
    """The probe with the sample's CPU bound (a build's bound stays its own)."""
    from dataclasses import replace

    return replace(probe, cpu=max(SAMPLE_CPU_SECONDS, min(probe.cpu, 20.0)))


GAMES = load_content(CONTENT)
SAMPLE = sample(all_probes(GAMES))


@pytest.fixture(scope="module", autouse=True)
def _imported() -> Iterator[None]:
    build_parser()  # every subcommand imported once: each forked probe starts without it
    yield


def test_the_sample_covers_every_family_and_every_game() -> None:
    pairs = {(p.family, p.game) for p in SAMPLE}
    for family in FAMILIES:
        assert {g for f, g in pairs if f == family} == set(game_ids()), family


@pytest.mark.parametrize("probe", SAMPLE, ids=[p.key for p in SAMPLE])
def test_a_hostile_probe_ends_in_a_clean_error(probe: Probe) -> None:
    outcome = run_probe(_bounded(probe))
    assert not outcome.outside, f"changed files outside the project:\n{outcome.detail}"
    assert not outcome.leaked, f"printed a file from outside the project:\n{outcome.detail}"
    assert outcome.kind == "clean", f"{outcome.kind}:\n{outcome.detail}"
