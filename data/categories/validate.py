#!/usr/bin/env python3
"""Validate the category taxonomy files and print node counts per level.

Usage: python3 data/categories/validate.py [file.json ...]
Without arguments it checks part.json, component.json and mat.json next to this script.
Exits 1 when any file breaks a rule; every violation is printed with its path in the tree.
Standard library only, so it runs in CI before anything is installed.
"""
import json
import re
import sys
from pathlib import Path

LIBRARIES = ("part", "component", "mat")
CODE_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MAX_CODE_LENGTH = 64
MAX_NAME_LENGTH = 64
MAX_DEPTH = 4
NODE_KEYS = {"code", "name", "nameEn", "children", "match"}
TOP_KEYS = {"library", "version", "license", "source", "categories"}
# Importer hint vocabularies; docs/taxonomy.md says what each one matches against.
MATCH_KEYS = {
    "part": {"standards", "bdWarehouse", "freecad"},
    "component": {"kicadSymbol", "kicadFootprint", "fritzing", "alloyDevices"},
    "mat": {"standards", "freecad", "freecadKind", "promaterial", "promaterialDesc", "bdMaterials", "pymat",
            "mendeleevSeries"},
}


class Report:
    def __init__(self, file_name):
        self.file_name = file_name
        self.errors = []

    def error(self, where, message):
        self.errors.append(f"{self.file_name}: {where}: {message}")


def check_name(report, where, node, key):
    value = node.get(key)
    if not isinstance(value, str) or not value.strip():
        report.error(where, f"'{key}' must be a non-empty string")
        return
    if value != value.strip() or "  " in value:
        report.error(where, f"'{key}' has leading, trailing or doubled spaces: {value!r}")
    if len(value) > MAX_NAME_LENGTH:
        report.error(where, f"'{key}' is longer than {MAX_NAME_LENGTH} characters")


def check_match(report, where, match, library):
    if not isinstance(match, dict) or not match:
        report.error(where, "'match' must be a non-empty object")
        return
    for key, values in match.items():
        if key not in MATCH_KEYS[library]:
            allowed = ", ".join(sorted(MATCH_KEYS[library]))
            report.error(where, f"unknown match key '{key}' for library '{library}' (allowed: {allowed})")
        if not isinstance(values, list) or not values:
            report.error(where, f"match '{key}' must be a non-empty list")
            continue
        if any(not isinstance(v, str) or not v.strip() or v != v.strip() for v in values):
            report.error(where, f"match '{key}' holds an empty or untrimmed value")
        duplicates = sorted({v for v in values if values.count(v) > 1})
        if duplicates:
            report.error(where, f"match '{key}' repeats {duplicates}")


def check_nodes(report, nodes, library, parent_path, depth, seen_codes, level_counts):
    if not isinstance(nodes, list) or not nodes:
        report.error(parent_path or "categories", "children must be a non-empty list")
        return
    if depth > MAX_DEPTH:
        report.error(parent_path, f"tree is deeper than {MAX_DEPTH} levels")
    sibling_names = {"name": {}, "nameEn": {}}
    for index, node in enumerate(nodes):
        where = f"{parent_path}[{index}]" if parent_path else f"categories[{index}]"
        if not isinstance(node, dict):
            report.error(where, "node must be an object")
            continue
        code = node.get("code")
        if isinstance(code, str):
            where = f"{parent_path}/{code}" if parent_path else code
        unknown = set(node) - NODE_KEYS
        if unknown:
            report.error(where, f"unknown keys {sorted(unknown)}")
        if not isinstance(code, str) or not CODE_PATTERN.match(code) or len(code) > MAX_CODE_LENGTH:
            report.error(where, f"code {code!r} must match [a-z0-9]+(-[a-z0-9]+)* and be at most {MAX_CODE_LENGTH} chars")
        elif code in seen_codes:
            report.error(where, f"code '{code}' is already used at {seen_codes[code]}")
        else:
            seen_codes[code] = where
        for key in ("name", "nameEn"):
            check_name(report, where, node, key)
            value = node.get(key)
            if isinstance(value, str):
                folded = value.strip().casefold()
                if folded in sibling_names[key]:
                    report.error(where, f"sibling '{sibling_names[key][folded]}' has the same {key} {value!r}")
                else:
                    sibling_names[key][folded] = code
        if "match" in node:
            check_match(report, where, node["match"], library)
        level_counts[depth] = level_counts.get(depth, 0) + 1
        if "children" in node:
            check_nodes(report, node["children"], library, where, depth + 1, seen_codes, level_counts)


def validate_file(path):
    report = Report(path.name)
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        report.error("file", f"cannot be read as UTF-8 JSON: {exc}")
        return report, {}
    if not isinstance(document, dict):
        report.error("file", "top level must be an object")
        return report, {}
    missing = TOP_KEYS - set(document)
    if missing:
        report.error("file", f"missing keys {sorted(missing)}")
    unknown = set(document) - TOP_KEYS
    if unknown:
        report.error("file", f"unknown keys {sorted(unknown)}")
    library = document.get("library")
    if library not in LIBRARIES:
        report.error("library", f"must be one of {LIBRARIES}, got {library!r}")
        return report, {}
    if path.stem in LIBRARIES and path.stem != library:
        report.error("library", f"file {path.name} declares library '{library}'")
    if not isinstance(document.get("version"), int) or isinstance(document.get("version"), bool) or document["version"] < 1:
        report.error("version", "must be a positive integer")
    for key in ("license", "source"):
        if not isinstance(document.get(key), str) or not document.get(key, "").strip():
            report.error(key, "must be a non-empty string")
    level_counts = {}
    check_nodes(report, document.get("categories"), library, "", 1, {}, level_counts)
    return report, level_counts


def main(argv):
    here = Path(__file__).resolve().parent
    paths = [Path(a) for a in argv] if argv else [here / f"{name}.json" for name in LIBRARIES]
    failed = False
    for path in paths:
        report, level_counts = validate_file(path)
        for line in report.errors:
            print(line, file=sys.stderr)
        levels = ", ".join(f"L{level} {count}" for level, count in sorted(level_counts.items()))
        total = sum(level_counts.values())
        status = "FAIL" if report.errors else "ok"
        print(f"{path.name}: {status}; {total} categories ({levels})")
        failed = failed or bool(report.errors)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
