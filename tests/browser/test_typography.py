"""Every built page's visible text has its language's typography (tests/visible_typography.py).

The catalogs are checked by ``rulebook i18n check``; this reads what the reader sees, the
navigation, badges, diagram labels and composed sentences included, on the site the browser
tests build once (no browser is started here).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.visible_typography import page_faults, site_faults, visible_runs


@pytest.mark.parametrize("language", ["fr", "uk", "en"])
def test_every_page_is_typeset(site: Path, language: str) -> None:
    found = site_faults(site, language)
    counts = Counter(f.kind for faults in found.values() for f in faults)
    examples = {
        page: [f"{f.kind}: {f.excerpt!r}" for f in faults[:3]] for page, faults in found.items()
    }
    assert counts == Counter(), examples


# -- The check itself ----------------------------------------------------------------------


def test_the_visible_text_leaves_code_scripts_and_ids_out() -> None:
    html = (
        '<nav aria-label="Navigation : menu"><a href="a:b" id="x:y">Jeu : Nom</a></nav>'
        "<script>var a = 'b';</script><style>a:hover{}</style><code>x: 1</code>"
        '<p title="Titre">l’<a href="#t">Automa</a></p><img alt="Image">'
    )
    assert visible_runs(html) == ["Navigation : menu", "Jeu : Nom", "Titre", "l’Automa", "Image"]


def test_the_check_finds_each_fault_and_nothing_in_good_text() -> None:
    bad = (
        "<p>Joueurs: 1, 2 ; « mot » ?</p><p>l'<a>Automa</a></p>"
        "<p>3-4 joueurs</p><p>Vérifié dans\u202f:</p>"
    )
    kinds = Counter(f.kind for f in page_faults(bad, "fr"))
    assert kinds == {"no space": 1, "space": 4, "apostrophe": 1, "range": 1, "space width": 1}
    good = (
        "<p>Joueurs\u00a0: 1, 2\u202f; «\u00a0mot\u00a0»\u202f?!</p><p>l’<a>Automa</a></p>"
        "<p>3–4 joueurs, 2:30, 3:2, tuile 9-5, 10-6-2, 2024-01-05</p>"
        "<p><a>https://example.org/?a=1</a></p>"
    )
    assert page_faults(good, "fr") == []
    assert [f.kind for f in page_faults("<p>п'ять, 1-6 гравців</p>", "uk")] == [
        "apostrophe",
        "range",
    ]
    assert page_faults("<p>Players: 1–6, don’t, 5' long</p>", "en") == []
