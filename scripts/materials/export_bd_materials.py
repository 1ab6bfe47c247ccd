#!/usr/bin/env python3
"""Exports bd-materials' range tables to JSON once (data/materials/bd-materials/materials.json).

The package's dataclasses are read from its sources with `ast`, without importing it: importing
would pull threejs-materials and webcolors (its look, which the portal does not use), and reading
the literals keeps the export exactly what the sources say.

    pip download --no-deps bd-materials==0.2.5 -d /tmp/bd && unzip -q /tmp/bd/*.whl -d /tmp/bd/x
    python3 scripts/materials/export_bd_materials.py /tmp/bd/x data/materials/bd-materials/materials.json
"""
import ast
import json
import sys
from pathlib import Path


def literal(node):
    """A keyword's value: `Range(a, b)` → [a, b], a literal as it is, anything else None."""
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Range":
        low, high = (ast.literal_eval(arg) for arg in node.args)
        return [low, high]
    try:
        return ast.literal_eval(node)
    except ValueError:
        return None


def units(core: Path):
    tree = ast.parse(core.read_text())
    table = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if node.target.id.endswith("_PROPERTY_UNITS") and node.value is not None:
                table.update(ast.literal_eval(node.value))
    return table


def materials(package: Path):
    found = []
    for path in sorted((package / "materials").glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if not node.func.id.endswith("Material"):
                continue
            fields = {kw.arg: literal(kw.value) for kw in node.keywords if kw.arg}
            if not isinstance(fields.get("name"), str):
                continue
            record = {"module": path.stem, "class": node.func.id}
            record.update({k: v for k, v in fields.items() if v is not None})
            found.append(record)
    return found


def main():
    root, out = Path(sys.argv[1]), Path(sys.argv[2])
    package = root / "bd_materials"
    version = next(root.glob("bd_materials-*.dist-info")).name.split("-")[1].removesuffix(".dist")
    document = {
        "source": "bd-materials",
        "version": version,
        "license": "Apache-2.0",
        "units": units(package / "core.py"),
        "materials": materials(package),
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n")
    print(f"{len(document['materials'])} materials → {out}")


if __name__ == "__main__":
    main()
