"""Writing the JSON Schemas that editors use to autocomplete and check content files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from schemas.endstate import end_state_model
from schemas.export import export_json_schema
from schemas.game import GAME_FILES, GameContent


def _dump(schema: dict[str, Any]) -> str:
    return json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def schema_files(games: dict[str, GameContent]) -> dict[str, str]:
    """File name -> JSON text, for every content file kind, every game's end state and the
    export document both runtimes read (schemas/export.py)."""
    files = {}
    for name, model in GAME_FILES.items():
        schema = model.model_json_schema(by_alias=True)
        schema["$id"] = f"{name}.schema.json"
        files[f"{name}.schema.json"] = _dump(schema)
    for game_id, content in sorted(games.items()):
        schema = end_state_model(content).model_json_schema(by_alias=True)
        schema["$id"] = f"endstate-{game_id}.schema.json"
        files[f"endstate-{game_id}.schema.json"] = _dump(schema)
    files["export.schema.json"] = _dump(export_json_schema())
    return files


def export_schemas(games: dict[str, GameContent], out: Path, check: bool = False) -> list[str]:
    """Write the schemas to ``out``; with ``check``, write nothing and list stale files."""
    stale = []
    files = schema_files(games)
    for name, text in files.items():
        target = out / name
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current != text:
            stale.append(name)
            if not check:
                out.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
    return stale if check else list(files)
