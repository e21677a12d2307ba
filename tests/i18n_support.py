"""A throw-away workspace for the translation tests: Nile's content and catalogs in tmp.

Only content/nile is copied (other games may be unfinished); a small rules file and a
glossary are added so every kind of message exists.
"""

from __future__ import annotations

import io
import shutil
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import write_po

from rulebook.i18n import catalogs, catalogupdate
from rulebook.i18n.catalogs import Domain, po_path
from rulebook.i18n.pofiles import read_catalog
from schemas.common import LANGUAGES
from schemas.game import GameContent
from schemas.loader import load_game
from tests.conftest import CONTENT

RULES = """\
sections:
  - id: overview
    kind: overview
    title: Aperçu
    body: >-
      Chaque joueur récolte des cartes et les range dans son stock ; chaque
      [culture](term:crop) compte.
    provenance: {sources: [seed_fr]}
    children:
      - id: end
        kind: end
        title: Fin de la partie
        steps:
          - id: three_passes
            text: La partie s'arrête après 3 passages dans la pioche.
          - id: compare
            text: Comparez les piles, de la plus petite à la plus grande.
        notes:
          - {id: tie, text: "Une égalité complète est partagée."}
        provenance: {sources: [seed_fr]}
  - id: ukrainian_note
    kind: reference
    title: Примітка
    body: Кожна культура має 14 карт.
    source_language: uk
    provenance: {sources: [seed_fr]}
"""

GLOSSARY = """\
terms:
  - id: crop
    term: culture
    definition: Une des sortes de cartes que l'on récolte.
    forms: [cultures]
  - id: storage
    term: stock
    definition: Les cartes que vous gardez devant vous.
  - id: nile
    term: Nil
    definition: Le fleuve.
    keep: true
"""

#: Nile's glossary domain (its terms' words and forms: rulebook.i18n.glossary).
GLOSSARY_DOMAIN = "nile.glossary"

#: The forms each language's glossary catalog gives the terms, as translators write them.
FORMS = {
    "uk": {
        "glossary.crop.forms": "культура, культури, культур, культуру, культурою, культурі, "
        "культурами, культурах",
        "glossary.nile.forms": "Ніл, Нілу",
    },
    "en": {"glossary.crop.forms": "crop, crops"},
}


@dataclass
class Workspace:
    """Content and locales folders of one test."""

    content: Path
    locales: Path

    @property
    def nile(self) -> Path:
        return self.content / "nile"

    def game(self) -> GameContent:
        return load_game(self.nile)

    def domain(self) -> Domain:
        return catalogs.game_domain(self.game(), self.nile)

    def glossary_domain(self) -> Domain:
        return catalogs.glossary_domain(self.game())

    def update(self) -> dict[str, catalogupdate.UpdateResult]:
        """Extract and update Nile's catalogs in every language, as the command does: its
        glossary's too; the results are the game catalog's."""
        glossary = self.glossary_domain()
        _, date = catalogupdate.write_template(glossary, self.locales)
        for language in LANGUAGES:
            catalogupdate.update_catalog(glossary, language, self.locales, date)
        domain = self.domain()
        _, date = catalogupdate.write_template(domain, self.locales)
        return {
            language: catalogupdate.update_catalog(domain, language, self.locales, date)
            for language in LANGUAGES
        }

    def update_ui(self) -> None:
        domain = catalogs.ui_domain()
        _, date = catalogupdate.write_template(domain, self.locales)
        for language in LANGUAGES:
            catalogupdate.update_catalog(domain, language, self.locales, date)

    def po(self, language: str, domain: str = "nile") -> Path:
        return po_path(self.locales, language, domain)

    def catalog(self, language: str, domain: str = "nile") -> Catalog:
        return read_catalog(self.po(language, domain), language)

    def message(self, language: str, context: str, domain: str = "nile") -> Message:
        found = [m for m in self.catalog(language, domain) if m.context == context]
        assert len(found) == 1, context
        return found[0]

    def translate(
        self,
        language: str,
        translations: dict[str, str | tuple[str, ...]],
        domain: str = "nile",
        flags: dict[str, set[str]] | None = None,
    ) -> None:
        """Write translations into a PO file as a translator would, by context."""
        catalog = self.catalog(language, domain)
        for message in catalog:
            if message.context in translations:
                message.string = translations[message.context]
                message.flags |= (flags or {}).get(str(message.context), set())
        stream = io.BytesIO()
        write_po(stream, catalog, width=76, include_previous=True, include_lineno=True)
        self.po(language, domain).write_bytes(stream.getvalue())

    def replace_in_source(self, file: str, old: str, new: str) -> None:
        path = self.nile / file
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, old
        path.write_text(text.replace(old, new), encoding="utf-8")


def make_workspace(root: Path) -> Workspace:
    """Copy Nile to ``root``/content, add rules and a glossary, and make its catalogs."""
    content = root / "content"
    shutil.copytree(CONTENT / "nile", content / "nile")
    (content / "nile" / "rules.yaml").write_text(RULES, encoding="utf-8")
    (content / "nile" / "glossary.yaml").write_text(GLOSSARY, encoding="utf-8")
    workspace = Workspace(content, root / "locales")
    workspace.update()
    workspace.update_ui()
    for language, forms in FORMS.items():
        workspace.translate(language, dict(forms), GLOSSARY_DOMAIN)
    workspace.update()  # the catalogs as `rulebook i18n update` writes them
    return workspace


def retranslate(catalog: Path, context: str, translation: str) -> tuple[str, str, str]:
    """Write ``translation`` for the one-line message of ``context`` in ``catalog`` (a PO
    file, edited as text as a translator's tool would); return the catalog's text before,
    the message's entry and its translation before, to edit it again or put it back."""
    text = catalog.read_text(encoding="utf-8")
    start = text.index(f'msgctxt "{context}"')
    entry = text[start : text.index("\n\n", start)]
    before = entry.rsplit('msgstr "', 1)[1].rstrip('"')
    catalog.write_text(text.replace(entry, entry.replace(before, translation)), "utf-8")
    return text, entry, before
