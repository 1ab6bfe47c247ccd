#!/usr/bin/env bash
# Schemathesis over every service's OpenAPI document (no 5xx, every answer fits the schema).
# Full run: ≥ 20,000 requests; `--quick` (the test command): ≥ 2,000. Builds nothing: the debug
# portal binary must exist (`cargo build -p portal`). Arguments go to scripts/fuzz.py.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v st >/dev/null && ! command -v schemathesis >/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check 'schemathesis==4.32.5' >&2
fi
exec python3 scripts/fuzz.py "$@"
