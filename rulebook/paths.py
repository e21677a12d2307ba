"""Where the project's folders are, for commands run from a checkout."""

from __future__ import annotations

import os
from pathlib import Path

#: The checkout's top folder (this file is rulebook/paths.py).
ROOT = Path(__file__).resolve().parent.parent


def content_dir() -> Path:
    """The content folder: $RULEBOOK_CONTENT if set, else content/ in the checkout."""
    return Path(os.environ.get("RULEBOOK_CONTENT", ROOT / "content"))


SCHEMAS_JSON = ROOT / "schemas" / "json"
LOCALES = ROOT / "locales"
SITE = ROOT / "site"
