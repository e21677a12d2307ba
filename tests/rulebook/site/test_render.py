"""The site's renderer: escaping, sanitizing, fallback marks (no MkDocs run; fast)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from rulebook.site.build import TEMPLATES
from rulebook.site.calculator import island_data, script_json
from rulebook.site.localize import Fragment, Localizer
from rulebook.site.pages import game_pages
from rulebook.site.render import Renderer, escape_text, markdown_lite, page_links
from rulebook.site.view import GameBuild, LocalGame
from schemas.game import GameContent
from schemas.loader import load_game

CONTENT = Path(__file__).resolve().parents[3] / "content"

HOSTILE = (
    '<script>alert(1)</script><img src=x onerror="alert(2)">'
    '[click](javascript:alert(3)) {{ 7*7 }} {: onclick=alert(4) } <a href="javascript:alert(5)">a</a>'
)


def write_catalog(
    locales: Path, language: str, domain: str, entries: dict[str, tuple[str, str, bool]]
) -> None:
    """A PO file: context -> (source text, translation, fuzzy)."""
    catalog = Catalog(locale=language, domain=domain)
    for context, (source, translation, fuzzy) in entries.items():
        catalog.add(source, translation, context=context, flags={"fuzzy"} if fuzzy else ())
    folder = locales / language / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / f"{domain}.po").open("wb") as stream:
        write_po(stream, catalog)


@pytest.fixture(scope="module")
def nile() -> GameContent:
    """Nile alone: these tests do not depend on the other games' content."""
    return load_game(CONTENT / "nile")


def _live_html(html: str) -> list[str]:
    """Anything in ``html`` that a browser would run or follow as script."""
    found = re.findall(r"<\s*script", html, re.I)
    found += re.findall(r"<[^>]*\son[a-z]+\s*=", html, re.I)
    found += re.findall(r"(?:href|src)\s*=\s*[\"']?\s*javascript:", html, re.I)
    found += re.findall(r"<\s*img", html, re.I)
    return found


def test_escape_text_leaves_no_markup_or_markdown_syntax() -> None:
    text = str(escape_text(HOSTILE + " # *a* `b` [c](d) \\ |x| ~y~"))
    bare = re.sub(r"&(?:#[0-9]+|[a-z]+);", "", text)
    for char in '<>"[]()`*{}#\\|~&':
        assert char not in bare


def test_escape_text_keeps_no_break_spaces_where_nothing_collapses_them() -> None:
    """MkDocs' table of contents and Jinja's striptags turn every space into an ordinary
    one: no-break spaces are written as entities, which they leave alone."""
    text = str(escape_text("Exemple\u00a0: une  partie\u202f!\n"))
    assert text == "Exemple&#160;&#58; une partie&#8239;&#33;"


def test_the_renderer_typesets_what_it_composes() -> None:
    """A value a template prints is typeset in its language, whoever put it together."""
    renderer = Renderer(TEMPLATES, "fr")
    shown = renderer.env.from_string(
        "{{ a }}|{{ b }}|{{ c|attr }}|{{ d|heading('x') }}|{{ e|cell }}|{{ f }}"
    ).render(
        a="Joueurs: 3-4",
        b=Fragment("Players: 3-4, don't", "en"),
        c="l'Automa ?",
        d=Fragment("Exemple : une partie", "fr"),
        e=Fragment("Prenez l'[Automa](term:automa)", "fr"),
        f="rb-tile-3-4",
    )
    assert shown.split("|") == [
        "Joueurs&#160;&#58; 3–4",
        '<span lang="en">Players&#58; 3–4, don’t</span>',
        "l’Automa&#8239;?",
        "Exemple&#160;&#58; une partie {: #x }",
        "Prenez l’Automa",
        "rb-tile-3-4",
    ]


def test_markdown_lite_keeps_formatting_and_drops_everything_live() -> None:
    html = str(markdown_lite("**bold** and [site](https://example.org) " + HOSTILE))
    assert "<strong>bold</strong>" in html
    assert 'href="https://example.org"' in html
    assert _live_html(html) == []
    assert "javascript" not in html.lower()


def test_markdown_lite_links_terms_and_rules() -> None:
    links = {"term": "../glossary/#", "rule": "#"}
    html = str(markdown_lite("[la crue](term:flood) and [see](rule:scoring)", links))
    assert '<a href="../glossary/#flood"' in html
    assert '<a href="#scoring"' in html
    unlinked = str(markdown_lite("[la crue](term:flood)", {"term": None}))
    assert "<a" not in unlinked and "la crue" in unlinked


def test_placeholders_are_filled_or_left_inert() -> None:
    html = str(markdown_lite("Deal {cards} cards, {other}", None, {"cards": "5"}))
    assert "Deal 5 cards" in html
    assert "&#123;other&#125;" in html  # an unknown placeholder stays, inert


def test_script_json_cannot_close_its_script() -> None:
    text = script_json({"label": "</script><script>alert(1)</script> & <!--"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text)["label"].startswith("</script>")


def test_fallback_is_marked_with_language_and_notice() -> None:
    renderer = Renderer(TEMPLATES, "uk")
    inline = str(renderer.inline(Fragment("Blé", "fr", fallback=True)))
    assert 'lang="fr"' in inline and "rb-fallback-mark" in inline
    assert "не перекладено" in inline  # the notice, in the page's language
    block = str(renderer.rich(Fragment("Texte *français*", "fr", fallback=True)))
    assert 'lang="fr"' in block and "rb-fallback" in block and "не перекладено" in block
    heading = str(renderer.heading(Fragment("Titre", "fr", fallback=True), "overview"))
    assert heading.endswith('{: #overview lang="fr" .rb-fallback }')
    # In its own language: no mark, no lang attribute.
    assert str(renderer.inline(Fragment("Гравці", "uk"))) == "Гравці"


def test_heading_refuses_unsafe_anchors() -> None:
    renderer = Renderer(TEMPLATES, "fr")
    with pytest.raises(ValueError):
        renderer.heading(Fragment("x", "fr"), 'a" onclick="x')


def test_translation_states_decide_the_fallback(nile: GameContent, tmp_path: Path) -> None:
    write_catalog(
        tmp_path,
        "uk",
        "nile",
        {
            "scoring.categories.papyrus.label": ("Papyrus", "Папірус", False),
            "scoring.categories.wheat.label": ("Blé", "Пшениця", True),  # fuzzy: not shown
            "scoring.categories.lettuce.label": ("Ancien texte", "Салат", False),  # stale
        },
    )
    loc = Localizer("uk", nile, tmp_path)
    assert loc.text("scoring.categories.papyrus.label", "Papyrus") == Fragment("Папірус", "uk")
    assert loc.text("scoring.categories.wheat.label", "Blé") == Fragment("Blé", "fr", True)
    assert loc.text("scoring.categories.lettuce.label", "Laitue") == Fragment("Laitue", "fr", True)
    assert loc.missing == ["scoring.categories.wheat.label", "scoring.categories.lettuce.label"]
    # The source language never falls back.
    assert not Localizer("fr", nile, tmp_path).text("game.summary", nile.game.summary).fallback


def test_island_carries_translations_and_fallbacks(nile: GameContent, tmp_path: Path) -> None:
    write_catalog(
        tmp_path, "uk", "nile", {"scoring.inputs.papyrus.label": ("Papyrus", "Папірус", False)}
    )
    write_catalog(tmp_path, "uk", "ui", {"ui.total": ("Total", "Разом", False)})
    data = island_data(nile, Localizer("uk", nile, tmp_path))
    inputs = {i["id"]: i for i in data["export"]["scoring"]["inputs"]}
    assert inputs["papyrus"]["label"] == "Папірус"
    assert "scoring.inputs.papyrus.label" not in data["fallback"]
    assert data["fallback"]["scoring.inputs.wheat.label"] == "fr"
    assert data["ui"]["total"] == "Разом"
    # Ids and numbers are the export's own.
    assert data["export"]["limits"] == island_data(nile, Localizer("fr", nile))["export"]["limits"]


def test_every_page_renders_without_live_content(nile: GameContent, tmp_path: Path) -> None:
    entries = {
        "game.summary": (nile.game.summary, HOSTILE, False),
        "scoring.categories.papyrus.label": ("Papyrus", HOSTILE, False),
        "setup.steps.flood_card.text": (nile.setup.steps[1].text, HOSTILE, False),
    }
    write_catalog(tmp_path, "uk", "nile", entries)
    write_catalog(tmp_path, "uk", "ui", {"ui.total": ("Total", HOSTILE, False)})
    renderer = Renderer(TEMPLATES, "uk", tmp_path)
    for page in game_pages(LocalGame(GameBuild(nile), Localizer("uk", nile, tmp_path))):
        text = renderer.render(page, page_links(page))
        outside_island = re.sub(r'<script type="application/json"[^>]*>[^<]*</script>', "", text)
        assert _live_html(outside_island) == [], page.path
        assert "{{ 7" not in outside_island and "{: onclick" not in outside_island, page.path


def test_one_mark_for_a_group_of_fallbacks() -> None:
    from rulebook.site.render import all_fallback

    fr = Fragment("Partie", "fr", fallback=True)
    assert all_fallback([fr, Fragment("5", "uk"), None])  # numbers read the same anywhere
    assert not all_fallback([fr, Fragment("Гравці", "uk")])
    assert not all_fallback([Fragment("5", "uk")])
    renderer = Renderer(TEMPLATES, "uk")
    renderer.quiet(True)
    renderer.quiet(True)
    renderer.quiet(False)
    quiet = str(renderer.inline(fr))
    assert 'lang="fr"' in quiet and "rb-fallback-mark" not in quiet  # still quiet: nested
    renderer.quiet(False)
    assert "rb-fallback-mark" in str(renderer.inline(fr))


# ----------------------------------------------------------------------------------------
# Markdown-lite's plain sentences: the same HTML without the parser
# ----------------------------------------------------------------------------------------

#: Letters, digits, the punctuation and spaces of the site's three languages, and what
#: Markdown reads as syntax, so that generated texts meet every boundary of the fast path.
_ALPHABET = "aZéїЖ09 .,;:?!'\"()«»’–—%/#>=+-*_`[]<>&{}\\\u00a0\u202f\t\n"
#: Pieces of Markdown-lite the fast path reads, and pieces near them it must leave alone.
_PIECES = (
    "[a](../glossary/#leaf_family)",
    "[b c](../rules/#setup-2)",
    "**d**",
    "**e f**",
    "** g**",
    "[h](https://x.org)",
    "[i](#j k)",
    "[*k*](#l)",
    "*m*",
    "_n_",
    "`o`",
    "**",
    "[",
    "](",
)


def _real_texts() -> set[str]:
    """Every source text and translation of the project's catalogs, its term and rule
    links resolved as a page resolves them."""
    from babel.messages.pofile import read_po

    from rulebook.site.render import _resolve_links

    links = {"term": "../glossary/#", "rule": "../rules/#"}
    found = set()
    for po in sorted((CONTENT.parent / "locales").glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as stream:
            for message in read_po(stream):
                for text in (message.id, message.string):
                    for one in text if isinstance(text, tuple) else [text]:
                        if one:
                            found.add(_resolve_links(one, links))
    return found


def test_a_simple_paragraph_is_rendered_as_markdown_would() -> None:
    """render.simple_paragraph is what Markdown and nh3 make of every text it accepts:
    every text of the catalogs, and texts made of pieces on either side of its bounds."""
    import random

    from rulebook.site.render import convert, simple_paragraph

    texts = _real_texts()
    rng = random.Random(27)
    for _ in range(6000):
        pieces = rng.choices([*_PIECES, *_ALPHABET, "a b", "\u00a0: "], k=rng.randint(1, 8))
        texts.add("".join(pieces))
    texts.update(["1. un", "1.5 points", "- x", "-3", "---", "# titre", "> x", "+ x", "* x"])
    fast = {text: simple_paragraph(text) for text in texts}
    accepted = [text for text, html in fast.items() if html is not None]
    assert len(accepted) > 2000  # most real sentences take the fast path
    assert any("<a href" in str(fast[t]) for t in accepted)
    assert any("<strong>" in str(fast[t]) for t in accepted)
    for refused in ("1. un", "- x", "# titre", "> x", "* x", "x  ", "a\nb", "a*b", "[a](b c)"):
        assert fast.get(refused, simple_paragraph(refused)) is None, refused
    for text in accepted:
        assert fast[text] == convert(text), text
